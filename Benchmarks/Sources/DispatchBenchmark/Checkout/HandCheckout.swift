/// A state of the checkout written by hand. The decision `Checking` is no case of it: no
/// checkout is in it between events, and the hand-written machine decides where `Submit`
/// is handled. Each case is a state that will carry its values when state data (SPEC 1.7)
/// is added to this machine, such as `cart(items:)`, `accepted(order:)` and
/// `rejected(reason:)`; `name` stays the state without its values.
enum HandCheckoutState: Hashable {
    case cart
    case accepted
    case rejected

    /// The state as the generated `CheckoutState` names it, for the checksums.
    var name: CheckoutState {
        switch self {
        case .cart: .cart
        case .accepted: .accepted
        case .rejected: .rejected
        }
    }
}

/// `Checkout.sm` written by hand as a careful engineer writes it: an enum of the states
/// and nested switches over the generated events and actions protocol, with the decision
/// `Checking` an `if`/`else` where `Submit` goes to it and the raised `Paid` handled where
/// the decision charges, right after the step, as `Accepted`'s row handles it: no queue.
/// The baseline for a decision and a raised event. It runs the generated machine's actions
/// in the same order, but fuses two steps that the generated machine takes one after the
/// other (the decision's, and `Paid`'s from its queue), and has no start, which the
/// generated machine tests on each event (BENCHMARKS.md, the `decisions` rows).
final class HandCheckout<Actions: CheckoutActions> {
    private(set) var state: HandCheckoutState
    var actions: Actions

    init(actions: Actions, state: HandCheckoutState = .cart) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: CheckoutEvent) {
        switch state {
        case .cart:
            switch event {
            case .add:
                actions.addItem()
            case .cancel:
                actions.emptyCart()
            case .submit:
                actions.placeOrder()
                check()
            case .paid, .ship:
                break
            }
        case .accepted:
            switch event {
            case .paid:
                actions.sendReceipt()
            case .ship:
                actions.ship()
                state = .cart
            case .cancel:
                actions.refund()
                state = .cart
            case .add, .submit:
                break
            }
        case .rejected:
            switch event {
            case .add:
                actions.addItem()
                state = .cart
            case .cancel:
                actions.emptyCart()
                state = .cart
            case .submit:
                actions.placeOrder()
                check()
            case .paid, .ship:
                break
            }
        }
    }

    /// The decision `Checking`, where `Submit` goes to it: accepted, charged and the receipt
    /// sent (what `Paid`, raised on the way into `Accepted`, does there), or rejected.
    private func check() {
        if actions.isAuthorized() {
            actions.charge()
            state = .accepted
            actions.sendReceipt()
        } else {
            actions.decline()
            state = .rejected
        }
    }
}

/// Counts what the checkout does; its condition answers from the count, so that every
/// shape that runs the same actions gets the same answers.
struct CountingCheckoutActions<Declaration: SendsEventsDeclaration>: CheckoutActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func addItem() { count &+= 1 }
    mutating func emptyCart() { count &+= 2 }
    mutating func placeOrder() { count &+= 3 }
    mutating func charge() { count &+= 5 }
    mutating func decline() { count &+= 7 }
    mutating func sendReceipt() { count &+= 11 }
    mutating func ship() { count &+= 13 }
    mutating func refund() { count &+= 17 }
    func isAuthorized() -> Bool { count & 4 != 0 }
}

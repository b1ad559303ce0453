/// A state of the checkout written by hand, with the values it holds. The decision
/// `Checking` is no case of it: no checkout is in it between events, and the hand-written
/// machine decides where `Submit` is handled.
enum HandCheckoutState: Hashable {
    case cart(items: Int)
    case accepted(order: Int)
    case rejected(items: Int)

    /// The state as the generated `CheckoutStateName` names it, for the checksums.
    var name: CheckoutStateName {
        switch self {
        case .cart: .cart
        case .accepted: .accepted
        case .rejected: .rejected
        }
    }
}

/// `Checkout.sm` written by hand as a careful engineer writes it: an enum of the states with
/// their values and nested switches over the generated events and actions protocol, with the
/// decision `Checking` an `if`/`else` where `Submit` goes to it and the raised `Paid` handled
/// where the decision charges, right after the step, as `Accepted`'s row handles it: no queue.
/// The baseline for a decision, a raised event and state data. It runs the generated
/// machine's actions in the same order, but fuses two steps that the generated machine takes
/// one after the other (the decision's, and `Paid`'s from its queue), and has no start, which
/// the generated machine tests on each event (BENCHMARKS.md, the `decisions` rows).
final class HandCheckout<Actions: CheckoutActions> {
    private(set) var state: HandCheckoutState
    var actions: Actions

    init(actions: Actions, state: HandCheckoutState = .cart(items: 0)) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: CheckoutEvent) {
        switch state {
        case .cart(let items):
            switch event {
            case .add:
                state = .cart(items: actions.added(items))
            case .cancel:
                actions.emptyCart()
                state = .cart(items: 0)
            case .submit:
                actions.placeOrder(items)
                check(items)
            case .paid, .ship:
                break
            }
        case .accepted(let order):
            switch event {
            case .paid:
                actions.sendReceipt(order)
            case .ship:
                actions.ship(order)
                state = .cart(items: 0)
            case .cancel:
                actions.refund(order)
                state = .cart(items: 0)
            case .add, .submit:
                break
            }
        case .rejected(let items):
            switch event {
            case .add:
                state = .cart(items: actions.added(items))
            case .cancel:
                actions.emptyCart()
                state = .cart(items: 0)
            case .submit:
                actions.placeOrder(items)
                check(items)
            case .paid, .ship:
                break
            }
        }
    }

    /// The decision `Checking`, where `Submit` goes to it: accepted with an order number,
    /// charged and the receipt sent (what `Paid`, raised on the way into `Accepted`, does
    /// there), or rejected, keeping the items.
    private func check(_ items: Int) {
        if actions.isAuthorized(items) {
            let order = actions.orderNumber(items)
            actions.charge()
            state = .accepted(order: order)
            actions.sendReceipt(order)
        } else {
            actions.decline()
            state = .rejected(items: items)
        }
    }
}

/// Counts what the checkout does, values included; its condition and computing actions
/// answer from the count, so that every shape that runs the same actions with the same
/// values gets the same answers.
struct CountingCheckoutActions<Declaration: SendsEventsDeclaration>: CheckoutActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func added(_ items: Int) -> Int {
        count &+= 1
        return items &+ 1
    }
    mutating func orderNumber(_ items: Int) -> Int { count &+ items }
    mutating func emptyCart() { count &+= 2 }
    mutating func placeOrder(_ items: Int) { count &+= 3 &+ items }
    mutating func charge() { count &+= 5 }
    mutating func decline() { count &+= 7 }
    mutating func sendReceipt(_ order: Int) { count &+= 11 &+ order }
    mutating func ship(_ order: Int) { count &+= 13 &+ order }
    mutating func refund(_ order: Int) { count &+= 17 &+ order }
    func isAuthorized(_ items: Int) -> Bool { (count &+ items) & 4 != 0 }
}

import FSMRuntime

/// What the checkout screen of an app shows and does: the app's own type, which owns the
/// `Checkout` machine (generated from Checkout.sm) and turns the user's taps into its
/// events. Its tests drive it, not the machine, along the paths of `fsmc paths`.
public final class CheckoutModel {
    public enum PaymentMethod: Sendable {
        case card, cash
    }

    private let machine: Checkout<Effects>

    /// `bank` answers whether the card of the current payment is accepted.
    public init(bank: @escaping () -> Bool) {
        machine = Checkout(actions: Effects(bank: bank))
    }

    /// The screen shown: the machine's state as Checkout.sm names it.
    public var screen: String { machine.state.description }
    /// The cart's items, the money taken, the receipts printed.
    public var items: [String] { machine.actions.items }
    public var payments: [String] { machine.actions.payments }
    public var receipts: Int { machine.actions.receipts }
    /// Every event the machine handled, for `fsmc coverage`.
    public var record: TraceRecord { machine.actions.record }

    public func add(_ item: String) {
        machine.actions.pending = item
        machine.add()
    }

    public func pay(by method: PaymentMethod) {
        machine.pay(payment: method == .card ? .card : .cash)
    }

    public func cancel() { machine.cancel() }
    public func retry() { machine.retry() }
    public func done() { machine.done() }
}

/// The checkout's actions: what each row does to the model's data.
struct Effects: CheckoutActions {
    let bank: () -> Bool
    var pending = ""
    var items: [String] = []
    var payments: [String] = []
    var receipts = 0
    var record = TraceRecord()

    mutating func addItem() { items.append(pending) }
    mutating func clearCart() { items = [] }
    mutating func charge() { payments.append("card: \(items.count) items") }
    mutating func takeCash() { payments.append("cash: \(items.count) items") }
    mutating func printReceipt() {
        receipts += 1
        items = []
    }
    func isCardAccepted() -> Bool { bank() }

    mutating func trace(_ event: CheckoutEvent, outcome: Outcome<CheckoutState>) {
        record.record(event, outcome: outcome)
    }
}

/// `Vending.sm` written by hand as nested switches over the event enum with associated
/// values, binding them in each case, with `if`/`else` for the condition, over the
/// generated enums and actions protocol: the baseline that generated dispatch of events
/// with values is measured against.
final class HandVending<Actions: VendingActions> {
    private(set) var state: VendingState
    var actions: Actions

    init(actions: Actions, state: VendingState = .locked) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: VendingEvent) {
        switch state {
        case .locked:
            switch event {
            case .coin(let amount):
                if actions.isEnough(amount) {
                    actions.add(amount)
                    state = .unlocked
                } else {
                    actions.add(amount)
                }
            case .label(let text):
                actions.show(text)
            case .refund:
                actions.returnCredit()
            case .push:
                break
            }
        case .unlocked:
            switch event {
            case .coin(let amount):
                actions.reject(amount)
            case .label(let text):
                actions.show(text)
            case .push:
                actions.vend()
                state = .locked
            case .refund:
                actions.returnCredit()
                state = .locked
            }
        }
    }
}

/// Counts what the vending machine does, with the values its events carry; its condition
/// answers from the credit, so that every shape that runs the same actions gets the same
/// answers. `show` reads its text through `isEmpty`, which the optimizer sees whole:
/// `text.utf8.count` (and `withContiguousStorageIfAvailable`) call into the standard
/// library on a rare path, for strings not stored natively, and an opaque call made while
/// `actions`, a class's stored property, is being modified makes Swift check exclusivity
/// at run time (`swift_beginAccess`); those checks, not dispatch, were then most of the
/// cost (see BENCHMARKS.md).
struct CountingVendingActions<Declaration: SendsEventsDeclaration>: VendingActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    var credit = 0
    mutating func add(_ amount: Int) {
        credit &+= amount
        count &+= amount
    }
    mutating func show(_ text: String) { count &+= text.isEmpty ? 3 : 13 }
    mutating func returnCredit() {
        count &+= credit &* 5
        credit = 0
    }
    mutating func reject(_ amount: Int) { count &+= amount &* 7 }
    mutating func vend() {
        count &+= 11
        credit = 0
    }
    func isEnough(_ amount: Int) -> Bool { credit &+ amount >= 100 }
}

/// `Turnstile.sm` written by hand as nested switches, over the generated enums and
/// actions protocol: the baseline that generated dispatch is measured against.
final class HandTurnstile<Actions: TurnstileActions> {
    private(set) var state: TurnstileState
    var actions: Actions

    init(actions: Actions, state: TurnstileState = .locked) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: TurnstileEvent) {
        switch state {
        case .locked:
            switch event {
            case .reset:
                state = .locked
                actions.lock()
            case .coin:
                state = .unlocked
                actions.unlock()
            case .pass:
                state = .alarming
                actions.alarmOn()
            }
        case .unlocked:
            switch event {
            case .reset, .pass:
                state = .locked
                actions.lock()
            case .coin:
                actions.thankyou()
            }
        case .alarming:
            switch event {
            case .reset:
                actions.alarmOff()
                state = .locked
                actions.lock()
            case .coin, .pass:
                break
            }
        }
    }
}

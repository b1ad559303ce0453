import LibraryMachines

extension ClosureMachine
where
    State == TurnstileState, Event == TurnstileEvent, Predicates == NoPredicates,
    Actions: TurnstileActions
{
    /// `Turnstile.sm` registered row by row with the dictionary-of-closures dispatcher.
    static func makeTurnstile(actions: Actions) -> ClosureMachine {
        let machine = ClosureMachine(actions: actions, state: .locked)
        machine.add(.locked, .reset, to: .locked) { $0.lock() }
        machine.add(.locked, .coin, to: .unlocked) { $0.unlock() }
        machine.add(.locked, .pass, to: .alarming) { $0.alarmOn() }
        machine.add(.unlocked, .reset, to: .locked) { $0.lock() }
        machine.add(.unlocked, .coin, to: .unlocked) { $0.thankyou() }
        machine.add(.unlocked, .pass, to: .locked) { $0.lock() }
        machine.add(.alarming, .reset, to: .locked) {
            $0.alarmOff()
            $0.lock()
        }
        machine.expand(over: [NoPredicates()])
        return machine
    }
}

/// Counts what `Turnstile` does: each action adds its own number. `Declaration` says what
/// it declares as `sendsEvents`.
struct CountingTurnstileActions<Declaration: SendsEventsDeclaration>: TurnstileActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func lock() { count &+= 1 }
    mutating func unlock() { count &+= 2 }
    mutating func thankyou() { count &+= 3 }
    mutating func alarmOn() { count &+= 4 }
    mutating func alarmOff() { count &+= 5 }
}

/// `CountingTurnstileActions` for the library's copy of the turnstile: the app's actions
/// for a machine generated in another module.
struct CountingLibraryTurnstileActions<Declaration: SendsEventsDeclaration>: LibraryTurnstileActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func lock() { count &+= 1 }
    mutating func unlock() { count &+= 2 }
    mutating func thankyou() { count &+= 3 }
    mutating func alarmOn() { count &+= 4 }
    mutating func alarmOff() { count &+= 5 }
}

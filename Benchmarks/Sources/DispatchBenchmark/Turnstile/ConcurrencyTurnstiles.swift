/// Counts what the main-actor turnstile does, as `CountingTurnstileActions` does.
struct CountingMainActorTurnstileActions<Declaration: SendsEventsDeclaration>: MainActorTurnstileActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func lock() { count &+= 1 }
    mutating func unlock() { count &+= 2 }
    mutating func thankyou() { count &+= 3 }
    mutating func alarmOn() { count &+= 4 }
    mutating func alarmOff() { count &+= 5 }
}

/// Where async actions count: they are not `mutating` (the machine cannot lend its actions
/// `inout` across a suspension), so the count lives in an object they share.
final class Tally {
    var count = 0
}

/// Counts what the async turnstile does. Its actions run in their caller's isolation, as
/// the machine's functions do, so that the figure is the cost of async dispatch, without
/// a switch of executors per action.
struct CountingAsyncTurnstileActions: AsyncTurnstileActions {
    let tally = Tally()
    var count: Int { tally.count }
    nonisolated(nonsending) func lock() async { tally.count &+= 1 }
    nonisolated(nonsending) func unlock() async { tally.count &+= 2 }
    nonisolated(nonsending) func thankyou() async { tally.count &+= 3 }
    nonisolated(nonsending) func alarmOn() async { tally.count &+= 4 }
    nonisolated(nonsending) func alarmOff() async { tally.count &+= 5 }
}

/// Counts what the async turnstile isolated to the main actor does.
struct CountingMainActorAsyncTurnstileActions: MainActorAsyncTurnstileActions {
    let tally = Tally()
    var count: Int { tally.count }
    func lock() async { tally.count &+= 1 }
    func unlock() async { tally.count &+= 2 }
    func thankyou() async { tally.count &+= 3 }
    func alarmOn() async { tally.count &+= 4 }
    func alarmOff() async { tally.count &+= 5 }
}

/// Counts what the observable turnstile does, as `CountingTurnstileActions` does.
struct CountingObservedTurnstileActions<Declaration: SendsEventsDeclaration>: ObservedTurnstileActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func lock() { count &+= 1 }
    mutating func unlock() { count &+= 2 }
    mutating func thankyou() { count &+= 3 }
    mutating func alarmOn() { count &+= 4 }
    mutating func alarmOff() { count &+= 5 }
}

import Foundation

/// The turnstile's hardware, here a printer: each action prints its name.
struct Gate: TwoCoinTurnstileActions {
    /// Where the actions go; the program prints them, tests collect them.
    var perform: (String) -> Void

    func lock() { perform("lock") }
    func unlock() { perform("unlock") }
    func alarmOn() { perform("alarmOn") }
    func alarmOff() { perform("alarmOff") }
    func thankyou() { perform("thankyou") }

    func unhandledEvent(_ event: TwoCoinTurnstileEvent, in state: TwoCoinTurnstileState) {
        perform("(\(event) does nothing in \(state))")
    }
}

/// Reads event names and feeds them to a turnstile.
struct Console {
    let turnstile: TwoCoinTurnstile<Gate>
    var report: (String) -> Void

    init(perform: @escaping (String) -> Void, report: @escaping (String) -> Void) {
        turnstile = TwoCoinTurnstile(actions: Gate(perform: perform))
        self.report = report
    }

    /// Handles one line of input: an event name such as `Coin`, or a blank line.
    func handle(line: String) {
        let name = line.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        guard let event = TwoCoinTurnstileEvent(rawValue: name) else {
            let known = TwoCoinTurnstileEvent.allCases.map(\.rawValue).joined(separator: ", ")
            report("unknown event '\(name)'; the events are \(known)")
            return
        }
        turnstile.handle(event)
    }
}

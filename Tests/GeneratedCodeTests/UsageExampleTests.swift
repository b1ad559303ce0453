// swift-format-ignore-file
// "Using a machine" quotes the code between the `docs begin` and `docs end` markers
// verbatim, and README.md part of it (DocumentationTests checks both), with the comments
// aligned as a reader sees them; the formatter would realign them.
// docs begin
import FSMRuntime
// docs end
import Testing
import FSMTestSupport

// docs begin
struct Gate: TurnstileActions {
    var log: [String] = []
    mutating func lock() { log.append("lock") }
    mutating func unlock() { log.append("unlock") }
    mutating func thankyou() { log.append("thankyou") }
    mutating func alarmOn() { log.append("alarmOn") }
    mutating func alarmOff() { log.append("alarmOff") }

    // Optional: the default does nothing.
    mutating func unhandledEvent(_ event: TurnstileEvent, in state: TurnstileState) {
        log.append("ignored \(event) in \(state)")
    }
}
// docs end

@Suite struct UsageExampleTests {
    @Test func usingAMachine() {
        // docs begin
        let turnstile = Turnstile(actions: Gate())
        turnstile.coin()                 // .transitioned(from: .locked, to: .unlocked)
        turnstile.handle(.pass)          // .transitioned(from: .unlocked, to: .locked)
        assert(turnstile.state == .locked)                 // printed as "Locked"
        assert(turnstile.actions.log == ["unlock", "lock"])

        let restored = Turnstile(actions: Gate(), state: .alarming)   // runs no entry action
        // docs end
        #expect(turnstile.state == .locked)
        #expect(turnstile.actions.log == ["unlock", "lock"])
        #expect(restored.state == .alarming && restored.actions.log.isEmpty)
    }
}

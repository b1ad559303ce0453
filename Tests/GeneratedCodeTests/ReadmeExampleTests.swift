// swift-format-ignore-file
// The README quotes this file's examples verbatim, with their comments aligned as a
// reader sees them; the formatter would realign them.
import FSMRuntime
import Testing
import FSMTestSupport

// The README's opening example is a part of this one (ReadmeTests checks both).
// README begin: the "Using a machine" example, verbatim (ReadmeTests checks it).
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
// README end

@Suite struct ReadmeExampleTests {
    @Test func usingAMachine() {
        // README begin
        let turnstile = Turnstile(actions: Gate())
        turnstile.coin()                 // .transitioned(from: .locked, to: .unlocked)
        turnstile.handle(.pass)          // .transitioned(from: .unlocked, to: .locked)
        assert(turnstile.state == .locked)                 // printed as "Locked"
        assert(turnstile.actions.log == ["unlock", "lock"])

        let restored = Turnstile(actions: Gate(), state: .alarming)   // runs no entry action
        // README end
        #expect(turnstile.state == .locked)
        #expect(turnstile.actions.log == ["unlock", "lock"])
        #expect(restored.state == .alarming && restored.actions.log.isEmpty)
    }
}

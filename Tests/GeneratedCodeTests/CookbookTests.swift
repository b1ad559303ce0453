import FSMRuntime
import Testing

// The cookbook of the "Using a machine" article quotes this file (DocumentationTests keeps
// the quotes true): a condition whose answer changes, read through a reference.

/// Who is at the turnstile: the staff change it, a condition reads it.
final class Staff {
    var supervisorIsPresent = false
}

struct GuardedGate: EnforcedTurnstileActions {
    let staff: Staff
    var log: [String] = []

    func isSupervisorPresent() -> Bool { staff.supervisorIsPresent }
    mutating func logReset() { log.append("logReset") }
    mutating func logRefusedReset() { log.append("logRefusedReset") }
    mutating func defconOne() { log.append("defconOne") }
    mutating func lock() { log.append("lock") }
    mutating func smile() { log.append("smile") }
    mutating func unlock() { log.append("unlock") }
    mutating func thankyou() { log.append("thankyou") }
    mutating func refund() { log.append("refund") }
    mutating func alarmOn() { log.append("alarmOn") }
    mutating func alarmOff() { log.append("alarmOff") }
}

@Suite struct CookbookTests {
    /// The alarm refuses a reset until a supervisor is present; the condition sees the
    /// change made outside the machine.
    @Test func aConditionReadsStateThroughAReference() {
        let staff = Staff()
        let turnstile = EnforcedTurnstile(actions: GuardedGate(staff: staff), state: .alarming)
        #expect(turnstile.reset() == .transitioned(from: .alarming, to: .alarming))
        staff.supervisorIsPresent = true
        #expect(turnstile.reset() == .transitioned(from: .alarming, to: .locked))
        #expect(turnstile.actions.log == ["logRefusedReset", "alarmOff", "logReset", "lock"])
    }
}

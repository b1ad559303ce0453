import Testing

@testable import turnstile

/// Actions that note what the machine asks for, for the tests to read.
struct Recorder: TurnstileActions {
    var log: [String] = []
    mutating func unlock() { log.append("unlock") }
    mutating func lock() { log.append("lock") }
    mutating func alarm() { log.append("alarm") }
    mutating func thankyou() { log.append("thankyou") }
}

@Suite struct TurnstileTests {
    @Test func aCoinUnlocksAndPassingLocks() {
        let turnstile = Turnstile(actions: Recorder())
        #expect(turnstile.coin() == .transitioned(from: .locked, to: .unlocked))
        #expect(turnstile.pass() == .transitioned(from: .unlocked, to: .locked))
        #expect(turnstile.actions.log == ["unlock", "lock"])
    }

    @Test func passingWithoutPayingSoundsTheAlarm() {
        let turnstile = Turnstile(actions: Recorder())
        #expect(turnstile.pass() == .transitioned(from: .locked, to: .locked))
        #expect(turnstile.actions.log == ["alarm"])
    }
}

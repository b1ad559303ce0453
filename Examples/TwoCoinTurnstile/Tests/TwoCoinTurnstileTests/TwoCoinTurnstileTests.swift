import Testing

@testable import two_coin_turnstile

/// Collects what the program would print.
final class Transcript: @unchecked Sendable {
    var actions: [String] = []
    var errors: [String] = []
}

@Suite struct TwoCoinTurnstileTests {
    static func run(_ lines: [String]) -> Transcript {
        let transcript = Transcript()
        let console = Console(perform: { transcript.actions.append($0) }, report: { transcript.errors.append($0) })
        lines.forEach(console.handle(line:))
        return transcript
    }

    @Test func twoCoinsUnlockAndPassingLocks() {
        let transcript = Self.run(["Coin", "Coin", "Pass"])
        #expect(transcript.actions == ["unlock", "lock"])
        #expect(transcript.errors.isEmpty)
    }

    @Test func passingWithoutPayingRaisesTheAlarmUntilReset() {
        let transcript = Self.run(["Coin", "Pass", "Coin", "Reset"])
        #expect(transcript.actions == ["alarmOn", "(Coin does nothing in Alarming)", "alarmOff", "lock"])
    }

    @Test func extraCoinsAreThanked() {
        #expect(Self.run(["Coin", "Coin", "Coin", "Coin"]).actions == ["unlock", "thankyou", "thankyou"])
    }

    @Test func unknownEventsAreReportedAndIgnored() {
        let transcript = Self.run(["Coin", "Jump", "", "Coin"])
        #expect(transcript.errors == ["unknown event 'Jump'; the events are Reset, Pass, Coin"])
        #expect(transcript.actions == ["unlock"])
    }
}

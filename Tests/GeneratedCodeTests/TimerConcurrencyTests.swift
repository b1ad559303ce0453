import FSMRuntime
import Testing

/// The continuous clock, with Buffering's timer 10,000 times shorter: 3 ms. The others
/// keep their minutes, which a round meets only when the executor is kept busy that long
/// (a full test run once did, for over ten minutes): Buffering's timeout, due first, is
/// handled first all the same (`ClockTimersTests`), and leaves Active.
final class HurriedTimers: TimerScheduler {
    private let clock = ClockTimers<TimedPlayerTimer, ContinuousClock>()
    func start(_ timer: TimedPlayerTimer, after duration: Duration, fire: @escaping @Sendable () async -> Void) {
        clock.start(timer, after: timer == .bufferingAfter30s ? duration / 10_000 : duration, fire: fire)
    }
    func cancel(_ timer: TimedPlayerTimer) { clock.cancel(timer) }
    func timeLeft(_ timer: TimedPlayerTimer) -> Duration? { clock.timeLeft(timer) }
}

/// A timeout racing an event on real time, run again under ThreadSanitizer by `.ci/run`
/// (its filter `ConcurrencyTests` takes this suite): the scheduler's tasks and the tasks
/// that send events meet on the main actor, where one of the two leaves Buffering first.
@MainActor
@Suite struct TimerConcurrencyTests {
    /// `Ready` sent from another task at about the moment Buffering's timeout falls due:
    /// the player ends in Playing (the event came first, and the timeout was cancelled or
    /// found stale) or in Failed (the timeout came first, and `Ready` was unhandled), never
    /// both, and never with a timeout after it left Buffering.
    @Test func aTimeoutRacingAnEventIsHandledOnceInOneOrder() async throws {
        var endings: [TimedPlayerState: Int] = [:]
        for round in 0..<150 {
            let log = TimedPlayerLog()
            let player = TimedPlayer(actions: TimedPlayerRecorder(log: log), timers: HurriedTimers())
            let loaded = ContinuousClock.now
            player.load()
            let delay = Duration.microseconds(2_000 + 20 * (round % 100))
            let sender = Task.detached { @Sendable in
                try? await Task.sleep(for: delay)
                await player.ready()
            }
            await sender.value
            while player.state == .buffering { try await Task.sleep(for: .milliseconds(1)) }
            // Time for a late firing of the cancelled timer to arrive, and be ignored.
            try await Task.sleep(for: .milliseconds(4))
            let timeouts = log.lines.filter { $0.hasPrefix("timeout Buffering") }
            switch player.state {
            case .playing:
                #expect(timeouts.isEmpty)
                #expect(!log.lines.contains("showTimeout"))
            case .failed:
                #expect(timeouts == ["timeout Buffering after(30s): transitioned from Buffering to Failed"])
            default:
                Issue.record("ended in \(player.state) \(ContinuousClock.now - loaded) after Load: \(log.lines)")
            }
            endings[player.state, default: 0] += 1
            player.stop()
        }
        #expect(endings.values.reduce(0, +) == 150)
    }
}

import FSMRuntime
import Synchronization
import Testing

/// A clock whose time moves only when a test says so, and whose sleepers wake only when the
/// test wakes them, the latest deadline first: the order in which an executor kept busy past
/// several deadlines may run the tasks that sleep until them, and the worst one for a
/// scheduler that fires timers in the order their tasks wake.
final class SteppedClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        /// Sleeps cancelled before they began to wait.
        var cancelled: Set<Int> = []
        var lastID = 0
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func advance(by duration: Duration) {
        state.withLock { $0.now = $0.now.advanced(by: duration) }
    }

    /// Wakes the sleeper whose deadline has passed and is the latest; false if there is none.
    @discardableResult
    func wakeLatest() -> Bool {
        let sleeper = state.withLock { state -> Sleeper? in
            let due = state.sleepers.indices.filter { state.sleepers[$0].deadline <= state.now }
            guard let latest = due.max(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline }) else {
                return nil
            }
            return state.sleepers.remove(at: latest)
        }
        sleeper?.continuation.resume()
        return sleeper != nil
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    guard state.cancelled.remove(id) == nil else { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}

/// `ClockTimers` fires timers that fell due together in the order of their deadlines,
/// whatever the order their tasks wake in.
@MainActor
@Suite struct ClockTimersTests {
    /// Wakes the sleepers of `clock` latest first until `done`, giving each task that will
    /// sleep a moment to reach its sleep first. No time limit: a full test run can keep the
    /// executor busy for minutes (CONTRIBUTING.md, what CI runs).
    func wakeLatestFirst(_ clock: SteppedClock, until done: () -> Bool) async throws {
        while !done() {
            try await Task.sleep(for: .milliseconds(20))
            clock.wakeLatest()
        }
    }

    /// A ten-minute timer started before a thirty-second one: when both have fallen due,
    /// the thirty-second one fires first, and the other after its `fire` has returned.
    @Test func timersThatFellDueTogetherFireInDeadlineOrder() async throws {
        let clock = SteppedClock()
        let timers = ClockTimers<String, SteppedClock>(clock: clock)
        let fired = Mutex<[String]>([])
        timers.start("10min", after: .seconds(600)) { fired.withLock { $0.append("10min") } }
        timers.start("30s", after: .seconds(30)) {
            try? await Task.sleep(for: .milliseconds(5))
            fired.withLock { $0.append("30s") }
        }
        clock.advance(by: .seconds(660))
        try await wakeLatestFirst(clock) { fired.withLock { $0.count } == 2 }
        #expect(fired.withLock { $0 } == ["30s", "10min"])
    }

    /// The player's failure in `TimerConcurrencyTests` after a full test run kept the
    /// cooperative pool busy for over ten minutes: Buffering's timer (30 s) and Active's
    /// (10 min, started first) had both fallen due when their tasks ran, and Active's timeout
    /// came first. Buffering's comes first now; it leaves Active, which cancels Active's.
    @Test func aSubstateTimeoutThatFellDueFirstIsHandledFirst() async throws {
        let clock = SteppedClock()
        let log = TimedPlayerLog()
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log), timers: ClockTimers(clock: clock))
        player.load()
        clock.advance(by: .seconds(660))
        try await wakeLatestFirst(clock) { player.state != .buffering }
        #expect(player.state == .failed)
        #expect(
            log.lines.filter { $0.hasPrefix("timeout") } == [
                "timeout Buffering after(30s): transitioned from Buffering to Failed"
            ])
        #expect(log.lines.contains("cancel Active after(10min)"))
    }
}

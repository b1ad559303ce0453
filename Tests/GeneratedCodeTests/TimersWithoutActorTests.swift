import FSMRuntime
import Testing

// Timers without an actor (Language reference › Timers): `GameDoor.sm` and `Poller.sm` have
// no `Isolation:`, so their actions start and cancel the timers, and the app fires them where
// it runs the machine. Here a game loop's clock, advanced by hand, does.

/// The timers of a game loop: each started timer with its deadline and its `fire`, fired by
/// `tick(by:)` in deadline order on the loop's own thread. No task, no actor.
final class GameLoopTimers<Timer: Hashable> {
    var now: Duration = .zero
    var pending: [(timer: Timer, deadline: Duration, fire: () -> Void)] = []
    var log: [String] = []

    func start(_ timer: Timer, after duration: Duration, fire: @escaping () -> Void) {
        pending.removeAll { $0.timer == timer }
        pending.append((timer, now + duration, fire))
    }

    func cancel(_ timer: Timer) {
        pending.removeAll { $0.timer == timer }
    }

    /// Lets `duration` pass, firing what falls due (a timer started by a firing included).
    func tick(by duration: Duration) {
        let end = now + duration
        while let index = pending.indices.filter({ pending[$0].deadline <= end })
            .min(by: { pending[$0].deadline < pending[$1].deadline })
        {
            let due = pending.remove(at: index)
            now = due.deadline
            due.fire()
        }
        now = end
    }
}

struct GameDoorSounds: GameDoorActions {
    let timers: GameLoopTimers<GameDoorTimer>

    mutating func creak() { timers.log.append("creak") }
    mutating func slam() { timers.log.append("slam") }
    mutating func knock() { timers.log.append("knock") }

    mutating func startTimer(_ timer: GameDoorTimer, after duration: Duration, fire: @escaping () -> Void) {
        timers.log.append("start \(timer)" + (duration == timer.duration ? "" : " to fire after \(duration)"))
        timers.start(timer, after: duration, fire: fire)
    }

    mutating func cancelTimer(_ timer: GameDoorTimer) {
        timers.log.append("cancel \(timer)")
        timers.cancel(timer)
    }

    mutating func trace(_ timer: GameDoorTimer, outcome: Outcome<GameDoorState>) {
        timers.log.append("timeout \(timer): \(outcome)")
    }
}

@Suite struct TimersWithoutActorTests {
    let timers = GameLoopTimers<GameDoorTimer>()

    /// The machine asks its actions to start and cancel; the loop fires, and the timeout is
    /// handled at once, in the loop's call.
    @Test func theAppRunsTheTimers() {
        let door = GameDoor(actions: GameDoorSounds(timers: timers))
        door.open()
        #expect(timers.log == ["start Opening after(500ms)"])
        timers.tick(by: .milliseconds(499))
        #expect(door.state == .opening)
        timers.tick(by: .milliseconds(1))
        #expect(door.state == .opened)
        timers.tick(by: .seconds(3))
        #expect(door.state == .closed)
        #expect(
            timers.log == [
                "start Opening after(500ms)", "start Opened after(3s)",
                "timeout Opening after(500ms): transitioned from Opening to Opened",
                "slam", "timeout Opened after(3s): transitioned from Opened to Closed",
            ])
        #expect(timers.pending.isEmpty)
    }

    /// `Jam` re-enters Opening and restarts its timer: a `fire` of the first start, called late
    /// (as a loop that had already taken it might), is stale and ignored.
    @Test func aStaleFiringIsIgnored() {
        let door = GameDoor(actions: GameDoorSounds(timers: timers))
        door.open()
        let first = timers.pending[0].fire
        timers.tick(by: .milliseconds(300))
        door.jam()
        #expect(
            timers.log == [
                "start Opening after(500ms)", "cancel Opening after(500ms)", "creak", "start Opening after(500ms)",
            ])
        first()
        #expect(door.state == .opening)
        timers.tick(by: .milliseconds(499))
        #expect(door.state == .opening)
        timers.tick(by: .milliseconds(1))
        #expect(door.state == .opened)
    }

    /// A superstate's timer runs on through an internal row and fires in its substate.
    @Test func aSuperstateTimerFires() {
        let door = GameDoor(actions: GameDoorSounds(timers: timers))
        door.lock()
        timers.tick(by: .seconds(5))
        door.knock()
        timers.tick(by: .seconds(5))
        #expect(door.state == .closed)
        #expect(
            timers.log == [
                "start Secured after(10s)", "knock", "timeout Secured after(10s): transitioned from Locked to Closed",
            ])
    }

    /// The snapshot saves the running timers with their whole duration (these actions do not
    /// say how long is left); the restored machine starts them through its actions.
    @Test func aSnapshotRestartsItsTimersThroughTheActions() {
        let door = GameDoor(actions: GameDoorSounds(timers: timers))
        door.lock()
        let snapshot = door.snapshot
        #expect(snapshot.timers == [PendingTimer(.securedAfter10s, timeLeft: .seconds(10))])
        let later = GameLoopTimers<GameDoorTimer>()
        let restored = GameDoor(actions: GameDoorSounds(timers: later), snapshot: snapshot.advanced(by: .seconds(4)))
        #expect(later.log == ["start Secured after(10s) to fire after 6.0 seconds"])
        later.tick(by: .seconds(6))
        #expect(restored.state == .closed)
    }

    /// A machine created in a timed state starts its timers at once.
    @Test func aMachineCreatedInATimedStateStartsItsTimers() {
        let door = GameDoor(actions: GameDoorSounds(timers: timers), state: .opened)
        #expect(timers.log == ["start Opened after(3s)"])
        timers.tick(by: .seconds(3))
        #expect(door.state == .closed)
    }
}

/// The async machine's actions: `fire` is `async` and runs in the caller's isolation.
struct PollerWork: PollerActions {
    final class Log {
        var lines: [String] = []
        var fires: [(PollerTimer, () async -> Void)] = []
    }
    let log: Log

    func poll() async { log.lines.append("poll") }

    mutating func startTimer(
        _ timer: PollerTimer, after duration: Duration, fire: nonisolated(nonsending) @escaping () async -> Void
    ) {
        log.lines.append("start \(timer)")
        log.fires.append((timer, fire))
    }

    mutating func cancelTimer(_ timer: PollerTimer) {
        log.lines.append("cancel \(timer)")
    }
}

@Suite struct AsyncTimersWithoutActorTests {
    /// The app awaits a firing where it runs the machine; the poll runs, and the row's
    /// external self-transition starts the timer again.
    @Test func theAppAwaitsAFiring() async {
        let log = PollerWork.Log()
        let poller = Poller(actions: PollerWork(log: log))
        await poller.start()
        #expect(log.lines == ["start Running after(5s)"])
        await log.fires[0].1()
        #expect(poller.state == .running)
        #expect(log.lines == ["start Running after(5s)", "poll", "start Running after(5s)"])
        await poller.stop()
        await log.fires[0].1()
        #expect(poller.state == .idle)
        #expect(log.lines.suffix(1) == ["cancel Running after(5s)"])
    }
}

import FSMRuntime
import Testing

// `TimedPlayer.sm` (timers of a state and its superstate, a conditional timeout, an
// internal row, an external self-transition), `Heartbeat.sm` (async, public) and
// `Blinker.sm` (only timers), driven on `ManualTimers`: a 30-second timeout in
// microseconds, the same way every time.

/// What the player's actions did, in order, timers started and cancelled included.
@MainActor final class TimedPlayerLog {
    var lines: [String] = []
    var canRetry = false
}

@MainActor struct TimedPlayerRecorder: TimedPlayerActions {
    let log: TimedPlayerLog
    /// Starts and cancels through the machine's scheduler, as the default does, and says so.
    var usesScheduler = true

    mutating func startLoading() { log.lines.append("startLoading") }
    mutating func showControls() { log.lines.append("showControls") }
    mutating func hideControls() { log.lines.append("hideControls") }
    mutating func stopAll() { log.lines.append("stopAll") }
    mutating func showSpinner() { log.lines.append("showSpinner") }
    mutating func hideSpinner() { log.lines.append("hideSpinner") }
    mutating func updateProgress() { log.lines.append("updateProgress") }
    mutating func retry() { log.lines.append("retry") }
    mutating func showTimeout() { log.lines.append("showTimeout") }
    mutating func pause() { log.lines.append("pause") }
    mutating func play() { log.lines.append("play") }
    func canRetry() -> Bool { log.canRetry }

    mutating func trace(_ timer: TimedPlayerTimer, outcome: Outcome<TimedPlayerState>) {
        log.lines.append("timeout \(timer): \(outcome)")
    }

    mutating func startTimer(
        _ timer: TimedPlayerTimer, after duration: Duration, on timers: any TimerScheduler<TimedPlayerTimer>,
        fire: @escaping @Sendable () async -> Void
    ) {
        log.lines.append("start \(timer)" + (duration == timer.duration ? "" : " to fire after \(duration)"))
        if usesScheduler { timers.start(timer, after: duration, fire: fire) }
    }

    mutating func cancelTimer(_ timer: TimedPlayerTimer, on timers: any TimerScheduler<TimedPlayerTimer>) {
        log.lines.append("cancel \(timer)")
        if usesScheduler { timers.cancel(timer) }
    }
}

/// Keeps every `fire` it is given, so that a test can call one late, as a scheduler whose
/// task had woken before its timer was cancelled would.
final class KeepingTimers: TimerScheduler {
    var fires: [(timer: TimedPlayerTimer, fire: @Sendable () async -> Void)] = []
    func start(_ timer: TimedPlayerTimer, after duration: Duration, fire: @escaping @Sendable () async -> Void) {
        fires.append((timer, fire))
    }
    func cancel(_ timer: TimedPlayerTimer) {}
    func timeLeft(_ timer: TimedPlayerTimer) -> Duration? { nil }
}

@MainActor
@Suite struct TimerTests {
    let log = TimedPlayerLog()
    let timers = ManualTimers<TimedPlayerTimer>()

    func player(in state: TimedPlayerState = .idle) -> TimedPlayer<TimedPlayerRecorder> {
        TimedPlayer(actions: TimedPlayerRecorder(log: log), state: state, timers: timers)
    }

    /// Entering Buffering starts its timer and Active's after the entry actions; 30 s later
    /// the timeout runs the row's exits, cancels what runs, and enters Failed.
    @Test func aTimeoutFiresWhenItsTimeHasPassed() async {
        let player = player()
        player.load()
        #expect(
            log.lines == [
                "startLoading", "showControls", "showSpinner",
                "start Active after(10min)", "start Buffering after(30s)",
            ])
        #expect(timers.running == [.activeAfter10min: .seconds(600), .bufferingAfter30s: .seconds(30)])
        log.lines = []
        await timers.advance(by: .seconds(29))
        #expect(player.state == .buffering && log.lines.isEmpty)
        await timers.advance(by: .seconds(1))
        #expect(player.state == .failed)
        #expect(
            log.lines == [
                "hideSpinner", "hideControls", "cancel Active after(10min)", "showTimeout",
                "timeout Buffering after(30s): transitioned from Buffering to Failed",
            ])
        #expect(timers.running.isEmpty && timers.now == .seconds(30))
    }

    /// Moves between substates of Active cancel the substates' timers only: Active's runs
    /// on and fires ten minutes after Active was entered.
    @Test func aSuperstateTimerSurvivesMovesBetweenItsSubstates() async {
        let player = player()
        player.load()
        await timers.advance(by: .seconds(20))
        player.ready()
        player.pause()
        await timers.advance(by: .seconds(200))
        player.play()
        player.pause()
        #expect(timers.running == [.activeAfter10min: .seconds(380), .pausedAfter5min: .seconds(300)])
        await timers.advance(by: .seconds(200))
        player.play()
        log.lines = []
        #expect(timers.running == [.activeAfter10min: .seconds(180)])
        await timers.advance(by: .seconds(179))
        #expect(player.state == .playing)
        await timers.advance(by: .seconds(1))
        #expect(player.state == .idle)
        #expect(
            log.lines == ["hideControls", "stopAll", "timeout Active after(10min): transitioned from Playing to Idle"])
        #expect(timers.running.isEmpty)
    }

    /// `Progress - updateProgress` is internal: the Buffering timer keeps running.
    @Test func anInternalRowKeepsTheTimer() async {
        let player = player()
        player.load()
        await timers.advance(by: .seconds(20))
        player.progress()
        #expect(timers.running[.bufferingAfter30s] == .seconds(10))
        await timers.advance(by: .seconds(10))
        #expect(player.state == .failed)
    }

    /// `after(30s) [canRetry] Buffering retry` is an external self-transition: it restarts
    /// the timer, and the timeout 30 s later asks again.
    @Test func anExternalSelfTransitionRestartsTheTimer() async {
        log.canRetry = true
        let player = player()
        player.load()
        log.lines = []
        await timers.advance(by: .seconds(30))
        #expect(player.state == .buffering)
        #expect(
            log.lines == [
                "hideSpinner", "retry", "showSpinner", "start Buffering after(30s)",
                "timeout Buffering after(30s): transitioned from Buffering to Buffering",
            ])
        log.canRetry = false
        await timers.advance(by: .seconds(29))
        #expect(player.state == .buffering)
        await timers.advance(by: .seconds(1))
        #expect(player.state == .failed)
    }

    /// A firing of a timer since cancelled, or restarted, does nothing: its token is stale.
    @Test func aStaleFiringIsIgnored() async {
        let keeping = KeepingTimers()
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log), timers: keeping)
        player.load()
        player.ready()
        let buffering = keeping.fires[1]
        #expect(buffering.timer == .bufferingAfter30s)
        log.lines = []
        await buffering.fire()
        #expect(player.state == .playing && log.lines.isEmpty)
        // Back in Buffering the timer has a new start: the old firing is still stale.
        player.stop()
        player.load()
        log.lines = []
        await buffering.fire()
        #expect(player.state == .buffering && log.lines.isEmpty)
        await keeping.fires.last!.fire()
        #expect(player.state == .failed)
        // A firing is spent once handled: the same one again does nothing.
        await keeping.fires.last!.fire()
        #expect(player.state == .failed)
    }

    /// A machine made in a timed state (a restored one) starts that state's timers and its
    /// superstates', outermost first, and runs no entry actions.
    @Test func aMachineMadeInATimedStateStartsItsTimers() async {
        let player = player(in: .paused)
        #expect(log.lines == ["start Active after(10min)", "start Paused after(5min)"])
        await timers.advance(by: .seconds(300))
        #expect(player.state == .idle)
    }

    /// The actions decide how timers run: these start none, and nothing times out.
    @Test func actionsMayRunTimersTheirOwnWay() async {
        var actions = TimedPlayerRecorder(log: log)
        actions.usesScheduler = false
        let player = TimedPlayer(actions: actions, timers: timers)
        player.load()
        await timers.advance(by: .seconds(3600))
        #expect(player.state == .buffering && timers.running.isEmpty)
        #expect(log.lines.suffix(2) == ["start Active after(10min)", "start Buffering after(30s)"])
    }

    /// On the continuous clock (the default scheduler), timers are tasks: leaving the state
    /// cancels them, and none fires after the test.
    @Test func theDefaultSchedulerCancelsOnLeaving() async throws {
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log))
        player.load()
        player.stop()
        try await Task.sleep(for: .milliseconds(20))
        #expect(player.state == .idle)
        #expect(log.lines.filter { $0.hasPrefix("timeout") }.isEmpty)
    }

    /// An async machine's timeout waits for the event being handled, then runs in its turn;
    /// an event its action sends is queued behind it.
    @Test func anAsyncMachineHandlesATimeoutInItsTurn() async {
        let timers = ManualTimers<HeartbeatTimer>()
        let beat = Heartbeat(actions: HeartbeatRecorder(), timers: timers)
        await timers.advance(by: .seconds(15))
        #expect(beat.state == .waiting && beat.actions.lines == ["ping"])
        await beat.pong()
        await timers.advance(by: .seconds(15))
        await timers.advance(by: .seconds(5))
        #expect(beat.state == .lost && beat.actions.lines == ["ping", "ping", "giveUp"])
        #expect(timers.running.isEmpty)
    }

    /// A machine without events blinks by its timers alone.
    @Test func aMachineOfTimersOnly() async {
        let timers = ManualTimers<BlinkerTimer>()
        let blinker = Blinker(actions: BlinkerRecorder(), timers: timers)
        await timers.advance(by: .milliseconds(1_600))
        #expect(blinker.state == .off && blinker.actions.lines == ["lightOff", "lightOn", "lightOff"])
    }
}

@MainActor struct HeartbeatRecorder: HeartbeatActions {
    var lines: [String] = []
    func ping() async { await Task.yield() }
    mutating func giveUp() { lines.append("giveUp") }
    mutating func trace(_ timer: HeartbeatTimer, outcome: Outcome<HeartbeatState>) {
        if timer == .connectedAfter15s { lines.append("ping") }
    }
}

@MainActor struct BlinkerRecorder: BlinkerActions {
    var lines: [String] = []
    mutating func lightOn() { lines.append("lightOn") }
    mutating func lightOff() { lines.append("lightOff") }
}

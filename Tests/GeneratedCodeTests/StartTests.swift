import FSMRuntime
import Testing

// Starting a machine of version 3 (Language reference › Starting a machine): Signal.sm
// (internal, flat), Kiosk.sm (public, main actor, async, observable, a timer and a history,
// its initial state a superstate), Pump.sm (async, regions, timers the app runs) and
// Metronome.sm (only a timer). A new machine runs nothing until `start()` or its first
// event; a restored one has started.

/// Signal's actions, which can send an event to their own machine from an entry action.
final class SignalSender: SignalActions {
    var log: [String] = []
    weak var machine: Signal<SignalSender>?
    var sendsOnStart = false

    func emit(_ status: FloatingPointRoundingRule) {
        log.append("emit(.\(status))")
        guard sendsOnStart, let machine else { return }
        sendsOnStart = false
        log.append("sent: \(machine.connect())")
    }
    func note(text: String?) { log.append("note(\(text ?? "nil"))") }
    func retry(_ p1: Int) { log.append("retry(\(p1))") }
    func scale(_ p1: Double) { log.append("scale(\(p1))") }
    func flag(_ p1: Bool) { log.append("flag(\(p1))") }
    func atLeast(_ p1: Int) -> Bool { false }
    func isFatal(_ code: Int) -> Bool { false }
}

@MainActor final class KioskLog: KioskActions {
    var lines: [String] = []
    func greet(_ p1: String) { lines.append("greet(\(p1))") }
    func load(_ p1: Int) async {
        await Task.yield()
        lines.append("load(\(p1))")
    }
}

struct PumpWork: PumpActions {
    final class Log {
        var lines: [String] = []
    }
    let log: Log

    func prime(_ p1: Int) async { log.lines.append("prime(\(p1))") }
    func rate(_ p1: Double) { log.lines.append("rate(\(p1))") }
    func beep(_ p1: Bool) { log.lines.append("beep(\(p1))") }
    func startTimer(
        _ timer: PumpTimer, after duration: Duration, fire: nonisolated(nonsending) @escaping () async -> Void
    ) {
        log.lines.append("start \(timer)")
    }
    func cancelTimer(_ timer: PumpTimer) { log.lines.append("cancel \(timer)") }
}

struct MetronomeWork: MetronomeActions {
    let timers: GameLoopTimers<MetronomeTimer>

    func tick(_ p1: Int) { timers.log.append("tick(\(p1))") }
    func startTimer(_ timer: MetronomeTimer, after duration: Duration, fire: @escaping () -> Void) {
        timers.log.append("start \(timer)")
        timers.start(timer, after: duration, fire: fire)
    }
    func cancelTimer(_ timer: MetronomeTimer) { timers.cancel(timer) }
}

@Suite struct StartTests {
    @Test func aNewMachineRunsNothingUntilStarted() {
        let signal = Signal(actions: SignalSender())
        #expect(!signal.isStarted && signal.state == .idle && signal.actions.log.isEmpty)
        signal.start()
        #expect(signal.isStarted && signal.actions.log == ["emit(.towardZero)"])
        signal.start()
        #expect(signal.actions.log == ["emit(.towardZero)"])
    }

    /// The first event starts the machine, then is handled; its outcome is its own.
    @Test func theFirstEventStartsTheMachine() {
        let signal = Signal(actions: SignalSender())
        #expect(signal.connect() == .transitioned(from: .idle, to: .idle))
        #expect(signal.isStarted && signal.actions.log == ["emit(.towardZero)", "note(too slow // \"wait\" \\ retry)"])
    }

    /// A machine created in a state or from a snapshot is restored: started, with no entry action run.
    @Test func aRestoredMachineHasStarted() {
        let restored = Signal(actions: SignalSender(), state: .paused)
        #expect(restored.isStarted)
        restored.start()
        #expect(restored.resume() == .transitioned(from: .paused, to: .sending))
        #expect(restored.actions.log == ["scale(0.25)"])
        let fromSnapshot = Signal(actions: SignalSender(), snapshot: SignalSnapshot(state: .idle))
        #expect(fromSnapshot.isStarted)
        fromSnapshot.start()
        #expect(fromSnapshot.actions.log.isEmpty)
    }

    /// An event an entry action sends while the machine starts waits for the start to end.
    @Test func anEventSentWhileStartingWaitsItsTurn() {
        let actions = SignalSender()
        let signal = Signal(actions: actions)
        actions.machine = signal
        actions.sendsOnStart = true
        #expect(signal.fail(code: 1) == .transitioned(from: .idle, to: .idle))
        #expect(
            actions.log == [
                "emit(.towardZero)", "sent: queued", "note(too slow // \"wait\" \\ retry)", "scale(2.0)",
            ])
    }

    /// An async machine on an actor starts in its turn: the superstate's entry action, its
    /// initial row's async action, then its timer.
    @MainActor @Test func anAsyncMachineStartsInItsTurn() async {
        let timers = ManualTimers<KioskTimer>()
        let kiosk = Kiosk(actions: KioskLog(), timers: timers)
        #expect(!kiosk.isStarted && kiosk.state == .browsing && timers.running.isEmpty)
        async let first: Void = kiosk.start()
        async let second = kiosk.select()
        _ = await (first, second)
        #expect(kiosk.actions.lines == ["greet(welcome)", "load(1)", "load(2)"])
        #expect(kiosk.state == .viewing && timers.running[.openAfter60s] != nil)
        await timers.advance(by: .seconds(60))
        #expect(kiosk.state == .closed && kiosk.actions.lines.last == "greet(bye)")
    }

    @MainActor @Test func anAsyncMachineStartsAtItsFirstEvent() async {
        let timers = ManualTimers<KioskTimer>()
        let kiosk = Kiosk(actions: KioskLog(), timers: timers)
        #expect(await kiosk.close() == .transitioned(from: .browsing, to: .closed))
        #expect(kiosk.actions.lines == ["greet(welcome)", "load(1)", "greet(bye)"])
        #expect(timers.running.isEmpty)
        let restored = Kiosk(actions: KioskLog(), state: .viewing, timers: timers)
        #expect(restored.isStarted && timers.running[.openAfter60s] != nil)
        await restored.start()
        #expect(restored.actions.lines.isEmpty)
    }

    /// Starting a machine with regions enters every region: the parallel state's entry
    /// action, each region's initial row, the leaves' entry actions, then the timers.
    @Test func aMachineWithRegionsStartsEveryRegion() async {
        let log = PumpWork.Log()
        let pump = Pump(actions: PumpWork(log: log))
        #expect(log.lines.isEmpty)
        await pump.start()
        #expect(log.lines == ["prime(2)", "rate(0.5)", "beep(false)", "start Slow after(10s)"])
        #expect(pump.state == .running(.init(flow: .slow, alarm: .quiet)))
    }

    /// A machine without events runs nothing, and no timer, until `start()`.
    @Test func aMachineOfTimersOnlyTicksOnceStarted() {
        let timers = GameLoopTimers<MetronomeTimer>()
        let metronome = Metronome(actions: MetronomeWork(timers: timers))
        timers.tick(by: .seconds(2))
        #expect(timers.log.isEmpty && !metronome.isStarted)
        metronome.start()
        timers.tick(by: .milliseconds(1_100))
        #expect(
            timers.log == [
                "tick(1)", "start Ticking after(500ms)", "tick(2)", "tick(1)", "start Ticking after(500ms)", "tick(2)",
                "tick(1)", "start Ticking after(500ms)",
            ])
    }
}

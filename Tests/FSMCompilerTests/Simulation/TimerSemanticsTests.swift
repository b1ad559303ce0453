import FSMCompiler
import FSMTestSupport
import Testing

/// `after(…)` rows in every tool that embodies their meaning (Language reference › Timers):
/// the table, the interpreter and `simulate`'s reading of `after(30s)`, and the formatter.
@Suite struct TimerSemanticsTests {
    static let player = Paths.fixtures + "/Machines/TimedPlayer.sm"

    static func model() throws -> StateMachine {
        try #require(machine(try String(contentsOfFile: player, encoding: .utf8)))
    }

    /// A timer is its state's: Active's `after(10min)` is inherited by its substates like
    /// any row; `after(30s)` with a condition and without are two rows of one timer.
    @Test func theTableListsTimersAsEvents() throws {
        let lines = TransitionTable.text(try Self.model()).split(separator: "\n")
        #expect(lines.contains("Buffering after(10min) -> Idle {hideSpinner hideControls stopAll}"))
        #expect(lines.contains("Buffering after(30s) [canRetry] -> Buffering {hideSpinner retry showSpinner}"))
        #expect(lines.contains("Buffering after(30s) -> Failed {hideSpinner hideControls showTimeout}"))
        #expect(lines.contains("Paused after(5min) -> Idle {hideControls stopAll}"))
        let model = try Self.model()
        #expect(
            model.timerEvents.map(model.timerName) == [
                "Active after(10min)", "Buffering after(30s)", "Paused after(5min)",
            ])
        #expect(
            model.appEvents.map { model.events[$0].name } == ["Load", "Stop", "Ready", "Progress", "Pause", "Play"])
    }

    /// The interpreter starts a state's timers on entry, cancels them on exit, keeps them
    /// through internal rows, and spends a timer that fires.
    @Test func theInterpreterTracksRunningTimers() throws {
        let model = try Self.model()
        func event(_ name: String) -> EventID { model.appEvents.first { model.events[$0].name == name }! }
        func timer(_ name: String) -> EventID { model.timerEvents.first { model.timerName(of: $0) == name }! }
        var interpreter = Interpreter(model)
        func run(_ event: EventID, canRetry: Bool = false) -> Interpreter.Step {
            interpreter.handle(event, predicates: [], conditions: [canRetry])
        }
        let active = timer("Active after(10min)")
        let buffering = timer("Buffering after(30s)")
        let paused = timer("Paused after(5min)")
        #expect(interpreter.runningTimers.isEmpty)
        let load = run(event("Load"))
        #expect(
            load.firings.flatMap(\.startedTimers) == [active, buffering]
                && load.firings.flatMap(\.cancelledTimers).isEmpty)
        #expect(run(event("Progress")).firings.flatMap(\.startedTimers).isEmpty)
        #expect(interpreter.runningTimers == [active, buffering])
        // An external self-transition restarts the timer it fired from.
        let retry = run(buffering, canRetry: true)
        #expect(
            retry.firings.flatMap(\.cancelledTimers).isEmpty && retry.firings.flatMap(\.startedTimers) == [buffering])
        let ready = run(event("Ready"))
        #expect(
            ready.firings.flatMap(\.cancelledTimers) == [buffering] && ready.firings.flatMap(\.startedTimers).isEmpty)
        // A timer that is not running does not fire.
        let late = run(buffering)
        #expect(late.outcome == .unhandled && interpreter.state == model.states.firstIndex { $0.name == "Playing" })
        _ = run(event("Pause"))
        #expect(interpreter.runningTimers == [active, paused])
        let stop = run(active)
        #expect(interpreter.line(for: stop) == "Paused after(10min) -> Idle {hideControls stopAll}")
        #expect(stop.firings.flatMap(\.cancelledTimers) == [paused] && interpreter.runningTimers.isEmpty)
        // A machine made in a timed state runs its timers and its superstates'.
        #expect(
            try Interpreter(model, state: model.states.firstIndex { $0.name == "Paused" }!).runningTimers == [
                active, paused,
            ])
    }

    /// `after(30s)` in `simulate` fires the running timer of that duration (written in any
    /// unit), or is unhandled; a duration no row waits for is refused.
    @Test func simulateFiresTheRunningTimerOfADuration() throws {
        var simulation = Simulation(try Self.model())
        try simulation.assign("canRetry=false")
        let lines = try ["Load", "after(10min)", "Ready", "after(30s)", "Pause", "after(300s)", "after ( 5min )"]
            .compactMap {
                try simulation.run(line: $0)
            }
        #expect(
            lines == [
                "Idle Load -> Buffering {startLoading showControls showSpinner}",
                "Buffering after(10min) -> Idle {hideSpinner hideControls stopAll}",
                "Idle Ready unhandled",
                "Idle after(30s) unhandled",
                "Idle Pause unhandled",
                "Idle after(5min) unhandled",
                "Idle after(5min) unhandled",
            ])
        #expect(
            throws: Simulation.Failure(
                "no row waits for 'after(31s)'; events are Load, Stop, Ready, Progress, Pause, Play, after(10min), after(30s) or after(5min)"
            )
        ) {
            try simulation.event("after(31s)")
        }
        #expect(throws: Simulation.Failure("'x' is not a unit of time; the units are 'ms', 's', 'min' or 'h'")) {
            try simulation.event("after(3x)")
        }
    }

    /// A state and its superstate both waiting 30 s: `after(30s)` fires the superstate's,
    /// entered first and so due first, then the state's.
    @Test func simulateFiresTheOutermostTimerFirst() throws {
        let model = try #require(
            machine(
                """
                FSM: Nested
                Initial: Inner
                Isolation: MainActor
                {
                  (Outer) { after(30s) - outerTimedOut }
                  Inner : Outer { after(30s) - innerTimedOut }
                }
                """))
        var simulation = Simulation(model)
        #expect(try simulation.run(line: "after(30s)") == "Inner after(30s) -> Inner {outerTimedOut}")
        #expect(try simulation.run(line: "after(30000ms)") == "Inner after(30s) -> Inner {innerTimedOut}")
        #expect(try simulation.run(line: "after(30s)") == "Inner after(30s) unhandled")
    }

    /// Only `after(…)` is a delayed event: an event the app sends whose name starts with
    /// `after` is given with its values as any other.
    @Test func anEventNamedLikeAfterIsAnEvent() throws {
        let model = try #require(
            machine(
                """
                FSM: Later
                Initial: S
                Isolation: MainActor
                Event: afterwards(x: Int)
                {
                  S { after(1s) - tick  afterwards - note(x) }
                }
                """))
        var simulation = Simulation(model)
        #expect(try simulation.run(line: "afterwards(x: 1)") == "S afterwards -> S {note(x)}")
        #expect(try simulation.run(line: "after (1s)") == "S after(1s) -> S {tick}")
    }

    /// The formatter writes a delayed event as fsmc names it, `after(30s)`, and aligns it.
    @Test func theFormatterWritesDelayedEvents() throws {
        let source =
            "FSM: F\nInitial: S\nIsolation: MainActor\n{\n  S {\n    after ( 30s )  T  -\n    Go T -\n  }\n  T { E S - }\n}\n"
        let formatted = try #require(SourceFormatter.format(SourceFile(name: "f.sm", text: source)).text)
        #expect(formatted.contains("    after(30s)  T  -\n    Go          T  -\n"))
    }
}

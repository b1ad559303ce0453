import FSMCompiler
import FSMTestSupport
import Testing

/// Starting a machine (Language reference › Starting a machine) in the interpreter, which
/// `simulate`, `paths` and `verify` run: a machine of version 3 is created unstarted, and
/// `start()` or its first event enters its initial configuration; others, and restored
/// machines, have started.
@Suite struct InterpreterStartTests {
    static func model(_ name: String) throws -> StateMachine {
        try #require(machine(String(decoding: readBytes(Paths.fixtures + "/Machines/\(name).sm"), as: UTF8.self)))
    }

    static func texts(_ calls: [ActionCall], _ model: StateMachine) -> [String] {
        calls.map { RowText.call(text: $0, in: model) }
    }

    /// The superstate's entry action, then its initial row's action, then its timer.
    @Test func startingEntersTheInitialConfiguration() throws {
        let model = try Self.model("Kiosk")
        #expect(model.hasStart)
        #expect(Self.texts(model.startActions, model) == [#"greet("welcome")"#, "load(1)"])
        var interpreter = Interpreter(model)
        #expect(!interpreter.isStarted && interpreter.runningTimers.isEmpty)
        let start = interpreter.start()
        #expect(Self.texts(start.effects, model) == [#"greet("welcome")"#, "load(1)"])
        #expect(start.startedTimers.map(model.timerName) == ["Open after(60s)"])
        #expect(interpreter.isStarted && interpreter.runningTimers == Set(start.startedTimers))
        #expect(interpreter.start().effects.isEmpty && interpreter.start().startedTimers.isEmpty)
    }

    /// The first event starts a machine that has not started; a restored machine has.
    @Test func theFirstEventStartsAMachine() throws {
        let model = try Self.model("Kiosk")
        let close = try #require(model.events.firstIndex { $0.name == "Close" })
        var interpreter = Interpreter(model)
        let step = interpreter.handle(close, predicates: [], conditions: [])
        #expect(interpreter.isStarted)
        #expect(Self.texts(step.firings[0].effects, model) == [#"greet("bye")"#])
        let viewing = try #require(model.states.firstIndex { $0.name == "Viewing" })
        let restored = try Interpreter(model, state: viewing)
        #expect(restored.isStarted && restored.runningTimers.count == 1)
    }

    /// A machine of version 3 with regions enters each region by its initial row.
    @Test func startingEntersEveryRegion() throws {
        let model = try Self.model("Pump")
        var interpreter = Interpreter(model)
        let start = interpreter.start()
        #expect(Self.texts(start.effects, model) == ["prime(2)", "rate(0.5)", "beep(false)"])
        #expect(start.startedTimers.map(model.timerName) == ["Slow after(10s)"])
    }

    /// A machine that uses none of version 3 is started when it is made, and runs nothing.
    @Test func aMachineWithoutStartHasStarted() throws {
        let model = try Self.model("Heartbeat")
        #expect(!model.hasStart && model.startActions.isEmpty)
        var interpreter = Interpreter(model)
        #expect(interpreter.isStarted && !interpreter.runningTimers.isEmpty)
        #expect(interpreter.start().effects.isEmpty && interpreter.start().startedTimers.isEmpty)
    }
}

import FSMCompiler
import FSMTestSupport
import Testing

/// Raised events in the interpreter, `simulate` and `table` (Language reference › Raised
/// events, Run to completion): `^E` queues `E`, which is handled after the `always` rows of
/// the step that raised it, oldest first, printed as a line of its own.
@Suite struct InterpreterRaiseTests {
    static func autosave() throws -> StateMachine {
        try #require(machine(String(decoding: readBytes(Paths.fixtures + "/Machines/Autosave.sm"), as: UTF8.self)))
    }

    static func run(_ lines: [String], on model: StateMachine) throws -> [String] {
        var simulation = Simulation(model)
        return try lines.compactMap { try simulation.run(line: $0) }
    }

    /// A raised event is handled after the row that raised it and the entry actions that
    /// raised more, in the order raised.
    @Test func raisedEventsAreHandledInOrderAfterTheStep() throws {
        let lines = try Self.run([#"Edit(text: "a")"#], on: try Self.autosave())
        #expect(
            lines == [
                "Clean Edit -> Dirty {buffer(text) ^Changed ^Tick}\nDirty Changed -> Dirty {schedule(text)}\nDirty Tick -> Dirty {count}"
            ])
    }

    /// The `always` rows of a step come before the events it raised; an `always` row's
    /// raised events come after those of the event that led to it.
    @Test func alwaysRowsComeFirst() throws {
        let source = """
            FSM: Order
            Initial: A
            {
              A { Go B ^First }
              B { always C ^Second  First - one  Second - two }
              C { First - three  Second - four }
            }
            """
        let lines = try Self.run(["Go"], on: try #require(machine(source)))
        #expect(
            lines == [
                "A Go -> B {^First}\nB always -> C {^Second}\nC First -> C {three}\nC Second -> C {four}"
            ])
    }

    /// A raised event no row takes is unhandled, and prints so, like any event; one whose
    /// rows' conditions fail is rejected. Neither stops the rest.
    @Test func unhandledAndRejectedRaises() throws {
        let source = """
            FSM: Misses
            Initial: A
            {
              A { Go B {^Lost ^Checked ^Done} }
              B { Checked [isOK] C -  Done - finish }
              C { Lost A - }
            }
            """
        let lines = try Self.run(["isOK=false", "Go"], on: try #require(machine(source)))
        #expect(
            lines == [
                "A Go -> B {^Lost ^Checked ^Done}\nB Lost unhandled\nB Checked [isOK] rejected\nB Done -> B {finish}"
            ])
    }

    /// The start's entry actions raise too: the events are handled before the first event.
    @Test func theStartRaises() throws {
        let source = """
            FSM: Boot
            Initial: Idle
            {
              Idle <{load ^Ready} { Ready Running -  Go - - }
              Running { Go Idle - }
            }
            """
        let model = try #require(machine(source))
        #expect(model.hasStart && model.raisesEvents)
        var interpreter = Interpreter(model)
        let start = interpreter.start()
        #expect(start.completion.map { model.events[$0.event].name } == ["Ready"])
        #expect(model.states[interpreter.state].name == "Running")
        #expect(
            try Self.run(["Go"], on: model) == [
                "Idle Ready -> Running {}\nRunning Go -> Idle {load ^Ready}\nIdle Ready -> Running {}"
            ])
    }

    /// Rows that keep raising events never come to rest: stopped past the bound.
    @Test func aRunThatKeepsRaisingIsStopped() throws {
        let looping = try #require(machine("FSM: Echo\nInitial: A\n{\n  A { Ping - ^Ping }\n}"))
        let error = #expect(throws: Simulation.Failure.self) { try Self.run(["Ping"], on: looping) }
        #expect(
            error?.message.contains("fired more than \(Interpreter.firingLimit) rows without coming to rest") == true)
        var interpreter = Interpreter(looping)
        let step = interpreter.handle(0, predicates: [], conditions: [])
        #expect(step.exceedsLimit && step.completion.count == Interpreter.firingLimit)
    }

    /// `table` shows raised events in the action lists, an entry list's among the entry
    /// actions.
    @Test func tableShowsRaises() throws {
        let lines = tableLines(String(decoding: readBytes(Paths.fixtures + "/Machines/Autosave.sm"), as: UTF8.self))
        #expect(lines.contains("Clean Edit -> Dirty {buffer(text) ^Changed ^Tick}"))
        #expect(lines.contains("Saving always [isWritten] -> Clean {^Written}"))
        #expect(lines.contains("Saving always -> Dirty {retry ^Tick}"))
    }

    /// The search used by `paths` and `verify`, which lists no actions, still follows the
    /// events they raise.
    @Test func theSearchFollowsRaises() throws {
        let model = try Self.autosave()
        var normal = Interpreter(model)
        var exploring = Interpreter(model).exploring()
        let edit = try #require(model.events.firstIndex { $0.name == "Edit" })
        let conditions = IDArray<ConditionCallID, Bool>(repeating: true, count: model.conditionCalls.count)
        let stepped = normal.handle(edit, predicates: [], conditions: conditions)
        let explored = exploring.handle(edit, predicates: [], conditions: conditions)
        #expect(stepped.completion.map(\.event) == explored.completion.map(\.event))
        #expect(stepped.completion.count == 2)
    }
}

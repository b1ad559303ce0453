import FSMCompiler
import FSMTestSupport
import Testing

/// `always` rows in the interpreter and `simulate` (Language reference › Always rows, Run
/// to completion): taken after the step that reaches a state where one applies, printed as
/// lines of their own, stopped past a bound when they never come to rest.
@Suite struct InterpreterAlwaysTests {
    static func review() throws -> StateMachine {
        try #require(machine(String(decoding: readBytes(Paths.fixtures + "/Machines/Review.sm"), as: UTF8.self)))
    }

    static func run(_ lines: [String], on model: StateMachine) throws -> [String] {
        var simulation = Simulation(model)
        return try lines.compactMap { try simulation.run(line: $0) }
    }

    /// The start's `always` steps print before the first event's line, the event's after it.
    @Test func simulatePrintsEachStep() throws {
        let lines = try Self.run(
            ["isSignedIn=true", "isExpired=false", "isValid=false", "Submit", "isExpired=true", "Submit"],
            on: try Self.review())
        #expect(
            lines == [
                "Routing always [isSignedIn] -> Editing {}\nEditing Submit -> Checking {save}\nChecking always -> Editing {showErrors}",
                "Editing Submit -> Checking {save}\nChecking always -> Editing {showErrors}\nEditing always [isExpired] -> Welcome {logOut}",
            ])
    }

    /// The conditions of the `always` steps are asked of the step that takes them: one
    /// missing is asked for, as an event's are.
    @Test func anAlwaysStepNeedsItsConditions() throws {
        #expect(throws: Simulation.Failure.self) { try Self.run(["isSignedIn=true", "Quit"], on: try Self.review()) }
        let lines = try Self.run(["isSignedIn=true", "isExpired=false", "Quit"], on: try Self.review())
        #expect(lines == ["Routing always [isSignedIn] -> Editing {}\nEditing Quit -> Welcome {}"])
    }

    /// `always` rows that keep moving are stopped past the bound, with an error.
    @Test func aRunThatNeverRestsIsStopped() throws {
        let looping = try #require(
            machine("FSM: Loop\nInitial: A\n{\n  A { Go B - }\n  B { always [c] C - }\n  C { always [c] B - }\n}"))
        let error = #expect(throws: Simulation.Failure.self) { try Self.run(["c=true", "Go"], on: looping) }
        #expect(
            error?.message.contains("fired more than \(Interpreter.firingLimit) rows without coming to rest") == true)
        var interpreter = Interpreter(looping)
        let step = interpreter.handle(0, predicates: [], conditions: [true])
        #expect(step.exceedsLimit && step.completion.count > Interpreter.firingLimit / 2)
    }

    /// A state an `always` row leaves at once is never current between events: no machine
    /// is restored in it.
    @Test func aStateThatMovesOnAtOnceCannotBeRestored() throws {
        let model = try Self.review()
        let checking = try #require(model.states.firstIndex { $0.name == "Checking" })
        let done = try #require(model.states.firstIndex { $0.name == "Done" })
        #expect(model.movesOnAtOnce(checking) && !model.movesOnAtOnce(done))
        #expect(throws: Interpreter.RestoreError.self) { try Interpreter(model, state: checking) }
        #expect(throws: Never.self) { try Interpreter(model, state: done) }
    }

    /// `always` is no event the app sends: the event enum and `simulate` leave it out.
    @Test func alwaysIsNotAnAppEvent() throws {
        let model = try Self.review()
        #expect(model.alwaysEvent != nil)
        #expect(!model.appEvents.map { model.events[$0].name }.contains("always"))
        #expect(throws: Simulation.Failure.self) { try Self.run(["always"], on: model) }
    }
}

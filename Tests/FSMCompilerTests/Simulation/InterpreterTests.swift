import FSMCompiler
import FSMTestSupport
import Testing

/// The interpreter is the reference meaning of a machine (Language reference): the most
/// specific applicable row wins, a false condition rejects without falling back, and each
/// transition runs exit actions, its own and entry actions as its table line says.
@Suite struct InterpreterTests {
    static let ranked = """
        FSM: Ranked
        Initial: Idle
        Predicate: Mode = slow | fast | off
        Predicate: Load = light | heavy
        {
          (Base) <enterBase >leaveBase {
            Go  Busy  fromBase
          }
          Idle : Base <enterIdle >leaveIdle {
            override {
              Go                           Idle  plain
            }
            Go [Mode = fast]             Busy  quick
            Go [Mode = fast, Load = heavy, isAllowed] Busy  heave
            Stop [Mode = slow | fast]      -     halt
          }
          Busy : Base - - -
        }

        """

    /// Runs `events` from the initial state with fixed values and returns the trace lines.
    static func trace(
        _ source: String, _ events: [String], predicates: [String: String] = [:],
        conditions: [String: Bool] = [:]
    ) throws -> [String] {
        let model = try #require(machine(source))
        var interpreter = Interpreter(model)
        let values = model.predicateTypes.mapElements { type in
            type.cases.firstIndex { $0.name == predicates[type.type.name] } ?? 0
        }
        let results = model.conditionCalls.mapElements { conditions[model.conditions[$0.condition].name] ?? true }
        return events.map { name in
            let event = model.events.firstIndex { $0.name == name }!
            return interpreter.line(for: interpreter.handle(event, predicates: values, conditions: results))
        }
    }

    /// A machine without parallel states is one engine's case of one region, `in(…)` terms
    /// or not: a row into a concrete superstate of the current state ends there, and the
    /// EntryExit modes hold for rows with state tests too.
    @Test func stateTestsDoNotChangeWhatAFlatMachineMeans() throws {
        let superstate = """
            FSM: S
            Initial: S1
            {
              S0 { E0 S0 - }
              S1 : S0 { }
              S5 { E3 [in(S1)] S0 - }
            }

            """
        #expect(try Self.trace(superstate, ["E0", "E0"]) == ["S1 E0 -> S0 {}", "S0 E0 -> S0 {}"])
        let always = """
            FSM: A
            Initial: S1
            EntryExit: always
            {
              S0 <e0 >x0 { E0 S0 - }
              S1 : S0 <e1 >x1 { Go [in(S0)] - act  Back [!in(S0)] - act }
            }

            """
        #expect(
            try Self.trace(always, ["Go", "Back", "E0"]) == [
                "S1 Go [in(S0)] -> S1 {x1 x0 act e0 e1}", "S1 Back [!in(S0)] rejected", "S1 E0 -> S0 {x1 x0 e0}",
            ])
    }

    @Test func turnstileRunsExitActionsRowActionsThenEntryActions() throws {
        let source = String(decoding: readBytes(Paths.examples + "/Turnstile/Turnstile.sm"), as: UTF8.self)
        #expect(
            try Self.trace(source, ["Coin", "Coin", "Pass", "Pass", "Coin", "Reset"]) == [
                "Locked Coin -> Unlocked {unlock}",
                "Unlocked Coin -> Unlocked {thankyou}",
                "Unlocked Pass -> Locked {lock}",
                "Locked Pass -> Alarming {alarmOn}",
                "Alarming Coin unhandled",
                "Alarming Reset -> Locked {alarmOff lock}",
            ])
    }

    @Test func theMostSpecificApplicableRowWins() throws {
        #expect(
            try Self.trace(Self.ranked, ["Go"], predicates: ["Mode": "slow"])
                == ["Idle Go -> Idle {leaveIdle plain enterIdle}"])
        #expect(
            try Self.trace(Self.ranked, ["Go"], predicates: ["Mode": "fast", "Load": "light"])
                == ["Idle Go [Mode=fast] -> Busy {leaveIdle quick}"])
        #expect(
            try Self.trace(Self.ranked, ["Go"], predicates: ["Mode": "fast", "Load": "heavy"])
                == ["Idle Go [Mode=fast, Load=heavy, isAllowed] -> Busy {leaveIdle heave}"])
    }

    /// A false condition rules its row out, and the next most specific row applies: the
    /// condition's "else" (Language reference › Conditions).
    @Test func aFalseConditionFallsBackToTheNextMostSpecificRow() throws {
        #expect(
            try Self.trace(
                Self.ranked, ["Go"], predicates: ["Mode": "fast", "Load": "heavy"],
                conditions: ["isAllowed": false])
                == ["Idle Go [Mode=fast] -> Busy {leaveIdle quick}"])
    }

    /// Rows match the predicates but their conditions rule out each: rejected, printed with
    /// the most specific row's guard; each condition is asked once, in the order the rows
    /// are tried (most specific first) and their terms are written.
    @Test func conditionsAreAskedOnceInOrderAndCanReject() throws {
        let source = "FSM: R\nInitial: S\n{\n  S { E [c] T a   E [!c, d] T b   E [e, !d, c] T f }\n  T - - -\n}"
        let model = try #require(machine(source))
        var interpreter = Interpreter(model)
        let names = model.conditions.mapElements(\.name)
        let step = interpreter.handle(0, predicates: [], conditions: [false, false, false])
        #expect(interpreter.line(for: step) == "S E [e, !d, c] rejected")
        #expect(step.askedConditions.map { names[model.conditionCalls[$0].condition] } == ["e", "c", "d"])
        let taken = interpreter.handle(0, predicates: [], conditions: [true, false, true])
        #expect(interpreter.line(for: taken) == "S E [e, !d, c] -> T {f}")
        #expect(taken.askedConditions.map { names[model.conditionCalls[$0].condition] } == ["e", "d", "c"])
    }

    @Test func noApplicableRowIsUnhandledAndStaysPut() throws {
        #expect(
            try Self.trace(Self.ranked, ["Stop", "Go", "Stop"], predicates: ["Mode": "off"])
                == [
                    "Idle Stop unhandled", "Idle Go -> Idle {leaveIdle plain enterIdle}",
                    "Idle Stop unhandled",
                ])
        #expect(
            try Self.trace(Self.ranked, ["Stop"], predicates: ["Mode": "slow"]) == [
                "Idle Stop [Mode=slow|fast] -> Idle {halt}"
            ])
    }

    @Test(arguments: [
        ("", "{poked}"), ("EntryExit: always\n", "{exitIdle poked enterIdle}"), ("EntryExit: onChange\n", "{poked}"),
    ])
    func entryExitModesDecideWhatAStayRuns(header: String, effects: String) throws {
        let source =
            "FSM: M\nInitial: Idle\n\(header){\n  Idle <enterIdle >exitIdle { Poke - poked  Go Busy - }\n  Busy Go Idle -\n}\n"
        #expect(try Self.trace(source, ["Poke"]) == ["Idle Poke -> Idle \(effects)"])
    }

    /// A row the interpreter takes is exactly the row `fsmc table` prints for it.
    @Test func transitionLinesAreTableLines() throws {
        let source = String(
            decoding: readBytes(Paths.examples + "/EnforcedTurnstile/EnforcedTurnstile.sm"), as: UTF8.self)
        let model = try #require(machine(source))
        let table = Set(TransitionTable.text(model).split(separator: "\n").map(String.init))
        for state in model.concreteStates {
            for event in model.events.indices {
                for enforcement in 0..<2 {
                    for reward in 0..<2 {
                        var interpreter = try Interpreter(model, state: state)
                        let step = interpreter.handle(event, predicates: [enforcement, reward], conditions: [true])
                        let line = interpreter.line(for: step)
                        if case .transitioned = step.outcome { #expect(table.contains(line), "\(line)") }
                    }
                }
            }
        }
    }
}

@Suite struct SimulationTests {
    @Test func linesSetValuesSkipCommentsAndRunEvents() throws {
        let model = try #require(machine(InterpreterTests.ranked))
        var simulation = Simulation(model)
        #expect(try simulation.run(line: "  Mode = fast // the fast lane") == nil)
        #expect(try simulation.run(line: "Load=heavy\r") == nil)
        #expect(try simulation.run(line: "isAllowed=false") == nil)
        #expect(try simulation.run(line: "") == nil)
        #expect(try simulation.run(line: "// Go") == nil)
        #expect(try simulation.run(line: "Go") == "Idle Go [Mode=fast] -> Busy {leaveIdle quick}")
        #expect(try simulation.run(line: "Go") == "Busy Go -> Busy {fromBase}")
        #expect(try simulation.run(line: "\tisAllowed = true") == nil)
        #expect(try simulation.run(line: "Go ") == "Busy Go -> Busy {fromBase}")
    }

    @Test(arguments: [
        (
            "Mode = medium",
            Simulation.Failure(
                "'medium' is not a case of predicate type 'Mode'; its cases are slow, fast or off", column: 8)
        ),
        (
            "  Speed=fast",
            Simulation.Failure(
                "unknown predicate type or condition 'Speed'; predicate types and conditions are Mode, Load or isAllowed",
                column: 3)
        ),
        ("isAllowed=yes", Simulation.Failure("condition 'isAllowed' is 'true' or 'false', not 'yes'", column: 11)),
        ("   Run", Simulation.Failure("unknown event 'Run'; events are Go or Stop", column: 4)),
        (
            "Go",
            Simulation.Failure(
                "event 'Go' in Idle needs a value for 'Mode=slow|fast|off' and 'Load=light|heavy'; set each on a line before the event",
                missingOptions: ["--predicate Mode=slow|fast|off", "--predicate Load=light|heavy"])
        ),
    ])
    func badLinesAreReportedWhereTheyGoWrong(line: String, failure: Simulation.Failure) throws {
        var simulation = Simulation(try #require(machine(InterpreterTests.ranked)))
        #expect(throws: failure) { try simulation.run(line: line) }
    }

    /// A step needs only the values it reads: the predicate types its event's rows test in
    /// the active states, and the conditions it asks, up to the answer that decides.
    @Test func aStepNeedsOnlyTheValuesItReads() throws {
        var simulation = Simulation(try #require(machine(InterpreterTests.ranked)))
        #expect(try simulation.run(line: "Mode=slow") == nil)
        #expect(try simulation.run(line: "Stop") == "Idle Stop [Mode=slow|fast] -> Idle {halt}")
        #expect(try simulation.run(line: "Load=heavy") == nil)
        #expect(try simulation.run(line: "Go") == "Idle Go -> Idle {leaveIdle plain enterIdle}")
        #expect(try simulation.run(line: "Mode=fast") == nil)
        let failure = Simulation.Failure(
            "event 'Go' in Idle needs a value for 'isAllowed=true|false'; set it on a line before the event",
            column: 3, missingOptions: ["--condition isAllowed=true|false"])
        #expect(throws: failure) { try simulation.run(line: "  Go") }
        #expect(try simulation.run(line: "isAllowed=true") == nil)
        #expect(
            try simulation.run(line: "Go") == "Idle Go [Mode=fast, Load=heavy, isAllowed] -> Busy {leaveIdle heave}")
    }

    /// `after(…)` means the timer of that duration running when its turn comes, whichever
    /// events come before it (issue 39, item 1: `--events` resolved them all first).
    @Test func aDelayedEventIsTheTimerRunningWhenItsTurnComes() throws {
        let source = """
            FSM: Hops
            Initial: A
            Isolation: MainActor
            {
              A { Go S -  Jump R - }
              R { after(100ms) A - }
              S { after(100ms) A - }
            }

            """
        var simulation = Simulation(try #require(machine(source)))
        let events = try ["Go", "after(100ms)", "Jump", "after(100ms)"].map { try simulation.event($0) }
        #expect(events[1] == events[3])
        #expect(
            try ["Go", "after(100ms)", "Jump", "after(100ms)"].map { try simulation.run(line: $0) } == [
                "A Go -> S {}", "S after(100ms) -> A {}", "A Jump -> R {}", "R after(100ms) -> A {}",
            ])
    }
}

/// Events that carry values (Language reference › Events with values): values take no part
/// in matching; a condition asked with other values is asked again; `simulate` takes events
/// with their values.
@Suite struct EventValueSimulationTests {
    static let source = """
        FSM: Player
        Initial: Idle
        Event: Loaded(duration: Double, title: String)
        Event: Seek(from: Double, to: Double)
        {
          Idle Loaded Ready {setDuration(duration) show(title)}
          Ready {
            Seek [isWithin(from), isWithin(to)]  -  seek(to)
            Seek [isWithin(from)]                -  {refuse(to) log}
            Seek                                 -  -
          }
        }

        """

    @Test func aConditionAskedWithOtherValuesIsAnotherCall() throws {
        let model = try #require(machine(Self.source))
        #expect(model.conditions.map(\.name) == ["isWithin"])
        #expect(
            model.conditionCalls == [
                ConditionCall(condition: 0, arguments: [.label("from")]),
                ConditionCall(condition: 0, arguments: [.label("to")]),
            ])
        var interpreter = try Interpreter(model, state: 1)
        let step = interpreter.handle(1, predicates: [], conditions: [false, false])
        // `isWithin(from)` is false: the second row is not tried, the third wins; `to` is never asked.
        #expect(step.askedConditions == [0])
        #expect(interpreter.line(for: step) == "Ready Seek -> Ready {}")
        let taken = interpreter.handle(1, predicates: [], conditions: [true, true])
        #expect(taken.askedConditions == [0, 1])
        #expect(interpreter.line(for: taken) == "Ready Seek [isWithin(from), isWithin(to)] -> Ready {seek(to)}")
    }

    @Test func tableLinesShowTheLabelsActionsAndConditionsTake() throws {
        let model = try #require(machine(Self.source))
        #expect(
            TransitionTable.text(model) == """
                Idle Loaded -> Ready {setDuration(duration) show(title)}
                Ready Seek [isWithin(from), isWithin(to)] -> Ready {seek(to)}
                Ready Seek [isWithin(from)] -> Ready {refuse(to) log}
                Ready Seek -> Ready {}

                """)
    }

    @Test func eventsAreGivenWithTheirValuesOrByName() throws {
        var simulation = Simulation(try #require(machine(Self.source)))
        #expect(try simulation.run(line: "isWithin=true") == nil)
        #expect(
            try simulation.run(line: #"Loaded(duration: 3.5, title: "a = (b), // c") // a comment"#)
                == "Idle Loaded -> Ready {setDuration(duration) show(title)}")
        #expect(try simulation.run(line: "Seek") == "Ready Seek [isWithin(from), isWithin(to)] -> Ready {seek(to)}")
        #expect(
            try simulation.run(line: "  Seek(from: [1, 2].min()!, to: 3)")
                == "Ready Seek [isWithin(from), isWithin(to)] -> Ready {seek(to)}")
    }

    @Test(arguments: [
        (
            "Seek(to: 1, from: 2)",
            Simulation.Failure(
                "event 'Seek' carries the values 'from' and 'to', in this order; expected 'from', found 'to'", column: 6
            )
        ),
        (
            "Seek(from: 1)",
            Simulation.Failure("event 'Seek' carries the values 'from' and 'to'; 'to' is missing", column: 13)
        ),
        ("Seek(from: 1, to: )", Simulation.Failure("'to' of event 'Seek' has no value", column: 18)),
        (
            "Seek(from: 1, to: 2, by: 3)",
            Simulation.Failure(
                "event 'Seek' carries the values 'from' and 'to', in this order; expected nothing more, found 'by'",
                column: 22)
        ),
        (
            "Seek()",
            Simulation.Failure(
                "event 'Seek' carries the values 'from' and 'to'; give them all, or just 'Seek'", column: 6)
        ),
        ("Seek(from: (1, to: 2)", Simulation.Failure("expected ')' before the end", column: 21)),
        (
            "Seek(from: 1, 2)",
            Simulation.Failure("expected 'label: value' in the values of event 'Seek', found '2'", column: 15)
        ),
        ("Stop(x: 1)", Simulation.Failure("unknown event 'Stop'; events are Loaded or Seek", column: 1)),
        (#"Loaded(duration: 1, title: "x)"#, Simulation.Failure("a string literal does not end", column: 30)),
    ])
    func badValuesAreReportedWhereTheyGoWrong(line: String, failure: Simulation.Failure) throws {
        var simulation = Simulation(try #require(machine(Self.source)))
        try simulation.assign("isWithin=true")
        #expect(throws: failure) { try simulation.run(line: line) }
    }

    @Test func eventListsSplitOutsideValues() throws {
        let list = try Simulation.eventList(#"Loaded(duration: 1, title: "a, b"), Seek(from: [1, 2][0], to: 2),Seek"#)
        #expect(list.map(\.text) == [#"Loaded(duration: 1, title: "a, b")"#, "Seek(from: [1, 2][0], to: 2)", "Seek"])
        #expect(list.map(\.column) == [1, 37, 66])
    }
}

/// A concrete state with an initial row is never current (Language reference › Initial
/// substates): the model's `currentStates` leaves it out, and no step ends in it.
@Suite struct NeverCurrentStateSimulationTests {
    @Test func noStepEndsInAStateWithAnInitialRow() throws {
        let source = String(
            decoding: readBytes(Paths.fixtures + "/Machines/Jumper.sm"), as: UTF8.self)
        let model = try #require(machine(source))
        let names = model.currentStates.map { model.states[$0].name }
        #expect(names == ["Rising", "Peak", "Falling", "Ground"])
        #expect(model.states[Interpreter(model).state].name == "Rising")
        for state in model.currentStates {
            for event in model.events.indices {
                var interpreter = try Interpreter(model, state: state)
                _ = interpreter.handle(event, predicates: [], conditions: [])
                #expect(
                    model.currentStates.contains(interpreter.state),
                    "\(model.states[state].name) \(model.events[event].name)")
            }
        }
        var interpreter = try Interpreter(model, state: model.currentStates[3])
        let jump = try #require(model.events.firstIndex { $0.name == "Jump" })
        let step = interpreter.handle(jump, predicates: [], conditions: [])
        #expect(interpreter.line(for: step) == "Ground Jump -> Rising {push lift}")
    }
}

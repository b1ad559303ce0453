import FSMCompiler
import FSMTestSupport
import Testing

/// `fsmc paths` (Commands › fsmc paths): every path, replayed through the interpreter and
/// through `simulate`'s reader, takes the rows and reaches the configurations it promises,
/// and the paths of a cover together take every row (or state, or configuration) that can
/// be reached, on every machine of the examples and fixtures and on random machines.
@Suite struct PathCoverTests {
    static func load(_ path: String) -> StateMachine? {
        Compiler.check(SourceFile(name: path, bytes: readBytes(Paths.repository + "/" + path))).machine
    }

    @Test func turnstilePathsAsSimulateInput() throws {
        let machine = try #require(Self.load("Examples/Turnstile/Turnstile.sm"))
        let cover = PathCover(try StateSpace(machine), criterion: .transitions)
        let text = PathWriter.text(cover, sourceName: "Turnstile.sm")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.prefix(9) == [
                "# fsmc paths Turnstile.sm --cover transitions: 5 paths, 9 steps; 7 of 7 rows taken, 3 configurations reachable",
                "",
                "# path 1 of 5, for Locked Reset -> Locked {lock}",
                "Reset",
                "#   Locked Reset -> Locked {lock}",
                "#   now Locked",
                "",
                "# path 2 of 5, for Unlocked Reset -> Locked {lock}",
                "Coin",
            ])
        // Each path is as short as it can be: the alarm's reset needs Pass first.
        #expect(cover.paths.last?.steps.map { machine.events[$0.choice.event].name } == ["Pass", "Reset"])
        #expect(cover.unreachable.isEmpty)
    }

    /// Settings are printed before the event that needs them, and only when they change.
    @Test func predicateValuesAndAnswersPrecedeTheirEvent() throws {
        let machine = try #require(Self.load("Examples/EnforcedTurnstile/EnforcedTurnstile.sm"))
        let cover = PathCover(try StateSpace(machine), criterion: .transitions)
        let text = PathWriter.text(cover, sourceName: "EnforcedTurnstile.sm")
        #expect(
            text.contains(
                """
                # path 10 of 10, for Alarming Reset -> Alarming {logRefusedReset}
                Enforcement=strong
                Pass
                #   Locked Pass [Enforcement=strong] -> Alarming {defconOne alarmOn}
                #   now Alarming
                isSupervisorPresent=false
                Reset
                #   Alarming Reset -> Alarming {logRefusedReset}
                #   now Alarming

                """))
    }

    /// A condition asked with a literal is answered by its call, which `simulate` reads;
    /// one asked in one way only, by its name.
    @Test func callsWithLiteralsAreAnsweredApart() throws {
        let machine = try #require(Self.load("Tests/FSMCompilerTests/Fixtures/Machines/Signal.sm"))
        let cover = PathCover(try StateSpace(machine), criterion: .transitions)
        let text = PathWriter.text(cover, sourceName: "Signal.sm")
        #expect(
            text.contains(
                """
                atLeast(5)=false
                atLeast(3)=true
                Connect
                #   Idle Connect [!atLeast(5), atLeast(3)] -> Sending {note(nil) retry(1) emit(.toNearestOrEven) flag(true)}
                """))
        #expect(text.contains("isFatal=true\nFail\n"))
    }

    @Test(arguments: Paths.machineFiles)
    func everyPathReplays(_ path: String) throws {
        guard let machine = Self.load(path) else { return } // files with errors have no paths
        let space = try StateSpace(machine)
        for criterion in PathCover.Criterion.allCases {
            let cover = PathCover(space, criterion: criterion)
            for (number, path) in cover.paths.enumerated() {
                let problems = PathReplay.problems(path.steps, rows: space.rows, machine: machine)
                #expect(problems.isEmpty, "\(criterion) path \(number + 1): \(problems)")
            }
            let replay = PathReplay.simulate(PathWriter.text(cover, sourceName: path), machine: machine)
            #expect(replay.problems.isEmpty, "\(criterion): \(replay.problems)")
            #expect(replay.events == cover.paths.map(\.steps.count).reduce(0, +))
            Self.expectComplete(cover, space: space)
        }
    }

    /// A cover meets every goal that some edge meets, and calls the others unreachable.
    static func expectComplete(
        _ cover: PathCover, space: StateSpace, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        switch cover.criterion {
        case .transitions:
            let fired = Set(space.edges.flatMap { $0.flatMap(\.rows) })
            #expect(cover.rowsTaken == fired, sourceLocation: sourceLocation)
            #expect(
                cover.unreachable
                    == space.rows.lines.indices.filter { !fired.contains($0) }.map { space.rows.lines[$0] },
                sourceLocation: sourceLocation)
        case .states:
            // A machine whose start may take `always` rows is in no configuration before it.
            let started = space.nodes.filter(\.interpreter.isStarted)
            let reached = Set(started.flatMap(\.leaves))
            let initial = space.nodes[0].interpreter.isStarted ? space.nodes[0].leaves : []
            let visited = Set(cover.paths.flatMap { $0.steps.flatMap(\.leaves) } + initial)
            #expect(reached == visited, sourceLocation: sourceLocation)
        case .configurations:
            let reached = Set(space.configurations.map(\.leaves))
            let initial = space.nodes[0].interpreter.isStarted ? [space.nodes[0].leaves] : []
            let visited = Set(cover.paths.flatMap { $0.steps.map(\.leaves) } + initial)
            #expect(reached == visited, sourceLocation: sourceLocation)
        }
    }

    /// A path's first event starts the machine, and with it the events the initial
    /// configuration's entry list raises: the first step promises the rows they take, and
    /// the cover takes them, though no later step does (Language reference › Raised events).
    /// An exit list's raise is taken after the row that left, an entry list's after the
    /// row that entered.
    @Test func rowsOfEventsRaisedAtTheStartArePromised() throws {
        let source = """
            FSM: Boot
            Initial: Booting
            {
              Booting <^Ready { Ready Idle - }
              Idle { Go Busy work  Left - tidy }
              Busy >^Left { Done Idle - }
            }
            """
        let model = try #require(machine(source))
        let space = try StateSpace(model)
        let cover = PathCover(space, criterion: .transitions)
        let ready = try #require(space.rows.lines.firstIndex(of: "Booting Ready -> Idle {}"))
        #expect(cover.unreachable.isEmpty)
        #expect(cover.paths.allSatisfy { $0.steps.first?.rows.first == ready })
        #expect(
            PathWriter.text(cover, sourceName: "Boot.sm").contains(
                """
                Go
                #   Booting Ready -> Idle {}
                #   Idle Go -> Busy {work}
                #   now Busy
                Done
                #   Busy Done -> Idle {^Left}
                #   Idle Left -> Idle {tidy}
                #   now Idle

                """))
        Self.expectReplays(cover, machine: model)
    }

    /// In regions, and with conditions: the start's raised event is taken by another
    /// region, whose rows ask a condition that the first step answers, both ways.
    @Test func conditionsOfEventsRaisedAtTheStartAreFree() throws {
        let source = """
            FSM: Fan
            Initial: On
            Parallel: On
            {
              (On) { }
              (Light) : On { - Warm - }
              Warm : Light <^Ready { Dim Cool - }
              Cool : Light { Dim - - }
              (Motor) : On { - Still - }
              Still : Motor { Ready [isHot] Spinning -  Ready Slow - }
              Spinning : Motor { Stop Still - }
              Slow : Motor { Stop Still - }
            }
            """
        let model = try #require(machine(source))
        let space = try StateSpace(model)
        let cover = PathCover(space, criterion: .transitions)
        #expect(cover.unreachable.isEmpty)
        // The first events start the machine with either answer.
        let started = Set(space.edges[0].compactMap { $0.rows.first }.map { space.rows.lines[$0] })
        #expect(started == ["Still Ready [isHot] -> Spinning {}", "Still Ready -> Slow {}"])
        for criterion in PathCover.Criterion.allCases {
            Self.expectReplays(PathCover(space, criterion: criterion), machine: model)
        }
    }

    /// Every path replays through the interpreter and `simulate`, and the cover is complete.
    static func expectReplays(
        _ cover: PathCover, machine: StateMachine, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for (number, path) in cover.paths.enumerated() {
            let problems = PathReplay.problems(path.steps, rows: cover.space.rows, machine: machine)
            #expect(problems.isEmpty, "path \(number + 1): \(problems)", sourceLocation: sourceLocation)
        }
        let replay = PathReplay.simulate(PathWriter.text(cover, sourceName: "test.sm"), machine: machine)
        #expect(replay.problems.isEmpty, "\(replay.problems)", sourceLocation: sourceLocation)
        expectComplete(cover, space: cover.space, sourceLocation: sourceLocation)
    }

    /// The differential test's random machines (200, of every kind it draws: predicates,
    /// conditions, history, timers, regions, forks and joins): the same, through the interpreter.
    @Test func randomMachinesPathsReplay() throws {
        var rows = 0
        var steps = 0
        for number in 0..<200 {
            let output = MachineGenerator.generate(seed: SplitMix64.derive(4040, number), number: number)
            let space = try StateSpace(output.model)
            let cover = PathCover(space, criterion: .transitions)
            for path in cover.paths {
                let problems = PathReplay.problems(path.steps, rows: space.rows, machine: output.model)
                #expect(problems.isEmpty, "machine \(number): \(problems)\n\(output.rendered.text)")
                steps += path.steps.count
            }
            Self.expectComplete(cover, space: space)
            rows += cover.rowsTaken.count
        }
        // The machines are worth covering: most rows of 200 machines are taken.
        #expect(rows > 2_000 && steps > rows / 2)
    }
}

import FSMCompiler
import FSMTestSupport
import Testing

/// `fsmc verify` (Commands › fsmc verify): a machine built to have each finding has it, at
/// its line, with a witness that replays through the interpreter to where it says; a near
/// miss has none.
@Suite struct VerifierTests {
    static func verify(_ source: String, questions: (StateMachine) throws -> Verifier.Questions = { _ in .init() })
        throws -> Verifier
    {
        let checked = FSMTestSupport.machine(source)
        let model = try #require(checked)
        return Verifier(try StateSpace(model), questions: try questions(model))
    }

    /// Each finding's witness replays to its configuration, through a new interpreter and
    /// as text through `simulate`'s reader; that of a livelock makes `simulate` stop with
    /// its error at the last event.
    static func expectWitnessesReplay(_ verifier: Verifier, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for finding in verifier.findings {
            let neverRests = finding.kind == .livelock
            let problems = PathReplay.problems(
                finding.witness, rows: verifier.space.rows, machine: verifier.space.machine, neverRests: neverRests)
            #expect(problems.isEmpty, "\(finding.kind): \(problems)", sourceLocation: sourceLocation)
            var simulation = Simulation(verifier.space.machine)
            var failures: [String] = []
            for line in verifier.witnessLines(of: finding) {
                do { _ = try simulation.run(line: line) } catch { failures.append(error.message) }
            }
            if neverRests {
                #expect(
                    failures.count == 1 && failures[0].contains("fired more than 1000 rows without coming to rest"),
                    "\(failures)", sourceLocation: sourceLocation)
            } else {
                #expect(failures.isEmpty, "\(finding.kind): \(failures)", sourceLocation: sourceLocation)
            }
        }
    }

    static let gate = """
        FSM: Gate
        Initial: Closed
        {
          Closed { Open Opened - }
          Opened { Close Closed -  Break Broken - }
          Broken - - -
        }
        """

    @Test func trapConfiguration() throws {
        let verifier = try Self.verify(Self.gate)
        #expect(
            verifier.text(sourceName: "test.sm") == """
                test.sm:6:3: warning: 'Broken' is a trap: it is reachable and no event leaves it; give it a row out, or ignore this if it is a final state [trapConfiguration]
                    Open
                    #   Closed Open -> Opened {}
                    Break
                    #   Opened Break -> Broken {}

                """)
        #expect(!verifier.failed)
        Self.expectWitnessesReplay(verifier)
    }

    /// A row out, even one that only a timer or a condition takes, is no trap; a state with
    /// only internal rows still is.
    @Test func nearMissesOfATrap() throws {
        let repaired = Self.gate.replacingOccurrences(of: "Broken - - -", with: "Broken { after(5s) Closed - }")
        #expect(try Self.verify(repaired).findings.isEmpty)
        let internalOnly = Self.gate.replacingOccurrences(of: "Broken - - -", with: "Broken { Kick - - }")
        #expect(try Self.verify(internalOnly).findings.map(\.kind) == [.trapConfiguration])
    }

    static let oneWay = """
        FSM: Boot
        Initial: Off
        {
          Off { Power Starting - }
          Starting { Ready Running - }
          Running { Pause Paused - }
          Paused { Resume Running - }
        }
        """

    @Test func noWayHome() throws {
        let verifier = try Self.verify(Self.oneWay)
        #expect(verifier.findings.map(\.kind) == [.noWayHome, .noWayHome, .noWayHome])
        #expect(verifier.findings.map(\.location.line) == [5, 6, 7])
        #expect(verifier.findings[0].message == "from 'Starting' the machine can never return to 'Off'")
        Self.expectWitnessesReplay(verifier)
        // With Running as home, only Starting remains a way that cannot… but it leads home.
        let home = try Self.verify(Self.oneWay) {
            Verifier.Questions(home: try Verifier.Questions.state(named: "Running", in: $0))
        }
        #expect(home.findings.isEmpty)
    }

    /// The initial state's entry list raises the event that leaves it: the machine never
    /// rests there, and without `--home` no way home is asked of it.
    @Test func initialStateThatARaisedEventLeavesIsNoHome() throws {
        let booting = """
            FSM: Boot
            Initial: Booting
            {
              Booting <^Ready { Ready Idle - }
              Idle { Go Busy - }
              Busy { Done Idle - }
            }
            """
        #expect(try Self.verify(booting).findings.isEmpty)
        // Asked of Idle, where the machine rests after its start, the way home is found.
        let home = try Self.verify(booting) {
            Verifier.Questions(home: try Verifier.Questions.state(named: "Idle", in: $0))
        }
        #expect(home.findings.isEmpty)
    }

    static let holes = """
        FSM: Player
        Initial: Paused
        {
          Paused { Resume [wasPlaying] Playing -   Stop Stopped - }
          Playing { Pause Paused -   Stop [isLive] Stopped -   Stop [!isLive] Paused - }
          Stopped { Play Playing - }
        }
        """

    /// `[wasPlaying]` alone leaves `wasPlaying=false` with no row: the event is rejected;
    /// `[isLive]` with `[!isLive]` covers every answer.
    @Test func rejectedEvent() throws {
        let verifier = try Self.verify(Self.holes)
        #expect(
            verifier.text(sourceName: "test.sm") == """
                test.sm:4:12: warning: 'Resume' in 'Paused' is rejected when wasPlaying=false: no row applies; add a row for these answers, such as one without the failing terms [rejectedEvent]
                    wasPlaying=false
                    Resume

                """)
        Self.expectWitnessesReplay(verifier)
        let covered = Self.holes.replacingOccurrences(
            of: "Resume [wasPlaying] Playing -", with: "Resume [wasPlaying] Playing -  Resume Paused -")
        #expect(try Self.verify(covered).findings.isEmpty)
    }

    static let desk = """
        FSM: Desk
        Initial: Off
        Parallel: On
        {
          Off                 { Power On - }
          (On)                { Power Off - }
          (Lamp) : On         { - Dark - }
          Dark : Lamp         { Press Lit - }
          Lit : Lamp          { Press Dark - }
          (Fan) : On          { - Still - }
          Still : Fan         { Press [isHot] Spinning - }
          Spinning : Fan      { Press Still - }
        }
        """

    /// `Press` is taken by the lamp whatever the answers, and by the fan only when
    /// `isHot()`: the fan's rows have a hole, though the event is taken. An else row in the
    /// fan closes it.
    @Test func rejectedInOneRegion() throws {
        let verifier = try Self.verify(Self.desk)
        #expect(
            verifier.text(sourceName: "test.sm") == """
                test.sm:11:25: warning: 'Press' in 'Still' is rejected when isHot=false while region 'Lamp' takes it: no row of region 'Fan' applies; add a row for these answers, such as one without the failing terms [rejectedEvent]
                    Power
                    #   Off Power -> On(Dark, Still) {}
                    isHot=false
                    Press
                    #   Dark Press -> Lit {}

                """)
        Self.expectWitnessesReplay(verifier)
        let covered = Self.desk.replacingOccurrences(
            of: "Press [isHot] Spinning - }", with: "Press [isHot] Spinning -  Press - - }")
        #expect(try Self.verify(covered).findings.isEmpty)
        // A raised event is handled after the event: the lamp's own row for it is no row
        // for `Press`.
        let raising = Self.desk.replacingOccurrences(
            of: "Dark : Lamp         { Press Lit - }", with: "Dark : Lamp { Press Lit ^Glow }"
        )
        .replacingOccurrences(of: "Lit : Lamp          { Press Dark - }", with: "Lit : Lamp { Press Dark -  Glow - - }")
        #expect(raising.contains("^Glow") && raising.contains("Glow - -"))
        let raised = try Self.verify(raising)
        #expect(raised.findings.map(\.message) == verifier.findings.map(\.message))
        Self.expectWitnessesReplay(raised)
    }

    /// A region inside a region: the inner parallel state's regions are asked apart, and
    /// the answers named are those the rejecting region's rows ask.
    @Test func rejectedInANestedRegion() throws {
        let source = """
            FSM: Rack
            Initial: Off
            Parallel: On
            Parallel: Cooling
            {
              Off                   { Power On - }
              (On)                  { Power Off - }
              (Lights) : On         { - Dim - }
              Dim : Lights          { Tick [isNight] Bright -  Tick [!isNight] Dim - }
              Bright : Lights       { Tick Dim - }
              (Cooling) : On        - - -
              (Fans) : Cooling      { - Slow - }
              Slow : Fans           { Tick [isHot] Fast - }
              Fast : Fans           { Tick Slow - }
              (Pumps) : Cooling     { - Idle - }
              Idle : Pumps          { Tick Idle - }
            }
            """
        let verifier = try Self.verify(source)
        let holes = verifier.findings.filter { $0.kind == .rejectedEvent }
        #expect(
            holes.map(\.message) == [
                "'Tick' in 'Slow' is rejected when isHot=false while region 'Pumps' takes it: no row of region 'Fans' applies; add a row for these answers, such as one without the failing terms"
            ])
        #expect(holes.first?.location.line == 13)
        Self.expectWitnessesReplay(verifier)
    }

    static let player = """
        FSM: Player
        Initial: Off
        Parallel: Media
        {
          Off                  { Power Media - }
          (Media)              { Power Off - }
          (Playback) : Media   { - Stopped - }
          Stopped : Playback   { Play Playing - }
          Playing : Playback   { Stop Stopped - }
          (Volume) : Media     { - Normal - }
          Normal : Volume      { Mute Muted - }
          Muted : Volume       { Mute [isLoud] Normal -  Mute [!isLoud] Muted - }
          Orphan { Power Off - }
        }
        """

    @Test func forbiddenConfigurationIsAnErrorWithItsWitness() throws {
        let verifier = try Self.verify(Self.player) { machine in
            Verifier.Questions(
                never: [
                    try Verifier.Questions.terms("in(Playing), in(Muted)", in: machine),
                    try Verifier.Questions.terms("in(Off), !in(Off)", in: machine),
                ])
        }
        #expect(verifier.failed)
        let forbidden = verifier.findings.filter { $0.kind == .forbiddenConfiguration }
        #expect(forbidden.count == 1)
        #expect(
            forbidden.first?.message
                == "'Media(Playing, Muted)' is reachable, and --never 'in(Playing), in(Muted)' forbids it")
        #expect(forbidden.first?.witness.count == 3)
        #expect(forbidden.first?.location.line == 8 || forbidden.first?.location.line == 11)
        Self.expectWitnessesReplay(verifier)
    }

    @Test func reachGoals() throws {
        let verifier = try Self.verify(Self.player) { machine in
            Verifier.Questions(reach: [
                try Verifier.Questions.state(named: "Muted", in: machine),
                try Verifier.Questions.state(named: "Orphan", in: machine),
            ])
        }
        #expect(verifier.failed)
        let kinds = verifier.findings.map(\.kind)
        #expect(kinds.contains(.reachableGoal) && kinds.contains(.unreachableGoal))
        let unreachable = try #require(verifier.findings.first { $0.kind == .unreachableGoal })
        #expect(unreachable.location.line == 13 && unreachable.witness.isEmpty)
        let reachable = try #require(verifier.findings.first { $0.kind == .reachableGoal })
        #expect(reachable.witness.count == 2)
        Self.expectWitnessesReplay(verifier)
        #expect(throws: Verifier.Questions.Failure.self) {
            try Verifier.Questions.terms("in(Mutd)", in: verifier.space.machine)
        }
        #expect(throws: Verifier.Questions.Failure.self) {
            try Verifier.Questions.terms("Muted", in: verifier.space.machine)
        }
    }

    /// Every example and fixture verifies, and every witness replays.
    @Test(arguments: Paths.machineFiles)
    func everyWitnessReplays(_ path: String) throws {
        guard let machine = PathCoverTests.load(path) else { return }
        let verifier = Verifier(try StateSpace(machine))
        Self.expectWitnessesReplay(verifier)
        #expect(!verifier.failed)
    }

    /// Regions multiply: past the limit, the search stops with the numbers for the message.
    @Test func limitStopsTheSearch() throws {
        var source = "FSM: Wide\nInitial: All\nParallel: All\n{\n  (All) - - -\n"
        for region in 0..<6 {
            source += "  (R\(region)) : All { - A\(region) - }\n"
            source += "  A\(region) : R\(region) { E\(region) B\(region) - }\n"
            source += "  B\(region) : R\(region) { E\(region) C\(region) - }\n"
            source += "  C\(region) : R\(region) { E\(region) A\(region) - }\n"
        }
        source += "}\n"
        let checked = FSMTestSupport.machine(source)
        let wide = try #require(checked)
        #expect(StateSpace.configurationBound(wide) == 729)
        #expect(try StateSpace(wide).configurations.count == 729)
        // Where the regions allow more configurations than the limit, the search does not start.
        #expect(throws: StateSpace.LimitExceeded(limit: 500, found: 0, depth: 0, bound: 729)) {
            try StateSpace(wide, limit: 500)
        }
        // A superstate's timer, spent or running, doubles the situations of its two states.
        let timedModel = FSMTestSupport.machine(
            "FSM: T\nInitial: A\n{\n  (Top) { after(5s) B - }\n  A : Top { Go B - }\n  B : Top { Go A - }\n}\n")
        let timed = try #require(timedModel)
        #expect(try StateSpace(timed).nodes.count == 4)
        #expect(throws: StateSpace.LimitExceeded(limit: 3, found: 3, depth: 2)) { try StateSpace(timed, limit: 3) }
    }
}

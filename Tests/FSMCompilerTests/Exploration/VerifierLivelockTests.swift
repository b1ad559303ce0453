import FSMCompiler
import FSMTestSupport
import Testing

/// `fsmc verify`'s `livelock` (Commands › fsmc verify): `always` rows that, for some
/// answers, lead back to where they started, so that one event never comes to rest. The
/// witness makes `simulate` stop with its error; near misses have no finding.
@Suite struct VerifierLivelockTests {
    static func space(_ source: String) throws -> StateSpace {
        let checked = FSMTestSupport.machine(source)
        return try StateSpace(try #require(checked))
    }

    /// Connecting retries through Waiting while `isOnline` is false and `canRetry` true.
    static let retry = String(decoding: readBytes(Paths.fixtures + "/Machines/Retry.sm"), as: UTF8.self)

    @Test func conditionalCycle() throws {
        let verifier = try VerifierTests.verify(Self.retry)
        #expect(
            verifier.text(sourceName: "test.sm") == """
                test.sm:9:5: warning: 'always' rows lead from 'Connecting' back to it (Connecting -> Waiting -> Connecting) when isOnline=false, canRetry=true, and never come to rest; give the cycle a way out, or make sure these answers change on the way [livelock]
                test.sm:12:13: note: 'always' row of 'Waiting'
                    isOnline=false
                    canRetry=true
                    Connect
                    #   Idle Connect -> Connecting {}
                    #   Connecting always [!isOnline, canRetry] -> Waiting {retry}
                    #   Waiting always -> Connecting {}
                    #   and so on, for ever: simulate stops with an error

                """)
        #expect(!verifier.failed)
        VerifierTests.expectWitnessesReplay(verifier)
    }

    /// A cycle the machine enters when it starts: the first event, which starts it, never
    /// comes to rest; reported once, however many events lead into it.
    @Test func cycleOfTheStart() throws {
        let starting = Self.retry.replacingOccurrences(of: "Initial: Idle", with: "Initial: Connecting")
        let verifier = try VerifierTests.verify(starting)
        let livelocks = verifier.findings.filter { $0.kind == .livelock }
        #expect(livelocks.count == 1)
        #expect(livelocks.first?.witness.count == 1)
        #expect(livelocks.first?.location.line == 9)
        VerifierTests.expectWitnessesReplay(verifier)
    }

    /// A step that never rests takes no edge: no path goes through it, and the rows only
    /// it takes are rows no path can take.
    @Test func pathsLeaveTheCycleOut() throws {
        let space = try Self.space(Self.retry)
        let machine = space.machine
        // `Connect` from the new machine, and from `Idle` once started.
        #expect(space.livelocks.map(\.choice.event) == [machine.appEvents[0], machine.appEvents[0]])
        #expect(Set(space.configurations.map { space.describe($0.leaves) }) == ["Idle", "Online", "Failed"])
        let cover = PathCover(space, criterion: .transitions)
        #expect(
            cover.unreachable == [
                "Connecting always [!isOnline, canRetry] -> Waiting {retry}", "Waiting always -> Connecting {}",
            ])
        let replay = PathReplay.simulate(PathWriter.text(cover, sourceName: "Retry.sm"), machine: machine)
        #expect(replay.problems.isEmpty && replay.events == 4)
    }

    static let monitor = """
        FSM: Monitor
        Initial: Off
        Parallel: On
        {
          Off                { Power On - }
          (On)               { Power Off - }
          (Link) : On        { - Probing - }
          Probing : Link     { always [!isUp] Backoff retry   always Up - }
          Backoff : Link     { always [canRetry] Probing -   always Down - }
          Up : Link          { Lose Probing - }
          Down : Link        { Reset Probing - }
          (Screen) : On      { - Dark - }
          Dark : Screen      { Touch Lit - }
          Lit : Screen       { Touch Dark - }
        }
        """

    /// In one region, with the other at rest: the configurations name both.
    @Test func cycleInARegion() throws {
        let verifier = try VerifierTests.verify(Self.monitor)
        let livelocks = verifier.findings.filter { $0.kind == .livelock }
        #expect(
            livelocks.map(\.message) == [
                "'always' rows lead from 'On(Probing, Dark)' back to it (On(Probing, Dark) -> On(Backoff, Dark) -> On(Probing, Dark)) when isUp=false, canRetry=true, and never come to rest; give the cycle a way out, or make sure these answers change on the way"
            ])
        #expect(livelocks.first?.location.line == 8)
        #expect(livelocks.first?.notes.map(\.location.line) == [9])
        #expect(livelocks.first?.witness.map { verifier.space.machine.events[$0.choice.event].name } == ["Power"])
        VerifierTests.expectWitnessesReplay(verifier)
    }

    /// Rows of two regions in one step, each region in a cycle of its own: one cycle of
    /// the configuration, whatever the answers, since state tests decide it.
    @Test func cycleOfTwoRegionsByStateTests() throws {
        let source = """
            FSM: Pendulum
            Initial: Off
            Parallel: On
            {
              Off              { Go On - }
              (On)             { Stop Off - }
              (Left) : On      { - L1 - }
              L1 : Left        { always [in(R1)] L2 - }
              L2 : Left        { always [in(R2)] L1 - }
              (Right) : On     { - R1 - }
              R1 : Right       { always [in(L1)] R2 - }
              R2 : Right       { always [in(L2)] R1 - }
            }
            """
        let verifier = try VerifierTests.verify(source)
        let livelocks = verifier.findings.filter { $0.kind == .livelock }
        #expect(
            livelocks.map(\.message) == [
                "'always' rows lead from 'On(L1, R1)' back to it (On(L1, R1) -> On(L2, R2) -> On(L1, R1)) whatever the answers, and never come to rest; give the cycle a way out"
            ])
        #expect(livelocks.first?.notes.map(\.location.line) == [11, 9, 12])
        VerifierTests.expectWitnessesReplay(verifier)
    }

    /// Raised events keep a step going as `always` rows do: a row that raises its own
    /// event, a decision whose row raises what brings the machine back to it, and rows
    /// that raise more events than they handle, which never meet a situation again.
    @Test func cyclesThroughRaisedEvents() throws {
        let pinging = try VerifierTests.verify(
            "FSM: Ping\nInitial: Idle\n{\n  Idle { Go Busy - }\n  Busy { Ping [isOn] - ^Ping  Ping Idle -  Go - ^Ping }\n}\n"
        )
        #expect(
            pinging.findings.filter { $0.kind == .livelock }.map(\.message) == [
                "rows taken for raised events ('Ping') lead from 'Busy' back to it (Busy -> Busy) when isOn=true, and never come to rest; give the cycle a way out, or make sure these answers change on the way"
            ])
        VerifierTests.expectWitnessesReplay(pinging)
        let mixed = try VerifierTests.verify(
            "FSM: Mix\nInitial: Idle\n{\n  Idle { Go Check - }\n  Check { always [isOn] Wait ^Tick   always Idle - }\n  Wait { Tick Check - }\n}\n"
        )
        let mixedLivelock = try #require(mixed.findings.first { $0.kind == .livelock })
        #expect(
            mixedLivelock.message.hasPrefix("'always' rows and rows taken for raised events ('Tick') lead from 'Check'")
        )
        #expect(mixedLivelock.notes.map(\.message) == ["'Tick' row of 'Wait'"])
        VerifierTests.expectWitnessesReplay(mixed)
        let growing = try VerifierTests.verify(
            "FSM: Grow\nInitial: Idle\n{\n  Idle { Go Busy - }\n  Busy { Ping - {^Ping ^Ping}  Go - ^Ping  Stop Idle - }\n}\n"
        )
        #expect(
            growing.findings.filter { $0.kind == .livelock }.map(\.message) == [
                "'Go' in 'Busy' fires more than 1000 rows without coming to rest; give its rows a way out"
            ])
        VerifierTests.expectWitnessesReplay(growing)
    }

    /// A raised event that no row takes ends the step: it is unhandled, not a cycle.
    @Test func raisedEventThatNoRowTakesIsNoLivelock() throws {
        let source = "FSM: Bounce\nInitial: A\n{\n  A { Go B ^Hop }\n  B { Hop [isOn] A ^Hop  Hop - - }\n}\n"
        #expect(try Self.space(source).livelocks.isEmpty)
    }

    /// Decisions that test one condition both ways: whichever its answer, one of them
    /// leaves the cycle, so no answers keep it turning.
    @Test func conditionThatBreaksTheCycleIsNoLivelock() throws {
        let source = """
            FSM: Form
            Initial: Editing
            {
              Editing { Submit Checking - }
              Checking { always [isValid] Saving -   always Editing showErrors }
              Saving { always [!isValid] Checking -   always Done save }
              Done { Edit Editing - }
            }
            """
        let verifier = try VerifierTests.verify(source)
        #expect(verifier.findings.isEmpty, "\(verifier.text(sourceName: "Form.sm"))")
        #expect(try Self.space(source).livelocks.isEmpty)
    }

    /// A cycle that waits for an event on its way round comes to rest there.
    @Test func cycleThroughAnEventIsNoLivelock() throws {
        let source = """
            FSM: Poll
            Initial: Waiting
            {
              Waiting { always [isDue] Polling ask }
              Polling { Answer Waiting - }
            }
            """
        let verifier = try VerifierTests.verify(source)
        #expect(!verifier.findings.contains { $0.kind == .livelock })
        #expect(try Self.space(source).livelocks.isEmpty)
    }
}

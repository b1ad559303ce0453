import FSMCompiler
import FSMTestSupport
import Testing

/// Machines with parallel states and data states in generated Swift (Language reference ›
/// State data, The generated Swift › Regions): each region's enum carries its data states'
/// values, and the machine does what `fsmc simulate` says it does.
@Suite struct RegionDataCodeTests {
    /// A parallel state whose regions hold data states, a data state outside it, deep and
    /// shallow history, a fork that gives values, a rewrite, a computing action in an
    /// initial row, and entry and exit lists that read values.
    static let studio = """
        FSM: Studio
        Initial: Off
        Parallel: Media
        History: Playback = deep
        History: Volume = shallow
        State: Off(count: Int)
        State: Playing(url: String, at: Int)
        State: Muted(level: Int)
        StateData: Hashable Sendable Codable
        Event: Load(url: String)
        {
          Off <greet(count) >bye(count) { Load Playing(at: 0) & Muted(level: 0) -  Power Media -  Bump -(count: plus(count, 1)) - }
          (Media) { Power Off(count: 9) -  Leave Elsewhere - }
          (Playback) : Media { - Playing(url: "intro", at: plus(1, 2)) cue }
          Playing : Playback >stopAt(at) { Seek -(at: plus(at, 5)) -  Stop Stopped - }
          Stopped : Playback { Play Playing(url: "again", at: 1) - }
          (Volume) : Media { - Muted(level: 1) - }
          Muted : Volume <showLevel(level) >leave(level) { Louder Muted(level: 2)  {louder(level)}  Unmute Loud - }
          Loud : Volume { Mute Muted(level: 3) - }
          Elsewhere { Back Media - }
        }

        """

    /// Runs the studio through events and prints each configuration with the actions run,
    /// then its name, its events, and a snapshot encoded and restored.
    static let driver = #"""
        import Foundation

        final class Log { var lines: [String] = [] }

        struct Recorder: StudioActions {
            let log: Log
            func greet(_ count: Int) { log.lines.append("greet(\(count))") }
            func bye(_ count: Int) { log.lines.append("bye(\(count))") }
            func plus(_ count: Int, _ p2: Int) -> Int { log.lines.append("plus(\(count), \(p2))"); return count + p2 }
            func cue() { log.lines.append("cue") }
            func stopAt(_ at: Int) { log.lines.append("stopAt(\(at))") }
            func showLevel(_ level: Int) { log.lines.append("showLevel(\(level))") }
            func leave(_ level: Int) { log.lines.append("leave(\(level))") }
            func louder(_ level: Int) { log.lines.append("louder(\(level))") }
        }

        let log = Log()
        let machine = Studio(actions: Recorder(log: log), count: 4)
        @MainActor func report(_ what: String) {
            print(([what, "->", "\(machine.state)"] + log.lines).joined(separator: " "))
            log.lines = []
        }
        machine.start()
        report("start")
        let events: [(String, StudioEvent)] = [
            ("Bump", .bump), ("Load", .load(url: "u")), ("Seek", .seek), ("Louder", .louder), ("Leave", .leave),
            ("Back", .back), ("Stop", .stop), ("Unmute", .unmute), ("Power", .power), ("Power", .power),
            ("Mute", .mute), ("Play", .play), ("Seek", .seek),
        ]
        for (name, event) in events {
            _ = machine.handle(event)
            report(name)
        }
        print("name: \(machine.state.name)")
        print("handled: \(machine.state.handledEvents.map(\.description).joined(separator: " "))")
        let data = try JSONEncoder().encode(machine.snapshot)
        let restored = Studio(actions: Recorder(log: log), snapshot: try JSONDecoder().decode(StudioSnapshot.self, from: data))
        print("restored: \(restored.state) equal: \(restored.snapshot == machine.snapshot)")
        let fresh = Studio(actions: Recorder(log: log), count: 1)
        _ = fresh.handle(.power)
        print((["fresh Power ->", "\(fresh.state)"] + log.lines).joined(separator: " "))

        """#

    /// What `fsmc simulate Studio.sm --initial 'count: 4'` prints for the same events, the
    /// computing actions evaluated (`plus(0, 5)` is 5).
    @Test func theGeneratedMachineDoesWhatSimulateSays() throws {
        let swift = try StateDataCodeTests.swift(of: Self.studio, named: "Studio")
        let output = try StateDataCodeTests.run(swift, named: "Studio", driver: Self.driver, executable: "RegionData")
        #expect(
            output == """
                start -> Off(count: 4) greet(4)
                Bump -> Off(count: 5) plus(4, 1)
                Load -> Media(Playing(url: "u", at: 0), Muted(level: 0)) bye(5) showLevel(0)
                Seek -> Media(Playing(url: "u", at: 5), Muted(level: 0)) plus(0, 5)
                Louder -> Media(Playing(url: "u", at: 5), Muted(level: 2)) leave(0) louder(0) showLevel(2)
                Leave -> Elsewhere leave(2) stopAt(5)
                Back -> Media(Playing(url: "u", at: 5), Muted(level: 2)) showLevel(2)
                Stop -> Media(Stopped, Muted(level: 2)) stopAt(5)
                Unmute -> Media(Stopped, Loud) leave(2)
                Power -> Off(count: 9) greet(9)
                Power -> Media(Stopped, Loud) bye(9)
                Mute -> Media(Stopped, Muted(level: 3)) showLevel(3)
                Play -> Media(Playing(url: "again", at: 1), Muted(level: 3))
                Seek -> Media(Playing(url: "again", at: 6), Muted(level: 3)) plus(1, 5)
                name: Media(Playing, Muted)
                handled: Power Leave Seek Stop Louder Unmute
                restored: Media(Playing(url: "again", at: 6), Muted(level: 3)) equal: true
                fresh Power -> Media(Playing(url: "intro", at: 3), Muted(level: 1)) greet(1) bye(1) plus(1, 2) cue showLevel(1)

                """)
    }

    /// At public and package access, the types with values, the name tree and the helpers
    /// build warning-free, as a library's machine must.
    @Test(arguments: [SwiftAccess.public, .package])
    func eachAccessLevelBuildsWarningFree(_ access: SwiftAccess) throws {
        let output = Compiler.compile(SourceFile(name: "Studio.sm", text: Self.studio), access: access)
        let swift = try #require(output.swift, "\(output.diagnostics)")
        #expect(swift.contains("\(access.rawValue) enum StudioState:"))
        #expect(swift.contains("\(access.rawValue) enum StudioStateName:"))
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "RegionDataAccess-\(access.rawValue)", files: ["Studio.swift": swift], checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }

    /// The types with values claim what the `StateData:` header says, and a region without
    /// data keeps every conformance of its states' names.
    static let claimCases: [(values: String, claims: String?, headers: String)] = [
        ("any Error", nil as String?, ""), ("String", "Equatable", ""), ("String", "Hashable Sendable Codable", ""),
        ("any Error", nil, "Observable: true\nIsolation: MainActor\n"), ("String", "Hashable", "Async: bumped done\n"),
    ]

    @Test(arguments: claimCases.indices)
    func eachClaimBuildsWarningFree(_ index: Int) throws {
        let (values, claims, headers) = Self.claimCases[index]
        let source = """
            FSM: Deck
            Initial: Off
            Parallel: On
            Import: Foundation
            \(headers)State: Playing(item: \(values), n: Int)
            \(claims.map { "StateData: \($0)\n" } ?? "")Event: Play(item: \(values))
            {
              Off { Play On - }
              (On) { Stop Off - }
              (Media) : On { - Idle - }
              Idle : Media { Play Playing(n: 1) - }
              Playing : Media >done(item) { Next -(n: bumped(n)) -  Halt Idle - }
              (Light) : On { - Dark - }
              Dark : Light { Flip Bright - }
              Bright : Light { Flip Dark - }
            }

            """
        let swift = try StateDataCodeTests.swift(of: source, named: "Deck")
        var uses = ["import Foundation", "func use(_ state: DeckState, _ snapshot: DeckSnapshot) {"]
        uses.append("    _ = Set([state.name]); _ = DeckStateName.allCases")
        uses.append("    let light: DeckState.On.Light = .dark; _ = Set([light])")
        if claims?.contains("Equatable") == true || claims?.contains("Hashable") == true {
            uses.append("    _ = state == state")
        }
        if claims?.contains("Codable") == true { uses.append("    _ = try? JSONEncoder().encode(snapshot)") }
        uses.append("}")
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "RegionDataClaims\(index)",
            files: ["Deck.swift": swift, "Use.swift": uses.joined(separator: "\n") + "\n"],
            checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }

    /// A claim the values lack fails at the `StateData:` line of the `.sm` file, for the
    /// region's enum that holds them as for the state enum.
    @Test(arguments: ["Hashable", "Codable"])
    func aClaimTheValuesLackFailsAtTheHeader(_ claim: String) throws {
        let source = """
            FSM: Deck
            Initial: Off
            Parallel: On
            State: Playing(item: any Error)
            StateData: \(claim)
            Event: Play(item: any Error)
            {
              Off { Play On - }
              (On) { Stop Off - }
              (Media) : On { - Idle - }
              Idle : Media { Play Playing - }
              Playing : Media { Halt Idle - }
              (Light) : On { - Dark - }
              Dark : Light { Flip Dark - }
            }

            """
        let swift = try StateDataCodeTests.swift(of: source, named: "Deck")
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "region-data-claim-\(claim)", files: ["Deck.swift": swift])
        let protocolName = claim == "Codable" ? "Decodable" : claim
        #expect(
            diagnostics.contains(
                "Deck.sm:5:1: error: type 'DeckState.On.Media' does not conform to protocol '\(protocolName)'"),
            "\(diagnostics.prefix(2_000))")
    }

    /// A region entered by its own rules, beside what a row names or by a row into its
    /// parallel state, takes the values its initial row carries or writes from the row's
    /// labels: `resolvePlayback(track:)` is passed the event's `track`. A shallow history
    /// keeps `Quiet`'s value.
    static let carrying = """
        FSM: Media
        Initial: Off
        Parallel: Player
        History: Volume = shallow
        State: Playing(track: Int, gain: Int)
        State: Quiet(gain: Int)
        Event: Play(track: Int)
        Event: Tune(gain: Int, track: Int)
        {
          Off <reset { Play Player -  Tune Player - }
          (Player) { Stop Off - }
          (Playback) : Player { - Playing(gain: track) - }
          Playing : Playback >left(track, gain) { Pause Stopped - }
          Stopped : Playback { Play Playing(gain: 1) - }
          (Volume) : Player { - Loud - }
          Loud : Volume { Mute Quiet(gain: 0) - }
          Quiet : Volume <hush(gain) { Unmute Loud - }
        }

        """

    static let carryingDriver = #"""
        final class Log { var lines: [String] = [] }
        struct Recorder: MediaActions {
            let log: Log
            func reset() { log.lines.append("reset") }
            func left(_ track: Int, _ gain: Int) { log.lines.append("left(\(track), \(gain))") }
            func hush(_ gain: Int) { log.lines.append("hush(\(gain))") }
        }
        let log = Log()
        let machine = Media(actions: Recorder(log: log))
        let events: [(String, MediaEvent)] = [
            ("Play", .play(track: 7)), ("Mute", .mute), ("Stop", .stop), ("Tune", .tune(gain: 5, track: 2)), ("Pause", .pause),
            ("Play", .play(track: 4)), ("Unmute", .unmute), ("Stop", .stop), ("Play", .play(track: 9)),
        ]
        for (name, event) in events {
            _ = machine.handle(event)
            print(([name, "->", "\(machine.state)"] + log.lines).joined(separator: " "))
            log.lines = []
        }

        """#

    /// What `fsmc simulate` prints for the same events (the driver also shows the start's
    /// `reset`, which `simulate` runs before its first line).
    @Test func aRegionEnteredByItsRulesTakesTheRowsLabels() throws {
        let swift = try StateDataCodeTests.swift(of: Self.carrying, named: "Media")
        #expect(swift.contains("private func resolvePlayback(track: Int) -> MediaState.Player.Playback {"))
        let output = try StateDataCodeTests.run(
            swift, named: "Media", driver: Self.carryingDriver, executable: "RegionDataCarrying")
        #expect(
            output == """
                Play -> Player(Playing(track: 7, gain: 7), Loud) reset
                Mute -> Player(Playing(track: 7, gain: 7), Quiet(gain: 0)) hush(0)
                Stop -> Off left(7, 7) reset
                Tune -> Player(Playing(track: 2, gain: 2), Quiet(gain: 0)) hush(0)
                Pause -> Player(Stopped, Quiet(gain: 0)) left(2, 2)
                Play -> Player(Playing(track: 4, gain: 1), Quiet(gain: 0))
                Unmute -> Player(Playing(track: 4, gain: 1), Loud)
                Stop -> Off left(4, 1) reset
                Play -> Player(Playing(track: 9, gain: 9), Loud)

                """)
    }

    /// An async computing action in a region's initial row: the `resolve…` helpers are
    /// async and awaited, and a deep history's `??` becomes an `if let` (the right side of
    /// `??` takes no `await`).
    @Test func anAsyncComputingActionInARegionsInitialRowIsAwaited() throws {
        let source = """
            FSM: Media
            Initial: Off
            Parallel: Player
            History: Player = deep
            State: Playing(track: Int)
            Async: first
            {
              Off { Play Player - }
              (Player) { Stop Off - }
              (Playback) : Player { - Playing(track: first()) - }
              Playing : Playback { Pause Stopped - }
              Stopped : Playback { Play Playing(track: 1) - }
              (Volume) : Player { - Loud - }
              Loud : Volume { Mute Loud - }
            }

            """
        let swift = try StateDataCodeTests.swift(of: source, named: "Media")
        #expect(swift.contains("private func resolvePlayback() async -> MediaState.Player.Playback {"))
        #expect(swift.contains("return .playing(track: await actions.first())"))
        #expect(swift.contains("if let stored = history.player {"))
        try StateDataCodeTests.expectTypechecks(swift, named: "Media", check: "RegionDataAsyncInitialRow")
    }

    /// A substate that a shallow history may resume enters by its initial rows, whose labels
    /// every row entering the region must carry: `Go` carries `n` for `Cue`, and a row that
    /// does not is a `stateValue` error.
    static let resumedCarrying = """
        FSM: Deck
        Initial: Off
        Parallel: On
        History: S = shallow
        State: Cue(n: Int)
        Event: Go(n: Int)
        {
          Off { Go On - }
          (On) { Stop Off - }
          (R) : On { - S - }
          (S) : R { - S1 - }
          S1 : S { Go T - }
          (T) : S { - Cue - }
          Cue : T { Back S1 - }
          (L) : On { - L1 - }
          L1 : L { Flip L1 - }
        }

        """

    @Test func aLabelAResumedSubstateCarriesIsCheckedAndPassed() throws {
        let swift = try StateDataCodeTests.swift(of: Self.resumedCarrying, named: "Deck")
        #expect(swift.contains("private func resolveS(n: Int) -> DeckState.On.R {"))
        try StateDataCodeTests.expectTypechecks(swift, named: "Deck", check: "RegionDataResumedCarrying")
        let lacking = Self.resumedCarrying.replacingOccurrences(
            of: "Off { Go On - }", with: "Off { Go On -  Plain On - }")
        let diagnostics = Compiler.check(SourceFile(name: "Deck.sm", text: lacking)).diagnostics.map(\.description)
        #expect(
            diagnostics.contains {
                $0.hasPrefix(
                    "Deck.sm:8:24: error: state 'Cue' needs its value 'n' here: write it, as in '- Cue(n: …)' in the initial row that enters it, or give event 'Plain' or state 'Off' a value 'n'"
                )
            }, "\(diagnostics)")
    }

    /// Shapes the differential test found failing to build: a shallow history of a region
    /// that stores a data state itself (its value kept), a data state in a parallel state
    /// nested in a region (the struct without values defaults to the types without values),
    /// an initial row naming a data state below its substate, and histories of a superstate
    /// in a region and of one above the parallel state.
    static let foundByTheDifferential = [
        """
        FSM: R3
        Initial: P
        Parallel: P
        History: B = shallow
        State: S2(v: Int)
        StateData: Hashable Sendable Codable
        {
          (P) - - -
          (A) : P - S1 -
          S1 : A E1 - a
          (B) : P - S2(v: 3) -
          S2 : B E2 S3 -
          S3 : B E2 S2(v: 4) -
        }

        """,
        """
        FSM: R4
        Initial: P
        Parallel: P
        Parallel: Q
        State: S2(v: Int)
        StateData: Hashable Sendable Codable
        {
          (P) - - -
          (A) : P - Q -
          (Q) : A - - -
          (C) : Q - S2(v: 1) -
          S2 : C E1 - a
          (D) : Q - S4 -
          S4 : D - - -
          (B) : P - S3 -
          S3 : B - - -
        }

        """,
        """
        FSM: R5
        Initial: P
        Parallel: P
        State: S2(v: Int)
        StateData: Hashable Sendable Codable
        {
          (P) - - -
          (A) : P - S1 -
          S1 : A E1 - a
          (B) : P - S2(v: 3) -
          (C) : B - - -
          S2 : C - - -
        }

        """,
        """
        FSM: R7
        Initial: P
        Parallel: P
        History: C = shallow
        State: S2(v: Int)
        StateData: Hashable Sendable Codable
        {
          (P) - - -
          (A) : P - S1 -
          S1 : A E1 - a
          (B) : P - C -
          C : B { - S2(v: 3) -  E3 S4 - }
          S2 : C E2 S3 -
          S3 : C E2 S2(v: 4) -
          S4 : B E3 C -
        }

        """,
        """
        FSM: R8
        Initial: S1
        Parallel: P
        History: X = deep
        State: S1(v: Int)
        StateData: Hashable Sendable Codable
        {
          (X) - S1(v: 1) -
          S1 : X E1 P -
          (P) : X E2 O -
          (A) : P - S2 -
          S2 : A E3 - a
          (B) : P - S3 -
          S3 : B - - -
          O E2 X -
        }

        """,
    ]

    @Test(arguments: foundByTheDifferential.indices)
    func shapesTheDifferentialFoundBuild(_ index: Int) throws {
        let source = Self.foundByTheDifferential[index]
        let name = String(source.dropFirst("FSM: ".count).prefix { $0 != "\n" })
        let swift = try StateDataCodeTests.swift(of: source, named: name)
        try StateDataCodeTests.expectTypechecks(swift, named: name, check: "RegionDataShape\(index)")
    }
}

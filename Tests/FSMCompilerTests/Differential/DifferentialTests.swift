import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Generated code means what the interpreter says the machine means: random valid
/// machines are compiled to Swift, built with a driver, and run through random events,
/// predicate values and condition results; the traces must agree line by line.
///
/// CI runs 200 machines × 1,000 events. For a longer run:
/// `FSMC_DIFFERENTIAL_MACHINES=1000 swift test --filter Differential` (other settings:
/// `DifferentialSettings`).
@Suite(.serialized) struct DifferentialTests {
    @Test func generatedCodeAgreesWithTheInterpreter() throws {
        let settings = DifferentialSettings.fromEnvironment
        let toolchain = try SwiftToolchain.shared.get()
        let runner = DifferentialRunner(toolchain: toolchain, seed: settings.seed)
        var tally = DifferentialRunner.Tally()
        let numbers = Array(settings.firstMachine..<(settings.firstMachine + settings.machines))
        var divergences: [Divergence] = []
        let clock = ContinuousClock()
        let started = clock.now
        for start in stride(from: 0, to: numbers.count, by: settings.batchSize) {
            let batch = numbers[start..<min(start + settings.batchSize, numbers.count)]
            let subjects = try batch.map { try DifferentialSubject.random($0, settings: settings) }
            divergences += try runner.run(subjects, batchName: "batch-\(batch.first!)", tally: &tally)
        }
        for divergence in divergences { Issue.record("\(divergence)") }
        print(
            "differential: seed \(settings.seed), \(tally.machines) machines (\(tally.rows) flattened rows), "
                + "\(tally.events) events: \(tally.transitions) transitions, \(tally.rejected) rejected, "
                + "\(tally.unhandled) unhandled; \(tally.machinesWithValues) machines with event values, "
                + "\(tally.transitionsPassingValues) transitions passing values, "
                + "\(tally.conditionsAskedWithValues) events asking a condition with a value, "
                + "\(tally.transitionsPassingLiterals) transitions passing literals, "
                + "\(tally.conditionsAskedWithLiterals) events asking a condition with a literal; "
                + "\(tally.machinesWithInitialRows) machines with initial rows, \(tally.machinesWithHistory) with history, "
                + "\(tally.transitionsEnteringSuperstates) transitions entering a superstate, "
                + "\(tally.transitionsResumingHistory) transitions resuming history; "
                + "\(tally.machinesWithTimers) machines with timers, \(tally.timeouts) timeouts, "
                + "\(tally.ignoredFirings) firings of timers not running; "
                + "\(tally.machinesWithRegions) machines with regions, \(tally.transitionsInRegions) transitions in regions, "
                + "\(tally.forks) forks, \(tally.joins) joins; \(tally.alwaysSteps) always steps, \(tally.raisedEvents) raised events; "
                + "\(tally.machinesWithStateData) machines with state data (\(tally.machinesWithRegionsAndStateData) with regions), "
                + "\(tally.data.transitionsToDataStates) transitions to data states, "
                + "\(tally.data.valueRewrites) value rewrites, \(tally.data.computingCalls) computing action calls; "
                + "\(divergences.count) divergences; "
                + String(
                    format: "%.0f s in all, %.0f s building, %.0f s running generated code",
                    DifferentialRunner.seconds(clock.now - started), tally.buildSeconds, tally.runSeconds))
        #expect(tally.machines == settings.machines)
        #expect(tally.events == settings.machines * settings.events)
        // The runs must exercise the machines, not bounce off unhandled events.
        #expect(tally.transitions * 4 > tally.events)
        #expect(settings.machines < 20 || tally.rejected > 0)
        #expect(settings.machines < 20 || (tally.transitionsPassingValues > 0 && tally.conditionsAskedWithValues > 0))
        // And they must exercise statecharts: initial rows and histories, stored and resumed.
        #expect(
            settings.machines < 20
                || (tally.machinesWithInitialRows * 4 > tally.machines
                    && tally.machinesWithHistory * 8 > tally.machines)
        )
        #expect(
            settings.machines < 20 || (tally.transitionsEnteringSuperstates > 0 && tally.transitionsResumingHistory > 0)
        )
        // And timers, firing when they run and ignored when they do not.
        #expect(
            settings.machines < 20
                || (tally.machinesWithTimers * 8 > tally.machines
                    && tally.timeouts > 0 && tally.ignoredFirings > 0)
        )
        // And `always` rows, taken after events.
        #expect(settings.machines < 20 || tally.alwaysSteps > 0)
        // And raised events, handled after them.
        #expect(settings.machines < 20 || tally.raisedEvents > 0)
        // And data states: values written, computed and rewritten.
        #expect(
            settings.machines < 20
                || (tally.machinesWithStateData * 8 > tally.machines && tally.data.valueRewrites > 0
                    && tally.data.computingCalls > 0)
        )
        // And data states in machines with regions.
        #expect(settings.machines < 20 || tally.machinesWithRegionsAndStateData * 40 > tally.machines)
        // And regions: rows inside them, forks and joins.
        #expect(
            settings.machines < 20
                || (tally.machinesWithRegions * 8 > tally.machines
                    && tally.transitionsInRegions > 0 && tally.forks > 0 && tally.joins > 0)
        )
    }

    /// A machine of more than `inliningLimit` transitions gets the other shape of dispatch
    /// (separate state functions, `dispatch` inlined into `handleEvent`); it must mean the same.
    @Test func largeMachineAgreesWithTheInterpreter() throws {
        let states = 55
        let events = 20
        var source =
            "FSM: M900001\nInitial: S0\nPredicate: Mode = a | b\n{\n  (Base) <enter >leave { Reset S0 reset }\n"
        for state in 0..<states {
            let rows = (0..<events).map { event -> String in
                let target = "S\((state * 7 + event) % states)"
                return event == 1
                    ? "E1 [Mode = a] \(target) act1  E1 [Mode = b] - act2"
                    : "E\(event) \(target) act\(event % 5)"
            }
            source += "  S\(state) : Base { " + rows.joined(separator: "  ") + " }\n"
        }
        source += "}\n"
        let model = try #require(machine(source))
        let transitions = model.concreteStates.reduce(0) { $0 + model.states[$1].transitions.count }
        #expect(transitions > 1_000)
        let swift = try #require(Compiler.compile(SourceFile(name: "M900001.sm", text: source)).swift)
        #expect(!swift.contains("@inline(__always)\n    private func handleIn"))
        #expect(swift.contains("@inline(__always)\n    private func dispatch"))

        let subject = try DifferentialSubject(
            number: 900_001, source: source,
            steps: DifferentialStep.random(2_000, for: model, seed: 11))
        let runner = DifferentialRunner(toolchain: try SwiftToolchain.shared.get())
        var tally = DifferentialRunner.Tally()
        let divergences = try runner.run([subject], batchName: "large", tally: &tally)
        for divergence in divergences { Issue.record("\(divergence)") }
        #expect(tally.events == 2_000)
        #expect(tally.transitions > 1_000)
    }

    /// The harness catches a code generator that gets one action wrong, and shrinks the
    /// case to the events that show it.
    @Test func harnessReportsAndShrinksADivergence() throws {
        let source = """
            FSM: M900000
            Initial: Locked
            {
              (Resetable) { Reset Locked lock }
              Locked : Resetable <lock { Coin Unlocked - Pass Alarming - }
              Unlocked : Resetable <unlock { Coin - thankyou Pass Locked - }
              Alarming : Resetable <alarmOn >alarmOff - - -
            }

            """
        let model = try #require(machine(source))
        let steps = DifferentialStep.random(300, for: model, seed: 7)
        let subject = try DifferentialSubject(number: 900_000, source: source, steps: steps) { swift in
            swift.replacingOccurrences(of: "actions.thankyou()", with: "actions.unlock()")
        }
        let runner = DifferentialRunner(toolchain: try SwiftToolchain.shared.get())
        var tally = DifferentialRunner.Tally()
        let divergences = try runner.run([subject], batchName: "tampered", tally: &tally)
        let divergence = try #require(divergences.first)
        #expect(divergence.actual.contains("{unlock}") && divergence.expected.contains("{thankyou}"))
        #expect(divergence.reproduction.expected.last == "Unlocked Coin -> Unlocked {thankyou}")
        #expect(divergence.reproduction.actual.last == "Unlocked Coin -> Unlocked {unlock}")
        #expect(divergence.reproduction.simulateInput == "Coin\nCoin\n")
        #expect(FileManager.default.fileExists(atPath: divergence.folder + "/events.txt"))
        // A planted divergence: its folder is not one a person must look at.
        try FileManager.default.removeItem(atPath: divergence.folder)
    }

    /// A machine with timers agrees with the interpreter, timeouts and ignored firings
    /// included; the harness catches generated code that forgets the timers of its initial
    /// state, and code that handles a stale firing (of a start a restart replaced, or of a
    /// spent or cancelled timer) as a timeout.
    @Test func harnessRunsTimersAndReportsTheirDivergences() throws {
        let source = """
            FSM: M900002
            Initial: Busy
            Isolation: MainActor
            {
              Idle  Go  Busy  -
              Busy <enter >leave {
                after(1s)  Idle  timeout
                Poke       Busy  poked
              }
            }

            """
        let model = try #require(machine(source))
        let steps = DifferentialStep.random(300, for: model, seed: 7)
        let runner = DifferentialRunner(toolchain: try SwiftToolchain.shared.get())
        var tally = DifferentialRunner.Tally()
        let faithful = try DifferentialSubject(number: 900_002, source: source, steps: steps)
        for divergence in try runner.run([faithful], batchName: "timers", tally: &tally) {
            Issue.record("\(divergence)")
        }
        #expect(tally.timeouts > 0 && tally.ignoredFirings > 0)

        let withoutInitialTimers = try DifferentialSubject(number: 900_002, source: source, steps: steps) { swift in
            swift.replacingOccurrences(of: "        startTimers(state)\n", with: "")
        }
        let atStart = try #require(
            try runner.run([withoutInitialTimers], batchName: "tampered-init", tally: &tally).first)
        #expect(atStart.step == -1 && atStart.expected == "init {+Busy.after(1s)}" && atStart.actual == "init {}")
        #expect(atStart.reproduction.simulateInput.isEmpty)
        try FileManager.default.removeItem(atPath: atStart.folder)

        let firingWhenStale = try DifferentialSubject(number: 900_002, source: source, steps: steps) { swift in
            swift.replacingOccurrences(
                of: "guard timerTokens.fire(timer, token: token) else { return }",
                with: "_ = timerTokens.fire(timer, token: token)")
        }
        let stale = try #require(try runner.run([firingWhenStale], batchName: "tampered-tokens", tally: &tally).first)
        #expect(stale.actual.contains("!stale firing"))
        #expect(stale.reproduction.actual.last?.contains("!stale firing") == true)
        #expect(stale.reproduction.simulateInput.hasSuffix("after(1s)  // the timer of Busy\n"))
        try FileManager.default.removeItem(atPath: stale.folder)
    }

    /// Every third step the driver restores the machine from its snapshot through JSON,
    /// and each event checks `canHandle` and `handledEvents`: the harness catches a restore
    /// that forgets the history, and a `canHandle` that says yes to what is unhandled.
    @Test func harnessChecksSnapshotsAndCanHandle() throws {
        let source = """
            FSM: M900003
            Initial: Off
            History: On = deep
            {
              Off { Power On - }
              (On) { - A -  Power Off - }
              A : On { Next B - }
              B : On { Next A - }
            }

            """
        let model = try #require(machine(source))
        let steps = DifferentialStep.random(300, for: model, seed: 7)
        let runner = DifferentialRunner(toolchain: try SwiftToolchain.shared.get())
        var tally = DifferentialRunner.Tally()
        let faithful = try DifferentialSubject(number: 900_003, source: source, steps: steps)
        for divergence in try runner.run([faithful], batchName: "snapshots", tally: &tally) {
            Issue.record("\(divergence)")
        }

        let forgetful = try DifferentialSubject(number: 900_003, source: source, steps: steps) { swift in
            swift.replacingOccurrences(of: "self.history = snapshot.history", with: "self.history = M900003History()")
        }
        let lost = try #require(try runner.run([forgetful], batchName: "tampered-snapshot", tally: &tally).first)
        #expect(lost.expected.hasPrefix("Off Power -> B") && lost.actual.hasPrefix("Off Power -> A"))
        try FileManager.default.removeItem(atPath: lost.folder)

        let eager = try DifferentialSubject(number: 900_003, source: source, steps: steps) { swift in
            swift.replacingOccurrences(of: "return false", with: "return true")
        }
        let wrong = try #require(try runner.run([eager], batchName: "tampered-can-handle", tally: &tally).first)
        #expect(wrong.actual == "Off Next unhandled !canHandle said true")
        try FileManager.default.removeItem(atPath: wrong.folder)
    }

    /// A machine with parallel states agrees with `Interpreter`: rows in regions, a
    /// fork, a join and a deep history; the harness catches generated code that leaves the
    /// regions in the wrong order, and a restore that forgets the parallel state's history.
    @Test func harnessRunsRegionsAndReportsTheirDivergences() throws {
        let source = """
            FSM: M900004
            Initial: Off
            Parallel: Media
            History: Media = deep
            {
              Off { Power Media -  Resume Playing & Muted resume }
              (Media) <mediaEn >mediaEx { Power Off -  Done [in(Playing), !in(Muted)] Off done }
              (Playback) : Media { - Stopped - }
              Stopped : Playback >stopEx { Play Playing - }
              Playing : Playback >playEx { Stop Stopped - }
              (Volume) : Media { - Normal - }
              Normal : Volume >normalEx { Mute Muted - }
              Muted : Volume >mutedEx { Mute Normal - }
            }

            """
        let model = try #require(machine(source))
        let steps = DifferentialStep.random(300, for: model, seed: 7)
        let runner = DifferentialRunner(toolchain: try SwiftToolchain.shared.get())
        var tally = DifferentialRunner.Tally()
        let faithful = try DifferentialSubject(number: 900_004, source: source, steps: steps)
        for divergence in try runner.run([faithful], batchName: "regions", tally: &tally) {
            Issue.record("\(divergence)")
        }
        #expect(
            tally.machinesWithRegions == 1 && tally.transitionsInRegions > 0 && tally.forks > 0 && tally.joins > 0
                && tally.transitionsResumingHistory > 0)

        let swapped = try DifferentialSubject(number: 900_004, source: source, steps: steps) { swift in
            swift.replacingOccurrences(
                of: "exitVolume(mediaNow.volume)\n            exitPlayback(mediaNow.playback)",
                with: "exitPlayback(mediaNow.playback)\n            exitVolume(mediaNow.volume)")
        }
        let exits = try #require(try runner.run([swapped], batchName: "tampered-exits", tally: &tally).first)
        #expect(exits.expected.contains("normalEx stopEx") || exits.expected.contains("mutedEx playEx"))
        #expect(exits.reproduction.expected.last == "Media(Stopped, Normal) Power -> Off {normalEx stopEx mediaEx}")
        #expect(exits.reproduction.actual.last == "Media(Stopped, Normal) Power -> Off {stopEx normalEx mediaEx}")
        #expect(exits.reproduction.simulateInput == "Power\nPower\n")
        try FileManager.default.removeItem(atPath: exits.folder)

        let forgetful = try DifferentialSubject(number: 900_004, source: source, steps: steps) { swift in
            swift.replacingOccurrences(of: "self.history = snapshot.history", with: "self.history = M900004History()")
        }
        let lost = try #require(try runner.run([forgetful], batchName: "tampered-history", tally: &tally).first)
        #expect(
            lost.expected.hasPrefix("Off Power -> Media(")
                && lost.actual.hasPrefix("Off Power -> Media(Stopped, Normal)"))
        try FileManager.default.removeItem(atPath: lost.folder)
    }

    @Test func shrinkerKeepsOnlyWhatTheFailureNeeds() {
        let shrunk = Shrinker.shrink(Array(0..<100)) {
            $0.contains(17) && $0.contains(63) && $0.firstIndex(of: 17)! < $0.firstIndex(of: 63)!
        }
        #expect(shrunk == [17, 63])
        #expect(Shrinker.shrink([1, 2, 3]) { _ in false } == [1, 2, 3])
    }

    @Test func generatorIsDeterministic() {
        let first = MachineGenerator.generate(seed: 42, number: 3)
        let second = MachineGenerator.generate(seed: 42, number: 3)
        #expect(first.rendered.text == second.rendered.text)
        #expect(MachineGenerator.generate(seed: 43, number: 3).rendered.text != first.rendered.text)
    }

    /// Over 200 machines the generator writes every feature the issue asks for, and every
    /// machine checks without errors.
    @Test func generatorCoversTheLanguage() {
        var features: [String: Int] = [:]
        for number in 0..<200 {
            let output = MachineGenerator.generate(seed: SplitMix64.derive(99, number), number: number)
            for feature in Self.features(of: output) { features[feature, default: 0] += 1 }
            #expect(!output.model.states.isEmpty)
        }
        let expected = [
            "abstract superstate", "concrete superstate", "multiple inheritance", "diamond inheritance",
            "entry actions", "exit actions", "- next state", "- - -", "EntryExit uml", "EntryExit always",
            "EntryExit onChange", "predicate OR", "predicate AND", "condition", "negated condition",
            "condition with fallback", "override",
            "multi-event row", "event block", "guard block", "state written twice",
            "nesting 3 deep", "initial row", "initial row with actions", "initial row to a deeper substate",
            "initial row of a concrete superstate", "lone initial row on the state's line",
            "initial row after rows", "initial row in second definition", "row naming a superstate",
            "local transition", "Initial superstate", "shallow history", "deep history",
            "after row", "after row of a superstate", "after row with condition", "after row with fallback",
            "internal after row", "after row to its own state", "one duration in a state and its superstate",
            "parallel state", "two parallel states", "parallel state in a region", "concrete parallel state",
            "concrete region", "superstate in a region", "row in a region", "row leaving a parallel state",
            "row naming its region", "row naming its parallel state", "level row", "row above a parallel state",
            "fork", "fork from a level row", "join", "negated state test", "state test in a region",
            "history of a parallel state", "history of a region", "history of a superstate in a region",
            "history above a parallel state", "Initial in a region", "region that is a parallel state",
            "initial row into a parallel state", "state test without parallel states",
            "literal in a row", "literal in an entry or exit list", "literal in an initial row",
            "condition with a literal", "literal in a region machine", "start with actions",
            "start with actions in a region machine", "start with timers", "always row",
            "always row in a region machine", "state that moves on at once", "always row with timers",
            "decision without regions",
            "data state in a region machine", "data state in a region", "fork giving values",
        ]
        for feature in expected + Self.dataFeatures {
            #expect(features[feature, default: 0] >= 5, "\(feature): \(features[feature, default: 0]) of 200 machines")
        }
    }

    /// Whether `state` is `container` or one of its substates, transitively.
    static func isWithin(_ state: StateID, _ container: StateID, _ model: StateMachine) -> Bool {
        state == container || model.states[state].superstates.contains { isWithin($0, container, model) }
    }

    /// What a machine with parallel states has, read from its model.
    static func regionFeatures(of model: StateMachine) -> Set<String> {
        let parallels = model.states.indices.filter { model.states[$0].isParallel }
        guard !parallels.isEmpty else { return [] }
        var features: Set<String> = ["parallel state"]
        let isInRegion = { (state: StateID) in model.states[state].ancestors.contains { model.states[$0].isParallel } }
        if parallels.count > 1 { features.insert("two parallel states") }
        for parallel in parallels {
            let info = model.states[parallel]
            if isInRegion(parallel) { features.insert("parallel state in a region") }
            if info.superstates.contains(where: { model.states[$0].isParallel }) {
                features.insert("region that is a parallel state")
            }
            if !info.isAbstract { features.insert("concrete parallel state") }
            if info.substates.contains(where: { !model.states[$0].isAbstract }) { features.insert("concrete region") }
            if info.substates.contains(where: { region in
                model.states[region].substates.contains {
                    !model.states[$0].substates.isEmpty && !model.states[$0].isParallel
                }
            }) {
                features.insert("superstate in a region")
            }
            if info.history != nil { features.insert("history of a parallel state") }
            if info.ancestors.contains(where: { model.states[$0].history != nil }) {
                features.insert("history above a parallel state")
            }
            for region in info.substates where model.states[region].history != nil {
                features.insert("history of a region")
            }
        }
        for state in model.states.indices
        where isInRegion(state) && model.states[state].history != nil
            && !model.states[state].superstates.contains(where: { model.states[$0].isParallel })
            && !model.states[state].isParallel
        {
            features.insert("history of a superstate in a region")
        }
        if isInRegion(model.initialTarget) { features.insert("Initial in a region") }
        for (index, state) in zip(model.states.indices, model.states) {
            // An initial row that names a state inside a parallel state below its own.
            if let initial = state.initialSubstate,
                model.states[initial].ancestors.contains(where: { parallel in
                    model.states[parallel].isParallel && model.states[parallel].ancestors.contains(index)
                })
            {
                features.insert("initial row into a parallel state")
            }
        }
        // Rows by the state whose body holds them.
        let chart = Statechart(model)
        for transition in model.states.flatMap(\.transitions) {
            let holder = transition.declaredIn
            let targets = transition.namedTarget.map { [$0] + transition.forkTargets } ?? []
            let enclosing = model.states[holder].ancestors.filter { model.states[$0].isParallel }
            if !enclosing.isEmpty { features.insert("row in a region") }
            if let parallel = enclosing.last, targets.contains(where: { !chart.isWithin($0, parallel) }) {
                features.insert("row leaving a parallel state")
            }
            if let parallel = enclosing.last, targets.contains(where: { $0 == parallel }) {
                features.insert("row naming its parallel state")
            }
            if let parallel = enclosing.last,
                targets.contains(where: { target in
                    model.states[parallel].substates.contains(target) && chart.isWithin(holder, target)
                })
            {
                features.insert("row naming its region")
            }
            if model.states[holder].isParallel { features.insert("level row") }
            if parallels.contains(where: { model.states[$0].ancestors.contains(holder) }) {
                features.insert("row above a parallel state")
            }
            if !transition.forkTargets.isEmpty {
                features.insert("fork")
                if model.states[holder].isParallel { features.insert("fork from a level row") }
            }
            let tests = transition.guardClause.stateTests
            if !tests.isEmpty && model.states[holder].isParallel { features.insert("join") }
            if !tests.isEmpty && !enclosing.isEmpty { features.insert("state test in a region") }
            if tests.contains(where: \.isNegated) { features.insert("negated state test") }
        }
        return features
    }

    /// What `dataFeatures(of:)` finds, each in at least 5 of 200 machines.
    static let dataFeatures = [
        "data state", "value written as a literal", "value written as a label", "value carried by its label",
        "computing action", "computing actions in one row", "value rewrite", "initial row with values",
        "entry or exit action with a value", "row action with a state value", "condition with a state value",
        "state value shadowed by the event's", "data state with timers", "data state with history",
        "raise carrying a state value", "entry or exit list raising a state value",
        "initial row reading the entering row's labels",
    ]

    /// The state data features of a machine (Language reference › State data).
    static func dataFeatures(of output: MachineGenerator.Output) -> Set<String> {
        let machine = output.machine
        guard machine.hasStateData else { return [] }
        var features: Set<String> = ["data state"]
        let labelsOf = Dictionary(machine.states.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first })
        let eventLabels = Dictionary(machine.eventValues.map { ($0.event, $0.labels) }, uniquingKeysWith: { a, _ in a })
        for state in machine.states {
            for row in state.rows {
                for value in row.values {
                    if Int(value.text) != nil { features.insert("value written as a literal") }
                    if value.text.first?.isLetter == true && !value.text.contains("(") {
                        features.insert("value written as a label")
                    }
                    if value.text.hasPrefix("cv(") { features.insert("computing action") }
                }
                if row.values.filter({ $0.text.hasPrefix("cv(") }).count > 1 {
                    features.insert("computing actions in one row")
                }
                if row.next == nil && !row.values.isEmpty { features.insert("value rewrite") }
                if let next = row.next, let labels = labelsOf[next],
                    labels.contains(where: { label in !row.values.contains { $0.label == label } })
                {
                    features.insert("value carried by its label")
                }
                if row.actions.contains(where: { $0.hasPrefix("vd(") }) {
                    features.insert("row action with a state value")
                }
                if row.conditions.contains(where: { $0.contains("qd(") }) {
                    features.insert("condition with a state value")
                }
                let raisedLabels = row.actions.filter { $0.hasPrefix("^") }.flatMap {
                    eventLabels[String($0.dropFirst())] ?? []
                }
                if raisedLabels.contains(where: { label in
                    !row.events.allSatisfy { eventLabels[$0]?.contains(label) ?? false }
                }) {
                    features.insert("raise carrying a state value")
                }
                if state.values.contains("x"), row.events.contains(where: { eventLabels[$0]?.contains("x") ?? false }) {
                    features.insert("state value shadowed by the event's")
                }
            }
            if state.initialRows.contains(where: { !$0.values.isEmpty }) { features.insert("initial row with values") }
            if state.initialRows.contains(where: { initial in
                initial.actions.contains { $0.hasPrefix("vd(") }
                    || initial.values.contains {
                        $0.text.hasPrefix("cv(") ? $0.text.dropFirst(3).first?.isLetter == true : Int($0.text) == nil
                    }
            }) {
                features.insert("initial row reading the entering row's labels")
            }
            if (state.entryActions + state.exitActions).contains(where: { raised in
                raised.hasPrefix("^") && !(eventLabels[String(raised.dropFirst())] ?? []).isEmpty
            }) {
                features.insert("entry or exit list raising a state value")
            }
            if (state.entryActions + state.exitActions).contains(where: { $0.hasPrefix("en(") || $0.hasPrefix("ex(") })
            {
                features.insert("entry or exit action with a value")
            }
        }
        if output.model.hasTimers { features.insert("data state with timers") }
        if !output.model.historyStates.isEmpty { features.insert("data state with history") }
        return features
    }

    static func features(of output: MachineGenerator.Output) -> Set<String> {
        let machine = output.machine
        var features = dataFeatures(of: output).union(["EntryExit \(machine.entryExit ?? "uml")"])
        let model = output.model
        if !model.hasRegions
            && model.states.contains(where: { $0.transitions.contains { !$0.guardClause.stateTests.isEmpty } })
        {
            features.insert("state test without parallel states")
        }
        let isLiteral = { (action: String) in action.hasPrefix("li(") }
        for state in machine.states {
            if state.rows.contains(where: { $0.actions.contains(where: isLiteral) }) {
                features.insert("literal in a row")
            }
            if (state.entryActions + state.exitActions).contains(where: isLiteral) {
                features.insert("literal in an entry or exit list")
            }
            if state.initialRows.contains(where: { $0.actions.contains(where: isLiteral) }) {
                features.insert("literal in an initial row")
            }
            if state.rows.contains(where: { $0.conditions.contains { $0.contains("ql(") } }) {
                features.insert("condition with a literal")
            }
        }
        if model.hasRegions && model.actions.contains(where: { $0.name == "li" }) {
            features.insert("literal in a region machine")
        }
        if model.hasRegions && model.hasStateData {
            features.insert("data state in a region machine")
            if model.states.indices.contains(where: { state in
                !model.parameters(of: state).isEmpty
                    && model.states[state].ancestors.contains { model.states[$0].isParallel }
            }) {
                features.insert("data state in a region")
            }
            if machine.states.contains(where: { $0.rows.contains { !$0.forkValues.joined().isEmpty } }) {
                features.insert("fork giving values")
            }
        }
        if !model.startActions.isEmpty {
            features.insert(model.hasRegions ? "start with actions in a region machine" : "start with actions")
        }
        if model.hasStart && model.hasTimers { features.insert("start with timers") }
        if model.alwaysEvent != nil {
            features.insert(model.hasRegions ? "always row in a region machine" : "always row")
            if model.states.indices.contains(where: model.movesOnAtOnce) {
                features.insert("state that moves on at once")
                // Its dispatch switches on the event first (GeneratedSwift.md, Dispatch).
                if !model.hasRegions { features.insert("decision without regions") }
            }
            if model.hasTimers { features.insert("always row with timers") }
        }
        let byName = Dictionary(uniqueKeysWithValues: machine.states.map { ($0.name, $0) })
        func ancestors(_ name: String) -> [String] {
            byName[name]!.superstates.flatMap { [$0] + ancestors($0) }
        }
        for state in machine.states {
            for superstate in state.superstates {
                features.insert(byName[superstate]!.isAbstract ? "abstract superstate" : "concrete superstate")
            }
            if state.superstates.count > 1 { features.insert("multiple inheritance") }
            let reached = ancestors(state.name)
            if Set(reached).count < reached.count { features.insert("diamond inheritance") }
            if !state.entryActions.isEmpty { features.insert("entry actions") }
            if !state.exitActions.isEmpty { features.insert("exit actions") }
            if state.rows.isEmpty || state.splitAt.map({ $0 == 0 }) == true { features.insert("- - -") }
            if state.splitAt != nil { features.insert("state written twice") }
            for row in state.rows {
                if row.next == nil { features.insert("- next state") }
                if row.predicates.contains(where: { $0.cases.count > 1 }) { features.insert("predicate OR") }
                if row.predicates.count > 1 { features.insert("predicate AND") }
                if !row.conditions.isEmpty { features.insert("condition") }
                if row.conditions.contains(where: { $0.hasPrefix("!") }) { features.insert("negated condition") }
                if row.isOverride { features.insert("override") }
                if row.events.count > 1 { features.insert("multi-event row") }
                if row.style == .eventBlock && row.events.count == 1 { features.insert("event block") }
                if row.style == .guardBlock && !(row.predicates.isEmpty && row.conditions.isEmpty) {
                    features.insert("guard block")
                }
            }
            let timerRows = state.rows.filter { $0.events.contains { $0.hasPrefix("after(") } }
            for row in timerRows {
                features.insert("after row")
                if machine.states.contains(where: { $0.superstates.contains(state.name) }) {
                    features.insert("after row of a superstate")
                }
                if !row.conditions.isEmpty { features.insert("after row with condition") }
                if !row.conditions.isEmpty
                    && timerRows.contains(where: { $0.events == row.events && $0.conditions.isEmpty })
                {
                    features.insert("after row with fallback")
                }
                if row.next == nil { features.insert("internal after row") }
                if row.next == state.name { features.insert("after row to its own state") }
            }
        }
        if !byName[machine.initial]!.initialRows.isEmpty { features.insert("Initial superstate") }
        for history in machine.histories { features.insert("\(history.kind) history") }
        for state in machine.states {
            // Leaf : A, A : B, B : C.
            func depth(_ name: String) -> Int { byName[name]!.superstates.map { depth($0) + 1 }.max() ?? 0 }
            if depth(state.name) >= 3 { features.insert("nesting 3 deep") }
            guard let initialRow = state.initialRows.first else { continue }
            features.insert("initial row")
            if !initialRow.actions.isEmpty { features.insert("initial row with actions") }
            if !byName[initialRow.target]!.superstates.contains(state.name) {
                features.insert("initial row to a deeper substate")
            }
            if !state.isAbstract { features.insert("initial row of a concrete superstate") }
            if state.rows.isEmpty && state.initialRowPlacement == .first {
                features.insert("lone initial row on the state's line")
            }
            if state.initialRowPlacement != .first && !state.rows.isEmpty { features.insert("initial row after rows") }
            if state.splitAt != nil && state.initialRowsInSecondDefinition {
                features.insert("initial row in second definition")
            }
        }
        // `after(1s)` of a state and of its superstate: two timers.
        let timers = model.timerEvents.map { model.eventTimers[$0]! }
        if timers.contains(where: { inner in
            timers.contains {
                $0.duration.milliseconds == inner.duration.milliseconds
                    && model.states[inner.owner].ancestors.contains($0.owner)
            }
        }) {
            features.insert("one duration in a state and its superstate")
        }
        for source in model.concreteStates {
            for transition in model.states[source].transitions {
                guard let named = transition.namedTarget else { continue }
                if model.states[named].initialSubstate != nil { features.insert("row naming a superstate") }
                if named != source && Self.isWithin(source, named, model) { features.insert("local transition") }
            }
        }
        features.formUnion(regionFeatures(of: model))
        // A row with conditions beside a less specific one for its event: the conditions
        // choose between them, as if/else does.
        for state in output.model.concreteStates.map({ output.model.states[$0] }) {
            let byEvent = Dictionary(grouping: state.transitions, by: \.event)
            if byEvent.values.contains(where: { rows in
                rows.contains { row in
                    !row.guardClause.conditions.isEmpty && rows.contains { $0.guardClause.rank < row.guardClause.rank }
                }
            }) {
                features.insert("condition with fallback")
            }
        }
        return features
    }
}

import FSMCompiler
import FSMRuntime
import FSMTestSupport
import Testing

/// The paths of `fsmc paths` hold for the generated machines of the golden files (Commands ›
/// fsmc paths): every path of every cover, sent to a new generated machine with the
/// predicate values and condition answers of its steps, reaches the configuration each
/// step promises; and the `TraceRecord` of the transition cover's runs, read by
/// `fsmc coverage`'s `TraceCoverage`, leaves no reachable row untaken.
@Suite struct PathAgreementTests {
    /// Sends one step to a generated machine; answers with its state as it prints and the
    /// trace line of the step.
    typealias Send = (_ step: PathCover.Step, _ model: StateMachine) -> (configuration: String, trace: String)

    static func expectPaths(
        _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, make: () -> Send
    ) throws {
        let text = String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
        let model = try #require(machine(text), sourceLocation: sourceLocation)
        let space = try StateSpace(model)
        var steps = 0
        for criterion in PathCover.Criterion.allCases {
            let cover = PathCover(space, criterion: criterion)
            var record = ""
            for (number, path) in cover.paths.enumerated() {
                let send = make()
                for step in path.steps {
                    let sent = send(step, model)
                    record += sent.trace + "\n"
                    steps += 1
                    #expect(
                        sent.configuration == space.describe(step.leaves),
                        "\(criterion) path \(number + 1), \(model.events[step.choice.event].name)",
                        sourceLocation: sourceLocation)
                }
            }
            guard criterion == .transitions else { continue }
            var coverage = TraceCoverage(model)
            try coverage.read(record)
            #expect(coverage.untakenLines == cover.unreachable, sourceLocation: sourceLocation)
        }
        #expect(steps > 10, sourceLocation: sourceLocation)
    }

    /// The case of predicate `type` that the step needs, or the first when it needs none.
    static func predicate(_ type: String, of step: PathCover.Step, in model: StateMachine) -> String {
        let index = model.predicateTypes.firstIndex { $0.type.name == type }!
        return model.predicateTypes[index].cases[step.choice.predicateValues[index]].name
    }

    static func answer(_ condition: String, of step: PathCover.Step, in model: StateMachine) -> Bool {
        let condition = model.conditions.firstIndex { $0.name == condition }!
        return step.choice.answers[model.conditionCalls.firstIndex { $0.condition == condition }!]
    }

    @Test func turnstile() throws {
        try Self.expectPaths("Examples/Turnstile/Turnstile.sm") {
            let machine = Turnstile(actions: TurnstileLog())
            return { step, model in
                let event = TurnstileEvent(rawValue: model.events[step.choice.event].name)!
                let outcome = machine.handle(event)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
    }

    /// Predicate values and a condition's answers, both sides of its else row.
    @Test func enforcedTurnstile() throws {
        try Self.expectPaths("Examples/EnforcedTurnstile/EnforcedTurnstile.sm") {
            let machine = EnforcedTurnstile(actions: EnforcedLog())
            return { step, model in
                let event = EnforcedTurnstileEvent(rawValue: model.events[step.choice.event].name)!
                machine.actions.supervisorPresent = Self.answer("isSupervisorPresent", of: step, in: model)
                let outcome = machine.handle(
                    event,
                    enforcement: EnforcedTurnstileEnforcement(
                        rawValue: Self.predicate("Enforcement", of: step, in: model))!,
                    reward: EnforcedTurnstileReward(rawValue: Self.predicate("Reward", of: step, in: model))!)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
    }

    /// `always` rows: the start's decision, taken at the first event with that step's
    /// answers; decisions and a superstate's `always` row after events. The trace records
    /// each event's own outcome, and `fsmc coverage` still finds every row taken.
    @Test func alwaysRows() throws {
        try Self.expectPaths("Tests/FSMCompilerTests/Fixtures/Machines/Review.sm") {
            let machine = Review(actions: ReviewLog())
            return { step, model in
                let event = ReviewEvent(rawValue: model.events[step.choice.event].name)!
                machine.actions.signedIn = Self.answer("isSignedIn", of: step, in: model)
                machine.actions.expired = Self.answer("isExpired", of: step, in: model)
                machine.actions.valid = Self.answer("isValid", of: step, in: model)
                let outcome = machine.handle(event)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
    }

    /// Regions: configurations as the generated state prints them; forks, joins, histories.
    @Test func regionMachines() throws {
        try Self.expectPaths("Tests/FSMCompilerTests/Fixtures/Machines/RegionPlayer.sm") {
            let machine = PlayerRegions(actions: PlayerRegionsLog())
            return { step, model in
                let event = PlayerRegionsEvent(rawValue: model.events[step.choice.event].name)!
                let outcome = machine.handle(event)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
        try Self.expectPaths("Tests/FSMCompilerTests/Fixtures/Machines/Recorder.sm") {
            let machine = Recorder(actions: RecorderLog())
            return { step, model in
                let event = RecorderEvent(rawValue: model.events[step.choice.event].name)!
                let outcome = machine.handle(event)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
        try Self.expectPaths("Tests/FSMCompilerTests/Fixtures/Machines/Studio.sm") {
            let machine = Studio(actions: StudioLog())
            return { step, model in
                let event = StudioEvent(rawValue: model.events[step.choice.event].name)!
                let outcome = machine.handle(event)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
        try Self.expectPaths("Tests/FSMCompilerTests/Fixtures/Machines/Theater.sm") {
            let machine = Theater(actions: TheaterLog())
            return { step, model in
                let event = TheaterEvent(rawValue: model.events[step.choice.event].name)!
                let outcome = machine.handle(event)
                return (machine.state.description, TraceRecord.line(event, outcome: outcome))
            }
        }
    }
}

import FSMCompiler
import FSMTestSupport
import Testing

/// The interpreter `fsmc verify` and `fsmc paths` search with (`Interpreter.exploring()`)
/// makes every row's plan once and lists no actions; it keeps each configuration's active
/// states. It must move exactly as a new interpreter does: the same rows, moves,
/// configurations, histories, timers and questions, event after event, on machines with
/// superstates, history, regions, forks, timers, `always` rows and each entry and exit
/// mode.
@Suite struct ExploringInterpreterTests {
    @Test(arguments: [
        "Deck", "Editor", "EntryExitAlways", "EntryExitOnChange", "EntryExitUML", "Recorder", "RegionPlayer",
        "Review", "Shadows", "StatechartPlayer", "TimedPlayer", "Uploader", "Vent",
    ])
    func movesAsANewInterpreterDoes(_ name: String) throws {
        let source = String(decoding: readBytes(Paths.fixtures + "/Machines/\(name).sm"), as: UTF8.self)
        let model = try #require(machine(source))
        var plain = Interpreter(model)
        var explorer = Interpreter(model).exploring()
        var random = SplitMix64(seed: 40)
        let events = model.appEvents + model.timerEvents
        for _ in 0..<400 {
            let event = events[random.below(events.count)]
            let predicates = IDArray<PredicateTypeID, Int>(model.predicateTypes.map { random.below($0.cases.count) })
            let conditions = IDArray<ConditionCallID, Bool>(model.conditionCalls.map { _ in random.below(2) == 1 })
            let expected = plain.handle(event, predicates: predicates, conditions: conditions)
            let step = explorer.handle(event, predicates: predicates, conditions: conditions)
            #expect(step.allFirings.map(\.transition) == expected.allFirings.map(\.transition))
            #expect(step.allFirings.map(\.move) == expected.allFirings.map(\.move))
            #expect(step.allFirings.allSatisfy { $0.effects.isEmpty && $0.exitCount == 0 })
            #expect(step.outcome.isRejected == expected.outcome.isRejected)
            #expect(step.askedConditions == expected.askedConditions)
            #expect(explorer.leaves == plain.leaves && explorer.history == plain.history)
            #expect(explorer.runningTimers == plain.runningTimers)
            #expect(explorer.activeStates == plain.chart.activeStates(of: plain.leaves))
            guard !expected.exceedsLimit else { break }
        }
    }
}

extension Interpreter.Step.Outcome {
    fileprivate var isRejected: Bool {
        guard case .rejected = self else { return false }
        return true
    }
}

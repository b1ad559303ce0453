/// An event with the predicate values and condition answers a step needs: what the app
/// chooses, and what a line of `fsmc simulate`'s input (with the settings before it) gives.
package struct Choice: Hashable, Sendable {
    /// An index into `machine.events`: an event the app sends, or the timer that
    /// `after(…)` fires in the node the choice was made in.
    package var event: EventID
    /// One case index per predicate type; only those of `neededTypes` matter.
    package var predicateValues: IDArray<PredicateTypeID, Int>
    /// The predicate types the rows of the event in the active states test, which
    /// `simulate` needs a value for.
    package var neededTypes: [PredicateTypeID]
    /// One answer per condition call (`atLeast(3)` and `atLeast(5)` answer apart); only
    /// those of `asked` matter.
    package var answers: IDArray<ConditionCallID, Bool>
    /// The condition calls the step asks, in the order first asked.
    package var asked: [ConditionCallID]
}

/// The choices worth trying in a situation: every event, with every combination of the
/// predicate types its rows test there, and every way of answering the conditions the
/// step asks (found as a decision tree, since conditions are asked lazily: a condition
/// that is never asked has no answer to choose).
enum Choices {
    /// A choice, the machine after the step, and the step.
    typealias Trial = (choice: Choice, after: Interpreter, step: Interpreter.Step)

    /// Calls `body` with every trial in `interpreter`'s situation: its events in order,
    /// each with every predicate combination its rows test there and every answering. The
    /// trials are handed over one by one, not gathered: the search tries a dozen in each of
    /// thousands of situations, and copying each trial into lists cost a twentieth of it.
    static func forEach<Failure: Error>(
        in interpreter: Interpreter, _ body: (Trial) throws(Failure) -> Void
    ) throws(Failure) {
        let active = interpreter.activeStates
        for event in events(for: interpreter, active: active) {
            try forEach(of: event, in: interpreter, active: active, body)
        }
    }

    /// Calls `body` with every trial of one event: every predicate combination its rows test
    /// in the active states `active`, every answering.
    static func forEach<Failure: Error>(
        of event: EventID, in interpreter: Interpreter, active: [StateID], _ body: (Trial) throws(Failure) -> Void
    ) throws(Failure) {
        for values in predicateCombinations(for: event, in: interpreter, active: active) {
            try answerings(event, values.values, needed: values.needed, in: interpreter, body)
        }
    }

    /// The app's events, then for each timer duration the timer `after(…)` fires now, as
    /// `simulate` resolves it: of the running timers of that duration, the one of the
    /// outermost active state. A duration with no running timer is left out: firing it
    /// does nothing.
    static func events(for interpreter: Interpreter, active: [StateID]) -> [EventID] {
        let machine = interpreter.machine
        var durations: [Int64] = []
        var timers: [EventID] = []
        for state in active {
            for timer in machine.timers(ownedBy: state) where interpreter.runningTimers.contains(timer) {
                let milliseconds = machine.timer(of: timer)!.duration.milliseconds
                guard !durations.contains(milliseconds) else { continue }
                durations.append(milliseconds)
                timers.append(timer)
            }
        }
        return machine.appEvents + timers
    }

    /// Every combination of cases of the predicate types that rows for `event` in the
    /// active states `active` test (one combination, of no values, when none does).
    private static func predicateCombinations(
        for event: EventID, in interpreter: Interpreter, active: [StateID]
    ) -> [(values: IDArray<PredicateTypeID, Int>, needed: [PredicateTypeID])] {
        let machine = interpreter.machine
        // Without predicate types there is nothing to look for in the rows.
        guard !machine.predicateTypes.isEmpty else { return [([], [])] }
        var tested = Set<PredicateTypeID>()
        for state in active {
            for row in machine.states[state].transitions where row.event == event {
                tested.formUnion(row.guardClause.predicates.map(\.type))
            }
        }
        let needed = machine.predicateTypes.indices.filter { tested.contains($0) }
        var combinations = [IDArray<PredicateTypeID, Int>(repeating: 0, count: machine.predicateTypes.count)]
        for type in needed {
            let cases = machine.predicateTypes[type].cases.indices
            combinations = combinations.flatMap { values in
                cases.map { value in
                    var values = values
                    values[type] = value
                    return values
                }
            }
        }
        return combinations.map { ($0, needed) }
    }

    /// Every distinct run of the step's decision: the first with every condition answered
    /// false, then, for each condition a run asks that is not yet fixed, the run with the
    /// conditions asked before it fixed as they were and that one answered true.
    private static func answerings<Failure: Error>(
        _ event: EventID, _ values: IDArray<PredicateTypeID, Int>, needed: [PredicateTypeID],
        in interpreter: Interpreter, _ body: (Trial) throws(Failure) -> Void
    ) throws(Failure) {
        let count = interpreter.machine.conditionCalls.count
        var pending: [[ConditionCallID: Bool]] = [[:]]
        while let fixed = pending.popLast() {
            var answers = IDArray<ConditionCallID, Bool>(repeating: false, count: count)
            for (call, answer) in fixed { answers[call] = answer }
            var trial = interpreter
            let step = trial.handle(event, predicates: values, conditions: answers)
            let asked = step.askedConditions
            var prefix = fixed
            var branches: [[ConditionCallID: Bool]] = []
            for condition in asked where fixed[condition] == nil {
                var branch = prefix
                branch[condition] = true
                branches.append(branch)
                prefix[condition] = false
            }
            pending += branches.reversed()
            let choice = Choice(
                event: event, predicateValues: values, neededTypes: needed, answers: answers, asked: asked)
            try body((choice, trial, step))
        }
    }
}

// One state's rows in a machine with regions: its `switch` on the event, and one event's rows
// ended as the region dispatch says, with the conditions asked once per event.

extension Translator where Layout == ConfigurationLayout {
    /// `switch event { … }` over the rows of `node` (a leaf: those held inside its region; a
    /// parallel state: its own): empty when it has none for any event.
    func eventSwitch(
        _ node: StateID, _ kind: EventKind, frames: [Frame], finish: Finish, unhandled: [SwiftStatement],
        rejected: [SwiftStatement], top: SwiftExpression
    ) -> [SwiftStatement] {
        let state = machine.states[node]
        let plans = (dispatch[node] ?? []).filter { takes(kind, $0.event) }
        guard !plans.isEmpty else { return [] }
        var cases = plans.map { plan in
            let body = regionBody(
                of: plan, in: state, node: node, frames: frames, finish: finish,
                unhandled: unhandled, rejected: rejected, top: top)
            return SwiftCase(
                patterns: [
                    kind == .events
                        ? boundOnlyIfRead(eventPattern(plan, in: state), in: body)
                        : .enumCase(machine.events[plan.event].swiftName)
                ],
                body: body)
        }
        let handled = Set(plans.map(\.event))
        let others = kindEvents(kind).filter { !handled.contains($0) }
        if !others.isEmpty {
            cases.append(SwiftCase(patterns: others.map { .enumCase(machine.events[$0].swiftName) }, body: unhandled))
        }
        return [.switchStatement(SwiftSwitch(subject: .identifier(subject(kind)), cases: cases))]
    }

    /// The dispatch of every state that takes events in a configuration: the leaves and the
    /// parallel states.
    var regionPlans: [EventDispatch] {
        machine.states.indices.filter { machine.states[$0].isParallel || !machine.states[$0].isAbstract }
            .flatMap { dispatch[$0] ?? [] }
    }

    /// `pattern` binding only the event values that `body` reads: a row that a state test
    /// rules out here takes its values' uses with it.
    func boundOnlyIfRead(_ pattern: SwiftPattern, in body: [SwiftStatement]) -> SwiftPattern {
        guard case .enumCaseBinding(let name, let bound) = pattern else { return pattern }
        let kept = bound.map { value in value.flatMap { name in body.contains { $0.mentions(name) } ? name : nil } }
        return kept.allSatisfy { $0 == nil } ? .enumCase(name) : .enumCaseBinding(name, kept)
    }

    /// One event's rows, as `body(of:in:)` writes them for a top-level state, but ending each
    /// as `finish` says, and falling through to `unhandled` and `rejected` statements.
    func regionBody(
        of plan: EventDispatch, in state: State, node: StateID, frames: [Frame], finish: Finish,
        unhandled: [SwiftStatement], rejected: [SwiftStatement], top: SwiftExpression
    ) -> [SwiftStatement] {
        // In a parallel state's function, a condition that two rows may ask for one event,
        // in one region or several, keeps its answer in a local of the whole function
        // (asked at most once per event: Language reference › Conditions); in a top-level
        // state's, of the event's case.
        let shared = frames.isEmpty ? plan.sharedConditions : functionMemo(frames[0].parallel, event: plan.event)
        let answers: [SwiftStatement] = frames.isEmpty ? memoDeclarations(shared) : []
        /// A branch's tests in the order they are read: its state tests, then its conditions.
        func tests(_ branch: EventDispatch.Branch) -> [SwiftExpression] {
            branch.stateTests.map { test in
                let answer = stateTest(test.state, at: node, frames: frames)
                // `!false` would tell Swift a branch never runs: `negated` folds the literal.
                return test.isNegated ? answer.negated : answer
            } + branch.conditions.map { conditionTest($0, keeping: shared) }
        }
        func outcome(_ branch: EventDispatch.Branch) -> [SwiftStatement] {
            branch.transition.map {
                regionTransition(state.transitions[$0], node: node, frames: frames, finish: finish, top: top)
            } ?? rejected
        }
        guard !plan.predicateTypes.isEmpty else {
            return answers + ifChain(plan.branches, tests: tests, outcome: outcome, rejected: rejected)
        }
        return answers + [predicateSwitch(of: plan, tests: tests, outcome: outcome, unhandled: unhandled)]
    }

    /// The rows in order, each if its tests hold; `else` leads to the next, and after the
    /// last to `rejected`. A state test the node decides is a literal: `true` is left out,
    /// and a row with a `false` one never applies, so that Swift sees no branch that cannot
    /// run.
    private func ifChain(
        _ branches: [EventDispatch.Branch], tests: (EventDispatch.Branch) -> [SwiftExpression],
        outcome: (EventDispatch.Branch) -> [SwiftStatement], rejected: [SwiftStatement]
    ) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        for branch in branches.reversed() {
            let tests = tests(branch)
            if tests.contains(.identifier("false")) {
                if statements.isEmpty { statements = rejected }
                continue
            }
            let live = tests.filter { $0 != .identifier("true") }
            if live.isEmpty {
                statements = outcome(branch)
            } else {
                statements = [
                    .ifElse(live, body: outcome(branch), elseBody: statements.isEmpty ? rejected : statements)
                ]
            }
        }
        return statements
    }

    /// A `switch` on the predicate values, a case per row tried in order, its tests in the
    /// `where` clause, and `unhandled` where the rows do not cover every value. As in
    /// `ifChain`, a state test the node decides is left out of a `where` clause, and a row
    /// with a false one has no case: a row whose tests were all true then takes every value
    /// it matches, and the alternatives of later rows that it matches go too (Swift's flow
    /// analysis sees through `where true` and warns of the cases after it).
    private func predicateSwitch(
        of plan: EventDispatch, tests: (EventDispatch.Branch) -> [SwiftExpression],
        outcome: (EventDispatch.Branch) -> [SwiftStatement], unhandled: [SwiftStatement]
    ) -> SwiftStatement {
        var cases: [SwiftCase] = []
        var taken: [[Int?]] = []
        let planner = DispatchPlanner(machine: machine)
        for branch in plan.branches {
            let tests = tests(branch)
            guard !tests.contains(.identifier("false")) else { continue }
            let live = tests.filter { $0 != .identifier("true") }
            var remaining = branch
            remaining.patterns = planner.uncovered(branch.patterns, by: taken, types: plan.predicateTypes)
            guard !remaining.patterns.isEmpty else { continue }
            if live.isEmpty {
                remaining.conditions = []
                remaining.stateTests = []
                taken += remaining.patterns
            }
            cases.append(SwiftCase(patterns: patterns(remaining, of: plan), conditions: live, body: outcome(branch)))
        }
        if !plan.isExhaustive {
            cases.append(SwiftCase(patterns: [], body: unhandled))
        }
        return .switchStatement(SwiftSwitch(subject: predicateSubject(of: plan), cases: cases))
    }

    /// `var isOpen: Swift.Bool? = nil` for each of `calls`.
    func memoDeclarations(_ calls: [ConditionCallID]) -> [SwiftStatement] {
        calls.map {
            .declaration(
                isVariable: true, name: names.conditionAnswers[$0], type: "Swift.Bool?", value: .identifier("nil"))
        }
    }

    /// The states whose rows the function of `parallel` dispatches: it, and inside its
    /// regions every state that takes events, nested parallel states' own rows included.
    private func statesDispatched(in parallel: StateID) -> [StateID] {
        [parallel]
            + machine.states[parallel].substates.flatMap { region in
                machine.states[region].isParallel
                    ? statesDispatched(in: region)
                    : layout.nodes(in: region).flatMap { node in
                        machine.states[node].isParallel ? statesDispatched(in: node) : [node]
                    }
            }
    }

    /// The condition calls that rows of the function of `parallel` may ask twice for
    /// `event`: each kept once, in the event's case of the function.
    func functionMemo(_ parallel: StateID, event: EventID) -> [ConditionCallID] {
        var counts: [ConditionCallID: Int] = [:]
        for state in statesDispatched(in: parallel) {
            for term in plan(of: state, for: event)?.branches.flatMap(\.conditions) ?? [] {
                counts[term.call, default: 0] += 1
            }
        }
        return counts.filter { $0.value > 1 }.keys.sorted()
    }

    /// The condition calls that rows of the function of `parallel` may ask twice for one
    /// event, whichever event it is.
    func functionMemo(_ parallel: StateID) -> [ConditionCallID] {
        Array(Set(machine.events.indices.flatMap { functionMemo(parallel, event: $0) })).sorted()
    }
}

/// Lowers a checked machine's flattened transitions to the shape of its dispatch: for
/// each concrete state and event, which predicate values the `switch` looks at and which
/// cases, in which order, lead to which transition. It decides nothing about meaning (the
/// Analyzer has ranked the rows and rejected clashes); it spells the ranking out as Swift
/// patterns, leaving out those Swift would warn can never match.
struct DispatchPlanner {
    let machine: StateMachine

    /// The dispatch of every concrete state, by index into `StateMachine.states`.
    static func plan(_ machine: StateMachine) -> [StateID: [EventDispatch]] {
        let planner = DispatchPlanner(machine: machine)
        var plans: [StateID: [EventDispatch]] = [:]
        for state in machine.concreteStates { plans[state] = planner.plan(machine.states[state], at: state) }
        // In configurations a parallel state takes events too, abstract or not.
        if machine.hasRegions {
            for state in machine.states.indices where machine.states[state].isParallel && plans[state] == nil {
                plans[state] = planner.plan(machine.states[state], at: state)
            }
        }
        return plans
    }

    /// One entry per event the state handles, in order of first appearance in its transitions.
    /// In a machine without parallel states, the state is the whole configuration whenever
    /// its function runs, so its rows' state tests are decided here: a row whose tests hold
    /// keeps its rank but tests nothing at run time, and one whose tests fail is never taken
    /// in this state, but, like a row whose condition is false, rejects the event where no
    /// other row takes it.
    func plan(_ state: State, at index: StateID) -> [EventDispatch] {
        let active = machine.hasRegions ? nil : Set(state.ancestors + [index])
        var eventOrder: [EventID] = []
        var transitionsByEvent: [EventID: [Int]] = [:]
        for (position, transition) in state.transitions.enumerated() {
            if transitionsByEvent[transition.event] == nil { eventOrder.append(transition.event) }
            transitionsByEvent[transition.event, default: []].append(position)
        }
        return eventOrder.map { event in
            plan(event, candidates: transitionsByEvent[event] ?? [], of: state, deciding: active)
        }
    }

    private func plan(_ event: EventID, candidates: [Int], of state: State, deciding active: Set<StateID>?)
        -> EventDispatch
    {
        let ranks = candidates.map { state.transitions[$0].guardClause.rank }
        var dead = Set<Int>()
        let guards = candidates.map { position in
            var guardClause = state.transitions[position].guardClause
            if let active {
                if !guardClause.stateTests.allSatisfy({ active.contains($0.state) != $0.isNegated }) {
                    dead.insert(position)
                }
                guardClause.stateTests = []
            }
            return guardClause
        }
        if candidates.count == 1, guards[0].isEmpty, dead.isEmpty {
            // The common case, and what the general path below works out for it at more
            // cost: one row without a guard takes every event.
            return EventDispatch(
                event: event, predicateTypes: [],
                branches: [EventDispatch.Branch(transition: candidates[0], patterns: [[]])],
                isExhaustive: true)
        }
        // Most specific first: rank (predicate, condition and state-test terms, decided or
        // not) descending, then table order.
        let order = candidates.indices.sorted { (-ranks[$0], $0) < (-ranks[$1], $1) }
        let ordered = order.map { (transition: candidates[$0], guardClause: guards[$0]) }
        let types = Array(Set(guards.flatMap { $0.predicates.map(\.type) })).sorted()
        guard !types.isEmpty else {
            // No predicate to switch on: the rows in order, each tried if its conditions
            // hold, up to the first without conditions; when all have conditions, the event
            // is rejected after the last.
            var branches: [EventDispatch.Branch] = []
            for (transition, guardClause) in ordered where !dead.contains(transition) {
                branches.append(
                    EventDispatch.Branch(
                        transition: transition, patterns: [[]], conditions: guardClause.conditions,
                        stateTests: guardClause.stateTests))
                if !branches[branches.count - 1].isConditional { break }
            }
            if branches.last?.isConditional ?? true {
                branches.append(EventDispatch.Branch(transition: nil, patterns: [[]], conditions: []))
            }
            return EventDispatch(event: event, predicateTypes: [], branches: branches, isExhaustive: true)
        }
        let space = PredicateSpace(machine.predicateTypes.map(\.cases.count))
        let boxes = guards.map { space.box(of: $0.predicates, over: types) }
        return EventDispatch(
            event: event, predicateTypes: types,
            branches: makeBranches(ordered, dead: dead, types: types, space: space),
            // The Analyzer has checked that this is computable within the region's limit.
            isExhaustive: space.covers(boxes, over: types) ?? false)
    }

    /// For each of `types`, the cases the guard accepts, or nil for any.
    private func alternatives(of guardClause: Guard, over types: [PredicateTypeID]) -> [[Int?]] {
        types.map { type in
            guardClause.predicates.first { $0.type == type }.map { $0.cases.sorted().map(Optional.some) } ?? [nil]
        }
    }

    /// The branches of one event's dispatch, most specific row first. Each row's guard is
    /// spelt out as alternatives (one case or any, per type); those that earlier rows
    /// without conditions cover entirely are dropped, since Swift would warn that they are
    /// never executed. A row with conditions covers nothing, as they may be false; where
    /// only such rows match, a last branch rejects the event.
    private func makeBranches(
        _ ordered: [(transition: Int, guardClause: Guard)], dead: Set<Int>, types: [PredicateTypeID],
        space: PredicateSpace
    ) -> [EventDispatch.Branch] {
        var covered: [PredicateBox] = []
        var branches: [EventDispatch.Branch] = []
        var conditional: [(alternative: [Int?], box: PredicateBox)] = []
        for (transition, guardClause) in ordered {
            let kept = uncovered(
                Self.product(alternatives(of: guardClause, over: types)), by: covered,
                near: space.box(of: guardClause.predicates, over: types), types: types, space: space)
            if dead.contains(transition) {
                // Never taken here, but it rejects what no other row takes.
                conditional += kept
                continue
            }
            if guardClause.conditions.isEmpty && guardClause.stateTests.isEmpty {
                covered += kept.map(\.box)
            } else {
                conditional += kept
            }
            if !kept.isEmpty {
                branches.append(
                    EventDispatch.Branch(
                        transition: transition, patterns: kept.map(\.alternative),
                        conditions: guardClause.conditions, stateTests: guardClause.stateTests))
            }
        }
        // Where rows with conditions match and none without does, a false condition rejects.
        var rejected: [[Int?]] = []
        for (alternative, box) in conditional {
            if !uncovered([alternative], by: covered, near: box, types: types, space: space).isEmpty {
                rejected.append(alternative)
                covered.append(box)
            }
        }
        if !rejected.isEmpty {
            branches.append(EventDispatch.Branch(transition: nil, patterns: rejected, conditions: []))
        }
        return branches
    }

    /// Of `alternatives` (as in `Branch.patterns`, over `types`), those that `covering`
    /// together do not hold entirely: what a case after cases for `covering` still matches.
    func uncovered(_ alternatives: [[Int?]], by covering: [[Int?]], types: [PredicateTypeID]) -> [[Int?]] {
        let space = PredicateSpace(machine.predicateTypes.map(\.cases.count))
        let everything = space.everything(over: types)
        return uncovered(
            alternatives, by: covering.map { Self.box(of: $0, over: types, in: space) }, near: everything,
            types: types, space: space
        ).map(\.alternative)
    }

    /// The box of the combinations `alternative` matches.
    private static func box(of alternative: [Int?], over types: [PredicateTypeID], in space: PredicateSpace)
        -> PredicateBox
    {
        PredicateBox(
            dimensions: zip(types, alternative).map { type, value in
                let count = space.caseCounts[PredicateSpace.dimension(of: type)]
                return value.map { CaseSet([$0], of: count) } ?? CaseSet(allOf: count)
            })
    }

    /// The alternatives that `covered` does not hold entirely, with their boxes. Only boxes
    /// that meet `near`, the row's own box, can cover one of its alternatives.
    private func uncovered(
        _ alternatives: [[Int?]], by covered: [PredicateBox], near: PredicateBox, types: [PredicateTypeID],
        space: PredicateSpace
    ) -> [(alternative: [Int?], box: PredicateBox)] {
        let overlapping = covered.filter { near.intersection($0) != nil }
        var kept: [(alternative: [Int?], box: PredicateBox)] = []
        for alternative in alternatives {
            let box = Self.box(of: alternative, over: types, in: space)
            var region = PredicateRegion(box)
            for earlier in overlapping where !region.isEmpty {
                guard region.subtract(earlier) else { break }
            }
            if !region.isEmpty { kept.append((alternative, box)) }
        }
        return kept
    }

    /// Every combination of one choice from each list, the first list varying slowest.
    static func product<T>(_ lists: [[T]]) -> [[T]] {
        lists.reduce([[]]) { partial, list in partial.flatMap { prefix in list.map { prefix + [$0] } } }
    }
}

/// How a state dispatches one event: which predicate types to switch on, and the
/// transitions to try in order, the first one that matches winning.
struct EventDispatch: Hashable, Sendable {
    var event: EventID
    /// The predicate types some row for this event constrains, in declaration order.
    /// Empty when no row has a predicate guard: then there is exactly one branch.
    var predicateTypes: [PredicateTypeID]
    /// Most specific first (rank descending, then table order), the first that matches
    /// and whose conditions hold winning; a rejecting branch, if any, last.
    var branches: [Branch]
    /// True when every combination of `predicateTypes` matches some row, so the dispatch
    /// needs no fallback to "unhandled".
    var isExhaustive: Bool

    /// The alternatives (as in `Branch.patterns`) for which some row matches, conditions
    /// aside: where the event is handled rather than unhandled. They are those of the
    /// branches without conditions: the rows that take the event whatever conditions say,
    /// and the rejection, which holds where only rows with conditions match. None is
    /// covered entirely by those before it, as `makeBranches` prunes both against all
    /// before them.
    var handled: [[Int?]] { branches.filter { !$0.isConditional }.flatMap(\.patterns) }

    /// One candidate transition, or the rejection, and the combinations it takes.
    struct Branch: Hashable, Sendable {
        /// Index into the state's `transitions`; nil for the branch that rejects the
        /// event, where only rows with conditions match and none held.
        var transition: Int?
        /// Alternatives, each giving for every one of `predicateTypes` a case index, or
        /// nil for any case. Alternatives that earlier rows without conditions match
        /// entirely are left out, and a transition they always pre-empt has no branch.
        var patterns: [[Int?]]
        /// The row's condition terms, asked in this order when a pattern matches.
        var conditions: [ConditionTerm] = []
        /// The row's `in(State)` terms, read before its conditions.
        var stateTests: [StateTest] = []

        /// Whether the row may not apply though a pattern matches: it asks conditions or
        /// tests states. Such a row covers nothing; where only such rows match, a last
        /// branch rejects the event.
        var isConditional: Bool { !conditions.isEmpty || !stateTests.isEmpty }
    }

    /// The condition calls (indices into `StateMachine.conditionCalls`) that two or more
    /// branches ask: generated code asks each once and keeps the answer.
    var sharedConditions: [ConditionCallID] {
        var seen: [ConditionCallID] = []
        var shared: [ConditionCallID] = []
        for term in branches.flatMap(\.conditions) {
            if seen.contains(term.call) {
                if !shared.contains(term.call) { shared.append(term.call) }
            } else {
                seen.append(term.call)
            }
        }
        return shared
    }
}

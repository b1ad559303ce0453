/// Lowers a checked machine's flattened transitions to the shape of its dispatch: for
/// each concrete state and event, which predicate values the `switch` looks at and which
/// cases, in which order, lead to which transition. It decides nothing about meaning (the
/// Analyzer has ranked the rows and rejected clashes); it spells the ranking out as Swift
/// patterns, leaving out those Swift would warn can never match.
struct DispatchPlanner {
    let machine: StateMachine

    /// The dispatch of every concrete state, by index into `StateMachine.states`.
    static func plan(_ machine: StateMachine) -> [Int: [EventDispatch]] {
        let planner = DispatchPlanner(machine: machine)
        var plans: [Int: [EventDispatch]] = [:]
        for state in machine.concreteStates { plans[state] = planner.plan(machine.states[state]) }
        return plans
    }

    /// One entry per event the state handles, in order of first appearance in its transitions.
    func plan(_ state: State) -> [EventDispatch] {
        var eventOrder: [Int] = []
        var transitionsByEvent: [Int: [Int]] = [:]
        for (position, transition) in state.transitions.enumerated() {
            if transitionsByEvent[transition.event] == nil { eventOrder.append(transition.event) }
            transitionsByEvent[transition.event, default: []].append(position)
        }
        return eventOrder.map { event in
            plan(event, candidates: transitionsByEvent[event] ?? [], of: state)
        }
    }

    private func plan(_ event: Int, candidates: [Int], of state: State) -> EventDispatch {
        let guards = candidates.map { state.transitions[$0].guardClause }
        if candidates.count == 1, guards[0].predicates.isEmpty {
            // The common case, and what the general path below works out for it at more
            // cost: one row without predicate terms matches every combination.
            return EventDispatch(event: event, predicateTypes: [],
                                 branches: [EventDispatch.Branch(transition: candidates[0], patterns: [[]])],
                                 isExhaustive: true)
        }
        let space = PredicateSpace(machine.predicateTypes.map(\.cases.count))
        let types = Array(Set(guards.flatMap { $0.predicates.map(\.type) })).sorted()
        // Most specific first: rank descending, then table order.
        let order = candidates.indices.sorted { (-guards[$0].rank, $0) < (-guards[$1].rank, $1) }
        let boxes = guards.map { space.box(of: $0, over: types) }
        return EventDispatch(
            event: event, predicateTypes: types,
            branches: makeBranches(order.map { (candidates[$0], guards[$0]) }, types: types, space: space),
            // The Analyzer has checked that this is computable within the region's limit.
            isExhaustive: space.covers(boxes, over: types) ?? false)
    }

    /// The branches of one event's dispatch, most specific row first. Each row's guard is
    /// spelt out as alternatives (one case or any, per type); those that earlier branches
    /// cover entirely are dropped, since Swift would warn that they are never executed.
    private func makeBranches(_ ordered: [(transition: Int, guardClause: Guard)], types: [Int],
                              space: PredicateSpace) -> [EventDispatch.Branch] {
        var covered: [PredicateBox] = []
        var branches: [EventDispatch.Branch] = []
        for (transition, guardClause) in ordered {
            let choices: [[Int?]] = types.map { type in
                guardClause.predicates.first { $0.type == type }.map { $0.cases.sorted().map(Optional.some) } ?? [nil]
            }
            // Only earlier alternatives that meet this row's guard can cover one of its own.
            let rowBox = space.box(of: guardClause, over: types)
            let overlapping = covered.filter { rowBox.intersection($0) != nil }
            var kept: [[Int?]] = []
            var keptBoxes: [PredicateBox] = []
            for alternative in Self.product(choices) {
                let box = PredicateBox(dimensions: zip(types, alternative).map { type, value in
                    value.map { CaseSet([$0], of: space.caseCounts[type]) } ?? CaseSet(allOf: space.caseCounts[type])
                })
                var region = PredicateRegion(box)
                for earlier in overlapping where !region.isEmpty {
                    guard region.subtract(earlier) else { break }
                }
                if !region.isEmpty {
                    kept.append(alternative)
                    keptBoxes.append(box)
                }
            }
            covered += keptBoxes
            if !kept.isEmpty {
                branches.append(EventDispatch.Branch(transition: transition, patterns: kept))
            }
        }
        return branches
    }

    /// Every combination of one choice from each list, the first list varying slowest.
    static func product<T>(_ lists: [[T]]) -> [[T]] {
        lists.reduce([[]]) { partial, list in partial.flatMap { prefix in list.map { prefix + [$0] } } }
    }
}

/// How a state dispatches one event: which predicate types to switch on, and the
/// transitions to try in order, the first one that matches winning.
struct EventDispatch: Hashable, Sendable {
    var event: Int
    /// The predicate types some row for this event constrains, in declaration order.
    /// Empty when no row has a predicate guard: then there is exactly one branch.
    var predicateTypes: [Int]
    /// Most specific first (rank descending, then table order).
    var branches: [Branch]
    /// True when every combination of `predicateTypes` matches some branch, so the
    /// dispatch needs no fallback to "unhandled".
    var isExhaustive: Bool

    /// One candidate transition and the combinations it takes.
    struct Branch: Hashable, Sendable {
        /// Index into the state's `transitions`.
        var transition: Int
        /// Alternatives, each giving for every one of `predicateTypes` a case index, or
        /// nil for any case. Alternatives that earlier branches match entirely are left
        /// out, and a transition more specific rows always pre-empt has no branch.
        var patterns: [[Int?]]
    }
}

extension Analysis {
    /// Warns about concrete states no sequence of events reaches from the initial state,
    /// and abstract states that are a superstate of no reachable state.
    func checkReachability(log: inout DiagnosticLog) {
        guard let initial = resolution.initialState, let initialName = headers.initialState else { return }
        let statechart = statechart
        var queue = statechart.entering(initial, from: nil).map(\.leaf)
        var reached = Set(queue)
        while let state = queue.popLast() {
            for row in flattening.effectiveRows[state] {
                guard case .state(let target) = resolution.destinations[row] else { continue }
                for way in statechart.entering(target, from: state) where reached.insert(way.leaf).inserted {
                    queue.append(way.leaf)
                }
            }
        }
        let usedAbstract = reached.reduce(into: Set<Int>()) { $0.formUnion(resolution.ancestors[$1]) }
        for (index, state) in states.enumerated() {
            let location = state.concreteAt ?? state.abstractAt ?? state.name.location
            if state.isAbstract && !usedAbstract.contains(index) {
                log.warning(.unreachableState,
                            "abstract state '\(state.name)' is not a superstate of any state reachable from '\(initialName)'",
                            at: state.abstractAt ?? location)
            } else if !state.isAbstract && !reached.contains(index), let substate = resolution.initialSubstate[index] {
                log.warning(.unreachableState,
                            "state '\(state.name)' is never current: entering it enters its initial substate '\(states[substate].name)'",
                            at: location)
            } else if !state.isAbstract && !reached.contains(index) {
                log.warning(.unreachableState, "state '\(state.name)' is unreachable from the initial state '\(initialName)'",
                            at: location)
            }
        }
    }
}

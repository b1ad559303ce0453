extension Analysis {
    /// Warns about concrete states no sequence of events reaches from the initial state,
    /// and abstract states that are a superstate of no reachable state.
    func checkReachability(log: inout DiagnosticLog) {
        guard let initial = resolution.initialState, let initialName = headers.initialState else { return }
        guard !resolution.isParallel.contains(true) else {
            checkRegionReachability(from: initial, named: initialName, log: &log)
            return
        }
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
        let usedAbstract = reached.reduce(into: Set<StateID>()) { $0.formUnion(resolution.ancestors[$1]) }
        for (index, state) in zip(states.indices, states) {
            let location = state.concreteAt ?? state.abstractAt ?? state.name.location
            if state.isAbstract && !usedAbstract.contains(index) {
                log.warning(
                    .unreachableState,
                    "abstract state '\(state.name)' is not a superstate of any state reachable from '\(initialName)'",
                    at: state.abstractAt ?? location)
            } else if !state.isAbstract && !reached.contains(index), let substate = resolution.initialSubstate[index] {
                log.warning(
                    .unreachableState,
                    "state '\(state.name)' is never current: entering it enters its initial substate '\(states[substate].name)'",
                    at: location)
            } else if !state.isAbstract && !reached.contains(index) {
                log.warning(
                    .unreachableState, "state '\(state.name)' is unreachable from the initial state '\(initialName)'",
                    at: location)
            }
        }
    }
}

extension Analysis {
    /// Reachability in a machine with parallel states, region by region: a state entered
    /// enters its superstates, every region of a parallel state, its initial substate and,
    /// with a history, every state the history can hold. The rows of every state entered
    /// are followed, whatever the other regions are in, so a state reported is unreachable
    /// in every configuration.
    private func checkRegionReachability(from initial: StateID, named initialName: NameSyntax, log: inout DiagnosticLog)
    {
        var reached = Set<StateID>()
        var queue: [StateID] = []
        func enter(_ state: StateID) {
            for entered in resolution.ancestors[state] + [state] where reached.insert(entered).inserted {
                queue.append(entered)
            }
        }
        enter(initial)
        while let state = queue.popLast() {
            if resolution.isParallel[state] { resolution.substates[state].forEach(enter) }
            if let substate = resolution.initialSubstate[state] { enter(substate) }
            if resolution.history[state] != nil {
                for inside in states.indices where resolution.ancestors[inside].contains(state) { enter(inside) }
            }
            for row in flattening.effectiveRows[state] {
                if case .state(let target) = resolution.destinations[row] { enter(target) }
                resolution.forkTargets[row].forEach(enter)
            }
        }
        for (index, state) in zip(states.indices, states) {
            let location = state.concreteAt ?? state.abstractAt ?? state.name.location
            // As in a machine without parallel states: entered or not, a concrete state with
            // an initial row is never current.
            if !state.isAbstract && !resolution.isParallel[index], let substate = resolution.initialSubstate[index] {
                log.warning(
                    .unreachableState,
                    "state '\(state.name)' is never current: entering it enters its initial substate '\(states[substate].name)'",
                    at: location)
                continue
            }
            guard !reached.contains(index) else { continue }
            if state.isAbstract {
                log.warning(
                    .unreachableState,
                    "abstract state '\(state.name)' is not a superstate of any state reachable from '\(initialName)'",
                    at: state.abstractAt ?? location)
            } else {
                log.warning(
                    .unreachableState, "state '\(state.name)' is unreachable from the initial state '\(initialName)'",
                    at: location)
            }
        }
    }
}

extension Analysis {
    /// Warns about concrete states no sequence of events reaches from the initial state,
    /// and abstract states that are a superstate of no reachable state.
    func checkReachability(log: inout DiagnosticLog) {
        guard let initial = resolution.initialState, let initialName = headers.initialState else { return }
        var reached = Set([initial])
        var queue = [initial]
        while let state = queue.popLast() {
            for row in flattening.effectiveRows[state] {
                let target: Int
                switch resolution.destinations[row] {
                case .stay: target = state
                case .state(let state): target = state
                case .undefined: continue
                }
                if !states[target].isAbstract, reached.insert(target).inserted {
                    queue.append(target)
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
            } else if !state.isAbstract && !reached.contains(index) {
                log.warning(.unreachableState, "state '\(state.name)' is unreachable from the initial state '\(initialName)'",
                            at: location)
            }
        }
    }
}

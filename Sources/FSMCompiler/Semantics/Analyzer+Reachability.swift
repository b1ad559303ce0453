extension Analyzer {
    /// Warns about concrete states no sequence of events reaches from the initial state,
    /// and abstract states that are a superstate of no reachable state.
    mutating func checkReachability() {
        guard let initialName = header.initialState, let initial = stateIndex[initialName.text],
              !states[initial].isAbstract else { return }
        var reached = Set([initial])
        var queue = [initial]
        while let state = queue.popLast() {
            for row in effectiveRows[state] {
                let target = rows[row].nextState == nil ? state : rows[row].target
                if let target, !states[target].isAbstract, reached.insert(target).inserted {
                    queue.append(target)
                }
            }
        }
        let usedAbstract = reached.reduce(into: Set<Int>()) { $0.formUnion(ancestors[$1]) }
        for (index, state) in states.enumerated() {
            let location = state.concreteAt ?? state.abstractAt ?? state.name.location
            if state.isAbstract && !usedAbstract.contains(index) {
                warning(.unreachableState,
                        "abstract state '\(state.name)' is not a superstate of any state reachable from '\(initialName)'",
                        at: state.abstractAt ?? location)
            } else if !state.isAbstract && !reached.contains(index) {
                warning(.unreachableState, "state '\(state.name)' is unreachable from the initial state '\(initialName)'",
                        at: location)
            }
        }
    }
}

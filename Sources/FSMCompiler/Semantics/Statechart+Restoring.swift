// What a machine may be restored in (Language reference › Initial substates, Regions): a
// configuration of states that can be current, and histories that hold only such states.
// The generated code cannot even express anything else (its enums have no case for a state
// that is never current); the interpreter, which takes indices, asks here.

extension Statechart {
    /// Whether `state` can be current: a concrete state that is neither a parallel state
    /// (its regions' states are current) nor a state with an initial row (entering it enters
    /// its initial substate).
    package func canBeCurrent(_ state: StateID) -> Bool {
        !isAbstract[state] && !isParallel[state] && initialSubstate[state] == nil
    }

    /// Why the machine cannot be in a configuration with the leaves `leaves`, or nil when it
    /// can: each leaf a state that can be current, no two in one region, every region of an
    /// active parallel state with a leaf, and nothing else active.
    package func problemRestoring(_ leaves: [StateID]) -> String? {
        guard !leaves.isEmpty else { return "a configuration has at least one state" }
        if let unknown = leaves.first(where: { !names.indices.contains($0) }) {
            return "there is no state \(unknown): the machine has \(names.count)"
        }
        if let problem = leaves.lazy.compactMap(problemBeingCurrent).first { return problem }
        for (index, first) in leaves.enumerated() {
            for second in leaves[(index + 1)...] where !areOrthogonal(first, second) {
                return first == second
                    ? "'\(names[first])' is given twice"
                    : "'\(names[first])' and '\(names[second])' cannot be current together: no parallel state holds them in two of its regions"
            }
        }
        let active = Set(activeStates(of: leaves))
        for parallel in ordered(active) where isParallel[parallel] {
            if let region = substates[parallel].first(where: { !active.contains($0) }) {
                return "region '\(names[region])' of '\(names[parallel])' has no current state"
            }
        }
        return nil
    }

    /// Why `stored` cannot be the history of `state`, or nil when it can: `state` has a
    /// `History:` header and `stored` holds states inside it that can be current.
    package func problemRestoring(history stored: [StateID], of state: StateID) -> String? {
        guard names.indices.contains(state) else { return "there is no state \(state): the machine has \(names.count)" }
        guard history[state] != nil else { return "'\(names[state])' has no history: no 'History:' header names it" }
        for leaf in stored {
            guard names.indices.contains(leaf) else {
                return "there is no state \(leaf): the machine has \(names.count)"
            }
            if let problem = problemBeingCurrent(leaf) { return "the history of '\(names[state])': " + problem }
            guard isWithin(leaf, state), leaf != state else {
                return "the history of '\(names[state])' holds '\(names[leaf])', which is not inside it"
            }
        }
        return nil
    }

    /// Why `state` cannot be current, or nil when it can.
    private func problemBeingCurrent(_ state: StateID) -> String? {
        if let substate = initialSubstate[state], !isAbstract[state] {
            return "'\(names[state])' is never current: entering it enters its initial substate '\(names[substate])'"
        }
        if isParallel[state] {
            return "'\(names[state])' is a parallel state, never current itself: the states of its regions are"
        }
        if isAbstract[state] { return "'\(names[state])' is abstract, a superstate only, never current" }
        return nil
    }

    /// Whether two states lie in different regions of one parallel state, and so can be
    /// active together.
    private func areOrthogonal(_ first: StateID, _ second: StateID) -> Bool {
        guard first != second else { return false }
        return lineage(of: first).contains { parallel in
            guard isParallel[parallel], isWithin(second, parallel) else { return false }
            return region(of: first, in: parallel) != region(of: second, in: parallel)
        }
    }
}

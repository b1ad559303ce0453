/// Where a transition really goes and what it runs on the way
/// (Language reference › Entry and exit, Initial substates and history): which states it
/// leaves and enters, the initial rows it follows, the histories it reads and writes.
/// Everything is decided here, at compile time; only a stored history can leave the end
/// open, and then every way it can end is listed.
///
/// `A(s)` below is `s` with all its superstates. A transition from `s` whose row names
/// `x` ends in a concrete state `t` (x itself, or where x's initial rows or history lead).
/// In the default mode it keeps the states of `A(s) ∩ A(t)` that are not below `x` (nor
/// `s` itself, when the row names `s`): it exits the rest of `A(s)`, leaf first, and
/// enters the rest of `A(t)`, root first, each initial row's actions after the entry
/// actions of the state whose body holds it. A row naming a superstate of `s` is thus a
/// local transition: that superstate stays, its substates are left and entered again.
struct Statechart {
    let entryExit: EntryExitMode
    let isAbstract: [Bool]
    /// Per state: its superstates, transitively, in entry order (root first).
    let ancestors: [[Int]]
    /// Per state: its direct substates, in declaration order.
    let substates: [[Int]]
    let ownEntryActions: [[Int]]
    let ownExitActions: [[Int]]
    let initialSubstate: [Int?]
    let initialActions: [[Int]]
    let history: [HistoryKind?]

    /// One way of entering a state: the histories it assumed, the concrete state reached,
    /// and the states whose initial rows it followed, outermost first.
    struct Entering {
        var history: [HistoryValue] = []
        var leaf: Int
        var initialRowsFollowed: [Int] = []
    }

    /// Whether `state` is `container` or one of its substates.
    func isWithin(_ state: Int, _ container: Int) -> Bool {
        state == container || ancestors[state].contains(container)
    }

    /// Every way of entering `state` by a transition from `source` (nil when the machine
    /// starts): the first one finds every history it reads empty.
    ///
    /// A superstate with history that holds the source resumes the source: that is its most
    /// recent configuration. One that does not reads its stored history: empty, it enters
    /// its initial substate; otherwise, deep, the stored state; shallow, the direct substate
    /// that holds the stored state, entered by that substate's own rules.
    func entering(_ state: Int, from source: Int?) -> [Entering] {
        if let kind = history[state] {
            if let source, isWithin(source, state) {
                return resuming(state, kind, stored: source, from: source)
            }
            var ways = followingInitialRow(of: state, from: source).map { way in
                var way = way
                way.history.insert(HistoryValue(superstate: state, state: nil), at: 0)
                return way
            }
            for stored in storableStates(of: state) {
                ways += resuming(state, kind, stored: stored, from: source).map { way in
                    var way = way
                    way.history.insert(HistoryValue(superstate: state, state: stored), at: 0)
                    return way
                }
            }
            return ways
        }
        if initialSubstate[state] != nil { return followingInitialRow(of: state, from: source) }
        return [Entering(leaf: state)]
    }

    /// The concrete states a history of `state` can hold: the states that can be current
    /// inside it, itself included when it is concrete.
    func storableStates(of state: Int) -> [Int] {
        isAbstract.indices.filter { !isAbstract[$0] && isWithin($0, state) }
    }

    private func followingInitialRow(of state: Int, from source: Int?) -> [Entering] {
        guard let substate = initialSubstate[state] else { return [Entering(leaf: state)] }
        return entering(substate, from: source).map { way in
            var way = way
            way.initialRowsFollowed.insert(state, at: 0)
            return way
        }
    }

    private func resuming(_ state: Int, _ kind: HistoryKind, stored: Int, from source: Int?) -> [Entering] {
        guard kind == .shallow, stored != state,
            let substate = substates[state].first(where: { isWithin(stored, $0) })
        else {
            return [Entering(leaf: stored)]
        }
        // A substate that could not be entered by its own rules is left as it was.
        if isAbstract[substate] && initialSubstate[substate] == nil { return [Entering(leaf: stored)] }
        return entering(substate, from: source)
    }

    /// Every way a transition from `source` ends, the row naming `target` (nil for `-`).
    func arrivals(from source: Int, to target: Int?, rowActions: [Int]) -> [Arrival] {
        guard let target else {
            // `-`: internal, but for CC_SMC's mode, which leaves and enters the state itself.
            guard entryExit == .always else {
                return [Arrival(history: [], target: source, effects: rowActions, exitCount: 0, historyWrites: [])]
            }
            let exits = exitActions(of: source, keeping: [])
            let lineage = ancestors[source] + [source]
            return [
                Arrival(
                    history: [], target: source,
                    effects: exits + rowActions + entryActions(of: source, keeping: [], initialRowsFollowed: []),
                    exitCount: exits.count, historyWrites: [], exited: lineage.reversed(), entered: lineage)
            ]
        }
        return entering(target, from: source).map { way in
            let lineage = Set(ancestors[way.leaf] + [way.leaf])
            let kept: Set<Int>
            switch entryExit {
            case .uml:
                kept = Set(
                    (ancestors[source] + [source]).filter { state in
                        lineage.contains(state) && !(state != target && isWithin(state, target))
                            && !(state == source && target == source)
                    })
            case .always:
                kept = []
            case .onChange:
                kept = way.leaf == source ? lineage : []
            }
            let exits = exitActions(of: source, keeping: kept)
            let entries =
                entryExit == .onChange && way.leaf == source
                ? [] : entryActions(of: way.leaf, keeping: kept, initialRowsFollowed: way.initialRowsFollowed)
            let left = (ancestors[source] + [source]).filter { history[$0] != nil && !lineage.contains($0) }
            return Arrival(
                history: way.history, target: way.leaf, effects: exits + rowActions + entries,
                exitCount: exits.count, historyWrites: left,
                exited: (ancestors[source] + [source]).reversed().filter { !kept.contains($0) },
                entered: (ancestors[way.leaf] + [way.leaf]).filter { !kept.contains($0) })
        }
    }

    /// The exit actions of the states of `A(state)` not kept, leaf first.
    private func exitActions(of state: Int, keeping kept: Set<Int>) -> [Int] {
        (ancestors[state] + [state]).reversed().filter { !kept.contains($0) }.flatMap { ownExitActions[$0] }
    }

    /// The entry actions of the states of `A(state)` not kept, root first, each followed
    /// by its initial row's actions when the transition followed that row.
    private func entryActions(of state: Int, keeping kept: Set<Int>, initialRowsFollowed: [Int]) -> [Int] {
        (ancestors[state] + [state]).flatMap { state in
            (kept.contains(state) ? [] : ownEntryActions[state])
                + (initialRowsFollowed.contains(state) ? initialActions[state] : [])
        }
    }
}

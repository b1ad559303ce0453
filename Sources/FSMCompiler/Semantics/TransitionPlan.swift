/// What taking a row does, as far as the statechart decides it before the machine runs
/// (Language reference › Entry and exit, Initial substates and history, Regions): which
/// states of the source's lineage the row keeps and leaves, the histories it stores, what it
/// leaves and enters in order, and which part of the configuration it rewrites.
///
/// `Statechart.plan(source:targets:)` computes it once per row and the state that takes
/// the row; `Statechart.move` applies it to a configuration and the stored histories (for
/// the interpreter, `simulate` and the table), and the generator of machines with regions
/// renders it, step by step, as Swift. What only the running machine knows is a step of
/// its own: a region left as a whole (whatever is active in it), a state entered by its own
/// rules (its initial row, its history, each region of a parallel state).
package struct TransitionPlan: Hashable, Sendable {
    /// A step of leaving.
    package enum Exit: Hashable, Sendable {
        /// A state of the source's lineage or of the way down to it: its own exit actions.
        case state(StateID)
        /// A region the row leaves as a whole: every state active in it, innermost first
        /// (with the histories inside it), then the region's own exit actions.
        case region(StateID)
    }

    /// A step of entering.
    package enum Entry: Hashable, Sendable {
        /// A state on the way to a target, or a region entered: its own entry actions.
        case state(StateID)
        /// What entering a state by its own rules enters below it: its initial row or its
        /// history, each region of a parallel state, down to the states that can be current.
        case byRules(StateID)
    }

    /// Which part of the configuration the row writes: below the deepest state it keeps.
    package enum Rewrite: Hashable, Sendable {
        /// The whole configuration: the row keeps no state, or keeps only states outside
        /// every parallel state.
        case configuration
        /// The regions of a kept parallel state that hold a target or the source.
        case regions(of: StateID)
        /// The value of a kept region, whose deepest kept state is `deepest` (the region
        /// itself, or a superstate inside it).
        case region(StateID, deepest: StateID)
    }

    /// The state that takes the row: a leaf, or a parallel state whose level rows hold it.
    package var source: StateID
    /// The states the row names: one, or those of a fork.
    package var targets: [StateID]
    /// `source` with its superstates, root first.
    package var lineage: [StateID]
    /// The states of `lineage` the row stays in, outermost first.
    package var kept: [StateID]
    /// The states of `lineage` the row leaves, outermost first.
    package var left: [StateID]
    /// The states of `lineage` whose history the row stores, before anything is left: each
    /// one with history that it leaves, or whose substates it leaves. (A region left as a
    /// whole stores the histories inside it as it is left.)
    package var historyWrites: [StateID]
    /// What the row leaves, in the order of the exit actions.
    package var exits: [Exit]
    /// What the row enters, in the order of the entry actions.
    package var entries: [Entry]
    /// Where the configuration the row reaches is written.
    package var rewrite: Rewrite
}

extension Statechart {
    /// The plan of a row of `source` that names `targets` (at least one).
    ///
    /// In the default (UML) entry and exit, the row keeps the states of the source's lineage
    /// that are on the way to a target but not strictly inside one, nor the source when it
    /// names it, nor a parallel state it names (a region's row naming its parallel state
    /// leaves it and enters it anew, as the parallel state's own row to itself does).
    /// `onTheWay`, when given, is the configuration the row reaches, whose other states are
    /// on the way too (a state with several superstates, entered by an initial row, keeps
    /// them all). `EntryExit: always` and `onChange` keep none (`Statechart.move` keeps
    /// everything when an `onChange` row does not change the configuration). It leaves the
    /// others, leaf first; inside the outermost parallel state it leaves, region by region in
    /// reverse order, the regions that do not hold the source as a whole; a parallel source
    /// whose row names a state inside it leaves each of its regions. It enters the states on
    /// the way from what it keeps down to each target, the regions without a target by
    /// their own rules, and a target with substates by its own rules.
    package func plan(source: StateID, targets: [StateID], onTheWay: [StateID] = []) -> TransitionPlan {
        let lineage = lineage(of: source)
        let kept = kept(of: lineage, source: source, targets: targets, onTheWay: onTheWay)
        let left = lineage.filter { !kept.contains($0) }
        var plan = TransitionPlan(
            source: source, targets: targets, lineage: lineage, kept: kept, left: left, historyWrites: [], exits: [],
            entries: [], rewrite: .configuration)
        plan.historyWrites = lineage.filter { state in
            guard storesHistory(state) else { return false }
            let contentLeft = left.first.map { isWithin($0, state) } ?? (isParallel[source] && isWithin(source, state))
            return !kept.contains(state) || contentLeft
        }
        plan.exits = exits(plan)
        (plan.rewrite, plan.entries) = arrival(plan)
        return plan
    }

    /// The states of `lineage` (the source's) that a row of `source` naming `targets` keeps,
    /// outermost first: `plan(source:targets:onTheWay:)`'s `kept`.
    func kept(of lineage: [StateID], source: StateID, targets: [StateID], onTheWay: [StateID]) -> [StateID] {
        guard entryExit == .uml else { return [] }
        return lineage.filter { keeps($0, source: source, targets: targets, onTheWay: onTheWay) }
    }

    /// Whether a row of `source` naming `targets` keeps `state`, of the source's lineage, in
    /// the default (UML) entry and exit: `kept(of:source:targets:onTheWay:)` for one state.
    func keeps(_ state: StateID, source: StateID, targets: [StateID], onTheWay: [StateID]) -> Bool {
        // On the way: in the lineage of a target (within it), or in `onTheWay`.
        (targets.contains { isWithin($0, state) } || onTheWay.contains(state))
            && !targets.contains { $0 != state && isWithin(state, $0) }
            && !(state == source && targets.contains(source))
            // A row naming a parallel state from inside it leaves it and enters it anew.
            && !(isParallel[state] && targets.contains(state))
    }

    /// Whether a history of `state` is stored: a parallel state's shallow history is not (its
    /// regions enter by their own rules whatever was active).
    func storesHistory(_ state: StateID) -> Bool {
        history[state] != nil && !(isParallel[state] && history[state] == .shallow)
    }

    /// Whether entering `state` by its own rules goes on inside it: a superstate that is not
    /// parallel, with an initial row or a history.
    package func entersByRules(_ state: StateID) -> Bool {
        !isParallel[state] && !substates[state].isEmpty && (initialSubstate[state] != nil || history[state] != nil)
    }

    /// A parallel state with a deep history: entered by its own rules, it resumes every
    /// region as it was, or enters each by its rules the first time.
    package func resumesRegions(_ state: StateID) -> Bool {
        isParallel[state] && history[state] == .deep
    }

    /// Whether `state` is a region: a direct substate of a parallel state.
    package func isRegion(_ state: StateID) -> Bool { regions[state] }

    /// The innermost region `state` is inside, nil outside every parallel state.
    package func region(around state: StateID) -> StateID? {
        ancestors[state].last(where: isRegion)
    }

    // MARK: Leaving

    private func exits(_ plan: TransitionPlan) -> [TransitionPlan.Exit] {
        let source = plan.source
        guard !plan.left.isEmpty else {
            // A parallel state's row to a state inside it leaves each of its regions.
            guard isParallel[source] else { return [] }
            return substates[source].reversed().map { .region($0) }
        }
        // Inside parallel states each state has one superstate: the states left there are
        // one chain, from the first of them down to the source.
        guard let chainStart = plan.left.first(where: { isParallel[$0] || region(around: $0) != nil }) else {
            return plan.left.reversed().map { .state($0) }
        }
        return exitChain(from: chainStart, source: source)
            + plan.left.filter { !isWithin($0, chainStart) }.reversed().map { .state($0) }
    }

    /// Leaving `state`, which holds `source`: from the source up to `state`, the regions of a
    /// parallel state on the way that do not hold the source left as a whole, in reverse
    /// order.
    private func exitChain(from state: StateID, source: StateID) -> [TransitionPlan.Exit] {
        if isParallel[state] {
            var out: [TransitionPlan.Exit] = []
            for region in substates[state].reversed() {
                out += isWithin(source, region) ? exitChain(from: region, source: source) : [.region(region)]
            }
            return out + [.state(state)]
        }
        guard state != source else { return [.state(state)] }
        let child = substates[state].first { isWithin(source, $0) }!
        return exitChain(from: child, source: source) + [.state(state)]
    }

    // MARK: Entering

    /// Where the row writes the configuration, and what it enters.
    private func arrival(_ plan: TransitionPlan) -> (TransitionPlan.Rewrite, [TransitionPlan.Entry]) {
        guard let deepest = plan.kept.last else { return (.configuration, arrivalAtTop(plan)) }
        if isParallel[deepest] {
            var entries: [TransitionPlan.Entry] = []
            for region in substates[deepest] {
                let inside = plan.targets.filter { isWithin($0, region) }
                guard !inside.isEmpty || plan.source == deepest || isWithin(plan.source, region) else { continue }
                entries += inside.isEmpty ? [.state(region), .byRules(region)] : entering(region, targets: inside)
            }
            return (.regions(of: deepest), entries)
        }
        if let region = isRegion(deepest) ? deepest : region(around: deepest) {
            return (.region(region, deepest: deepest), arrival(keeping: deepest, plan))
        }
        return (.configuration, arrivalAtTop(plan))
    }

    /// What a row that keeps `deepest` inside a region enters.
    private func arrival(keeping deepest: StateID, _ plan: TransitionPlan) -> [TransitionPlan.Entry] {
        if plan.targets == [deepest] { return enteringAgain(deepest) }
        let first = lineage(of: plan.targets[0]).first { !plan.kept.contains($0) }!
        return entering(first, targets: plan.targets)
    }

    /// What a row that writes the whole configuration enters.
    private func arrivalAtTop(_ plan: TransitionPlan) -> [TransitionPlan.Entry] {
        if let deepest = plan.kept.last, plan.targets == [deepest] { return enteringAgain(deepest) }
        var entries: [TransitionPlan.Entry] = []
        for state in lineage(of: plan.targets[0]) where !plan.kept.contains(state) {
            if isParallel[state] { return entries + entering(state, targets: plan.targets) }
            entries.append(.state(state))
            if state == plan.targets[0] && entersByRules(state) { entries.append(.byRules(state)) }
        }
        return entries
    }

    /// Entering from `state` (entered) down to `targets`: the regions without a target, and
    /// a target with substates, by their own rules.
    private func entering(_ state: StateID, targets: [StateID]) -> [TransitionPlan.Entry] {
        var out: [TransitionPlan.Entry] = [.state(state)]
        if isParallel[state] && targets == [state] && resumesRegions(state) {
            out.append(.byRules(state))
        } else if isParallel[state] {
            for region in substates[state] {
                let inside = targets.filter { isWithin($0, region) }
                out += inside.isEmpty ? [.state(region), .byRules(region)] : entering(region, targets: inside)
            }
        } else if targets.contains(state) {
            if entersByRules(state) { out.append(.byRules(state)) }
        } else {
            let child = substates[state].first { child in targets.allSatisfy { isWithin($0, child) } }!
            out += entering(child, targets: targets)
        }
        return out
    }

    /// What a row that keeps the state it names enters again below it, by its own rules; a
    /// concrete superstate without an initial row is the end itself.
    private func enteringAgain(_ state: StateID) -> [TransitionPlan.Entry] {
        resumesRegions(state) || entersByRules(state) ? [.byRules(state)] : []
    }
}

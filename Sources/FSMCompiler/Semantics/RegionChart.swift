/// Where transitions go in a machine with parallel states (Language reference › Regions),
/// read from the hierarchy: which states a row leaves and enters when the machine is in a
/// configuration, one active state per region.
///
/// A configuration is given by its leaves, in configuration order (regions in declaration
/// order, depth first); its active states are the leaves with all their superstates.
///
/// A row is taken from its *source*: the active leaf whose flattened rows hold it, or the
/// parallel state whose own rows (its level rows) hold it. `L(x)` below is `x` with all
/// its superstates. A row naming the states `T` (one, or those of a fork) keeps the states
/// of `L(source)` that are in some `L(t)` but not strictly inside a `t` (nor the source
/// itself when the row names it: an external self-transition). It leaves every active
/// state inside a state of `L(source)` that it does not keep, and, from a parallel
/// source, every active state inside the source: a parallel state's row to a state inside
/// it leaves and enters all its regions again. It enters the states of the `L(t)` it
/// does not keep, and completes the configuration: a parallel state entered or kept
/// without an active state in a region enters that region, and a superstate entered
/// without an active substate resumes its history or follows its initial row.
public struct RegionChart: Sendable {
    public let machine: StateMachine
    /// Per state: its position in a walk of the hierarchy that visits each state's
    /// substates in declaration order, which orders a configuration's leaves.
    private let preorder: [Int]

    public init(_ machine: StateMachine) {
        self.machine = machine
        var order = Array(repeating: -1, count: machine.states.count)
        var next = 0
        var stack = machine.states.indices.filter { machine.states[$0].superstates.isEmpty }.reversed().map { $0 }
        while let state = stack.popLast() {
            guard order[state] < 0 else { continue }
            order[state] = next
            next += 1
            stack.append(contentsOf: machine.states[state].substates.reversed())
        }
        preorder = order
    }

    /// `state` with all its superstates, root first.
    public func lineage(of state: Int) -> [Int] {
        machine.states[state].ancestors + [state]
    }

    /// Whether `state` is `container` or one of its substates.
    public func isWithin(_ state: Int, _ container: Int) -> Bool {
        state == container || machine.states[state].ancestors.contains(container)
    }

    /// `leaves` in configuration order.
    public func ordered(_ leaves: some Sequence<Int>) -> [Int] {
        leaves.sorted { preorder[$0] < preorder[$1] }
    }

    /// The active states of a configuration, in entry order: each leaf's superstates before
    /// it, regions in declaration order.
    public func activeStates(of leaves: [Int]) -> [Int] {
        var seen = Set<Int>()
        var states: [Int] = []
        for leaf in leaves {
            for state in lineage(of: leaf) where seen.insert(state).inserted { states.append(state) }
        }
        return states
    }

    /// The state of a configuration that takes an event for `state`: `state` itself when it
    /// is a leaf or a parallel state, else its active substate's, recursively.
    public func node(below state: Int, leaves: [Int]) -> Int {
        var state = state
        while !machine.states[state].isParallel && !leaves.contains(state) {
            guard
                let child = machine.states[state].substates.first(where: { child in
                    leaves.contains { isWithin($0, child) }
                })
            else { return state }
            state = child
        }
        return state
    }

    /// The state that takes events first: the outermost active parallel state, or the
    /// only leaf.
    public func topNode(of leaves: [Int]) -> Int {
        guard leaves.count > 1 else { return leaves[0] }
        return activeStates(of: leaves).first { machine.states[$0].isParallel }!
    }

    /// `Media(Playing, Muted)` for a parallel `state`, its leaf's name for a leaf: the
    /// part of a configuration at `state`; a state of `resuming`, whose history decides what
    /// is inside it, prints as `Active(history)`.
    public func describe(_ state: Int, leaves: [Int], resuming: Set<Int> = []) -> String {
        var state = state
        while true {
            let info = machine.states[state]
            if resuming.contains(state) { return info.name + "(history)" }
            if info.isParallel {
                return info.name + "("
                    + info.substates.map { describe($0, leaves: leaves, resuming: resuming) }.joined(separator: ", ")
                    + ")"
            }
            guard !leaves.contains(state),
                let child = info.substates.first(where: { child in leaves.contains { isWithin($0, child) } })
            else { return info.name }
            state = child
        }
    }

    /// The whole configuration: `Off`, `Media(Playing, Muted)`.
    public func describe(_ leaves: [Int]) -> String {
        describe(topNode(of: leaves), leaves: leaves)
    }

    /// What taking a row does.
    public struct Move: Hashable, Sendable {
        /// The states left, in the order their exit actions run.
        public var exited: [Int]
        /// The states entered, in the order their entry actions run.
        public var entered: [Int]
        /// The entered (or kept) states whose initial row was followed: its actions run
        /// after their entry actions.
        public var initialRowsFollowed: Set<Int>
        /// The configuration reached.
        public var leaves: [Int]
        /// The histories written: each state with history that was left, with the leaves
        /// that were active inside it.
        public var historyWrites: [Int: [Int]]
        /// The state whose part of the new configuration the move decided: the one state
        /// entered at the top, or the parallel state above several; nil when nothing is entered.
        public var reached: Int?
    }

    /// Taking a row of `source` that names `targets` (empty for `-`) in the configuration
    /// `leaves`, with the stored `history` (leaves last active inside each state with history).
    public func move(from leaves: [Int], source: Int, targets: [Int], history: [Int: [Int]]) -> Move {
        guard !targets.isEmpty else {
            return Move(
                exited: [], entered: [], initialRowsFollowed: [], leaves: leaves, historyWrites: [:], reached: nil)
        }
        let targetLineages = Set(targets.flatMap(lineage(of:)))
        let kept = Set(
            lineage(of: source).filter { state in
                targetLineages.contains(state) && !targets.contains { $0 != state && isWithin(state, $0) }
                    && !(state == source && targets.contains(source))
            })
        let left = lineage(of: source).filter { !kept.contains($0) }
        let active = activeStates(of: leaves)
        let exitedSet = Set(
            active.filter { state in
                !kept.contains(state)
                    && (left.contains { isWithin(state, $0) }
                        || (state != source && isWithin(state, source)
                            && machine.states[source].isParallel))
            })
        let exited = active.reversed().filter(exitedSet.contains)
        // A state with history records what was active inside it whenever the move leaves
        // it or leaves states inside it: a state kept while its substates are left and
        // entered again (a local transition) resumes them, its most recent configuration.
        var historyWrites: [Int: [Int]] = [:]
        for state in active
        where machine.states[state].history != nil
            && (exitedSet.contains(state) || exitedSet.contains { $0 != state && isWithin($0, state) })
        {
            historyWrites[state] = leaves.filter { isWithin($0, state) }
        }
        var stored = history
        stored.merge(historyWrites) { $1 }
        let survivors = Set(active).subtracting(exitedSet)
        var entering = Entering(chart: self, history: stored)
        let newActive = entering.complete(survivors.union(targetLineages))
        let newLeaves = ordered(
            newActive.filter { state in !machine.states[state].substates.contains(where: newActive.contains) })
        let entered = activeStates(of: newLeaves).filter { !survivors.contains($0) }
        let tops = entered.filter { state in !machine.states[state].superstates.contains(where: entered.contains) }
        var reached = tops.first
        if tops.count > 1 {
            reached = lineage(of: tops[0]).last { candidate in
                machine.states[candidate].isParallel && tops.allSatisfy { isWithin($0, candidate) }
            }
        }
        return Move(
            exited: exited, entered: entered,
            initialRowsFollowed: entering.followed.intersection(Set(entered).union(survivors)),
            leaves: newLeaves, historyWrites: historyWrites, reached: reached)
    }

    /// The exit actions a move runs, in order.
    public func exitActions(of move: Move) -> [Int] {
        move.exited.flatMap { machine.states[$0].ownExitActions }
    }

    /// The entry actions a move runs, in order, each initial row's actions after the entry
    /// actions of the state whose body holds it (which may be a state the move kept).
    public func entryActions(of move: Move) -> [Int] {
        let entered = Set(move.entered)
        return activeStates(of: move.leaves).flatMap { state in
            (entered.contains(state) ? machine.states[state].ownEntryActions : [])
                + (move.initialRowsFollowed.contains(state) ? machine.states[state].initialActions : [])
        }
    }

    /// The configuration a machine starts in: the `Initial:` state entered.
    public func initialConfiguration(history: [Int: [Int]] = [:]) -> (leaves: [Int], initialRowsFollowed: Set<Int>) {
        var entering = Entering(chart: self, history: history)
        let active = entering.complete(Set(lineage(of: machine.initialTarget)))
        let leaves = ordered(
            active.filter { state in !machine.states[state].substates.contains(where: active.contains) })
        return (leaves, entering.followed)
    }

    /// Completes a set of states closed under superstates into a configuration.
    private struct Entering {
        let chart: RegionChart
        /// The histories, with those the move wrote.
        let history: [Int: [Int]]
        private(set) var followed = Set<Int>()

        init(chart: RegionChart, history: [Int: [Int]]) {
            self.chart = chart
            self.history = history
        }

        mutating func complete(_ required: Set<Int>) -> Set<Int> {
            var required = required
            var work = chart.ordered(required)
            func add(_ state: Int) {
                if required.insert(state).inserted { work.append(state) }
            }
            /// The states from below `container` down to `leaf`.
            func path(to leaf: Int, below container: Int) -> [Int] {
                chart.lineage(of: leaf).filter { $0 != container && chart.isWithin($0, container) }
            }
            while let state = work.popLast() {
                let info = chart.machine.states[state]
                guard !info.substates.contains(where: required.contains) else {
                    // A fork names some regions; the others enter by their own rules.
                    if info.isParallel { info.substates.forEach(add) }
                    continue
                }
                guard !info.substates.isEmpty else { continue }
                let resumed = history[state] ?? []
                if let kind = info.history, !resumed.isEmpty, kind == .deep || !info.isParallel {
                    switch kind {
                    case .deep:
                        for leaf in resumed { path(to: leaf, below: state).forEach(add) }
                    case .shallow:
                        let child = info.substates.first { child in resumed.contains { chart.isWithin($0, child) } }!
                        add(child)
                    }
                } else if info.isParallel {
                    // Shallow history of a parallel state: each region by its own rules.
                    info.substates.forEach(add)
                } else if let initial = info.initialSubstate {
                    followed.insert(state)
                    path(to: initial, below: state).forEach(add)
                }
            }
            return required
        }
    }
}

extension RegionChart {
    /// The configuration a state is in when nothing but its own lineage was chosen: `state`
    /// with its superstates, every other region entered by its initial rows, without
    /// history. The table reads rows from it: what a row enters does not depend on the
    /// other regions, and what it leaves of them it names as `exit(…)`.
    public func defaultConfiguration(containing state: Int) -> [Int] {
        var entering = Entering(chart: self, history: [:])
        let active = entering.complete(Set(lineage(of: state)))
        return ordered(active.filter { state in !machine.states[state].substates.contains(where: active.contains) })
    }
}

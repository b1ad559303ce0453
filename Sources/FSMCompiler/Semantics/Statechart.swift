/// The hierarchy of a machine's states and what a transition does in it
/// (Language reference › Entry and exit, Initial substates and history, Regions): the one
/// place that answers ancestry, the configuration a transition reaches, the states it
/// leaves and enters, the initial rows it follows and the histories it reads and writes.
/// Every stage asks it: the Analyzer (reachability, each row's `arrivals`), the
/// interpreter, the table and the generators.
///
/// A *configuration* is given by its leaves, in configuration order (regions in
/// declaration order, depth first); its active states are the leaves with all their
/// superstates. A machine without parallel states is always in a configuration of one leaf,
/// its current state, and is simply the case of one region.
///
/// `L(x)` below is `x` with all its superstates. A row of `source` (an active leaf whose
/// flattened rows hold it, or a parallel state whose level rows do) naming the states `T`
/// (one, or those of a fork) keeps, in the default (UML) mode, the states of `L(source)`
/// that are in some `L(t)` but not strictly inside a `t` (nor the source itself when the
/// row names it: an external self-transition). `EntryExit: always` keeps none, and
/// `EntryExit: onChange` keeps everything when the configuration does not change and none
/// otherwise. The row leaves every active state inside a state of `L(source)` that it does
/// not keep, and, from a parallel source, every active state inside the source. It enters
/// the states of the `L(t)` it does not keep, and completes the configuration: a parallel
/// state without an active state in a region enters that region, and a superstate entered
/// without an active substate resumes its history or follows its initial row.
package struct Statechart: Sendable {
    /// Every table below, behind one reference: the interpreter copies the chart with every
    /// value it copies (each step `fsmc verify` and `fsmc paths` try), and a copy then
    /// retains one object instead of a dozen arrays.
    private let storage: Storage

    package var entryExit: EntryExitMode { storage.tables.entryExit }
    var names: IDArray<StateID, String> { storage.tables.names }
    var isAbstract: IDArray<StateID, Bool> { storage.tables.isAbstract }
    var isParallel: IDArray<StateID, Bool> { storage.tables.isParallel }
    /// Per state: its superstates, transitively, in entry order (root first).
    var ancestors: IDArray<StateID, [StateID]> { storage.tables.ancestors }
    /// Per state: its direct substates, in declaration order.
    var substates: IDArray<StateID, [StateID]> { storage.tables.substates }
    /// Per state: its direct superstates.
    var superstates: IDArray<StateID, [StateID]> { storage.tables.superstates }
    var ownEntryActions: IDArray<StateID, [ActionCall]> { storage.tables.ownEntryActions }
    var ownExitActions: IDArray<StateID, [ActionCall]> { storage.tables.ownExitActions }
    var initialSubstate: IDArray<StateID, StateID?> { storage.tables.initialSubstate }
    var initialActions: IDArray<StateID, [ActionCall]> { storage.tables.initialActions }
    var history: IDArray<StateID, HistoryKind?> { storage.tables.history }
    /// Per state: its position in a walk of the hierarchy that visits each state's
    /// substates in declaration order, which orders a configuration's leaves.
    private var preorder: IDArray<StateID, Int> { storage.tables.preorder }
    /// Per state: whether it is a region, a direct substate of a parallel state.
    var regions: IDArray<StateID, Bool> { storage.tables.regions }
    /// Whether some state has several direct superstates.
    var hasStatesWithSeveralSuperstates: Bool { storage.tables.hasStatesWithSeveralSuperstates }
    /// Whether the machine has parallel states.
    var hasParallelStates: Bool { storage.tables.hasParallelStates }

    private final class Storage: Sendable {
        let tables: Tables

        init(_ tables: Tables) { self.tables = tables }
    }

    private struct Tables: Sendable {
        let entryExit: EntryExitMode
        let names: IDArray<StateID, String>
        let isAbstract: IDArray<StateID, Bool>
        let isParallel: IDArray<StateID, Bool>
        let ancestors: IDArray<StateID, [StateID]>
        let substates: IDArray<StateID, [StateID]>
        let superstates: IDArray<StateID, [StateID]>
        let ownEntryActions: IDArray<StateID, [ActionCall]>
        let ownExitActions: IDArray<StateID, [ActionCall]>
        let initialSubstate: IDArray<StateID, StateID?>
        let initialActions: IDArray<StateID, [ActionCall]>
        let history: IDArray<StateID, HistoryKind?>
        let preorder: IDArray<StateID, Int>
        let regions: IDArray<StateID, Bool>
        let hasStatesWithSeveralSuperstates: Bool
        let hasParallelStates: Bool
    }

    init(
        entryExit: EntryExitMode, names: IDArray<StateID, String>, isAbstract: IDArray<StateID, Bool>,
        isParallel: IDArray<StateID, Bool>, ancestors: IDArray<StateID, [StateID]>,
        substates: IDArray<StateID, [StateID]>,
        ownEntryActions: IDArray<StateID, [ActionCall]>, ownExitActions: IDArray<StateID, [ActionCall]>,
        initialSubstate: IDArray<StateID, StateID?>, initialActions: IDArray<StateID, [ActionCall]>,
        history: IDArray<StateID, HistoryKind?>
    ) {
        var order = IDArray<StateID, Int>(repeating: -1, count: names.count)
        var next = 0
        var stack = Array(names.indices.filter { ancestors[$0].isEmpty }.reversed())
        while let state = stack.popLast() {
            guard order[state] < 0 else { continue }
            order[state] = next
            next += 1
            stack.append(contentsOf: substates[state].reversed())
        }
        var regions = IDArray<StateID, Bool>(repeating: false, count: names.count)
        var superstates = IDArray<StateID, [StateID]>(repeating: [], count: names.count)
        for state in names.indices {
            for substate in substates[state] {
                superstates[substate].append(state)
                if isParallel[state] { regions[substate] = true }
            }
        }
        storage = Storage(
            Tables(
                entryExit: entryExit, names: names, isAbstract: isAbstract, isParallel: isParallel,
                ancestors: ancestors, substates: substates, superstates: superstates, ownEntryActions: ownEntryActions,
                ownExitActions: ownExitActions, initialSubstate: initialSubstate, initialActions: initialActions,
                history: history, preorder: order, regions: regions,
                hasStatesWithSeveralSuperstates: superstates.contains { $0.count > 1 },
                hasParallelStates: isParallel.contains(true)))
    }

    /// The statechart of a checked machine.
    package init(_ machine: StateMachine) {
        let states = machine.states
        self.init(
            entryExit: machine.entryExit, names: IDArray(states.map(\.name)),
            isAbstract: IDArray(states.map(\.isAbstract)), isParallel: IDArray(states.map(\.isParallel)),
            ancestors: IDArray(states.map(\.ancestors)), substates: IDArray(states.map(\.substates)),
            ownEntryActions: IDArray(states.map(\.ownEntryActions)),
            ownExitActions: IDArray(states.map(\.ownExitActions)),
            initialSubstate: IDArray(states.map(\.initialSubstate)),
            initialActions: IDArray(states.map(\.initialActions)), history: IDArray(states.map(\.history)))
    }
}

// MARK: - Ancestry

extension Statechart {
    /// `state` with all its superstates, root first: the order of entry.
    package func lineage(of state: StateID) -> [StateID] {
        ancestors[state] + [state]
    }

    /// Whether `state` is `container` or one of its substates.
    package func isWithin(_ state: StateID, _ container: StateID) -> Bool {
        state == container || ancestors[state].contains(container)
    }

    /// The direct substate of `container` that holds `state` (or is it), if any.
    package func directSubstate(of container: StateID, holding state: StateID) -> StateID? {
        substates[container].first { isWithin(state, $0) }
    }

    /// The region of `parallel` that holds `state`, nil when `state` is not strictly inside it.
    func region(of state: StateID, in parallel: StateID) -> StateID? {
        ancestors[state].contains(parallel) ? directSubstate(of: parallel, holding: state) : nil
    }

    /// `leaves` in configuration order.
    package func ordered(_ leaves: some Sequence<StateID>) -> [StateID] {
        // The closure captures the one array it reads, not the whole chart (copying the
        // chart for every sort was a tenth of `fsmc verify`'s time).
        let preorder = preorder
        return leaves.sorted { preorder[$0] < preorder[$1] }
    }

    /// The active states of a configuration, in entry order: each leaf's superstates before
    /// it, regions in declaration order.
    package func activeStates(of leaves: [StateID]) -> [StateID] {
        var states: [StateID] = []
        states.reserveCapacity(leaves.reduce(0) { $0 + ancestors[$1].count + 1 })
        for leaf in leaves {
            // A configuration holds a few dozen states at most: a search of the array is
            // cheaper than a set's hashing, and this runs for every step explored.
            for state in ancestors[leaf] where !states.contains(state) { states.append(state) }
            if !states.contains(leaf) { states.append(leaf) }
        }
        return states
    }

    /// The concrete states a history of `state` can hold: the states that can be current
    /// inside it, itself included when it is concrete; never a state with an initial row,
    /// which is never current.
    func storableStates(of state: StateID) -> [StateID] {
        isAbstract.indices.filter { !isAbstract[$0] && initialSubstate[$0] == nil && isWithin($0, state) }
    }
}

// MARK: - Configurations

extension Statechart {
    /// The state of a configuration that takes an event for `state`: `state` itself when it
    /// is a leaf or a parallel state, else its active substate's, recursively. `active`: the
    /// configuration's active states.
    package func node(below state: StateID, active: [StateID]) -> StateID {
        var state = state
        // The active states are the leaves with their superstates: a substate holds a leaf
        // exactly when it is active, and a leaf has no active substate.
        while !isParallel[state], let child = substates[state].first(where: active.contains) {
            state = child
        }
        return state
    }

    /// The state that takes events first: the outermost active parallel state, or the
    /// only leaf.
    package func topNode(of leaves: [StateID]) -> StateID {
        topNode(of: leaves, active: leaves.count > 1 ? activeStates(of: leaves) : leaves)
    }

    /// `topNode(of:)`, given the configuration's active states.
    func topNode(of leaves: [StateID], active: [StateID]) -> StateID {
        guard leaves.count > 1 else { return leaves[0] }
        return active.first { isParallel[$0] }!
    }

    /// `Media(Playing, Muted)` for a parallel `state`, its leaf's name for a leaf: the
    /// part of a configuration at `state`; a state of `resuming`, whose history decides what
    /// is inside it, prints as `Active(history)`. `name` names the states the text ends
    /// at, by default as the `.sm` file does (the reports add data states' values).
    package func describe(
        _ state: StateID, leaves: [StateID], resuming: Set<StateID> = [], name: ((StateID) -> String)? = nil
    ) -> String {
        var state = state
        while true {
            if resuming.contains(state) { return names[state] + "(history)" }
            if isParallel[state] {
                return names[state] + "("
                    + substates[state].map { describe($0, leaves: leaves, resuming: resuming, name: name) }
                    .joined(separator: ", ") + ")"
            }
            guard !leaves.contains(state),
                let child = substates[state].first(where: { child in leaves.contains { isWithin($0, child) } })
            else { return name?(state) ?? names[state] }
            state = child
        }
    }

    /// The whole configuration: `Off`, `Media(Playing, Muted)`.
    package func describe(_ leaves: [StateID]) -> String {
        describe(topNode(of: leaves), leaves: leaves)
    }

    /// What taking a row does.
    package struct Move: Hashable, Sendable {
        /// The states left, in the order their exit actions run.
        package var exited: [StateID]
        /// The states entered, in the order their entry actions run.
        package var entered: [StateID]
        /// The entered (or kept) states whose initial row was followed: its actions run
        /// after their entry actions.
        package var initialRowsFollowed: Set<StateID>
        /// The configuration reached.
        package var leaves: [StateID]
        /// Its active states, in entry order (`activeStates(of: leaves)`), which the move
        /// computes anyway: the interpreter keeps them for the next event.
        package var active: [StateID]
        /// The histories written: each state with history that was left, or whose
        /// substates were, with the leaves that were active inside it.
        package var historyWrites: [StateID: [StateID]]
        /// The state whose part of the new configuration the move decided: the one state
        /// entered at the top, the parallel state above several, or the state the row
        /// names when it enters nothing; nil for a row that names no state.
        package var reached: StateID?

        /// A move that changes nothing.
        static func staying(in leaves: [StateID], active: [StateID]) -> Move {
            Move(
                exited: [], entered: [], initialRowsFollowed: [], leaves: leaves, active: active, historyWrites: [:],
                reached: nil)
        }
    }

    /// Taking a row of `source` that names `targets` (empty for `-`) in the configuration
    /// `leaves`, with the stored `history` (leaves last active inside each state with history).
    package func move(from leaves: [StateID], source: StateID, targets: [StateID], history: [StateID: [StateID]])
        -> Move
    {
        move(
            from: leaves, active: activeStates(of: leaves), source: source,
            plan: targets.isEmpty ? nil : plan(source: source, targets: targets), history: history)
    }

    /// `move(from:source:targets:history:)`, given the active states of `leaves` and the
    /// row's plan (nil for `-`), which depends on the row alone: the interpreter keeps the
    /// active states of its configuration, and `fsmc verify` and `fsmc paths` make every
    /// row's plan once for thousands of moves.
    package func move(
        from leaves: [StateID], active: [StateID], source: StateID, plan: TransitionPlan?,
        history: [StateID: [StateID]]
    ) -> Move {
        guard let plan else {
            guard entryExit == .always else { return .staying(in: leaves, active: active) }
            // CC_SMC's `-` leaves and enters the source with its superstates, and follows
            // no initial row: the configuration stays as it is.
            let lineage = lineage(of: source)
            return Move(
                exited: lineage.reversed(), entered: lineage, initialRowsFollowed: [], leaves: leaves, active: active,
                historyWrites: [:], reached: nil)
        }
        let targets = plan.targets
        var move = moving(from: leaves, active: active, plan, history: history)
        switch entryExit {
        case .uml:
            // A state on the way to where the row ends that is not on the way to the named
            // states (another superstate of the leaf an initial row leads to) stays too.
            // Only the states the row keeps can differ, by more kept (the plan was made
            // without them), and rarely do: the whole plan is made again only when they do.
            let keepsMore = plan.lineage.contains { state in
                !plan.kept.contains(state) && keeps(state, source: source, targets: targets, onTheWay: move.active)
            }
            if keepsMore {
                let planOnTheWay = self.plan(source: source, targets: targets, onTheWay: move.active)
                move = moving(from: leaves, active: active, planOnTheWay, history: history)
            } else {
                // States with several superstates are left out: entering one by its own
                // rules may enter a superstate outside it, which the plan does not name.
                assert(
                    hasStatesWithSeveralSuperstates || entries(of: plan, in: move) == move.entered,
                    "the plan's entries and the move disagree: \(names[source]) -> \(targets.map { names[$0] }): \(entries(of: plan, in: move).map { names[$0] }) vs \(move.entered.map { names[$0] }) from \(leaves.map { names[$0] })"
                )
            }
        case .always:
            break
        case .onChange:
            // Only a change of state leaves and enters anything.
            if move.leaves == leaves {
                var staying = Move.staying(in: leaves, active: active)
                staying.reached = targets[0]
                return staying
            }
        }
        return move
    }

    /// The states `plan` enters in `move`, in order: each state it names, and for a state
    /// entered by its own rules, the states the move entered below it. Equal to
    /// `move.entered` (checked in debug builds): the generator of machines with regions runs
    /// the entry actions in the plan's order, the interpreter in the move's.
    func entries(of plan: TransitionPlan, in move: Move) -> [StateID] {
        plan.entries.flatMap { entry -> [StateID] in
            switch entry {
            case .state(let state): [state]
            case .byRules(let state): move.entered.filter { $0 != state && isWithin($0, state) }
            }
        }
    }

    /// The move `plan` makes from the configuration `leaves`, whose active states are
    /// `active`, with the stored `history`.
    ///
    /// Lists of states are arrays here, searched: a configuration holds a few dozen states
    /// at most, and `fsmc verify` makes a move for every step it tries, where hashing the
    /// states was a fifth of its time. Each list is made with room for all it can hold
    /// (`filter` grows its result as it goes: a few allocations for a dozen states, which
    /// were about a quarter of a move's cost).
    private func moving(
        from leaves: [StateID], active: [StateID], _ plan: TransitionPlan, history: [StateID: [StateID]]
    ) -> Move {
        var exited: [StateID] = []
        exited.reserveCapacity(active.count)
        for exit in plan.exits {
            switch exit {
            case .state(let state): exited.append(state)
            case .region(let region):
                for state in active.reversed() where isWithin(state, region) { exited.append(state) }
            }
        }
        // A state with history records what was active inside it whenever the move leaves
        // it or leaves states inside it: a state kept while its substates are left and
        // entered again (a local transition) resumes them, its most recent configuration.
        var historyWrites: [StateID: [StateID]] = [:]
        for state in active
        where self.history[state] != nil && (exited.contains(state) || exited.contains { isWithin($0, state) }) {
            historyWrites[state] = leaves.filter { isWithin($0, state) }
        }
        var stored = history
        if !historyWrites.isEmpty { stored.merge(historyWrites) { $1 } }
        let survivors = active.filtered { !exited.contains($0) }
        var entering: [StateID] = []
        entering.reserveCapacity(plan.targets.reduce(0) { $0 + ancestors[$1].count + 1 })
        for target in plan.targets {
            for state in ancestors[target] where !entering.contains(state) { entering.append(state) }
            if !entering.contains(target) { entering.append(target) }
        }
        var completion = Completion(chart: self, history: stored)
        let newActive = completion.complete(survivors, entering: entering)
        let newLeaves = self.leaves(of: newActive)
        let newActiveStates = activeStates(of: newLeaves)
        let entered = newActiveStates.filtered { !survivors.contains($0) }
        // The states entered at the top, those without an entered superstate, found where
        // needed rather than listed: as a rule there is one.
        func isTop(_ state: StateID) -> Bool { !ancestors[state].contains(where: entered.contains) }
        var reached = plan.targets[0]
        if let first = entered.firstIndex(where: isTop) {
            reached = entered[first]
            if entered[(first + 1)...].contains(where: isTop) {
                reached =
                    lineage(of: reached).last { candidate in
                        isParallel[candidate] && entered.allSatisfy { !isTop($0) || isWithin($0, candidate) }
                    } ?? plan.targets[0]
            }
        }
        let followed = completion.followed.filter { entered.contains($0) || survivors.contains($0) }
        return Move(
            exited: exited, entered: entered, initialRowsFollowed: followed.isEmpty ? [] : Set(followed),
            leaves: newLeaves, active: newActiveStates, historyWrites: historyWrites, reached: reached)
    }

    /// The exit actions a move runs, in order.
    package func exitActions(of move: Move) -> [ActionCall] {
        move.exited.flatMap { ownExitActions[$0] }
    }

    /// The entry actions a move runs, in order, each initial row's actions after the entry
    /// actions of the state whose body holds it (which may be a state the move kept).
    package func entryActions(of move: Move) -> [ActionCall] {
        entryActionsAndInitialRows(of: move).actions
    }

    /// `entryActions(of:)`, with where each initial row's actions start among them, by the
    /// state whose initial row it is.
    package func entryActionsAndInitialRows(of move: Move) -> (actions: [ActionCall], initialRowStarts: [StateID: Int])
    {
        var actions: [ActionCall] = []
        var starts: [StateID: Int] = [:]
        for state in move.active {
            if move.entered.contains(state) { actions += ownEntryActions[state] }
            if move.initialRowsFollowed.contains(state) {
                starts[state] = actions.count
                actions += initialActions[state]
            }
        }
        return (actions, starts)
    }

    /// The configuration a machine starts in: `target` (its `Initial:` state) entered.
    package func initialConfiguration(entering target: StateID, history: [StateID: [StateID]] = [:]) -> (
        leaves: [StateID], initialRowsFollowed: Set<StateID>
    ) {
        var completion = Completion(chart: self, history: history)
        let active = completion.complete(entering: lineage(of: target))
        return (leaves(of: active), Set(completion.followed))
    }

    /// What starting a new machine does: every state of the configuration that entering
    /// `target` (its `Initial:` state) reaches is entered, outermost first, following the
    /// initial rows on the way, as a row from outside every state would enter it.
    package func starting(at target: StateID) -> Move {
        let (leaves, followed) = initialConfiguration(entering: target)
        let active = activeStates(of: leaves)
        return Move(
            exited: [], entered: active, initialRowsFollowed: followed, leaves: leaves, active: active,
            historyWrites: [:], reached: target)
    }

    /// The configuration a state is in when nothing but its own lineage was chosen: `state`
    /// with its superstates, every other region entered by its initial rows, without
    /// history. The table reads rows from it: what a row enters does not depend on the
    /// other regions, and what it leaves of them it names as `exit(…)`.
    package func defaultConfiguration(containing state: StateID) -> [StateID] {
        var completion = Completion(chart: self, history: [:])
        return leaves(of: completion.complete(entering: lineage(of: state)))
    }

    /// The leaves of a set of active states (each once), in configuration order.
    private func leaves(of active: [StateID]) -> [StateID] {
        var above = StateBits(count: names.count)
        for state in active {
            for ancestor in ancestors[state] { above.insert(ancestor) }
        }
        var leaves = active.filtered { !above.contains($0) }
        sortInConfigurationOrder(&leaves, leaves.indices)
        return leaves
    }

    /// Sorts `states[range]` into configuration order in place: `ordered(_:)` without a new
    /// array. Through the arrays' memory: a slice of an array passed `inout` is copied, and
    /// sorted, and copied back; and a comparison that reads `preorder` as an array retains
    /// and releases it, about 4% of a search's time.
    private func sortInConfigurationOrder(_ states: inout [StateID], _ range: Range<Int>) {
        preorder.elements.withUnsafeBufferPointer { preorder in
            states.withUnsafeMutableBufferPointer { buffer in
                buffer[range].sort { preorder[$0.index] < preorder[$1.index] }
            }
        }
    }

    /// A set of states of a chart of `count` states, one bit per state: a move asks
    /// whether a state is in a set hundreds of times, which a search of an array answers in
    /// time that grows with the set (a chain of 2,000 superstates) and a `Set` by hashing,
    /// both many times slower than reading a bit. The first 64 states are held inline, so
    /// that the sets of most machines need no allocation.
    private struct StateBits {
        private var low: UInt64 = 0
        private var high: [UInt64]

        init(count: Int) {
            high = Array(repeating: 0, count: max(0, count - 1) / 64)
        }

        func contains(_ state: StateID) -> Bool {
            let (word, bit) = state.index.quotientAndRemainder(dividingBy: 64)
            return (word == 0 ? low : high[word - 1]) & (1 << bit) != 0
        }

        /// Adds `state`, unless it is there: whether it was added.
        @discardableResult
        mutating func insert(_ state: StateID) -> Bool {
            let (word, bit) = state.index.quotientAndRemainder(dividingBy: 64)
            let mask: UInt64 = 1 << bit
            if word == 0 {
                guard low & mask == 0 else { return false }
                low |= mask
            } else {
                guard high[word - 1] & mask == 0 else { return false }
                high[word - 1] |= mask
            }
            return true
        }
    }

    /// A set of states that keeps them in the order they were added.
    private struct StateSet {
        private(set) var elements: [StateID] = []
        private var members: StateBits

        /// An empty set of states of a chart of `count` states, with room for `capacity`
        /// of them before it grows.
        init(capacity: Int, count: Int) {
            elements.reserveCapacity(capacity)
            members = StateBits(count: count)
        }

        func contains(_ state: StateID) -> Bool { members.contains(state) }

        /// Adds `state`, unless it is there: whether it was added.
        @discardableResult
        mutating func insert(_ state: StateID) -> Bool {
            guard members.insert(state) else { return false }
            elements.append(state)
            return true
        }
    }

    /// Completes a set of states closed under superstates into a configuration. Its lists of
    /// states are arrays, each state once.
    private struct Completion {
        let chart: Statechart
        /// The histories, with those the move wrote.
        let history: [StateID: [StateID]]
        private(set) var followed: [StateID] = []

        init(chart: Statechart, history: [StateID: [StateID]]) {
            self.chart = chart
            self.history = history
        }

        /// The configuration that holds `kept` and `entering` (the lineages of the states a
        /// row names), both closed under superstates. The named states are completed first:
        /// with states of several superstates, the way into one may pass through a kept
        /// state, which must then not follow its own initial row as well.
        mutating func complete(_ kept: [StateID] = [], entering: [StateID]) -> [StateID] {
            // Room for what completing adds, so that the arrays seldom grow. The work list
            // starts with the kept states that are not entered, then the entered ones, each
            // part in configuration order.
            let capacity = 2 * (kept.count + entering.count) + 8
            var work: [StateID] = []
            work.reserveCapacity(capacity)
            for state in kept where !entering.contains(state) { work.append(state) }
            let keptOnly = work.count
            work += entering
            chart.sortInConfigurationOrder(&work, 0..<keptOnly)
            chart.sortInConfigurationOrder(&work, keptOnly..<work.count)
            var required = StateSet(capacity: capacity, count: chart.names.count)
            // The direct superstates of the required states, marked as each is required: whether
            // a state has a required substate is then one bit. Searching its substates, or the
            // superstates of every required state, each time a state was completed took
            // longer (a list of superstates read per required state, every time).
            var withRequiredSubstate = StateBits(count: chart.names.count)
            /// Requires `state`: whether it was not required yet.
            func insert(_ state: StateID) -> Bool {
                guard required.insert(state) else { return false }
                for superstate in chart.superstates[state] { withRequiredSubstate.insert(superstate) }
                return true
            }
            for state in work { _ = insert(state) }
            // The leaves a history resumes are leaves again, whatever is below them.
            var resumedLeaves: [StateID] = []
            // A state is active with all its superstates (a state may have several).
            func add(_ state: StateID) {
                func require(_ state: StateID) {
                    if insert(state) { work.append(state) }
                }
                for ancestor in chart.ancestors[state] { require(ancestor) }
                require(state)
            }
            func resume(_ leaves: [StateID], below container: StateID) {
                for leaf in leaves {
                    if !resumedLeaves.contains(leaf) { resumedLeaves.append(leaf) }
                    addPath(to: leaf, below: container)
                }
            }
            /// Adds the states from below `container` down to `leaf`, outermost first.
            func addPath(to leaf: StateID, below container: StateID) {
                for state in chart.ancestors[leaf] where state != container && chart.isWithin(state, container) {
                    add(state)
                }
                if leaf != container && chart.isWithin(leaf, container) { add(leaf) }
            }
            while let state = work.popLast() {
                guard !resumedLeaves.contains(state) else { continue }
                let substates = chart.substates[state]
                guard !withRequiredSubstate.contains(state) else {
                    // A fork names some regions; the others enter by their own rules.
                    if chart.isParallel[state] { for region in substates { add(region) } }
                    continue
                }
                guard !substates.isEmpty else { continue }
                let resumed = history[state] ?? []
                if let kind = chart.history[state], !resumed.isEmpty, kind == .deep || !chart.isParallel[state] {
                    switch kind {
                    case .deep:
                        resume(resumed, below: state)
                    case .shallow:
                        // A concrete state whose history holds itself is resumed as a leaf.
                        let holding = resumed.compactMap { chart.directSubstate(of: state, holding: $0) }
                        guard let child = holding.first else { continue }
                        if chart.isAbstract[child] && chart.initialSubstate[child] == nil && !chart.isParallel[child] {
                            // A substate that could not be entered by its own rules is
                            // resumed as it was.
                            resume(resumed, below: state)
                        } else {
                            add(child)
                        }
                    }
                } else if chart.isParallel[state] {
                    // Shallow history of a parallel state: each region by its own rules.
                    for region in substates { add(region) }
                } else if let initial = chart.initialSubstate[state] {
                    if !followed.contains(state) { followed.append(state) }
                    addPath(to: initial, below: state)
                }
            }
            return required.elements
        }
    }
}

// MARK: - Rows at compile time

extension Statechart {
    /// One way of entering a state: the histories it assumed, the concrete state reached,
    /// and the states whose initial rows it followed, outermost first.
    struct Entering {
        var history: [HistoryValue] = []
        var leaf: StateID
        var initialRowsFollowed: [StateID] = []
    }

    /// Every way of entering `state` by a transition from `source` (nil when the machine
    /// starts), in a machine without parallel states: the first one finds every history it
    /// reads empty.
    ///
    /// A superstate with history that holds the source resumes the source: that is its most
    /// recent configuration. One that does not reads its stored history: empty, it enters
    /// its initial substate; otherwise, deep, the stored state; shallow, the direct substate
    /// that holds the stored state, entered by that substate's own rules.
    func entering(_ state: StateID, from source: StateID?) -> [Entering] {
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

    private func followingInitialRow(of state: StateID, from source: StateID?) -> [Entering] {
        guard let substate = initialSubstate[state] else { return [Entering(leaf: state)] }
        return entering(substate, from: source).map { way in
            var way = way
            way.initialRowsFollowed.insert(state, at: 0)
            return way
        }
    }

    private func resuming(_ state: StateID, _ kind: HistoryKind, stored: StateID, from source: StateID?) -> [Entering] {
        guard kind == .shallow, stored != state, let substate = directSubstate(of: state, holding: stored) else {
            return [Entering(leaf: stored)]
        }
        // A substate that could not be entered by its own rules is left as it was.
        if isAbstract[substate] && initialSubstate[substate] == nil { return [Entering(leaf: stored)] }
        return entering(substate, from: source)
    }

    /// Every way a row of `source` naming `target` (nil for `-`) ends: the move for each
    /// history the row may find stored, read from `move(from:source:targets:history:)`. In a
    /// machine with parallel states, where what a row leaves of other regions depends on
    /// the configuration, the moves are made from the configuration that holds `source` (as
    /// a leaf, unless it is a parallel state) and enters everything else by its initial rows.
    func arrivals(from source: StateID, to target: StateID?, rowActions: [ActionCall]) -> [Arrival] {
        var configuration = [source]
        if hasParallelStates {
            let around = defaultConfiguration(containing: source)
            configuration = isParallel[source] ? around : ordered(around.filter { !isWithin($0, source) } + [source])
        }
        guard let target else {
            let move = move(from: configuration, source: source, targets: [], history: [:])
            let exits = exitActions(of: move)
            return [
                Arrival(
                    history: [], target: source, effects: exits + rowActions + entryActions(of: move),
                    exitCount: exits.count, historyWrites: [], exited: move.exited, entered: move.entered)
            ]
        }
        return entering(target, from: source).map { way in
            var stored: [StateID: [StateID]] = [:]
            for value in way.history { if let state = value.state { stored[value.superstate] = [state] } }
            let move = move(from: configuration, source: source, targets: [target], history: stored)
            assert(
                hasParallelStates || move.leaves == [way.leaf],
                "the ways of entering \(names[target]) and the move there disagree: from \(names[source]) \(move.leaves.map { names[$0] }) vs \(names[way.leaf]) assuming \(way.history.map { "\(names[$0.superstate])=\($0.state.map { names[$0] } ?? "-")" })"
            )
            let exits = exitActions(of: move)
            let reached = Set(lineage(of: way.leaf))
            // Generated code stores a history when the machine leaves its superstate; one it
            // stays in (or enters again) is stored when it is left.
            let writes = lineage(of: source).filter { history[$0] != nil && !reached.contains($0) }
            let entries = entryActionsAndInitialRows(of: move)
            var arrival = Arrival(
                history: way.history, target: way.leaf, effects: exits + rowActions + entries.actions,
                exitCount: exits.count, historyWrites: writes, exited: move.exited, entered: move.entered)
            arrival.initialRowsFollowed = move.initialRowsFollowed.sorted()
            arrival.initialRowStarts = entries.initialRowStarts.mapValues { exits.count + rowActions.count + $0 }
            return arrival
        }
    }
}

/// Every situation a machine can reach from its start, found breadth first by running the
/// `Interpreter`: no second reading of the model. A situation (`Node`) is what decides the
/// machine's future: its configuration, the histories it has stored and its running
/// timers. From each, every event the app sends and every timer `fsmc simulate` can fire
/// is tried with every predicate value and every condition answer that makes a difference
/// (free choices: the app chooses them), so that the edges are all the machine can do
/// (Commands › fsmc paths, fsmc verify).
///
/// Breadth first, the first path found to a node is a shortest one: `path(to:)` follows it.
package struct StateSpace: Sendable {
    package let machine: StateMachine
    package let rows: TableRows
    /// The nodes, in the order found: `nodes[0]` is the start.
    package private(set) var nodes: [Node] = []
    /// The edges that leave each node, by node index, in the order tried.
    package private(set) var edges: [[Edge]] = []
    /// Every step that rejected its event, once per node, event and answers.
    package private(set) var rejections: [Rejection] = []
    /// Every step that never came to rest (`always` rows that keep moving past
    /// `Interpreter.firingLimit`), once per node, event and answers. No edge leaves for it:
    /// `simulate` refuses the step and generated code stops the program, so no path may
    /// take it.
    package private(set) var livelocks: [Livelock] = []
    /// How each node was first reached: the node before it and the edge's index there.
    private var parents: [(node: Int, edge: Int)?] = []
    private var depths: [Int] = []

    /// What the search stops at: more nodes than `limit`.
    package struct LimitExceeded: Error, Hashable, Sendable {
        package var limit: Int
        /// The configurations found when it stopped, and their depth, for the message.
        package var found: Int
        package var depth: Int
        /// When the search did not start: how many configurations the chart allows
        /// (`configurationBound`), more than `limit`.
        package var bound: Double?

        package init(limit: Int, found: Int, depth: Int, bound: Double? = nil) {
            self.limit = limit
            self.found = found
            self.depth = depth
            self.bound = bound
        }
    }

    /// How many configurations the chart allows at most: a leaf is one, a parallel state
    /// the product of its regions', another superstate the sum of its substates' (and
    /// itself, when it can be current). Regions multiply: six regions of ten states allow
    /// a million, which no search should start on.
    package static func configurationBound(_ machine: StateMachine) -> Double {
        var memo: [StateID: Double] = [:]
        func count(_ index: StateID) -> Double {
            if let known = memo[index] { return known }
            let state = machine.states[index]
            let canBeCurrent = !state.isAbstract && !state.isParallel && state.initialSubstate == nil
            let result: Double
            if state.substates.isEmpty {
                result = canBeCurrent ? 1 : 0
            } else if state.isParallel {
                result = state.substates.reduce(1) { $0 * count($1) }
            } else {
                result = state.substates.reduce(canBeCurrent ? 1 : 0) { $0 + count($1) }
            }
            memo[index] = result
            return result
        }
        return machine.states.indices.filter { machine.states[$0].superstates.isEmpty }.reduce(0) { $0 + count($1) }
    }

    /// A situation of the machine: where it is, what its histories hold, which timers run.
    package struct Node: Sendable {
        package var interpreter: Interpreter
        package var leaves: [StateID] { interpreter.leaves }
    }

    /// What identifies a node: two runs that agree on it behave alike from then on. Its
    /// configuration, histories and timers are packed into one array of indices, hashed in
    /// one pass (a key of an array, a dictionary of arrays and a set took a tenth of the
    /// search's time): the number of leaves and the leaves; per stored history, by state,
    /// the state, the number of leaves and the leaves; -1; the running timers, in order.
    struct NodeKey: Hashable {
        var packed: [Int]

        init(_ interpreter: Interpreter) {
            // Made once at its size, without intermediate arrays: a key is made for every
            // step the search tries.
            let history = interpreter.history
            packed = []
            packed.reserveCapacity(
                interpreter.leaves.count + history.reduce(0) { $0 + 2 + $1.value.count }
                    + interpreter.runningTimers.count + 2)
            packed.append(interpreter.leaves.count)
            for leaf in interpreter.leaves { packed.append(leaf.index) }
            if !history.isEmpty {
                for (state, stored) in history.sorted(by: { $0.key < $1.key }) {
                    packed += [state.index, stored.count]
                    for leaf in stored { packed.append(leaf.index) }
                }
            }
            // A machine that has not started (the root of one whose start may take `always`
            // rows) is not the started machine in the same configuration.
            packed.append(interpreter.isStarted ? -1 : -2)
            if !interpreter.runningTimers.isEmpty { packed += interpreter.runningTimers.map(\.index).sorted() }
        }
    }

    /// One step from a node: an event with the values it needs, and what it did.
    package struct Edge: Hashable, Sendable {
        package var choice: Choice
        /// The node it leads to.
        package var target: Int
        /// The rows that fired, in the order they fired.
        package var rows: [TableRows.ID]
    }

    /// A step that rejected its event: the row tried first, and the answers that did it.
    package struct Rejection: Hashable, Sendable {
        package var node: Int
        package var choice: Choice
        /// The most specific row for the event, whose guard failed, and the state holding it.
        package var transition: Transition
        package var source: StateID
    }

    /// A step whose rows kept firing without coming to rest: where it was tried, and how.
    package struct Livelock: Hashable, Sendable {
        package var node: Int
        package var choice: Choice
    }

    /// Explores `machine` from its initial configuration; throws when there are more than
    /// `limit` nodes.
    package init(_ machine: StateMachine, limit: Int = 100_000) throws(LimitExceeded) {
        self.machine = machine
        rows = TableRows(machine)
        let bound = Self.configurationBound(machine)
        guard bound <= Double(limit) else { throw LimitExceeded(limit: limit, found: 0, depth: 0, bound: bound) }
        // Started, so that its key, running timers included, is that of the machine it is
        // after starting (paths begin with a new machine, which their first event starts);
        // but where starting may take rows (`always` rows, or those of the events its entry
        // actions raise), the first event starts it: its edges take the start's rows, which
        // a path's first step then promises, and its choices answer the start's conditions.
        var start = Interpreter(machine).exploring()
        if machine.alwaysEvent == nil {
            var started = start
            let ran = started.start()
            if ran.completion.allSatisfy(\.firings.isEmpty) && ran.askedConditions.isEmpty { start = started }
        }
        var index: [NodeKey: Int] = [:]
        add(start, key: NodeKey(start), parent: nil, depth: 0, index: &index)
        var next = 0
        while next < nodes.count {
            try Choices.forEach(in: nodes[next].interpreter) { (choice, moved, step) throws(LimitExceeded) in
                if case .rejected(let transition, let source) = step.outcome {
                    rejections.append(Rejection(node: next, choice: choice, transition: transition, source: source))
                }
                if step.exceedsLimit {
                    livelocks.append(Livelock(node: next, choice: choice))
                    return
                }
                let key = NodeKey(moved)
                let fired = step.allFirings.map { rows.id(of: $0) }
                let known = index[key]
                if fired.isEmpty && known == next { return }
                let target: Int
                if let known {
                    target = known
                } else {
                    guard nodes.count < limit else {
                        throw LimitExceeded(limit: limit, found: nodes.count, depth: depths[next] + 1)
                    }
                    target = nodes.count
                    add(
                        moved, key: key, parent: (next, edges[next].count), depth: depths[next] + 1, index: &index)
                }
                edges[next].append(Edge(choice: choice, target: target, rows: fired))
            }
            next += 1
        }
    }

    private mutating func add(
        _ interpreter: Interpreter, key: NodeKey, parent: (node: Int, edge: Int)?, depth: Int,
        index: inout [NodeKey: Int]
    ) {
        index[key] = nodes.count
        nodes.append(Node(interpreter: interpreter))
        edges.append([])
        parents.append(parent)
        depths.append(depth)
    }

    /// How many steps the shortest path to `node` has.
    package func depth(of node: Int) -> Int { depths[node] }

    /// The edges of a shortest path from the start to `node`, as (node left, edge) pairs.
    package func path(to node: Int) -> [(node: Int, edge: Edge)] {
        var steps: [(node: Int, edge: Edge)] = []
        var current = node
        while let parent = parents[current] {
            steps.append((parent.node, edges[parent.node][parent.edge]))
            current = parent.node
        }
        return steps.reversed()
    }

    /// The configuration a new machine is in before its first event, which the empty path
    /// reaches: the root's, unless its start may take rows (`always` rows, or those of
    /// events its entry actions raise: then the first event, which starts it, decides).
    package var startingConfiguration: [StateID]? {
        nodes[0].interpreter.isStarted ? nodes[0].leaves : nil
    }

    /// The distinct configurations reached, each with its first (nearest) node, in the
    /// order found. A machine that has not started is in no configuration yet: the root of
    /// one whose start may take rows is left out.
    package var configurations: [(leaves: [StateID], node: Int)] {
        var seen = Set<[StateID]>()
        return nodes.indices.compactMap { node in
            guard nodes[node].interpreter.isStarted else { return nil }
            return seen.insert(nodes[node].leaves).inserted ? (nodes[node].leaves, node) : nil
        }
    }

    /// `Off`, `Media(Playing, Muted)`: a configuration as `simulate` and the generated
    /// state print it.
    package func describe(_ leaves: [StateID]) -> String {
        nodes[0].interpreter.chart.describe(leaves)
    }
}

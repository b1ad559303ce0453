/// A set of event sequences from the start that together take every row of the table
/// (`transitions`), reach every state (`states`) or every configuration
/// (`configurations`) that can be reached: `fsmc paths` (Commands › fsmc paths).
///
/// Each path is a shortest path to what it was made for (breadth first, in `StateSpace`);
/// goals are taken farthest first, and a goal already met by an earlier path gets none of
/// its own, so the set stays small.
package struct PathCover: Sendable {
    package enum Criterion: String, CaseIterable, Sendable {
        case transitions, states, configurations

        /// The name of the generated Swift property: `transitionCover`.
        package var propertyName: String {
            switch self {
            case .transitions: "transitionCover"
            case .states: "stateCover"
            case .configurations: "configurationCover"
            }
        }
    }

    /// One step of a path: the choice made, the rows it takes and where the machine is then.
    package struct Step: Hashable, Sendable {
        package var choice: Choice
        package var rows: [TableRows.ID]
        /// The configuration after the step.
        package var leaves: [StateID]
    }

    package struct Path: Hashable, Sendable {
        /// What the path was made for: `Locked Coin -> Unlocked {unlock}`, `Alarming`,
        /// `Media(Playing, Muted)`.
        package var goal: String
        package var steps: [Step]
    }

    package let criterion: Criterion
    package let space: StateSpace
    package private(set) var paths: [Path] = []
    /// The goals no path can meet: rows that never fire, states never current.
    package private(set) var unreachable: [String] = []

    package init(_ space: StateSpace, criterion: Criterion) {
        self.space = space
        self.criterion = criterion
        switch criterion {
        case .transitions: coverRows()
        case .states: coverStates()
        case .configurations: coverConfigurations()
        }
    }

    /// A goal with a shortest path that meets it.
    private typealias Route = (goal: Int, path: [(node: Int, edge: StateSpace.Edge)])

    private mutating func coverRows() {
        // The edge that takes each row soonest.
        var best: [TableRows.ID: (depth: Int, node: Int, edge: StateSpace.Edge)] = [:]
        for node in space.nodes.indices {
            let depth = space.depth(of: node) + 1
            for edge in space.edges[node] {
                for row in edge.rows where best[row].map({ depth < $0.depth }) ?? true {
                    best[row] = (depth, node, edge)
                }
            }
        }
        let routes: [Route] = best.keys.sorted().map { row in
            let way = best[row]!
            return (row, space.path(to: way.node) + [(way.node, way.edge)])
        }
        choose(routes, names: space.rows.lines) { path in Set(path.flatMap(\.edge.rows)) }
        unreachable = space.rows.lines.indices.filter { best[$0] == nil }.map { space.rows.lines[$0] }
    }

    private mutating func coverStates() {
        let machine = space.machine
        let candidates = machine.states.indices.filter { index in
            let state = machine.states[index]
            // A state an `always` row leaves at once is passed through, never reached.
            return !state.isAbstract && state.initialSubstate == nil && !state.isParallel
                && (!machine.hasRegions || state.substates.isEmpty) && !machine.movesOnAtOnce(index)
        }
        var first: [StateID: Int] = [:]
        for node in space.nodes.indices where space.nodes[node].interpreter.isStarted {
            for leaf in space.nodes[node].leaves where first[leaf] == nil { first[leaf] = node }
        }
        let routes: [Route] = candidates.compactMap { state in first[state].map { (state.index, space.path(to: $0)) } }
        let nodes = space.nodes
        let initial = space.startingConfiguration ?? []
        choose(routes, names: machine.states.map(\.name)) { path in
            Set((path.flatMap { nodes[$0.edge.target].leaves } + initial).map(\.index))
        }
        unreachable = candidates.filter { first[$0] == nil }.map { machine.states[$0].name }
    }

    private mutating func coverConfigurations() {
        let configurations = space.configurations
        let position = Dictionary(
            configurations.enumerated().map { ($0.element.leaves, $0.offset) }, uniquingKeysWith: { $1 })
        let routes: [Route] = configurations.indices.map { ($0, space.path(to: configurations[$0].node)) }
        let nodes = space.nodes
        let initial = space.startingConfiguration.map { [position[$0]!] } ?? []
        choose(routes, names: configurations.map { space.describe($0.leaves) }) { path in
            Set(path.map { position[nodes[$0.edge.target].leaves]! } + initial)
        }
    }

    /// Takes the routes farthest first, skipping a goal that an earlier path met, and
    /// keeps the paths in the order of their goals.
    private mutating func choose(
        _ routes: [Route], names: [String], meets: ([(node: Int, edge: StateSpace.Edge)]) -> Set<Int>
    ) {
        var met = Set<Int>()
        var chosen: [Route] = []
        for route in routes.sorted(by: { ($0.path.count, -$0.goal) > ($1.path.count, -$1.goal) })
        where !met.contains(route.goal) {
            met.formUnion(meets(route.path))
            met.insert(route.goal)
            chosen.append(route)
        }
        paths = chosen.sorted { $0.goal < $1.goal }.map { route in
            Path(
                goal: names[route.goal],
                steps: route.path.map { step in
                    Step(choice: step.edge.choice, rows: step.edge.rows, leaves: space.nodes[step.edge.target].leaves)
                })
        }
    }

    /// The rows the paths take, each once.
    package var rowsTaken: Set<TableRows.ID> { Set(paths.flatMap { $0.steps.flatMap(\.rows) }) }
}

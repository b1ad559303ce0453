/// `fsmc verify`: questions about every configuration a machine can reach, answered over a
/// `StateSpace` (predicate values and condition answers free, timers as events), each
/// finding located in the `.sm` file with a shortest witness path (Commands › fsmc verify).
package struct Verifier: Sendable {
    /// What `verify` is asked, besides the questions it always asks.
    package struct Questions: Hashable, Sendable {
        /// The state every configuration must be able to return to (`--home`); nil for the
        /// initial configuration.
        package var home: StateID?
        /// Configurations that must not be reachable, each a conjunction of state tests
        /// (`--never 'in(A), in(B)'`).
        package var never: [[StateTest]] = []
        /// States that must be reachable (`--reach S`).
        package var reach: [StateID] = []

        package init(home: StateID? = nil, never: [[StateTest]] = [], reach: [StateID] = []) {
            self.home = home
            self.never = never
            self.reach = reach
        }
    }

    package struct Finding: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable, CaseIterable {
            /// A reachable configuration that no row leaves.
            case trapConfiguration
            /// A reachable configuration from which home cannot be reached.
            case noWayHome
            /// An event rejected for some condition answers: no row applies to them.
            case rejectedEvent
            /// `always` rows that lead back to where they started, for some answers: a step
            /// that never comes to rest.
            case livelock
            /// A configuration `--never` forbids is reachable.
            case forbiddenConfiguration
            /// A state `--reach` asks for is not reachable.
            case unreachableGoal
            /// A state `--reach` asks for is reachable: the witness shows how.
            case reachableGoal
        }

        package var kind: Kind
        package var severity: Diagnostic.Severity?
        package var message: String
        package var location: SourceLocation
        /// The other places the finding involves, such as the other rows of a cycle.
        package var notes: [Diagnostic.Note] = []
        /// The witness: steps from a new machine, the last one the step in question.
        package var witness: [PathCover.Step]
    }

    package let space: StateSpace
    package let questions: Questions
    package internal(set) var findings: [Finding] = []
    /// How many findings of each kind were left out (beyond `limitPerKind`).
    package private(set) var omitted: [Finding.Kind: Int] = [:]
    package static let limitPerKind = 20

    package init(_ space: StateSpace, questions: Questions = Questions()) {
        self.space = space
        self.questions = questions
        let traps = findTraps()
        findWaysHome(excluding: traps)
        findRejections()
        findLivelocks()
        findForbidden()
        findGoals()
    }

    var machine: StateMachine { space.machine }
    var chart: Statechart { space.nodes[0].interpreter.chart }

    mutating func report(_ finding: Finding) {
        let count = findings.filter { $0.kind == finding.kind }.count
        guard finding.kind == .unreachableGoal || finding.kind == .reachableGoal || count < Self.limitPerKind else {
            omitted[finding.kind, default: 0] += 1
            return
        }
        findings.append(finding)
    }

    /// The steps of the shortest path to `node`, then `last` if given.
    func witness(to node: Int, then last: PathCover.Step? = nil) -> [PathCover.Step] {
        space.path(to: node).map { step in
            PathCover.Step(choice: step.edge.choice, rows: step.edge.rows, leaves: space.nodes[step.edge.target].leaves)
        } + (last.map { [$0] } ?? [])
    }

    /// Where a finding about `node` is reported: for a machine without regions its state;
    /// otherwise the row that led there last, or the initial state.
    func location(of node: Int) -> SourceLocation {
        let leaves = space.nodes[node].leaves
        if !machine.hasRegions { return machine.states[leaves[0]].named.location }
        if let row = space.path(to: node).last?.edge.rows.last {
            return space.rows.rows[row].transition.location
        }
        return machine.states[machine.initialTarget].named.location
    }

    /// Configurations every node of which leads only to itself: no row leaves them. A
    /// step that never comes to rest leaves too: its `livelock` is the finding.
    private mutating func findTraps() -> Set<[StateID]> {
        var leaving = Set(space.livelocks.map { space.nodes[$0.node].leaves })
        for node in space.nodes.indices
        where space.edges[node].contains(where: { space.nodes[$0.target].leaves != space.nodes[node].leaves }) {
            leaving.insert(space.nodes[node].leaves)
        }
        var traps = Set<[StateID]>()
        for (leaves, node) in space.configurations where !leaving.contains(leaves) {
            traps.insert(leaves)
            report(
                Finding(
                    kind: .trapConfiguration, severity: .warning,
                    message:
                        "'\(space.describe(leaves))' is a trap: it is reachable and no event leaves it; give it a row out, or ignore this if it is a final state",
                    location: location(of: node), witness: witness(to: node)))
        }
        return traps
    }

    /// Nodes from which no node at home can be reached, by configuration, but for traps.
    /// An initial configuration the machine never rests in (one an `always` row without a
    /// condition leaves at once, or the rows of events its entry actions raise) is no home
    /// to return to: without `--home`, such a machine is not asked.
    private mutating func findWaysHome(excluding traps: Set<[StateID]>) {
        let (space, chart) = (space, chart)
        let initial = space.nodes[0].leaves
        guard questions.home != nil || space.nodes.contains(where: { $0.interpreter.isStarted && $0.leaves == initial })
        else { return }
        func isHome(_ node: Int) -> Bool {
            guard let home = questions.home else { return space.nodes[node].leaves == space.nodes[0].leaves }
            return chart.activeStates(of: space.nodes[node].leaves).contains(home)
        }
        var incoming = Array(repeating: [Int](), count: space.nodes.count)
        for node in space.nodes.indices {
            for edge in space.edges[node] { incoming[edge.target].append(node) }
        }
        var reaches = space.nodes.indices.map { isHome($0) }
        var work = space.nodes.indices.filter { reaches[$0] }
        while let node = work.popLast() {
            for before in incoming[node] where !reaches[before] {
                reaches[before] = true
                work.append(before)
            }
        }
        let home =
            questions.home.map { "state '\(machine.states[$0].name)'" } ?? "'\(space.describe(space.nodes[0].leaves))'"
        var reported = traps
        for node in space.nodes.indices where !reaches[node] && reported.insert(space.nodes[node].leaves).inserted {
            report(
                Finding(
                    kind: .noWayHome, severity: .warning,
                    message:
                        "from '\(space.describe(space.nodes[node].leaves))' the machine can never return to \(home)",
                    location: location(of: node), witness: witness(to: node)))
        }
    }
}

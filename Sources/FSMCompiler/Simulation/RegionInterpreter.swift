/// Runs a machine with parallel states (or `in(State)` guard terms) one event at a time, in
/// a configuration of states (Language reference › Regions), read from each state's
/// flattened rows and from the hierarchy through `RegionChart`.
///
/// Dispatch of an event starts at the outermost parallel state (or the only leaf). A leaf
/// chooses among its rows for the event as `Interpreter` does: most specific first, its
/// state tests read, then its conditions asked in order, the first row that holds wins, a row that
/// matches the predicates but whose terms do not hold rejects. A parallel state lets each
/// region choose, in declaration order; if any region chose a row, those rows fire, one
/// after another; if none did, the parallel state's own rows (its own and its
/// superstates') are tried the same way. State tests read the configuration the event
/// arrived in.
public struct RegionInterpreter: Sendable {
    public let machine: StateMachine
    public let chart: RegionChart
    /// The active leaves, one per active region, in configuration order.
    public private(set) var leaves: [Int]
    /// Per state with history: the leaves last active inside it when the machine last left it
    /// or states inside it.
    public private(set) var history: [Int: [Int]]
    /// The running timers, as indices into `machine.events`.
    public private(set) var runningTimers: Set<Int> = []

    /// A machine in the configuration `leaves`, by default the initial one, with `history`.
    /// No entry actions run; the timers of every active state start.
    public init(_ machine: StateMachine, leaves: [Int]? = nil, history: [Int: [Int]] = [:]) {
        self.machine = machine
        let chart = RegionChart(machine)
        self.chart = chart
        self.leaves = leaves.map { chart.ordered($0) } ?? machine.initialConfiguration
        self.history = history
        for state in chart.activeStates(of: self.leaves) { runningTimers.formUnion(machine.timers(ownedBy: state)) }
    }

    /// One row that fired, and what it did.
    public struct Firing: Hashable, Sendable {
        public var transition: Transition
        /// The leaf whose rows hold it, or the parallel state whose own rows do.
        public var source: Int
        /// The configuration before the row fired.
        public var leavesBefore: [Int]
        public var move: RegionChart.Move
        /// Exit actions, the row's own actions, entry and initial actions.
        public var effects: [Int]
        public var exitCount: Int
        /// Indices into `machine.events`: the timers cancelled after the exit actions and
        /// started after the entry actions.
        public var cancelledTimers: [Int] = []
        public var startedTimers: [Int] = []
    }

    /// What handling one event did.
    public struct Step: Hashable, Sendable {
        public enum Outcome: Hashable, Sendable {
            /// Rows fired: one per region that took the event, or one row of a parallel state
            /// or above, or of the only leaf.
            case transitioned([Firing])
            /// Rows for the event match the predicate values, but their conditions and state
            /// tests rule each out; the row is the first tried, and `source` holds it.
            case rejected(Transition, source: Int)
            case unhandled
        }

        /// The configuration the event arrived in.
        public var leaves: [Int]
        public var event: Int
        public var outcome: Outcome
        /// The condition calls asked, in the order asked (indices into `machine.conditionCalls`).
        public var askedConditions: [Int] = []
    }

    /// What one state chose for the event.
    private enum Choice {
        case rows([(Transition, source: Int)])
        case rejected(Transition, source: Int)
        case unhandled
    }

    /// Handles `event`; `predicates` holds one case index per predicate type, `conditions`
    /// the result of each condition.
    @discardableResult
    public mutating func handle(_ event: Int, predicates: [Int], conditions: [Bool]) -> Step {
        precondition(predicates.count == machine.predicateTypes.count, "one case per predicate type")
        precondition(conditions.count == machine.conditions.count, "one result per condition")
        var step = Step(leaves: leaves, event: event, outcome: .unhandled)
        if machine.timer(of: event) != nil {
            guard runningTimers.remove(event) != nil else { return step }
        }
        let active = Set(chart.activeStates(of: leaves))
        var asked: [Int] = []
        let choice = choose(
            chart.topNode(of: leaves), event: event, predicates: predicates, conditions: conditions,
            active: active, asked: &asked)
        step.askedConditions = asked
        switch choice {
        case .unhandled:
            break
        case .rejected(let transition, let source):
            step.outcome = .rejected(transition, source: source)
        case .rows(let rows):
            step.outcome = .transitioned(rows.map { fire($0.0, from: $0.source) })
        }
        return step
    }

    private func choose(
        _ node: Int, event: Int, predicates: [Int], conditions: [Bool], active: Set<Int>,
        asked: inout [Int]
    ) -> Choice {
        let state = machine.states[node]
        var rejection: Choice?
        if state.isParallel {
            var chosen: [(Transition, source: Int)] = []
            for region in state.substates {
                switch choose(
                    chart.node(below: region, leaves: leaves), event: event, predicates: predicates,
                    conditions: conditions, active: active, asked: &asked)
                {
                case .rows(let rows): chosen += rows
                case .rejected(let transition, let source):
                    rejection = rejection ?? .rejected(transition, source: source)
                case .unhandled: break
                }
            }
            guard chosen.isEmpty else { return .rows(chosen) }
        }
        let candidates = Interpreter.candidateRows(in: state, event: event, predicates: predicates)
        for transition in candidates {
            // State tests first: they cost nothing, and a failing one asks no condition.
            let holds =
                transition.guardClause.stateTests.allSatisfy { active.contains($0.state) != $0.isNegated }
                && transition.guardClause.conditions.allSatisfy { term in
                    if !asked.contains(term.call) { asked.append(term.call) }
                    return conditions[term.condition] != term.isNegated
                }
            if holds { return .rows([(transition, node)]) }
        }
        if let first = candidates.first { rejection = rejection ?? .rejected(first, source: node) }
        return rejection ?? .unhandled
    }

    private mutating func fire(_ transition: Transition, from source: Int) -> Firing {
        let targets = transition.namedTarget.map { [$0] + transition.forkTargets } ?? []
        let move = chart.move(from: leaves, source: source, targets: targets, history: history)
        let exits = chart.exitActions(of: move)
        var firing = Firing(
            transition: transition, source: source, leavesBefore: leaves, move: move,
            effects: exits + transition.actions + chart.entryActions(of: move), exitCount: exits.count)
        history.merge(move.historyWrites) { $1 }
        leaves = move.leaves
        if machine.hasTimers {
            for state in move.exited {
                for timer in machine.timers(ownedBy: state) where runningTimers.remove(timer) != nil {
                    firing.cancelledTimers.append(timer)
                }
            }
            for state in move.entered {
                for timer in machine.timers(ownedBy: state) {
                    runningTimers.insert(timer)
                    firing.startedTimers.append(timer)
                }
            }
        }
        return firing
    }

    /// The lines `fsmc simulate` prints for a step (Commands › fsmc simulate): one per row
    /// that fired, a region's row with its leaf as the source, a parallel state's row with
    /// the configuration; the target as the part of the configuration the row decided.
    /// `Media(Playing, Muted) Eject unhandled` and `… [in(Saved)] rejected` otherwise.
    public func lines(for step: Step) -> [String] {
        let configuration = chart.describe(step.leaves)
        let event = machine.events[step.event].name
        switch step.outcome {
        case .unhandled:
            return [configuration + " " + event + " unhandled"]
        case .rejected(let transition, let source):
            let head =
                (machine.states[source].isParallel
                    ? chart.describe(source, leaves: step.leaves) : machine.states[source].name)
            return [
                head + " " + event + " [\(TransitionTable.guardText(transition.guardClause, in: machine))] rejected"
            ]
        case .transitioned(let firings):
            return firings.map { firing in
                let source =
                    machine.states[firing.source].isParallel
                    ? chart.describe(firing.source, leaves: firing.leavesBefore) : machine.states[firing.source].name
                let target = firing.move.reached.map { chart.describe($0, leaves: firing.move.leaves) } ?? source
                let head =
                    source + " " + event
                    + (firing.transition.guardClause.isEmpty
                        ? "" : " [" + TransitionTable.guardText(firing.transition.guardClause, in: machine) + "]")
                let calls = TransitionTable.calls(
                    firing.effects, exitCount: firing.exitCount, of: firing.transition, in: machine)
                return head + " -> " + target + " {" + calls.joined(separator: " ") + "}"
            }
        }
    }
}

/// Runs a `StateMachine` one event at a time: the reference semantics of SPEC §2, read
/// straight from each state's flattened `transitions`.
///
/// It deliberately ignores `DispatchPlanner`, which orders the rows for the generated code:
/// it finds the applicable rows of highest rank afresh for every event, so that
/// differential tests compare two independent readings of the model.
public struct Interpreter: Sendable {
    public let machine: StateMachine
    /// The current state; an index into `machine.states`, always a concrete state.
    public private(set) var state: Int

    /// A machine in `state`, by default its initial state. As in generated code, no entry
    /// actions run.
    public init(_ machine: StateMachine, state: Int? = nil) {
        self.machine = machine
        self.state = state ?? machine.initialState
    }

    /// What handling one event did.
    public struct Step: Hashable, Sendable {
        public enum Outcome: Hashable, Sendable {
            /// The transition ran: its effects ran and the state is now its target.
            case transitioned(Transition)
            /// The applicable row has a condition that was false: nothing ran.
            case rejected(Transition)
            /// No row of the state applies to the event with the predicate values given.
            case unhandled
        }

        /// The state the event arrived in; an index into `machine.states`.
        public var state: Int
        /// An index into `machine.events`.
        public var event: Int
        public var outcome: Outcome
    }

    /// Handles `event` (an index into `machine.events`). `predicates` holds one case index
    /// per predicate type, in declaration order; `conditions` the result of each
    /// condition, by index into `machine.conditions`.
    @discardableResult
    public mutating func handle(_ event: Int, predicates: [Int], conditions: [Bool]) -> Step {
        precondition(predicates.count == machine.predicateTypes.count, "one case per predicate type")
        precondition(conditions.count == machine.conditions.count, "one result per condition")
        let source = state
        guard let transition = Self.applicableRows(in: machine.states[source], event: event, predicates: predicates).first else {
            return Step(state: source, event: event, outcome: .unhandled)
        }
        guard transition.guardClause.conditions.allSatisfy({ conditions[$0] }) else {
            return Step(state: source, event: event, outcome: .rejected(transition))
        }
        state = transition.target
        return Step(state: source, event: event, outcome: .transitioned(transition))
    }

    /// The rows of `state` for `event` whose predicate matches all hold for `predicates`,
    /// keeping only those of the highest rank, in table order. A checked machine has at
    /// most one: more would be an implicit clash (SPEC §2.3).
    public static func applicableRows(in state: State, event: Int, predicates: [Int]) -> [Transition] {
        let matching = state.transitions.filter { transition in
            transition.event == event && transition.guardClause.predicates.allSatisfy { match in
                match.cases.contains(predicates[match.type])
            }
        }
        guard let highest = matching.map(\.guardClause.rank).max() else { return [] }
        return matching.filter { $0.guardClause.rank == highest }
    }

    /// The step as `fsmc simulate` prints it (SPEC §5): the row taken, as `fsmc table`
    /// prints it, or `Locked Pass unhandled`, or `Alarming Reset [isSupervisorPresent] rejected`.
    public func line(for step: Step) -> String {
        let state = machine.states[step.state]
        let head = state.name + " " + machine.events[step.event].name
        switch step.outcome {
        case .transitioned(let transition):
            return TransitionTable.line(for: transition, in: state, of: machine)
        case .rejected(let transition):
            return head + " [\(TransitionTable.guardText(transition.guardClause, in: machine))] rejected"
        case .unhandled:
            return head + " unhandled"
        }
    }
}

/// Runs a `StateMachine` one event at a time: the meaning the Language reference gives a
/// machine, read straight from each state's flattened `transitions`.
///
/// It deliberately ignores `DispatchPlanner`, which orders the rows for the generated code:
/// it finds the applicable rows of highest rank afresh for every event, so that
/// differential tests compare two independent readings of the model.
public struct Interpreter: Sendable {
    public let machine: StateMachine
    /// The current state; an index into `machine.states`, always a concrete state.
    public private(set) var state: Int
    /// Per superstate with history: the concrete state last current in it when it was
    /// left, if it was.
    public private(set) var history: [Int: Int] = [:]

    /// The running timers, as indices into `machine.events` (their `after(…)` events): those
    /// of the states the machine is in that have neither fired nor been restarted since.
    public private(set) var runningTimers: Set<Int> = []

    /// A machine in `state`, by default its initial state, with `history`. As in generated
    /// code, no entry actions run, and the timers of `state` and its superstates start.
    public init(_ machine: StateMachine, state: Int? = nil, history: [Int: Int] = [:]) {
        self.machine = machine
        self.state = state ?? machine.initialState
        self.history = history
        for owner in lineage(of: self.state) { runningTimers.formUnion(machine.timers(ownedBy: owner)) }
    }

    /// What handling one event did.
    public struct Step: Hashable, Sendable {
        public enum Outcome: Hashable, Sendable {
            /// The transition ran: its effects ran and the state is now its target.
            case transitioned(Transition)
            /// Rows for the event match the predicate values, but the condition results
            /// rule each of them out: nothing ran. The transition is the most specific of
            /// them, the first that was tried.
            case rejected(Transition)
            /// No row of the state applies to the event with the predicate values given.
            case unhandled
        }

        /// The state the event arrived in; an index into `machine.states`.
        public var state: Int
        /// An index into `machine.events`.
        public var event: Int
        public var outcome: Outcome
        /// The conditions asked, in the order asked (Language reference › Conditions):
        /// indices into `machine.conditionCalls` (a condition asked with other arguments is
        /// another call).
        public var askedConditions: [Int] = []
        /// For a transition: the state it ended in, and every action it ran, the first
        /// `exitCount` of them exit actions, then the row's own.
        public var target: Int? = nil
        public var effects: [Int] = []
        public var exitCount: Int = 0
        /// The timers the transition cancelled (after the exit actions) and started (after the
        /// entry actions), in that order: indices into `machine.events`.
        public var cancelledTimers: [Int] = []
        public var startedTimers: [Int] = []
    }

    /// Handles `event` (an index into `machine.events`). `predicates` holds one case index
    /// per predicate type, in declaration order; `conditions` the result each condition
    /// would give, by index into `machine.conditions`.
    ///
    /// The rows whose predicate matches hold are tried most specific first (rank, the
    /// number of predicate and condition terms, descending; then table order); a row's
    /// condition terms are asked left to right as written, each condition call at most once
    /// per event, until a row's terms all hold. That row wins; if none does, the event is
    /// rejected, and if no row matches the predicate values, it is unhandled.
    @discardableResult
    public mutating func handle(_ event: Int, predicates: [Int], conditions: [Bool]) -> Step {
        precondition(predicates.count == machine.predicateTypes.count, "one case per predicate type")
        precondition(conditions.count == machine.conditions.count, "one result per condition")
        let source = state
        if machine.timer(of: event) != nil {
            // A timer that is not running does not fire; one that fires is spent, whatever
            // its rows then do.
            guard runningTimers.remove(event) != nil else {
                return Step(state: source, event: event, outcome: .unhandled)
            }
        }
        let candidates = Self.candidateRows(in: machine.states[source], event: event, predicates: predicates)
        guard let mostSpecific = candidates.first else {
            return Step(state: source, event: event, outcome: .unhandled)
        }
        var asked: [Int] = []
        for transition in candidates {
            let holds = transition.guardClause.conditions.allSatisfy { term in
                if !asked.contains(term.call) { asked.append(term.call) }
                return conditions[term.condition] != term.isNegated
            }
            if holds {
                var step = Step(state: source, event: event, outcome: .transitioned(transition), askedConditions: asked)
                take(transition, into: &step)
                return step
            }
        }
        return Step(state: source, event: event, outcome: .rejected(mostSpecific), askedConditions: asked)
    }

    /// Moves to where `transition` leads and records what it runs
    /// (Language reference › Entry and exit, Initial substates and history), read from the
    /// hierarchy at run time rather than from the transition's precomputed effects.
    private mutating func take(_ transition: Transition, into step: inout Step) {
        let source = state
        let states = machine.states
        guard let named = transition.namedTarget else {
            let leavesAndEnters = machine.entryExit == .always
            let exits = leavesAndEnters ? lineage(of: source).reversed().flatMap { states[$0].ownExitActions } : []
            let entries = leavesAndEnters ? lineage(of: source).flatMap { states[$0].ownEntryActions } : []
            step.target = source
            step.effects = exits + transition.actions + entries
            step.exitCount = exits.count
            if leavesAndEnters {
                restartTimers(leaving: lineage(of: source).reversed(), entering: lineage(of: source), into: &step)
            }
            return
        }
        var followed: [Int] = []
        let target = enter(named, from: source, following: &followed)
        let sourceLineage = lineage(of: source)
        let targetLineage = lineage(of: target)
        let targetSet = Set(targetLineage)
        let kept: Set<Int> =
            switch machine.entryExit {
            case .uml:
                // Common superstates stay, but for those below the named state (a local
                // transition leaves and enters them) and for the source when it is named.
                Set(
                    sourceLineage.filter { state in
                        targetSet.contains(state) && !(state != named && lineage(of: state).contains(named))
                            && !(state == source && named == source)
                    })
            case .always: []
            case .onChange: target == source ? Set(targetLineage) : []
            }
        let exits = sourceLineage.reversed().filter { !kept.contains($0) }.flatMap { states[$0].ownExitActions }
        var entries: [Int] = []
        if !(machine.entryExit == .onChange && target == source) {
            for state in targetLineage {
                if !kept.contains(state) { entries += states[state].ownEntryActions }
                if followed.contains(state) { entries += states[state].initialActions }
            }
        }
        for left in sourceLineage where states[left].history != nil && !targetSet.contains(left) {
            history[left] = source
        }
        state = target
        step.target = target
        step.effects = exits + transition.actions + entries
        step.exitCount = exits.count
        // Staying put under `onChange` keeps the whole lineage, and so restarts nothing.
        restartTimers(
            leaving: sourceLineage.reversed().filter { !kept.contains($0) },
            entering: targetLineage.filter { !kept.contains($0) }, into: &step)
    }

    /// Cancels the timers of the states left (leaf first) and starts those of the states
    /// entered (root first), each state's in the order the machine's events list them.
    private mutating func restartTimers(leaving left: [Int], entering entered: [Int], into step: inout Step) {
        guard machine.hasTimers else { return }
        for state in left {
            for timer in machine.timers(ownedBy: state) where runningTimers.remove(timer) != nil {
                step.cancelledTimers.append(timer)
            }
        }
        for state in entered {
            for timer in machine.timers(ownedBy: state) {
                runningTimers.insert(timer)
                step.startedTimers.append(timer)
            }
        }
    }

    /// The concrete state entering `state` reaches: by history, when it has one, else by
    /// its initial row, else itself. `followed` collects the states whose initial rows
    /// were followed.
    private func enter(_ state: Int, from source: Int, following followed: inout [Int]) -> Int {
        let states = machine.states
        if let kind = states[state].history {
            // A superstate that holds the source resumes it: its most recent configuration.
            let stored = lineage(of: source).contains(state) ? source : history[state]
            if let stored {
                guard kind == .shallow, stored != state else { return stored }
                let substate = states.indices.first {
                    states[$0].superstates.contains(state) && lineage(of: stored).contains($0)
                }
                guard let substate, !states[substate].isAbstract || states[substate].initialSubstate != nil else {
                    return stored
                }
                return enter(substate, from: source, following: &followed)
            }
        }
        guard let initial = states[state].initialSubstate else { return state }
        followed.append(state)
        return enter(initial, from: source, following: &followed)
    }

    /// `state` with all its superstates, roots first, in entry order.
    private func lineage(of state: Int) -> [Int] { machine.states[state].ancestors + [state] }

    /// The rows of `state` for `event` whose predicate matches all hold for `predicates`,
    /// most specific first: rank descending, then table order.
    public static func candidateRows(in state: State, event: Int, predicates: [Int]) -> [Transition] {
        let matching = state.transitions.filter { transition in
            transition.event == event
                && transition.guardClause.predicates.allSatisfy { match in
                    match.cases.contains(predicates[match.type])
                }
        }
        return matching.enumerated()
            .sorted { ($0.element.guardClause.rank, -$0.offset) > ($1.element.guardClause.rank, -$1.offset) }
            .map(\.element)
    }

    /// The rows of `state` for `event` whose predicate and condition terms all hold, of the
    /// highest rank, in table order. A checked machine has at most one: more would be an
    /// implicit clash (Language reference › Ranking, Conditions).
    public static func applicableRows(in state: State, event: Int, predicates: [Int], conditions: [Bool])
        -> [Transition]
    {
        let applicable = candidateRows(in: state, event: event, predicates: predicates)
            .filter { $0.guardClause.conditionsHold { conditions[$0] } }
        guard let highest = applicable.first?.guardClause.rank else { return [] }
        return applicable.filter { $0.guardClause.rank == highest }
    }

    /// The step as `fsmc simulate` prints it (Commands › fsmc simulate): the row taken, as
    /// `fsmc table` prints it, or `Locked Pass unhandled`, or
    /// `Alarming Reset [isSupervisorPresent] rejected`.
    public func line(for step: Step) -> String {
        let state = machine.states[step.state]
        let head = state.name + " " + machine.events[step.event].name
        switch step.outcome {
        case .transitioned(let transition):
            return TransitionTable.line(
                for: transition, in: state, of: machine, target: step.target ?? transition.target,
                effects: step.effects, exitCount: step.exitCount)
        case .rejected(let transition):
            return head + " [\(TransitionTable.guardText(transition.guardClause, in: machine))] rejected"
        case .unhandled:
            return head + " unhandled"
        }
    }
}

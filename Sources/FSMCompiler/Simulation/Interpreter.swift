/// Runs a `StateMachine` one event at a time: the meaning the Language reference gives a
/// machine, read straight from each state's flattened `transitions` and, for where a row
/// goes, from the hierarchy through `Statechart`. Every machine runs in a configuration:
/// one leaf for a machine without parallel states, one per active region otherwise
/// (Language reference › Regions).
///
/// It deliberately ignores `DispatchPlanner`, which orders the rows for the generated code,
/// and the rows' precomputed `arrivals`: it finds the applicable rows of highest rank afresh
/// for every event, so that differential tests compare two independent readings of the model.
///
/// Dispatch of an event starts at the outermost parallel state (or the only leaf). A leaf
/// chooses among its rows for the event: most specific first (rank, the number of predicate,
/// condition and state-test terms, descending; then table order), its state tests read,
/// then its conditions asked left to right as written, each condition call at most once per
/// event; the first row whose terms all hold wins, and if rows match the predicate values
/// but none holds, the event is rejected. A parallel state lets each region choose, in
/// declaration order; if any region chose a row, those rows fire, one after another; if
/// none did, the parallel state's own rows (its own and its superstates') are tried the
/// same way. State tests read the configuration the event arrived in.
///
/// In a machine with state data it keeps the values of the data states as text, beside the
/// configuration (`Interpreter+Values.swift`, Language reference › State data); they never
/// decide where the machine goes.
public struct Interpreter: Sendable {
    /// The machine and its chart, behind one reference: `fsmc verify` and `fsmc paths` copy
    /// the interpreter for every step they try, and a copy then retains one object instead
    /// of every array of the machine and the chart.
    private var model: Model
    public var machine: StateMachine { model.machine }
    package var chart: Statechart { model.chart }
    /// The active leaves, one per active region, in configuration order: for a machine
    /// without parallel states, its current state alone.
    public private(set) var leaves: [StateID]
    /// The active states, in entry order: the leaves with all their superstates. Kept with
    /// the leaves, as each move computes them: every event reads them.
    public private(set) var activeStates: [StateID]
    /// Per state with history: the leaves last active inside it when the machine last left it
    /// or states inside it.
    public private(set) var history: [StateID: [StateID]]
    /// The running timers, as indices into `machine.events` (their `after(…)` events): those
    /// of the active states that have neither fired nor been restarted since.
    public private(set) var runningTimers: Set<EventID> = []
    /// Per data state that has been active, its values as text, in the order of its `State:`
    /// header (Language reference › State data; `Interpreter+Values.swift`): a state that
    /// was left keeps them, for its history. Empty for a machine without state data and in an
    /// interpreter made by `exploring()`: values take no part in where a machine goes.
    public private(set) var stateValues: [StateID: [String]] = [:]

    /// Whether the machine has started: always, for a machine without `start()`
    /// (`StateMachine.hasStart`) and for a restored one; for a new one that has it, once
    /// `start()` or its first event ran (Language reference › Starting a machine).
    public private(set) var isStarted: Bool

    /// A new machine, in its initial configuration. As in generated code, a machine with
    /// `start()` runs nothing until it is started; one without runs no entry actions, and
    /// the timers of every active state start. `initialValues` gives, by label, the values
    /// its initializer takes (`StateMachine.initialLabels`), as text; one not given is its
    /// label.
    public init(_ machine: StateMachine, initialValues: [String: String] = [:]) {
        let chart = Statechart(machine)
        self.init(
            machine, chart: chart, leaves: machine.initialConfiguration, history: [:], isStarted: !machine.hasStart,
            initialValues: initialValues)
        if model.tracksValues {
            stateValues = Self.startingValues(
                of: machine, leaves: machine.initialConfiguration, initialValues: initialValues)
        }
    }

    /// A machine restored in the configuration `leaves` (in any order), with `history`: per
    /// state with a `History:` header, the leaves last active inside it. As in generated code,
    /// no entry actions run, and the timers of every active state start.
    ///
    /// Throws when the machine cannot be in that configuration, as generated code cannot
    /// express it: a state that is never current (abstract, parallel, or with an initial
    /// row: Language reference › Initial substates), two states of one region, a region of an
    /// active parallel state without one, or a history that holds such a state.
    public init(_ machine: StateMachine, leaves: [StateID], history: [StateID: [StateID]] = [:]) throws(RestoreError) {
        let chart = Statechart(machine)
        if let problem = chart.problemRestoring(leaves) { throw RestoreError(problem) }
        // A leaf, or a parallel state of the configuration, whose own `always` row moves on.
        if let moving = chart.activeStates(of: leaves).first(where: machine.movesOnAtOnce) {
            throw RestoreError(
                "'\(machine.states[moving].name)' has an 'always' row without a condition: the machine moves on from it at once, and is never there between events"
            )
        }
        for (state, stored) in history.sorted(by: { $0.key < $1.key }) {
            if let problem = chart.problemRestoring(history: stored, of: state) { throw RestoreError(problem) }
        }
        self.init(machine, chart: chart, leaves: chart.ordered(leaves), history: history, isStarted: true)
        if model.tracksValues {
            stateValues = Self.restoredValues(of: machine, leaves: leaves + history.values.flatMap { $0 })
        }
    }

    /// A machine without parallel states restored in `state`, with each superstate's stored
    /// history; throws as `init(_:leaves:history:)` does.
    public init(_ machine: StateMachine, state: StateID, history: [StateID: StateID] = [:]) throws(RestoreError) {
        try self.init(machine, leaves: [state], history: history.mapValues { [$0] })
    }

    private final class Model: Sendable {
        let machine: StateMachine
        let chart: Statechart
        /// `machine.hasTimers`, which reads every event.
        let hasTimers: Bool
        /// Per state, per row of its flattened `transitions`, the row's plan (nil for `-`),
        /// in an interpreter made by `exploring()`; nil otherwise, and each move plans its
        /// row.
        let plans: IDArray<StateID, [TransitionPlan?]>?
        /// `machine.hasStateData`.
        let hasStateData: Bool
        /// What a new machine's initializer was given, by label, for its data states.
        let initialValues: [String: String]

        init(
            machine: StateMachine, chart: Statechart, plans: IDArray<StateID, [TransitionPlan?]>? = nil,
            initialValues: [String: String] = [:]
        ) {
            self.machine = machine
            self.chart = chart
            hasTimers = machine.hasTimers
            self.plans = plans
            hasStateData = machine.hasStateData
            self.initialValues = initialValues
        }

        /// Whether firings list their actions: not in an interpreter made by `exploring()`,
        /// the one with plans.
        var describesEffects: Bool { plans == nil }
        /// Whether the values of data states are kept: they show where effects do.
        var tracksValues: Bool { hasStateData && describesEffects }
    }

    private init(
        _ machine: StateMachine, chart: Statechart, leaves: [StateID], history: [StateID: [StateID]], isStarted: Bool,
        initialValues: [String: String] = [:]
    ) {
        model = Model(machine: machine, chart: chart, initialValues: initialValues)
        self.leaves = leaves
        activeStates = chart.activeStates(of: leaves)
        self.history = history
        self.isStarted = isStarted
        guard isStarted else { return }
        for state in activeStates { runningTimers.formUnion(machine.timers(ownedBy: state)) }
    }

    /// The same machine in the same situation, made for `fsmc verify` and `fsmc paths`,
    /// which take each row thousands of times and read where each step leads and which
    /// rows it takes, never what they run. Every row's plan is made once, for this value
    /// and its copies (a plan depends on the row alone), and its firings leave `effects`
    /// empty and `exitCount` 0: planning each move anew, and listing the actions of every
    /// step, each took 5 to 10% of the search's time.
    package func exploring() -> Interpreter {
        let (machine, chart) = (model.machine, model.chart)
        let plans = IDArray<StateID, [TransitionPlan?]>(
            machine.states.indices.map { state in
                machine.states[state].transitions.map { row in
                    row.namedTarget.map { chart.plan(source: state, targets: [$0] + row.forkTargets) }
                }
            })
        var explorer = self
        explorer.model = Model(machine: machine, chart: chart, plans: plans)
        explorer.stateValues = [:]
        return explorer
    }

    /// What starting a machine ran.
    public struct Start: Hashable, Sendable {
        /// The entry actions of the initial configuration, outermost first, each initial
        /// row's actions after those of the state whose body holds it.
        public var effects: [ActionCall] = []
        /// Indices into `machine.events`: the timers started after the entry actions.
        public var startedTimers: [EventID] = []
        /// The `always` steps and raised events taken after the entry, and the conditions
        /// they asked.
        public var completion: [Step] = []
        public var askedConditions: [ConditionCallID] = []
        public var exceedsLimit = false
    }

    /// Starts a new machine, as generated code's `start()` does: the initial
    /// configuration is entered, as a row from outside every state would enter it, and
    /// its timers start. A started machine does nothing. `handle` starts a machine that
    /// has not started; call this first to see what starting ran.
    /// `conditions` answers the conditions of the `always` rows it may then take, as
    /// `handle` takes them.
    @discardableResult
    public mutating func start(conditions: IDArray<ConditionCallID, Bool>? = nil) -> Start {
        var fired = 0
        return start(
            conditions: conditions ?? IDArray(repeating: false, count: model.machine.conditionCalls.count),
            fired: &fired)
    }

    /// `start(conditions:)`, counting in `fired` the rows its `always` steps fire.
    private mutating func start(conditions: IDArray<ConditionCallID, Bool>, fired: inout Int) -> Start {
        guard !isStarted else { return Start() }
        isStarted = true
        let machine = model.machine
        let move = chart.starting(at: machine.initialTarget)
        var start = Start(effects: chart.entryActions(of: move))
        var raised = start.effects.compactMap(\.raisedEvent).map { RaisedEvent(event: $0) }
        if model.tracksValues {
            let effects = valueEffects(
                of: nil, from: nil, move: move, scope: ValueScope(state: model.initialValues))
            raised = zip(raised, effects.raised).map { RaisedEvent(event: $0.event, values: $1) }
        }
        for state in move.entered {
            for timer in machine.timers(ownedBy: state) {
                runningTimers.insert(timer)
                start.startedTimers.append(timer)
            }
        }
        start.completion = completeStep(
            raising: raised, conditions: conditions, asked: &start.askedConditions, fired: &fired)
        start.exceedsLimit = fired > Self.firingLimit
        return start
    }

    /// Steps 2 and 3 of run to completion: while an `always` row applies in the
    /// configuration reached, it fires (one per region that takes it), and the next is
    /// looked for; then the oldest raised event is handled (`raised` holds those the step
    /// raised), followed by its `always` rows, until none is left. Stops once `fired`, the
    /// rows this `handle` fired, passes `firingLimit`. Returns the steps in the order taken.
    private mutating func completeStep(
        raising raised: [RaisedEvent], conditions: IDArray<ConditionCallID, Bool>, asked: inout [ConditionCallID],
        fired: inout Int
    ) -> [Step] {
        guard model.machine.alwaysEvent != nil || !raised.isEmpty else { return [] }
        let predicates = IDArray<PredicateTypeID, Int>(repeating: 0, count: model.machine.predicateTypes.count)
        var queue = raised
        var steps: [Step] = []
        takeAlwaysRows(
            into: &steps, raising: &queue, predicates: predicates, conditions: conditions, asked: &asked, fired: &fired)
        var next = 0
        while next < queue.count && fired <= Self.firingLimit {
            let event = queue[next]
            next += 1
            var askedHere: [ConditionCallID] = []
            let step = take(
                event.event, values: event.values, predicates: predicates, conditions: conditions, asked: &askedHere,
                fired: &fired)
            Self.merge(askedHere, into: &asked)
            queue += step.firings.flatMap(RaisedEvent.raised(by:))
            steps.append(step)
            takeAlwaysRows(
                into: &steps, raising: &queue, predicates: predicates, conditions: conditions, asked: &asked,
                fired: &fired)
        }
        return steps
    }

    /// Step 2 of run to completion: while an `always` row applies, it fires; the events
    /// its rows raise join `queue`. `predicates` are none (any values do: no row without
    /// an event matches predicates).
    private mutating func takeAlwaysRows(
        into steps: inout [Step], raising queue: inout [RaisedEvent], predicates: IDArray<PredicateTypeID, Int>,
        conditions: IDArray<ConditionCallID, Bool>, asked: inout [ConditionCallID], fired: inout Int
    ) {
        guard let always = model.machine.alwaysEvent else { return }
        while fired <= Self.firingLimit {
            var askedHere: [ConditionCallID] = []
            var rows: [RowPosition] = []
            _ = choose(
                chart.topNode(of: leaves, active: activeStates), event: always, predicates: predicates,
                conditions: conditions, asked: &askedHere, chosen: &rows)
            Self.merge(askedHere, into: &asked)
            guard !rows.isEmpty else { break }
            var step = Step(leaves: leaves, event: always, outcome: .unhandled)
            step.askedConditions = askedHere
            let firings = rows.map { fire(row: $0.row, from: $0.source, values: nil) }
            step.outcome = .transitioned(firings)
            fired += rows.count
            if model.machine.raisesEvents { queue += firings.flatMap(RaisedEvent.raised(by:)) }
            steps.append(step)
        }
    }

    /// Adds the condition calls of `asked` that `all` lacks, keeping the order first asked.
    private static func merge(_ asked: [ConditionCallID], into all: inout [ConditionCallID]) {
        for call in asked where !all.contains(call) { all.append(call) }
    }

    /// Why a machine cannot be restored in a configuration or with a history.
    public struct RestoreError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String

        public init(_ message: String) { self.message = message }

        public var description: String { message }
    }

    /// The current state of a machine without parallel states: its only leaf.
    public var state: StateID { leaves[0] }

    /// One row that fired, and what it did.
    public struct Firing: Hashable, Sendable {
        public var transition: Transition
        /// The leaf whose rows hold it, or the parallel state whose own rows do.
        public var source: StateID
        /// The position of `transition` in the flattened `transitions` of `source`, which
        /// numbers the table's row (`TableRows`) without comparing rows.
        package var row: Int
        /// The configuration before the row fired.
        public var leavesBefore: [StateID]
        package var move: Statechart.Move
        /// Exit actions, the row's own actions, entry and initial actions.
        public var effects: [ActionCall]
        /// How many exit actions `effects` starts with.
        public var exitCount: Int
        /// Indices into `machine.events`: the timers cancelled after the exit actions and
        /// started after the entry actions.
        public var cancelledTimers: [EventID] = []
        public var startedTimers: [EventID] = []
        /// Indices into `machine.events`: the events it raised (`^Saved`), in the order its
        /// exit, own and entry actions raise them (Language reference › Raised events).
        public var raisedEvents: [EventID] = []
        /// In a machine with state data (`Interpreter+Values.swift`): the calls of `effects`
        /// with the texts of their arguments (`begin("https://x")`), per raised event the
        /// texts of the values it carries, and the values of the data states among the
        /// leaves after the row. Empty otherwise, and in an interpreter made by `exploring()`.
        package var callTexts: [String] = []
        package var raisedValues: [[String]] = []
        package var values: [StateID: [String]] = [:]
    }

    /// An event a row raised, with the texts of the values it carries (nil where they are
    /// not kept), waiting in the queue of raised events.
    private struct RaisedEvent {
        var event: EventID
        var values: [String]? = nil

        /// The events `firing` raised, in order.
        static func raised(by firing: Firing) -> [RaisedEvent] {
            guard firing.raisedValues.count == firing.raisedEvents.count else {
                return firing.raisedEvents.map { RaisedEvent(event: $0) }
            }
            return zip(firing.raisedEvents, firing.raisedValues).map { RaisedEvent(event: $0, values: $1) }
        }
    }

    /// What handling one event did.
    public struct Step: Hashable, Sendable {
        public enum Outcome: Hashable, Sendable {
            /// Rows fired: one per region that took the event, or one row of a parallel state
            /// or above, or of the only leaf.
            case transitioned([Firing])
            /// Rows for the event match the predicate values, but their conditions and state
            /// tests rule each out: nothing ran. The row is the most specific of them, the
            /// first tried, and `source` holds it.
            case rejected(Transition, source: StateID)
            /// No row of the active states applies to the event with the predicate values given.
            case unhandled
        }

        /// The configuration the event arrived in.
        public var leaves: [StateID]
        /// An index into `machine.events`.
        public var event: EventID
        public var outcome: Outcome
        /// The conditions asked, in the order asked (Language reference › Conditions):
        /// indices into `machine.conditionCalls` (a condition asked with other arguments is
        /// another call).
        public var askedConditions: [ConditionCallID] = []
        /// When the event started the machine: the `always` steps of the start, which ran
        /// before the event (Language reference › Run to completion).
        public var before: [Step] = []
        /// What followed the event, in order (Language reference › Run to completion): each
        /// `always` step, the rows of one step (one per region that took it), and each
        /// raised event, handled like an event; their conditions are among `askedConditions`.
        public var completion: [Step] = []
        /// Whether the rows kept firing past `Interpreter.firingLimit` without coming to rest,
        /// and the interpreter stopped them.
        public var exceedsLimit = false

        /// The rows that fired, none unless the event was taken.
        public var firings: [Firing] {
            guard case .transitioned(let firings) = outcome else { return [] }
            return firings
        }

        /// Every row that fired, in order: the start's `always` steps, the event's rows,
        /// then the `always` steps after it.
        public var allFirings: [Firing] {
            // Without `always` steps, the event's own list: the search reads this for every
            // step it tries, and concatenating copies every firing.
            guard !before.isEmpty || !completion.isEmpty else { return firings }
            return before.flatMap(\.firings) + firings + completion.flatMap(\.firings)
        }
    }

    /// How many rows one `handle` (or `start()`) fires at most before the interpreter
    /// stops them as a run that never ends (`always` rows that keep moving), as generated
    /// code stops it with a `preconditionFailure` (Language reference › Run to completion).
    public static let firingLimit = 1_000

    /// A row as the interpreter reads it in place: the state whose flattened `transitions`
    /// hold it (a leaf, or a parallel state) and its position there. A struct rather than a
    /// tuple: an array of tuples is destroyed through their type's metadata, a lookup for
    /// every step of a search.
    private struct RowPosition {
        var source: StateID
        var row: Int
    }

    /// Handles `event` (an index into `machine.events`). `predicates` holds one case index
    /// per predicate type, in declaration order; `conditions` the result each condition
    /// would give, by index into `machine.conditionCalls`: `atLeast(3)` and `atLeast(5)` are
    /// asked separately and may answer differently. `values` are the texts of the values the
    /// event carries, in the order of its `Event:` header, which the values of data states
    /// are made of (nil: a label names the value itself).
    @discardableResult
    public mutating func handle(
        _ event: EventID, predicates: IDArray<PredicateTypeID, Int>, conditions: IDArray<ConditionCallID, Bool>,
        values: [String]? = nil
    ) -> Step {
        // `model.machine`, read where it is used: a copy of the machine retains each of its
        // arrays, for every step `fsmc verify` tries.
        precondition(predicates.count == model.machine.predicateTypes.count, "one case per predicate type")
        precondition(conditions.count == model.machine.conditionCalls.count, "one result per condition call")
        precondition(event != model.machine.alwaysEvent, "no one sends 'always'")
        var before: [Step] = []
        var asked: [ConditionCallID] = []
        var fired = 0
        if !isStarted {
            let start = start(conditions: conditions, fired: &fired)
            before = start.completion
            asked = start.askedConditions
        }
        var step = Step(leaves: leaves, event: event, outcome: .unhandled)
        step.before = before
        if model.hasTimers && model.machine.timer(of: event) != nil {
            // A timer that is not running does not fire; one that fires is spent, whatever
            // its rows then do.
            guard runningTimers.remove(event) != nil else {
                step.askedConditions = asked
                return step
            }
        }
        var askedHere: [ConditionCallID] = []
        let taken = take(
            event, values: values, predicates: predicates, conditions: conditions, asked: &askedHere, fired: &fired)
        step.outcome = taken.outcome
        Self.merge(askedHere, into: &asked)
        let raised = model.machine.raisesEvents ? taken.firings.flatMap(RaisedEvent.raised(by:)) : []
        step.completion = completeStep(raising: raised, conditions: conditions, asked: &asked, fired: &fired)
        step.askedConditions = asked
        step.exceedsLimit = fired > Self.firingLimit
        return step
    }

    /// Step 1 of run to completion: the rows for `event` fire, or none. The step's
    /// `askedConditions` are those its rows asked, also in `asked`.
    private mutating func take(
        _ event: EventID, values: [String]?, predicates: IDArray<PredicateTypeID, Int>,
        conditions: IDArray<ConditionCallID, Bool>, asked: inout [ConditionCallID], fired: inout Int
    ) -> Step {
        var step = Step(leaves: leaves, event: event, outcome: .unhandled)
        var rows: [RowPosition] = []
        let rejection = choose(
            chart.topNode(of: leaves, active: activeStates), event: event, predicates: predicates,
            conditions: conditions, asked: &asked, chosen: &rows)
        step.askedConditions = asked
        if !rows.isEmpty {
            step.outcome = .transitioned(rows.map { fire(row: $0.row, from: $0.source, values: values) })
            fired += rows.count
        } else if let rejection {
            step.outcome = .rejected(
                model.machine.states[rejection.source].transitions[rejection.row], source: rejection.source)
        }
        return step
    }

    /// What `node` chooses for the event: the rows it fires, appended to `chosen` (read in
    /// place when they fire). When it chooses none, the row that rejected the event, nil if
    /// it is unhandled.
    private func choose(
        _ node: StateID, event: EventID, predicates: IDArray<PredicateTypeID, Int>,
        conditions: IDArray<ConditionCallID, Bool>, asked: inout [ConditionCallID], chosen: inout [RowPosition]
    ) -> RowPosition? {
        // The rows are read in place: a copy of the state or of each candidate row would
        // retain every array it holds, for every step `fsmc verify` tries.
        let states = model.machine.states
        var rejection: RowPosition?
        if states[node].isParallel {
            let before = chosen.count
            for region in states[node].substates {
                let rejected = choose(
                    chart.node(below: region, active: activeStates), event: event, predicates: predicates,
                    conditions: conditions, asked: &asked, chosen: &chosen)
                rejection = rejection ?? rejected
            }
            guard chosen.count == before else { return nil }
        }
        let transitions = states[node].transitions
        let candidates = Self.candidateRowIndices(in: transitions, event: event, predicates: predicates)
        for row in candidates {
            let guardClause = transitions[row].guardClause
            // State tests first: they cost nothing, and a failing one asks no condition.
            let holds =
                guardClause.stateTests.allSatisfy { activeStates.contains($0.state) != $0.isNegated }
                && guardClause.conditions.allSatisfy { term in
                    if !asked.contains(term.call) { asked.append(term.call) }
                    return conditions[term.call] != term.isNegated
                }
            if holds {
                chosen.append(RowPosition(source: node, row: row))
                return nil
            }
        }
        return rejection ?? candidates.first.map { RowPosition(source: node, row: $0) }
    }

    /// Moves to where the row at `row` of `source`'s flattened transitions leads and
    /// records what it runs (Language reference › Entry and exit, Initial substates and
    /// history, Regions). `values`: the texts of the event's values, if given.
    private mutating func fire(row: Int, from source: StateID, values: [String]?) -> Firing {
        let transition = model.machine.states[source].transitions[row]
        let move: Statechart.Move
        if let plans = model.plans {
            // The plan read in place: a copy retains each of its arrays.
            move = chart.move(
                from: leaves, active: activeStates, source: source, plan: plans[source][row], history: history)
        } else {
            let plan = transition.namedTarget.map { chart.plan(source: source, targets: [$0] + transition.forkTargets) }
            move = chart.move(from: leaves, active: activeStates, source: source, plan: plan, history: history)
        }
        var effects: [ActionCall] = []
        var exitCount = 0
        var raisedEvents: [EventID] = []
        if model.describesEffects {
            let exits = chart.exitActions(of: move)
            effects = exits + transition.actions + chart.entryActions(of: move)
            exitCount = exits.count
            if model.machine.raisesEvents { raisedEvents = effects.compactMap(\.raisedEvent) }
        } else if model.machine.raisesEvents {
            // The search lists no actions, but the events they raise are where it goes next.
            raisedEvents = (chart.exitActions(of: move) + transition.actions + chart.entryActions(of: move))
                .compactMap(\.raisedEvent)
        }
        var valueEffects = ValueEffects()
        if model.tracksValues {
            let scope = ValueScope(
                event: transition.event, values: values, source: source, of: model.machine, stored: stateValues)
            valueEffects = self.valueEffects(of: transition, from: source, move: move, scope: scope)
            assert(valueEffects.calls.count == effects.count, "the calls with their values are the effects")
            stateValues = valueEffects.values
            valueEffects.values = valueEffects.values.filter { move.leaves.contains($0.key) }
        }
        let leavesBefore = leaves
        if !move.historyWrites.isEmpty { history.merge(move.historyWrites) { $1 } }
        leaves = move.leaves
        activeStates = move.active
        var cancelledTimers: [EventID] = []
        var startedTimers: [EventID] = []
        if model.hasTimers {
            // Cancelled after the exit actions, leaf first; started after the entry actions,
            // root first; each state's in the order the machine's events list them.
            for state in move.exited {
                for timer in model.machine.timers(ownedBy: state) where runningTimers.remove(timer) != nil {
                    cancelledTimers.append(timer)
                }
            }
            for state in move.entered {
                for timer in model.machine.timers(ownedBy: state) {
                    runningTimers.insert(timer)
                    startedTimers.append(timer)
                }
            }
        }
        // Made once, complete: a firing made early and filled in was copied on return.
        return Firing(
            transition: transition, source: source, row: row, leavesBefore: leavesBefore, move: move,
            effects: effects, exitCount: exitCount, cancelledTimers: cancelledTimers, startedTimers: startedTimers,
            raisedEvents: raisedEvents, callTexts: valueEffects.calls, raisedValues: valueEffects.raised,
            values: valueEffects.values)
    }

    /// The rows of `state` for `event` whose predicate matches all hold for `predicates`,
    /// most specific first: rank descending, then table order.
    public static func candidateRows(in state: State, event: EventID, predicates: IDArray<PredicateTypeID, Int>)
        -> [Transition]
    {
        candidateRowIndices(in: state.transitions, event: event, predicates: predicates).map { state.transitions[$0] }
    }

    /// `candidateRows(in:event:predicates:)` as positions in `transitions`, a state's rows.
    private static func candidateRowIndices(
        in transitions: [Transition], event: EventID, predicates: IDArray<PredicateTypeID, Int>
    ) -> [Int] {
        var matching = transitions.indices.filter { row in
            transitions[row].event == event
                && transitions[row].guardClause.predicates.allSatisfy { match in
                    match.cases.contains(predicates[match.type])
                }
        }
        // Sorted in place: `sorted` would make a second array, for every event of a search.
        if matching.count > 1 {
            matching.sort { first, second in
                let (firstRank, secondRank) = (
                    transitions[first].guardClause.rank, transitions[second].guardClause.rank
                )
                return firstRank != secondRank ? firstRank > secondRank : first < second
            }
        }
        return matching
    }

    /// The rows of `state` for `event` whose predicate, condition and state-test terms all
    /// hold (`active`: the active states), of the highest rank, in table order. A checked
    /// machine has at most one: more would be an implicit clash (Language reference › Ranking, Conditions).
    public static func applicableRows(
        in state: State, event: EventID, predicates: IDArray<PredicateTypeID, Int>,
        conditions: IDArray<ConditionCallID, Bool>, active: Set<StateID>
    ) -> [Transition] {
        let applicable = candidateRows(in: state, event: event, predicates: predicates).filter { row in
            row.guardClause.conditionsHold { conditions[$0] }
                && row.guardClause.stateTests.allSatisfy { active.contains($0.state) != $0.isNegated }
        }
        guard let highest = applicable.first?.guardClause.rank else { return [] }
        return applicable.filter { $0.guardClause.rank == highest }
    }

    /// The lines `fsmc simulate` prints for a step (Commands › fsmc simulate): one per row
    /// that fired, as `fsmc table` prints a row, a region's row with its leaf as the
    /// source, a parallel state's row with the configuration; the target as the part of the
    /// configuration the row decided. `Locked Pass unhandled`,
    /// `Media(Playing, Muted) Eject unhandled` and
    /// `Alarming Reset [isSupervisorPresent] rejected` otherwise.
    /// The `always` steps before and after the event print as lines of their own, in
    /// the order they fired.
    public func lines(for step: Step) -> [String] {
        step.before.flatMap(ownLines) + ownLines(step) + step.completion.flatMap(ownLines)
    }

    /// The lines of one step, without those of what followed it.
    private func ownLines(_ step: Step) -> [String] {
        let event = machine.events[step.event].name
        switch step.outcome {
        case .unhandled:
            return [chart.describe(step.leaves) + " " + event + " unhandled"]
        case .rejected(let transition, let source):
            return [
                sourceText(source, leaves: step.leaves) + " " + event + " ["
                    + RowText.guardText(transition.guardClause, in: machine) + "] rejected"
            ]
        case .transitioned(let firings):
            return firings.map { firing in
                let source = sourceText(firing.source, leaves: firing.leavesBefore)
                // A data state prints with the values it holds after the row.
                let name = { (state: StateID) in
                    guard let values = firing.values[state] else { return self.machine.states[state].name }
                    return self.machine.states[state].name + "("
                        + zip(self.machine.parameters(of: state), values).map { $0.label + ": " + $1 }
                        .joined(separator: ", ") + ")"
                }
                let target =
                    firing.move.reached.map { chart.describe($0, leaves: firing.move.leaves, name: name) }
                    ?? (firing.values.isEmpty
                        ? source : chart.describe(firing.source, leaves: firing.move.leaves, name: name))
                let head = RowText.head(source, firing.transition, in: machine)
                let calls = firing.callTexts.isEmpty ? RowText.calls(firing.effects, in: machine) : firing.callTexts
                return head + " -> " + target + " {" + calls.joined(separator: " ") + "}"
            }
        }
    }

    /// The step as one text: its lines, separated by line breaks.
    public func line(for step: Step) -> String {
        lines(for: step).joined(separator: "\n")
    }

    /// A parallel source prints as its part of the configuration, a leaf as its name.
    private func sourceText(_ source: StateID, leaves: [StateID]) -> String {
        machine.states[source].isParallel ? chart.describe(source, leaves: leaves) : machine.states[source].name
    }
}

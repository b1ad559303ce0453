/// A checked state machine: names resolved, superstates folded in, `-` resolved,
/// predicates ranked. It is the only input of code generation and of every report, and
/// everything in it is in a deterministic order (declaration or first appearance).
public struct StateMachine: Hashable, Sendable {
    /// The `FSM` header.
    public var name: Named
    /// The `Actions:` header as written: the name of the actions protocol, if not the default
    /// (`MachineTypeNames` has the names of the generated types).
    public var actionsHeader: String?
    public var entryExit: EntryExitMode
    /// The concrete state the machine starts in; an index into `states`.
    public var initialState: StateID
    /// The state the `Initial:` header names, which may be a superstate whose initial rows
    /// lead to `initialState` (diagrams point at it); an index into `states`.
    public var initialTarget: StateID
    /// Every state, abstract ones included, in order of first declaration.
    public var states: IDArray<StateID, State>
    /// Every event any row names, in order of first appearance.
    public var events: IDArray<EventID, Named>
    /// By index into `events`: the values the event carries (`Event:` headers), if any.
    public var eventParameters: IDArray<EventID, [EventParameter]> = []
    /// By index into `events`: the timer an `after(…)` event stands for, nil for the events
    /// the app sends. Its `Named` is `after(30s)` as first written in its state, and
    /// its Swift name the timer's case (`bufferingAfter30s`).
    public var eventTimers: IDArray<EventID, TimerEvent?> = []
    /// By index into `actions` and `conditions`: the types of the values each is called
    /// with, and the labels of its first use (which name the generated parameters).
    public var actionParameters: IDArray<ActionID, [EventParameter]> = []
    public var conditionParameters: IDArray<ConditionID, [EventParameter]> = []
    /// By index into `states`: the values a data state holds (`State:` headers, Language
    /// reference › State data); empty for every other state.
    public var stateParameters: IDArray<StateID, [EventParameter]> = []
    /// By index into `actions`: the type a computing action returns (the type of the state
    /// value it gives), nil for an action that returns nothing.
    public var actionResults: IDArray<ActionID, String?> = []
    /// The `StateData:` header: the protocols the values of data states conform to, which
    /// the state enum, the snapshot and the outcome claim (`Hashable`, `Sendable`, …), in
    /// the order written, and where the header is, which the claims point back to.
    public var stateDataConformances: [String] = []
    public var stateDataLocation: SourceLocation? = nil
    /// Every action (row, entry and exit actions), in order of first appearance.
    public var actions: IDArray<ActionID, Named>
    /// Every condition a guard names, in order of first appearance.
    public var conditions: IDArray<ConditionID, Named>
    /// Every distinct way a guard asks a condition: the condition and the labels of the
    /// event values it is asked with, in order of first appearance. `isEnough(amount)` and
    /// `isEnough(tip)` are two calls of one condition, with answers of their own; a
    /// condition without arguments has one call.
    public var conditionCalls: IDArray<ConditionCallID, ConditionCall> = []
    /// Every declared predicate type, in declaration order; all of them are parameters
    /// of dispatch, used or not.
    public var predicateTypes: IDArray<PredicateTypeID, PredicateType>

    /// The modules of `Import:` headers, which the generated file imports after FSMRuntime.
    public var imports: [String] = []
    /// The `Isolation:` header: the global actor the actions protocol and the machine are
    /// isolated to, as written (`MainActor`); nil for a machine that is not isolated.
    public var isolation: String? = nil
    /// By index into `actions` and `conditions`: whether the `Async:` header names it.
    public var asyncActions: IDArray<ActionID, Bool> = []
    public var asyncConditions: IDArray<ConditionID, Bool> = []
    /// The `Observable:` header: the state is observable through the Observation module.
    public var isObservable = false

    /// Whether some action or condition is `async`: `handle` and the event methods are then.
    public var isAsync: Bool { asyncActions.contains(true) || asyncConditions.contains(true) }
    /// Whether any of the `Isolation:`, `Async:` and `Observable:` headers changes the
    /// generated code; a machine without them generates what it did before they existed.
    public var usesConcurrencyHeaders: Bool { isolation != nil || isAsync || isObservable }

    /// Whether some row is an `after(…)` row: the machine then has timers.
    public var hasTimers: Bool { eventTimers.contains { $0 != nil } }

    /// The timer events, in order of first appearance.
    public var timerEvents: [EventID] { eventTimers.indices.filter { eventTimers[$0] != nil } }

    /// The events the app sends, in order of first appearance: all but the timers and `always`.
    public var appEvents: [EventID] {
        events.indices.filter { (eventTimers.isEmpty || eventTimers[$0] == nil) && $0 != alwaysEvent }
    }

    /// The timer `event` stands for, nil for an event the app sends.
    public func timer(of event: EventID) -> TimerEvent? {
        eventTimers.indices.contains(event) ? eventTimers[event] : nil
    }

    /// How a timer is named in the generated enum and in tests: its state and event,
    /// `Buffering after(30s)`.
    public func timerName(of event: EventID) -> String {
        states[eventTimers[event]!.owner].name + " " + events[event].name
    }

    /// The timers `state` owns: the `after(…)` events of rows its own body holds.
    public func timers(ownedBy state: StateID) -> [EventID] {
        timerEvents.filter { eventTimers[$0]!.owner == state }
    }

    /// Whether some state holds values (Language reference › State data): the state type
    /// then has associated values, and a payload-free name type beside it.
    public var hasStateData: Bool { stateParameters.contains { !$0.isEmpty } }

    /// The values `state` holds, in declaration order; none for a state without data.
    public func parameters(of state: StateID) -> [EventParameter] {
        stateParameters.indices.contains(state) ? stateParameters[state] : []
    }

    /// The values a transition gives `state` when it enters it: those its row writes for it,
    /// or, for a state its initial chain enters, those the initial row naming it writes; in
    /// the order written (the order computing actions run), then every other value of the
    /// state taken by its own label from the row (Language reference › State data); with no
    /// transition, those the machine starts with, taken by label from its initializer. Empty
    /// for a state without data. `followed`, where known, are the states whose initial rows
    /// the move follows: the one that names `state` writes its values.
    public func enteringValues(
        of state: StateID, by transition: Transition?, followingInitialRowsOf followed: [StateID]? = nil
    ) -> [StateValue] {
        let parameters = parameters(of: state)
        guard !parameters.isEmpty else { return [] }
        let named = transition.map { [$0.namedTarget].compactMap { $0 } + $0.forkTargets } ?? []
        let written: [StateValue]
        if named.contains(state) {
            written = transition!.givenValues.first { $0.state == state }?.values ?? []
        } else if let writer = followed?.first(where: { states[$0].initialSubstate == state }) {
            written = states[writer].initialValues
        } else {
            // The initial row followed on the way down from what the row names (from the
            // `Initial:` state when the machine starts), or, in a region the row enters by its
            // own rules, from the outermost superstate whose initial rows lead to `state`. A
            // superstate of what the row names is entered as such, not by its initial row:
            // `Initial: Busy` gives all of `Busy`'s values to the initializer, whatever the
            // initial row of a superstate of `Busy` writes.
            let entered = transition == nil ? [initialTarget] : named
            let ancestors = states[state].ancestors
            let starts =
                entered.filter { ancestors.contains($0) }
                + ancestors.filter { ancestor in
                    !entered.contains { $0 == ancestor || states[$0].ancestors.contains(ancestor) }
                }
            written = starts.lazy.compactMap { initialRowValues(naming: state, below: $0) }.first ?? []
        }
        let carried = parameters.filter { parameter in !written.contains { $0.label == parameter.label } }
        return written + carried.map { StateValue(label: $0.label, source: .argument(.label($0.label))) }
    }

    /// The values written by the initial row that names `leaf` on the way down from `start`
    /// by initial rows (into each region of a parallel state); nil when no such row names it.
    private func initialRowValues(naming leaf: StateID, below start: StateID) -> [StateValue]? {
        var pending = [start]
        var visited: Set<StateID> = []
        while let state = pending.popLast() {
            guard visited.insert(state).inserted else { continue }
            if let next = states[state].initialSubstate {
                if next == leaf { return states[state].initialValues }
                pending.append(next)
            } else if states[state].isParallel {
                pending += states[state].substates
            }
        }
        return nil
    }

    /// Whether some event carries values: the event type then has associated values.
    public var hasEventValues: Bool { eventParameters.contains { !$0.isEmpty } }

    /// The superstates with a `History:` header, in state order: one stored value each.
    public var historyStates: [StateID] { states.indices.filter { states[$0].history != nil } }

    /// Indices of the concrete states, in declaration order.
    public var concreteStates: [StateID] { states.indices.filter { !states[$0].isAbstract } }

    /// Indices of the states a machine without parallel states can be in, in declaration
    /// order: the concrete states without an initial row. A concrete state with an initial row
    /// is never current (entering it enters its initial substate), so the generated state enum
    /// has no case for it and a machine can be neither created nor restored in it (Language
    /// reference › Initial substates).
    public var currentStates: [StateID] {
        states.indices.filter { !states[$0].isAbstract && states[$0].initialSubstate == nil }
    }

    /// Whether some state is a `Parallel:` state: the machine is then in a configuration of
    /// states at once, one per active region (Language reference › Regions), which
    /// `Statechart` describes.
    public var hasRegions: Bool { states.contains { $0.isParallel } }

    /// Whether the state is a region: a direct substate of a parallel state (its only
    /// superstate, which `regionInheritance` ensures).
    public func isRegion(_ state: StateID) -> Bool {
        states[state].superstates.contains { states[$0].isParallel }
    }

    /// The states the machine starts in, one per active region, in configuration order (a
    /// machine without regions starts in `initialState` alone).
    public var initialConfiguration: [StateID] = []
    /// Whether the machine uses the language of version 3 (literal arguments, `Action:`
    /// headers, `always` rows, raised events): a new one runs nothing until it is started, by `start()` or by its first
    /// event, which runs its initial configuration's entry actions and initial rows and
    /// starts its timers; a restored one is started (Language reference › Starting a
    /// machine). Without it, creating a machine runs no entry actions and starts its timers.
    public var hasStart = false
    /// What starting a machine runs (`hasStart`): the entry actions of its initial
    /// configuration, outermost first, each initial row's actions after those of the state
    /// whose body holds it.
    public var startActions: [ActionCall] = []
    /// The event of `always` rows (Language reference › Always rows), if some row has it:
    /// an index into `events` that no one sends, taken after each step while a row of it
    /// applies.
    public var alwaysEvent: EventID? = nil
    /// Whether some row, entry or exit list or initial row raises an event (`^Saved`,
    /// Language reference › Raised events): the machine then queues the events it raises
    /// and handles them after the `always` rows of each step.
    public var raisesEvents = false

    /// Whether `state` has an `always` row without conditions or state tests: the machine
    /// moves on from it at once, so it is never current between events and cannot be
    /// restored in it.
    public func movesOnAtOnce(_ state: StateID) -> Bool {
        guard let alwaysEvent else { return false }
        return states[state].transitions.contains { $0.event == alwaysEvent && $0.guardClause.isEmpty }
    }

    /// Whether `state` has an `always` row, its own or a superstate's: a step that ends with
    /// it current goes on while one applies (Language reference › Run to completion).
    public func hasAlwaysRows(_ state: StateID) -> Bool {
        guard let alwaysEvent else { return false }
        return states[state].transitions.contains { $0.event == alwaysEvent }
    }

    /// Whether `state` is a decision (Language reference › Always rows): a concrete state
    /// whose rows, its superstates' included, are all `always` rows, so that it only
    /// chooses where to go, as UML's choice does. `fsmc graph` draws it as one.
    public func isDecision(_ state: StateID) -> Bool {
        guard let alwaysEvent, !states[state].isAbstract else { return false }
        let rows = states[state].transitions
        return !rows.isEmpty && rows.allSatisfy { $0.event == alwaysEvent }
    }
}

/// A name from the source with its Swift spelling and where it first appeared.
public struct Named: Hashable, Sendable {
    /// The name as written in the `.sm` file.
    public var name: String
    /// The Swift identifier, escaped with backticks when it is a keyword.
    public var swiftName: String
    public var location: SourceLocation

    public init(name: String, swiftName: String, location: SourceLocation) {
        self.name = name
        self.swiftName = swiftName
        self.location = location
    }
}

/// When exit and entry actions run (the `EntryExit` header).
public enum EntryExitMode: String, Hashable, Sendable, CaseIterable {
    /// UML, the default: on every transition that names a next state, never for `-`.
    case uml
    /// CC_SMC: on every transition, `-` included (`EntryExit: always`).
    case always
    /// swift-fsm: only when the state changes (`EntryExit: onChange`).
    case onChange
}

/// What entering a superstate with history resumes (`History: Active = shallow|deep`).
public enum HistoryKind: String, Hashable, Sendable, CaseIterable {
    /// The direct substate it was last in, entered by that substate's own initial row or
    /// history.
    case shallow
    /// The exact state it was last in.
    case deep
}

/// The timer of an `after(…)` row: the state whose body holds the row, and how long the
/// machine must stay in that state for it to fire.
public struct TimerEvent: Hashable, Sendable {
    /// Index into `StateMachine.states`.
    public var owner: StateID
    public var duration: TimerDuration

    public init(owner: StateID, duration: TimerDuration) {
        self.owner = owner
        self.duration = duration
    }
}

/// A predicate type and its cases (`Predicate: Enforcement = weak | strong`).
public struct PredicateType: Hashable, Sendable {
    /// The type as written and as a Swift type name (UpperCamelCase).
    public var type: Named
    /// The cases in declaration order, as Swift enum cases (lowerCamelCase).
    public var cases: [Named]
    /// The Swift parameter name of `handle(_:)` for this type (lowerCamelCase).
    public var parameterName: String
}

/// A state after analysis.
public struct State: Hashable, Sendable {
    public var named: Named
    public var isAbstract: Bool
    /// Direct superstates in adoption order; indices into `StateMachine.states`.
    public var superstates: [StateID]
    /// Every superstate, transitively, each once, in entry order: adoption order with each
    /// superstate's own superstates before it.
    public var ancestors: [StateID] = []
    /// The state's own entry and exit actions as declared.
    public var ownEntryActions: [ActionCall]
    public var ownExitActions: [ActionCall]
    /// Entry actions to run on entering: superstates' first (root first), then its own.
    public var entryActions: [ActionCall]
    /// Exit actions to run on leaving: its own first, then its superstates' (leaf first).
    public var exitActions: [ActionCall]
    /// The flattened transitions, in table order: inherited rows first in adoption order,
    /// then the state's own, each in source order. Empty for abstract states.
    public var transitions: [Transition]
    /// The initial row `- Substate actions` of its body: the state entering it enters.
    public var initialSubstate: StateID? = nil
    public var initialActions: [ActionCall] = []
    /// The values its initial row writes for its initial substate, a data state
    /// (`- Downloading(received: 0)`), in the order written; the others are carried by label.
    public var initialValues: [StateValue] = []
    /// Its `History:` header.
    public var history: HistoryKind? = nil
    /// Its `Parallel:` header: its direct substates are orthogonal regions, all active
    /// while it is. Its `transitions` are then the rows of the state and its superstates,
    /// which fire only when no region takes the event; a region inherits none of them.
    public var isParallel = false
    /// Its direct substates, in declaration order: for a parallel state, its regions.
    public var substates: [StateID] = []

    public var name: String { named.name }
}

/// One flattened row of a concrete state: on `event`, if `guard` holds, go to `target`.
public struct Transition: Hashable, Sendable {
    public var event: EventID
    public var guardClause: Guard
    /// True when the row said `-`: an internal transition in the default EntryExit mode.
    public var staysInState: Bool
    /// The row's own actions, in order, each with its arguments.
    public var actions: [ActionCall]
    /// Whether the source's exit actions and the target's entry actions run, per `EntryExitMode`.
    public var runsExitAndEntry: Bool
    /// The state the row names as its next state (`target` before initial rows and history),
    /// nil for `-`.
    public var namedTarget: StateID?
    /// Every way the transition can end: one, unless where it ends depends on stored
    /// history; then the first is the one that finds every history it reads empty.
    public var arrivals: [Arrival]
    /// The states after the first of a fork (`Playing & Muted`), each in another region
    /// of one parallel state; empty for a row that names one state or `-`.
    public var forkTargets: [StateID] = []
    /// The values the row writes, per state it names that holds data
    /// (`Downloading(received: 0)`, `Playing(url: url) & Muted`), in the order written; for
    /// a row `-(received: …)`, the values it rewrites of the state that takes it, the others
    /// kept (Language reference › State data).
    public var givenValues: [GivenValues] = []
    /// The state, possibly a superstate, whose body holds the row.
    public var declaredIn: StateID
    /// Where the row's event is written.
    public var location: SourceLocation
}

extension Transition {
    /// The concrete state the transition ends in: `-` resolved to the state that handles
    /// the event, a superstate to its initial substates; with history, the state it
    /// reaches while every history it reads is empty.
    public var target: StateID { arrivals[0].target }
    /// Everything the transition runs, in order: exit actions, the row's actions, entry
    /// actions and the actions of the initial rows it follows (with history, of `arrivals[0]`).
    public var effects: [ActionCall] { arrivals[0].effects }
    /// How many exit actions `effects` starts with.
    public var exitCount: Int { arrivals[0].exitCount }
    /// Whether where the transition ends depends on stored history.
    public var resumesHistory: Bool { !arrivals[0].history.isEmpty }
}

/// `lock`, `setDuration(duration)`, `retry(3)`, `isEnough(amount)`: an action or condition
/// as a row calls it, with the arguments it passes.
public func callText(_ name: String, arguments: [Argument]) -> String {
    arguments.isEmpty ? name : name + "(" + arguments.map(\.text).joined(separator: ", ") + ")"
}

/// An action as a row, an entry or exit list or an initial row calls it: `lock`,
/// `setDuration(duration)`, `emit(.connected)`; or an event it raises, `^Saved`.
public struct ActionCall: Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// What a call runs.
    public enum Callee: Hashable, Sendable {
        case action(ActionID)
        /// Queues the event for the machine itself (Language reference › Raised events).
        case raise(EventID)
    }

    public var callee: Callee
    /// In the order written; empty for a call without arguments. A raised event's are the
    /// labels of the values it carries, in the order of its `Event:` header.
    public var arguments: [Argument]

    public init(_ action: ActionID, arguments: [Argument] = []) {
        self.callee = .action(action)
        self.arguments = arguments
    }

    /// Raises `event`, carrying the values of `labels`.
    public init(raising event: EventID, carrying labels: [String] = []) {
        self.callee = .raise(event)
        self.arguments = labels.map(Argument.label)
    }

    /// An action called without arguments.
    public init(integerLiteral value: Int) {
        self.init(ActionID(integerLiteral: value))
    }

    /// The action it calls, nil when it raises an event.
    public var action: ActionID? {
        if case .action(let action) = callee { action } else { nil }
    }

    /// The event it raises, nil when it calls an action.
    public var raisedEvent: EventID? {
        if case .raise(let event) = callee { event } else { nil }
    }
}

/// What an action or condition is called with (Language reference › Arguments): a label
/// of a value the row's event carries, or a literal.
public enum Argument: Hashable, Sendable {
    case label(String)
    case literal(Literal)

    /// As written in the `.sm` file, which for a literal is also its Swift text.
    public var text: String {
        switch self {
        case .label(let label): label
        case .literal(let literal): literal.text
        }
    }

    /// The label, nil for a literal.
    public var label: String? {
        if case .label(let label) = self { label } else { nil }
    }
}

/// `3`, `-1.5`, `"connected"`, `true`, `nil`, `.connected`: a Swift literal as an argument.
public struct Literal: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case integer, decimal, string, boolean, `nil`, member
    }

    public var kind: Kind
    /// The literal as written, which is Swift text: a string keeps its quotes and escapes.
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// The type a literal has without a declared parameter type (Swift's defaults), nil
    /// for `nil` and `.name`, which need one.
    public var defaultType: String? {
        switch kind {
        case .integer: "Int"
        case .decimal: "Double"
        case .string: "String"
        case .boolean: "Bool"
        case .nil, .member: nil
        }
    }
}

/// A value a transition gives a data state: `received: 0`, `url: url`,
/// `received: added(received, bytes)` (Language reference › State data).
public struct StateValue: Hashable, Sendable {
    /// Where the value comes from.
    public enum Source: Hashable, Sendable {
        /// A label of the row (its event's value of that name, else the value of the state
        /// that takes the row), or a literal.
        case argument(Argument)
        /// What a computing action returns, called with its arguments.
        case computed(ActionCall)
    }

    /// The label of the state's value it gives.
    public var label: String
    public var source: Source

    public init(label: String, source: Source) {
        self.label = label
        self.source = source
    }

    /// `received: 0`, as written.
    public func text(actionName: (ActionID) -> String) -> String {
        switch source {
        case .argument(let argument): label + ": " + argument.text
        case .computed(let call): label + ": " + callText(actionName(call.action!), arguments: call.arguments)
        }
    }
}

/// The values a row writes for one state it names.
public struct GivenValues: Hashable, Sendable {
    /// Index into `StateMachine.states`: a data state.
    public var state: StateID
    /// In the order written.
    public var values: [StateValue]

    public init(state: StateID, values: [StateValue]) {
        self.state = state
        self.values = values
    }
}

/// One way a transition can end; a transition that reads stored history has several.
public struct Arrival: Hashable, Sendable {
    /// The history values it assumes, in the order they are read: a superstate and the
    /// state its history holds, nil when it holds none yet.
    public var history: [HistoryValue]
    /// The concrete state it ends in.
    public var target: StateID
    /// Exit actions, the row's actions, entry and initial actions.
    public var effects: [ActionCall]
    /// How many exit actions `effects` starts with.
    public var exitCount: Int
    /// The superstates with history it leaves: it stores its source state as their
    /// history before it runs anything.
    public var historyWrites: [StateID]
    /// The states it leaves, leaf first, and those it enters, root first
    /// (Language reference › Entry and exit): whose timers it cancels after the exit
    /// actions and starts after the entry actions.
    public var exited: [StateID]
    public var entered: [StateID]
    /// The states whose initial rows it follows, in state order: a data state one of them
    /// names is given that row's values; one entered otherwise below the state the row
    /// names (resumed by history, or the source a superstate with history resumes) keeps
    /// the values it had (Language reference › State data).
    public var initialRowsFollowed: [StateID] = []
    /// Where each of those initial rows' actions start in `effects`, by the state whose
    /// initial row it is: they read the row's labels, where entry actions read their
    /// state's values.
    public var initialRowStarts: [StateID: Int] = [:]

    public init(
        history: [HistoryValue], target: StateID, effects: [ActionCall], exitCount: Int, historyWrites: [StateID],
        exited: [StateID] = [], entered: [StateID] = []
    ) {
        self.history = history
        self.target = target
        self.effects = effects
        self.exitCount = exitCount
        self.historyWrites = historyWrites
        self.exited = exited
        self.entered = entered
    }
}

/// A superstate's stored history, as an arrival assumes it.
public struct HistoryValue: Hashable, Sendable {
    public var superstate: StateID
    /// The concrete state last current inside it, nil before it was first left.
    public var state: StateID?

    public init(superstate: StateID, state: StateID?) {
        self.superstate = superstate
        self.state = state
    }
}

/// What a row requires: predicate matches (AND-ed, each an OR of cases) and condition
/// terms, each a condition or its negation.
public struct Guard: Hashable, Sendable {
    public var predicates: [PredicateMatch]
    /// In the order written.
    public var conditions: [ConditionTerm]
    /// `in(State)` and `!in(State)` terms, in the order written: conditions the machine
    /// answers itself from its configuration.
    public var stateTests: [StateTest] = []

    public init(predicates: [PredicateMatch] = [], conditions: [ConditionTerm] = [], stateTests: [StateTest] = []) {
        self.predicates = predicates
        self.conditions = conditions
        self.stateTests = stateTests
    }

    /// The number of predicate types, conditions and state tests the row constrains; the
    /// most specific applicable row wins (Language reference › Ranking, Conditions,
    /// Regions).
    public var rank: Int { predicates.count + conditions.count + stateTests.count }
    public var isEmpty: Bool { predicates.isEmpty && conditions.isEmpty && stateTests.isEmpty }

    /// Whether the condition terms hold, `answer` giving each condition call's value.
    public func conditionsHold(_ answer: (ConditionCallID) -> Bool) -> Bool {
        conditions.allSatisfy { answer($0.call) != $0.isNegated }
    }
}

/// `in(State)` or `!in(State)` in a guard: whether `state` is active (a leaf of the
/// configuration or one of its superstates).
public struct StateTest: Hashable, Sendable {
    /// Index into `StateMachine.states`.
    public var state: StateID
    public var isNegated: Bool

    public init(state: StateID, isNegated: Bool) {
        self.state = state
        self.isNegated = isNegated
    }
}

/// `name`, `!name` or `name(label, …)` in a guard.
public struct ConditionTerm: Hashable, Sendable {
    /// Index into `StateMachine.conditionCalls`: the condition with its arguments, what
    /// is asked and what the answer belongs to.
    public var call: ConditionCallID
    public var condition: ConditionID
    public var isNegated: Bool
    /// What it is asked with, in order.
    public var arguments: [Argument]

    public init(call: ConditionCallID, condition: ConditionID, isNegated: Bool, arguments: [Argument] = []) {
        self.call = call
        self.condition = condition
        self.isNegated = isNegated
        self.arguments = arguments
    }
}

/// A condition as a guard asks it: `isOpen`, `isEnough(amount)` or `atLeast(3)`, with
/// the arguments it passes.
public struct ConditionCall: Hashable, Sendable {
    public var condition: ConditionID
    public var arguments: [Argument]

    public init(condition: ConditionID, arguments: [Argument] = []) {
        self.condition = condition
        self.arguments = arguments
    }
}

/// `Type = a | b`: the predicate type at `type` has one of `cases` (in the order written).
public struct PredicateMatch: Hashable, Sendable {
    public var type: PredicateTypeID
    /// Indices into that type's `cases`, in the order written.
    public var cases: [Int]
}

/// A value an event carries (`duration: Double`), or one an action or condition takes.
public struct EventParameter: Hashable, Sendable {
    /// The label as written.
    public var label: String
    /// The Swift type, as written with normalised spacing.
    public var type: String
    /// For an action's or condition's parameter, the label a call writes before the value,
    /// as its `Action:` header declares it; nil for none (`_`), always nil for an event.
    public var argumentLabel: String?

    public init(label: String, type: String, argumentLabel: String? = nil) {
        self.label = label
        self.type = type
        self.argumentLabel = argumentLabel
    }
}

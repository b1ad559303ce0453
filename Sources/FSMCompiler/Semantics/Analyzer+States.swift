/// Every state name's definitions merged, and every row as declared, one per event, with
/// the events and guards of enclosing blocks folded in and its guard resolved against the
/// predicate types: the second phase of analysis.
struct Declarations {
    var states: IDArray<StateID, StateRecord> = []
    var stateIndex: [String: StateID] = [:]
    var rows: [RowRecord] = []
    var events = NameTable<EventID>()
    var actions = NameTable<ActionID>()
    var conditions = NameTable<ConditionID>()
    /// By index into `events`: the timer of an `after(…)` event, one per state and duration.
    var timers: [EventID: TimerEvent] = [:]
    /// The predicate types some guard uses.
    var usedPredicateTypes: Set<PredicateTypeID> = []
    /// Each distinct condition with its argument labels, in order of first appearance.
    var conditionCalls: IDArray<ConditionCallID, ConditionCall> = []
    var conditionCallIndex: [ConditionCall: ConditionCallID] = [:]
    /// Every use of each action (`name`) and condition (`?name`) with what its arguments
    /// give, in order of first use; `Analysis.signatures` reads them.
    var callUses: [String: [CallUse]] = [:]
    var callKeys: [String] = []
    /// Every state an `in(State)` term tests, in order of first appearance.
    var testedStates: [StateID] = []
    /// Every `^Event` as written, in source order, for the checks of raised events.
    var raises: [RaiseUse] = []
    /// The calls of initial rows that pass labels: an initial row reads the labels of the row
    /// that enters its superstate, so their uses are recorded once those rows are known
    /// (`Analysis.initialRowUses`).
    var initialRowCalls: [InitialRowCall] = []
    /// The labels of each event's values, from its `Event:` header: what a raised event carries.
    private var eventLabels: [String: [String]] = [:]
    /// Each state name's index as `states` will give it, known before the states are
    /// declared, so that an `in(State)` term may name a state declared further down.
    private var stateIndexAhead: [String: StateID] = [:]
    /// Which state values the labels of a row can name.
    let scopes: DataScopes

    init(declaring syntax: StateMachineSyntax, headers: Headers, log: inout DiagnosticLog) {
        scopes = DataScopes(syntax: syntax, headers: headers)
        for spec in syntax.states where stateIndexAhead[spec.name.text] == nil {
            stateIndexAhead[spec.name.text] = StateID(stateIndexAhead.count)
        }
        for declaration in headers.eventDeclarations {
            eventLabels[declaration.name.text] = declaration.parameters.map(\.label.text)
        }
        for spec in syntax.states {
            let modifierActions = ((spec.entry?.actions ?? []) + (spec.exit?.actions ?? [])).filter { !$0.isRaise }
            for action in modifierActions.map(\.name).sorted(by: { $0.location < $1.location }) {
                _ = actions.index(of: action)
            }
            let index = declare(spec, headers: headers, log: &log)
            collectRows(
                spec.items, owner: index, events: [], guardClause: ResolvedGuard(), isOverride: false,
                headers: headers, log: &log)
        }
        for declaration in headers.eventDeclarations
        where !events.names.contains(where: { $0.text == declaration.name.text }) {
            log.warning(
                .unusedEvent, "event '\(declaration.name)' is declared but no row uses it",
                at: declaration.name.location)
        }
    }

    /// The index of the event `name` in a row of `owner`: an `after(…)` event is the timer
    /// of that state and duration (`after(30s)` in a state and in its superstate are two
    /// timers, and `after(30000ms)` is `after(30s)`); any other, the event of that name.
    private mutating func eventIndex(of name: NameSyntax, owner: StateID) -> EventID {
        guard let duration = TimerDuration.ofEventName(name.text) else { return events.index(of: name) }
        let index = events.index(of: name, key: "after(\(duration.milliseconds)ms) in \(states[owner].name.text)")
        if timers[index] == nil { timers[index] = TimerEvent(owner: owner, duration: duration) }
        return index
    }

    /// The index of `call` in `conditionCalls`, added on first sight.
    mutating func index(of call: ConditionCall) -> ConditionCallID {
        if let index = conditionCallIndex[call] { return index }
        let index = conditionCalls.add(call)
        conditionCallIndex[call] = index
        return index
    }

    /// An action as the model calls it, added to `actions` on first sight; a raised event,
    /// added to `events` on first sight, carrying every value its `Event:` header declares
    /// (whether the row has them is `checkRaises`'s to say), and recorded in `raises`.
    mutating func call(of action: ActionSyntax, in context: RaiseUse.Context) -> ActionCall {
        guard action.isRaise else {
            return ActionCall(actions.index(of: action.name), arguments: (action.arguments ?? []).map(\.argument))
        }
        let event = events.index(of: action.name)
        raises.append(RaiseUse(event: event, syntax: action, context: context))
        return ActionCall(raising: event, carrying: eventLabels[action.name.text] ?? [])
    }

    /// The state an `in(State)` term names, reported when no state has that name.
    mutating func testedState(_ name: NameSyntax, log: inout DiagnosticLog) -> StateID? {
        guard let state = stateIndexAhead[name.text] else {
            let hint = Suggestions.suggestion(for: name.text, among: syntaxOrderedStateNames)
            log.error(.undefinedState, "state '\(name)' in 'in(\(name))' is not defined\(hint)", at: name.location)
            return nil
        }
        if !testedStates.contains(state) { testedStates.append(state) }
        return state
    }

    /// The state names in the order of their indices.
    private var syntaxOrderedStateNames: [String] {
        stateIndexAhead.sorted { $0.value < $1.value }.map(\.key)
    }

    /// `isOpen`, `!isOpen` or `isEnough(amount)`, as a guard writes the term.
    func describe(_ term: ConditionTerm) -> String {
        (term.isNegated ? "!" : "") + describe(ConditionCall(condition: term.condition, arguments: term.arguments))
    }

    /// `isOpen` or `isEnough(amount)`.
    func describe(_ call: ConditionCall) -> String {
        callText(conditions.names[call.condition].text, arguments: call.arguments)
    }

    /// The record for `spec`'s name, created on first sight; later definitions add
    /// superstates and must repeat the entry and exit lists exactly, if they give them.
    private mutating func declare(_ spec: StateSyntax, headers: Headers, log: inout DiagnosticLog) -> StateID {
        let index: StateID
        if let existing = stateIndex[spec.name.text] {
            index = existing
        } else {
            index = states.add(StateRecord(name: spec.name, isAbstract: spec.isAbstract))
            stateIndex[spec.name.text] = index
        }
        markAbstractOrConcrete(index, spec, log: &log)
        for superstate in spec.superstates
        where !states[index].superstateNames.contains(where: { $0.text == superstate.text }) {
            states[index].superstateNames.append(superstate)
        }
        mergeActions(spec.entry, into: \.entry, of: index, kind: "entry", log: &log)
        mergeActions(spec.exit, into: \.exit, of: index, kind: "exit", log: &log)
        recordStateUses(spec.entry, kind: "entry", state: spec.name, headers: headers, log: &log)
        recordStateUses(spec.exit, kind: "exit", state: spec.name, headers: headers, log: &log)
        return index
    }

    /// Entry and exit actions run on every way in or out, where no event's values exist:
    /// they take literals and the values of their own state, the entered state's or the
    /// exited state's (Language reference › Literal arguments, State data).
    private mutating func recordStateUses(
        _ list: ActionListSyntax?, kind: String, state: NameSyntax, headers: Headers, log: inout DiagnosticLog
    ) {
        let declaration = headers.stateDeclaration(state.text)
        actions: for action in list?.actions ?? [] where !action.isRaise {
            var arguments: [CallUse.Argument] = []
            for argument in action.arguments ?? [] {
                switch argument {
                case .literal(let literal, let location):
                    arguments.append(.literal(literal, at: location))
                case .label(let label):
                    guard let parameter = declaration?.parameter(label.text) else {
                        let own =
                            declaration.map {
                                "; the values of '\(state)' are "
                                    + $0.parameters.map(\.label.text).joined(separator: ", ")
                            } ?? (scopes.hasData ? "; '\(state)' holds no values" : "")
                        log.error(
                            .entryExitArguments,
                            "'\(action.name)' is an \(kind) action, which cannot take '\(label)': no event's values are there when it runs\(own); pass a literal, or move the action into the rows",
                            at: label.location)
                        continue actions
                    }
                    arguments.append(.value(label, type: parameter.type))
                }
            }
            recordUse(CallUse(name: action.name, isCondition: false, arguments: arguments))
        }
    }

    /// A call in an initial row: with literals only, a use like any other; with labels, which
    /// name values of the row that enters the superstate, one the analysis resolves against
    /// each such row (`Analysis.initialRowUses`).
    mutating func recordInitialRowUse(
        _ name: NameSyntax, arguments: [ArgumentSyntax], result: String? = nil, isComputing: Bool = false,
        owner: StateID, log: inout DiagnosticLog
    ) {
        let literals = arguments.compactMap { argument in
            argument.literal.map { CallUse.Argument.literal($0, at: argument.location) }
        }
        guard literals.count < arguments.count else {
            recordUse(
                CallUse(name: name, isCondition: false, arguments: literals, result: result, isComputing: isComputing))
            return
        }
        for case .label(let label) in arguments where Self.isMalformed(label, log: &log) { return }
        initialRowCalls.append(
            InitialRowCall(owner: owner, name: name, arguments: arguments, result: result, isComputing: isComputing))
    }

    /// Adds a use of an action or condition for the signature check.
    mutating func recordUse(_ use: CallUse) {
        let key = use.key
        if callUses[key] == nil { callKeys.append(key) }
        callUses[key, default: []].append(use)
    }

    private mutating func markAbstractOrConcrete(_ index: StateID, _ spec: StateSyntax, log: inout DiagnosticLog) {
        let wasMixed = states[index].abstractAt != nil && states[index].concreteAt != nil
        if spec.isAbstract {
            states[index].abstractAt = states[index].abstractAt ?? spec.name.location
            states[index].isAbstract = true
        } else {
            states[index].concreteAt = states[index].concreteAt ?? spec.name.location
        }
        guard !wasMixed, let abstractAt = states[index].abstractAt, let concreteAt = states[index].concreteAt else {
            return
        }
        let name = spec.name.text
        let (later, earlier) = abstractAt < concreteAt ? (concreteAt, abstractAt) : (abstractAt, concreteAt)
        log.warning(
            .abstractAndConcrete,
            "state '\(name)' is written both as '(\(name))' and as '\(name)'; it is abstract",
            at: later, notes: [.init("also written here", at: earlier)])
    }

    /// Each label argument is a value that every event of the row carries, or else a value
    /// of the states that take the row, with one type; each use is recorded for the signature
    /// check, which compares the uses of one action or condition (Language reference › Events
    /// with values, Literal arguments, State data).
    private mutating func checkArguments(
        _ calls: [CallSyntax], events: [NameSyntax], owner: StateID, headers: Headers,
        log: inout DiagnosticLog
    ) {
        for call in calls {
            guard let arguments = resolve(call.arguments, events: events, owner: owner, headers: headers, log: &log)
            else { continue }
            recordUse(CallUse(name: call.name, isCondition: call.isCondition, arguments: arguments))
        }
    }

    /// `arguments` of a call in a row of `owner` for `events`, each label with the type of
    /// the value it names; nil after reporting the first that names none.
    mutating func resolve(
        _ arguments: [ArgumentSyntax], events: [NameSyntax], owner: StateID, headers: Headers,
        log: inout DiagnosticLog
    ) -> [CallUse.Argument]? {
        var resolved: [CallUse.Argument] = []
        for argument in arguments {
            switch argument {
            case .literal(let literal, let location):
                resolved.append(.literal(literal, at: location))
            case .label(let label):
                guard let type = labelType(label, events: events, owner: owner, headers: headers, log: &log) else {
                    return nil
                }
                resolved.append(.value(label, type: type))
            }
        }
        return resolved
    }

    /// The type of the value `label` names in a row of `owner` for `events`: per event, the
    /// event's value if it carries one of that name, else the value of the states that take
    /// the row (an event value shadows a state value). Nil after reporting why it names none.
    mutating func labelType(
        _ label: NameSyntax, events: [NameSyntax], owner: StateID, headers: Headers, log: inout DiagnosticLog
    ) -> String? {
        if Self.isMalformed(label, log: &log) { return nil }
        var type: String?
        var typeSource: (event: NameSyntax, location: SourceLocation)?
        for event in events {
            let declaration = headers.eventDeclarationIndex[event.text].map { headers.eventDeclarations[$0] }
            let found: (type: String, location: SourceLocation)
            if let parameter = declaration?.parameter(label.text) {
                found = (parameter.type, parameter.label.location)
            } else if scopes.hasData,
                case .value(let stateType) = scopes.lookup(label.text, inRowsOf: states[owner].name.text)
            {
                found = (stateType, label.location)
            } else {
                reportUnknown(label, event: event, declaration: declaration, owner: owner, headers: headers, log: &log)
                return nil
            }
            if let type, type != found.type {
                log.error(
                    .argumentMismatch,
                    "'\(label)' is '\(type)' in event '\(typeSource!.event)' but '\(found.type)' in event '\(event)'; the events of one row must give it one type",
                    at: label.location,
                    notes: [.init("'\(label)' of '\(event)' is declared here", at: found.location)])
                return nil
            }
            type = found.type
            typeSource = typeSource ?? (event, found.location)
        }
        return type
    }

    /// Whether `label` starts with a digit, which makes it neither a number nor a label;
    /// reported.
    static func isMalformed(_ label: NameSyntax, log: inout DiagnosticLog) -> Bool {
        guard label.text.first?.isNumber == true else { return false }
        log.error(
            .invalidSwiftName,
            "'\(label)' is neither a number (digits, as in '30' or '1.5') nor a label (a label cannot start with a digit)",
            at: label.location)
        return true
    }

    /// `label` is neither a value of `event` nor of the states that take the row.
    private func reportUnknown(
        _ label: NameSyntax, event: NameSyntax, declaration: EventDeclaration?, owner: StateID, headers: Headers,
        log: inout DiagnosticLog
    ) {
        let eventNotes: [Diagnostic.Note] =
            declaration.map {
                [.init("event '\(event)' is declared here", at: $0.name.location)]
            } ?? []
        guard scopes.hasData else {
            let carried =
                declaration.map { "its values are " + $0.parameters.map(\.label.text).joined(separator: ", ") }
                ?? "it carries no values; declare them with 'Event: \(event)(\(label): Type)'"
            log.error(
                .unknownLabel, "'\(label)' is not a value of event '\(event)'; \(carried)", at: label.location,
                notes: eventNotes)
            return
        }
        let ownerName = states[owner].name.text
        switch scopes.lookup(label.text, inRowsOf: ownerName) {
        case .value:
            return
        case .parallel:
            log.error(
                .unknownLabel,
                "'\(label)' is not a value of event '\(event)', and the rows of '\(ownerName)' read no state values: it is a parallel state or holds one",
                at: label.location, notes: eventNotes)
        case .missing(let state):
            let stateNote: [Diagnostic.Note] =
                headers.stateDeclaration(state).map {
                    [.init("state '\(state)' is declared here", at: $0.name.location)]
                } ?? []
            let taken = state == ownerName ? "" : " (which takes this row of '\(ownerName)')"
            log.error(
                .unknownLabel,
                "'\(label)' is neither a value of event '\(event)' nor of state '\(state)'\(taken); declare it with 'Event: \(event)(\(label): Type)' or 'State: \(state)(\(label): Type)'",
                at: label.location, notes: eventNotes + stateNote)
        case .typesDiffer(let first, let other):
            log.error(
                .argumentMismatch,
                "'\(label)' is '\(first.parameter.type)' in state '\(first.state)' but '\(other.parameter.type)' in state '\(other.state)', which both take this row of '\(ownerName)'",
                at: label.location,
                notes: [
                    .init("'\(label)' of '\(first.state)' is declared here", at: first.parameter.label.location),
                    .init("'\(label)' of '\(other.state)' is declared here", at: other.parameter.label.location),
                ])
        }
    }

    /// A later definition may repeat a state's entry or exit list, but not change it.
    private mutating func mergeActions(
        _ list: ActionListSyntax?, into field: WritableKeyPath<StateRecord, DeclaredActions?>,
        of index: StateID, kind: String, log: inout DiagnosticLog
    ) {
        guard let list else { return }
        guard let first = states[index][keyPath: field] else {
            states[index][keyPath: field] = DeclaredActions(
                syntax: list,
                actions: list.actions.map { call(of: $0, in: .entryExit("an \(kind) action", state: index)) })
            return
        }
        guard list.actions.map(\.text) != first.syntax.actions.map(\.text) else { return }
        log.error(
            .inconsistentEntryExit,
            "state '\(states[index].name)' is given different \(kind) actions; give them once, or repeat them exactly",
            at: list.location, notes: [.init("\(kind) actions first given here", at: first.syntax.location)])
    }

    /// Walks a block's items with the context of the blocks around them. Each guard is
    /// resolved once, where it is written, however many rows and events share it.
    private mutating func collectRows(
        _ items: [BodyItemSyntax], owner: StateID, events blockEvents: [NameSyntax],
        guardClause: ResolvedGuard, isOverride: Bool,
        headers: Headers, log: inout DiagnosticLog
    ) {
        for item in items {
            switch item {
            case .row(let row):
                var rowGuard = guardClause
                if let syntax = row.guardClause {
                    checkNotEmpty(syntax, log: &log)
                    rowGuard.add(syntax.terms, in: &self, headers: headers, log: &log)
                }
                let rowEvents = row.events.isEmpty ? blockEvents : row.events
                // The row's events before its raised events, which are numbered on first sight too.
                let eventIndices = rowEvents.map { eventIndex(of: $0, owner: owner) }
                let rowActions = row.actions.map { call(of: $0, in: .row(events: rowEvents, owner: owner)) }
                let rowValues = writtenValues(of: row, events: rowEvents, owner: owner, headers: headers, log: &log)
                checkArguments(
                    rowGuard.calls
                        + row.actions.filter { !$0.isRaise }.map {
                            CallSyntax(name: $0.name, arguments: $0.arguments ?? [], isCondition: false)
                        },
                    events: rowEvents, owner: owner, headers: headers, log: &log)
                for (event, eventIndex) in zip(rowEvents, eventIndices) {
                    if event.text == AlwaysRows.keyword {
                        AlwaysRows.check(row, event: event, guardClause: rowGuard.clause, headers: headers, log: &log)
                    }
                    if timers[eventIndex] != nil, let match = rowGuard.clause.predicates.first {
                        let type = headers.predicateTypes[match.type].name.text
                        log.error(
                            .timerPredicate,
                            "'\(event.text)' fires without predicate values, so no row of it can match '\(type)'; ask a condition instead",
                            at: row.guardClause?.location ?? event.location)
                    }
                    states[owner].rows.append(rows.count)
                    rows.append(
                        RowRecord(
                            owner: owner, event: event, eventIndex: eventIndex,
                            guardClause: rowGuard.clause, key: RowKey(event: eventIndex, guardClause: rowGuard.clause),
                            hasValidGuard: rowGuard.isValid, nextState: row.nextState, forkTargets: row.forkTargets,
                            actions: rowActions, writtenValues: rowValues,
                            isOverride: isOverride, location: row.events.isEmpty ? row.location : event.location))
                }
            case .eventBlock(let events, let blockItems, let location, _):
                if blockItems.isEmpty {
                    let names = events.map(\.text).joined(separator: " | ")
                    log.error(
                        .emptyBlock, "event block for '\(names)' is empty; give it rows or remove it", at: location)
                }
                collectRows(
                    blockItems, owner: owner, events: events, guardClause: guardClause,
                    isOverride: isOverride, headers: headers, log: &log)
            case .guardBlock(let syntax, let blockItems, _):
                checkNotEmpty(syntax, log: &log)
                if blockItems.isEmpty {
                    log.error(.emptyBlock, "guard block is empty; give it rows or remove it", at: syntax.location)
                }
                var blockGuard = guardClause
                blockGuard.add(syntax.terms, in: &self, headers: headers, log: &log)
                collectRows(
                    blockItems, owner: owner, events: blockEvents, guardClause: blockGuard,
                    isOverride: isOverride, headers: headers, log: &log)
            case .overrideBlock(let blockItems, let location, _):
                if blockItems.isEmpty {
                    log.error(.emptyBlock, "override block is empty; give it rows or remove it", at: location)
                }
                collectRows(
                    blockItems, owner: owner, events: blockEvents, guardClause: guardClause,
                    isOverride: true, headers: headers, log: &log)
            case .placeholder:
                break
            case .initial(let row):
                for action in row.actions where !action.isRaise {
                    recordInitialRowUse(action.name, arguments: action.arguments ?? [], owner: owner, log: &log)
                }
                if let target = row.nextState {
                    states[owner].initialRows.append(
                        InitialRecord(
                            target: target,
                            actions: row.actions.map { call(of: $0, in: .initialRow(of: owner)) },
                            values: initialValues(of: row, owner: owner, headers: headers, log: &log),
                            location: row.location))
                }
            }
        }
    }

    private func checkNotEmpty(_ guardClause: GuardSyntax, log: inout DiagnosticLog) {
        if guardClause.terms.isEmpty {
            log.error(
                .emptyGuard, "empty guard '[]'; add predicate matches or conditions, or remove it",
                at: guardClause.location)
        }
    }
}

/// Everything the definitions of one state name say, merged.
struct StateRecord {
    var name: NameSyntax
    var isAbstract: Bool
    /// Where it was first written as `(X)` and as `X`.
    var abstractAt: SourceLocation?
    var concreteAt: SourceLocation?
    /// Each superstate once, in the order first written.
    var superstateNames: [NameSyntax] = []
    /// The entry and exit actions of the first definition that gives them.
    var entry: DeclaredActions?
    var exit: DeclaredActions?
    /// Own rows, in source order; indices into `Declarations.rows`.
    var rows: [Int] = []
    /// Initial rows `- Substate actions`, in source order (more than one is an error).
    var initialRows: [InitialRecord] = []
}

/// `- Substate actions` as declared.
struct InitialRecord {
    var target: NameSyntax
    var actions: [ActionCall]
    /// The values it writes for its target, a data state.
    var values: WrittenValues?
    /// Where its `-` is.
    var location: SourceLocation
}

/// A call in an initial row that passes labels (`- Low(level: clamped(level)) note(level)`),
/// whose types are those of the values the rows entering `owner` carry.
struct InitialRowCall {
    var owner: StateID
    var name: NameSyntax
    var arguments: [ArgumentSyntax]
    /// For a computing action, the type of the value it gives, where known.
    var result: String?
    var isComputing: Bool
}

/// `^Saved` where it is written: which event it raises, and where it runs, which says what
/// values it can carry.
struct RaiseUse {
    enum Context {
        /// In a row's actions: the row's events (more than one in an event block) give
        /// their values, else the state that takes the row (`owner`, or each state below it).
        case row(events: [NameSyntax], owner: StateID)
        /// In an entry or exit list (`an entry action`): the state's own values.
        case entryExit(String, state: StateID)
        /// In the initial row of a state: the values of each row that enters it.
        case initialRow(of: StateID)
    }

    var event: EventID
    var syntax: ActionSyntax
    var context: Context
}

/// An entry or exit list as written, and its actions as calls.
struct DeclaredActions {
    var syntax: ActionListSyntax
    var actions: [ActionCall]
}

/// One row for one event, as declared in one state, with its context folded in.
struct RowRecord {
    var owner: StateID
    var event: NameSyntax
    var eventIndex: EventID
    /// The guard of enclosing guard blocks (outer first) and the row's own, resolved.
    var guardClause: Guard
    /// What an override must match.
    var key: RowKey
    /// False when the guard had an error: the row then takes no part in later checks,
    /// which would only report consequences of that error.
    var hasValidGuard: Bool
    var nextState: NameSyntax?
    /// The states after `&` in a fork.
    var forkTargets: [NameSyntax]
    /// The row's actions with their arguments, in order.
    var actions: [ActionCall]
    /// The values it writes for the states it names, or rewrites after `-`.
    var writtenValues: [WrittenValues] = []
    var isOverride: Bool
    /// The row's first token.
    var location: SourceLocation
}

/// A guard resolved term by term, as the blocks around a row add theirs.
struct ResolvedGuard {
    private(set) var clause = Guard()
    /// False once a term had an error.
    private(set) var isValid = true
    private var matchedAt: [PredicateTypeID: SourceLocation] = [:]
    /// By condition call.
    private var conditionAt: [ConditionCallID: (location: SourceLocation, isNegated: Bool)] = [:]
    /// By tested state.
    private var stateTestAt: [StateID: (location: SourceLocation, isNegated: Bool)] = [:]
    /// The conditions as written, with their argument labels, to check against each row's events.
    private(set) var calls: [CallSyntax] = []

    /// Adds `terms`: predicate types and cases resolved, one match per type, conditions
    /// registered in order of first appearance.
    mutating func add(
        _ terms: [GuardTermSyntax], in declarations: inout Declarations, headers: Headers,
        log: inout DiagnosticLog
    ) {
        let errorsBefore = log.errorCount
        defer { if log.errorCount != errorsBefore { isValid = false } }
        for term in terms {
            switch term {
            case .predicate(let typeName, let caseNames):
                guard let type = resolvePredicateType(typeName, in: &declarations, headers: headers, log: &log) else {
                    continue
                }
                let cases = resolveCases(caseNames, of: headers.predicateTypes[type], log: &log)
                if let first = matchedAt[type] {
                    log.error(
                        .repeatedPredicateType,
                        "predicate type '\(typeName)' is matched twice for one row; list its cases once, as in '\(typeName) = a | b'",
                        at: typeName.location, notes: [.init("first matched here", at: first)])
                    continue
                }
                matchedAt[type] = typeName.location
                if !cases.isEmpty { clause.predicates.append(PredicateMatch(type: type, cases: cases)) }
            case .condition(let name, let isNegated, let arguments):
                let condition = declarations.conditions.index(of: name)
                let values = (arguments ?? []).map(\.argument)
                let call = declarations.index(of: ConditionCall(condition: condition, arguments: values))
                let term = ConditionTerm(call: call, condition: condition, isNegated: isNegated, arguments: values)
                if let first = conditionAt[call] {
                    let asked = declarations.describe(declarations.conditionCalls[call])
                    if first.isNegated == isNegated {
                        log.warning(
                            .repeatedCondition, "condition '\(asked)' is repeated in one guard",
                            at: name.location, notes: [.init("first given here", at: first.location)])
                    } else {
                        log.error(
                            .contradictoryCondition,
                            "the guard asks for both '\(asked)' and '!\(asked)', so the row can never apply",
                            at: name.location, notes: [.init("the other is here", at: first.location)])
                    }
                    continue
                }
                conditionAt[call] = (name.location, isNegated)
                clause.conditions.append(term)
                calls.append(CallSyntax(name: name, arguments: arguments ?? [], isCondition: true))
            case .stateTest(let name, let isNegated, let location):
                guard let state = declarations.testedState(name, log: &log) else { continue }
                if let first = stateTestAt[state] {
                    if first.isNegated == isNegated {
                        log.warning(
                            .repeatedCondition, "state test 'in(\(name))' is repeated in one guard",
                            at: location, notes: [.init("first given here", at: first.location)])
                    } else {
                        log.error(
                            .contradictoryCondition,
                            "the guard asks for both 'in(\(name))' and '!in(\(name))', so the row can never apply",
                            at: location, notes: [.init("the other is here", at: first.location)])
                    }
                    continue
                }
                stateTestAt[state] = (location, isNegated)
                clause.stateTests.append(StateTest(state: state, isNegated: isNegated))
            }
        }
    }

    private func resolvePredicateType(
        _ name: NameSyntax, in declarations: inout Declarations, headers: Headers,
        log: inout DiagnosticLog
    ) -> PredicateTypeID? {
        if let type = headers.predicateIndex[name.text] {
            declarations.usedPredicateTypes.insert(type)
            return type
        }
        let hint = Suggestions.suggestion(for: name.text, among: headers.predicateTypes.map(\.name.text))
        log.error(
            .undefinedPredicateType,
            "predicate type '\(name)' is not declared\(hint.isEmpty ? "; declare it with 'Predicate: \(name) = a | b'" : hint)",
            at: name.location)
        return nil
    }

    private func resolveCases(_ names: [NameSyntax], of declared: PredicateTypeRecord, log: inout DiagnosticLog)
        -> [Int]
    {
        var cases: [Int] = []
        var firstAt: [Int: SourceLocation] = [:]
        for name in names {
            guard let index = declared.cases.firstIndex(where: { $0.text == name.text }) else {
                let hint = Suggestions.suggestion(for: name.text, among: declared.cases.map(\.text))
                log.error(
                    .undefinedPredicateCase, "predicate type '\(declared.name)' has no case '\(name)'\(hint)",
                    at: name.location, notes: [.init("'\(declared.name)' is declared here", at: declared.name.location)]
                )
                continue
            }
            if let first = firstAt[index] {
                log.error(
                    .repeatedPredicateCase, "case '\(name)' is repeated in the match for '\(declared.name)'",
                    at: name.location, notes: [.init("first given here", at: first)])
                continue
            }
            firstAt[index] = name.location
            cases.append(index)
        }
        return cases
    }
}

/// An action or condition as written in a row, with what it passes.
struct CallSyntax {
    var name: NameSyntax
    var arguments: [ArgumentSyntax]
    var isCondition: Bool
}

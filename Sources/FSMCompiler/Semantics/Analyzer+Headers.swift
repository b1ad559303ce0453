/// What the headers say: the first phase of analysis.
package struct Headers {
    var fsmName: NameSyntax?
    var initialState: NameSyntax?
    var actionsName: NameSyntax?
    var entryExit: EntryExitMode = .uml
    /// In declaration order, each with distinct cases.
    var predicateTypes: IDArray<PredicateTypeID, PredicateTypeRecord> = []
    var predicateIndex: [String: PredicateTypeID] = [:]
    /// `Event: Name(label: Type, …)` headers, in declaration order, and by event name.
    var eventDeclarations: [EventDeclaration] = []
    var eventDeclarationIndex: [String: Int] = [:]
    /// `Import: Foundation`: modules the generated file imports beside FSMRuntime, for
    /// the types of event values.
    var imports: [NameSyntax] = []
    /// `History: Active = shallow|deep` headers, in declaration order, each state once.
    var histories: [(state: NameSyntax, kind: HistoryKind)] = []
    /// `Parallel: Media` headers, in declaration order, each state once: states whose direct
    /// substates are orthogonal regions.
    var parallelStates: [NameSyntax] = []
    /// `Isolation: MainActor`: the global actor of the actions protocol and the machine.
    var isolation: NameSyntax?
    /// `Async: load isReady`: the actions and conditions that are `async`, each once.
    var asyncNames: [NameSyntax] = []
    /// `Observable: true`: the machine's state is observable through Observation.
    var isObservable = false
    /// `Action: emit(_ status: Status)` headers, in declaration order, by name.
    var actionDeclarations: [String: ActionDeclaration] = [:]
    var actionDeclarationOrder: [String] = []
    /// `State: Downloading(url: URL, received: Int)` headers, in declaration order, and by
    /// state name: the values a data state holds (Language reference › State data).
    var stateDeclarations: [StateDeclaration] = []
    var stateDeclarationIndex: [String: Int] = [:]
    /// `StateData: Hashable Sendable`: what the values of data states conform to, each once,
    /// and the header's name, where the generated conformances point back to.
    var stateDataConformances: [NameSyntax] = []
    var stateDataHeader: NameSyntax?

    /// Every header, as the documentation spells it.
    package static let names = [
        "FSM", "Initial", "Actions", "EntryExit", "Isolation", "Async", "Observable", "Predicate", "Event",
        "Action", "State", "StateData", "Import", "History", "Parallel",
    ]

    /// Header names are case-insensitive; each may appear once, but `Predicate` once per
    /// type, `Event` once per event, `Action` once per action or condition, `Import` once
    /// per module, and `History` and `Parallel` once per state.
    init(reading syntax: StateMachineSyntax, log: inout DiagnosticLog) {
        var firstByName: [String: HeaderSyntax] = [:]
        var misspelt: Set<String> = []
        for header in syntax.headers {
            let key = header.name.text.lowercased()
            guard Self.names.contains(where: { $0.lowercased() == key }) else {
                let hint = Suggestions.suggestion(for: header.name.text, among: Self.names)
                if let meant = Suggestions.closest(to: header.name.text, among: Self.names) {
                    misspelt.insert(meant.lowercased())
                }
                log.error(
                    .unknownHeader,
                    "unknown header '\(header.name)'"
                        + (hint.isEmpty
                            ? "; expected \(Self.names.dropLast().joined(separator: ", ")) or \(Self.names.last!)"
                            : hint),
                    at: header.name.location)
                continue
            }
            if key != "async", key != "statedata", let extra = header.moreValues.first {
                log.error(
                    .invalidHeader, "header '\(header.name)' takes one name; found '\(extra)' after '\(header.value)'",
                    at: extra.location)
            }
            if key != "action", let returnType = header.returnType {
                log.error(
                    .invalidHeader,
                    "'-> \(returnType)' declares what a computing action returns; only an 'Action:' header has one",
                    at: header.value.location)
            }
            switch key {
            // Headers that may appear more than once, each time for another type, event,
            // module or state.
            case "predicate": declarePredicateType(header, log: &log)
            case "event": declareEvent(header, log: &log)
            case "state": declareState(header, log: &log)
            case "action": declareAction(header, log: &log)
            case "import": declareImport(header, log: &log)
            case "history": declareHistory(header, log: &log)
            case "parallel": declareParallel(header, log: &log)
            default: readSingleHeader(header, key: key, firstByName: &firstByName, log: &log)
            }
        }
        // A misspelt required header was reported with its did-you-mean: its absence is no
        // second error.
        for (key, example) in [("fsm", "FSM: Turnstile"), ("initial", "Initial: Locked")]
        where firstByName[key] == nil && !misspelt.contains(key) {
            log.error(
                .missingHeader, "missing header '\(example.split(separator: ":")[0])'; add one such as '\(example)'",
                at: syntax.bodyLocation)
        }
    }

    /// `FSM`, `Initial`, `Actions`, `EntryExit`, `Isolation`, `Async` or `Observable`: once.
    private mutating func readSingleHeader(
        _ header: HeaderSyntax, key: String, firstByName: inout [String: HeaderSyntax],
        log: inout DiagnosticLog
    ) {
        if let parameters = header.parameters {
            log.error(
                .invalidHeader, "header '\(header.name)' takes one name, not values in parentheses",
                at: parameters.first?.label.location ?? header.value.location)
        }
        if let first = firstByName[key] {
            log.error(
                .duplicateHeader, "header '\(header.name)' is given twice", at: header.name.location,
                notes: [.init("first given here", at: first.name.location)])
            return
        }
        firstByName[key] = header
        if let cases = header.cases, let first = cases.first {
            log.error(
                .invalidHeader, "header '\(header.name)' takes one name, not '= \(first) …'",
                at: first.location)
        }
        switch key {
        case "fsm": fsmName = header.value
        case "initial": initialState = header.value
        case "actions": actionsName = header.value
        case "isolation": readIsolation(header, log: &log)
        case "async": readAsync(header, log: &log)
        case "observable": readObservable(header, log: &log)
        case "statedata": readStateData(header, log: &log)
        default: readEntryExit(header, log: &log)
        }
    }

    /// `Isolation: MainActor`, or any global actor: a type name the generated code writes
    /// as an attribute (`@MainActor`).
    private mutating func readIsolation(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        let actor = header.value
        if actor.text.lowercased() == "nonisolated" {
            log.error(.invalidHeader, "a machine is not isolated without this header; remove it", at: actor.location)
        } else if !Self.canBeTypeName(actor.text) {
            log.error(
                .invalidHeader, "'\(actor)' is not the name of a global actor, such as 'MainActor'", at: actor.location)
        } else {
            isolation = actor
        }
    }

    /// Whether a header's name can name a Swift type or module: not a keyword, and not
    /// starting with a digit.
    private static func canBeTypeName(_ text: String) -> Bool {
        text.first?.isNumber != true && !SwiftNames.keywords.contains(text)
    }

    /// `Async: load save isReady`: each name once; that each is an action or a condition is
    /// checked once the rows are read.
    private mutating func readAsync(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        for name in [header.value] + header.moreValues {
            if let first = asyncNames.first(where: { $0.text == name.text }) {
                log.error(
                    .invalidHeader, "'\(name)' is named twice in 'Async'", at: name.location,
                    notes: [.init("first named here", at: first.location)])
            } else {
                asyncNames.append(name)
            }
        }
    }

    /// The protocols the values of data states conform to, which the state enum may claim
    /// (Language reference › State data): `Hashable` (which includes `Equatable`),
    /// `Equatable`, `Sendable`, `Codable`.
    static let stateDataConformances = ["Equatable", "Hashable", "Sendable", "Codable"]

    /// `StateData: Hashable Sendable Codable`: each a protocol of `stateDataConformances`, once.
    private mutating func readStateData(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        stateDataHeader = header.name
        for name in [header.value] + header.moreValues {
            if let first = stateDataConformances.first(where: { $0.text == name.text }) {
                log.error(
                    .invalidHeader, "'\(name)' is named twice in 'StateData'", at: name.location,
                    notes: [.init("first named here", at: first.location)])
            } else if !Self.stateDataConformances.contains(name.text) {
                log.error(
                    .invalidHeader,
                    "'StateData' names what the values of data states conform to: "
                        + Self.stateDataConformances.map { "'\($0)'" }.joined(separator: ", ") + "; found '\(name)'"
                        + Suggestions.suggestion(for: name.text, among: Self.stateDataConformances),
                    at: name.location)
            } else {
                stateDataConformances.append(name)
            }
        }
    }

    /// `Observable: true` or `false`, the default.
    private mutating func readObservable(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        switch header.value.text.lowercased() {
        case "true": isObservable = true
        case "false": isObservable = false
        default:
            log.error(
                .invalidHeader, "Observable must be 'true' or 'false', found '\(header.value)'",
                at: header.value.location)
        }
    }

    /// `History: Active = shallow` or `= deep`, once per state.
    private mutating func declareHistory(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        let example = "'History: \(header.value) = shallow' or 'History: \(header.value) = deep'"
        guard header.parameters == nil, let cases = header.cases, cases.count == 1,
            let kind = HistoryKind(rawValue: cases[0].text.lowercased())
        else {
            let location =
                header.cases?.first?.location ?? header.parameters?.first?.label.location ?? header.value.location
            log.error(.invalidHeader, "a history header names a superstate and its kind: \(example)", at: location)
            return
        }
        if let first = histories.first(where: { $0.state.text == header.value.text }) {
            log.error(
                .duplicateHeader, "state '\(header.value)' is given a history twice", at: header.value.location,
                notes: [.init("first given here", at: first.state.location)])
            return
        }
        histories.append((header.value, kind))
    }

    /// `Parallel: Media`, once per state.
    private mutating func declareParallel(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        if header.cases != nil || header.parameters != nil {
            let detail =
                header.cases?.first?.location ?? header.parameters?.first?.label.location ?? header.value.location
            log.error(
                .invalidHeader, "header '\(header.name)' names one state, as in 'Parallel: \(header.value)'",
                at: detail)
            return
        }
        if let first = parallelStates.first(where: { $0.text == header.value.text }) {
            log.error(
                .duplicateHeader, "state '\(header.value)' is declared parallel twice", at: header.value.location,
                notes: [.init("first declared here", at: first.location)])
            return
        }
        parallelStates.append(header.value)
    }

    /// `Import: Module`, once per module; FSMRuntime is imported always.
    private mutating func declareImport(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        if header.cases != nil || header.parameters != nil {
            log.error(.invalidHeader, "header '\(header.name)' takes one module name", at: header.value.location)
            return
        }
        let module = header.value
        if !Self.canBeTypeName(module.text) {
            log.error(.invalidHeader, "'\(module)' is not a module name", at: module.location)
        } else if module.text == "FSMRuntime" {
            log.error(
                .duplicateHeader, "every generated file imports FSMRuntime already; remove this header",
                at: module.location)
        } else if let first = imports.first(where: { $0.text == module.text }) {
            log.error(
                .duplicateHeader, "module '\(module)' is imported twice", at: module.location,
                notes: [.init("first imported here", at: first.location)])
        } else {
            imports.append(module)
        }
    }

    private mutating func readEntryExit(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        switch header.value.text.lowercased() {
        case "always": entryExit = .always
        case "onchange": entryExit = .onChange
        default:
            log.error(
                .invalidHeader,
                "EntryExit must be 'always' or 'onChange', found '\(header.value)'; leave it out for UML behaviour",
                at: header.value.location)
        }
    }

    /// `Event: Name(label: Type, …)`: the values an event carries, each label once.
    private mutating func declareEvent(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        guard let parameters = header.parameters, !parameters.isEmpty, header.cases == nil else {
            log.error(
                .invalidHeader,
                "event '\(header.value)' needs the values it carries, as in 'Event: \(header.value)(duration: Double)'; an event without values needs no header",
                at: header.value.location)
            return
        }
        if let extra = parameters.first(where: { $0.argumentLabel != nil })?.argumentLabel {
            log.error(
                .invalidHeader,
                "an event's value has one label, as in 'Event: \(header.value)(duration: Double)'; argument labels belong to 'Action:' headers",
                at: extra.location)
            return
        }
        if header.value.text == AlwaysRows.keyword {
            log.error(
                .alwaysRow,
                "'always' cannot be declared as an event: since version 3 it is the keyword of rows taken without an event; rename the event",
                at: header.value.location)
            return
        }
        if let first = eventDeclarationIndex[header.value.text] {
            log.error(
                .duplicateHeader, "event '\(header.value)' is declared twice", at: header.value.location,
                notes: [.init("first declared here", at: eventDeclarations[first].name.location)])
            return
        }
        var distinct: [ParameterSyntax] = []
        for parameter in parameters {
            if let first = distinct.first(where: { $0.label.text == parameter.label.text }) {
                log.error(
                    .invalidHeader, "label '\(parameter.label)' is given twice in event '\(header.value)'",
                    at: parameter.label.location, notes: [.init("first given here", at: first.label.location)])
            } else {
                distinct.append(parameter)
            }
        }
        eventDeclarationIndex[header.value.text] = eventDeclarations.count
        eventDeclarations.append(EventDeclaration(name: header.value, parameters: distinct))
    }

    /// `State: Name(label: Type, …)`: the values a data state holds, each label once
    /// (Language reference › State data). Which states may hold values is checked once the
    /// hierarchy is known.
    private mutating func declareState(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        guard let parameters = header.parameters, !parameters.isEmpty, header.cases == nil else {
            log.error(
                .invalidHeader,
                "state '\(header.value)' needs the values it holds, as in 'State: \(header.value)(url: URL)'; a state without values needs no header",
                at: header.value.location)
            return
        }
        if let extra = parameters.first(where: { $0.argumentLabel != nil })?.argumentLabel {
            log.error(
                .invalidHeader,
                "a state's value has one label, as in 'State: \(header.value)(url: URL)'; argument labels belong to 'Action:' headers",
                at: extra.location)
            return
        }
        if let first = stateDeclarationIndex[header.value.text] {
            log.error(
                .duplicateHeader, "state '\(header.value)' is declared twice", at: header.value.location,
                notes: [.init("first declared here", at: stateDeclarations[first].name.location)])
            return
        }
        var distinct: [ParameterSyntax] = []
        for parameter in parameters {
            if let first = distinct.first(where: { $0.label.text == parameter.label.text }) {
                log.error(
                    .invalidHeader, "label '\(parameter.label)' is given twice in state '\(header.value)'",
                    at: parameter.label.location, notes: [.init("first given here", at: first.label.location)])
            } else {
                distinct.append(parameter)
            }
        }
        stateDeclarationIndex[header.value.text] = stateDeclarations.count
        stateDeclarations.append(StateDeclaration(name: header.value, parameters: distinct))
    }

    /// The `State:` header of the state named `name`, if it has one.
    func stateDeclaration(_ name: String) -> StateDeclaration? {
        stateDeclarationIndex[name].map { stateDeclarations[$0] }
    }

    /// `Predicate: Type = a | b`: a new type with distinct cases.
    private mutating func declarePredicateType(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        guard let cases = header.cases else {
            log.error(
                .invalidHeader,
                "predicate type '\(header.value)' needs its cases, as in 'Predicate: \(header.value) = a | b'",
                at: header.value.location)
            return
        }
        if let first = predicateIndex[header.value.text] {
            log.error(
                .duplicateHeader, "predicate type '\(header.value)' is declared twice",
                at: header.value.location,
                notes: [.init("first declared here", at: predicateTypes[first].name.location)])
            return
        }
        var distinct: [NameSyntax] = []
        for name in cases {
            if let first = distinct.first(where: { $0.text == name.text }) {
                log.error(
                    .repeatedPredicateCase, "case '\(name)' is repeated in predicate type '\(header.value)'",
                    at: name.location, notes: [.init("first given here", at: first.location)])
            } else {
                distinct.append(name)
            }
        }
        predicateIndex[header.value.text] = predicateTypes.add(PredicateTypeRecord(name: header.value, cases: distinct))
    }
}

/// An `Event:` header: the event's name and the labelled values it carries.
struct EventDeclaration {
    var name: NameSyntax
    var parameters: [ParameterSyntax]

    func parameter(_ label: String) -> ParameterSyntax? {
        parameters.first { $0.label.text == label }
    }
}

/// `Action: emit(_ status: Status)`: the parameters an action or condition takes; a
/// computing action's `-> Int`, what it returns.
struct ActionDeclaration {
    var name: NameSyntax
    var parameters: [ParameterSyntax]
    var returnType: String? = nil
}

/// `State: Downloading(url: URL, received: Int)`: the values a data state holds.
struct StateDeclaration {
    var name: NameSyntax
    var parameters: [ParameterSyntax]

    func parameter(_ label: String) -> ParameterSyntax? {
        parameters.first { $0.label.text == label }
    }
}

extension Headers {
    /// `Action: name(_ p: Type, …)`, once per action or condition. A computing action's
    /// `-> Type` gives the values of data states, which need `State:` headers.
    mutating func declareAction(_ header: HeaderSyntax, log: inout DiagnosticLog) {
        guard let parameters = header.parameters, header.cases == nil else {
            log.error(
                .invalidHeader,
                "'Action: \(header.value)' needs the parameters it takes, as in 'Action: \(header.value)(_ status: Status)'",
                at: header.value.location)
            return
        }
        if let first = actionDeclarations[header.value.text] {
            log.error(
                .duplicateHeader, "'\(header.value)' is declared twice", at: header.value.location,
                notes: [.init("first declared here", at: first.name.location)])
            return
        }
        var seen: [String: SourceLocation] = [:]
        for parameter in parameters {
            if let first = seen[parameter.label.text] {
                log.error(
                    .invalidHeader, "parameter '\(parameter.label)' is given twice in 'Action: \(header.value)'",
                    at: parameter.label.location, notes: [.init("first given here", at: first)])
                return
            }
            seen[parameter.label.text] = parameter.label.location
        }
        actionDeclarations[header.value.text] = ActionDeclaration(
            name: header.value, parameters: parameters, returnType: header.returnType)
        actionDeclarationOrder.append(header.value.text)
    }
}

extension Analysis {
    /// Each name of the `Async:` header is an action (row, entry or exit) or a condition.
    func checkAsyncNames(log: inout DiagnosticLog) {
        let actions = declarations.actions.names.map(\.text)
        let conditions = declarations.conditions.names.map(\.text)
        let known = Set(actions + conditions)
        for name in headers.asyncNames where !known.contains(name.text) {
            log.error(
                .undefinedAsync,
                "'\(name)' in 'Async' is neither an action nor a condition of the machine"
                    + Suggestions.suggestion(for: name.text, among: actions + conditions),
                at: name.location)
        }
    }
}

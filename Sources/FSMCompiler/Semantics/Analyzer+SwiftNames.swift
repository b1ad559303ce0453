extension Analysis {
    /// The Swift names of the machine's types.
    var typeNames: MachineTypeNames {
        MachineTypeNames(fsmName: headers.fsmName?.text ?? "", actionsHeader: headers.actionsName?.text)
    }

    /// The events the app sends: every event but the timers of `after(…)` rows.
    var appEventNames: [NameSyntax] {
        declarations.events.names.indices.filter { declarations.timers[$0] == nil }.map {
            declarations.events.names[$0]
        }
    }

    /// The case of a timer in the timer enum: its state and duration, `bufferingAfter30s`.
    func timerCaseName(_ timer: TimerEvent) -> String {
        SwiftNames.unescaped(SwiftNames.lowerCamel(states[timer.owner].name.text)) + "After" + timer.duration.text
    }

    /// The states with a valid `History:` header, in state order.
    var historyStates: [StateID] { resolution.history.indices.filter { resolution.history[$0] != nil } }

    /// The `Event:` declarations of events some row names: when there is one, the event
    /// type carries values, and the names of the events without them are a type of their own.
    var usedEventDeclarations: [EventDeclaration] {
        let used = Set(declarations.events.names.map(\.text))
        return headers.eventDeclarations.filter { used.contains($0.name.text) }
    }

    /// A predicate type's Swift name: in UpperCamelCase, after the machine's name unless it
    /// starts with it (`Enforcement` in `Turnstile` → `TurnstileEnforcement`), so that two
    /// machines of one module never declare one type.
    func predicateTypeName(_ name: NameSyntax) -> String {
        let machine = SwiftNames.unescaped(typeNames.machine)
        let type = SwiftNames.unescaped(SwiftNames.upperCamel(name.text))
        return type.hasPrefix(machine) ? type : machine + type
    }

    /// Reports names that generated Swift cannot declare, and names that two spellings
    /// would turn into one identifier.
    func checkSwiftNames(log: inout DiagnosticLog) {
        guard let fsmName = headers.fsmName else { return }
        let events = appEventNames
        let actions = declarations.actions
        let conditions = declarations.conditions
        if events.isEmpty && declarations.timers.isEmpty {
            log.warning(
                .noEvents, "machine '\(fsmName)' has no events yet; its machine type will handle none",
                at: fsmName.location)
        }
        let types = typeNames
        var typeEntries: [(NameSyntax, String, String)] = [
            (fsmName, types.machine, "machine type"),
            (headers.actionsName ?? fsmName, types.actions, "actions protocol"),
            (fsmName, types.state, "state type"),
            (fsmName, types.event, "event type"),
            (fsmName, types.snapshot, "snapshot type"),
        ]
        let valueDeclarations = usedEventDeclarations
        if !valueDeclarations.isEmpty {
            typeEntries.append((fsmName, types.eventName, "type of event names"))
        }
        if !historyStates.isEmpty {
            typeEntries.append((fsmName, types.history, "history type"))
        }
        if !declarations.timers.isEmpty {
            typeEntries.append((fsmName, types.timer, "timer type"))
        }
        typeEntries += predicateTypes.map { ($0.name, predicateTypeName($0.name), "predicate type") }
        for (index, (name, swiftName, role)) in typeEntries.enumerated() {
            let bare = SwiftNames.unescaped(swiftName)
            // A suggestion that is certainly free: the machine's name with a suffix, or the
            // default name of the actions protocol.
            let suggestion: String? =
                switch index {
                case 0: bare + "Machine"
                case 1: SwiftNames.unescaped(types.machine) + "Actions"
                default: nil
                }
            checkTypeName(name, swiftName: swiftName, role: role, suggestion: suggestion, log: &log)
        }
        if let actionsName = headers.actionsName {
            checkProtocolName(actionsName, suggestion: SwiftNames.unescaped(types.machine) + "Actions", log: &log)
        }
        checkCollisions(typeEntries.map { ($0.0, $0.1, $0.2) }, log: &log)

        let concrete = states.filter { !$0.isAbstract }.map(\.name)
        checkCaseNames(concrete, role: "state", log: &log)
        checkCaseNames(events, role: "event", log: &log)
        let properties = SwiftNames.machineProperties.union(historyStates.isEmpty ? [] : ["history"])
        checkMemberNames(
            concrete, role: "state", members: events.isEmpty ? [] : SwiftNames.stateMembers,
            of: "state type", meaning: "the events the state handles", log: &log)
        checkMemberNames(
            events, role: "event", members: valueDeclarations.isEmpty ? [] : SwiftNames.valueEventMembers,
            of: "event type", meaning: "the event without its values", log: &log)
        checkRegionNames(log: &log)
        for state in historyStates
        where SwiftNames.reservedCaseNames.contains(
            SwiftNames.unescaped(SwiftNames.lowerCamel(states[state].name.text)))
        {
            log.error(
                .invalidSwiftName,
                "superstate '\(states[state].name)' with a history would become the property '\(SwiftNames.lowerCamel(states[state].name.text))' of the history type, which Swift gives another meaning; choose another name",
                at: states[state].name.location)
        }
        for event in events where properties.contains(SwiftNames.lowerCamel(event.text)) {
            log.error(
                .invalidSwiftName,
                "event '\(event)' would become the method '\(SwiftNames.lowerCamel(event.text))()', which the generated machine already has",
                at: event.location)
        }
        if hasStart { checkStartNames(events, log: &log) }
        for type in predicateTypes {
            checkCaseNames(type.cases, role: "case of '\(type.name)'", log: &log)
        }
        checkValueNames(valueDeclarations.map { ($0.name, $0.parameters) }, kind: "event", log: &log)
        checkValueNames(headers.stateDeclarations.map { ($0.name, $0.parameters) }, kind: "state", log: &log)
        checkActionParameterNames(log: &log)
        checkCollisions(
            actions.names.map { ($0, SwiftNames.lowerCamel($0.text), "action") }
                + conditions.names.map { ($0, SwiftNames.lowerCamel($0.text), "condition") }, log: &log)
    }

    /// A machine that is started (Language reference › Starting a machine) has `start()` and
    /// `isStarted`: an event method of either name, `start()` for an event without values,
    /// would make them ambiguous.
    private func checkStartNames(_ events: [NameSyntax], log: inout DiagnosticLog) {
        for event in events {
            let method = SwiftNames.lowerCamel(event.text)
            let hasValues = headers.eventDeclarationIndex[event.text].map {
                !headers.eventDeclarations[$0].parameters.isEmpty
            }
            guard method == "isStarted" || (method == "start" && hasValues != true) else { continue }
            log.error(
                .invalidSwiftName,
                "event '\(event)' would become the method '\(method)()', which the generated machine has because it uses the language of version 3 (\(versionThreeFeature)); rename the event"
                    + (method == "start" ? " (such as 'Begin') or give it values" : ""),
                at: event.location)
        }
    }

    /// What makes the machine one of version 3, for a message.
    private var versionThreeFeature: String {
        if alwaysEvent != nil { return "'always' rows" }
        if !declarations.raises.isEmpty { return "raised events" }
        if !headers.stateDeclarations.isEmpty { return "'State:' headers" }
        return signatures.passesLiterals ? "literal arguments" : "'Action:' headers"
    }

    /// The labels and types of event values. A label is an argument label of the event's
    /// case and method, so it must be one Swift accepts there and not one the method takes
    /// already; a type is copied into the generated code, where a few names mean the
    /// machine's own types rather than the user's.
    private func checkValueNames(
        _ declarations: [(name: NameSyntax, parameters: [ParameterSyntax])], kind: String, log: inout DiagnosticLog
    ) {
        let predicateLabels = Dictionary(
            predicateTypes.map { (SwiftNames.unescaped(SwiftNames.lowerCamel($0.name.text)), $0.name) },
            uniquingKeysWith: { first, _ in first })
        for declaration in declarations {
            for parameter in declaration.parameters {
                let label = parameter.label
                if label.text == "_" {
                    log.error(
                        .invalidSwiftName,
                        "a value of \(kind) '\(declaration.name)' needs a label: rows pass values by label, as in 'setDuration(duration)'",
                        at: label.location)
                } else if ["true", "false", "nil"].contains(label.text) {
                    log.error(
                        .invalidSwiftName,
                        "'\(label)' cannot label a value of \(kind) '\(declaration.name)': in an argument list it is a literal; choose another label",
                        at: label.location)
                } else if label.text.first?.isNumber == true {
                    log.error(
                        .invalidSwiftName,
                        "'\(label)' cannot label a value of \(kind) '\(declaration.name)': a Swift argument label cannot start with a digit; choose another label",
                        at: label.location)
                } else if kind == "event", let type = predicateLabels[label.text] {
                    log.error(
                        .swiftNameCollision,
                        "label '\(label)' of event '\(declaration.name)' is also the label of predicate type '\(type)', which the event method may take beside it; choose another label",
                        at: label.location, notes: [.init("'\(type)' is declared here", at: type.location)])
                }
                for name in parameter.leadingTypeNames where Self.typeNamesTakenInside.contains(name) {
                    log.error(
                        .invalidSwiftName,
                        "'\(name)' in the type of '\(label)' would name the generated machine's own '\(name)' where the generated code writes the type; qualify it with its module, as in 'MyModule.\(name)'",
                        at: parameter.typeLocation)
                }
            }
        }
    }

    /// The parameters of `Action:` headers become the parameters of requirements: names
    /// Swift accepts there, and types that mean the user's types where the protocol writes them.
    private func checkActionParameterNames(log: inout DiagnosticLog) {
        for name in headers.actionDeclarationOrder {
            for parameter in headers.actionDeclarations[name]!.parameters {
                for written in [parameter.argumentLabel, parameter.label].compactMap(\.self)
                where written.text.first?.isNumber == true {
                    log.error(
                        .invalidSwiftName,
                        "'\(written)' cannot name a parameter of '\(name)': a Swift name cannot start with a digit; choose another name",
                        at: written.location)
                }
                for typeName in parameter.leadingTypeNames where Self.typeNamesTakenInside.contains(typeName) {
                    log.error(
                        .invalidSwiftName,
                        "'\(typeName)' in the type of '\(parameter.label)' would name the generated machine's own '\(typeName)' where the generated code writes the type; qualify it with its module, as in 'MyModule.\(typeName)'",
                        at: parameter.typeLocation)
                }
            }
        }
    }

    /// Names that mean something else where generated code writes a value's type: inside
    /// the actions protocol (`State`, `Event`), inside the machine (`Actions`, `Outcome`),
    /// and in the whole file (`RequiredRuntime`).
    static let typeNamesTakenInside: Set<String> = ReservedNames.memberTypeNames
        .union(["State", "Event", "RequiredRuntime"])

    /// A type the generated file declares at the top level of the user's module: it must
    /// be a name Swift allows and the generated code does not take, and must not hide a
    /// library type in that module. Each error says what to use instead: `suggestion`, a
    /// name that is certainly free, where there is one.
    private func checkTypeName(
        _ name: NameSyntax, swiftName: String, role: String, suggestion: String?,
        log: inout DiagnosticLog
    ) {
        let bare = SwiftNames.unescaped(swiftName)
        let instead = "; choose another name" + (suggestion.map { ", such as '\($0)'" } ?? "")
        if SwiftNames.reservedTypeNames.contains(bare) {
            log.error(
                .invalidSwiftName, "'\(name)' cannot name the \(role): Swift reserves '\(bare)'\(instead)",
                at: name.location)
        } else if ReservedNames.typeNames.contains(bare) {
            log.error(
                .invalidSwiftName, "'\(name)' cannot name the \(role): the generated code uses '\(bare)'\(instead)",
                at: name.location)
        } else if name.text == "_" && role == "predicate type" {
            log.error(
                .invalidSwiftName,
                "'_' cannot name a predicate type: its parameter would be '_', which Swift reads as no label; give the type a name",
                at: name.location)
        } else if SwiftNames.standardLibraryTypeNames.contains(bare) {
            log.error(
                .libraryTypeName,
                "'\(name)' cannot name the \(role): the generated '\(bare)' would hide the standard library's or Foundation's '\(bare)' in the whole module\(instead)",
                at: name.location)
        }
    }

    /// The `Actions:` name is the protocol's name as written: it must be one Swift can
    /// declare as a type, and not one the machine declares inside itself. `suggestion` is
    /// the default name, which the header can also leave to fsmc.
    private func checkProtocolName(_ name: NameSyntax, suggestion: String, log: inout DiagnosticLog) {
        let instead = "; choose another name, or leave the header out for '\(suggestion)'"
        if name.text.first?.isNumber == true {
            log.error(
                .invalidSwiftName,
                "'\(name)' cannot name the actions protocol: a Swift type name cannot start with a digit\(instead)",
                at: name.location)
        } else if SwiftNames.typePrefixKeywords.contains(name.text) {
            log.error(
                .invalidSwiftName,
                "'\(name)' cannot name the actions protocol: Swift reads '\(name)' as the start of a type, even in backticks\(instead)",
                at: name.location)
        } else if ReservedNames.memberTypeNames.contains(name.text) {
            log.error(
                .invalidSwiftName,
                "'\(name)' cannot name the actions protocol: the generated machine has a member type '\(name)', which would hide it inside the machine\(instead)",
                at: name.location)
        }
    }

    /// The names a machine with parallel states gives its configuration types: a parallel
    /// state's struct and its regions' enums (or structs) are nested types (`Media`,
    /// `Playback`), a region is a property of its parallel state's struct (`playback`), and
    /// a parallel state that is not a region is a case of its scope's enum (`media`). A
    /// region that is a parallel state is checked once, as a region.
    private func checkRegionNames(log: inout DiagnosticLog) {
        for parallel in states.indices where resolution.isParallel[parallel] {
            let name = states[parallel].name
            let isRegion = resolution.superstates[parallel].contains { resolution.isParallel[$0] }
            if !isRegion && SwiftNames.reservedCaseNames.contains(SwiftNames.lowerCamel(name.text)) {
                log.error(
                    .invalidSwiftName,
                    "parallel state '\(name)' would become the enum case '\(SwiftNames.lowerCamel(name.text))', which Swift enums already have as a member; choose another name",
                    at: name.location)
            }
            for state in (isRegion ? [] : [parallel]) + resolution.substates[parallel] {
                let typeName = SwiftNames.upperCamel(states[state].name.text)
                if Self.nestedTypeNamesTaken.contains(typeName) {
                    log.error(
                        .invalidSwiftName,
                        "\(state == parallel ? "parallel state" : "region") '\(states[state].name)' would become the nested type '\(typeName)', which Swift gives another meaning there; choose another name",
                        at: states[state].name.location)
                }
            }
            for region in resolution.substates[parallel]
            where SwiftNames.reservedCaseNames.contains(SwiftNames.lowerCamel(states[region].name.text)) {
                log.error(
                    .invalidSwiftName,
                    "region '\(states[region].name)' would become the property '\(SwiftNames.lowerCamel(states[region].name.text))' of '\(name)''s struct, which Swift gives another meaning; choose another name",
                    at: states[region].name.location)
            }
        }
    }

    /// Nested type names a configuration type cannot have: its conformances' associated
    /// types and the names Swift reserves.
    static let nestedTypeNamesTaken: Set<String> = SwiftNames.reservedTypeNames.union([
        "AllCases", "RawValue", "CodingKeys",
    ])

    /// Names that would become cases of a generated enum that has a member of that name:
    /// `meaning` says what the member is.
    private func checkMemberNames(
        _ names: [NameSyntax], role: String, members: Set<String>, of type: String,
        meaning: String, log: inout DiagnosticLog
    ) {
        for name in names where members.contains(SwiftNames.lowerCamel(name.text)) {
            log.error(
                .invalidSwiftName,
                "\(role) '\(name)' would become the enum case '\(SwiftNames.lowerCamel(name.text))', which the \(type) already has as a member (\(meaning)); choose another name",
                at: name.location)
        }
    }

    private func checkCaseNames(_ names: [NameSyntax], role: String, log: inout DiagnosticLog) {
        for name in names where SwiftNames.reservedCaseNames.contains(SwiftNames.lowerCamel(name.text)) {
            log.error(
                .invalidSwiftName,
                "\(role) '\(name)' would become the enum case '\(SwiftNames.lowerCamel(name.text))', which Swift enums already have as a member",
                at: name.location)
        }
        checkCollisions(names.map { ($0, SwiftNames.lowerCamel($0.text), role) }, log: &log)
    }

    /// Two entries with one Swift name: the error goes to the later, a note to the earlier.
    private func checkCollisions(
        _ entries: [(name: NameSyntax, swiftName: String, role: String)],
        log: inout DiagnosticLog
    ) {
        var first: [String: (name: NameSyntax, role: String)] = [:]
        for entry in entries.sorted(by: { $0.name.location < $1.name.location }) {
            guard let earlier = first[entry.swiftName] else {
                first[entry.swiftName] = (entry.name, entry.role)
                continue
            }
            if earlier.name.text == entry.name.text && earlier.role != entry.role
                && Set([earlier.role, entry.role]) == ["action", "condition"]
            {
                log.error(
                    .swiftNameCollision,
                    "'\(entry.name)' is used both as an action and as a condition; a condition returns Bool, an action nothing",
                    at: entry.name.location,
                    notes: [
                        .init(
                            "used as \(earlier.role == "action" ? "an action" : "a condition") here",
                            at: earlier.name.location)
                    ])
            } else if earlier.name.text != entry.name.text || earlier.role != entry.role {
                log.error(
                    .swiftNameCollision,
                    "\(entry.role) '\(entry.name)' and \(earlier.role) '\(earlier.name)' both become the Swift name '\(SwiftNames.unescaped(entry.swiftName))'",
                    at: entry.name.location, notes: [.init("'\(earlier.name)' is here", at: earlier.name.location)])
            }
        }
    }
}

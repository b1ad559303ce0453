extension Analysis {
    /// The Swift names of the machine's types.
    var typeNames: (machine: String, actions: String, state: String, event: String) {
        let machine = SwiftNames.upperCamel(headers.fsmName?.text ?? "")
        let base = SwiftNames.unescaped(machine)
        let actions = headers.actionsName.map { SwiftNames.escaped($0.text) } ?? "\(base)Actions"
        return (machine, actions, "\(base)State", "\(base)Event")
    }

    /// Reports names that generated Swift cannot declare, and names that two spellings
    /// would turn into one identifier.
    func checkSwiftNames(log: inout DiagnosticLog) {
        guard let fsmName = headers.fsmName else { return }
        let events = declarations.events, actions = declarations.actions, conditions = declarations.conditions
        if events.names.isEmpty {
            log.warning(.noEvents, "machine '\(fsmName)' has no events yet; its machine type will handle none",
                        at: fsmName.location)
        }
        let types = typeNames
        var typeEntries: [(NameSyntax, String, String)] = [
            (fsmName, types.machine, "machine type"),
            (headers.actionsName ?? fsmName, types.actions, "actions protocol"),
            (fsmName, types.state, "state type"),
            (fsmName, types.event, "event type"),
        ]
        typeEntries += predicateTypes.map { ($0.name, SwiftNames.upperCamel($0.name.text), "predicate type") }
        for (name, swiftName, role) in typeEntries where SwiftNames.reservedTypeNames.contains(SwiftNames.unescaped(swiftName)) {
            log.error(.invalidSwiftName, "'\(name)' cannot name the \(role): Swift reserves '\(SwiftNames.unescaped(swiftName))'",
                      at: name.location)
        }
        checkCollisions(typeEntries.map { ($0.0, $0.1, $0.2) }, log: &log)

        let concrete = states.filter { !$0.isAbstract }.map(\.name)
        checkCaseNames(concrete, role: "state", log: &log)
        checkCaseNames(events.names, role: "event", log: &log)
        for event in events.names where SwiftNames.machineProperties.contains(SwiftNames.lowerCamel(event.text)) {
            log.error(.invalidSwiftName,
                      "event '\(event)' would become the method '\(SwiftNames.lowerCamel(event.text))()', which the generated machine already has",
                      at: event.location)
        }
        for type in predicateTypes {
            checkCaseNames(type.cases, role: "case of '\(type.name)'", log: &log)
        }
        checkCollisions(actions.names.map { ($0, SwiftNames.lowerCamel($0.text), "action") }
                        + conditions.names.map { ($0, SwiftNames.lowerCamel($0.text), "condition") }, log: &log)
    }

    private func checkCaseNames(_ names: [NameSyntax], role: String, log: inout DiagnosticLog) {
        for name in names where SwiftNames.reservedCaseNames.contains(SwiftNames.lowerCamel(name.text)) {
            log.error(.invalidSwiftName,
                      "\(role) '\(name)' would become the enum case '\(SwiftNames.lowerCamel(name.text))', which Swift enums already have as a member",
                      at: name.location)
        }
        checkCollisions(names.map { ($0, SwiftNames.lowerCamel($0.text), role) }, log: &log)
    }

    /// Two entries with one Swift name: the error goes to the later, a note to the earlier.
    private func checkCollisions(_ entries: [(name: NameSyntax, swiftName: String, role: String)],
                                 log: inout DiagnosticLog) {
        var first: [String: (name: NameSyntax, role: String)] = [:]
        for entry in entries.sorted(by: { $0.name.location < $1.name.location }) {
            guard let earlier = first[entry.swiftName] else {
                first[entry.swiftName] = (entry.name, entry.role)
                continue
            }
            if earlier.name.text == entry.name.text && earlier.role != entry.role
                && Set([earlier.role, entry.role]) == ["action", "condition"] {
                log.error(.swiftNameCollision,
                          "'\(entry.name)' is used both as an action and as a condition; a condition returns Bool, an action nothing",
                          at: entry.name.location, notes: [.init("used as \(earlier.role == "action" ? "an action" : "a condition") here", at: earlier.name.location)])
            } else if earlier.name.text != entry.name.text || earlier.role != entry.role {
                log.error(.swiftNameCollision,
                          "\(entry.role) '\(entry.name)' and \(earlier.role) '\(earlier.name)' both become the Swift name '\(SwiftNames.unescaped(entry.swiftName))'",
                          at: entry.name.location, notes: [.init("'\(earlier.name)' is here", at: earlier.name.location)])
            }
        }
    }
}

// The enums of the generated file (the states, the events, the predicates) and the struct of the
// superstates' histories.

extension Translator {
    /// The state enum, with the events each state handles; where states hold data, with
    /// their values (`stateEnumWithValues`).
    var stateEnum: SwiftDeclaration {
        if machine.hasStateData { return stateEnumWithValues }
        let declaration = namedEnum(
            names.types.state, documentation: "The states of the `\(machine.name.name)` machine.",
            cases: machine.currentStates.map { machine.states[$0].named })
        guard case .enumeration(var enumeration) = declaration else { return declaration }
        enumeration.members.insert(contentsOf: handledEventsProperty, at: 0)
        return .enumeration(enumeration)
    }

    /// Where states hold data: the enum of the states without their values, what
    /// `state.name` is, with the events each state handles; else nothing.
    var stateNameEnums: [SwiftDeclaration] {
        guard machine.hasStateData else { return [] }
        let declaration = namedEnum(
            names.types.stateName,
            documentation:
                "The states of the `\(machine.name.name)` machine without their values: what `\(names.types.state).name` is.",
            cases: machine.currentStates.map { machine.states[$0].named })
        guard case .enumeration(var enumeration) = declaration else { return [declaration] }
        enumeration.members.insert(contentsOf: handledEventsProperty, at: 0)
        return [.enumeration(enumeration)] + stateDataConformances
    }

    /// `enum DownloadState { case idle  case downloading(url: URL, received: Int) }`, with
    /// `name`, the state without its values, and a description that is the `.sm` name
    /// followed by the values: `Downloading(url: …, received: 3)`. It has the conformances
    /// the `StateData:` header claims for the values (`stateDataConformances`), which fsmc
    /// cannot check: `name` has every conformance of a state without data.
    private var stateEnumWithValues: SwiftDeclaration {
        let states = machine.currentStates
        let cases = states.map { state in
            SwiftEnumCase(
                name: machine.states[state].named.swiftName,
                associatedValues: machine.parameters(of: state).map {
                    SwiftAssociatedValue(label: $0.label, type: $0.type)
                })
        }
        let nameCases = states.map { state in
            let name = machine.states[state].named.swiftName
            return SwiftCase(patterns: [.enumCase(name)], body: [.returnStatement(.implicitMember(name))])
        }
        let descriptionCases = states.map { state in
            SwiftCase(patterns: [statePattern(state)], body: [.returnStatement(stateDescription(state))])
        }
        var members: [SwiftDeclaration] = [
            .property(
                SwiftProperty(
                    documentation: ["The state without its values."], access: modifier, isVariable: true,
                    name: "name", type: names.types.stateName,
                    getterBody: [.switchStatement(SwiftSwitch(subject: .identifier("self"), cases: nameCases))]))
        ]
        if !machine.appEvents.isEmpty {
            members.append(
                .property(
                    SwiftProperty(
                        documentation: ["The events the state has a row for: `name.handledEvents`."],
                        access: modifier, isVariable: true, name: "handledEvents", type: "[\(eventNamesType)]",
                        getter: .member(.identifier("name"), "handledEvents"))))
        }
        members.append(
            .property(
                SwiftProperty(
                    access: modifier, isVariable: true, name: "description", type: "Swift.String",
                    getterBody: [.switchStatement(SwiftSwitch(subject: .identifier("self"), cases: descriptionCases))]))
        )
        return .enumeration(
            SwiftEnum(
                documentation: [
                    "The states of the `\(machine.name.name)` machine, with the values they hold. `name` is a state",
                    "without its values; a state prints as its name in the .sm file followed by its values.",
                ],
                access: modifier, name: names.types.state, conformances: ["Swift.CustomStringConvertible"],
                cases: cases, members: members, isolation: valueIsolation))
    }

    /// The conformances the `StateData:` header claims for the values of data states, one
    /// extension of the state enum each: where a value's type lacks one, swiftc reports it at
    /// the header's line in the `.sm` file (`#sourceLocation`).
    private var stateDataConformances: [SwiftDeclaration] {
        machine.stateDataConformances.map { conformance in
            .extensionDeclaration(
                SwiftExtension(
                    name: names.types.state, conformances: ["Swift." + conformance], members: [],
                    sourceFile: sourceName, sourceLine: machine.stateDataLocation?.line, isolation: valueIsolation))
        }
    }

    /// The event enum; where events carry values, it has them as associated values, and
    /// a second enum names the events without them.
    var eventEnums: [SwiftDeclaration] {
        guard machine.hasEventValues else {
            return [
                namedEnum(
                    names.types.event, documentation: "The events of the `\(machine.name.name)` machine.",
                    cases: appEventNames)
            ]
        }
        return [
            eventEnumWithValues,
            namedEnum(
                names.types.eventName,
                documentation:
                    "The events of the `\(machine.name.name)` machine without their values: what `\(names.types.event).name` is.",
                cases: appEventNames),
        ]
    }

    /// `enum PlayerEvent { case loaded(duration: Double) … }`, with `name`, the event
    /// without its values, and a description that is the `.sm` name followed by the
    /// values: `Loaded(duration: 3.0)`. It is as `Hashable` as its values are, which fsmc
    /// cannot tell: `name` always is.
    private var eventEnumWithValues: SwiftDeclaration {
        let cases = appEventsWithValues.map { event, parameters in
            SwiftEnumCase(
                name: event.swiftName,
                associatedValues: parameters.map { SwiftAssociatedValue(label: $0.label, type: $0.type) })
        }
        let nameCases = appEventNames.map { event in
            SwiftCase(
                patterns: [.enumCase(event.swiftName)], body: [.returnStatement(.implicitMember(event.swiftName))])
        }
        let descriptionCases = appEventsWithValues.map { event, parameters in
            let description = valuesDescription(
                event.name, parameters.map { ($0.label, names.values[$0.label] ?? $0.label) })
            return SwiftCase(
                patterns: [
                    parameters.isEmpty
                        ? .enumCase(event.swiftName)
                        : .enumCaseBinding(event.swiftName, parameters.map { names.values[$0.label] })
                ],
                body: [.returnStatement(description)])
        }
        return .enumeration(
            SwiftEnum(
                documentation: [
                    "The events of the `\(machine.name.name)` machine, with the values they carry. `name` is an event",
                    "without its values; an event prints as its name in the .sm file followed by its values.",
                ],
                access: modifier, name: names.types.event,
                conformances: ["Swift.Sendable", "Swift.CustomStringConvertible"],
                cases: cases,
                members: [
                    .property(
                        SwiftProperty(
                            documentation: ["The event without its values."], access: modifier, isVariable: true,
                            name: "name", type: names.types.eventName,
                            getterBody: [.switchStatement(SwiftSwitch(subject: .identifier("self"), cases: nameCases))])
                    ),
                    .property(
                        SwiftProperty(
                            access: modifier, isVariable: true, name: "description", type: "Swift.String",
                            getterBody: [
                                .switchStatement(SwiftSwitch(subject: .identifier("self"), cases: descriptionCases))
                            ])),
                ],
                isolation: valueIsolation))
    }

    /// The events the app sends, which the event enum has: every event but the timers.
    private var appEventNames: [Named] { machine.appEvents.map { machine.events[$0] } }

    private var appEventsWithValues: [(Named, [EventParameter])] {
        machine.appEvents.map { (machine.events[$0], machine.eventParameters[$0]) }
    }

    var predicateEnums: [SwiftDeclaration] {
        machine.predicateTypes.map { type in
            namedEnum(
                type.type.swiftName,
                documentation: "The predicate `\(type.type.name)` of the `\(machine.name.name)` machine.",
                cases: type.cases)
        }
    }

    /// An enum whose raw values, and so whose descriptions, are the `.sm` names. Swift
    /// gives an enum without cases no raw values: a machine whose rows name no event yet
    /// gets an event enum with only the conformances that need no value.
    private func namedEnum(_ name: String, documentation: String, cases: [Named]) -> SwiftDeclaration {
        guard !cases.isEmpty else {
            return .enumeration(
                SwiftEnum(
                    documentation: [documentation, "It has no cases yet: no row of the .sm file names one."],
                    access: modifier, name: name,
                    conformances: ["Swift.CaseIterable", "Swift.Hashable", "Swift.Sendable"], cases: [], members: [],
                    isolation: valueIsolation))
        }
        return .enumeration(
            SwiftEnum(
                documentation: [
                    documentation, "Each case prints as its name in the .sm file, which is also its raw value.",
                ],
                access: modifier, name: name, conformances: Self.printedEnumConformances,
                cases: cases.map { SwiftEnumCase(name: $0.swiftName, rawValue: $0.name) },
                members: [rawValueDescription], isolation: valueIsolation))
    }

    /// What an enum whose cases print as their `String` raw values conforms to.
    static var printedEnumConformances: [String] {
        [
            "Swift.String", "Swift.CaseIterable", "Swift.Hashable", "Swift.Sendable",
            "Swift.Codable", "Swift.CustomStringConvertible",
        ]
    }

    /// `var description: String { rawValue }`
    var rawValueDescription: SwiftDeclaration {
        .property(
            SwiftProperty(
                access: modifier, isVariable: true, name: "description", type: "Swift.String",
                getter: .identifier("rawValue")))
    }

    // MARK: History

    /// The swift name of the stored history of each superstate with one.
    func historyProperty(_ state: StateID) -> String { machine.states[state].named.swiftName }

    /// The superstates whose history is stored: all with `History:`, but for a parallel
    /// state's shallow history, which enters each region by its own rules and stores nothing.
    var historyStorageStates: [StateID] {
        machine.historyStates.filter { !(machine.states[$0].isParallel && machine.states[$0].history == .shallow) }
    }

    /// The stored type of `state`'s history: the state enum; in a machine with regions, the
    /// type of the part of the configuration inside it.
    private func historyType(of state: StateID) -> String {
        layout.historyType(of: state, in: self) + "?"
    }

    private func historyDocumentation(of state: StateID) -> String {
        layout.historyDocumentation(of: state, in: self)
    }

    /// `<FSM>History`, one optional state per superstate with history: the state last
    /// current in it when it was left, nil before it was.
    var historyStruct: [SwiftDeclaration] {
        let states = historyStorageStates
        guard !states.isEmpty else { return [] }
        let types = states.map { historyType(of: $0) }
        let properties = zip(states, types).map { state, type in
            SwiftDeclaration.property(
                SwiftProperty(
                    documentation: [historyDocumentation(of: state)],
                    access: modifier, isVariable: true, name: historyProperty(state), type: type))
        }
        let initializer = SwiftDeclaration.initializer(
            SwiftFunction(
                documentation: ["Histories as saved from a machine's `history`; by default none, as when it starts."],
                access: modifier, name: "init",
                parameters: zip(states, types).map {
                    SwiftParameter(name: historyProperty($0), type: $1, defaultValue: .identifier("nil"))
                },
                body: states.map {
                    .assignment(.member(.identifier("self"), historyProperty($0)), .identifier(historyProperty($0)))
                }))
        return [
            .structure(
                SwiftStruct(
                    documentation: [
                        "The histories of the `\(machine.name.name)` machine's superstates, to save and restore with its state."
                    ],
                    access: modifier, name: names.types.history,
                    conformances: stateHolderConformances,
                    members: properties + [initializer],
                    isolation: valueIsolation))
        ]
    }
}

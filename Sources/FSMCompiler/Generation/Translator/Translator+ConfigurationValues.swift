// The state type of a machine with regions whose states hold data (Language reference › State
// data, The generated Swift › Regions): the configurations with their values, and beside them
// the configurations without values, what `state.name` is.

extension Translator where Layout == ConfigurationLayout {
    /// `enum StudioState { case off  case media(Media) }` with `Media.playback` an enum whose
    /// data states carry their values (`case playing(url: String, at: Int)`): the state enum
    /// of a machine with regions and data. A region or parallel state inside which no data
    /// state can be current has no values to carry: its type is the one without values.
    var configurationEnumWithValues: SwiftDeclaration {
        valueScopeEnum(
            nil,
            documentation: [
                "The configurations of the `\(machine.name.name)` machine with the values their states hold:",
                "its states outside parallel states, and its parallel states with the state each of their",
                "regions is in. `name` is a configuration without its values; a configuration prints as in",
                "the .sm file, a data state followed by its values (`Media(Playing(url: \"a\"), Muted)`).",
            ])
    }

    /// The configurations without values (`StudioStateName`), with the events each has rows
    /// for, and the conformances the `StateData:` header claims for the types with values.
    var configurationNameDeclarations: [SwiftDeclaration] {
        guard machine.hasStateData else { return [] }
        var declaration = scopeEnum(
            nil, root: names.types.stateName,
            documentation: [
                "The configurations of the `\(machine.name.name)` machine without their values: what",
                "`\(names.types.state).name` is.",
            ])
        if case .enumeration(var enumeration) = declaration {
            enumeration.members.insert(
                contentsOf: regionHandledEventsProperty(on: names.types.stateName), at: 0)
            declaration = .enumeration(enumeration)
        }
        return [declaration] + configurationDataConformances
    }

    /// The types that hold values: the state enum, and the enum of each region and struct of
    /// each parallel state inside which a data state can be current.
    private var valueTypes: [String] {
        var types = [names.types.state]
        for state in machine.states.indices where layout.holdsData(state) {
            if machine.states[state].isParallel {
                types.append(layout.structType(state))
            } else if layout.isRegion[state] {
                types.append(layout.scopeType(state))
            }
        }
        return types
    }

    /// One extension per type with values and conformance the `StateData:` header claims:
    /// where a value's type lacks it, swiftc reports it at the header's line in the `.sm` file.
    private var configurationDataConformances: [SwiftDeclaration] {
        valueTypes.flatMap { type in
            machine.stateDataConformances.map { conformance in
                .extensionDeclaration(
                    SwiftExtension(
                        name: type, conformances: ["Swift." + conformance], members: [],
                        sourceFile: sourceName, sourceLine: machine.stateDataLocation?.line,
                        isolation: valueIsolation))
            }
        }
    }

    /// The name of `scope`'s type without values, as the types with values refer to it.
    private func nameType(_ scope: StateID?) -> String { layout.scopeType(scope, root: names.types.stateName) }

    /// A scope's enum with values: a case per node, a data state's with its values, a
    /// parallel state's with its struct; `name`, the case without values; the description.
    private func valueScopeEnum(_ scope: StateID?, documentation: [String]) -> SwiftDeclaration {
        let nodes = layout.nodes(in: scope)
        let cases = nodes.map { node in
            if machine.states[node].isParallel {
                return SwiftEnumCase(
                    name: layout.caseName(of: node),
                    associatedValues: [SwiftAssociatedValue(label: "_", type: layout.typeName(of: node))])
            }
            return SwiftEnumCase(
                name: layout.caseName(of: node),
                associatedValues: machine.parameters(of: node).map {
                    SwiftAssociatedValue(label: $0.label, type: $0.type)
                })
        }
        let nameCases = nodes.map { node -> SwiftCase in
            let caseName = layout.caseName(of: node)
            guard machine.states[node].isParallel else {
                return SwiftCase(patterns: [.enumCase(caseName)], body: [.returnStatement(.implicitMember(caseName))])
            }
            let inner: SwiftExpression =
                layout.holdsData(node) ? .member(.identifier("value"), "name") : .identifier("value")
            return SwiftCase(
                patterns: [.enumCaseBinding(caseName, ["value"])],
                body: [.returnStatement(.call(.implicitMember(caseName), [SwiftArgument(inner)]))])
        }
        let descriptionCases = nodes.map { node -> SwiftCase in
            let caseName = layout.caseName(of: node)
            if machine.states[node].isParallel {
                return SwiftCase(
                    patterns: [.enumCaseBinding(caseName, ["value"])],
                    body: [.returnStatement(.member(.identifier("value"), "description"))])
            }
            return SwiftCase(patterns: [statePattern(node)], body: [.returnStatement(stateDescription(node))])
        }
        var members: [SwiftDeclaration] = nodes.filter { machine.states[$0].isParallel }.map(valueStruct)
        members.append(
            .property(
                SwiftProperty(
                    documentation: ["The configuration without its values."], access: modifier, isVariable: true,
                    name: "name", type: nameType(scope),
                    getterBody: [.switchStatement(SwiftSwitch(subject: .identifier("self"), cases: nameCases))])))
        if scope == nil && !machine.appEvents.isEmpty {
            members.append(
                .property(
                    SwiftProperty(
                        documentation: ["The events the configuration has a row for: `name.handledEvents`."],
                        access: modifier, isVariable: true, name: "handledEvents", type: "[\(eventNamesType)]",
                        getter: .member(.identifier("name"), "handledEvents"))))
        }
        members.append(
            .property(
                SwiftProperty(
                    access: modifier, isVariable: true, name: "description", type: "Swift.String",
                    getterBody: [.switchStatement(SwiftSwitch(subject: .identifier("self"), cases: descriptionCases))]
                )))
        return .enumeration(
            SwiftEnum(
                documentation: documentation, access: modifier,
                name: scope.map(layout.typeName(of:)) ?? names.types.state,
                conformances: ["Swift.CustomStringConvertible"], cases: cases, members: members,
                isolation: valueIsolation))
    }

    /// A parallel state's struct with values: one stored value per region, the enum of each
    /// region that holds data nested, the others the types without values; a memberwise
    /// initializer, `name` and the description. Without data inside, the type without values.
    private func valueStruct(_ parallel: StateID) -> SwiftDeclaration {
        let state = machine.states[parallel]
        guard layout.holdsData(parallel) else {
            return .typeAlias(
                SwiftTypeAlias(
                    documentation: ["`\(state.name)` holds no data: its configurations are those without values."],
                    access: modifier, name: layout.typeName(of: parallel),
                    type: layout.structType(parallel, root: names.types.stateName)))
        }
        let regions = state.substates
        var nested: [SwiftDeclaration] = []
        for region in regions {
            if machine.states[region].isParallel {
                nested.append(valueStruct(region))
            } else if layout.holdsData(region) {
                nested.append(
                    valueScopeEnum(
                        region,
                        documentation: [
                            "The states of `\(state.name)`'s region `\(machine.states[region].name)` with their values."
                        ]))
            } else {
                nested.append(
                    .typeAlias(
                        SwiftTypeAlias(
                            documentation: [
                                "`\(state.name)`'s region `\(machine.states[region].name)` holds no data: its states without values."
                            ],
                            access: modifier, name: layout.typeName(of: region), type: nameType(region))))
            }
        }
        let properties = regions.map { region in
            SwiftDeclaration.property(
                SwiftProperty(
                    documentation: ["The state of region `\(machine.states[region].name)`."],
                    access: modifier, isVariable: true, name: layout.caseName(of: region),
                    type: layout.typeName(of: region)))
        }
        let initializer = SwiftDeclaration.initializer(
            SwiftFunction(
                documentation: ["`\(state.name)` with its regions in these states."],
                access: modifier, name: "init",
                parameters: regions.map {
                    SwiftParameter(name: layout.caseName(of: $0), type: layout.typeName(of: $0))
                },
                body: regions.map {
                    .assignment(
                        .member(.identifier("self"), layout.caseName(of: $0)), .identifier(layout.caseName(of: $0)))
                }))
        let name = SwiftExpression.call(
            .typeName(layout.structType(parallel, root: names.types.stateName)),
            regions.map { region in
                let value = SwiftExpression.identifier(layout.caseName(of: region))
                return SwiftArgument(
                    layout.caseName(of: region), layout.holdsData(region) ? .member(value, "name") : value)
            })
        var description: [SwiftStringPart] = [.text(state.name + "(")]
        for (position, region) in regions.enumerated() {
            if position > 0 { description.append(.text(", ")) }
            description.append(.value(.member(.identifier(layout.caseName(of: region)), "description")))
        }
        description.append(.text(")"))
        return .structure(
            SwiftStruct(
                documentation: [
                    "The parallel state `\(state.name)`: the state each of its regions is in, with its values."
                ],
                access: modifier, name: layout.typeName(of: parallel),
                conformances: ["Swift.CustomStringConvertible"],
                members: nested + properties + [
                    initializer,
                    .property(
                        SwiftProperty(
                            documentation: ["`\(state.name)` without its values."], access: modifier,
                            isVariable: true, name: "name",
                            type: layout.structType(parallel, root: names.types.stateName), getter: name)),
                    .property(
                        SwiftProperty(
                            access: modifier, isVariable: true, name: "description", type: "Swift.String",
                            getter: .interpolatedString(description))),
                ],
                isolation: valueIsolation))
    }
}

extension Translator where Layout == ConfigurationLayout {
    /// The start's actions (`StateMachine.startActions`); where states hold data, state by
    /// state as the start enters them, a data state's entry actions with its values read
    /// from the state.
    var regionStartActionStatements: [SwiftStatement] {
        guard machine.hasStateData else { return machine.startActions.map(actionCall) }
        let move = layout.chart.starting(at: machine.initialTarget)
        var statements: [SwiftStatement] = []
        for state in move.active {
            if move.entered.contains(state) {
                let entry = ownEntry(state)
                statements +=
                    machine.parameters(of: state).isEmpty
                    ? entry : bindingValues(of: state, from: .identifier(stateStorage), in: nil, body: entry)
            }
            if move.initialRowsFollowed.contains(state) {
                statements += machine.states[state].initialActions.map(actionCall)
            }
        }
        return statements
    }

    /// `body`, where it reads them, with the values of the data state `leaf` bound from
    /// `value`, the value of `scope`, which holds it: `if case .media(let media) = state,
    /// case .playing(let url, _) = media.playback { … }`, as nested `if case` statements.
    func bindingValues(of leaf: StateID, from value: SwiftExpression, in scope: StateID?, body: [SwiftStatement])
        -> [SwiftStatement]
    {
        if let scope, machine.states[scope].isParallel {
            let region = machine.states[scope].substates.first { layout.chart.isWithin(leaf, $0) }!
            return bindingValues(of: leaf, from: .member(value, layout.caseName(of: region)), in: region, body: body)
        }
        guard let node = layout.node(in: scope, holding: leaf) else { return body }
        guard machine.states[node].isParallel else {
            let pattern = statePattern(leaf, bindingWhatIsMentionedIn: body)
            guard case .enumCaseBinding = pattern else { return body }
            return [.ifCase(pattern, value: value, body: body)]
        }
        let name = SwiftNames.unescaped(layout.caseName(of: node)) + "Regions"
        let region = machine.states[node].substates.first { layout.chart.isWithin(leaf, $0) }!
        let inner = bindingValues(
            of: leaf, from: .member(.identifier(name), layout.caseName(of: region)), in: region, body: body)
        guard inner != body else { return body }
        return [.ifCase(.enumCaseBinding(layout.caseName(of: node), [name]), value: value, body: inner)]
    }
}

// The state type of a machine with regions: an enum of configurations, a struct per parallel
// state with an enum per region, each printed and encoded as the .sm file names it.

extension Translator where Layout == ConfigurationLayout {
    /// The configuration types are `nonisolated` always: their members (descriptions,
    /// coding, `allCases`) are written out, and in a module whose default isolation is the
    /// main actor they would make the conformances the machine needs main-actor isolated.
    private var configurationIsolation: SwiftIsolation { .nonisolated }

    /// The state enum of a machine with regions, with the types of its parallel states nested;
    /// where states hold data, with their values (`configurationEnumWithValues`).
    var configurationEnum: SwiftDeclaration {
        if machine.hasStateData { return configurationEnumWithValues }
        var declaration = scopeEnum(
            nil, root: names.types.state,
            documentation: [
                "The configurations of the `\(machine.name.name)` machine: its states outside parallel states, and",
                "its parallel states with the state each of their regions is in.",
            ])
        guard case .enumeration(var enumeration) = declaration else { return declaration }
        enumeration.members.insert(contentsOf: regionHandledEventsProperty(on: names.types.state), at: 0)
        declaration = .enumeration(enumeration)
        return declaration
    }

    /// A scope's enum: with `String` raw values when its nodes are all plain states, else
    /// with a case per parallel state carrying its struct, printed and encoded as
    /// `Media(Playing, Muted)`.
    func scopeEnum(_ scope: StateID?, root: String, documentation: [String]) -> SwiftDeclaration {
        let nodes = layout.nodes(in: scope)
        let name = scope.map(layout.typeName(of:)) ?? root
        guard nodes.contains(where: { machine.states[$0].isParallel }) else {
            return .enumeration(
                SwiftEnum(
                    documentation: documentation + [
                        "Each case prints as its name in the .sm file, which is also its raw value."
                    ],
                    access: modifier, name: name, conformances: Self.printedEnumConformances,
                    cases: nodes.map {
                        SwiftEnumCase(name: layout.caseName(of: $0), rawValue: machine.states[$0].name)
                    },
                    members: [rawValueDescription], isolation: configurationIsolation))
        }
        let type = layout.scopeType(scope, root: root)
        let cases = nodes.map { node in
            machine.states[node].isParallel
                ? SwiftEnumCase(
                    name: layout.caseName(of: node),
                    associatedValues: [SwiftAssociatedValue(label: "_", type: layout.typeName(of: node))])
                : SwiftEnumCase(name: layout.caseName(of: node))
        }
        let nested = nodes.filter { machine.states[$0].isParallel }.map { parallelStruct($0, root: root) }
        return .enumeration(
            SwiftEnum(
                documentation: documentation + [
                    "Each prints as in the .sm file, a parallel state with its regions' states in parentheses",
                    "(`Media(Playing, Muted)`), and encodes as that text.",
                ],
                access: modifier, name: name, conformances: Self.configurationConformances, cases: cases,
                members: nested + [
                    .property(
                        SwiftProperty(
                            documentation: [
                                "Every configuration, in declaration order, a parallel state's with each of its regions'."
                            ],
                            access: modifier, isStatic: true, isVariable: true, name: "allCases", type: "[\(type)]",
                            getterBody: scopeAllCases(nodes, type: type))),
                    .property(
                        SwiftProperty(
                            access: modifier, isVariable: true, name: "description", type: "Swift.String",
                            getterBody: [
                                .switchStatement(
                                    SwiftSwitch(subject: .identifier("self"), cases: scopeDescriptions(nodes)))
                            ])),
                ]
                    + printedCoding(
                        type: type,
                        what: scope == nil
                            ? "of the '\(machine.name.name)' machine" : "of '\(machine.states[scope!].name)'"),
                isolation: configurationIsolation))
    }

    /// The body of a scope enum's `allCases`: each node's case in declaration order, a
    /// parallel one's once for each of its struct's `allCases`.
    private func scopeAllCases(_ nodes: [StateID], type: String) -> [SwiftStatement] {
        var allCases: [SwiftStatement] = [
            .declaration(isVariable: true, name: "all", type: "[\(type)]", value: .arrayLiteral([]))
        ]
        for node in nodes {
            let caseName = layout.caseName(of: node)
            if machine.states[node].isParallel {
                allCases.append(
                    .forIn(
                        name: "value", sequence: .member(.identifier(layout.typeName(of: node)), "allCases"),
                        body: [
                            .expression(
                                .call(
                                    .member(.identifier("all"), "append"),
                                    [
                                        SwiftArgument(
                                            .call(.implicitMember(caseName), [SwiftArgument(.identifier("value"))]))
                                    ]))
                        ]))
            } else {
                allCases.append(
                    .expression(
                        .call(.member(.identifier("all"), "append"), [SwiftArgument(.implicitMember(caseName))])))
            }
        }
        return allCases + [.returnStatement(.identifier("all"))]
    }

    /// The cases of a scope enum's `description`: a plain state's name in the .sm file, a
    /// parallel state's struct's description.
    private func scopeDescriptions(_ nodes: [StateID]) -> [SwiftCase] {
        nodes.map { node in
            let caseName = layout.caseName(of: node)
            guard !machine.states[node].isParallel else {
                return SwiftCase(
                    patterns: [.enumCaseBinding(caseName, ["value"])],
                    body: [.returnStatement(.member(.identifier("value"), "description"))])
            }
            return SwiftCase(
                patterns: [.enumCase(caseName)], body: [.returnStatement(.stringLiteral(machine.states[node].name))])
        }
    }

    static var configurationConformances: [String] {
        [
            "Swift.CaseIterable", "Swift.Hashable", "Swift.Sendable", "Swift.Codable",
            "Swift.CustomStringConvertible",
        ]
    }

    /// A parallel state's struct: one stored value per region, each region's enum nested.
    private func parallelStruct(_ parallel: StateID, root: String) -> SwiftDeclaration {
        let state = machine.states[parallel]
        let type = layout.structType(parallel, root: root)
        let properties = state.substates.map { region in
            SwiftDeclaration.property(
                SwiftProperty(
                    documentation: ["The state of region `\(machine.states[region].name)`."],
                    access: modifier, isVariable: true, name: layout.caseName(of: region),
                    type: layout.typeName(of: region)))
        }
        var description: [SwiftStringPart] = [.text(state.name + "(")]
        for (position, region) in state.substates.enumerated() {
            if position > 0 { description.append(.text(", ")) }
            description.append(.value(.member(.identifier(layout.caseName(of: region)), "description")))
        }
        description.append(.text(")"))
        return .structure(
            SwiftStruct(
                documentation: ["The parallel state `\(state.name)`: the state each of its regions is in."],
                access: modifier, name: layout.typeName(of: parallel), conformances: Self.configurationConformances,
                members: state.substates.map { region in
                    machine.states[region].isParallel
                        ? parallelStruct(region, root: root)
                        : scopeEnum(
                            region, root: root,
                            documentation: ["The states of `\(state.name)`'s region `\(machine.states[region].name)`."])
                } + properties + [
                    parallelInitializer(parallel, root: root),
                    .property(
                        SwiftProperty(
                            documentation: [
                                "Every configuration of the regions, the first region's state changing slowest."
                            ],
                            access: modifier, isStatic: true, isVariable: true, name: "allCases", type: "[\(type)]",
                            getterBody: parallelAllCases(parallel, root: root))),
                    .property(
                        SwiftProperty(
                            access: modifier, isVariable: true, name: "description", type: "Swift.String",
                            getter: .interpolatedString(description))),
                ] + printedCoding(type: type, what: "of '\(state.name)'"),
                isolation: configurationIsolation))
    }

    /// A parallel state's struct's memberwise initializer, each region by default in the
    /// state its initial rows enter.
    private func parallelInitializer(_ parallel: StateID, root: String) -> SwiftDeclaration {
        let state = machine.states[parallel]
        let defaults = layout.chart.defaultConfiguration(containing: parallel)
        return .initializer(
            SwiftFunction(
                documentation: [
                    "`\(state.name)` with its regions in these states, by default those their initial rows enter."
                ],
                access: modifier, name: "init",
                parameters: state.substates.map { region in
                    SwiftParameter(
                        name: layout.caseName(of: region), type: layout.typeName(of: region),
                        defaultValue: layout.value(
                            of: defaults, in: region, root: root == names.types.state ? nil : root))
                },
                body: state.substates.map {
                    .assignment(
                        .member(.identifier("self"), layout.caseName(of: $0)), .identifier(layout.caseName(of: $0)))
                }))
    }

    /// The body of a parallel state's struct's `allCases`: every combination of its regions'
    /// values, in nested loops, the first region's value changing slowest.
    private func parallelAllCases(_ parallel: StateID, root: String) -> [SwiftStatement] {
        let state = machine.states[parallel]
        let type = layout.structType(parallel, root: root)
        var loop: [SwiftStatement] = [
            .expression(
                .call(
                    .member(.identifier("all"), "append"),
                    [
                        SwiftArgument(
                            .call(
                                .typeName(type),
                                state.substates.map {
                                    SwiftArgument(layout.caseName(of: $0), .identifier(layout.caseName(of: $0)))
                                }))
                    ]))
        ]
        for region in state.substates.reversed() {
            loop = [
                .forIn(
                    name: layout.caseName(of: region),
                    sequence: .member(.identifier(layout.typeName(of: region)), "allCases"), body: loop)
            ]
        }
        return [.declaration(isVariable: true, name: "all", type: "[\(type)]", value: .arrayLiteral([]))]
            + loop + [.returnStatement(.identifier("all"))]
    }

    /// `init(from:)` and `encode(to:)`: a configuration is encoded as the text it prints as,
    /// and any other text does not decode.
    private func printedCoding(type: String, what: String) -> [SwiftDeclaration] {
        [
            .initializer(
                SwiftFunction(
                    documentation: ["Decodes the text a configuration prints as; any other text is a `DecodingError`."],
                    access: modifier, name: "init",
                    parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Swift.Decoder")],
                    body: [
                        .declaration(
                            isVariable: false, name: "container", type: nil,
                            value: .trying(.call(.member(.identifier("decoder"), "singleValueContainer"), []))),
                        .declaration(
                            isVariable: false, name: "text", type: nil,
                            value: .trying(
                                .call(
                                    .member(.identifier("container"), "decode"),
                                    [SwiftArgument(.member(.typeName("Swift.String"), "self"))]))),
                        .guardLet(
                            name: "value",
                            value: .call(
                                .member(.member(.identifier("Self"), "allCases"), "first"),
                                [
                                    SwiftArgument(
                                        "where",
                                        .closure(.equal(.member(.identifier("$0"), "description"), .identifier("text")))
                                    )
                                ]),
                            elseBody: [
                                .throwStatement(
                                    .call(
                                        .member(.typeName("Swift.DecodingError"), "dataCorruptedError"),
                                        [
                                            SwiftArgument("in", .identifier("container")),
                                            SwiftArgument(
                                                "debugDescription",
                                                .interpolatedString([
                                                    .text("'"), .value(.identifier("text")),
                                                    .text("' is not a configuration \(what)"),
                                                ])),
                                        ]))
                            ]),
                        .assignment(.identifier("self"), .identifier("value")),
                    ], isThrowing: true)),
            .function(
                SwiftFunction(
                    documentation: ["Encodes the configuration as the text it prints as."],
                    access: modifier, name: "encode",
                    parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Swift.Encoder")],
                    body: [
                        .declaration(
                            isVariable: true, name: "container", type: nil,
                            value: .call(.member(.identifier("encoder"), "singleValueContainer"), [])),
                        .expression(
                            .trying(
                                .call(
                                    .member(.identifier("container"), "encode"),
                                    [SwiftArgument(.identifier("description"))]))),
                    ], isThrowing: true)),
        ]
    }
}

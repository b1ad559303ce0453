// The actions protocol: one requirement per action and condition, and the hooks with their
// default implementations.

extension Translator {
    /// The actions protocol. An async action is not `mutating`: Swift cannot pass the
    /// machine's stored `actions` `inout` across a suspension.
    var actionsProtocol: [SwiftDeclaration] {
        let actions = machine.actions.indices.map { index in
            let isAsync = machine.asyncActions[index]
            return SwiftFunction(
                isMutating: !isAsync, isNonsending: isAsync && runsInCallersIsolation,
                name: machine.actions[index].swiftName,
                parameters: requirementParameters(machine.actionParameters[index]), isAsync: isAsync,
                returnType: machine.actionResults.indices.contains(index) ? machine.actionResults[index] : nil,
                body: [])
        }
        let conditions = machine.conditions.indices.map { index in
            let isAsync = machine.asyncConditions[index]
            return SwiftFunction(
                isNonsending: isAsync && runsInCallersIsolation, name: machine.conditions[index].swiftName,
                parameters: requirementParameters(machine.conditionParameters[index]), isAsync: isAsync,
                returnType: "Swift.Bool", body: [])
        }
        var declaration = SwiftProtocol(
            documentation: [
                "What the `\(machine.name.name)` machine does: one requirement per action, and one per",
                "condition (a guard term that is not a predicate). `unhandledEvent(_:in:)` and",
                "`trace(_:outcome:)` have default implementations that do nothing, and `sendsEvents`",
                "one that is true.",
            ],
            access: modifier, name: names.types.actions,
            inherits: ["FSMRuntime.MachineActions"],
            whereClause: ["State == \(names.types.state)", "Event == \(names.types.event)"],
            requirements: actions + conditions, isolation: isolation)
        guard machine.isolation != nil else {
            let extraHooks = timerHooks + alwaysHooks
            guard !extraHooks.isEmpty else { return [.protocolDeclaration(declaration)] }
            // The timer hooks: the app starts and cancels the timers (no default).
            let availability = machine.hasTimers ? [Self.timerAvailability] : []
            declaration.attributes = availability
            declaration.requirements += extraHooks.map { hook in
                var requirement = hook
                requirement.access = nil
                requirement.body = []
                return requirement
            }
            return [
                .protocolDeclaration(declaration),
                .extensionDeclaration(
                    SwiftExtension(
                        attributes: availability, name: names.types.actions,
                        members: extraHooks.filter(hasDefault).map { .function($0) })),
            ]
        }
        // Isolated to an actor, it cannot refine `MachineActions`, whose requirements are
        // not: it declares the hooks itself, with the same defaults.
        declaration.inherits = machine.hasTimers ? ["Swift.SendableMetatype"] : []
        declaration.whereClause = []
        declaration.attributes = machine.hasTimers ? [Self.timerAvailability] : []
        declaration.requirements += (hooks + timerHooks + alwaysHooks).map { hook in
            var requirement = hook
            requirement.access = nil
            requirement.body = []
            return requirement
        }
        declaration.propertyRequirements = [
            SwiftProperty(isStatic: true, isVariable: true, name: "sendsEvents", type: "Swift.Bool")
        ]
        return [
            .protocolDeclaration(declaration),
            .extensionDeclaration(
                SwiftExtension(
                    attributes: machine.hasTimers ? [Self.timerAvailability] : [],
                    name: names.types.actions,
                    members: (hooks + timerHooks + alwaysHooks).map { .function($0) } + [
                        .property(
                            SwiftProperty(
                                documentation: [
                                    "True: events sent from inside actions are queued (run to completion)."
                                ],
                                access: modifier, isStatic: true, isVariable: true, name: "sendsEvents",
                                type: "Swift.Bool", getter: .identifier("true")))
                    ])),
        ]
    }

    /// `unhandledEvent(_:in:)` and `trace(_:outcome:)` with their default bodies, which do nothing.
    private var hooks: [SwiftFunction] {
        [
            SwiftFunction(
                documentation: ["Called when no row of `state` matches `event`; the default does nothing."],
                access: modifier, isMutating: true, name: "unhandledEvent",
                parameters: [
                    SwiftParameter(label: "_", name: "event", type: names.types.event),
                    SwiftParameter(label: "in", name: "state", type: names.types.state),
                ],
                body: []),
            SwiftFunction(
                documentation: [
                    "Called after every event the machine handles, with what happened; the default does nothing."
                ],
                access: modifier, isMutating: true, name: "trace",
                parameters: [
                    SwiftParameter(label: "_", name: "event", type: names.types.event),
                    SwiftParameter(name: "outcome", type: outcomeType),
                ],
                body: []),
        ]
    }

    /// `_ duration: Double, _ title: String`: unlabelled, named after the labels of the
    /// first use (Language reference › Events with values), each name once.
    private func requirementParameters(_ parameters: [EventParameter]) -> [SwiftParameter] {
        var used: Set<String> = []
        return parameters.map { parameter in
            let name = GeneratedNames.unique(parameter.label, suffix: "", avoiding: used)
            used.insert(name)
            // `message: String?` where the label is the name, `_ status: Status` without one.
            let label = parameter.argumentLabel.map(SwiftNames.escaped) ?? "_"
            let escapedName = SwiftNames.escaped(name)
            return SwiftParameter(label: label == escapedName ? nil : label, name: escapedName, type: parameter.type)
        }
    }
}

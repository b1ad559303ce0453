// What a machine with regions says it handles: the configuration enum's `handledEvents` and the
// machine's `canHandle(_:)`.

extension Translator where Layout == ConfigurationLayout {
    private var eventNamesTypeName: String {
        machine.hasEventValues ? names.types.eventName : names.types.event
    }

    /// Whether `node`, in `value` when parallel, has a row for `event`: true whatever the
    /// values (`always`), or the statements that return true where it has one.
    private func answer(_ node: StateID, value: SwiftExpression, event: EventID, withValues: Bool) -> (
        always: Bool, statements: [SwiftStatement]
    ) {
        let info = machine.states[node]
        let plan = dispatch[node]?.first { $0.event == event }
        var statements: [SwiftStatement] = []
        if let plan {
            if !withValues || plan.isExhaustive { return (true, [.returnStatement(.identifier("true"))]) }
            statements.append(
                .switchStatement(
                    SwiftSwitch(
                        subject: predicateSubject(of: plan),
                        cases: [
                            SwiftCase(
                                patterns: plan.handled.map { predicatePattern($0, of: plan) },
                                body: [.returnStatement(.identifier("true"))]),
                            SwiftCase(patterns: [], body: [.breakStatement]),
                        ])))
        }
        guard info.isParallel else { return (false, statements) }
        for region in info.substates {
            if machine.states[region].isParallel {
                // A region that is a parallel state answers as one.
                let result = answer(
                    region, value: .member(value, layout.caseName(of: region)), event: event, withValues: withValues)
                if result.always { return result }
                statements += result.statements
                continue
            }
            var cases: [(nodes: [StateID], body: [SwiftStatement])] = []
            var always: [StateID] = []
            var never: [StateID] = []
            for inner in layout.nodes(in: region) {
                let result = answer(inner, value: .identifier("inner"), event: event, withValues: withValues)
                if result.always {
                    always.append(inner)
                } else if result.statements.isEmpty {
                    never.append(inner)
                } else {
                    cases.append(([inner], result.statements))
                }
            }
            if never.isEmpty && cases.isEmpty { return (true, [.returnStatement(.identifier("true"))]) }
            guard !always.isEmpty || !cases.isEmpty else { continue }
            if !always.isEmpty { cases.insert((always, [.returnStatement(.identifier("true"))]), at: 0) }
            // Values bound as `inner` shadow the outer one inside the case: read the region first.
            let regionValue = SwiftExpression.member(value, layout.caseName(of: region))
            statements += nodeSwitch(
                regionValue, scope: region, cases + (never.isEmpty ? [] : [(never, [.breakStatement])]))
        }
        return (false, statements)
    }

    /// `switch event` for one top-level node: each event's answer.
    private func answerSwitch(_ node: StateID, value: SwiftExpression, withValues: Bool) -> SwiftStatement {
        var groups: [(events: [EventID], body: [SwiftStatement])] = []
        for event in machine.appEvents {
            let result = answer(node, value: value, event: event, withValues: withValues)
            let body = result.always ? result.statements : result.statements + [.returnStatement(.identifier("false"))]
            if let index = groups.firstIndex(where: { $0.body == body }) {
                groups[index].events.append(event)
            } else {
                groups.append(([event], body))
            }
        }
        return .switchStatement(
            SwiftSwitch(
                subject: .identifier("event"),
                cases: groups.map { group in
                    SwiftCase(patterns: group.events.map { .enumCase(machine.events[$0].swiftName) }, body: group.body)
                }))
    }

    /// `switch configuration { case …: switch event { … } }`.
    private func configurationAnswer(_ subject: SwiftExpression, withValues: Bool) -> SwiftStatement {
        .switchStatement(
            SwiftSwitch(
                subject: subject,
                cases: layout.nodes(in: nil).map { node in
                    let answer = answerSwitch(node, value: .identifier("value"), withValues: withValues)
                    return SwiftCase(
                        patterns: [
                            answer.mentions("value")
                                ? nodePattern(node, binding: "value") : .enumCase(layout.caseName(of: node))
                        ],
                        body: [answer])
                }))
    }

    /// `canHandle(_:)` of a machine with regions: whether the parallel state's own rows, or
    /// a row of some region's state, would take the event.
    var regionCanHandleFunction: SwiftDeclaration {
        let values = machine.predicateTypes.isEmpty ? "" : " with these predicate values"
        return .function(
            SwiftFunction(
                documentation: Self.wrapped(
                    "Whether the current configuration has a row for `event`\(values): whether `handle` would not return"
                        + " `.unhandled`. In a parallel state, a row of the parallel state or its superstates, or of some region's"
                        + " state or its superstates inside the region. A row counts whatever its condition, which `canHandle`"
                        + " does not ask: a false one rejects the event when it is handled."),
                access: modifier, name: "canHandle",
                parameters: [SwiftParameter(label: "_", name: "event", type: eventNamesTypeName)] + predicateParameters,
                returnType: "Swift.Bool",
                body: [configurationAnswer(.identifier("state"), withValues: true)]))
    }

    /// `handledEvents` of a configuration, and the function it filters the events with.
    func regionHandledEventsProperty(on configurationType: String) -> [SwiftDeclaration] {
        guard !machine.appEvents.isEmpty else { return [] }
        return [
            .property(
                SwiftProperty(
                    documentation: Self.wrapped(
                        "The events the configuration has a row for, in the order of `\(eventNamesTypeName).allCases`: those a user"
                            + " interface may offer. In a parallel state, its own rows and its superstates', and those of each region's"
                            + " state and its superstates inside the region. A row counts whatever its condition (a false one rejects"
                            + " the event when it is handled)."),
                    access: modifier, isVariable: true, name: "handledEvents", type: "[\(eventNamesTypeName)]",
                    getter: .call(
                        .member(.member(.typeName(eventNamesTypeName), "allCases"), "filter"),
                        [
                            SwiftArgument(
                                .closure(
                                    .call(
                                        .member(.identifier("Self"), "hasRow"),
                                        [SwiftArgument(.identifier("self")), SwiftArgument("for", .identifier("$0"))])))
                        ]))),
            .function(
                SwiftFunction(
                    documentation: ["Whether `configuration` has a row for `event`, for some predicate values."],
                    isPrivate: true, isStatic: true, name: "hasRow",
                    parameters: [
                        SwiftParameter(label: "_", name: "configuration", type: configurationType),
                        SwiftParameter(label: "for", name: "event", type: eventNamesTypeName),
                    ],
                    returnType: "Swift.Bool",
                    body: [configurationAnswer(.identifier("configuration"), withValues: false)])),
        ]
    }
}

// The machine's functions around dispatch: `handle(_:)`, the method named after each event, the
// queue of events sent from inside actions, and the unhandled-event hook's call.

extension Translator {
    /// The parameters that carry an event: the event, then one per predicate type.
    var eventParameters: [SwiftParameter] {
        [SwiftParameter(label: "_", name: "event", type: names.types.event)] + predicateParameters
    }

    /// One per predicate type, labelled with its parameter name; the name inside the
    /// bodies differs only where it would hide a name of the generated code.
    var predicateParameters: [SwiftParameter] {
        zip(machine.predicateTypes, names.predicateParameters).map { type, name in
            SwiftParameter(
                label: name == type.parameterName ? nil : type.parameterName, name: name,
                type: type.type.swiftName)
        }
    }

    /// Private functions take the event unlabeled, so that their names cannot clash with
    /// the event methods, which never have an unlabeled parameter.
    var privateEventParameters: [SwiftParameter] {
        eventParameters.map { SwiftParameter(label: "_", name: $0.name, type: $0.type) }
    }

    /// `event, enforcement, reward`: the event parameters passed on unlabeled.
    var forwardedEventArguments: [SwiftArgument] {
        eventParameters.map { SwiftArgument(.identifier($0.name)) }
    }

    /// What the queue holds: the event alone, or a tuple of it and the predicate values.
    var queueElementType: String {
        guard !machine.predicateTypes.isEmpty else { return names.types.event }
        return "(" + eventParameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    /// What an event is queued as: the event alone, or a tuple of it and the predicate values.
    var queueElement: SwiftExpression {
        machine.predicateTypes.isEmpty
            ? .identifier("event")
            : .tuple(eventParameters.map { SwiftArgument($0.name, .identifier($0.name)) })
    }

    /// Whether `handleEvent` returns the outcome itself rather than its code: in a machine
    /// with `always` rows or raised events, handled after the event's own rows, the outcome
    /// (the event's own) is built where the event is dispatched, before the state moves on.
    private var handleEventReturnsOutcome: Bool { machine.alwaysEvent != nil || machine.raisesEvents }

    /// `handle`: `handleEvent`, and the outcome built from the code it returns. It is
    /// always inlined, so that where the outcome is not used, building it costs nothing
    /// (a hand-written `switch` computes none).
    var handleFunction: SwiftDeclaration {
        guard !handleEventReturnsOutcome else {
            return .function(
                SwiftFunction(
                    documentation: [
                        "Handles `event` and returns what its own rows did, before the `always` rows taken after",
                        "them; `.queued` when called from inside an action.",
                    ],
                    attributes: ["@inline(__always)", "@discardableResult"],
                    access: modifier, name: "handle",
                    parameters: eventParameters, returnType: "Outcome",
                    body: startingBeforeHandling + [
                        .returnStatement(.call(.identifier("handleEvent"), forwardedEventArguments))
                    ]))
        }
        return .function(
            SwiftFunction(
                documentation: [
                    "Handles `event` and returns what happened; `.queued` when called from inside an action."
                ],
                attributes: ["@inline(__always)", "@discardableResult"],
                access: modifier, name: "handle",
                parameters: eventParameters, returnType: "Outcome",
                body: startingBeforeHandling + [
                    .declaration(isVariable: false, name: "from", type: nil, value: .identifier(stateStorage)),
                    .declaration(
                        isVariable: false, name: "code", type: nil,
                        value: .call(.identifier("handleEvent"), forwardedEventArguments)),
                    .returnStatement(
                        .call(
                            .member(eventQueue, "outcome"),
                            [
                                SwiftArgument(.identifier("code")),
                                SwiftArgument("from", .identifier("from")),
                                SwiftArgument("to", .identifier(stateStorage)),
                            ])),
                ]))
    }

    /// The body of `handle`: a test of the queue, `dispatch` (inlined), the `always` rows
    /// of a machine that has some, and a test that no action sent an event. The rare paths
    /// are functions of their own that it tail-calls, so that the common path keeps no
    /// value across a call.
    var handleEventFunction: SwiftDeclaration {
        let outcome = SwiftExpression.identifier("outcome")
        let enqueued = SwiftExpression.call(.identifier("enqueue"), [SwiftArgument(queueElement)])
        let start: [SwiftStatement] = [
            .guardLet(
                name: "handling",
                value: .call(.member(eventQueue, "begin"), beginArguments),
                elseBody: handleEventReturnsOutcome
                    ? [.assignment(.identifier("_"), enqueued), .returnStatement(.implicitMember("queued"))]
                    : [.returnStatement(enqueued)]),
            .declaration(
                isVariable: false, name: "outcome", type: nil,
                value: .call(.identifier("dispatch"), forwardedEventArguments)),
            trace(.identifier("event"), outcome),
        ]
        let end: [SwiftStatement] =
            handleEventReturnsOutcome
            ? completingStep(after: outcome) + [
                endingHandling(after: outcome, returning: outcome), .returnStatement(outcome),
            ]
            : [
                .guardStatement(
                    [.call(.member(eventQueue, "end"), [SwiftArgument(.identifier("handling"))])],
                    elseBody: [
                        .returnStatement(.call(.identifier("handleWaitingEvents"), [SwiftArgument("after", outcome)]))
                    ]),
                .returnStatement(.call(.typeName(outcomeCodeType), [SwiftArgument(outcome)])),
            ]
        return .function(
            SwiftFunction(
                documentation: handleEventReturnsOutcome
                    ? ["Handles `event` and returns what its own rows did."]
                    : [
                        "Handles `event` and returns the code of its outcome, for `handle` to build the outcome",
                        "where it is used.",
                    ],
                attributes: inlinesHandleEvent ? ["@inline(__always)"] : [],
                isPrivate: true, name: "handleEvent",
                parameters: privateEventParameters,
                returnType: handleEventReturnsOutcome ? "Outcome" : outcomeCodeType,
                body: start + end))
    }

    private var outcomeCodeType: String { "FSMRuntime.OutcomeCode" }

    /// `for: Actions.self`; a machine isolated to an actor passes what its own protocol
    /// declares, since that protocol does not refine `MachineActions`.
    var beginArguments: [SwiftArgument] {
        let actionsType = SwiftExpression.member(.identifier("Actions"), "self")
        guard machine.isolation != nil else { return [SwiftArgument("for", actionsType)] }
        return [
            SwiftArgument("sendsEvents", .member(.identifier("Actions"), "sendsEvents")),
            SwiftArgument("actions", actionsType),
        ]
    }

    /// `guard eventQueue.end(handling) else { _ = handleWaitingEvents(after: outcome); return … }`:
    /// the end of a handling whose caller does not return the queue's code.
    func endingHandling(after outcome: SwiftExpression, returning value: SwiftExpression?) -> SwiftStatement {
        .guardStatement(
            [.call(.member(eventQueue, "end"), [SwiftArgument(.identifier("handling"))])],
            elseBody: [
                .assignment(
                    .identifier("_"), .call(.identifier("handleWaitingEvents"), [SwiftArgument("after", outcome)])),
                .returnStatement(value),
            ])
    }

    /// The machine's `eventQueue` property, which the functions around dispatch use.
    var eventQueue: SwiftExpression { .identifier(names.eventQueue) }

    /// Queues an event that an action sent.
    var enqueueFunction: SwiftDeclaration {
        .function(
            SwiftFunction(
                documentation: [
                    "Queues an event sent from inside an action, to be handled when the current one is done."
                ],
                attributes: ["@inline(never)"], isPrivate: true, name: "enqueue",
                parameters: [SwiftParameter(label: "_", name: "queued", type: queueElementType)],
                returnType: outcomeCodeType,
                body: [
                    .expression(.call(.member(eventQueue, "enqueue"), [SwiftArgument(.identifier("queued"))])),
                    .returnStatement(.implicitMember("queued")),
                ]))
    }

    /// The loop over the events that actions sent, out of line because it is rarely taken.
    /// It passes each to `handle`, so that the machine's dispatch exists once.
    var handleWaitingEventsFunction: SwiftDeclaration {
        let queued = SwiftExpression.identifier("queued")
        let handleQueued =
            machine.predicateTypes.isEmpty
            ? handleCall(queued) { _, _ in queued }
            : handleCall(.member(queued, "event")) { .member(queued, $1.name) }
        return .function(
            SwiftFunction(
                documentation: [
                    "Handles the events that actions sent, in order, until none is left. The queue keeps",
                    "`outcome`, what the event that started it all did, for `handle` to return. Events sent",
                    "while a queued event is handled join the queue, which the outermost call drains.",
                ],
                attributes: ["@inline(never)"], isPrivate: true, name: "handleWaitingEvents",
                parameters: [SwiftParameter(label: "after", name: "outcome", type: "Outcome")],
                returnType: outcomeCodeType,
                body: [
                    .guardStatement(
                        [
                            .call(
                                .member(eventQueue, "beginDraining"),
                                [SwiftArgument("after", .identifier("outcome"))])
                        ],
                        elseBody: [
                            .returnStatement(
                                .call(
                                    .typeName(outcomeCodeType),
                                    [SwiftArgument(.identifier("outcome"))]))
                        ]),
                    .whileLet(
                        name: "queued", value: .call(.member(eventQueue, "next"), []),
                        body: [
                            .expression(handleQueued)
                        ]),
                    .returnStatement(.implicitMember("keptByQueue")),
                ]))
    }

    /// `actions.trace(event, outcome: outcome)`: the hook that sees every event handled.
    func trace(_ event: SwiftExpression, _ outcome: SwiftExpression) -> SwiftStatement {
        .expression(
            .call(.member(.identifier("actions"), "trace"), [SwiftArgument(event), SwiftArgument("outcome", outcome)]))
    }

    /// The events actions sent while an async machine handled one, each in turn, each a
    /// step of its own: the rest of it follows where it goes on.
    var drainingWaitingEvents: SwiftStatement {
        let queued = SwiftExpression.identifier("queued")
        let queuedArguments: [SwiftArgument] =
            machine.predicateTypes.isEmpty
            ? [SwiftArgument(queued)]
            : eventParameters.map { SwiftArgument(.member(queued, $0.name)) }
        let queuedEvent: SwiftExpression = machine.predicateTypes.isEmpty ? queued : .member(queued, "event")
        let dispatched = SwiftExpression.await(.call(.identifier("dispatch"), queuedArguments))
        let outcome = SwiftExpression.identifier("outcome")
        let completing = completingStep(after: outcome)
        return .whileLet(
            name: "queued", value: .call(.member(eventQueue, "next"), []),
            body: completing.isEmpty
                ? [trace(queuedEvent, dispatched)]
                : [
                    .declaration(isVariable: false, name: "outcome", type: nil, value: dispatched),
                    trace(queuedEvent, outcome),
                ] + completing)
    }

    /// `handle` of an async machine: wait for the turn, dispatch, trace, then the events
    /// that actions sent meanwhile, then give the turn to the next waiting call.
    var asyncHandleFunction: SwiftDeclaration {
        .function(
            SwiftFunction(
                documentation: [
                    "Handles `event` in its turn and returns what happened; `.queued` at once when called from",
                    "inside an action, the event then being handled after the current one.",
                ],
                attributes: ["@discardableResult"], access: modifier, isNonsending: runsInCallersIsolation,
                name: "handle",
                parameters: eventParameters, isAsync: true, returnType: "Outcome",
                body: [
                    .guardStatement(
                        [.await(.call(.member(eventQueue, "begin"), []))],
                        elseBody: [
                            .expression(.call(.member(eventQueue, "enqueue"), [SwiftArgument(queueElement)])),
                            .returnStatement(.implicitMember("queued")),
                        ])
                ] + startingInTurn + [
                    .declaration(
                        isVariable: false, name: "outcome", type: nil,
                        value: .await(.call(.identifier("dispatch"), forwardedEventArguments))),
                    trace(.identifier("event"), .identifier("outcome")),
                ] + completingStep(after: .identifier("outcome")) + [
                    drainingWaitingEvents,
                    .expression(.call(.member(eventQueue, "end"), [])),
                    .returnStatement(.identifier("outcome")),
                ]))
    }

    /// `func coin(enforcement: Enforcement) -> Outcome { handle(.coin, enforcement: enforcement, …) }`,
    /// taking only the predicate types some row of the event looks at. The others go to
    /// `handle` as their first case: the event's dispatch never reads them.
    func eventFunction(_ event: EventID, using used: Set<PredicateTypeID>) -> SwiftDeclaration {
        let named = machine.events[event]
        let unused = machine.predicateTypes.indices.filter { !used.contains($0) }.map {
            machine.predicateTypes[$0].type.name
        }
        var documentation = ["Handles `\(named.name)`."]
        if !unused.isEmpty {
            let names = unused.map { "`\($0)`" }
            let list =
                names.count == 1
                ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            documentation.append(
                "No row of `\(named.name)` looks at \(list); the method does not ask for \(unused.count == 1 ? "it" : "them")."
            )
        }
        let parameters = zip(machine.predicateTypes.indices, predicateParameters)
        let values = machine.eventParameters[event]
        let valueParameters = values.map { value in
            let name = names.values[value.label] ?? value.label
            return SwiftParameter(label: name == value.label ? nil : value.label, name: name, type: value.type)
        }
        let call = handleCall(eventValue(event)) { type, parameter in
            used.contains(type)
                ? .identifier(parameter.name) : .implicitMember(machine.predicateTypes[type].cases[0].swiftName)
        }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: documentation,
                    attributes: ["@discardableResult"], access: modifier, name: named.swiftName,
                    parameters: valueParameters + parameters.filter { used.contains($0.0) }.map(\.1),
                    returnType: "Outcome",
                    body: [.returnStatement(awaited(call))])))
    }

    /// `.coin`, or `.loaded(duration: duration)`: the event made of the values of its labels
    /// in the bodies, as an event method passes it on and a raised event queues it.
    func eventValue(_ event: EventID, scope: ValueScope = [:]) -> SwiftExpression {
        let named = machine.events[event]
        let values = machine.eventParameters[event]
        guard !values.isEmpty else { return .implicitMember(named.swiftName) }
        return .call(
            .implicitMember(named.swiftName),
            values.map { SwiftArgument($0.label, scope[$0.label] ?? .identifier(names.values[$0.label] ?? $0.label)) })
    }

    /// By event: the predicate types some row of the event, in any state, constrains. One
    /// pass over the dispatch (with regions, the parallel states' too, abstract or not);
    /// nothing to collect in a machine without predicates.
    func predicateTypesUsed() -> IDArray<EventID, Set<PredicateTypeID>> {
        var used = IDArray<EventID, Set<PredicateTypeID>>(repeating: [], count: machine.events.count)
        guard !machine.predicateTypes.isEmpty else { return used }
        for eventDispatch in layout.eventDispatches(in: self) where !eventDispatch.predicateTypes.isEmpty {
            used[eventDispatch.event].formUnion(eventDispatch.predicateTypes)
        }
        return used
    }

    /// `handle(event, enforcement: value, …)`, with each predicate type's value.
    private func handleCall(_ event: SwiftExpression, _ value: (PredicateTypeID, SwiftParameter) -> SwiftExpression)
        -> SwiftExpression
    {
        .call(
            .identifier("handle"),
            [SwiftArgument(event)]
                + zip(machine.predicateTypes.indices, predicateParameters).map { type, parameter in
                    SwiftArgument(parameter.label ?? parameter.name, value(type, parameter))
                })
    }

    var unhandledFunction: SwiftDeclaration {
        .function(
            SwiftFunction(
                isPrivate: true, name: "unhandled",
                parameters: [
                    SwiftParameter(label: "_", name: "event", type: names.types.event),
                    SwiftParameter(label: "in", name: "state", type: names.types.state),
                ],
                returnType: "Outcome",
                body: [
                    .expression(
                        .call(
                            .member(.identifier("actions"), "unhandledEvent"),
                            [SwiftArgument(.identifier("event")), SwiftArgument("in", .identifier("state"))])),
                    .returnStatement(.call(.implicitMember("unhandled"), [SwiftArgument("in", .identifier("state"))])),
                ]))
    }
}

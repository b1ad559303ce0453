// `always` rows in the generated machine (Language reference › Always rows, Run to
// completion): after every step, the rows of the current state taken without an event, while
// one applies, each traced; a run that never comes to rest stops the program.

extension Translator {
    /// How many `always` steps one event may take before the machine stops the program: a
    /// run that never comes to rest is the app's bug (as `Interpreter.firingLimit` stops it).
    static var alwaysStepLimit: Int { 1_000 }

    /// What a restoring initializer checks first: a state with an `always` row without a
    /// condition is never current between events, so restoring a machine in it is the app's
    /// bug, and stops the program naming it. (A machine with regions does not check yet.)
    func restorableCheck(_ state: SwiftExpression) -> [SwiftStatement] {
        let failure = SwiftStatement.expression(
            .call(
                .typeName("Swift.preconditionFailure"),
                [
                    SwiftArgument(
                        .interpolatedString([
                            .text("\(machine.name.name) cannot be restored in "),
                            .value(state),
                            .text(": its 'always' row without a condition moves on from it at once"),
                        ]))
                ]))
        return refusingStatesThatMoveOn(state, with: failure)
    }

    /// `switch state { case .a, .b: failure  default: break }` for the states an `always`
    /// row leaves at once, in a machine without regions; nothing when there are none.
    func refusingStatesThatMoveOn(_ state: SwiftExpression, with failure: SwiftStatement) -> [SwiftStatement] {
        let moving = machine.hasRegions ? [] : machine.currentStates.filter(machine.movesOnAtOnce)
        guard !moving.isEmpty else { return [] }
        return [
            .switchStatement(
                SwiftSwitch(
                    subject: state,
                    cases: [
                        SwiftCase(
                            patterns: moving.map { .enumCase(machine.states[$0].named.swiftName) }, body: [failure]),
                        SwiftCase(patterns: [], body: [.breakStatement]),
                    ]))
        ]
    }

    /// What follows a step (an event's rows, a timeout, the start): `completeStep()` where
    /// the machine raises events, else `takeAlwaysRows()` where it has `always` rows.
    var completingStep: [SwiftStatement] {
        if machine.raisesEvents { return [.expression(awaited(.call(.identifier(names.completeStep), [])))] }
        return takingAlwaysRows
    }

    /// `takeAlwaysRows()`, where the machine has `always` rows.
    private var takingAlwaysRows: [SwiftStatement] {
        guard machine.alwaysEvent != nil else { return [] }
        return [.expression(awaited(.call(.identifier("takeAlwaysRows"), [])))]
    }

    /// The `always` functions of a machine without regions: the loop, then the rows.
    var alwaysFunctions: [SwiftDeclaration] {
        guard let always = machine.alwaysEvent else { return raiseFunctions }
        return raiseFunctions + [takeAlwaysRowsFunction, alwaysDispatchFunction(always)]
    }

    /// `completeStep()`, where the machine raises events.
    private var raiseFunctions: [SwiftDeclaration] {
        machine.raisesEvents ? [completeStepFunction] : []
    }

    /// The rest of a run-to-completion step (Language reference › Run to completion): the
    /// `always` rows, then each raised event in turn, dispatched and traced like an event
    /// from outside, followed by the `always` rows after it.
    private var completeStepFunction: SwiftDeclaration {
        let raised = SwiftExpression.identifier("raised")
        let dispatched = SwiftExpression.call(
            .identifier("dispatch"),
            [SwiftArgument(raised)]
                + machine.predicateTypes.map { SwiftArgument(.implicitMember($0.cases[0].swiftName)) })
        let failure = SwiftStatement.expression(
            .call(
                .typeName("Swift.preconditionFailure"),
                [
                    SwiftArgument(
                        .interpolatedString([
                            .text(
                                "\(machine.name.name) raised \(Self.alwaysStepLimit) events in one step without coming to rest, the next "
                            ),
                            .value(raised), .text(" in "), .value(.identifier(stateStorage)),
                        ]))
                ]))
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: [
                        "Completes a step: takes the `always` rows that apply, then handles the events the machine",
                        "raised, oldest first, each followed by the `always` rows that apply after it. A run that",
                        "never comes to rest is a bug of the machine: past \(Self.alwaysStepLimit) raised events it stops the program.",
                    ],
                    attributes: ["@inline(never)"], isPrivate: true, name: names.completeStep, parameters: [],
                    body: takingAlwaysRows + [
                        .forIn(
                            name: "_", sequence: .literal("0..<\(Self.alwaysStepLimit)"),
                            body: [
                                .guardLet(
                                    name: "raised", value: .call(.member(raisedEvents, "next"), []),
                                    elseBody: [.returnStatement(nil)]),
                                trace(raised, awaited(dispatched)),
                            ] + takingAlwaysRows),
                        .ifLet(name: "raised", value: .call(.member(raisedEvents, "next"), []), body: [failure]),
                    ])))
    }

    /// The machine's `raisedEvents` property.
    var raisedEvents: SwiftExpression { .identifier(names.raisedEvents) }

    /// The queue of the events the machine raises, where it raises some.
    var raisedEventsProperty: [SwiftDeclaration] {
        guard machine.raisesEvents else { return [] }
        return [
            .property(
                SwiftProperty(
                    documentation: [
                        "Events the machine raised (`^Event`), handled after the `always` rows of the step that",
                        "raised them. Its accesses never overlap (its methods run no user code), so they need no",
                        "run-time exclusivity check.",
                    ],
                    attributes: ["@exclusivity(unchecked)"], restriction: "private", isVariable: true,
                    name: names.raisedEvents,
                    initialValue: .call(.typeName("FSMRuntime.RaisedEvents<\(names.types.event)>"), [])))
        ]
    }

    /// Takes `always` rows while one applies; each is traced.
    var takeAlwaysRowsFunction: SwiftDeclaration {
        let outcome = SwiftExpression.identifier("outcome")
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: [
                        "Takes the `always` rows that apply, one step after another, until none does. A run that",
                        "never comes to rest is a bug of the machine: past \(Self.alwaysStepLimit) steps it stops the program.",
                    ],
                    attributes: ["@inline(never)"], isPrivate: true, name: "takeAlwaysRows", parameters: [],
                    body: [
                        .forIn(
                            name: "_", sequence: .literal("0..<\(Self.alwaysStepLimit)"),
                            body: [
                                .declaration(
                                    isVariable: false, name: "outcome", type: nil,
                                    value: awaited(
                                        .call(
                                            .identifier("dispatchAlways"),
                                            machine.hasRegions ? [SwiftArgument(.implicitMember("always"))] : []))),
                                .guardStatement(
                                    [.matches(.enumCase("transitioned"), outcome)], elseBody: [.returnStatement(nil)]),
                                .expression(
                                    .call(
                                        .member(.identifier("actions"), "traceAlways"),
                                        [SwiftArgument("outcome", outcome)])),
                            ]),
                        .expression(
                            .call(
                                .typeName("Swift.preconditionFailure"),
                                [
                                    SwiftArgument(
                                        .interpolatedString([
                                            .text(
                                                "'always' rows of \(machine.name.name) took \(Self.alwaysStepLimit) steps without coming to rest, the last in "
                                            ),
                                            .value(.identifier(stateStorage)),
                                        ]))
                                ])),
                    ])))
    }

    /// `switch state`: the `always` rows of each state that has some, as the state
    /// functions have the rows of events; `.unhandled` where none applies.
    private func alwaysDispatchFunction(_ always: EventID) -> SwiftDeclaration {
        let stateSwitch = switchOnState { index in
            (dispatch[index] ?? []).first { $0.event == always }.map { body(of: $0, in: index) }
        }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: ["The `always` rows of the current state: `.transitioned` when one was taken."],
                    isPrivate: true, name: "dispatchAlways", parameters: [], returnType: "Outcome",
                    body: [stateSwitch])))
    }

    /// The hook that sees every `always` step, with its default that does nothing.
    var alwaysHooks: [SwiftFunction] {
        guard machine.alwaysEvent != nil else { return [] }
        return [
            SwiftFunction(
                documentation: [
                    "Called after every `always` row the machine takes (a step without an event), with what it",
                    "did; `trace(_:outcome:)` sees the events. The default does nothing.",
                ],
                access: modifier, isMutating: true, name: "traceAlways",
                parameters: [SwiftParameter(name: "outcome", type: outcomeType)], body: [])
        ]
    }
}

extension Translator where Layout == ConfigurationLayout {
    /// The `always` functions of a machine with regions: the loop, the one-case enum its
    /// dispatch switches on, then the dispatch over the regions, as for events.
    var regionAlwaysFunctions: [SwiftDeclaration] {
        guard machine.alwaysEvent != nil else { return raiseFunctions }
        let step = SwiftDeclaration.enumeration(
            SwiftEnum(
                documentation: [
                    "What the dispatch of `always` rows switches on, as events' dispatch switches on the event."
                ],
                attributes: isInlinable ? ["@usableFromInline"] : [], name: "AlwaysStep", conformances: [],
                cases: [SwiftEnumCase(name: "always")], members: []))
        return raiseFunctions + [takeAlwaysRowsFunction, step] + dispatchFunctions(.always)
    }
}

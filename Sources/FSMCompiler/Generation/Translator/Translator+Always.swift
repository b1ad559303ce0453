// `always` rows in the generated machine (Language reference › Always rows, Run to
// completion): after every step, the rows of the current state taken without an event, while
// one applies, each traced; a run that never comes to rest stops the program.

extension Translator {
    /// How many `always` steps one event may take before the machine stops the program: a
    /// run that never comes to rest is the app's bug (as `Interpreter.firingLimit` stops it).
    static var alwaysStepLimit: Int { 1_000 }

    /// `handle` of a machine with `always` rows, which are taken after the event's own
    /// rows: the outcome, the event's own, is built where the event is dispatched, before
    /// the state moves on (`handle` of other machines builds it from a code and the state
    /// after, so that an unused outcome costs nothing).
    var handleReturningItsOutcomeFunction: SwiftDeclaration {
        .function(
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

    /// The body of `handle` in a machine with `always` rows: the event's rows, their trace,
    /// the `always` rows, then the events that actions sent.
    var handleEventReturningItsOutcomeFunction: SwiftDeclaration {
        .function(
            SwiftFunction(
                documentation: ["Handles `event` and returns what its own rows did."],
                attributes: inlinesHandleEvent ? ["@inline(__always)"] : [],
                isPrivate: true, name: "handleEvent",
                parameters: privateEventParameters, returnType: "Outcome",
                body: [
                    .guardLet(
                        name: "handling",
                        value: .call(.member(eventQueue, "begin"), beginArguments),
                        elseBody: [
                            .assignment(.identifier("_"), .call(.identifier("enqueue"), [SwiftArgument(queueElement)])),
                            .returnStatement(.implicitMember("queued")),
                        ]),
                    .declaration(
                        isVariable: false, name: "outcome", type: nil,
                        value: .call(.identifier("dispatch"), forwardedEventArguments)),
                    trace(.identifier("event"), .identifier("outcome")),
                ] + takingAlwaysRows + [
                    endingHandling(after: .identifier("outcome"), returning: .identifier("outcome")),
                    .returnStatement(.identifier("outcome")),
                ]))
    }

    /// What a restoring initializer checks first: a state with an `always` row without a
    /// condition is never current between events, so restoring a machine in it is the app's
    /// bug, and stops the program naming it. (A machine with regions does not check yet.)
    func restorableCheck(_ state: SwiftExpression) -> [SwiftStatement] {
        let moving = machine.hasRegions ? [] : machine.currentStates.filter(machine.movesOnAtOnce)
        guard !moving.isEmpty else { return [] }
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

    /// `takeAlwaysRows()` after a step, where the machine has `always` rows.
    var takingAlwaysRows: [SwiftStatement] {
        guard machine.alwaysEvent != nil else { return [] }
        return [.expression(awaited(.call(.identifier("takeAlwaysRows"), [])))]
    }

    /// The `always` functions of a machine without regions: the loop, then the rows.
    var alwaysFunctions: [SwiftDeclaration] {
        guard let always = machine.alwaysEvent else { return [] }
        return [takeAlwaysRowsFunction, alwaysDispatchFunction(always)]
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
        var cases: [SwiftCase] = []
        for index in machine.currentStates {
            guard let dispatch = (dispatch[index] ?? []).first(where: { $0.event == always }) else { continue }
            cases.append(
                SwiftCase(
                    patterns: [.enumCase(machine.states[index].named.swiftName)], body: body(of: dispatch, in: index)))
        }
        if cases.count < machine.currentStates.count {
            cases.append(SwiftCase(patterns: [], body: [unhandledTimerReturn(.identifier(stateStorage))]))
        }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: ["The `always` rows of the current state: `.transitioned` when one was taken."],
                    isPrivate: true, name: "dispatchAlways", parameters: [], returnType: "Outcome",
                    body: [.switchStatement(SwiftSwitch(subject: .identifier(stateStorage), cases: cases))])))
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
        guard machine.alwaysEvent != nil else { return [] }
        let step = SwiftDeclaration.enumeration(
            SwiftEnum(
                documentation: [
                    "What the dispatch of `always` rows switches on, as events' dispatch switches on the event."
                ],
                attributes: isInlinable ? ["@usableFromInline"] : [], name: "AlwaysStep", conformances: [],
                cases: [SwiftEnumCase(name: "always")], members: []))
        return [takeAlwaysRowsFunction, step] + dispatchFunctions(.always)
    }
}

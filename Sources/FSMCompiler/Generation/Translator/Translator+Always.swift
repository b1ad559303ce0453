// `always` rows and raised events in the generated machine (Language reference › Always rows,
// Run to completion): after a step that can go on, the rows of the current state taken
// without an event, while one applies, each traced, then the raised events; a run that never
// comes to rest stops the program. Whether a step can go on is decided from its outcome where
// the machine has no regions, so that the steps that cannot test nothing.

extension Translator {
    /// How many `always` steps one event may take before the machine stops the program: a
    /// run that never comes to rest is the app's bug (as `Interpreter.firingLimit` stops it).
    static var alwaysStepLimit: Int { 1_000 }

    /// What a restoring initializer checks first: a state with an `always` row without a
    /// condition is never current between events, so restoring a machine in it (or in a
    /// configuration with it) is the app's bug, and stops the program naming it.
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
        return layout.refusingStatesThatMoveOn(state, with: failure, in: self)
    }

    /// `switch state { case .a, .b: failure  default: break }` for the states an `always`
    /// row leaves at once, in a machine without regions; nothing when there are none.
    func refusingStatesThatMoveOn(_ state: SwiftExpression, with failure: SwiftStatement) -> [SwiftStatement] {
        let moving = machine.currentStates.filter(machine.movesOnAtOnce)
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

    /// What follows a step that did `outcome` (an event's rows, a timeout): the rest of the
    /// step, `completeStep()` where the machine raises events, else `takeAlwaysRows()`, called
    /// only where the step goes on, so that a step that reaches no `always` row and raises no
    /// event costs what it did without them.
    func completingStep(after outcome: SwiftExpression) -> [SwiftStatement] {
        guard let completion, let goesOn = layout.stepGoesOn(after: outcome, in: self) else { return [] }
        return [.ifStatement([goesOn], body: [completion])]
    }

    /// `stepGoesOn(after: outcome)` in a machine without regions; nil where no step goes on.
    func stepGoesOn(after outcome: SwiftExpression) -> SwiftExpression? {
        guard !goesOnCases.isEmpty else { return nil }
        return .call(.identifier(names.stepGoesOn), [SwiftArgument("after", outcome)])
    }

    /// What follows the start: the rest of the step where the initial configuration has a
    /// state with `always` rows or the start raises an event, decided here, once.
    var completingStart: [SwiftStatement] {
        guard let completion, startGoesOn else { return [] }
        return [completion]
    }

    /// Whether starting the machine goes on after its entry actions: its initial
    /// configuration (a state or one above it) has `always` rows, or the start raises an event.
    var startGoesOn: Bool {
        machine.startActions.contains { $0.raisedEvent != nil }
            || machine.initialConfiguration.contains { leaf in
                ([leaf] + machine.states[leaf].ancestors).contains(where: machine.hasAlwaysRows)
            }
    }

    /// `completeStep()` where the machine raises events, else `takeAlwaysRows()` where it has
    /// `always` rows, else nothing.
    private var completion: SwiftStatement? {
        if machine.raisesEvents { return .expression(awaited(.call(.identifier(names.completeStep), []))) }
        guard machine.alwaysEvent != nil else { return nil }
        return .expression(awaited(.call(.identifier(names.takeAlwaysRows), [])))
    }

    /// The `always` functions of a machine without regions: the test of whether a step goes
    /// on, the loop, then the rows.
    var alwaysFunctions: [SwiftDeclaration] {
        let test = goesOnCases.isEmpty ? [] : [stepGoesOnFunction]
        guard let always = machine.alwaysEvent else { return test + raiseFunctions }
        return test + raiseFunctions + [takeAlwaysRowsFunction, alwaysDispatchFunction(always)]
    }

    /// The cases of `stepGoesOn(after:)` that return true, each for a reason: the step ended
    /// in a state with `always` rows (with any outcome, where it can rest in one), or took a
    /// row that raises an event (its source and target, where the target has none).
    private var goesOnCases: [SwiftCase] {
        guard machine.alwaysEvent != nil || machine.raisesEvents else { return [] }
        func state(_ index: StateID) -> SwiftPattern { .enumCase(machine.states[index].named.swiftName) }
        let withAlways = Set(machine.currentStates.filter(machine.hasAlwaysRows))
        var ending: [SwiftPattern] = []
        for index in machine.currentStates where withAlways.contains(index) {
            ending.append(.enumCaseMatching("transitioned", [.wildcard, .labeled("to", state(index))]))
            // A state that a row without a condition leaves at once is never current between
            // events: no event is rejected or unhandled in it.
            guard !machine.movesOnAtOnce(index) else { continue }
            ending += ["rejected", "unhandled"].map { .enumCaseMatching($0, [.labeled("in", state(index))]) }
        }
        var raising: [SwiftPattern] = []
        var seen = Set<[StateID]>()
        for index in machine.currentStates where machine.raisesEvents {
            for transition in machine.states[index].transitions where transition.event != machine.alwaysEvent {
                for arrival in transition.arrivals where !withAlways.contains(arrival.target) {
                    guard arrival.effects.contains(where: { $0.raisedEvent != nil }),
                        seen.insert([index, arrival.target]).inserted
                    else { continue }
                    raising.append(
                        .enumCaseMatching(
                            "transitioned", [.labeled("from", state(index)), .labeled("to", state(arrival.target))]))
                }
            }
        }
        let yes = SwiftStatement.returnStatement(.identifier("true"))
        return
            (ending.isEmpty
            ? [] : [SwiftCase(patterns: ending, body: [.comment("It ended in a state with `always` rows."), yes])])
            + (raising.isEmpty
                ? [] : [SwiftCase(patterns: raising, body: [.comment("It took a row that raised an event."), yes])])
    }

    /// `stepGoesOn(after:)` of a machine without regions: a `switch` on the outcome, always
    /// inlined, so that where a row's outcome is known at compile time, so is the answer,
    /// and the step that does not go on tests nothing.
    private var stepGoesOnFunction: SwiftDeclaration {
        let documentation =
            machine.raisesEvents
            ? [
                "Whether the step that did `outcome` goes on: it ended in a state with `always` rows, or took",
                "a row that raised an event.",
            ] : ["Whether the step that did `outcome` goes on: it ended in a state with `always` rows."]
        return .function(
            SwiftFunction(
                documentation: documentation, attributes: ["@inline(__always)"], isPrivate: true,
                name: names.stepGoesOn, parameters: [SwiftParameter(label: "after", name: "outcome", type: "Outcome")],
                returnType: "Swift.Bool",
                body: [
                    .switchStatement(
                        SwiftSwitch(
                            subject: .identifier("outcome"),
                            cases: goesOnCases + [
                                SwiftCase(patterns: [], body: [.returnStatement(.identifier("false"))])
                            ]
                        ))
                ]))
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
        let limit = SwiftStatement.ifStatement(
            [.equal(.identifier("handled"), .literal("\(Self.alwaysStepLimit)"))], body: [failure])
        guard raisesOneEventAtATime, let goesOn = stepGoesOn(after: .identifier("outcome")) else {
            return .function(
                dispatching(
                    SwiftFunction(
                        documentation: [
                            "Completes a step: takes the `always` rows that apply, then handles the events the machine",
                            "raised, oldest first, each followed by the `always` rows that apply after it. A run that",
                            "never comes to rest is a bug of the machine: past \(Self.alwaysStepLimit) raised events it stops the program.",
                        ],
                        attributes: [completionInlining], isPrivate: true, name: names.completeStep, parameters: [],
                        body: [
                            .forIn(
                                name: "handled", sequence: .literal("0...\(Self.alwaysStepLimit)"),
                                body: takingAlwaysRows + [
                                    .guardLet(
                                        name: "raised", value: .call(.member(raisedEvents, "next"), []),
                                        elseBody: [.returnStatement(nil)]),
                                    limit, trace(raised, awaited(dispatched)),
                                ])
                        ])))
        }
        // No event waits behind another (`raisesOneEventAtATime`): the one raised is taken from
        // its optional (a local where only `always` rows raise, else a stored one), and a step
        // that cannot go on after it ends the loop at once, so that where the outcome is known at
        // compile time the optimizer fuses the steps.
        let emptied: [SwiftStatement] =
            keepsRaisedEventLocally
            ? [
                .comment("Only `always` rows raise events: the one raised waits in a local, passed to the rows."),
                .declaration(
                    isVariable: true, name: names.raisedEvents, type: "\(names.types.event)?",
                    value: .identifier("nil")),
            ] : []
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: [
                        "Completes a step: takes the `always` rows that apply, then handles the event the machine",
                        "raised, followed by the `always` rows that apply after it, while the step goes on. A run",
                        "that never comes to rest is a bug of the machine: past \(Self.alwaysStepLimit) raised events it stops the",
                        "program.",
                    ],
                    attributes: [completionInlining], isPrivate: true, name: names.completeStep, parameters: [],
                    body: emptied + [
                        .forIn(
                            name: "handled", sequence: .literal("0...\(Self.alwaysStepLimit)"),
                            body: takingAlwaysRows + [
                                .guardLet(name: "raised", value: raisedEvents, elseBody: [.returnStatement(nil)]),
                                .assignment(raisedEvents, .identifier("nil")),
                                limit,
                                .declaration(isVariable: false, name: "outcome", type: nil, value: awaited(dispatched)),
                                trace(raised, .identifier("outcome")),
                                .guardStatement([goesOn], elseBody: [.returnStatement(nil)]),
                            ])
                    ])))
    }

    /// Whether only `always` rows raise events (no other row, with its exit and entry actions,
    /// and not the start): a step that goes on after an event's row then begins with none
    /// waiting.
    private var onlyAlwaysRowsRaise: Bool {
        !machine.startActions.contains { $0.raisedEvent != nil }
            && machine.states.allSatisfy { state in
                state.transitions.allSatisfy { transition in
                    transition.event == machine.alwaysEvent
                        || !transition.arrivals.contains { $0.effects.contains { $0.raisedEvent != nil } }
                }
            }
    }

    /// Whether the rest of a step is inlined where a step goes on: in a tiny machine, as its
    /// `handleEvent` is (see "What is inlined into what"); in a larger one it would copy the
    /// `always` rows and the dispatch of raised events into every `handle`, for the saving
    /// of a call that only steps that go on make.
    private var completionInlining: String { inlinesHandleEvent ? "@inline(__always)" : "@inline(never)" }

    /// `takeAlwaysRows()`, where the machine has `always` rows; `takeAlwaysRows(raising:
    /// &raisedEvents)` where it keeps the event they raise in a local.
    private var takingAlwaysRows: [SwiftStatement] {
        guard machine.alwaysEvent != nil else { return [] }
        return [.expression(awaited(.call(.identifier(names.takeAlwaysRows), raisingArguments)))]
    }

    /// Whether only `always` rows raise events, one at a time, in a machine without regions:
    /// `completeStep()` then keeps the event raised in a local, which it passes to
    /// `takeAlwaysRows` and `dispatchAlways` (`raising`), instead of a stored property, so that
    /// the optimizer keeps it in a register and stores nothing for it.
    var keepsRaisedEventLocally: Bool { raisesOneEventAtATime && onlyAlwaysRowsRaise }

    /// `raising: &raisedEvents`, where the machine keeps the event raised in a local.
    private var raisingArguments: [SwiftArgument] {
        keepsRaisedEventLocally ? [SwiftArgument("raising", .inoutReference(names.raisedEvents))] : []
    }

    /// `raising raisedEvents: inout Event?`, where the machine keeps the event raised in a local.
    private var raisingParameters: [SwiftParameter] {
        keepsRaisedEventLocally
            ? [SwiftParameter(label: "raising", name: names.raisedEvents, type: "inout \(names.types.event)?")] : []
    }

    /// The machine's `raisedEvents` property, or `completeStep()`'s local of that name
    /// (`keepsRaisedEventLocally`).
    var raisedEvents: SwiftExpression { .identifier(names.raisedEvents) }

    /// The queue of the events the machine raises, where it raises some.
    var raisedEventsProperty: [SwiftDeclaration] {
        guard machine.raisesEvents, !keepsRaisedEventLocally else { return [] }
        guard !raisesOneEventAtATime else {
            return [
                .property(
                    SwiftProperty(
                        documentation: [
                            "The event the machine raised (`^Event`), handled after the `always` rows of the step that",
                            "raised it; no event it raises waits behind another. Its accesses never overlap (no user",
                            "code runs during one), so they need no run-time exclusivity check.",
                        ],
                        attributes: ["@exclusivity(unchecked)"], restriction: "private", isVariable: true,
                        name: names.raisedEvents, type: "\(names.types.event)?", initialValue: .identifier("nil")))
            ]
        }
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
        .function(
            dispatching(
                SwiftFunction(
                    documentation: keepsRaisedEventLocally
                        ? [
                            "Takes the `always` rows that apply, one step after another, until none does; the event a",
                            "row raises waits in `\(names.raisedEvents)`. A run that never comes to rest is a bug of the",
                            "machine: past \(Self.alwaysStepLimit) steps it stops the program.",
                        ]
                        : [
                            "Takes the `always` rows that apply, one step after another, until none does. A run that",
                            "never comes to rest is a bug of the machine: past \(Self.alwaysStepLimit) steps it stops the program.",
                        ],
                    // Where the machine raises events, `completeStep()` is its one caller.
                    attributes: [machine.raisesEvents ? "@inline(__always)" : completionInlining], isPrivate: true,
                    name: names.takeAlwaysRows, parameters: raisingParameters, body: takeAlwaysRowsBody)))
    }

    /// The loop of `takeAlwaysRows()`. In a machine without regions, a row that ends in a state
    /// without `always` rows ends it at once (`stepGoesOn(after:)`, which knows those states),
    /// rather than after asking that state's rows, which it has none of: where the outcome is
    /// known at compile time the loop then goes round only after rows that can be followed by
    /// another, and the optimizer fuses the others into the step that reaches them. The limit
    /// is the same: the program stops right after the 1000th row, where it comes to rest or not.
    private var takeAlwaysRowsBody: [SwiftStatement] {
        let outcome = SwiftExpression.identifier("outcome")
        let taking: [SwiftStatement] = [
            .declaration(
                isVariable: false, name: "outcome", type: nil,
                value: awaited(
                    .call(
                        .identifier(machine.hasRegions ? "dispatchAlways" : names.dispatchAlways),
                        machine.hasRegions ? [SwiftArgument(.implicitMember("always"))] : raisingArguments))),
            .guardStatement([.matches(.enumCase("transitioned"), outcome)], elseBody: [.returnStatement(nil)]),
            .expression(.call(.member(.identifier("actions"), "traceAlways"), [SwiftArgument("outcome", outcome)])),
        ]
        let failure = SwiftStatement.expression(
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
                ]))
        guard !machine.hasRegions, let goesOn = stepGoesOn(after: outcome) else {
            return [.forIn(name: "_", sequence: .literal("0..<\(Self.alwaysStepLimit)"), body: taking), failure]
        }
        return [
            .forIn(
                name: "taken", sequence: .literal("1...\(Self.alwaysStepLimit)"),
                body: taking + [
                    .ifStatement([.equal(.identifier("taken"), .literal("\(Self.alwaysStepLimit)"))], body: [failure]),
                    .guardStatement([goesOn], elseBody: [.returnStatement(nil)]),
                ])
        ]
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
                    documentation: keepsRaisedEventLocally
                        ? [
                            "The `always` rows of the current state: `.transitioned` when one was taken; the event it",
                            "raises goes into `\(names.raisedEvents)`.",
                        ] : ["The `always` rows of the current state: `.transitioned` when one was taken."],
                    isPrivate: true, name: names.dispatchAlways, parameters: raisingParameters, returnType: "Outcome",
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
    /// `refusingStatesThatMoveOn` in a machine with regions: a `switch` on the configuration,
    /// and in each parallel state one on each region's value, that runs `failure` where a
    /// state (a region's, or a parallel state itself) has an `always` row without a condition.
    func regionRefusingStatesThatMoveOn(_ state: SwiftExpression, with failure: SwiftStatement) -> [SwiftStatement] {
        guard machine.states.indices.contains(where: machine.movesOnAtOnce) else { return [] }
        return nodeSwitch(
            state, scope: nil, cases(running: failure, where: machine.movesOnAtOnce, layout.nodes(in: nil)))
    }

    /// The cases of a `switch` on a scope's value over `nodes`: `statement` for those of which
    /// `holds` is true, the checks of their regions for parallel states that hold such a state.
    private func cases(running statement: SwiftStatement, where holds: (StateID) -> Bool, _ nodes: [StateID])
        -> [(nodes: [StateID], body: [SwiftStatement])]
    {
        var cases: [(nodes: [StateID], body: [SwiftStatement])] = []
        var holding: [StateID] = []
        for node in nodes {
            let result = running(statement, where: holds, node, value: .identifier("inner"))
            if result.holds {
                holding.append(node)
            } else if !result.statements.isEmpty {
                cases.append(([node], result.statements))
            }
        }
        if !holding.isEmpty { cases.insert((holding, [statement]), at: 0) }
        return cases
    }

    /// Whether `holds` is true of `node`, or else the statements that run `statement` where it
    /// is true of a state inside it, reading its regions from `value`.
    private func running(
        _ statement: SwiftStatement, where holds: (StateID) -> Bool, _ node: StateID,
        value: SwiftExpression
    ) -> (holds: Bool, statements: [SwiftStatement]) {
        if holds(node) { return (true, [statement]) }
        guard machine.states[node].isParallel else { return (false, []) }
        var statements: [SwiftStatement] = []
        for region in machine.states[node].substates {
            let regionValue = SwiftExpression.member(value, layout.caseName(of: region))
            if machine.states[region].isParallel {
                // A region that is a parallel state is checked as one.
                let result = running(statement, where: holds, region, value: regionValue)
                if result.holds { return result }
                statements += result.statements
                continue
            }
            statements += nodeSwitch(
                regionValue, scope: region, cases(running: statement, where: holds, layout.nodes(in: region)))
        }
        return (false, statements)
    }

    /// `stepGoesOn()` of a machine with regions, which decides at run time: whether the machine
    /// raised an event, or its configuration has a state with `always` rows (a region's, or a
    /// parallel state itself).
    private var regionStepGoesOnFunction: SwiftDeclaration {
        let raised = SwiftExpression.not(.member(raisedEvents, "isEmpty"))
        let yes = SwiftStatement.returnStatement(.identifier("true"))
        var body: [SwiftStatement]
        if machine.alwaysEvent == nil {
            body = [.returnStatement(raised)]
        } else {
            body = machine.raisesEvents ? [.ifStatement([raised], body: [yes])] : []
            body += nodeSwitch(
                .identifier(stateStorage), scope: nil,
                cases(running: yes, where: machine.hasAlwaysRows, layout.nodes(in: nil)))
            body.append(.returnStatement(.identifier("false")))
        }
        let documentation =
            machine.raisesEvents
            ? machine.alwaysEvent == nil
                ? ["Whether the step goes on: the machine raised an event."]
                : [
                    "Whether the step goes on: the machine raised an event, or its configuration has a state",
                    "with `always` rows.",
                ]
            : ["Whether the step goes on: the configuration has a state with `always` rows."]
        return .function(
            SwiftFunction(
                documentation: documentation, attributes: ["@inline(__always)"], isPrivate: true,
                name: names.stepGoesOn, parameters: [], returnType: "Swift.Bool", body: body))
    }

    /// The `always` functions of a machine with regions: the test of whether a step goes on,
    /// the loop, the one-case enum its dispatch switches on, then the dispatch over the
    /// regions, as for events.
    var regionAlwaysFunctions: [SwiftDeclaration] {
        guard machine.alwaysEvent != nil || machine.raisesEvents else { return [] }
        guard machine.alwaysEvent != nil else { return [regionStepGoesOnFunction] + raiseFunctions }
        let step = SwiftDeclaration.enumeration(
            SwiftEnum(
                documentation: [
                    "What the dispatch of `always` rows switches on, as events' dispatch switches on the event."
                ],
                attributes: isInlinable ? ["@usableFromInline"] : [], name: "AlwaysStep", conformances: [],
                cases: [SwiftEnumCase(name: "always")], members: []))
        return [regionStepGoesOnFunction] + raiseFunctions + [takeAlwaysRowsFunction, step]
            + dispatchFunctions(.always)
    }
}

extension StateMachine {
    /// Whether no event the machine raises ever waits behind another, so that one stored
    /// optional holds it, as the generated `completeStep()` assumes: in a machine without
    /// regions, every row (`always` rows included) and the start raise at most one event, with
    /// their exit and entry actions and the initial rows they follow, and each that raises one
    /// ends in a state without `always` rows. A step then begins with no event waiting (the
    /// last one raised was taken); an event raised is taken next, once the `always` rows of its
    /// step were found not to apply, since there are none; and its own row raises one again
    /// only as such a row.
    var raisesOneEventAtATime: Bool {
        guard raisesEvents, !hasRegions else { return false }
        func raises(_ calls: [ActionCall]) -> Int { calls.filter { $0.raisedEvent != nil }.count }
        func restsIn(_ state: StateID) -> Bool {
            !([state] + states[state].ancestors).contains(where: hasAlwaysRows)
        }
        let startRaises = raises(startActions)
        guard startRaises <= 1, startRaises == 0 || restsIn(initialState) else { return false }
        return states.allSatisfy { state in
            state.transitions.allSatisfy { transition in
                transition.arrivals.allSatisfy { arrival in
                    let count = raises(arrival.effects)
                    return count == 0 || (count == 1 && restsIn(arrival.target))
                }
            }
        }
    }
}

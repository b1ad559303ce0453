// Snapshots: the `<FSM>Snapshot` struct, the machine's `snapshot` and the initializer that
// restores one.

/// Saving and restoring a machine as data (issue 19): `<FSM>Snapshot`, `Codable`, holds the
/// state, the histories and the running timers with the time each has left; the machine's
/// `snapshot` takes one and `init(actions:snapshot:)` restores it without running entry
/// actions. A restored timer resumes: it fires after the time it had left when the
/// snapshot was taken. Time that passed in between is the app's to count
/// (`advanced(by:)`), since a snapshot cannot know it.
extension Translator {
    private var pendingTimersType: String { "[FSMRuntime.PendingTimer<\(names.types.timer)>]" }
    private var hasHistory: Bool { !historyStorageStates.isEmpty }

    /// `<FSM>Snapshot`: the state, the history and the running timers, as the machine has
    /// them, with an initializer whose defaults are a machine that just started (except
    /// for the timers, which the app must say).
    var snapshotStruct: SwiftDeclaration {
        var properties = [
            SwiftDeclaration.property(
                SwiftProperty(
                    documentation: ["The state the machine is in."], access: modifier, isVariable: true, name: "state",
                    type: names.types.state))
        ]
        // No default where the initial configuration moves on at once: no machine is in it
        // between events, and a snapshot in it does not decode.
        let initialMovesOn = machine.initialConfiguration.contains(where: machine.movesOnAtOnce)
        // Nor where the initial state holds values, which the app gives.
        let hasDefault =
            !initialMovesOn && machine.initialConfiguration.allSatisfy { machine.parameters(of: $0).isEmpty }
        var parameters = [
            SwiftParameter(
                name: "state", type: names.types.state,
                defaultValue: hasDefault ? initialStateValue : nil)
        ]
        var parts = "its state"
        if hasHistory {
            properties.append(
                .property(
                    SwiftProperty(
                        documentation: ["The states last current in its superstates with history."], access: modifier,
                        isVariable: true, name: "history", type: names.types.history)))
            parameters.append(
                SwiftParameter(
                    name: "history", type: names.types.history,
                    defaultValue: .call(.identifier(names.types.history), [])))
            parts += machine.hasTimers ? ", the histories of its superstates" : " and the histories of its superstates"
        }
        if machine.hasTimers {
            properties.append(
                .property(
                    SwiftProperty(
                        documentation: [
                            "Its running timers, each with the time it had left: the restored machine starts these,",
                            "and no others.",
                        ],
                        access: modifier, isVariable: true, name: "timers", type: pendingTimersType)))
            parameters.append(SwiftParameter(name: "timers", type: pendingTimersType))
            parts += " and its running timers"
        }
        let initializer = SwiftDeclaration.initializer(
            SwiftFunction(
                documentation: Self.wrapped(
                    "A snapshot of a machine in `state`"
                        + (hasDefault ? ", by default the initial state `\(initialState.name)`" : "")
                        + (hasHistory ? ", with `history`, by default none" : "")
                        + (machine.hasTimers ? ", running `timers`" : "") + "."),
                access: modifier, name: "init", parameters: parameters,
                body: parameters.map { .assignment(.member(.identifier("self"), $0.name), .identifier($0.name)) }))
        var members = properties + [initializer]
        if statesAreCodable, let decoding = decodingInitializer { members.append(decoding) }
        if machine.hasTimers { members.append(advancedFunction) }
        return .structure(
            SwiftStruct(
                documentation: Self.wrapped(snapshotDocumentation(parts)),
                attributes: machine.hasTimers ? [Self.timerAvailability] : [],
                access: modifier, name: names.types.snapshot,
                conformances: stateHolderConformances, members: members,
                isolation: valueIsolation))
    }

    /// What the snapshot is and how it is saved: its states encoded as their names in the
    /// .sm file; with state data, as `Codable` encodes them with their values, where the
    /// `StateData:` header claims `Codable`.
    private func snapshotDocumentation(_ parts: String) -> String {
        let what = machine.hasTimers ? "states and timers" : "states"
        guard machine.hasStateData else {
            return "The `\(machine.name.name)` machine as data: \(parts). Save it (it is `Codable`, its \(what)"
                + " encoded as their names in the .sm file) and restore the machine with `init(actions:snapshot:)`."
        }
        return "The `\(machine.name.name)` machine as data: \(parts). "
            + (statesAreCodable
                ? "Save it (it is `Codable`, as `StateData:` claims: its states encoded with their values"
                    + (machine.hasTimers ? ", its timers as their names in the .sm file)" : ")")
                : "Keep it (it is not `Codable`: `StateData:` does not claim it)")
            + " and restore the machine with `init(actions:snapshot:)`."
    }

    /// `init(from:)` of a machine without regions that has states an `always` row leaves
    /// at once: it decodes what `Codable` would, and refuses such a state, which no machine
    /// is in between events (Language reference › Always rows). Encoding stays synthesized.
    private var decodingInitializer: SwiftDeclaration? {
        let container = SwiftExpression.identifier("container")
        func decode(_ name: String, _ type: String) -> SwiftStatement {
            .assignment(
                .member(.identifier("self"), name),
                .trying(
                    .call(
                        .member(container, "decode"),
                        [
                            SwiftArgument(.member(.typeName(type), "self")),
                            SwiftArgument("forKey", .implicitMember(name)),
                        ]
                    )))
        }
        var body: [SwiftStatement] = [
            .declaration(
                isVariable: false, name: "container", type: nil,
                value: .trying(
                    .call(
                        .member(.identifier("decoder"), "container"),
                        [SwiftArgument("keyedBy", .member(.identifier("CodingKeys"), "self"))]))),
            decode("state", names.types.state),
        ]
        if hasHistory { body.append(decode("history", names.types.history)) }
        if machine.hasTimers { body.append(decode("timers", pendingTimersType)) }
        let refusal = SwiftStatement.throwStatement(
            .call(
                .member(.typeName("Swift.DecodingError"), "dataCorruptedError"),
                [
                    SwiftArgument("forKey", .implicitMember("state")), SwiftArgument("in", container),
                    SwiftArgument(
                        "debugDescription",
                        .interpolatedString([
                            .text("\(machine.name.name) is never in "), .value(.identifier("state")),
                            .text(" between events: its 'always' row without a condition moves on at once"),
                        ])),
                ]))
        let refusing = layout.refusingStatesThatMoveOn(.identifier("state"), with: refusal, in: self)
        guard !refusing.isEmpty else { return nil }
        return .initializer(
            SwiftFunction(
                documentation: [
                    "Decodes a snapshot, refusing a state that an `always` row leaves at once: no machine is",
                    "in it between events.",
                ],
                access: modifier, name: "init",
                parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Swift.Decoder")],
                body: body + refusing, isThrowing: true))
    }

    /// `advanced(by:)`: the time between saving and restoring counted as passed.
    private var advancedFunction: SwiftDeclaration {
        .function(
            SwiftFunction(
                documentation: [
                    "The snapshot as it is `elapsed` later: each timer has that much less time left, and",
                    "none less than zero, so that one that fell due meanwhile fires as soon as the restored",
                    "machine can handle it. Restoring resumes each timer with the time it had left; an app",
                    "that counts the time it was not running (a deadline on the wall clock) passes that here.",
                ],
                access: modifier, name: "advanced",
                parameters: [SwiftParameter(label: "by", name: "elapsed", type: "Swift.Duration")],
                returnType: names.types.snapshot,
                body: [
                    .declaration(isVariable: true, name: "snapshot", type: nil, value: .identifier("self")),
                    .assignment(
                        .member(.identifier("snapshot"), "timers"),
                        .call(
                            .member(.identifier("timers"), "map"),
                            [
                                SwiftArgument(
                                    .closure(
                                        .call(
                                            .member(.identifier("$0"), "advanced"),
                                            [SwiftArgument("by", .identifier("elapsed"))])))
                            ])),
                    .returnStatement(.identifier("snapshot")),
                ]))
    }

    /// The machine's `snapshot`. It reads `state` through its getter, as observers expect.
    var snapshotProperty: SwiftDeclaration {
        var arguments = [SwiftArgument("state", .identifier("state"))]
        if hasHistory { arguments.append(SwiftArgument("history", .identifier("history"))) }
        if machine.hasTimers {
            let timeLeft = SwiftExpression.nilCoalescing(
                .call(
                    .member(.identifier("actions"), "timeLeft"),
                    [SwiftArgument(.identifier("$0"))] + schedulerArguments),
                .member(.identifier("$0"), "duration"))
            arguments.append(
                SwiftArgument(
                    "timers",
                    .call(
                        .member(.identifier(names.timerTokens), "pendingTimers"),
                        [SwiftArgument("timeLeft", .closure(timeLeft))])))
        }
        let documentation = Self.wrapped(
            "The machine as data: its state" + (hasHistory ? " and history" : "")
                + (machine.hasTimers ? ", and its running timers with the time each has left" : "")
                + ". Save it (it is `Codable`) and restore the machine with `init(actions:snapshot:)`."
                + (machine.hasTimers
                    ? " A timer whose actions cannot say how long it has left is saved with its whole duration." : ""))
        return .property(
            SwiftProperty(
                documentation: documentation, access: modifier, isVariable: true, name: "snapshot",
                type: names.types.snapshot,
                getterBody: [.returnStatement(.call(.identifier(names.types.snapshot), arguments))]))
    }

    /// `init(actions:snapshot:)`: the machine as the snapshot has it, without entry actions;
    /// each timer it lists starts to fire after the time it had left.
    var restoringInitializer: SwiftDeclaration {
        var body: [SwiftStatement] =
            restorableCheck(.member(.identifier("snapshot"), "state")) + [
                .assignment(.member(.identifier("self"), "actions"), .identifier("actions")),
                .assignment(.member(.identifier("self"), stateStorage), .member(.identifier("snapshot"), "state")),
            ]
        if hasHistory {
            body.append(
                .assignment(.member(.identifier("self"), historyStorage), .member(.identifier("snapshot"), "history")))
        }
        if machine.hasStart { body.append(.assignment(.identifier(names.started), .identifier("true"))) }
        var parameters = [
            SwiftParameter(name: "actions", type: "Actions"),
            SwiftParameter(name: "snapshot", type: names.types.snapshot),
        ]
        var text =
            "A machine as `snapshot` has it: in its state" + (hasHistory ? ", with its history" : "")
            + (machine.hasStart ? ", started" : "")
            + ". No entry actions run, so that a saved machine is restored as it was."
        if machine.hasTimers {
            if hasScheduler {
                parameters.append(timersParameter)
                body.append(.assignment(.member(.identifier("self"), names.timers), .identifier("timers")))
            }
            let pending = SwiftExpression.identifier("pending")
            body.append(
                .forIn(
                    name: "pending", sequence: .member(.identifier("snapshot"), "timers"),
                    body: [
                        .expression(
                            .call(
                                .identifier("startTimer"),
                                [
                                    SwiftArgument(.member(pending, "timer")),
                                    SwiftArgument("after", .member(pending, "timeLeft")),
                                ]))
                    ]))
            text +=
                (hasScheduler
                    ? " The timers it lists start on `timers`, each to fire after the time it had left"
                    : " The timers it lists start through the actions, each to fire after the time it had left")
                + " (`\(names.types.snapshot).advanced(by:)` counts the time since it was taken)."
        }
        return .initializer(
            SwiftFunction(
                documentation: Self.wrapped(text), access: modifier, name: "init",
                parameters: parameters, body: body))
    }
}

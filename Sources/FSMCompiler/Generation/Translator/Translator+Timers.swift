// The timers of `after` rows: the timer enum, the actions' timer hooks, and the machine's
// functions that start, cancel, fire and dispatch them.

/// The timers of `after` rows (Language reference › Timers), for a machine that has some; a
/// machine without them has none of this. A timer is an event the app never sends: it has
/// an enum of its own, the machine starts it through its actions after the entry actions of
/// the state that owns it and cancels it after that state's exit actions, and the scheduler
/// calls the machine back when it falls due. Each start has a token; a firing whose token
/// is not the timer's running one is stale and ignored.
extension Translator {
    /// Clock and Duration, which the scheduler's API uses, came with these versions.
    static var timerAvailability: String { "@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)" }

    var timerType: String { names.types.timer }
    var schedulerType: String { "any FSMRuntime.TimerScheduler<\(timerType)>" }

    /// `enum PlayerTimer { case bufferingAfter30s = "Buffering after(30s)" … }` with each
    /// timer's duration.
    var timerEnum: [SwiftDeclaration] {
        guard machine.hasTimers else { return [] }
        let timers = machine.timerEvents
        let durationCases = timers.map { event in
            SwiftCase(
                patterns: [.enumCase(machine.events[event].swiftName)],
                body: [.returnStatement(durationExpression(machine.eventTimers[event]!.duration))])
        }
        return [
            .enumeration(
                SwiftEnum(
                    documentation: [
                        "The timers of the `\(machine.name.name)` machine's `after` rows, one per state and duration. Each",
                        "case prints as its state and event in the .sm file, which is also its raw value.",
                    ],
                    access: modifier, name: timerType, conformances: Self.printedEnumConformances,
                    cases: timers.map {
                        SwiftEnumCase(name: machine.events[$0].swiftName, rawValue: machine.timerName(of: $0))
                    },
                    members: [
                        .property(
                            SwiftProperty(
                                documentation: ["How long the machine stays in the timer's state before it fires."],
                                attributes: [Self.timerAvailability], access: modifier, isVariable: true,
                                name: "duration",
                                type: "Swift.Duration",
                                getterBody: [
                                    .switchStatement(SwiftSwitch(subject: .identifier("self"), cases: durationCases))
                                ])),
                        rawValueDescription,
                    ],
                    isolation: valueIsolation))
        ]
    }

    /// `.seconds(30)`, `.milliseconds(500)`: a duration as written, in seconds for minutes and
    /// hours, which `Duration` has no function for.
    private func durationExpression(_ duration: TimerDuration) -> SwiftExpression {
        switch duration.unit {
        case .ms: .call(.implicitMember("milliseconds"), [SwiftArgument(.identifier(String(duration.value)))])
        case .s, .min, .h:
            .call(.implicitMember("seconds"), [SwiftArgument(.identifier(String(duration.milliseconds / 1_000)))])
        }
    }

    /// Whether the machine runs its timers on a scheduler (`TimerScheduler`), which calls it
    /// back from a task of its own: an isolated machine. A machine without `Isolation:` has
    /// its actions run them on the app's own executor (Language reference › Timers).
    var hasScheduler: Bool { machine.isolation != nil }

    /// The type of the closure a timer calls when it falls due: `@Sendable` and `async` for a
    /// scheduler, which hops back to the machine's actor; for a machine without an actor, a
    /// closure the app calls where it runs the machine, `nonisolated(nonsending)` and `async`
    /// in an async machine.
    private var fireType: String {
        if hasScheduler { return "@escaping @Sendable () async -> Swift.Void" }
        return machine.isAsync
            ? "nonisolated(nonsending) @escaping () async -> Swift.Void" : "@escaping () -> Swift.Void"
    }

    /// The actions protocol's timer requirements, with their default bodies: the trace of a
    /// timeout, and starting and cancelling a timer on the machine's scheduler. Without a
    /// scheduler, starting and cancelling have no default (the app runs its timers), and
    /// `timeLeft` answers nil.
    var timerHooks: [SwiftFunction] {
        guard machine.hasTimers else { return [] }
        let timer = SwiftParameter(label: "_", name: "timer", type: timerType)
        let scheduler = hasScheduler ? [SwiftParameter(label: "on", name: "timers", type: schedulerType)] : []
        let timers = SwiftExpression.identifier("timers")
        let trace = SwiftFunction(
            documentation: [
                "Called after every timeout the machine handles, with what happened; the default does nothing."
            ],
            access: modifier, isMutating: true, name: "trace",
            parameters: [timer, SwiftParameter(name: "outcome", type: outcomeType)], body: [])
        guard hasScheduler else {
            return [
                trace,
                SwiftFunction(
                    documentation: [
                        "Called when the machine enters the state of `timer`: call `fire` where the machine runs,",
                        "once `duration` has passed (`timer.duration`, or for a restored machine the time the timer",
                        "had left), unless `cancelTimer(_:)` comes first; never from inside this call or an action.",
                        "Starting a running timer restarts it.",
                    ],
                    access: modifier, isMutating: true, name: "startTimer",
                    parameters: [
                        timer, SwiftParameter(label: "after", name: "duration", type: "Swift.Duration"),
                        SwiftParameter(name: "fire", type: fireType),
                    ],
                    body: []),
                SwiftFunction(
                    documentation: ["Called when the machine leaves the state of a running `timer`: stop it."],
                    access: modifier, isMutating: true, name: "cancelTimer", parameters: [timer], body: []),
                SwiftFunction(
                    documentation: [
                        "Asked for the machine's snapshot: how long until the running `timer` fires, nil if",
                        "unknown (it is then saved with its whole duration). The default answers nil.",
                    ],
                    access: modifier, name: "timeLeft", parameters: [timer], returnType: "Swift.Duration?",
                    body: [.returnStatement(.identifier("nil"))]),
            ]
        }
        return [
            trace,
            SwiftFunction(
                documentation: [
                    "Called when the machine enters the state of `timer`, to call `fire` once `duration` has",
                    "passed: `timer.duration`, or for a restored machine the time the timer had left. The",
                    "default starts it on `timers`, the scheduler the machine was made with.",
                ],
                access: modifier, isMutating: true, name: "startTimer",
                parameters: [
                    timer, SwiftParameter(label: "after", name: "duration", type: "Swift.Duration"),
                ] + scheduler + [
                    SwiftParameter(name: "fire", type: fireType)
                ],
                body: [
                    .expression(
                        .call(
                            .member(timers, "start"),
                            [
                                SwiftArgument(.identifier("timer")), SwiftArgument("after", .identifier("duration")),
                                SwiftArgument("fire", .identifier("fire")),
                            ]))
                ]),
            SwiftFunction(
                documentation: [
                    "Called when the machine leaves the state of a running `timer`; the default cancels it on `timers`."
                ],
                access: modifier, isMutating: true, name: "cancelTimer", parameters: [timer] + scheduler,
                body: [.expression(.call(.member(timers, "cancel"), [SwiftArgument(.identifier("timer"))]))]),
            SwiftFunction(
                documentation: [
                    "Asked for the machine's snapshot: how long until the running `timer` fires, nil if",
                    "unknown (it is then saved with its whole duration). The default asks `timers`.",
                ],
                access: modifier, name: "timeLeft", parameters: [timer] + scheduler, returnType: "Swift.Duration?",
                body: [.returnStatement(.call(.member(timers, "timeLeft"), [SwiftArgument(.identifier("timer"))]))]),
        ]
    }

    /// Whether the actions protocol gives `hook`, one of `timerHooks`, a default: all but
    /// starting and cancelling a timer in a machine without a scheduler.
    func hasDefault(_ hook: SwiftFunction) -> Bool {
        hasScheduler || (hook.name != "startTimer" && hook.name != "cancelTimer")
    }

    /// `on: timers`, the scheduler argument of the actions' timer hooks, where there is one.
    var schedulerArguments: [SwiftArgument] {
        hasScheduler ? [SwiftArgument("on", .identifier(names.timers))] : []
    }

    /// The scheduler, if the machine has one, and the tokens of the running timers.
    var timerProperties: [SwiftDeclaration] {
        let scheduler: [SwiftDeclaration] = [
            .property(
                SwiftProperty(
                    documentation: ["Runs the timers of the `after` rows."], restriction: "private",
                    isVariable: false, name: names.timers, type: schedulerType))
        ]
        return (hasScheduler ? scheduler : []) + [
            .property(
                SwiftProperty(
                    documentation: [
                        "The token of each running timer's latest start: a firing with another one is stale, and ignored."
                    ],
                    restriction: "private", isVariable: true, name: names.timerTokens,
                    initialValue: .call(.typeName("FSMRuntime.TimerTokens<\(timerType)>"), [])))
        ]
    }

    /// The initializer's scheduler parameter, on the continuous clock by default.
    var timersParameter: SwiftParameter {
        SwiftParameter(
            name: "timers", type: schedulerType,
            defaultValue: .call(.typeName("FSMRuntime.ClockTimers<\(timerType), Swift.ContinuousClock>"), []))
    }

    /// What the initializer adds: the scheduler kept, and the timers of the state it starts in started.
    var timerInitialization: [SwiftStatement] {
        (hasScheduler ? [.assignment(.member(.identifier("self"), names.timers), .identifier("timers"))] : []) + [
            .expression(.call(.identifier("startTimers"), [SwiftArgument(.identifier("state"))]))
        ]
    }

    /// `startTimer(.x)` or `cancelTimer(.x)` for the timers of `states`, in their order.
    func timerCalls(_ function: String, _ states: [StateID]) -> [SwiftStatement] {
        guard machine.hasTimers else { return [] }
        return states.flatMap { machine.timers(ownedBy: $0) }.map { timer in
            .expression(.call(.identifier(function), [SwiftArgument(.implicitMember(machine.events[timer].swiftName))]))
        }
    }

    /// What a machine with timers adds to the machine's functions.
    var timerFunctions: [SwiftDeclaration] { layout.timerFunctions(in: self) }

    /// Starts the timers of a state the machine is created in, and of its superstates.
    var startTimersFunction: SwiftDeclaration {
        var cases: [SwiftCase] = []
        var untimed: [SwiftPattern] = []
        for state in machine.currentStates {
            let calls = timerCalls("startTimer", machine.states[state].ancestors + [state])
            if calls.isEmpty {
                untimed.append(.enumCase(machine.states[state].named.swiftName))
            } else {
                cases.append(SwiftCase(patterns: [.enumCase(machine.states[state].named.swiftName)], body: calls))
            }
        }
        if !untimed.isEmpty { cases.append(SwiftCase(patterns: untimed, body: [.breakStatement])) }
        return .function(
            SwiftFunction(
                documentation: ["Starts the timers of `state` and its superstates, outermost first."],
                isPrivate: true, name: "startTimers",
                parameters: [SwiftParameter(label: "_", name: "state", type: names.types.state)],
                body: [.switchStatement(SwiftSwitch(subject: .identifier("state"), cases: cases))]))
    }

    /// Starts `timer` (again, if it runs) with a new token, through the actions.
    var startTimerFunction: SwiftDeclaration {
        let fired = SwiftExpression.call(
            .optionalMember(.identifier("self"), "timerFired"),
            [SwiftArgument(.identifier("timer")), SwiftArgument("token", .identifier("token"))])
        return .function(
            SwiftFunction(
                documentation: [
                    "Starts `timer`, or restarts it: a firing of an earlier start is stale from now on. It fires",
                    "after its duration, or after `duration`, the time a restored timer had left.",
                ],
                isPrivate: true, name: "startTimer",
                parameters: [
                    SwiftParameter(label: "_", name: "timer", type: timerType),
                    SwiftParameter(
                        label: "after", name: "duration", type: "Swift.Duration?", defaultValue: .identifier("nil")),
                ],
                body: [
                    .declaration(
                        isVariable: false, name: "token", type: nil,
                        value: .call(
                            .member(.identifier(names.timerTokens), "start"), [SwiftArgument(.identifier("timer"))])),
                    .expression(
                        .call(
                            .member(.identifier("actions"), "startTimer"),
                            [
                                SwiftArgument(.identifier("timer")),
                                SwiftArgument(
                                    "after",
                                    .nilCoalescing(.identifier("duration"), .member(.identifier("timer"), "duration"))),
                            ] + schedulerArguments + [
                                SwiftArgument(
                                    "fire",
                                    .capturingClosure(
                                        captures: ["weak self"],
                                        body: hasScheduler || machine.isAsync ? .await(fired) : fired))
                            ])),
                ]))
    }

    /// Cancels `timer` through the actions if it is running.
    var cancelTimerFunction: SwiftDeclaration {
        .function(
            SwiftFunction(
                documentation: ["Cancels `timer` if it is running."],
                isPrivate: true, name: "cancelTimer",
                parameters: [SwiftParameter(label: "_", name: "timer", type: timerType)],
                body: [
                    .guardStatement(
                        [
                            .call(
                                .member(.identifier(names.timerTokens), "cancel"), [SwiftArgument(.identifier("timer"))]
                            )
                        ],
                        elseBody: [.returnStatement(nil)]),
                    .expression(
                        .call(
                            .member(.identifier("actions"), "cancelTimer"),
                            [SwiftArgument(.identifier("timer"))] + schedulerArguments)),
                ]))
    }

    /// The scheduler's call back: handles the timeout in its turn (run to completion),
    /// unless it is stale.
    var timerFiredFunction: SwiftDeclaration {
        let fire = SwiftExpression.call(
            .member(.identifier(names.timerTokens), "fire"),
            [SwiftArgument(.identifier("timer")), SwiftArgument("token", .identifier("token"))])
        let dispatched = SwiftStatement.declaration(
            isVariable: false, name: "outcome", type: nil,
            value: awaited(.call(.identifier("dispatchTimer"), [SwiftArgument(.identifier("timer"))])))
        let traced = trace(.identifier("timer"), .identifier("outcome"))
        var body: [SwiftStatement]
        if machine.isAsync {
            var handled = [dispatched, traced] + completingStep(after: .identifier("outcome"))
            if !machine.appEvents.isEmpty { handled.append(drainingWaitingEvents) }
            body = [
                .comment("A firing runs in a task of its own, never inside an action: its turn comes."),
                .guardStatement([.await(.call(.member(eventQueue, "begin"), []))], elseBody: [.returnStatement(nil)]),
                .ifStatement([fire], body: handled),
                .expression(.call(.member(eventQueue, "end"), [])),
            ]
        } else if machine.appEvents.isEmpty {
            body =
                [.guardStatement([fire], elseBody: [.returnStatement(nil)]), dispatched, traced]
                + completingStep(after: .identifier("outcome"))
        } else {
            body =
                [
                    .guardStatement([fire], elseBody: [.returnStatement(nil)]),
                    .guardLet(
                        name: "handling", value: .call(.member(eventQueue, "begin"), beginArguments),
                        elseBody: [
                            .expression(
                                .call(
                                    .typeName("Swift.preconditionFailure"),
                                    [
                                        SwiftArgument(
                                            .stringLiteral("a timer fired inside an action, which cannot await"))
                                    ]))
                        ]),
                    dispatched, traced,
                ] + completingStep(after: .identifier("outcome")) + [
                    endingHandling(after: .identifier("outcome"), returning: nil)
                ]
        }
        var function = SwiftFunction(
            documentation: [
                "Called back by the scheduler when `timer` falls due: handles the timeout in its turn,",
                "unless the timer was cancelled or restarted since the start of `token`.",
            ],
            isPrivate: true, name: "timerFired",
            parameters: [
                SwiftParameter(label: "_", name: "timer", type: timerType),
                SwiftParameter(name: "token", type: "Swift.UInt64"),
            ],
            body: body)
        function.isAsync = machine.isAsync
        return .function(function)
    }

    /// `switch state`, then `switch timer`: the rows of the timers, as the state functions
    /// have the rows of events.
    var timerDispatchFunction: SwiftDeclaration {
        let stateSwitch = switchOnState { index in
            let timed = (dispatch[index] ?? []).filter { machine.timer(of: $0.event) != nil }
            guard !timed.isEmpty else { return nil }
            var timerCases = timed.map { dispatch in
                SwiftCase(
                    patterns: [.enumCase(machine.events[dispatch.event].swiftName)], body: body(of: dispatch, in: index)
                )
            }
            if timed.count < machine.timerEvents.count {
                timerCases.append(
                    SwiftCase(patterns: [], body: [unhandledTimerReturn(currentStateValue(index))]))
            }
            return [.switchStatement(SwiftSwitch(subject: .identifier("timer"), cases: timerCases))]
        }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: [
                        "The rows of `timer` in the current state, which has them: a timer runs only in its own state."
                    ],
                    isPrivate: true, name: "dispatchTimer",
                    parameters: [SwiftParameter(label: "_", name: "timer", type: timerType)], returnType: "Outcome",
                    body: [stateSwitch])))
    }

    /// `switch state` over the states that can be current, each with the statements `body`
    /// gives it; the states it gives none share a `default` that returns `.unhandled`
    /// (without the hook, which takes the app's events): the timeouts' and `always` rows'
    /// dispatch.
    func switchOnState(_ body: (StateID) -> [SwiftStatement]?) -> SwiftStatement {
        var cases: [SwiftCase] = []
        var others = false
        for index in machine.currentStates {
            guard let statements = body(index) else {
                others = true
                continue
            }
            cases.append(
                SwiftCase(patterns: [statePattern(index, bindingWhatIsMentionedIn: statements)], body: statements))
        }
        if others { cases.append(SwiftCase(patterns: [], body: [unhandledTimerReturn(.identifier(stateStorage))])) }
        return .switchStatement(SwiftSwitch(subject: .identifier(stateStorage), cases: cases))
    }

    /// `.unhandled(in: state)`, which a timeout never meets (its timer runs only in its state),
    /// without the unhandled-event hook, which takes events the app sends.
    func unhandledTimerReturn(_ state: SwiftExpression) -> SwiftStatement {
        .returnStatement(.call(.implicitMember("unhandled"), [SwiftArgument("in", state)]))
    }
}

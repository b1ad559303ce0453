// The machine class: its members in order, its documentation, its stored properties (state,
// history, actions, observation) and its initializer; what makes it inlinable.

extension Translator {
    /// The machine class: its documentation, its availability, and its members, inlinable
    /// where the machine is used from another module.
    var machineClass: SwiftDeclaration {
        let members = machineMembers
        return .classDeclaration(
            SwiftClass(
                documentation: ["The `\(machine.name.name)` state machine.", ""]
                    + (machine.isAsync ? asyncUsage : usage)
                    + (machine.hasStart ? [""] + startUsage : [])
                    + (isInlinable ? inlinableUsage : []),
                // Observation came with these versions of Apple's systems; the machine says so,
                // so that an app targeting older ones is told at its uses, not in this file.
                attributes: machine.isObservable
                    ? ["@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)"]
                    : machine.hasTimers ? [Self.timerAvailability] : [],
                access: modifier, isFinal: true, name: names.types.machine,
                genericParameters: [SwiftGenericParameter(name: "Actions", constraint: names.types.actions)],
                members: isInlinable ? members.map(inlinable) : members,
                conformances: machine.isObservable ? ["Observation.Observable"] : [],
                isolation: isolation))
    }

    /// The class's members in the order the file has them: `Outcome`, the stored
    /// properties, then the initializers and the functions.
    private var machineMembers: [SwiftDeclaration] {
        var members: [SwiftDeclaration] =
            [
                .typeAlias(
                    SwiftTypeAlias(
                        documentation: ["What `handle(_:)` returns."], access: modifier,
                        name: "Outcome", type: outcomeType))
            ] + stateProperty
        if !historyStorageStates.isEmpty { members += historyProperties }
        members.append(actionsProperty)
        if machine.isObservable { members += observationProperties }
        if machine.hasTimers { members += timerProperties }
        if machine.hasStart { members += startProperties }
        members += raisedEventsProperty
        // A machine whose rows name no event yet has no event to handle: Swift would warn
        // that any code taking a value of its event type, which has no cases, never runs.
        // Its timers, if it has some, still fire, one at a time.
        guard !machine.appEvents.isEmpty else {
            if machine.hasTimers && machine.isAsync {
                members.append(asyncEventQueueProperty(["Timeouts waiting their turn."]))
            }
            members += initializers
            if machine.hasTimers { members += timerFunctions }
            members += layout.helperFunctions(in: self)
            return members
        }
        return members + eventHandlingMembers
    }

    /// The members of a machine that has events, after its other stored properties: the
    /// queue, the initializers, `handle` and the method of each event, `canHandle`, dispatch,
    /// then the timers' functions and the helpers.
    private var eventHandlingMembers: [SwiftDeclaration] {
        let used = predicateTypesUsed()
        let eventFunctions = machine.appEvents.map { eventFunction($0, using: used[$0]) }
        let canHandle = layout.canHandleFunction(in: self)
        var members: [SwiftDeclaration]
        if machine.isAsync {
            members =
                [asyncEventQueueProperty(["Events waiting their turn, and those sent from inside actions."])]
                + initializers + [asyncHandleFunction] + eventFunctions + [canHandle]
        } else {
            members =
                [eventQueueProperty] + initializers + [handleFunction] + eventFunctions
                + [canHandle, handleEventFunction, enqueueFunction, handleWaitingEventsFunction]
        }
        members += layout.dispatchFunctions(in: self)
        members.append(unhandledFunction)
        if machine.hasTimers { members += timerFunctions }
        if machine.isObservable { members.append(changeStateFunction) }
        return members + answerFunctions
    }

    /// What the documentation of a machine that is not async says of its use.
    private var usage: [String] {
        guard !machine.appEvents.isEmpty else {
            return [
                machine.hasTimers
                    ? "It has no events to send it, only the timers of its `after` rows, and so no `handle(_:)`."
                    : "It has no events yet (no row of the .sm file names one), and so no `handle(_:)`."
            ]
        }
        return [
            "Send it events with `handle(_:)` or with the method named after each event; each",
            "returns what happened. An event sent from inside an action is queued and handled",
            "as soon as the current transition completes (run to completion). Actions that never",
            "send events can say so (`static var sendsEvents: Bool { false }`), and dispatch then",
            "costs what a hand-written `switch` costs.",
        ]
    }

    /// The queue of an async machine, in which events (and timeouts) wait their turn.
    private func asyncEventQueueProperty(_ documentation: [String]) -> SwiftDeclaration {
        .property(
            SwiftProperty(
                documentation: documentation, restriction: "private", isVariable: false, name: names.eventQueue,
                initialValue: .call(.typeName("FSMRuntime.AsyncEventQueue<\(queueElementType)>"), [])))
    }

    /// The queue of a machine that is not async, in which the events sent from inside
    /// actions wait their turn.
    private var eventQueueProperty: SwiftDeclaration {
        .property(
            SwiftProperty(
                documentation: eventQueueDocumentation, attributes: ["@exclusivity(unchecked)"],
                restriction: "private", isVariable: true, name: names.eventQueue,
                initialValue: .call(
                    .typeName("FSMRuntime.EventQueue<\(queueElementType), \(names.types.state)>"), [])))
    }

    /// Why the queue is `@exclusivity(unchecked)`: a class's stored properties otherwise get
    /// a run-time exclusivity check per access, here two per event, each costing more than
    /// the dispatch.
    private var eventQueueDocumentation: [String] {
        [
            "Events sent from inside actions, waiting their turn. Its accesses never overlap (its",
            "methods run no user code), so they need no run-time exclusivity check.",
        ]
    }

    /// What an inlinable machine's documentation adds about its internal members.
    private var inlinableUsage: [String] {
        [
            "",
            "Its code is `@inlinable`, so that another module specializes it for its actions and",
            "dispatches as fast as this one does. Its helpers are internal (`@usableFromInline`)",
            "only for that, and are not meant to be called.",
        ]
    }

    /// `member` as an inlinable machine has it: functions, initializers and computed
    /// properties `@inlinable`, and what was private internal, stored properties
    /// `@usableFromInline`, for the inlinable code to use.
    private func inlinable(_ member: SwiftDeclaration) -> SwiftDeclaration {
        switch member {
        case .function(var function):
            function.attributes.insert("@inlinable", at: 0)
            function.isPrivate = false
            return .function(function)
        case .initializer(var function):
            function.attributes.insert("@inlinable", at: 0)
            return .initializer(function)
        case .property(var property):
            if property.isStored {
                if property.restriction == "private" {
                    property.attributes.insert("@usableFromInline", at: 0)
                    property.restriction = nil
                }
            } else {
                property.attributes.insert("@inlinable", at: 0)
            }
            return .property(property)
        default:
            return member
        }
    }

    private var asyncUsage: [String] {
        [
            "Send it events with `handle(_:)` or with the method named after each event; each",
            "returns what happened once its event has been handled. Events are handled one at a",
            "time, in the order they were sent, also while an action is suspended (run to",
            "completion): a call waits for its turn. An event sent from inside an action is queued",
            "and handled after the current one (its call returns `.queued`). Cancelling a task does",
            "not cancel its event: the event is still handled in its turn.",
        ]
    }

    /// `history`: stored, or for an inlinable machine read from the storage its inlinable
    /// functions write.
    private var historyProperties: [SwiftDeclaration] {
        let documentation = [
            "The states last current in the superstates with history. Its accesses never overlap",
            "(no user code runs during one), so they need no run-time exclusivity check.",
        ]
        guard isInlinable else {
            return [
                .property(
                    SwiftProperty(
                        documentation: documentation, attributes: ["@exclusivity(unchecked)"], access: modifier,
                        restriction: "private(set)", isVariable: true, name: "history", type: names.types.history))
            ]
        }
        return [
            .property(
                SwiftProperty(
                    documentation: ["The states last current in the superstates with history."],
                    access: modifier, isVariable: true, name: "history", type: names.types.history,
                    getter: .identifier(names.currentHistory))),
            .property(
                SwiftProperty(
                    documentation: documentation, attributes: ["@exclusivity(unchecked)"],
                    restriction: "private", isVariable: true, name: names.currentHistory,
                    type: names.types.history)),
        ]
    }

    /// The stored state of an observable or inlinable machine. An inlinable machine's needs
    /// no run-time exclusivity check: it is written only by the machine, never while user
    /// code runs (see `actionsProperty`).
    private var currentStateProperty: SwiftDeclaration {
        .property(
            SwiftProperty(
                documentation: isInlinable ? ["The state, written only by the machine; read it as `state`."] : [],
                attributes: isInlinable ? ["@exclusivity(unchecked)"] : [],
                restriction: "private", isVariable: true, name: names.currentState, type: names.types.state))
    }

    /// `actions`. In an inlinable machine, used from another module, the compiler cannot
    /// see that the machine's accesses to its stored properties never overlap, and checks
    /// each at run time, which costs more than the whole dispatch: the machine's accesses
    /// to `actions`, the state and the history are unchecked. They do not overlap: an event
    /// sent from an action waits its turn (and where actions declare that they send none, a
    /// debug build stops on one). Code of an action must not assign `actions` itself.
    private var actionsProperty: SwiftDeclaration {
        guard isInlinable else {
            return .property(
                SwiftProperty(
                    documentation: ["The actions the machine runs."], access: modifier,
                    isVariable: true, name: "actions", type: "Actions"))
        }
        return .property(
            SwiftProperty(
                documentation: [
                    "The actions the machine runs. The machine's accesses to them are not checked for",
                    "exclusivity at run time, which would cost more than dispatch: they never overlap, but",
                    "an action must not assign `actions` of the machine that runs it.",
                ],
                attributes: ["@exclusivity(unchecked)"], access: modifier, isVariable: true, name: "actions",
                type: "Actions"))
    }

    /// The name the bodies read and write the histories by.
    var historyStorage: String { isInlinable ? names.currentHistory : "history" }

    /// `state`: stored; for an inlinable machine read from the storage its inlinable
    /// functions write; for an observable machine read through the registrar.
    private var stateProperty: [SwiftDeclaration] {
        guard machine.isObservable else {
            guard isInlinable else {
                return [
                    .property(
                        SwiftProperty(
                            documentation: ["The current state."], access: modifier,
                            restriction: "private(set)", isVariable: true, name: "state",
                            type: names.types.state))
                ]
            }
            return [
                .property(
                    SwiftProperty(
                        documentation: ["The current state."], access: modifier, isVariable: true,
                        name: "state", type: names.types.state, getter: .identifier(names.currentState))),
                currentStateProperty,
            ]
        }
        return [
            .property(
                SwiftProperty(
                    documentation: [
                        "The current state, which observers (SwiftUI views, `withObservationTracking`) track."
                    ],
                    access: modifier, isVariable: true, name: "state", type: names.types.state,
                    getterBody: [
                        .expression(
                            .call(
                                .member(.identifier(names.observationRegistrar), "access"),
                                [
                                    SwiftArgument(.identifier("self")),
                                    SwiftArgument("keyPath", .identifier(names.stateKeyPath)),
                                ])),
                        .returnStatement(.identifier(names.currentState)),
                    ]))
        ]
    }

    /// The name the bodies read and write the state by: `state`, or the stored state of an
    /// inlinable machine, which they can write, and of an observable machine, which
    /// observers do not see read.
    var stateStorage: String { machine.isObservable || isInlinable ? names.currentState : "state" }

    /// `state = .next`, or for an observable machine the call that tells observers when the
    /// state changes.
    func setState(_ value: SwiftExpression) -> SwiftStatement {
        machine.isObservable
            ? .expression(.call(.identifier(names.changeState), [SwiftArgument("to", value)]))
            : .assignment(.identifier(stateStorage), value)
    }

    /// An observable machine's stored state, its registrar, and the key path it passes it.
    private var observationProperties: [SwiftDeclaration] {
        [
            currentStateProperty,
            .property(
                SwiftProperty(
                    restriction: "private", isVariable: false, name: names.observationRegistrar,
                    initialValue: .call(.typeName("Observation.ObservationRegistrar"), []))),
            .property(
                SwiftProperty(
                    documentation: [
                        "`\\.state`, made once: a key path into a generic class is otherwise made at each use, at",
                        "the cost of a thousand dispatches.",
                    ],
                    restriction: "private", isVariable: false, name: names.stateKeyPath,
                    type: "Swift.KeyPath<\(names.types.machine)<Actions>, \(names.types.state)>",
                    initialValue: .keyPath("state"))),
        ]
    }

    /// Changes an observable machine's state, calling the registrar only when it changes;
    /// where states hold values that are not `Equatable`, at every change of state or values.
    private var changeStateFunction: SwiftDeclaration {
        let registrar = SwiftExpression.identifier(names.observationRegistrar)
        let arguments = [SwiftArgument(.identifier("self")), SwiftArgument("keyPath", .identifier(names.stateKeyPath))]
        return .function(
            SwiftFunction(
                documentation: ["Sets the state; observers hear of it only when it changes."],
                attributes: ["@inline(__always)"], isPrivate: true, name: names.changeState,
                parameters: [SwiftParameter(label: "to", name: "next", type: names.types.state)],
                body: (statesAreEquatable
                    ? [
                        .guardStatement(
                            [.notEqual(.identifier("next"), .identifier(names.currentState))],
                            elseBody: [.returnStatement(nil)])
                    ] : []) + [
                        .expression(.call(.member(registrar, "willSet"), arguments)),
                        .assignment(.identifier(names.currentState), .identifier("next")),
                        .expression(.call(.member(registrar, "didSet"), arguments)),
                    ]))
    }

    var initialState: Named { machine.states[machine.initialState].named }

    /// The initial state as a value: `.off`; in a machine with regions, the initial
    /// configuration (`.media(PlayerState.Media(playback: .stopped, volume: .normal))`).
    var initialStateValue: SwiftExpression {
        if machine.hasStateData && !machine.hasRegions, let values = initialValues { return values.state }
        return layout.initialValue(in: self)
    }

    /// The initializers, a machine in a state and one restored from a snapshot, then
    /// `snapshot`; in a machine that is started, a new machine first and `start()` last.
    private var initializers: [SwiftDeclaration] {
        guard machine.hasStart else { return [initializer, restoringInitializer, snapshotProperty] }
        return [newMachineInitializer, initializer, restoringInitializer, snapshotProperty] + startFunctions
    }

    /// `init(actions:)` of a machine that is started: a new machine in its initial state,
    /// which runs nothing and starts no timer until it starts.
    private var newMachineInitializer: SwiftDeclaration {
        var function = SwiftFunction(
            documentation: [
                "A new machine in the initial state `\(initialState.name)`, not started: it runs nothing until",
                "`start()` or its first event.",
            ],
            access: modifier, name: "init",
            parameters: [SwiftParameter(name: "actions", type: "Actions")],
            body: [
                .assignment(.member(.identifier("self"), "actions"), .identifier("actions")),
                .assignment(.member(.identifier("self"), stateStorage), initialStateValue),
            ])
        if machine.hasStateData, case let values = initialLeafValues, !values.values.isEmpty {
            function.parameters += values.parameters
            function.documentation[0] =
                "A new machine in the initial state `\(initialState.name)` with the values given, not"
            function.documentation[1] = "started: it runs nothing until `start()` or its first event."
        }
        if !historyStorageStates.isEmpty {
            function.body.append(
                .assignment(
                    .member(.identifier("self"), historyStorage), .call(.identifier(names.types.history), [])))
        }
        if machine.hasTimers && hasScheduler {
            function.documentation += [
                "Its timers will run on `timers`: by default on the continuous clock; a test passes",
                "`FSMRuntime.ManualTimers` and advances time by hand.",
            ]
            function.parameters.append(timersParameter)
            function.body.append(.assignment(.member(.identifier("self"), names.timers), .identifier("timers")))
        }
        return .initializer(function)
    }

    private var initializer: SwiftDeclaration {
        // A machine that is started is restored by this one: it has no default state, which
        // would make it `init(actions:)` of a new machine.
        let restores = machine.hasStart
        var function = SwiftFunction(
            documentation: restores
                ? [
                    "A machine restored in `state`, started: no entry actions run, so that a saved state can be",
                    "restored as it was.",
                ]
                : [
                    "A machine in `state`, by default the initial state `\(initialState.name)`. No entry",
                    "actions run, so that a saved state can be restored as it was.",
                ],
            access: modifier, name: "init",
            parameters: [
                SwiftParameter(name: "actions", type: "Actions"),
                SwiftParameter(
                    name: "state", type: names.types.state,
                    defaultValue: restores ? nil : initialStateValue),
            ],
            body: [
                .assignment(.member(.identifier("self"), "actions"), .identifier("actions")),
                .assignment(.member(.identifier("self"), stateStorage), .identifier("state")),
            ])
        if restores {
            function.body.insert(contentsOf: restorableCheck(.identifier("state")), at: 0)
            function.body.append(.assignment(.identifier(names.started), .identifier("true")))
        }
        if !historyStorageStates.isEmpty {
            function.documentation =
                restores
                ? [
                    "A machine restored in `state` with the superstates' `history`, by default none, started:",
                    "no entry actions run, so that a saved machine can be restored as it was.",
                ]
                : [
                    "A machine in `state`, by default the initial state `\(initialState.name)`, with the",
                    "superstates' `history`, by default none. No entry actions run, so that a saved",
                    "machine can be restored as it was.",
                ]
            function.parameters.append(
                SwiftParameter(
                    name: "history", type: names.types.history,
                    defaultValue: .call(.identifier(names.types.history), [])))
            function.body.append(.assignment(.member(.identifier("self"), historyStorage), .identifier("history")))
        }
        if machine.hasTimers && hasScheduler {
            function.documentation += [
                "The timers of `state` and its superstates start, on `timers`: by default on the",
                "continuous clock; a test passes `FSMRuntime.ManualTimers` and advances time by hand.",
            ]
            function.parameters.append(timersParameter)
            function.body += timerInitialization
        } else if machine.hasTimers {
            function.documentation += [
                "The timers of `state` and its superstates start, through the actions' `startTimer`."
            ]
            function.body += timerInitialization
        }
        return .initializer(function)
    }
}

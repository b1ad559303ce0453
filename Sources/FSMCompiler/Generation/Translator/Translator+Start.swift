// Starting a machine of version 3 (Language reference › Starting a machine): whether it has
// started, `start()`, and the entry into its initial configuration, which `start()` or the
// first event runs in its turn. Machines without `StateMachine.hasStart` have none of it.

extension Translator {
    /// `started`, stored, and `isStarted`, which reads it.
    var startProperties: [SwiftDeclaration] {
        [
            .property(
                SwiftProperty(
                    documentation: [
                        "Whether the machine has started. Its accesses never overlap (no user code runs during",
                        "one), so they need no run-time exclusivity check.",
                    ],
                    attributes: ["@exclusivity(unchecked)"], restriction: "private", isVariable: true,
                    name: names.started, initialValue: .identifier("false"))),
            .property(
                SwiftProperty(
                    documentation: [
                        "Whether the machine has started: by `start()` or by its first event, or because it",
                        "was restored.",
                    ],
                    access: modifier, isVariable: true, name: "isStarted", type: "Swift.Bool",
                    getter: .identifier(names.started))),
        ]
    }

    /// `start()`, then the function that enters the initial configuration in a turn.
    var startFunctions: [SwiftDeclaration] { [startFunction, enterInitialConfigurationFunction] }

    /// What the documentation of the initializers, `start()` and the class says of starting.
    var startUsage: [String] {
        Self.wrapped(
            (machine.appEvents.isEmpty
                ? "A new machine runs nothing until `start()`"
                : "A new machine runs nothing until it starts, by `start()` or by its first event, which starts it first")
                + ": it then runs the entry actions of its initial state, `\(initialState.name)`. A"
                + " restored machine has started.")
    }

    /// `start()`: nothing on a started machine; otherwise, in its turn, the initial
    /// configuration entered and then the events that its actions sent.
    private var startFunction: SwiftDeclaration {
        var function = SwiftFunction(
            documentation: Self.wrapped(
                "Starts a new machine: runs the entry actions of its initial state, outermost first, and the"
                    + " actions of the initial rows it follows"
                    + (machine.hasTimers ? ", and starts its timers" : "")
                    + ", as a transition into it would"
                    + (machine.appEvents.isEmpty
                        ? ". "
                        : "; then handles the events its actions sent. The first event starts a machine that"
                            + " has not started. ")
                    + "A started machine, and a restored one, does nothing."),
            access: modifier, name: "start", parameters: [], body: [])
        let notStarted = SwiftStatement.guardStatement(
            [.not(.identifier(names.started))], elseBody: [.returnStatement(nil)])
        let enter = SwiftStatement.expression(awaited(.call(.identifier(names.enterInitialConfiguration), [])))
        // Async in an async machine, whatever it runs: its callers await it.
        function.isAsync = machine.isAsync
        function.isNonsending = machine.isAsync && runsInCallersIsolation
        if startOnlyMarksStarted {
            // Nothing runs, so nothing needs a turn: the machine only marks itself started.
            function.body = [notStarted, .assignment(.identifier(names.started), .identifier("true"))]
        } else if machine.isAsync {
            function.body =
                [
                    notStarted,
                    .comment("From inside an action, the machine has started: an event is being handled."),
                    .guardStatement(
                        [.await(.call(.member(eventQueue, "begin"), []))], elseBody: [.returnStatement(nil)]),
                ] + startingInTurn + [.expression(.call(.member(eventQueue, "end"), []))]
        } else if machine.appEvents.isEmpty {
            function.body = [notStarted, enter]
        } else {
            function.body = [
                notStarted,
                .comment("Only a started machine handles events, so nothing is being handled."),
                .guardLet(
                    name: "handling", value: .call(.member(eventQueue, "begin"), beginArguments),
                    elseBody: [.returnStatement(nil)]),
                enter, endingHandling(after: .implicitMember("queued"), returning: nil),
            ]
        }
        return .function(function)
    }

    /// Marks the machine started and enters its initial configuration: the entry actions
    /// and initial rows' actions (`StateMachine.startActions`), then the timers.
    private var enterInitialConfigurationFunction: SwiftDeclaration {
        .function(
            dispatching(
                SwiftFunction(
                    documentation: [
                        "Enters the initial configuration, in the turn of `start()` or of the first event."
                    ],
                    isPrivate: true, name: names.enterInitialConfiguration, parameters: [],
                    body: [.assignment(.identifier(names.started), .identifier("true"))]
                        + layout.startActionStatements(in: self)
                        + (machine.hasTimers
                            ? [
                                .expression(
                                    .call(.identifier("startTimers"), [SwiftArgument(.identifier(stateStorage))]))
                            ]
                            : []) + completingStart)))
    }

    /// The start's actions; in a machine without regions whose initial state holds values,
    /// its entry actions read them from the state.
    var startActionStatements: [SwiftStatement] {
        guard machine.hasStateData, !machine.hasRegions else { return machine.startActions.map(actionCall) }
        return entryStatements(machine.startActions, of: machine.initialState, scope: nil)
    }

    /// Whether `start()` runs nothing: the machine only marks itself started.
    private var startOnlyMarksStarted: Bool {
        machine.startActions.isEmpty && !machine.hasTimers && !startGoesOn
    }

    /// What `handle` of a machine that is not async does first: start a new machine. Where
    /// `start()` only marks the machine started, and the machine has state data, `always` rows
    /// or raised events, `handle` marks it so itself, a store that the optimizer can sink out
    /// of a loop of events, where the test of `started` costs two instructions per event.
    var startingBeforeHandling: [SwiftStatement] {
        guard machine.hasStart else { return [] }
        if startOnlyMarksStarted
            && (machine.hasStateData || machine.alwaysEvent != nil || machine.raisesEvents)
        {
            return [
                .comment("Starting runs nothing: the machine is marked started, as `start()` would."),
                .assignment(.identifier(names.started), .identifier("true")),
            ]
        }
        return [
            .ifStatement([.not(.identifier(names.started))], body: [.expression(.call(.identifier("start"), []))])
        ]
    }

    /// What `handle` and `start()` of an async machine do first in their turn: enter the
    /// initial configuration of a new machine, and handle the events its actions sent.
    var startingInTurn: [SwiftStatement] {
        guard machine.hasStart else { return [] }
        return [
            .ifStatement(
                [.not(.identifier(names.started))],
                body: [.expression(.await(.call(.identifier(names.enterInitialConfiguration), [])))]
                    + (machine.appEvents.isEmpty ? [] : [drainingWaitingEvents]))
        ]
    }
}

// Dispatch of a machine with regions: `dispatch`, the function of each top-level state, and an
// event dispatched to the regions of a parallel state in turn, then to its own rows.

/// The Swift of a machine with parallel states (Language reference › Regions;
/// The generated Swift › Regions): its configuration as a value (`ConfigurationLayout`), and
/// dispatch as one `switch` per active region.
///
/// A top-level state's function is a `switch` on the event, as in any machine. A parallel
/// state's function takes its struct and switches on the event too; an event's case
/// switches on the value of each region that has rows for the event, in declaration order:
/// a region's row runs inline, writes the region's new value and the state, and returns
/// the outcome in the last of those regions, or marks the event taken in an earlier one. A
/// nested parallel state's regions are switched on inside its parent region's case, a
/// region that is itself a parallel state's in turn. Only when no region took the event
/// are the parallel state's own rows tried. A row that leaves the outermost parallel state
/// returns at once (no other region has a row for its event: `regionConflict`).
extension Translator where Layout == ConfigurationLayout {
    /// `dispatch`, the function of each top-level state, and the helpers.
    var regionDispatchFunctions: [SwiftDeclaration] {
        dispatchFunctions(.events) + regionHelpers
    }

    /// What the app's events, the timers' timeouts and `always` steps are dispatched with:
    /// the same functions, over the event enum, the timer enum, or `AlwaysStep`, whose one
    /// case stands for the event of `always` rows.
    enum EventKind {
        case events, timers, always
    }

    /// The name the dispatch functions give what they switch on.
    func subject(_ kind: EventKind) -> String {
        switch kind {
        case .events: "event"
        case .timers: "timer"
        case .always: "step"
        }
    }

    /// The rows a kind of dispatch takes: the app's events, the timers', or `always` rows.
    func takes(_ kind: EventKind, _ event: EventID) -> Bool {
        switch kind {
        case .events: machine.timer(of: event) == nil && event != machine.alwaysEvent
        case .timers: machine.timer(of: event) != nil
        case .always: event == machine.alwaysEvent
        }
    }

    func kindEvents(_ kind: EventKind) -> [EventID] {
        switch kind {
        case .events: machine.appEvents
        case .timers: machine.timerEvents
        case .always: machine.alwaysEvent.map { [$0] } ?? []
        }
    }

    /// `dispatch(_:)` or `dispatchTimer(_:)`, and the function of each top-level state.
    func dispatchFunctions(_ kind: EventKind) -> [SwiftDeclaration] {
        let top = layout.nodes(in: nil)
        let forwarded: [SwiftArgument] =
            kind == .events ? forwardedEventArguments : [SwiftArgument(.identifier(subject(kind)))]
        let cases = top.map { node in
            let call = SwiftExpression.call(
                .identifier(nodeFunctionName(node, kind)),
                machine.states[node].isParallel
                    ? [forwarded[0], SwiftArgument(.identifier("value"))] + forwarded.dropFirst()
                    : forwarded + stateValueArguments(node))
            return SwiftCase(
                patterns: [
                    machine.states[node].isParallel
                        ? .enumCaseBinding(layout.caseName(of: node), ["value"])
                        : statePattern(node)
                ],
                body: [.returnStatement(awaited(call))])
        }
        let documentation: [String] =
            switch kind {
            case .events: []
            case .timers:
                ["The rows of `timer` in the current configuration: a timer runs only while its state is active."]
            case .always: ["The `always` rows of the current configuration: `.transitioned` when one was taken."]
            }
        let dispatch = SwiftDeclaration.function(
            dispatching(
                SwiftFunction(
                    documentation: documentation,
                    attributes: kind == .events ? ["@inline(__always)"] : [], isPrivate: true,
                    name: dispatchName(kind), parameters: kindParameters(kind),
                    returnType: "Outcome",
                    body: [.switchStatement(SwiftSwitch(subject: .identifier(stateStorage), cases: cases))])))
        return [dispatch]
            + top.map { machine.states[$0].isParallel ? parallelFunction($0, kind) : leafFunction($0, kind) }
    }

    private func kindParameters(_ kind: EventKind) -> [SwiftParameter] {
        switch kind {
        case .events: privateEventParameters
        case .timers: [SwiftParameter(label: "_", name: "timer", type: timerType)]
        case .always: [SwiftParameter(label: "_", name: "step", type: "AlwaysStep")]
        }
    }

    /// `dispatch`, `dispatchTimer` or `dispatchAlways`.
    func dispatchName(_ kind: EventKind) -> String {
        switch kind {
        case .events: "dispatch"
        case .timers: "dispatchTimer"
        case .always: "dispatchAlways"
        }
    }

    /// `return unhandled(event, in: …)`, or for a timeout `return .unhandled(in: …)`, without
    /// the hook, which takes the app's events.
    private func notHandled(_ kind: EventKind, in state: SwiftExpression) -> SwiftStatement {
        kind == .events ? unhandledReturn(state) : unhandledTimerReturn(state)
    }

    private func nodeFunctionName(_ node: StateID, _ kind: EventKind) -> String {
        let name = SwiftNames.unescaped(machine.states[node].named.swiftName)
        let prefix =
            switch kind {
            case .events: "handleIn"
            case .timers: "handleTimerIn"
            case .always: "handleAlwaysIn"
            }
        return prefix + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// An open parallel state while its regions are dispatched: the variable holding its
    /// struct as the rows change it, the value it had when the event arrived, and the flag
    /// that says a region took the event.
    struct Frame {
        var parallel: StateID
        var variable: String
        /// The value the event arrived in: `source`, `source.channels`, `editingSource`.
        var source: SwiftExpression
        var handled: String
    }

    /// What a row does when it has run: returns the outcome (a top-level state's row, one
    /// that leaves the outermost parallel state, or one in the last region with rows for
    /// the event, when nothing else is to run), or marks the event taken.
    enum Finish {
        case returns(from: SwiftExpression)
        case marks(String)
    }

    private func frame(for parallel: StateID, source: SwiftExpression) -> Frame {
        let name = SwiftNames.unescaped(machine.states[parallel].named.swiftName)
        return Frame(parallel: parallel, variable: name + "Now", source: source, handled: name + "Handled")
    }

    /// A top-level state that is not parallel: `switch event`, each row inline.
    private func leafFunction(_ node: StateID, _ kind: EventKind) -> SwiftDeclaration {
        let state = machine.states[node]
        let from = currentStateValue(node)
        var body = eventSwitch(
            node, kind, frames: [], finish: .returns(from: from),
            unhandled: [notHandled(kind, in: from)], rejected: [rejectedReturn(from)], top: from)
        if body.isEmpty { body = [notHandled(kind, in: from)] }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: ["`\(state.name)`."],
                    attributes: inlinesStateFunctions && kind == .events ? ["@inline(__always)"] : [],
                    isPrivate: true, name: nodeFunctionName(node, kind),
                    parameters: kindParameters(kind) + stateValueParameters(node), returnType: "Outcome",
                    body: body)))
    }

    /// The outermost parallel state of a configuration: a `switch` on the event, whose case
    /// for each event dispatches it to the regions that have rows for it, in turn, then to
    /// the parallel state's own rows.
    private func parallelFunction(_ parallel: StateID, _ kind: EventKind) -> SwiftDeclaration {
        let state = machine.states[parallel]
        let frame = frame(for: parallel, source: .identifier("source"))
        let from = SwiftExpression.call(
            .implicitMember(layout.caseName(of: parallel)), [SwiftArgument(.identifier("source"))])
        let notTaken: [SwiftStatement] = [
            .ifStatement([.identifier(rejectedFlag)], body: [rejectedReturn(from)]),
            notHandled(kind, in: from),
        ]
        var cases: [SwiftCase] = []
        var others: [EventID] = []
        for event in kindEvents(kind) {
            guard hasRows(parallel, for: event) else {
                others.append(event)
                continue
            }
            let memo = memoDeclarations(functionMemo(parallel, event: event))
            var body =
                memo + [
                    .declaration(isVariable: true, name: frame.variable, type: nil, value: .identifier("source")),
                    .declaration(isVariable: true, name: frame.handled, type: nil, value: .identifier("false")),
                    .declaration(isVariable: true, name: rejectedFlag, type: nil, value: .identifier("false")),
                ]
            body += dispatch(event, kind, frames: [frame], finish: .returns(from: from), notTaken: notTaken, top: from)
            body = withoutUnreadFlags(withFrameValueSettled(body, frame: frame))
            // A kept answer whose questions never run: where a region before them always takes the event.
            let unasked = memo.filter { answer in !body.contains { $0 != answer && $0.mentions(answer.declaredName) } }
            body.removeAll(where: unasked.contains)
            cases.append(SwiftCase(patterns: [eventCasePattern(event, kind, binding: body)], body: body))
        }
        if !others.isEmpty {
            cases.append(
                SwiftCase(
                    patterns: others.map { .enumCase(machine.events[$0].swiftName) }, body: [notHandled(kind, in: from)]
                ))
        }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: Self.wrapped(
                        "`\(state.name)`, a parallel state, in the configuration `source`. For each event, each region that has rows for it in turn takes it if its state has one; `\(state.name)`'s own rows only when no region took it."
                    ),
                    attributes: inlinesStateFunctions && kind == .events ? ["@inline(__always)"] : [],
                    isPrivate: true, name: nodeFunctionName(parallel, kind),
                    parameters: [
                        kindParameters(kind)[0],
                        SwiftParameter(label: "_", name: "source", type: layout.structType(parallel)),
                    ]
                        + kindParameters(kind).dropFirst(),
                    returnType: "Outcome",
                    body: cases.isEmpty
                        ? [notHandled(kind, in: from)]
                        : [.switchStatement(SwiftSwitch(subject: .identifier(subject(kind)), cases: cases))])))
    }

    /// `statements` without the flags nothing reads (set where a region took the event, or
    /// rejected it, when the rest of the dispatch returned on every path), all at once, and
    /// then without those only these set.
    private func withoutUnreadFlags(_ statements: [SwiftStatement]) -> [SwiftStatement] {
        var statements = statements
        while case let unread = Set(
            statements.flatMap(\.declaredFlags).filter({ flag in
                !statements.contains { $0.mentionsOutsideAssignments(flag) }
            })), !unread.isEmpty
        {
            statements = statements.compactMap { $0.removingAssignments(to: unread) }
        }
        return statements
    }

    /// The case pattern of `event` in a parallel state's `switch`, binding the event values
    /// that `body` reads.
    private func eventCasePattern(_ event: EventID, _ kind: EventKind, binding body: [SwiftStatement]) -> SwiftPattern {
        let name = machine.events[event].swiftName
        let values = machine.eventParameters[event]
        guard kind == .events, !values.isEmpty else { return .enumCase(name) }
        return boundOnlyIfRead(.enumCaseBinding(name, values.map { names.values[$0.label] }), in: body)
    }

    /// Whether `state` (a leaf: inside its region; a parallel state: itself or inside one
    /// of its regions) has a row for `event`.
    private func hasRows(_ state: StateID, for event: EventID) -> Bool {
        if plan(of: state, for: event) != nil { return true }
        guard machine.states[state].isParallel else { return false }
        return machine.states[state].substates.contains { regionHasRows($0, for: event) }
    }

    /// Whether some state of `region` has a row for `event`.
    private func regionHasRows(_ region: StateID, for event: EventID) -> Bool {
        machine.states[region].isParallel
            ? hasRows(region, for: event) : layout.nodes(in: region).contains { hasRows($0, for: event) }
    }

    /// The rows of `state` for `event` as `DispatchPlanner` orders them, if it has any.
    func plan(of state: StateID, for event: EventID) -> EventDispatch? {
        dispatch[state]?.first { $0.event == event }
    }

    /// `event` dispatched in the innermost frame's parallel state: each region with rows for
    /// it in turn, then, if none took it, its own rows, and `notTaken` where they do not take
    /// it. When a region takes the event, the dispatch ends as `finish` says: at once in the
    /// last region if nothing else would run after it, else once all have had their turn,
    /// the regions marking the frame's flag.
    private func dispatch(
        _ event: EventID, _ kind: EventKind, frames: [Frame], finish: Finish, notTaken: [SwiftStatement],
        top: SwiftExpression
    ) -> [SwiftStatement] {
        let frame = frames[frames.count - 1]
        let takers = machine.states[frame.parallel].substates.filter { regionHasRows($0, for: event) }
        // A row of a region whose conditions all fail sets a flag, and the outcome is
        // `.rejected` if nothing else takes the event; a row of the outermost parallel
        // state's own returns it at once.
        let setsRejected: [SwiftStatement] = [.assignment(.identifier(rejectedFlag), .identifier("true"))]
        var own = notTaken
        if let plan = plan(of: frame.parallel, for: event) {
            own = regionBody(
                of: plan, in: machine.states[frame.parallel], node: frame.parallel, frames: frames, finish: finish,
                unhandled: notTaken.isEmpty ? [.breakStatement] : notTaken,
                rejected: frames.count == 1 ? [rejectedReturn(top)] : setsRejected, top: top)
        }
        let returns: Bool
        if case .returns = finish { returns = true } else { returns = false }
        let lastEnds = returns || own.isEmpty
        var statements: [SwiftStatement] = []
        for (position, region) in takers.enumerated() {
            let taken = position == takers.count - 1 && lastEnds ? finish : .marks(frame.handled)
            statements += regionDispatch(
                region, event, kind, frames: frames, finish: taken, setsRejected: setsRejected, top: top)
        }
        var tail = own
        if takers.count > 1 || (!takers.isEmpty && !lastEnds) {
            tail =
                returns || own.isEmpty
                ? [.ifStatement([.identifier(frame.handled)], body: ending(finish))] + own
                : [.ifElse([.identifier(frame.handled)], body: ending(finish), elseBody: own)]
        }
        // What the regions' rows leave the flags as decides their tests: nothing runs after
        // a region all of whose states returned; the regions took the event where each state
        // of one marked it, and none did, or none rejected it, where no state that lets the
        // dispatch go on marked it (Swift warns of code that never runs).
        if statements.contains(where: \.alwaysExits) { return statements }
        let alwaysSet = statements.reduce(into: Set<String>()) { $0.formUnion($1.flagsSetOnEveryPath) }
        let maybeSet = statements.reduce(into: Set<String>()) { $0.formUnion($1.flagsSetOnSomePath) }
        let unset = Set(frames.count == 1 ? [frame.handled, rejectedFlag] : [frame.handled]).subtracting(maybeSet)
        return statements + SwiftStatement.folding(tail, setFlags: alwaysSet, unsetFlags: unset)
    }

    /// The statements that end a dispatch whose event was taken.
    func ending(_ finish: Finish) -> [SwiftStatement] {
        switch finish {
        case .returns(let from):
            [
                .returnStatement(
                    .call(
                        .implicitMember("transitioned"),
                        [SwiftArgument("from", from), SwiftArgument("to", .identifier(stateStorage))]))
            ]
        case .marks(let flag):
            [.assignment(.identifier(flag), .identifier("true"))]
        }
    }

    /// `event` dispatched in `region` of the innermost frame's parallel state: a region that
    /// is itself a parallel state in a frame of its own, on its struct; any other a `switch`
    /// on its value over the states that have rows for the event, a parallel state among
    /// them in a frame of its own.
    private func regionDispatch(
        _ region: StateID, _ event: EventID, _ kind: EventKind, frames: [Frame], finish: Finish,
        setsRejected: [SwiftStatement], top: SwiftExpression
    ) -> [SwiftStatement] {
        let outer = frames[frames.count - 1]
        if machine.states[region].isParallel {
            let inner = frame(for: region, source: .member(outer.source, layout.caseName(of: region)))
            return [.comment("Region `\(machine.states[region].name)`, a parallel state.")]
                + nestedDispatch(
                    inner, from: .member(.identifier(outer.variable), layout.caseName(of: region)), event, kind,
                    frames: frames, finish: finish, top: top)
        }
        let nodes = layout.nodes(in: region).filter { hasRows($0, for: event) }
        var cases = nodes.map { node -> SwiftCase in
            guard machine.states[node].isParallel else {
                let body = regionBody(
                    of: plan(of: node, for: event)!, in: machine.states[node], node: node, frames: frames,
                    finish: finish,
                    unhandled: [.breakStatement], rejected: setsRejected, top: top)
                return SwiftCase(
                    patterns: [statePattern(node, bindingWhatIsMentionedIn: body)],
                    body: body.isEmpty ? [.breakStatement] : body)
            }
            let sourceName = SwiftNames.unescaped(layout.caseName(of: node)) + "Source"
            let inner = frame(for: node, source: .identifier(sourceName))
            let body = nestedDispatch(
                inner, from: inner.source, event, kind, frames: frames, finish: finish, top: top)
            let binds = body.contains { $0.mentions(sourceName) }
            return SwiftCase(
                patterns: [
                    binds
                        ? .enumCaseBinding(layout.caseName(of: node), [sourceName])
                        : .enumCase(layout.caseName(of: node))
                ],
                body: body.isEmpty ? [.breakStatement] : body)
        }
        if nodes.count < layout.nodes(in: region).count {
            cases.append(SwiftCase(patterns: [], body: [.breakStatement]))
        }
        let subject = SwiftExpression.member(.identifier(outer.variable), layout.caseName(of: region))
        return [
            .comment("Region `\(machine.states[region].name)`."),
            .switchStatement(SwiftSwitch(subject: subject, cases: cases)),
        ]
    }

    /// `event` dispatched in a parallel state inside the innermost frame's, in a frame of its
    /// own whose variable starts as `value`.
    private func nestedDispatch(
        _ inner: Frame, from value: SwiftExpression, _ event: EventID, _ kind: EventKind, frames: [Frame],
        finish: Finish, top: SwiftExpression
    ) -> [SwiftStatement] {
        let body: [SwiftStatement] =
            [
                .declaration(isVariable: true, name: inner.variable, type: nil, value: value),
                .declaration(isVariable: true, name: inner.handled, type: nil, value: .identifier("false")),
            ] + dispatch(event, kind, frames: frames + [inner], finish: finish, notTaken: [], top: top)
        return withFrameValueSettled(body, frame: inner)
    }

    /// `statements` with the frame's variable as Swift wants it: `let` where no row changes
    /// it, left out where nothing reads it. (The flags' tests are decided by `dispatch`, and
    /// the flags nothing reads go at the end, by `withoutUnreadFlags`.)
    private func withFrameValueSettled(_ statements: [SwiftStatement], frame: Frame) -> [SwiftStatement] {
        let changesValue = statements.contains { $0.assigns(frame.variable) }
        let readsValue = statements.contains { statement in
            if case .declaration(_, let name, _, _) = statement, name == frame.variable { return false }
            return statement.mentions(frame.variable)
        }
        return statements.flatMap { statement -> [SwiftStatement] in
            guard case .declaration(_, let name, let type, let value) = statement, name == frame.variable else {
                return [statement]
            }
            return readsValue ? [.declaration(isVariable: changesValue, name: name, type: type, value: value)] : []
        }
    }

    /// The name of the flag that a row whose conditions all failed sets.
    private var rejectedFlag: String { "rejectedHere" }
}

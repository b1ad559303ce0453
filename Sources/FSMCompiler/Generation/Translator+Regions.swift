// MARK: Regions

/// The Swift of a machine with parallel states (Language reference › Regions;
/// The generated Swift › Regions): its configuration as a value (`RegionLayout`), and
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
///
/// What a row leaves and enters follows `Statechart`. What is fixed at compile time runs
/// inline; what depends on the configuration or on a history runs in helpers generated per
/// region and superstate: `exit…` (leave a region from its value), `resolve…` (where
/// entering a region or superstate by its own rules ends, read from the histories) and
/// `enter…` (run the entry actions of that way in). The state is written after the exit
/// and row actions and before the entry actions, as in every machine.
extension Translator {
    private var regions: RegionLayout { layout! }

    /// The configuration types are `nonisolated` always: their members (descriptions,
    /// coding, `allCases`) are written out, and in a module whose default isolation is the
    /// main actor they would make the conformances the machine needs main-actor isolated.
    private var configurationIsolation: SwiftIsolation { .nonisolated }

    // MARK: Configuration types

    /// The state enum of a machine with regions, with the types of its parallel states nested.
    var configurationEnum: SwiftDeclaration {
        var declaration = scopeEnum(
            nil,
            documentation: [
                "The configurations of the `\(machine.name.name)` machine: its states outside parallel states, and",
                "its parallel states with the state each of their regions is in.",
            ])
        guard case .enumeration(var enumeration) = declaration else { return declaration }
        enumeration.members.insert(contentsOf: regionHandledEventsProperty, at: 0)
        declaration = .enumeration(enumeration)
        return declaration
    }

    /// A scope's enum: with `String` raw values when its nodes are all plain states, else
    /// with a case per parallel state carrying its struct, printed and encoded as
    /// `Media(Playing, Muted)`.
    private func scopeEnum(_ scope: Int?, documentation: [String]) -> SwiftDeclaration {
        let nodes = regions.nodes(in: scope)
        let name = scope.map(regions.typeName(of:)) ?? names.types.state
        guard nodes.contains(where: { machine.states[$0].isParallel }) else {
            return .enumeration(
                SwiftEnum(
                    documentation: documentation + [
                        "Each case prints as its name in the .sm file, which is also its raw value."
                    ],
                    access: modifier, name: name, conformances: Self.printedEnumConformances,
                    cases: nodes.map {
                        SwiftEnumCase(name: regions.caseName(of: $0), rawValue: machine.states[$0].name)
                    },
                    members: [rawValueDescription], isolation: configurationIsolation))
        }
        let type = regions.scopeType(scope)
        let cases = nodes.map { node in
            machine.states[node].isParallel
                ? SwiftEnumCase(
                    name: regions.caseName(of: node),
                    associatedValues: [SwiftAssociatedValue(label: "_", type: regions.typeName(of: node))])
                : SwiftEnumCase(name: regions.caseName(of: node))
        }
        var allCases: [SwiftStatement] = [
            .declaration(isVariable: true, name: "all", type: "[\(type)]", value: .arrayLiteral([]))
        ]
        var descriptions: [SwiftCase] = []
        for node in nodes {
            let caseName = regions.caseName(of: node)
            if machine.states[node].isParallel {
                allCases.append(
                    .forIn(
                        name: "value", sequence: .member(.identifier(regions.typeName(of: node)), "allCases"),
                        body: [
                            .expression(
                                .call(
                                    .member(.identifier("all"), "append"),
                                    [
                                        SwiftArgument(
                                            .call(.implicitMember(caseName), [SwiftArgument(.identifier("value"))]))
                                    ]))
                        ]))
                descriptions.append(
                    SwiftCase(
                        patterns: [.enumCaseBinding(caseName, ["value"])],
                        body: [.returnStatement(.member(.identifier("value"), "description"))]))
            } else {
                allCases.append(
                    .expression(
                        .call(.member(.identifier("all"), "append"), [SwiftArgument(.implicitMember(caseName))])))
                descriptions.append(
                    SwiftCase(
                        patterns: [.enumCase(caseName)],
                        body: [.returnStatement(.stringLiteral(machine.states[node].name))]))
            }
        }
        allCases.append(.returnStatement(.identifier("all")))
        let nested = nodes.filter { machine.states[$0].isParallel }.map(parallelStruct)
        return .enumeration(
            SwiftEnum(
                documentation: documentation + [
                    "Each prints as in the .sm file, a parallel state with its regions' states in parentheses",
                    "(`Media(Playing, Muted)`), and encodes as that text.",
                ],
                access: modifier, name: name, conformances: Self.configurationConformances, cases: cases,
                members: nested + [
                    .property(
                        SwiftProperty(
                            documentation: [
                                "Every configuration, in declaration order, a parallel state's with each of its regions'."
                            ],
                            access: modifier, isStatic: true, isVariable: true, name: "allCases", type: "[\(type)]",
                            getterBody: allCases)),
                    .property(
                        SwiftProperty(
                            access: modifier, isVariable: true, name: "description", type: "Swift.String",
                            getterBody: [
                                .switchStatement(SwiftSwitch(subject: .identifier("self"), cases: descriptions))
                            ])),
                ]
                    + printedCoding(
                        type: type,
                        what: scope == nil
                            ? "of the '\(machine.name.name)' machine" : "of '\(machine.states[scope!].name)'"),
                isolation: configurationIsolation))
    }

    static let configurationConformances = [
        "Swift.CaseIterable", "Swift.Hashable", "Swift.Sendable", "Swift.Codable",
        "Swift.CustomStringConvertible",
    ]

    /// A parallel state's struct: one stored value per region, each region's enum nested.
    private func parallelStruct(_ parallel: Int) -> SwiftDeclaration {
        let state = machine.states[parallel]
        let type = regions.structType(parallel)
        let defaults = regions.chart.defaultConfiguration(containing: parallel)
        let properties = state.substates.map { region in
            SwiftDeclaration.property(
                SwiftProperty(
                    documentation: ["The state of region `\(machine.states[region].name)`."],
                    access: modifier, isVariable: true, name: regions.caseName(of: region),
                    type: regions.typeName(of: region)))
        }
        let initializer = SwiftDeclaration.initializer(
            SwiftFunction(
                documentation: [
                    "`\(state.name)` with its regions in these states, by default those their initial rows enter."
                ],
                access: modifier, name: "init",
                parameters: state.substates.map { region in
                    SwiftParameter(
                        name: regions.caseName(of: region), type: regions.typeName(of: region),
                        defaultValue: regions.value(of: defaults, in: region))
                },
                body: state.substates.map {
                    .assignment(.identifier("self." + regions.caseName(of: $0)), .identifier(regions.caseName(of: $0)))
                }))
        // Every combination, the first region's value changing slowest.
        var loop: [SwiftStatement] = [
            .expression(
                .call(
                    .member(.identifier("all"), "append"),
                    [
                        SwiftArgument(
                            .call(
                                .identifier(type),
                                state.substates.map {
                                    SwiftArgument(regions.caseName(of: $0), .identifier(regions.caseName(of: $0)))
                                }))
                    ]))
        ]
        for region in state.substates.reversed() {
            loop = [
                .forIn(
                    name: regions.caseName(of: region),
                    sequence: .member(.identifier(regions.typeName(of: region)), "allCases"), body: loop)
            ]
        }
        var description: [SwiftStringPart] = [.text(state.name + "(")]
        for (position, region) in state.substates.enumerated() {
            if position > 0 { description.append(.text(", ")) }
            description.append(.value(.member(.identifier(regions.caseName(of: region)), "description")))
        }
        description.append(.text(")"))
        return .structure(
            SwiftStruct(
                documentation: ["The parallel state `\(state.name)`: the state each of its regions is in."],
                access: modifier, name: regions.typeName(of: parallel), conformances: Self.configurationConformances,
                members: state.substates.map { region in
                    machine.states[region].isParallel
                        ? parallelStruct(region)
                        : scopeEnum(
                            region,
                            documentation: ["The states of `\(state.name)`'s region `\(machine.states[region].name)`."])
                } + properties + [
                    initializer,
                    .property(
                        SwiftProperty(
                            documentation: [
                                "Every configuration of the regions, the first region's state changing slowest."
                            ],
                            access: modifier, isStatic: true, isVariable: true, name: "allCases", type: "[\(type)]",
                            getterBody: [
                                .declaration(isVariable: true, name: "all", type: "[\(type)]", value: .arrayLiteral([]))
                            ]
                                + loop + [.returnStatement(.identifier("all"))])),
                    .property(
                        SwiftProperty(
                            access: modifier, isVariable: true, name: "description", type: "Swift.String",
                            getter: .interpolatedString(description))),
                ] + printedCoding(type: type, what: "of '\(state.name)'"),
                isolation: configurationIsolation))
    }

    /// `init(from:)` and `encode(to:)`: a configuration is encoded as the text it prints as,
    /// and any other text does not decode.
    private func printedCoding(type: String, what: String) -> [SwiftDeclaration] {
        [
            .initializer(
                SwiftFunction(
                    documentation: ["Decodes the text a configuration prints as; any other text is a `DecodingError`."],
                    access: modifier, name: "init",
                    parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Swift.Decoder")],
                    body: [
                        .declaration(
                            isVariable: false, name: "container", type: nil,
                            value: .trying(.call(.member(.identifier("decoder"), "singleValueContainer"), []))),
                        .declaration(
                            isVariable: false, name: "text", type: nil,
                            value: .trying(
                                .call(
                                    .member(.identifier("container"), "decode"),
                                    [SwiftArgument(.member(.identifier("Swift.String"), "self"))]))),
                        .guardLet(
                            name: "value",
                            value: .call(
                                .member(.member(.identifier("Self"), "allCases"), "first"),
                                [
                                    SwiftArgument("where", .closure(.identifier("$0.description == text")))
                                ]),
                            elseBody: [
                                .throwStatement(
                                    .call(
                                        .member(.identifier("Swift.DecodingError"), "dataCorruptedError"),
                                        [
                                            SwiftArgument("in", .identifier("container")),
                                            SwiftArgument(
                                                "debugDescription",
                                                .interpolatedString([
                                                    .text("'"), .value(.identifier("text")),
                                                    .text("' is not a configuration \(what)"),
                                                ])),
                                        ]))
                            ]),
                        .assignment(.identifier("self"), .identifier("value")),
                    ], isThrowing: true)),
            .function(
                SwiftFunction(
                    documentation: ["Encodes the configuration as the text it prints as."],
                    access: modifier, name: "encode",
                    parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Swift.Encoder")],
                    body: [
                        .declaration(
                            isVariable: true, name: "container", type: nil,
                            value: .identifier("encoder.singleValueContainer()")),
                        .expression(
                            .trying(
                                .call(
                                    .member(.identifier("container"), "encode"),
                                    [SwiftArgument(.identifier("description"))]))),
                    ], isThrowing: true)),
        ]
    }

    // MARK: Dispatch

    /// `dispatch`, the function of each top-level state, and the helpers.
    var regionDispatchFunctions: [SwiftDeclaration] {
        dispatchFunctions(.events) + regionHelpers
    }

    /// What the app's events and the timers' timeouts are dispatched with: the same
    /// functions, over the event enum or the timer enum.
    enum EventKind {
        case events, timers
    }

    /// The name the dispatch functions give what they switch on.
    private func subject(_ kind: EventKind) -> String { kind == .events ? "event" : "timer" }

    /// The rows a kind of dispatch takes: the app's events, or the timers'.
    private func takes(_ kind: EventKind, _ event: Int) -> Bool {
        (machine.timer(of: event) == nil) == (kind == .events)
    }

    private func kindEvents(_ kind: EventKind) -> [Int] { kind == .events ? machine.appEvents : machine.timerEvents }

    /// `dispatch(_:)` or `dispatchTimer(_:)`, and the function of each top-level state.
    private func dispatchFunctions(_ kind: EventKind) -> [SwiftDeclaration] {
        let top = regions.nodes(in: nil)
        let forwarded: [SwiftArgument] =
            kind == .events ? forwardedEventArguments : [SwiftArgument(.identifier("timer"))]
        let cases = top.map { node in
            let call = SwiftExpression.call(
                .identifier(nodeFunctionName(node, kind)),
                machine.states[node].isParallel
                    ? [forwarded[0], SwiftArgument(.identifier("value"))] + forwarded.dropFirst()
                    : forwarded)
            return SwiftCase(
                patterns: [
                    machine.states[node].isParallel
                        ? .enumCaseBinding(regions.caseName(of: node), ["value"])
                        : .enumCase(regions.caseName(of: node))
                ],
                body: [.returnStatement(awaited(call))])
        }
        let dispatch = SwiftDeclaration.function(
            dispatching(
                SwiftFunction(
                    documentation: kind == .events
                        ? []
                        : [
                            "The rows of `timer` in the current configuration: a timer runs only while its state is active."
                        ],
                    attributes: kind == .events ? ["@inline(__always)"] : [], isPrivate: true,
                    name: kind == .events ? "dispatch" : "dispatchTimer", parameters: kindParameters(kind),
                    returnType: "Outcome",
                    body: [.switchStatement(SwiftSwitch(subject: .identifier(stateStorage), cases: cases))])))
        return [dispatch]
            + top.map { machine.states[$0].isParallel ? parallelFunction($0, kind) : leafFunction($0, kind) }
    }

    private func kindParameters(_ kind: EventKind) -> [SwiftParameter] {
        kind == .events ? privateEventParameters : [SwiftParameter(label: "_", name: "timer", type: timerType)]
    }

    /// `return unhandled(event, in: …)`, or for a timeout `return .unhandled(in: …)`, without
    /// the hook, which takes the app's events.
    private func notHandled(_ kind: EventKind, in state: SwiftExpression) -> SwiftStatement {
        kind == .events ? unhandledReturn(state) : unhandledTimerReturn(state)
    }

    private var forwardedPredicateArguments: [SwiftArgument] {
        Array(forwardedEventArguments.dropFirst())
    }

    private func nodeFunctionName(_ node: Int, _ kind: EventKind) -> String {
        let name = SwiftNames.unescaped(machine.states[node].named.swiftName)
        return (kind == .events ? "handleIn" : "handleTimerIn") + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// An open parallel state while its regions are dispatched: the variable holding its
    /// struct as the rows change it, the value it had when the event arrived, and the flag
    /// that says a region took the event.
    struct Frame {
        var parallel: Int
        var variable: String
        var source: String
        var handled: String
    }

    /// What a row does when it has run: returns the outcome (a top-level state's row, one
    /// that leaves the outermost parallel state, or one in the last region with rows for
    /// the event, when nothing else is to run), or marks the event taken.
    private enum Finish {
        case returns(from: SwiftExpression)
        case marks(String)
    }

    private func frame(for parallel: Int, source: String) -> Frame {
        let name = SwiftNames.unescaped(machine.states[parallel].named.swiftName)
        return Frame(parallel: parallel, variable: name + "Now", source: source, handled: name + "Handled")
    }

    /// A top-level state that is not parallel: `switch event`, each row inline.
    private func leafFunction(_ node: Int, _ kind: EventKind) -> SwiftDeclaration {
        let state = machine.states[node]
        let from = SwiftExpression.implicitMember(regions.caseName(of: node))
        var body = eventSwitch(
            node, kind, frames: [], finish: .returns(from: from),
            unhandled: [notHandled(kind, in: from)], rejected: [rejectedReturn(from)], top: from)
        if body.isEmpty { body = [notHandled(kind, in: from)] }
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: ["`\(state.name)`."],
                    attributes: inlinesStateFunctions && kind == .events ? ["@inline(__always)"] : [],
                    isPrivate: true, name: nodeFunctionName(node, kind), parameters: kindParameters(kind),
                    returnType: "Outcome",
                    body: body)))
    }

    /// The outermost parallel state of a configuration: a `switch` on the event, whose case
    /// for each event dispatches it to the regions that have rows for it, in turn, then to
    /// the parallel state's own rows.
    private func parallelFunction(_ parallel: Int, _ kind: EventKind) -> SwiftDeclaration {
        let state = machine.states[parallel]
        let frame = frame(for: parallel, source: "source")
        let from = SwiftExpression.call(
            .implicitMember(regions.caseName(of: parallel)), [SwiftArgument(.identifier("source"))])
        let notTaken: [SwiftStatement] = [
            .ifStatement([.identifier(rejectedFlag)], body: [rejectedReturn(from)]),
            notHandled(kind, in: from),
        ]
        var cases: [SwiftCase] = []
        var others: [Int] = []
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
                        SwiftParameter(label: "_", name: "source", type: regions.structType(parallel)),
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
    private func eventCasePattern(_ event: Int, _ kind: EventKind, binding body: [SwiftStatement]) -> SwiftPattern {
        let name = machine.events[event].swiftName
        let values = machine.eventParameters[event]
        guard kind == .events, !values.isEmpty else { return .enumCase(name) }
        return boundOnlyIfRead(.enumCaseBinding(name, values.map { names.values[$0.label] }), in: body)
    }

    /// Whether `state` (a leaf: inside its region; a parallel state: itself or inside one
    /// of its regions) has a row for `event`.
    private func hasRows(_ state: Int, for event: Int) -> Bool {
        if plan(of: state, for: event) != nil { return true }
        guard machine.states[state].isParallel else { return false }
        return machine.states[state].substates.contains { regionHasRows($0, for: event) }
    }

    /// Whether some state of `region` has a row for `event`.
    private func regionHasRows(_ region: Int, for event: Int) -> Bool {
        machine.states[region].isParallel
            ? hasRows(region, for: event) : regions.nodes(in: region).contains { hasRows($0, for: event) }
    }

    /// The rows of `state` for `event` as `DispatchPlanner` orders them, if it has any.
    private func plan(of state: Int, for event: Int) -> EventDispatch? {
        dispatch[state]?.first { $0.event == event }
    }

    /// `event` dispatched in the innermost frame's parallel state: each region with rows for
    /// it in turn, then, if none took it, its own rows, and `notTaken` where they do not take
    /// it. When a region takes the event, the dispatch ends as `finish` says: at once in the
    /// last region if nothing else would run after it, else once all have had their turn,
    /// the regions marking the frame's flag.
    private func dispatch(
        _ event: Int, _ kind: EventKind, frames: [Frame], finish: Finish, notTaken: [SwiftStatement],
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
    private func ending(_ finish: Finish) -> [SwiftStatement] {
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
        _ region: Int, _ event: Int, _ kind: EventKind, frames: [Frame], finish: Finish,
        setsRejected: [SwiftStatement], top: SwiftExpression
    ) -> [SwiftStatement] {
        let outer = frames[frames.count - 1]
        if machine.states[region].isParallel {
            let inner = frame(for: region, source: outer.source + "." + regions.caseName(of: region))
            return [.comment("Region `\(machine.states[region].name)`, a parallel state.")]
                + nestedDispatch(
                    inner, from: .member(.identifier(outer.variable), regions.caseName(of: region)), event, kind,
                    frames: frames, finish: finish, top: top)
        }
        let nodes = regions.nodes(in: region).filter { hasRows($0, for: event) }
        var cases = nodes.map { node -> SwiftCase in
            guard machine.states[node].isParallel else {
                let body = regionBody(
                    of: plan(of: node, for: event)!, in: machine.states[node], node: node, frames: frames,
                    finish: finish,
                    unhandled: [.breakStatement], rejected: setsRejected, top: top)
                return SwiftCase(
                    patterns: [.enumCase(regions.caseName(of: node))], body: body.isEmpty ? [.breakStatement] : body)
            }
            let inner = frame(for: node, source: SwiftNames.unescaped(regions.caseName(of: node)) + "Source")
            let body = nestedDispatch(
                inner, from: .identifier(inner.source), event, kind, frames: frames, finish: finish, top: top)
            let binds = body.contains { $0.mentions(inner.source) }
            return SwiftCase(
                patterns: [
                    binds
                        ? .enumCaseBinding(regions.caseName(of: node), [inner.source])
                        : .enumCase(regions.caseName(of: node))
                ],
                body: body.isEmpty ? [.breakStatement] : body)
        }
        if nodes.count < regions.nodes(in: region).count {
            cases.append(SwiftCase(patterns: [], body: [.breakStatement]))
        }
        let subject = SwiftExpression.member(.identifier(outer.variable), regions.caseName(of: region))
        return [
            .comment("Region `\(machine.states[region].name)`."),
            .switchStatement(SwiftSwitch(subject: subject, cases: cases)),
        ]
    }

    /// `event` dispatched in a parallel state inside the innermost frame's, in a frame of its
    /// own whose variable starts as `value`.
    private func nestedDispatch(
        _ inner: Frame, from value: SwiftExpression, _ event: Int, _ kind: EventKind, frames: [Frame],
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

    /// `switch event { … }` over the rows of `node` (a leaf: those held inside its region; a
    /// parallel state: its own): empty when it has none for any event.
    private func eventSwitch(
        _ node: Int, _ kind: EventKind, frames: [Frame], finish: Finish, unhandled: [SwiftStatement],
        rejected: [SwiftStatement], top: SwiftExpression
    ) -> [SwiftStatement] {
        let state = machine.states[node]
        let plans = (dispatch[node] ?? []).filter { takes(kind, $0.event) }
        guard !plans.isEmpty else { return [] }
        var cases = plans.map { plan in
            let body = regionBody(
                of: plan, in: state, node: node, frames: frames, finish: finish,
                unhandled: unhandled, rejected: rejected, top: top)
            return SwiftCase(
                patterns: [
                    kind == .events
                        ? boundOnlyIfRead(eventPattern(plan, in: state), in: body)
                        : .enumCase(machine.events[plan.event].swiftName)
                ],
                body: body)
        }
        let handled = Set(plans.map(\.event))
        let others = kindEvents(kind).filter { !handled.contains($0) }
        if !others.isEmpty {
            cases.append(SwiftCase(patterns: others.map { .enumCase(machine.events[$0].swiftName) }, body: unhandled))
        }
        return [.switchStatement(SwiftSwitch(subject: .identifier(subject(kind)), cases: cases))]
    }

    /// The dispatch of every state that takes events in a configuration: the leaves and the
    /// parallel states.
    var regionPlans: [EventDispatch] {
        machine.states.indices.filter { machine.states[$0].isParallel || !machine.states[$0].isAbstract }
            .flatMap { dispatch[$0] ?? [] }
    }

    /// `pattern` binding only the event values that `body` reads: a row that a state test
    /// rules out here takes its values' uses with it.
    private func boundOnlyIfRead(_ pattern: SwiftPattern, in body: [SwiftStatement]) -> SwiftPattern {
        guard case .enumCaseBinding(let name, let bound) = pattern else { return pattern }
        let kept = bound.map { value in value.flatMap { name in body.contains { $0.mentions(name) } ? name : nil } }
        return kept.allSatisfy { $0 == nil } ? .enumCase(name) : .enumCaseBinding(name, kept)
    }

    /// One event's rows, as `body(of:in:)` writes them for a top-level state, but ending each
    /// as `finish` says, and falling through to `unhandled` and `rejected` statements.
    private func regionBody(
        of plan: EventDispatch, in state: State, node: Int, frames: [Frame], finish: Finish,
        unhandled: [SwiftStatement], rejected: [SwiftStatement], top: SwiftExpression
    ) -> [SwiftStatement] {
        // In a parallel state's function, a condition that two rows may ask for one event,
        // in one region or several, keeps its answer in a local of the whole function
        // (asked at most once per event: Language reference › Conditions); in a top-level
        // state's, of the event's case.
        let shared = frames.isEmpty ? plan.sharedConditions : functionMemo(frames[0].parallel, event: plan.event)
        let answers: [SwiftStatement] = frames.isEmpty ? memoDeclarations(shared) : []
        /// A branch's tests in the order they are read: its state tests, then its conditions.
        func tests(_ branch: EventDispatch.Branch) -> [SwiftExpression] {
            branch.stateTests.map { test in
                let answer = stateTest(test.state, at: node, frames: frames)
                // `!false` would tell Swift a branch never runs: `negated` folds the literal.
                return test.isNegated ? answer.negated : answer
            } + branch.conditions.map { conditionTest($0, keeping: shared) }
        }
        func outcome(_ branch: EventDispatch.Branch) -> [SwiftStatement] {
            branch.transition.map {
                regionTransition(state.transitions[$0], node: node, frames: frames, finish: finish, top: top)
            } ?? rejected
        }
        guard !plan.predicateTypes.isEmpty else {
            // The rows in order, each if its conditions hold; `else` leads to the next.
            // A state test the node decides is a literal: `true` is left out, and a row with a
            // `false` one never applies, so that Swift sees no branch that cannot run.
            var statements: [SwiftStatement] = []
            for branch in plan.branches.reversed() {
                let tests = tests(branch)
                if tests.contains(.identifier("false")) {
                    if statements.isEmpty { statements = rejected }
                    continue
                }
                let live = tests.filter { $0 != .identifier("true") }
                if live.isEmpty {
                    statements = outcome(branch)
                } else {
                    statements = [
                        .ifElse(live, body: outcome(branch), elseBody: statements.isEmpty ? rejected : statements)
                    ]
                }
            }
            return answers + statements
        }
        let subject = predicateSubject(of: plan)
        // As above, a state test the node decides is left out of a `where` clause, and a row
        // with a false one has no case: a row whose tests were all true then takes every
        // value it matches, and the alternatives of later rows that it matches go too
        // (Swift's flow analysis sees through `where true` and warns of the cases after it).
        var cases: [SwiftCase] = []
        var taken: [[Int?]] = []
        let planner = DispatchPlanner(machine: machine)
        for branch in plan.branches {
            let tests = tests(branch)
            guard !tests.contains(.identifier("false")) else { continue }
            let live = tests.filter { $0 != .identifier("true") }
            var remaining = branch
            remaining.patterns = planner.uncovered(branch.patterns, by: taken, types: plan.predicateTypes)
            guard !remaining.patterns.isEmpty else { continue }
            if live.isEmpty {
                remaining.conditions = []
                remaining.stateTests = []
                taken += remaining.patterns
            }
            cases.append(SwiftCase(patterns: patterns(remaining, of: plan), conditions: live, body: outcome(branch)))
        }
        if !plan.isExhaustive {
            cases.append(SwiftCase(patterns: [], body: unhandled))
        }
        return answers + [.switchStatement(SwiftSwitch(subject: subject, cases: cases))]
    }

    /// `var isOpen: Swift.Bool? = nil` for each of `calls`.
    private func memoDeclarations(_ calls: [Int]) -> [SwiftStatement] {
        calls.map {
            .declaration(
                isVariable: true, name: names.conditionAnswers[$0], type: "Swift.Bool?", value: .identifier("nil"))
        }
    }

    /// The states whose rows the function of `parallel` dispatches: it, and inside its
    /// regions every state that takes events, nested parallel states' own rows included.
    private func statesDispatched(in parallel: Int) -> [Int] {
        [parallel]
            + machine.states[parallel].substates.flatMap { region in
                machine.states[region].isParallel
                    ? statesDispatched(in: region)
                    : regions.nodes(in: region).flatMap { node in
                        machine.states[node].isParallel ? statesDispatched(in: node) : [node]
                    }
            }
    }

    /// The condition calls that rows of the function of `parallel` may ask twice for
    /// `event`: each kept once, in the event's case of the function.
    func functionMemo(_ parallel: Int, event: Int) -> [Int] {
        var counts: [Int: Int] = [:]
        for state in statesDispatched(in: parallel) {
            for term in plan(of: state, for: event)?.branches.flatMap(\.conditions) ?? [] {
                counts[term.call, default: 0] += 1
            }
        }
        return counts.filter { $0.value > 1 }.keys.sorted()
    }

    /// The condition calls that rows of the function of `parallel` may ask twice for one
    /// event, whichever event it is.
    func functionMemo(_ parallel: Int) -> [Int] {
        Array(Set(machine.events.indices.flatMap { functionMemo(parallel, event: $0) })).sorted()
    }

    // MARK: State tests

    /// Whether `tested` is active, asked while `node` takes an event inside `frames`, from
    /// the configuration the event arrived in: `true` or `false` where the node decides it,
    /// else a test of the value another region had.
    private func stateTest(_ tested: Int, at node: Int, frames: [Frame]) -> SwiftExpression {
        let chart = regions.chart
        if chart.lineage(of: node).contains(tested) { return .identifier("true") }
        for frame in frames.reversed() where machine.states[tested].ancestors.contains(frame.parallel) {
            let region = machine.states[frame.parallel].substates.first { chart.isWithin(tested, $0) }!
            if chart.isWithin(node, region) { return .identifier("false") }
            return .call(
                .member(.identifier("Self"), isInFunctionName(tested, region: region)),
                [SwiftArgument(.member(.identifier(frame.source), regions.caseName(of: region)))])
        }
        return .identifier("false")
    }

    private func isInFunctionName(_ tested: Int, region: Int) -> String {
        "isIn" + regions.typeName(of: tested).replacingBackticks + "Of"
            + regions.typeName(of: region).replacingBackticks
    }

    /// The (tested state, region) pairs whose `isIn…Of…` function the generated code calls:
    /// those `stateTest` asks for, and those these ask in turn for nested regions.
    var stateTestPairs: [(tested: Int, region: Int)] {
        var pairs: [(tested: Int, region: Int)] = []
        func add(_ tested: Int, _ region: Int) {
            guard !pairs.contains(where: { $0 == (tested, region) }) else { return }
            pairs.append((tested, region))
            if machine.states[region].isParallel && tested != region {
                add(tested, machine.states[region].substates.first { regions.chart.isWithin(tested, $0) }!)
            }
            for node in regions.nodes(in: region)
            where machine.states[node].isParallel && machine.states[tested].ancestors.contains(node) {
                add(tested, machine.states[node].substates.first { regions.chart.isWithin(tested, $0) }!)
            }
        }
        let chart = regions.chart
        for (index, state) in machine.states.enumerated() where state.isParallel || !state.isAbstract {
            let parallels = (state.ancestors + [index]).filter { machine.states[$0].isParallel }
            for test in state.transitions.flatMap(\.guardClause.stateTests)
            where !chart.lineage(of: index).contains(test.state) {
                guard let parallel = parallels.last(where: { machine.states[test.state].ancestors.contains($0) }) else {
                    continue
                }
                let region = machine.states[parallel].substates.first { chart.isWithin(test.state, $0) }!
                if !chart.isWithin(index, region) { add(test.state, region) }
            }
        }
        return pairs
    }

    /// `isInMutedOfVolume(_:)`: whether a region's value has `tested` active.
    private func stateTestFunction(_ tested: Int, region: Int) -> SwiftDeclaration {
        let chart = regions.chart
        let documentation = [
            "Whether `\(machine.states[tested].name)` is active in region `\(machine.states[region].name)` when it is in `value`."
        ]
        func function(_ body: [SwiftStatement]) -> SwiftDeclaration {
            .function(
                SwiftFunction(
                    documentation: documentation, attributes: ["@inline(__always)"], isPrivate: true, isStatic: true,
                    name: isInFunctionName(tested, region: region),
                    parameters: [SwiftParameter(label: "_", name: "value", type: regions.scopeType(region))],
                    returnType: "Swift.Bool", body: body))
        }
        if machine.states[region].isParallel {
            // A region that is a parallel state: the test is its region's that holds `tested`.
            guard tested != region else { return function([.returnStatement(.identifier("true"))]) }
            let inner = machine.states[region].substates.first { chart.isWithin(tested, $0) }!
            return function([
                .returnStatement(
                    .call(
                        .member(.identifier("Self"), isInFunctionName(tested, region: inner)),
                        [SwiftArgument(.member(.identifier("value"), regions.caseName(of: inner)))]))
            ])
        }
        var yes: [SwiftPattern] = []
        var cases: [SwiftCase] = []
        for node in regions.nodes(in: region) {
            if chart.lineage(of: node).contains(tested) {
                yes.append(
                    machine.states[node].isParallel
                        ? .enumCaseBinding(regions.caseName(of: node), [nil]) : .enumCase(regions.caseName(of: node)))
            } else if machine.states[node].isParallel && machine.states[tested].ancestors.contains(node) {
                let inner = machine.states[node].substates.first { chart.isWithin(tested, $0) }!
                cases.append(
                    SwiftCase(
                        patterns: [.enumCaseBinding(regions.caseName(of: node), ["value"])],
                        body: [
                            .returnStatement(
                                .call(
                                    .member(.identifier("Self"), isInFunctionName(tested, region: inner)),
                                    [SwiftArgument(.member(.identifier("value"), regions.caseName(of: inner)))]))
                        ]))
            }
        }
        let covered = yes.count + cases.count
        if !yes.isEmpty { cases.insert(SwiftCase(patterns: yes, body: [.returnStatement(.identifier("true"))]), at: 0) }
        if covered < regions.nodes(in: region).count {
            cases.append(SwiftCase(patterns: [], body: [.returnStatement(.identifier("false"))]))
        }
        return function([.switchStatement(SwiftSwitch(subject: .identifier("value"), cases: cases))])
    }
}

extension String {
    /// The name without the backticks of an escaped keyword.
    fileprivate var replacingBackticks: String { filter { $0 != "`" } }
}

// MARK: Transitions

extension Translator {
    private var layoutChart: Statechart { layout!.chart }

    /// The name of a helper of `state`: `exitPlayback`, `resolveActive`, `enterActiveResumed`.
    private func helperName(_ verb: String, _ state: Int, _ suffix: String = "") -> String {
        verb + layout!.typeName(of: state).filter { $0 != "`" } + suffix
    }

    /// The local that holds where entering `state` by its own rules ends.
    private func enteredName(_ state: Int) -> String {
        let name = SwiftNames.unescaped(machine.states[state].named.swiftName)
        return name + "Entered"
    }

    private func ownEntry(_ state: Int) -> [SwiftStatement] {
        machine.states[state].ownEntryActions.map { actionCall($0) }
    }
    private func ownExit(_ state: Int) -> [SwiftStatement] {
        machine.states[state].ownExitActions.map { actionCall($0) }
    }

    /// Whether entering `state` by its own rules goes on inside it: a superstate that is not
    /// parallel, with an initial row or a history.
    private func entersByRules(_ state: Int) -> Bool {
        let info = machine.states[state]
        return !info.isParallel && !info.substates.isEmpty && (info.initialSubstate != nil || info.history != nil)
    }

    private func storesHistory(_ state: Int) -> Bool { historyStorageStates.contains(state) }

    /// A parallel state with a deep history: entered by its own rules, it resumes every
    /// region as it was, or enters each by its rules the first time.
    private func resumesRegions(_ state: Int) -> Bool {
        machine.states[state].isParallel && machine.states[state].history == .deep
    }

    private func historyWrite(_ state: Int, _ value: SwiftExpression) -> SwiftStatement {
        .assignment(.member(.identifier(historyStorage), historyProperty(state)), value)
    }

    /// The statements of one row taken by `node`: histories, exits, the row's actions, the
    /// new configuration written, entries, and the end `finish` says.
    private func regionTransition(
        _ transition: Transition, node: Int, frames: [Frame], finish: Finish,
        top: SwiftExpression
    ) -> [SwiftStatement] {
        let chart = layoutChart
        var statements: [SwiftStatement] = []
        if transition.declaredIn != node {
            statements.append(.comment("from \(machine.states[transition.declaredIn].name)"))
        }
        let ownActions = transition.actions.indices.map { position in
            actionCall(
                transition.actions[position],
                arguments: transition.actionArguments.indices.contains(position)
                    ? transition.actionArguments[position] : [])
        }
        let targets = transition.namedTarget.map { [$0] + transition.forkTargets } ?? []
        func frameVariable(_ parallel: Int) -> String { frames.first { $0.parallel == parallel }!.variable }
        guard !targets.isEmpty else {
            statements += ownActions
            switch finish {
            case .returns(let from):
                // In a parallel state, a region before this one may have moved.
                let to = frames.isEmpty ? from : .identifier(stateStorage)
                statements.append(
                    .returnStatement(
                        .call(.implicitMember("transitioned"), [SwiftArgument("from", from), SwiftArgument("to", to)])))
            case .marks(let flag):
                statements.append(.assignment(.identifier(flag), .identifier("true")))
            }
            return statements
        }
        let lineage = chart.lineage(of: node)
        let targetLineages = Set(targets.flatMap(chart.lineage(of:)))
        let kept = lineage.filter { state in
            targetLineages.contains(state) && !targets.contains { $0 != state && chart.isWithin(state, $0) }
                && !(state == node && targets.contains(node))
        }
        let left = lineage.filter { !kept.contains($0) }
        let isParallelNode = machine.states[node].isParallel

        // Histories: of the states left, and of those kept whose substates are left.
        for state in lineage where storesHistory(state) {
            let contentLeft =
                left.first.map { chart.isWithin($0, state) } ?? (isParallelNode && chart.isWithin(node, state))
            guard !kept.contains(state) || contentLeft else { continue }
            if machine.states[state].isParallel {
                statements.append(historyWrite(state, .identifier(frameVariable(state))))
            } else {
                let holding = layout!.node(in: layout!.contentScope(of: state), holding: node)!
                statements.append(historyWrite(state, nodeValue(holding, frameVariable: frameVariable)))
            }
        }

        // Exits: inside the outermost parallel state on the way, region by region in
        // reverse order; above it, leaf first. Then the timers of the states left.
        var exits: [WalkItem] = []
        if left.isEmpty {
            if isParallelNode {
                for region in machine.states[node].substates.reversed() {
                    exits.append(
                        .helper(region, .member(.identifier(frameVariable(node)), layout!.caseName(of: region))))
                }
            }
        } else {
            func exitChain(_ state: Int) -> [WalkItem] {
                if machine.states[state].isParallel {
                    var out: [WalkItem] = []
                    for region in machine.states[state].substates.reversed() {
                        out +=
                            chart.isWithin(node, region)
                            ? exitChain(region)
                            : [
                                .helper(
                                    region, .member(.identifier(frameVariable(state)), layout!.caseName(of: region)))
                            ]
                    }
                    return out + [.own(state)]
                }
                guard state != node else { return [.own(state)] }
                let child = machine.states[state].substates.first { chart.isWithin(node, $0) }!
                return exitChain(child) + [.own(state)]
            }
            // Inside parallel states each state has one superstate: the states left there
            // are one chain, from the first of them down to the node.
            let chainStart = left.first { machine.states[$0].isParallel || regionsContain($0) }
            if let chainStart {
                exits += exitChain(chainStart)
                exits += left.filter { !chart.isWithin($0, chainStart) }.reversed().map { .own($0) }
            } else {
                exits += left.reversed().map { .own($0) }
            }
        }
        statements += exits.flatMap(exitActions) + exits.flatMap(timerCancels)
        statements += ownActions

        // The new configuration, then the entries and the timers of the states entered.
        let deepest = kept.last
        var entries: [WalkItem] = []
        var assignments: [SwiftStatement] = []
        var writtenFrame: Int?
        if let deepest, machine.states[deepest].isParallel {
            let parallel = deepest
            for region in machine.states[parallel].substates {
                let inside = targets.filter { chart.isWithin($0, region) }
                guard !inside.isEmpty || node == parallel || chart.isWithin(node, region) else { continue }
                let (bindings, value) = inside.isEmpty ? defaultBinding(region) : newValue(in: region, targets: inside)
                statements += bindings
                assignments.append(
                    .assignment(.member(.identifier(frameVariable(parallel)), layout!.caseName(of: region)), value))
                entries += inside.isEmpty ? [.own(region), enteredHelper(region)] : enterFrom(region, targets: inside)
            }
            writtenFrame = frames.firstIndex { $0.parallel == parallel }
        } else if let deepest, let scopeRegion = layout!.contentScope(of: deepest),
            chart.isWithin(deepest, scopeRegion) || layout!.isRegion[deepest]
        {
            let parallel = layout!.parallel(of: scopeRegion)
            let value: SwiftExpression
            if targets == [deepest] {
                let (bindings, entered, items) = enteringByRules(deepest)
                statements += bindings
                value = entered
                entries = items
            } else {
                let (bindings, newValue) = newValue(in: scopeRegion, targets: targets)
                statements += bindings
                value = newValue
                let first = chart.lineage(of: targets[0]).first { !kept.contains($0) }!
                entries = enterFrom(first, targets: targets)
            }
            assignments.append(
                .assignment(.member(.identifier(frameVariable(parallel)), layout!.caseName(of: scopeRegion)), value))
            writtenFrame = frames.firstIndex { $0.parallel == parallel }
        } else {
            // The top level: the state enum's value.
            let value: SwiftExpression
            if let deepest, targets == [deepest] {
                let (bindings, entered, items) = enteringByRules(deepest)
                statements += bindings
                value = entered
                entries = items
            } else {
                let (bindings, newValue) = newValue(in: nil, targets: targets)
                statements += bindings
                value = newValue
                for state in chart.lineage(of: targets[0]) where !kept.contains(state) {
                    if machine.states[state].isParallel {
                        entries += enterFrom(state, targets: targets)
                        break
                    }
                    entries.append(.own(state))
                    if state == targets[0] && entersByRules(state) { entries.append(enteredHelper(state)) }
                }
            }
            assignments.append(setState(value))
        }
        statements += assignments
        if let writtenFrame { statements += writeBack(from: writtenFrame, frames) }
        statements += entries.flatMap(entryActions) + entries.flatMap(timerStarts)
        if writtenFrame == nil {
            let from: SwiftExpression
            switch finish {
            case .returns(let value): from = value
            case .marks: from = top
            }
            statements.append(
                .returnStatement(
                    .call(
                        .implicitMember("transitioned"),
                        [SwiftArgument("from", from), SwiftArgument("to", .identifier(stateStorage))])))
        } else {
            switch finish {
            case .returns(let from):
                statements.append(
                    .returnStatement(
                        .call(
                            .implicitMember("transitioned"),
                            [SwiftArgument("from", from), SwiftArgument("to", .identifier(stateStorage))])))
            case .marks(let flag):
                statements.append(.assignment(.identifier(flag), .identifier("true")))
            }
        }
        return statements
    }

    /// Whether `state` is inside some parallel state.
    private func regionsContain(_ state: Int) -> Bool { layout!.container[state] != nil }

    /// The frames from `index` up, each written into its parent's region, and the state.
    private func writeBack(from index: Int, _ frames: [Frame]) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        var position = index
        while position > 0 {
            let inner = frames[position]
            let outer = frames[position - 1]
            if layout!.isRegion[inner.parallel] {
                // A region that is a parallel state holds its struct as it is.
                statements.append(
                    .assignment(
                        .member(.identifier(outer.variable), layout!.caseName(of: inner.parallel)),
                        .identifier(inner.variable)))
            } else {
                let region = layout!.container[inner.parallel]!
                statements.append(
                    .assignment(
                        .member(.identifier(outer.variable), layout!.caseName(of: region)),
                        .call(
                            .implicitMember(layout!.caseName(of: inner.parallel)),
                            [SwiftArgument(.identifier(inner.variable))])))
            }
            position -= 1
        }
        statements.append(
            setState(
                .call(
                    .implicitMember(layout!.caseName(of: frames[0].parallel)),
                    [SwiftArgument(.identifier(frames[0].variable))])))
        return statements
    }

    /// The value of `node` as its scope's enum has it now: `.playing`, `.editing(editingNow)`.
    private func nodeValue(_ node: Int, frameVariable: (Int) -> String) -> SwiftExpression {
        machine.states[node].isParallel
            ? .call(.implicitMember(layout!.caseName(of: node)), [SwiftArgument(.identifier(frameVariable(node)))])
            : .implicitMember(layout!.caseName(of: node))
    }

    /// `let activeEntered = resolveActive()`: where entering `state` by its own rules ends.
    private func defaultBinding(_ state: Int) -> (bindings: [SwiftStatement], value: SwiftExpression) {
        (
            [
                .declaration(
                    isVariable: false, name: enteredName(state), type: nil,
                    value: .call(.identifier(helperName("resolve", state)), []))
            ],
            .identifier(enteredName(state))
        )
    }

    /// `enterActive(activeEntered)`: the entry actions inside `state` on its way in.
    private func enterCall(_ state: Int) -> SwiftStatement {
        .expression(
            awaited(.call(.identifier(helperName("enter", state)), [SwiftArgument(.identifier(enteredName(state)))])))
    }

    private func exitRegionCall(_ region: Int, _ value: SwiftExpression) -> SwiftStatement {
        .expression(awaited(.call(.identifier(helperName("exit", region)), [SwiftArgument(value)])))
    }

    /// The new value of `scope`, which holds `targets`: the node holding the first target,
    /// a parallel one with each region's value; a region without a target, and a target
    /// entered by its own rules, by `resolve…`, bound first.
    private func newValue(in scope: Int?, targets: [Int]) -> (bindings: [SwiftStatement], value: SwiftExpression) {
        if let scope, machine.states[scope].isParallel {
            // A region that is a parallel state: its struct.
            if targets == [scope] && resumesRegions(scope) { return defaultBinding(scope) }
            return regionValues(scope, targets: targets)
        }
        guard let node = layout!.node(in: scope, holding: targets[0]), !(node == targets[0] && entersByRules(node))
        else {
            return defaultBinding(targets[0])
        }
        guard machine.states[node].isParallel else { return ([], .implicitMember(layout!.caseName(of: node))) }
        if targets == [node] && resumesRegions(node) {
            let (bindings, value) = defaultBinding(node)
            return (bindings, .call(.implicitMember(layout!.caseName(of: node)), [SwiftArgument(value)]))
        }
        let (bindings, value) = regionValues(node, targets: targets)
        return (bindings, .call(.implicitMember(layout!.caseName(of: node)), [SwiftArgument(value)]))
    }

    /// `parallel`'s struct with each region's new value: on the way to the targets inside
    /// it, else by its own rules.
    private func regionValues(_ parallel: Int, targets: [Int]) -> (bindings: [SwiftStatement], value: SwiftExpression) {
        var bindings: [SwiftStatement] = []
        var arguments: [SwiftArgument] = []
        for region in machine.states[parallel].substates {
            let inside = targets.filter { layoutChart.isWithin($0, region) }
            let (more, value) = inside.isEmpty ? defaultBinding(region) : newValue(in: region, targets: inside)
            bindings += more
            arguments.append(SwiftArgument(layout!.caseName(of: region), value))
        }
        return (bindings, .call(.identifier(layout!.structType(parallel)), arguments))
    }

    /// What entering from `state` (entered) down to `targets` runs, the regions without a
    /// target and a target with substates entered by their own rules.
    private func enterFrom(_ state: Int, targets: [Int]) -> [WalkItem] {
        var out: [WalkItem] = [.own(state)]
        let info = machine.states[state]
        if info.isParallel && targets == [state] && resumesRegions(state) {
            out.append(enteredHelper(state))
        } else if info.isParallel {
            for region in info.substates {
                let inside = targets.filter { layoutChart.isWithin($0, region) }
                out += inside.isEmpty ? [.own(region), enteredHelper(region)] : enterFrom(region, targets: inside)
            }
        } else if targets.contains(state) {
            if entersByRules(state) { out.append(enteredHelper(state)) }
        } else {
            let child = info.substates.first { child in targets.allSatisfy { layoutChart.isWithin($0, child) } }!
            out += enterFrom(child, targets: targets)
        }
        return out
    }

    /// A step of a walk over the states a transition leaves or enters: a state of its own,
    /// or what a helper does with a value (a region left from its value; a region or
    /// superstate entered by its own rules, to the value `resolve…` found).
    enum WalkItem {
        case own(Int)
        case helper(Int, SwiftExpression)
    }

    /// `enterActive(activeEntered)`'s item.
    private func enteredHelper(_ state: Int) -> WalkItem { .helper(state, .identifier(enteredName(state))) }

    /// Entering `state`, kept by a transition that names it, by its own rules: where it
    /// ends, and what runs; a concrete superstate without an initial row is the end itself.
    private func enteringByRules(_ state: Int) -> (
        bindings: [SwiftStatement], value: SwiftExpression, items: [WalkItem]
    ) {
        if resumesRegions(state) || entersByRules(state) {
            let (bindings, value) = defaultBinding(state)
            let wrapped =
                machine.states[state].isParallel
                ? SwiftExpression.call(.implicitMember(layout!.caseName(of: state)), [SwiftArgument(value)]) : value
            return (bindings, wrapped, [enteredHelper(state)])
        }
        return ([], .implicitMember(layout!.caseName(of: state)), [])
    }

    private func exitActions(_ item: WalkItem) -> [SwiftStatement] {
        switch item {
        case .own(let state): ownExit(state)
        case .helper(let region, let value): [exitRegionCall(region, value)]
        }
    }

    private func entryActions(_ item: WalkItem) -> [SwiftStatement] {
        switch item {
        case .own(let state): ownEntry(state)
        case .helper(let state, let value):
            [.expression(awaited(.call(.identifier(helperName("enter", state)), [SwiftArgument(value)])))]
        }
    }

    /// The timers of the states left, cancelled after all exit actions, in their order.
    private func timerCancels(_ item: WalkItem) -> [SwiftStatement] {
        guard machine.hasTimers else { return [] }
        switch item {
        case .own(let state): return timerCalls("cancelTimer", [state])
        case .helper(let region, let value):
            return [.expression(.call(.identifier(helperName("cancelTimersIn", region)), [SwiftArgument(value)]))]
        }
    }

    /// The timers of the states entered, started after all entry actions, in their order.
    private func timerStarts(_ item: WalkItem) -> [SwiftStatement] {
        guard machine.hasTimers else { return [] }
        switch item {
        case .own(let state): return timerCalls("startTimer", [state])
        case .helper(let state, let value):
            return [.expression(.call(.identifier(helperName("startTimersIn", state)), [SwiftArgument(value)]))]
        }
    }
}

// MARK: Helpers: leaving and entering regions and superstates

extension Translator {
    /// The helpers transitions call: leaving each region from its value, where entering a
    /// region or superstate by its own rules ends and its entry actions, and the state tests
    /// of other regions.
    var regionHelpers: [SwiftDeclaration] {
        let states = machine.states.indices
        var helpers: [SwiftDeclaration] = states.filter { layout!.isRegion[$0] }.map(exitRegionFunction)
        for state in states where (layout!.isRegion[state] || entersByRules(state)) && !machine.states[state].isParallel
        {
            helpers += [resolveFunction(state), enterFunction(state)]
        }
        helpers += states.filter { layout!.isRegion[$0] }.map(enterResumedFunction)
        helpers += states.filter { resumesRegions($0) || layout!.isRegion[$0] && machine.states[$0].isParallel }
            .flatMap { [resolveRegionsFunction($0), enterRegionsFunction($0)] }
        helpers += stateTestPairs.map { stateTestFunction($0.tested, region: $0.region) }
        if machine.hasTimers {
            helpers += states.filter { layout!.isRegion[$0] }.map(cancelTimersFunction)
            helpers += states.filter { layout!.isRegion[$0] || entersByRules($0) || resumesRegions($0) }.map(
                startTimersInFunction)
        }
        return helpers
    }

    /// A helper that runs actions is `async` in an async machine; one that only reads the
    /// histories (`resolve…`) never is.
    private func helperFunction(
        _ name: String, documentation: String, parameters: [SwiftParameter], returnType: String? = nil,
        runsActions: Bool = true, body: [SwiftStatement]
    ) -> SwiftDeclaration {
        let function = SwiftFunction(
            documentation: Self.wrapped(documentation), attributes: ["@inline(__always)"],
            isPrivate: true, name: name, parameters: parameters, returnType: returnType, body: body)
        return .function(runsActions ? dispatching(function) : function)
    }

    /// `.playing`, `.editing(let inner)`: a node as a pattern, binding a parallel one's struct.
    private func nodePattern(_ node: Int, binding name: String = "inner") -> SwiftPattern {
        machine.states[node].isParallel
            ? .enumCaseBinding(layout!.caseName(of: node), [name]) : .enumCase(layout!.caseName(of: node))
    }

    /// A `switch` on `value` over `cases`, with `default: break` when they do not cover every
    /// node of `scope`.
    private func nodeSwitch(_ value: SwiftExpression, scope: Int?, _ cases: [(nodes: [Int], body: [SwiftStatement])])
        -> [SwiftStatement]
    {
        let covered = cases.flatMap(\.nodes)
        guard !covered.isEmpty else { return [] }
        var switchCases = cases.filter { !$0.nodes.isEmpty }.map { entry in
            let binds = entry.body.contains { $0.mentions("inner") }
            return SwiftCase(
                patterns: entry.nodes.map { binds ? nodePattern($0) : .enumCase(layout!.caseName(of: $0)) },
                body: entry.body.isEmpty ? [.breakStatement] : entry.body)
        }
        if covered.count < layout!.nodes(in: scope).count {
            switchCases.append(SwiftCase(patterns: [], body: [.breakStatement]))
        }
        return [.switchStatement(SwiftSwitch(subject: value, cases: switchCases))]
    }

    /// `exitPlayback(_:)`: leaves region `region` from its value: the histories inside it,
    /// the exit actions from its state up, then the region's own.
    private func exitRegionFunction(_ region: Int) -> SwiftDeclaration {
        let chart = layoutChart
        let value = SwiftExpression.identifier("value")
        var cases: [(nodes: [Int], body: [SwiftStatement])] = []
        for node in layout!.nodes(in: region) {
            var body: [SwiftStatement] = []
            let above = machine.states[node].ancestors.filter { $0 != region && chart.isWithin($0, region) }
            for state in above + [node] where storesHistory(state) && !machine.states[state].isParallel {
                body.append(historyWrite(state, value))
            }
            if machine.states[node].isParallel {
                if storesHistory(node) { body.append(historyWrite(node, .identifier("inner"))) }
                for inner in machine.states[node].substates.reversed() {
                    body.append(exitRegionCall(inner, .member(.identifier("inner"), layout!.caseName(of: inner))))
                }
            }
            body += ownExit(node) + above.reversed().flatMap(ownExit)
            cases.append(([node], body))
        }
        var body = nodeSwitch(value, scope: region, cases)
        if machine.states[region].isParallel {
            // A region that is a parallel state: its regions, in reverse order.
            body = machine.states[region].substates.reversed().map {
                exitRegionCall($0, .member(value, layout!.caseName(of: $0)))
            }
        }
        if storesHistory(region) { body.append(historyWrite(region, value)) }
        body += ownExit(region)
        return helperFunction(
            helperName("exit", region),
            documentation:
                "Leaves region `\(machine.states[region].name)` from `value`: the exit actions from its state up, then the region's.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout!.scopeType(region))], body: body)
    }

    /// The value entering `state` by its own rules reaches, as `state`'s scope has it:
    /// `.playing`, `.editing(PlayerState.Media.Doc.Editing(style: resolveStyle(), …))`,
    /// `resolveActive()`.
    private func defaultValue(_ state: Int) -> SwiftExpression {
        let info = machine.states[state]
        if resumesRegions(state) {
            return .call(
                .implicitMember(layout!.caseName(of: state)),
                [SwiftArgument(.call(.identifier(helperName("resolve", state)), []))])
        }
        if info.isParallel {
            return .call(
                .implicitMember(layout!.caseName(of: state)),
                [
                    SwiftArgument(
                        .call(
                            .identifier(layout!.structType(state)),
                            info.substates.map {
                                SwiftArgument(
                                    layout!.caseName(of: $0), .call(.identifier(helperName("resolve", $0)), []))
                            }))
                ])
        }
        if entersByRules(state) { return .call(.identifier(helperName("resolve", state)), []) }
        return .implicitMember(layout!.caseName(of: state))
    }

    /// The value of `scope` on the way into `target` by its own rules: a parallel state on
    /// the way carries its struct, the region holding `target` on the way to it, the others
    /// as their own rules have them.
    private func valueToward(_ target: Int, in scope: Int?) -> SwiftExpression {
        guard let node = layout!.node(in: scope, holding: target), node != target, machine.states[node].isParallel
        else {
            return defaultValue(target)
        }
        return .call(
            .implicitMember(layout!.caseName(of: node)), [SwiftArgument(regionsToward(target, parallel: node))])
    }

    /// `parallel`'s struct on the way into `target`, inside it.
    private func regionsToward(_ target: Int, parallel: Int) -> SwiftExpression {
        .call(
            .identifier(layout!.structType(parallel)),
            machine.states[parallel].substates.map { region in
                let value: SwiftExpression
                if target == region || !layoutChart.isWithin(target, region) {
                    value = .call(.identifier(helperName("resolve", region)), [])
                } else {
                    value =
                        machine.states[region].isParallel
                        ? regionsToward(target, parallel: region) : valueToward(target, in: region)
                }
                return SwiftArgument(layout!.caseName(of: region), value)
            })
    }

    /// `resolveActive()`: where entering `state` by its own rules ends, read from the
    /// histories; no action runs.
    private func resolveFunction(_ state: Int) -> SwiftDeclaration {
        let info = machine.states[state]
        let scope = layout!.contentScope(of: state)
        var body: [SwiftStatement] = []
        let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
        if storesHistory(state) {
            let resumed: [SwiftStatement]
            if info.history == .deep {
                resumed = [.returnStatement(.identifier("stored"))]
            } else {
                resumed = nodeSwitch(
                    .identifier("stored"), scope: scope,
                    info.substates.map { child in
                        (layout!.nodes(in: scope, within: child), [.returnStatement(defaultValue(child))])
                    })
            }
            body.append(.ifLet(name: "stored", value: stored, body: resumed))
        }
        body.append(.returnStatement(valueToward(info.initialSubstate!, in: scope)))
        return helperFunction(
            helperName("resolve", state),
            documentation: "Where entering `\(info.name)` by its own rules ends: "
                + (storesHistory(state) ? "its history, or else " : "") + "its initial row's way.",
            parameters: [], returnType: layout!.scopeType(scope), runsActions: false, body: body)
    }

    /// `enterActive(_:)`: the entry actions inside `state` on the way `resolveActive()` found
    /// to `value` (the state's own entry actions are its caller's).
    private func enterFunction(_ state: Int) -> SwiftDeclaration {
        let info = machine.states[state]
        let scope = layout!.contentScope(of: state)
        let initial = initialActions(state) + alongInitialRow(state)
        var body = initial
        if storesHistory(state) {
            let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
            let resumed =
                info.history == .deep ? resumedPath(state, scope: scope) : childrenByRules(state, scope: scope)
            body = [
                .ifElse(
                    [.notEqual(stored, .identifier("nil"))],
                    body: resumed.isEmpty ? [.comment("nothing to enter")] : resumed,
                    elseBody: initial.isEmpty ? [.comment("nothing to enter")] : initial)
            ]
        }
        return helperFunction(
            helperName("enter", state),
            documentation:
                "The entry actions inside `\(info.name)` on its way to `value`, which `\(helperName("resolve", state))()` found.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout!.scopeType(scope))],
            body: body.isEmpty ? [.comment("No state on the way has entry actions.")] : body)
    }

    private func initialActions(_ state: Int) -> [SwiftStatement] {
        machine.states[state].initialActions.map { actionCall($0) }
    }

    /// Down `state`'s initial row: the states between, then the initial substate by its rules.
    private func alongInitialRow(_ state: Int) -> [SwiftStatement] {
        entriesToward(machine.states[state].initialSubstate!, below: state, value: .identifier("value"))
    }

    /// The entry actions below `state` down to `target`, on the way to `value` (the value of
    /// the scope of the first of them), then inside `target` by its own rules. A parallel
    /// state on the way enters its regions in order, the one holding `target` on the way to
    /// it, the others by their own rules.
    private func entriesToward(_ target: Int, below state: Int, value: SwiftExpression) -> [SwiftStatement] {
        var out: [SwiftStatement] = []
        for step in layoutChart.lineage(of: target) where step != state && layoutChart.isWithin(step, state) {
            out += ownEntry(step)
            if step == target { return out + byRules(target, value: value) }
            guard machine.states[step].isParallel else { continue }
            // A region's value is its struct; a parallel node's struct is bound from its case.
            let name = SwiftNames.unescaped(layout!.caseName(of: step)) + "Regions"
            let regionsValue = layout!.isRegion[step] ? value : .identifier(name)
            let regions = machine.states[step].substates.flatMap { region -> [SwiftStatement] in
                let regionValue = SwiftExpression.member(regionsValue, layout!.caseName(of: region))
                return layoutChart.isWithin(target, region)
                    ? entriesToward(target, below: step, value: regionValue)
                    : ownEntry(region) + [
                        .expression(
                            awaited(.call(.identifier(helperName("enter", region)), [SwiftArgument(regionValue)])))
                    ]
            }
            return out
                + (layout!.isRegion[step]
                    ? regions
                    : [.ifCase(.enumCaseBinding(layout!.caseName(of: step), [name]), value: value, body: regions)])
        }
        return out
    }

    /// Inside `state`, entered on its way to `value`, by its own rules.
    private func byRules(_ state: Int, value: SwiftExpression = .identifier("value")) -> [SwiftStatement] {
        let info = machine.states[state]
        if layout!.isRegion[state] {
            return [.expression(awaited(.call(.identifier(helperName("enter", state)), [SwiftArgument(value)])))]
        }
        if resumesRegions(state) {
            return [
                .ifCase(
                    .enumCaseBinding(layout!.caseName(of: state), ["regions"]), value: value,
                    body: [
                        .expression(
                            awaited(
                                .call(.identifier(helperName("enter", state)), [SwiftArgument(.identifier("regions"))]))
                        )
                    ])
            ]
        }
        if info.isParallel {
            let regionsEntered = info.substates.flatMap { region in
                ownEntry(region) + [
                    .expression(
                        awaited(
                            .call(
                                .identifier(helperName("enter", region)),
                                [SwiftArgument(.member(.identifier("regions"), layout!.caseName(of: region)))])))
                ]
            }
            return [
                .ifCase(.enumCaseBinding(layout!.caseName(of: state), ["regions"]), value: value, body: regionsEntered)
            ]
        }
        if entersByRules(state) {
            return [.expression(awaited(.call(.identifier(helperName("enter", state)), [SwiftArgument(value)])))]
        }
        return []
    }

    /// Shallow history resumed: the substate of `state` that holds `value`, by its own rules.
    private func childrenByRules(_ state: Int, scope: Int?) -> [SwiftStatement] {
        nodeSwitch(
            .identifier("value"), scope: scope,
            machine.states[state].substates.map { child in
                (layout!.nodes(in: scope, within: child), ownEntry(child) + byRules(child))
            })
    }

    /// Deep history resumed: every state down to `value`'s, and a parallel one's regions as
    /// they were, without initial rows.
    private func resumedPath(_ state: Int, scope: Int?) -> [SwiftStatement] {
        nodeSwitch(
            .identifier("value"), scope: scope,
            layout!.nodes(in: scope, within: state).map { node in
                let path = layoutChart.lineage(of: node).filter { $0 != state && layoutChart.isWithin($0, state) }
                var body = path.flatMap(ownEntry)
                if machine.states[node].isParallel {
                    for region in machine.states[node].substates {
                        body += ownEntry(region)
                        body.append(
                            .expression(
                                awaited(
                                    .call(
                                        .identifier(helperName("enter", region, "Resumed")),
                                        [SwiftArgument(.member(.identifier("inner"), layout!.caseName(of: region)))]))))
                    }
                }
                return ([node], body)
            })
    }

    /// `resolveSession()` of a parallel state with a deep history, or of a region that is a
    /// parallel state: its regions as they were, or else each by its own rules.
    private func resolveRegionsFunction(_ state: Int) -> SwiftDeclaration {
        let fresh = SwiftExpression.call(
            .identifier(layout!.structType(state)),
            machine.states[state].substates.map {
                SwiftArgument(layout!.caseName(of: $0), .call(.identifier(helperName("resolve", $0)), []))
            })
        guard resumesRegions(state) else {
            return helperFunction(
                helperName("resolve", state),
                documentation: "The regions of `\(machine.states[state].name)`, each by its own rules.",
                parameters: [], returnType: layout!.structType(state), runsActions: false,
                body: [.returnStatement(fresh)])
        }
        let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
        return helperFunction(
            helperName("resolve", state),
            documentation:
                "The regions of `\(machine.states[state].name)` as its deep history has them, or else each by its own rules.",
            parameters: [], returnType: layout!.structType(state), runsActions: false,
            body: [.returnStatement(.nilCoalescing(stored, fresh))])
    }

    /// `enterSession(_:)`: each region's entry actions, as resumed or by its own rules.
    private func enterRegionsFunction(_ state: Int) -> SwiftDeclaration {
        func entries(_ suffix: String) -> [SwiftStatement] {
            machine.states[state].substates.flatMap { region in
                ownEntry(region) + [
                    .expression(
                        awaited(
                            .call(
                                .identifier(helperName("enter", region, suffix)),
                                [SwiftArgument(.member(.identifier("value"), layout!.caseName(of: region)))])))
                ]
            }
        }
        let body: [SwiftStatement]
        if resumesRegions(state) {
            let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
            body = [.ifElse([.notEqual(stored, .identifier("nil"))], body: entries("Resumed"), elseBody: entries(""))]
        } else {
            body = entries("")
        }
        return helperFunction(
            helperName("enter", state),
            documentation: "The entry actions of `\(machine.states[state].name)`'s regions on their way to `value`.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout!.structType(state))], body: body)
    }

    /// `enterPlaybackResumed(_:)`: a region entered as its parallel state's deep history had it.
    private func enterResumedFunction(_ region: Int) -> SwiftDeclaration {
        let body =
            machine.states[region].isParallel
            ? machine.states[region].substates.flatMap { inner in
                ownEntry(inner) + [
                    .expression(
                        awaited(
                            .call(
                                .identifier(helperName("enter", inner, "Resumed")),
                                [SwiftArgument(.member(.identifier("value"), layout!.caseName(of: inner)))])))
                ]
            }
            : resumedPath(region, scope: region)
        return helperFunction(
            helperName("enter", region, "Resumed"),
            documentation:
                "The entry actions inside region `\(machine.states[region].name)` down to `value`, as a deep history resumes it.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout!.scopeType(region))],
            body: body.isEmpty ? [.comment("No state on the way has entry actions.")] : body)
    }
}

// MARK: Which events a configuration handles

extension Translator {
    private var eventNamesTypeName: String {
        machine.hasEventValues ? names.types.eventName : names.types.event
    }

    /// Whether `node`, in `value` when parallel, has a row for `event`: true whatever the
    /// values (`always`), or the statements that return true where it has one.
    private func answer(_ node: Int, value: SwiftExpression, event: Int, withValues: Bool) -> (
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
                    region, value: .member(value, layout!.caseName(of: region)), event: event, withValues: withValues)
                if result.always { return result }
                statements += result.statements
                continue
            }
            var cases: [(nodes: [Int], body: [SwiftStatement])] = []
            var always: [Int] = []
            var never: [Int] = []
            for inner in layout!.nodes(in: region) {
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
            let regionValue = SwiftExpression.member(value, layout!.caseName(of: region))
            statements += nodeSwitch(
                regionValue, scope: region, cases + (never.isEmpty ? [] : [(never, [.breakStatement])]))
        }
        return (false, statements)
    }

    /// `switch event` for one top-level node: each event's answer.
    private func answerSwitch(_ node: Int, value: SwiftExpression, withValues: Bool) -> SwiftStatement {
        var groups: [(events: [Int], body: [SwiftStatement])] = []
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
                cases: layout!.nodes(in: nil).map { node in
                    let answer = answerSwitch(node, value: .identifier("value"), withValues: withValues)
                    return SwiftCase(
                        patterns: [
                            answer.mentions("value")
                                ? nodePattern(node, binding: "value") : .enumCase(layout!.caseName(of: node))
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
    var regionHandledEventsProperty: [SwiftDeclaration] {
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
                        .member(.identifier("\(eventNamesTypeName).allCases"), "filter"),
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
                        SwiftParameter(label: "_", name: "configuration", type: names.types.state),
                        SwiftParameter(label: "for", name: "event", type: eventNamesTypeName),
                    ],
                    returnType: "Swift.Bool",
                    body: [configurationAnswer(.identifier("configuration"), withValues: false)])),
        ]
    }
}

// MARK: Timers of regions

extension Translator {
    /// The functions that dispatch timeouts: as events are, over the timer enum.
    var regionTimerDispatchFunctions: [SwiftDeclaration] { dispatchFunctions(.timers) }

    /// `startTimers(_:)`: the timers of every state active in a configuration the machine is
    /// created in, in entry order.
    var regionStartTimersFunction: SwiftDeclaration {
        let cases = regions.nodes(in: nil).map { node -> SwiftCase in
            let body = activeTimerStarts(node, value: .identifier("value"), below: nil)
            let binds = body.contains { $0.mentions("value") }
            return SwiftCase(
                patterns: [binds ? nodePattern(node, binding: "value") : .enumCase(regions.caseName(of: node))],
                body: body.isEmpty ? [.breakStatement] : body)
        }
        return .function(
            SwiftFunction(
                documentation: [
                    "Starts the timers of every state active in `state`, outermost first, each region in turn."
                ],
                isPrivate: true, name: "startTimers",
                parameters: [SwiftParameter(label: "_", name: "state", type: names.types.state)],
                body: [.switchStatement(SwiftSwitch(subject: .identifier("state"), cases: cases))]))
    }

    /// The timers of `node`'s states below `container` (all, for nil) and, for a parallel
    /// node, of every region's, started in entry order.
    private func activeTimerStarts(_ node: Int, value: SwiftExpression, below container: Int?) -> [SwiftStatement] {
        let path = layoutChart.lineage(of: node).filter { state in
            container.map { state != $0 && layoutChart.isWithin(state, $0) } ?? true
        }
        var out = timerCalls("startTimer", path)
        if machine.states[node].isParallel {
            for region in machine.states[node].substates {
                out += timerCalls("startTimer", [region])
                out.append(
                    .expression(
                        .call(
                            .identifier(helperName("startTimersIn", region)),
                            [SwiftArgument(.member(value, regions.caseName(of: region)))])))
            }
        }
        return out
    }

    /// `startTimersInActive(_:)`: the timers of the states inside `state` on the way to
    /// `value`, started in entry order (`state`'s own are its caller's).
    private func startTimersInFunction(_ state: Int) -> SwiftDeclaration {
        let body: [SwiftStatement]
        if machine.states[state].isParallel {
            body = machine.states[state].substates.flatMap { region in
                timerCalls("startTimer", [region]) + [
                    .expression(
                        .call(
                            .identifier(helperName("startTimersIn", region)),
                            [SwiftArgument(.member(.identifier("value"), regions.caseName(of: region)))]))
                ]
            }
        } else {
            let scope = regions.contentScope(of: state)
            body = nodeSwitch(
                .identifier("value"), scope: scope,
                regions.nodes(in: scope, within: state).map { node in
                    ([node], activeTimerStarts(node, value: .identifier("inner"), below: state))
                })
        }
        return .function(
            SwiftFunction(
                documentation: [
                    "Starts the timers of the states inside `\(machine.states[state].name)` on the way to `value`."
                ],
                attributes: ["@inline(__always)"], isPrivate: true, name: helperName("startTimersIn", state),
                parameters: [
                    SwiftParameter(
                        label: "_", name: "value",
                        type: machine.states[state].isParallel
                            ? regions.structType(state) : regions.scopeType(regions.contentScope(of: state)))
                ],
                body: body.isEmpty ? [.comment("No state on the way has a timer.")] : body))
    }

    /// `cancelTimersInPlayback(_:)`: the timers of region `region`'s states, left from `value`,
    /// cancelled leaf first, then the region's own.
    private func cancelTimersFunction(_ region: Int) -> SwiftDeclaration {
        let cases = regions.nodes(in: region).map { node -> (nodes: [Int], body: [SwiftStatement]) in
            var body: [SwiftStatement] = []
            if machine.states[node].isParallel {
                for inner in machine.states[node].substates.reversed() {
                    body.append(
                        .expression(
                            .call(
                                .identifier(helperName("cancelTimersIn", inner)),
                                [SwiftArgument(.member(.identifier("inner"), regions.caseName(of: inner)))])))
                }
            }
            let path = layoutChart.lineage(of: node).filter { $0 != region && layoutChart.isWithin($0, region) }
            body += timerCalls("cancelTimer", path.reversed())
            return ([node], body)
        }
        // A region that is a parallel state: its regions', in reverse order.
        let inner =
            machine.states[region].isParallel
            ? machine.states[region].substates.reversed().map { inner in
                SwiftStatement.expression(
                    .call(
                        .identifier(helperName("cancelTimersIn", inner)),
                        [SwiftArgument(.member(.identifier("value"), regions.caseName(of: inner)))]))
            } : []
        let body = nodeSwitch(.identifier("value"), scope: region, cases) + inner + timerCalls("cancelTimer", [region])
        return .function(
            SwiftFunction(
                documentation: ["Cancels the timers of region `\(machine.states[region].name)`, left from `value`."],
                attributes: ["@inline(__always)"], isPrivate: true, name: helperName("cancelTimersIn", region),
                parameters: [SwiftParameter(label: "_", name: "value", type: regions.scopeType(region))],
                body: body.isEmpty ? [.comment("No state in it has a timer.")] : body))
    }
}

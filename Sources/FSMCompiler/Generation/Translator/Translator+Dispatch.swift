// Dispatch of a machine without regions: `dispatch`, the function of each state, and one event's
// rows as the body of its case (patterns, predicate switches, conditions and their kept answers).

extension Translator {
    /// `switch state`, each case a tail call of the state's function; in a machine that
    /// dispatches on the event first, `switch event`, each case a `switch state` over the
    /// states that handle it.
    var dispatchFunction: SwiftDeclaration {
        let body: SwiftStatement =
            dispatchesOnEventFirst
            ? .switchStatement(
                SwiftSwitch(
                    subject: .identifier("event"),
                    cases: machine.appEvents.map { event in
                        SwiftCase(
                            patterns: [.enumCase(machine.events[event].swiftName)], body: [stateSwitch(handling: event)]
                        )
                    }))
            : stateSwitch(handling: nil)
        return .function(
            dispatching(
                SwiftFunction(
                    attributes: ["@inline(__always)"], isPrivate: true,
                    name: "dispatch", parameters: privateEventParameters, returnType: "Outcome", body: [body])))
    }

    /// Whether `dispatch` switches on the event first: in a machine with a state it moves on
    /// from at once (a decision), never current between events, whose state functions are
    /// inlined. Its state's `switch` would have a case for a state no event finds it in, and
    /// LLVM dispatches four cases or more through a jump table; on the event first, each
    /// event's `switch` has only the states that handle it, often two or three, tested in
    /// turn. (Where the state functions are not inlined, each would switch on the event
    /// again, so such a machine dispatches on the state first.) BENCHMARKS.md, the
    /// `decisions` rows.
    var dispatchesOnEventFirst: Bool {
        inlinesStateFunctions && machine.currentStates.contains(where: machine.movesOnAtOnce)
    }

    /// `switch state`, each case a tail call of the state's function: of every current state,
    /// or of those that handle `event`, the others unhandled (`default`).
    private func stateSwitch(handling event: EventID?) -> SwiftStatement {
        let currentStates = machine.currentStates
        let states =
            event.map { event in
                currentStates.filter { state in appEventDispatches(in: state).contains { $0.event == event } }
            } ?? currentStates
        var cases = states.map { state in
            SwiftCase(
                patterns: [statePattern(state)],
                body: [
                    .returnStatement(
                        awaited(
                            .call(
                                .identifier(stateFunctionName(state)),
                                forwardedEventArguments + stateValueArguments(state))))
                ]
            )
        }
        let unhandled = unhandledReturn(.identifier(stateStorage))
        if states.isEmpty { return unhandled }
        if states.count < currentStates.count { cases.append(SwiftCase(patterns: [], body: [unhandled])) }
        return .switchStatement(SwiftSwitch(subject: .identifier(stateStorage), cases: cases))
    }

    /// The states with a function of their own: every current state, or where the machine
    /// dispatches on the event first, those that handle an event (a decision handles none).
    var dispatchedStates: [StateID] {
        guard dispatchesOnEventFirst else { return machine.currentStates }
        return machine.currentStates.filter { !appEventDispatches(in: $0).isEmpty }
    }

    /// The dispatches of a state's function: of the app's events, not timers' or `always`.
    func appEventDispatches(in state: StateID) -> [EventDispatch] {
        (dispatch[state] ?? []).filter { machine.timer(of: $0.event) == nil && $0.event != machine.alwaysEvent }
    }

    private func stateFunctionName(_ state: StateID) -> String {
        names.stateFunctions[state] ?? ""
    }

    /// `switch event { … }` for one state: each handled event's transitions, then the
    /// events it does not handle.
    func stateFunction(_ index: StateID) -> SwiftDeclaration {
        let state = machine.states[index]
        let dispatch = appEventDispatches(in: index)
        let handled = Set(dispatch.map(\.event))
        var cases = dispatch.map { dispatch in
            SwiftCase(patterns: [eventPattern(dispatch, in: state)], body: body(of: dispatch, in: index))
        }
        let unhandled = machine.appEvents.filter { !handled.contains($0) }
        if !unhandled.isEmpty {
            cases.append(
                SwiftCase(
                    patterns: unhandled.map { .enumCase(machine.events[$0].swiftName) },
                    body: [unhandledReturn(currentStateValue(index))]))
        }
        var documentation = ["`\(state.name)`"]
        let superstates = state.superstates.map { "`\(machine.states[$0].name)`" }
        if !superstates.isEmpty { documentation[0] += ", a substate of " + superstates.joined(separator: " and ") }
        documentation[0] += "."
        return .function(
            dispatching(
                SwiftFunction(
                    documentation: documentation, attributes: inlinesStateFunctions ? ["@inline(__always)"] : [],
                    isPrivate: true, name: stateFunctionName(index),
                    parameters: privateEventParameters + stateValueParameters(index), returnType: "Outcome",
                    body: [.switchStatement(SwiftSwitch(subject: .identifier("event"), cases: cases))])))
    }

    /// `.coin`, or `.loaded(let duration, _)`, binding the values that the transitions and
    /// conditions of the dispatch pass on.
    func eventPattern(_ dispatch: EventDispatch, in state: State) -> SwiftPattern {
        let event = machine.events[dispatch.event]
        let values = machine.eventParameters[dispatch.event]
        guard !values.isEmpty else { return .enumCase(event.swiftName) }
        var used: Set<String> = []
        for branch in dispatch.branches {
            for term in branch.conditions { used.formUnion(term.arguments.compactMap(\.label)) }
            if let transition = branch.transition { used.formUnion(labelsRead(by: state.transitions[transition])) }
        }
        // In a machine with regions, a region entered by its own rules may carry any of them:
        // its dispatch binds those its rows read (`boundOnlyIfRead`).
        if machine.hasRegions { used.formUnion(values.map(\.label)) }
        guard !used.isEmpty else { return .enumCase(event.swiftName) }
        return .enumCaseBinding(event.swiftName, values.map { used.contains($0.label) ? names.values[$0.label] : nil })
    }

    /// One event's transitions: the transition itself; rows with conditions as `if`
    /// statements tried most specific first; or a `switch` on the predicate values whose
    /// cases are tried most specific first, a row's conditions in its `where` clauses. A
    /// condition two rows ask is asked once: its answer is kept in a local that starts as
    /// nil (`Self.answer(&isOpen, { actions.isOpen() })`; Language reference › Conditions).
    /// A `lazy var` would do the same, but its getter captures the machine, which costs a
    /// retain and a release per event where actions may send events.
    func body(of dispatch: EventDispatch, in index: StateID) -> [SwiftStatement] {
        let state = machine.states[index]
        let shared = Set(dispatch.sharedConditions)
        let scope = machine.hasStateData ? rowScope(event: dispatch.event, state: index) : [:]
        let source = currentStateValue(index)
        let answers: [SwiftStatement] = dispatch.sharedConditions.map { call in
            .declaration(
                isVariable: true, name: names.conditionAnswers[call], type: "Swift.Bool?",
                value: .identifier("nil"))
        }
        func test(_ term: ConditionTerm) -> SwiftExpression { conditionTest(term, keeping: shared, scope: scope) }
        func outcome(_ branch: EventDispatch.Branch) -> [SwiftStatement] {
            branch.transition.map { transitionStatements(state.transitions[$0], in: index, scope: scope) } ?? [
                rejectedReturn(source)
            ]
        }
        guard !dispatch.predicateTypes.isEmpty else {
            let branches = dispatch.branches
            if branches.count == 2, branches[1].transition == nil, let transition = branches[0].transition {
                // One row with conditions: `guard conditions else { return .rejected(…) }`,
                // after the row's `// from Superstate`, if any.
                var statements = transitionStatements(state.transitions[transition], in: index, scope: scope)
                let guardStatement = SwiftStatement.guardStatement(
                    branches[0].conditions.map(test), elseBody: [rejectedReturn(source)])
                if case .comment = statements.first {
                    statements.insert(guardStatement, at: 1)
                } else {
                    statements.insert(guardStatement, at: 0)
                }
                return statements
            }
            return answers
                + branches.flatMap { branch -> [SwiftStatement] in
                    !branch.isConditional
                        ? outcome(branch) : [.ifStatement(branch.conditions.map(test), body: outcome(branch))]
                }
        }
        let subject = predicateSubject(of: dispatch)
        var cases = dispatch.branches.map { branch in
            SwiftCase(
                patterns: patterns(branch, of: dispatch), conditions: branch.conditions.map(test), body: outcome(branch)
            )
        }
        if !dispatch.isExhaustive {
            cases.append(SwiftCase(patterns: [], body: [unhandledReturn(source)]))
        }
        return answers + [.switchStatement(SwiftSwitch(subject: subject, cases: cases))]
    }

    /// The branch's alternatives as Swift patterns; an alternative that matches anything
    /// becomes `default`, which must then be the branch's only pattern, unless the branch
    /// has conditions, which need a pattern to hang their `where` clause on.
    func patterns(_ branch: EventDispatch.Branch, of dispatch: EventDispatch) -> [SwiftPattern] {
        let matchesAnything = branch.patterns.contains { $0.allSatisfy { $0 == nil } }
        if matchesAnything && !branch.isConditional { return [] }
        return branch.patterns.map { predicatePattern($0, of: dispatch) }
    }

    /// `.strong`, or `(.strong, _)`: one alternative of a dispatch, a case or any for each of
    /// its predicate types.
    func predicatePattern(_ alternative: [Int?], of dispatch: EventDispatch) -> SwiftPattern {
        let elements = zip(dispatch.predicateTypes, alternative).map { type, value -> SwiftPattern in
            value.map { .enumCase(machine.predicateTypes[type].cases[$0].swiftName) } ?? .wildcard
        }
        return elements.count == 1 ? elements[0] : .tuple(elements)
    }

    /// The `switch` subject of a dispatch on predicate values: the one value, or a tuple.
    func predicateSubject(of dispatch: EventDispatch) -> SwiftExpression {
        dispatch.predicateTypes.count == 1
            ? .identifier(names.predicateParameters[dispatch.predicateTypes[0]])
            : .tuple(dispatch.predicateTypes.map { SwiftArgument(.identifier(names.predicateParameters[$0])) })
    }

    /// A condition term as a guard tests it: the call, or where two rows may ask it (`shared`),
    /// its answer kept in a local (`Self.answer(&isOpen, { actions.isOpen() })`), negated for `!c`.
    func conditionTest(
        _ term: ConditionTerm, keeping shared: some Collection<ConditionCallID>, scope: ValueScope = [:]
    ) -> SwiftExpression {
        var answer = conditionCall(term, scope: scope)
        if shared.contains(term.call) {
            let isAsync = machine.asyncConditions[term.condition]
            let kept = SwiftExpression.call(
                .member(.identifier("Self"), isAsync ? Self.asyncAnswerFunctionName : Self.answerFunctionName),
                [SwiftArgument(.inoutReference(names.conditionAnswers[term.call])), SwiftArgument(.closure(answer))])
            answer = isAsync ? .await(kept) : kept
        }
        return term.isNegated ? .not(answer) : answer
    }

    func conditionCall(_ term: ConditionTerm, scope: ValueScope = [:]) -> SwiftExpression {
        let call = SwiftExpression.call(
            .member(.identifier("actions"), machine.conditions[term.condition].swiftName),
            valueArguments(term.arguments, parameters: machine.conditionParameters[term.condition], scope: scope))
        return machine.asyncConditions[term.condition] ? .await(call) : call
    }

    /// The arguments of a call: a label's value by its bound local, a literal as written,
    /// each after the argument label its parameter declares.
    func valueArguments(_ arguments: [Argument], parameters: [EventParameter], scope: ValueScope = [:])
        -> [SwiftArgument]
    {
        zip(arguments, parameters).map { argument, parameter in
            let value: SwiftExpression =
                switch argument {
                case .label(let label): scope[label] ?? .identifier(names.values[label] ?? label)
                case .literal(let literal): .literal(literal.text)
                }
            return parameter.argumentLabel.map { SwiftArgument(SwiftNames.escaped($0), value) } ?? SwiftArgument(value)
        }
    }

    /// `return .rejected(in: state)`.
    func rejectedReturn(_ state: SwiftExpression) -> SwiftStatement {
        .returnStatement(.call(.implicitMember("rejected"), [SwiftArgument("in", state)]))
    }

    /// `return unhandled(event, in: state)`: the hook, then the outcome.
    func unhandledReturn(_ state: SwiftExpression) -> SwiftStatement {
        .returnStatement(
            .call(
                .identifier("unhandled"),
                [
                    SwiftArgument(.identifier("event")), SwiftArgument("in", state),
                ]))
    }

    /// Called qualified (`Self.answer`), so no name of the user's hides it.
    private static var answerFunctionName: String { "answer" }
    private static var asyncAnswerFunctionName: String { "answerAsync" }

    /// The helpers of conditions that two rows ask: for synchronous and for async
    /// conditions, as the machine has them.
    var answerFunctions: [SwiftDeclaration] {
        let shared = layout.sharedConditionCalls(in: self).map { machine.conditionCalls[$0].condition }
        return [false, true].filter { isAsync in shared.contains { machine.asyncConditions[$0] == isAsync } }
            .map(answerFunction)
    }

    /// `memo`, or what `ask` answers, kept in `memo`: a condition asked at most once.
    /// `answerAsync` awaits an async condition's answer.
    private func answerFunction(isAsync: Bool) -> SwiftDeclaration {
        let ask = SwiftExpression.call(.identifier("ask"), [])
        return .function(
            SwiftFunction(
                documentation: [
                    "The answer kept in `memo`, or else `ask`'s, kept there: each condition is asked at most once per event."
                ],
                attributes: ["@inline(__always)"], isPrivate: true, isStatic: true,
                isNonsending: isAsync && runsInCallersIsolation,
                name: isAsync ? Self.asyncAnswerFunctionName : Self.answerFunctionName,
                parameters: [
                    SwiftParameter(label: "_", name: "memo", type: "inout Swift.Bool?"),
                    SwiftParameter(
                        label: "_", name: "ask", type: isAsync ? "() async -> Swift.Bool" : "() -> Swift.Bool"),
                ],
                isAsync: isAsync, returnType: "Swift.Bool",
                body: [
                    .guardLet(
                        name: "known", value: .identifier("memo"),
                        elseBody: [
                            .declaration(
                                isVariable: false, name: "value", type: nil, value: isAsync ? .await(ask) : ask),
                            .assignment(.identifier("memo"), .identifier("value")),
                            .returnStatement(.identifier("value")),
                        ]),
                    .returnStatement(.identifier("known")),
                ]))
    }
}

// A transition of a machine without regions: the histories saved, the exit, row and entry
// actions, the state written, the timers, and a `switch` on a stored history where it decides.

extension Translator {
    /// A transition saves the histories of the superstates it leaves, runs its exit actions
    /// and its own, changes the state, runs the entry actions, and returns. If its end depends
    /// on a stored history, a `switch` on that history chooses its arrival.
    /// `scope` says what the row's labels are, in a machine with data states.
    func transitionStatements(_ transition: Transition, in index: StateID, scope: ValueScope = [:])
        -> [SwiftStatement]
    {
        var statements: [SwiftStatement] = []
        if transition.declaredIn != index {
            statements.append(.comment("from \(machine.states[transition.declaredIn].name)"))
        }
        return statements + historySwitch(transition.arrivals, depth: 0, of: transition, in: index, scope: scope)
    }

    /// The arrivals that agree on their first `depth` history values: a `switch` on the
    /// next history they read, or the one arrival's statements (a transition that reads no
    /// history has one arrival). Values that lead to the
    /// same statements share a case; the case of an empty history takes `default` when the
    /// history cannot hold every state.
    private func historySwitch(
        _ arrivals: [Arrival], depth: Int, of transition: Transition, in index: StateID, scope: ValueScope
    ) -> [SwiftStatement] {
        guard arrivals[0].history.count > depth else {
            return arrivalStatements(arrivals[0], of: transition, in: index, scope: scope)
        }
        let superstate = arrivals[0].history[depth].superstate
        var groups: [(values: [StateID?], body: [SwiftStatement])] = []
        var values: [StateID?] = []
        for arrival in arrivals where !values.contains(arrival.history[depth].state) {
            values.append(arrival.history[depth].state)
        }
        for value in values {
            let body = historySwitch(
                arrivals.filter { $0.history[depth].state == value }, depth: depth + 1,
                of: transition, in: index, scope: scope)
            if let group = groups.firstIndex(where: { $0.body == body }) {
                groups[group].values.append(value)
            } else {
                groups.append(([value], body))
            }
        }
        // Every stored state leads to the same code (a shallow history whose substates enter
        // by the same initial rows): no switch.
        if groups.count == 1 { return groups[0].body }
        let coversEveryState = values.count == machine.currentStates.count + 1
        var cases: [SwiftCase] = []
        var emptyCase: SwiftCase?
        for group in groups {
            let patterns = group.values.map { value in
                value.map { SwiftPattern.optionalEnumCase(machine.states[$0].named.swiftName) } ?? .nilLiteral
            }
            if group.values.contains(nil) && !coversEveryState {
                emptyCase = SwiftCase(patterns: [], body: group.body)
            } else {
                cases.append(SwiftCase(patterns: patterns, body: group.body))
            }
        }
        if let emptyCase { cases.append(emptyCase) }
        let subject = SwiftExpression.member(.identifier(historyStorage), historyProperty(superstate))
        return [.switchStatement(SwiftSwitch(subject: subject, cases: cases))]
    }

    /// One way the transition ends: histories saved, exit and own actions, the state
    /// changed, entry actions, the return. With state data, the new values are computed
    /// after the exit actions and before the row's, and the entry actions see them; those an
    /// initial row computes, after the row's actions, just before the state changes
    /// (Language reference › State data). An initial row's actions read the row's labels.
    private func arrivalStatements(
        _ arrival: Arrival, of transition: Transition, in index: StateID, scope: ValueScope
    ) -> [SwiftStatement] {
        let source = currentStateValue(index)
        var statements: [SwiftStatement] = arrival.historyWrites.map { superstate in
            .assignment(.member(.identifier(historyStorage), historyProperty(superstate)), source)
        }
        let beforeChange = arrival.exitCount + transition.actions.count
        let exitScope = stateScope(index)
        statements += arrival.effects.prefix(arrival.exitCount).map { actionCall($0, scope: exitScope) }
        statements += timerCalls("cancelTimer", arrival.exited)
        let values = newValues(of: transition, arrival: arrival, in: index, scope: scope)
        let computed = values?.computations ?? []
        if values?.writtenByInitialRow != true { statements += computed }
        statements += arrival.effects[arrival.exitCount..<beforeChange].map { actionCall($0, scope: scope) }
        if values?.writtenByInitialRow == true { statements += computed }
        let target = machine.states[arrival.target].named.swiftName
        // An internal transition leaves the state as it is; any other sets it between the
        // exit and the entry actions, which is when actions observe the change. A rewrite of
        // values (`-(received: …)`) sets it too.
        if arrival.target != index || transition.runsExitAndEntry || values != nil {
            statements.append(setState(values?.state ?? .implicitMember(target)))
        }
        let entryScope: ValueScope? = values.map { $0.entryScope } ?? [:]
        var position = beforeChange
        // (An initial row without actions starts where the next one does: skipped.)
        for (state, start) in arrival.initialRowStarts.sorted(by: { $0.value < $1.value })
        where !machine.states[state].initialActions.isEmpty {
            statements += entryStatements(
                Array(arrival.effects[position..<start]), of: arrival.target, scope: entryScope)
            position = start + machine.states[state].initialActions.count
            statements += arrival.effects[start..<position].map { actionCall($0, scope: scope) }
        }
        statements += entryStatements(Array(arrival.effects[position...]), of: arrival.target, scope: entryScope)
        statements += timerCalls("startTimer", arrival.entered)
        let reached: SwiftExpression =
            machine.parameters(of: arrival.target).isEmpty ? .implicitMember(target) : .identifier(stateStorage)
        statements.append(
            .returnStatement(
                .call(.implicitMember("transitioned"), [SwiftArgument("from", source), SwiftArgument("to", reached)])))
        return statements
    }

    /// The entry actions (and initial rows' actions) after a state is written, with the
    /// entered state's values; where they are not known here (a state resumed by history
    /// with its stored values) and some action reads them, bound from the state.
    func entryStatements(_ calls: [ActionCall], of target: StateID, scope: ValueScope?) -> [SwiftStatement] {
        if let scope { return calls.map { actionCall($0, scope: scope) } }
        let statements = calls.map { actionCall($0, scope: stateScope(target)) }
        let bound = statePattern(target, bindingWhatIsMentionedIn: statements)
        guard case .enumCaseBinding = bound else { return statements }
        return [.ifCase(bound, value: .identifier(stateStorage), body: statements)]
    }

    /// `actions.lock()`, `actions.setDuration(duration)`, `actions.emit(status: .connected)`;
    /// for a raised event, `raisedEvents.append(.saved(id: id))`, which queues it without a
    /// round trip through the actions.
    func actionCall(_ call: ActionCall) -> SwiftStatement { actionCall(call, scope: [:]) }

    /// `actionCall(_:)`, its labels read in `scope`.
    func actionCall(_ call: ActionCall, scope: ValueScope) -> SwiftStatement {
        switch call.callee {
        case .action(let action):
            let expression = SwiftExpression.call(
                .member(.identifier("actions"), machine.actions[action].swiftName),
                valueArguments(call.arguments, parameters: machine.actionParameters[action], scope: scope))
            return .expression(machine.asyncActions[action] ? .await(expression) : expression)
        case .raise(let event):
            // A raise carries every value of its event by label (`call.arguments`): the
            // event's, else the state's, as `scope` says.
            guard !raisesOneEventAtATime else { return .assignment(raisedEvents, eventValue(event, scope: scope)) }
            return .expression(
                .call(.member(raisedEvents, "append"), [SwiftArgument(eventValue(event, scope: scope))]))
        }
    }
}

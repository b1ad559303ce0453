// The helpers that transitions of a machine with regions call: leaving a region from its value,
// and where entering a region or superstate by its own rules ends, and its entry actions.

extension Translator where Layout == ConfigurationLayout {
    /// The helpers transitions call: leaving each region from its value, where entering a
    /// region or superstate by its own rules ends and its entry actions, and the state tests
    /// of other layout.
    var regionHelpers: [SwiftDeclaration] {
        let states = machine.states.indices
        var helpers: [SwiftDeclaration] = states.filter { layout.isRegion[$0] }.map(exitRegionFunction)
        for state in states where (layout.isRegion[state] || entersByRules(state)) && !machine.states[state].isParallel
        {
            helpers += [resolveFunction(state), enterFunction(state)]
        }
        helpers += states.filter { layout.isRegion[$0] }.map(enterResumedFunction)
        helpers += states.filter { resumesRegions($0) || layout.isRegion[$0] && machine.states[$0].isParallel }
            .flatMap { [resolveRegionsFunction($0), enterRegionsFunction($0)] }
        helpers += stateTestPairs.map { stateTestFunction($0.tested, region: $0.region) }
        if machine.hasTimers {
            helpers += states.filter { layout.isRegion[$0] }.map(cancelTimersFunction)
            helpers += states.filter { layout.isRegion[$0] || entersByRules($0) || resumesRegions($0) }.map(
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
    func nodePattern(_ node: StateID, binding name: String = "inner") -> SwiftPattern {
        machine.states[node].isParallel
            ? .enumCaseBinding(layout.caseName(of: node), [name]) : .enumCase(layout.caseName(of: node))
    }

    /// A `switch` on `value` over `cases`, with `default: break` when they do not cover every
    /// node of `scope`.
    func nodeSwitch(_ value: SwiftExpression, scope: StateID?, _ cases: [(nodes: [StateID], body: [SwiftStatement])])
        -> [SwiftStatement]
    {
        let covered = cases.flatMap(\.nodes)
        guard !covered.isEmpty else { return [] }
        var switchCases = cases.filter { !$0.nodes.isEmpty }.map { entry in
            let binds = entry.body.contains { $0.mentions("inner") }
            return SwiftCase(
                patterns: entry.nodes.map { node in
                    guard machine.states[node].isParallel else {
                        // A data state's values, bound where the body reads them.
                        return statePattern(node, bindingWhatIsMentionedIn: entry.body)
                    }
                    return binds ? nodePattern(node) : .enumCase(layout.caseName(of: node))
                },
                body: entry.body.isEmpty ? [.breakStatement] : entry.body)
        }
        if covered.count < layout.nodes(in: scope).count {
            switchCases.append(SwiftCase(patterns: [], body: [.breakStatement]))
        }
        return [.switchStatement(SwiftSwitch(subject: value, cases: switchCases))]
    }

    /// `exitPlayback(_:)`: leaves region `region` from its value: the histories inside it,
    /// the exit actions from its state up, then the region's own.
    private func exitRegionFunction(_ region: StateID) -> SwiftDeclaration {
        let chart = layout.chart
        let value = SwiftExpression.identifier("value")
        var cases: [(nodes: [StateID], body: [SwiftStatement])] = []
        for node in layout.nodes(in: region) {
            var body: [SwiftStatement] = []
            let above = machine.states[node].ancestors.filter { $0 != region && chart.isWithin($0, region) }
            for state in above + [node] where storesHistory(state) && !machine.states[state].isParallel {
                body.append(historyWrite(state, value))
            }
            if machine.states[node].isParallel {
                if storesHistory(node) { body.append(historyWrite(node, .identifier("inner"))) }
                for inner in machine.states[node].substates.reversed() {
                    body.append(exitRegionCall(inner, .member(.identifier("inner"), layout.caseName(of: inner))))
                }
            }
            body += ownExit(node) + above.reversed().flatMap(ownExit)
            cases.append(([node], body))
        }
        var body = nodeSwitch(value, scope: region, cases)
        if machine.states[region].isParallel {
            // A region that is a parallel state: its regions, in reverse order.
            body = machine.states[region].substates.reversed().map {
                exitRegionCall($0, .member(value, layout.caseName(of: $0)))
            }
        }
        if storesHistory(region) { body.append(historyWrite(region, value)) }
        body += ownExit(region)
        return helperFunction(
            helperName("exit", region),
            documentation:
                "Leaves region `\(machine.states[region].name)` from `value`: the exit actions from its state up, then the region's.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout.scopeType(region))], body: body)
    }

    /// The value entering `state` by its own rules reaches, as `state`'s scope has it:
    /// `.playing`, `.editing(PlayerState.Media.Doc.Editing(style: resolveStyle(), …))`,
    /// `resolveActive()`.
    /// A data state is given the values of the initial row of `writer` that names it.
    private func defaultValue(_ state: StateID, scope: ValueScope, writer: StateID? = nil) -> SwiftExpression {
        let info = machine.states[state]
        if resumesRegions(state) {
            return .call(.implicitMember(layout.caseName(of: state)), [SwiftArgument(resolveCall(state, scope: scope))])
        }
        if info.isParallel {
            return .call(
                .implicitMember(layout.caseName(of: state)),
                [
                    SwiftArgument(
                        .call(
                            .typeName(layout.structType(state)),
                            info.substates.map {
                                SwiftArgument(layout.caseName(of: $0), resolveCall($0, scope: scope))
                            }))
                ])
        }
        if entersByRules(state) { return resolveCall(state, scope: scope) }
        return initialRowValue(of: state, writtenBy: writer, scope: scope)
    }

    /// `resolveVolume(level: level)`: where entering `state` by its own rules ends, passing
    /// the labels its initial rows read (`resolveParameters`) as `scope` has them.
    func resolveCall(_ state: StateID, scope: ValueScope) -> SwiftExpression {
        let call = SwiftExpression.call(
            .identifier(helperName("resolve", state)), labelArguments(state, readByActions: false, scope: scope))
        return resolvingAwaits ? .await(call) : call
    }

    /// Whether the `resolve…` helpers are async, and awaited: where an initial row into a
    /// data state computes a value with an async computing action.
    var resolvingAwaits: Bool {
        machine.isAsync
            && machine.states.contains { info in
                info.initialValues.contains { value in
                    guard case .computed(let call) = value.source, let action = call.action else { return false }
                    return machine.asyncActions[action]
                }
            }
    }

    /// `enterVolume(volumeEntered, level: level)`: the entry actions inside `state` on its way
    /// to `value`, passing the labels its initial rows' actions read as `scope` has them.
    func enterCall(_ state: StateID, value: SwiftExpression, scope: ValueScope) -> SwiftStatement {
        .expression(
            awaited(
                .call(
                    .identifier(helperName("enter", state)),
                    [SwiftArgument(value)] + labelArguments(state, readByActions: true, scope: scope))))
    }

    /// The labels of the entering row that the `resolve…` helper of `state` (the values its
    /// initial rows write) or its `enter…` helper (the arguments of its initial rows'
    /// actions) takes (Language reference › State data).
    private func helperLabels(_ state: StateID, readByActions: Bool) -> [EventParameter] {
        machine.labelsEnteringByRules(state, resumingShallowHistory: true, readByActions: readByActions)
    }

    /// The labels a helper of `state` takes, as `scope` has them.
    private func labelArguments(_ state: StateID, readByActions: Bool, scope: ValueScope) -> [SwiftArgument] {
        helperLabels(state, readByActions: readByActions).map { parameter in
            SwiftArgument(
                helperParameterName(parameter.label),
                scope[parameter.label] ?? .identifier(names.values[parameter.label] ?? parameter.label))
        }
    }

    /// The name under which a helper takes a label of the entering row.
    private func helperParameterName(_ label: String) -> String {
        names.values[label] ?? names.stateValues[label] ?? SwiftNames.escaped(label)
    }

    /// The parameters of a helper of `state` for the labels it takes.
    private func labelParameters(_ state: StateID, readByActions: Bool) -> [SwiftParameter] {
        helperLabels(state, readByActions: readByActions).map {
            SwiftParameter(name: helperParameterName($0.label), type: $0.type)
        }
    }

    /// What the labels mean inside a helper of `state`: its parameters.
    private func labelScope(_ state: StateID, readByActions: Bool) -> ValueScope {
        var scope: ValueScope = [:]
        for parameter in helperLabels(state, readByActions: readByActions) {
            scope[parameter.label] = .identifier(helperParameterName(parameter.label))
        }
        return scope
    }

    /// `.muted(level: 1)`: a state as the initial row that names it enters it, with the
    /// values it writes, its labels and computing actions reading the entering row's labels
    /// in `scope`, and the others carried by label from `scope`; `.stopped` for a state
    /// without data.
    private func initialRowValue(of state: StateID, writtenBy writer: StateID?, scope: ValueScope) -> SwiftExpression {
        guard !machine.parameters(of: state).isEmpty, let writer else {
            return .implicitMember(layout.caseName(of: state))
        }
        var values: ValueScope = [:]
        for value in machine.states[writer].initialValues {
            switch value.source {
            case .argument(.literal(let literal)):
                values[value.label] = .literal(literal.text)
            case .computed(let call):
                values[value.label] = computingCall(call, scope: scope)
            case .argument(.label(let label)):
                values[value.label] = scope[label] ?? .identifier(label)
            }
        }
        return stateValue(state) { values[$0] ?? scope[$0] ?? .identifier($0) }
    }

    /// The value of `scope` on the way into `target` by its own rules: a parallel state on
    /// the way carries its struct, the region holding `target` on the way to it, the others
    /// as their own rules have them.
    private func valueToward(_ target: StateID, in scope: StateID?, labels: ValueScope, writer: StateID? = nil)
        -> SwiftExpression
    {
        guard let node = layout.node(in: scope, holding: target), node != target, machine.states[node].isParallel
        else {
            return defaultValue(target, scope: labels, writer: writer)
        }
        return .call(
            .implicitMember(layout.caseName(of: node)),
            [SwiftArgument(regionsToward(target, parallel: node, labels: labels, writer: writer))])
    }

    /// `parallel`'s struct on the way into `target`, inside it.
    private func regionsToward(_ target: StateID, parallel: StateID, labels: ValueScope, writer: StateID?)
        -> SwiftExpression
    {
        .call(
            .typeName(layout.structType(parallel)),
            machine.states[parallel].substates.map { region in
                let value: SwiftExpression
                if target == region || !layout.chart.isWithin(target, region) {
                    value = resolveCall(region, scope: labels)
                } else {
                    value =
                        machine.states[region].isParallel
                        ? regionsToward(target, parallel: region, labels: labels, writer: writer)
                        : valueToward(target, in: region, labels: labels, writer: writer)
                }
                return SwiftArgument(layout.caseName(of: region), value)
            })
    }

    /// `resolveActive()`: where entering `state` by its own rules ends, read from the
    /// histories; no action runs.
    private func resolveFunction(_ state: StateID) -> SwiftDeclaration {
        let info = machine.states[state]
        let scope = layout.contentScope(of: state)
        let parameters = labelParameters(state, readByActions: false)
        let labels = labelScope(state, readByActions: false)
        var body: [SwiftStatement] = []
        let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
        if storesHistory(state) {
            let resumed: [SwiftStatement]
            if info.history == .deep {
                resumed = [.returnStatement(.identifier("stored"))]
            } else {
                // A data state resumed holds the values it was left with.
                resumed = nodeSwitch(
                    .identifier("stored"), scope: scope,
                    info.substates.map { child in
                        let holdsValues =
                            !machine.parameters(of: child).isEmpty && !entersByRules(child)
                        return (
                            layout.nodes(in: scope, within: child),
                            [
                                .returnStatement(
                                    holdsValues ? .identifier("stored") : defaultValue(child, scope: labels))
                            ]
                        )
                    })
            }
            body.append(.ifLet(name: "stored", value: stored, body: resumed))
        }
        body.append(.returnStatement(valueToward(info.initialSubstate!, in: scope, labels: labels, writer: state)))
        return helperFunction(
            helperName("resolve", state),
            documentation: "Where entering `\(info.name)` by its own rules ends: "
                + (storesHistory(state) ? "its history, or else " : "") + "its initial row's way"
                + (parameters.isEmpty ? "." : ", with the values the entering row carries."),
            parameters: parameters, returnType: layout.scopeType(scope), runsActions: resolvingAwaits, body: body)
    }

    /// `enterActive(_:)`: the entry actions inside `state` on the way `resolveActive()` found
    /// to `value` (the state's own entry actions are its caller's).
    private func enterFunction(_ state: StateID) -> SwiftDeclaration {
        let info = machine.states[state]
        let scope = layout.contentScope(of: state)
        let labels = labelScope(state, readByActions: true)
        let initial = initialActions(state, labels: labels) + alongInitialRow(state, labels: labels)
        var body = initial
        if storesHistory(state) {
            let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
            let resumed =
                info.history == .deep
                ? resumedPath(state, scope: scope) : childrenByRules(state, scope: scope, labels: labels)
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
            parameters: [SwiftParameter(label: "_", name: "value", type: layout.scopeType(scope))]
                + labelParameters(state, readByActions: true),
            body: body.isEmpty ? [.comment("No state on the way has entry actions.")] : body)
    }

    /// The actions of `state`'s initial row, which read the entering row's `labels`.
    private func initialActions(_ state: StateID, labels: ValueScope) -> [SwiftStatement] {
        machine.states[state].initialActions.map { actionCall($0, scope: labels) }
    }

    /// Down `state`'s initial row: the states between, then the initial substate by its rules.
    private func alongInitialRow(_ state: StateID, labels: ValueScope) -> [SwiftStatement] {
        entriesToward(machine.states[state].initialSubstate!, below: state, value: .identifier("value"), labels: labels)
    }

    /// The entry actions below `state` down to `target`, on the way to `value` (the value of
    /// the scope of the first of them), then inside `target` by its own rules. A parallel
    /// state on the way enters its regions in order, the one holding `target` on the way to
    /// it, the others by their own rules.
    private func entriesToward(
        _ target: StateID, below state: StateID, value: SwiftExpression, labels: ValueScope
    ) -> [SwiftStatement] {
        var out: [SwiftStatement] = []
        for step in layout.chart.lineage(of: target) where step != state && layout.chart.isWithin(step, state) {
            out += boundEntry(step, from: value)
            if step == target { return out + byRules(target, value: value, labels: labels) }
            guard machine.states[step].isParallel else { continue }
            // A region's value is its struct; a parallel node's struct is bound from its case.
            let name = SwiftNames.unescaped(layout.caseName(of: step)) + "Regions"
            let regionsValue = layout.isRegion[step] ? value : .identifier(name)
            let regions = machine.states[step].substates.flatMap { region -> [SwiftStatement] in
                let regionValue = SwiftExpression.member(regionsValue, layout.caseName(of: region))
                return layout.chart.isWithin(target, region)
                    ? entriesToward(target, below: step, value: regionValue, labels: labels)
                    : ownEntry(region) + [enterCall(region, value: regionValue, scope: labels)]
            }
            return out
                + (layout.isRegion[step]
                    ? regions
                    : [.ifCase(.enumCaseBinding(layout.caseName(of: step), [name]), value: value, body: regions)])
        }
        return out
    }

    /// `state`'s entry actions, its values bound from `value` where they read them:
    /// `if case .muted(let level) = value { actions.showLevel(level) }`.
    private func boundEntry(_ state: StateID, from value: SwiftExpression) -> [SwiftStatement] {
        let entry = ownEntry(state)
        let pattern = statePattern(state, bindingWhatIsMentionedIn: entry)
        guard case .enumCaseBinding = pattern else { return entry }
        return [.ifCase(pattern, value: value, body: entry)]
    }

    /// Inside `state`, entered on its way to `value`, by its own rules, its initial rows'
    /// actions reading the entering row's `labels`.
    private func byRules(_ state: StateID, value: SwiftExpression = .identifier("value"), labels: ValueScope)
        -> [SwiftStatement]
    {
        let info = machine.states[state]
        if layout.isRegion[state] { return [enterCall(state, value: value, scope: labels)] }
        if resumesRegions(state) {
            return [
                .ifCase(
                    .enumCaseBinding(layout.caseName(of: state), ["regions"]), value: value,
                    body: [enterCall(state, value: .identifier("regions"), scope: labels)])
            ]
        }
        if info.isParallel {
            let regionsEntered = info.substates.flatMap { region in
                ownEntry(region) + [
                    enterCall(
                        region, value: .member(.identifier("regions"), layout.caseName(of: region)), scope: labels)
                ]
            }
            return [
                .ifCase(.enumCaseBinding(layout.caseName(of: state), ["regions"]), value: value, body: regionsEntered)
            ]
        }
        if entersByRules(state) { return [enterCall(state, value: value, scope: labels)] }
        return []
    }

    /// Shallow history resumed: the substate of `state` that holds `value`, by its own rules.
    private func childrenByRules(_ state: StateID, scope: StateID?, labels: ValueScope) -> [SwiftStatement] {
        nodeSwitch(
            .identifier("value"), scope: scope,
            machine.states[state].substates.map { child in
                (layout.nodes(in: scope, within: child), ownEntry(child) + byRules(child, labels: labels))
            })
    }

    /// Deep history resumed: every state down to `value`'s, and a parallel one's regions as
    /// they were, without initial rows.
    private func resumedPath(_ state: StateID, scope: StateID?) -> [SwiftStatement] {
        nodeSwitch(
            .identifier("value"), scope: scope,
            layout.nodes(in: scope, within: state).map { node in
                let path = layout.chart.lineage(of: node).filter { $0 != state && layout.chart.isWithin($0, state) }
                var body = path.flatMap(ownEntry)
                if machine.states[node].isParallel {
                    for region in machine.states[node].substates {
                        body += ownEntry(region)
                        body.append(
                            .expression(
                                awaited(
                                    .call(
                                        .identifier(helperName("enter", region, "Resumed")),
                                        [SwiftArgument(.member(.identifier("inner"), layout.caseName(of: region)))]))))
                    }
                }
                return ([node], body)
            })
    }

    /// `resolveSession()` of a parallel state with a deep history, or of a region that is a
    /// parallel state: its regions as they were, or else each by its own rules.
    private func resolveRegionsFunction(_ state: StateID) -> SwiftDeclaration {
        let labels = labelScope(state, readByActions: false)
        let fresh = SwiftExpression.call(
            .typeName(layout.structType(state)),
            machine.states[state].substates.map {
                SwiftArgument(layout.caseName(of: $0), resolveCall($0, scope: labels))
            })
        guard resumesRegions(state) else {
            return helperFunction(
                helperName("resolve", state),
                documentation: "The regions of `\(machine.states[state].name)`, each by its own rules.",
                parameters: labelParameters(state, readByActions: false), returnType: layout.structType(state),
                runsActions: resolvingAwaits, body: [.returnStatement(fresh)])
        }
        let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
        // The right side of `??` takes no `await`.
        let body: [SwiftStatement] =
            resolvingAwaits
            ? [
                .ifLet(name: "stored", value: stored, body: [.returnStatement(.identifier("stored"))]),
                .returnStatement(fresh),
            ] : [.returnStatement(.nilCoalescing(stored, fresh))]
        return helperFunction(
            helperName("resolve", state),
            documentation:
                "The regions of `\(machine.states[state].name)` as its deep history has them, or else each by its own rules.",
            parameters: labelParameters(state, readByActions: false), returnType: layout.structType(state),
            runsActions: resolvingAwaits, body: body)
    }

    /// `enterSession(_:)`: each region's entry actions, as resumed or by its own rules.
    private func enterRegionsFunction(_ state: StateID) -> SwiftDeclaration {
        let labels = labelScope(state, readByActions: true)
        func entries(resumed: Bool) -> [SwiftStatement] {
            machine.states[state].substates.flatMap { region in
                let value = SwiftExpression.member(.identifier("value"), layout.caseName(of: region))
                return ownEntry(region) + [
                    resumed
                        ? .expression(
                            awaited(
                                .call(.identifier(helperName("enter", region, "Resumed")), [SwiftArgument(value)])))
                        : enterCall(region, value: value, scope: labels)
                ]
            }
        }
        let body: [SwiftStatement]
        if resumesRegions(state) {
            let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(state))
            body = [
                .ifElse(
                    [.notEqual(stored, .identifier("nil"))], body: entries(resumed: true),
                    elseBody: entries(resumed: false))
            ]
        } else {
            body = entries(resumed: false)
        }
        return helperFunction(
            helperName("enter", state),
            documentation: "The entry actions of `\(machine.states[state].name)`'s regions on their way to `value`.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout.structType(state))]
                + labelParameters(state, readByActions: true), body: body)
    }

    /// `enterPlaybackResumed(_:)`: a region entered as its parallel state's deep history had it.
    private func enterResumedFunction(_ region: StateID) -> SwiftDeclaration {
        let body =
            machine.states[region].isParallel
            ? machine.states[region].substates.flatMap { inner in
                ownEntry(inner) + [
                    .expression(
                        awaited(
                            .call(
                                .identifier(helperName("enter", inner, "Resumed")),
                                [SwiftArgument(.member(.identifier("value"), layout.caseName(of: inner)))])))
                ]
            }
            : resumedPath(region, scope: region)
        return helperFunction(
            helperName("enter", region, "Resumed"),
            documentation:
                "The entry actions inside region `\(machine.states[region].name)` down to `value`, as a deep history resumes it.",
            parameters: [SwiftParameter(label: "_", name: "value", type: layout.scopeType(region))],
            body: body.isEmpty ? [.comment("No state on the way has entry actions.")] : body)
    }
}

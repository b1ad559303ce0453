// The timers of a machine with regions: their dispatch, and starting and cancelling those of the
// states active in a region's value.

extension Translator where Layout == ConfigurationLayout {
    /// The functions that dispatch timeouts: as events are, over the timer enum.
    var regionTimerDispatchFunctions: [SwiftDeclaration] { dispatchFunctions(.timers) }

    /// `startTimers(_:)`: the timers of every state active in a configuration the machine is
    /// created in, in entry order.
    var regionStartTimersFunction: SwiftDeclaration {
        let cases = layout.nodes(in: nil).map { node -> SwiftCase in
            let body = activeTimerStarts(node, value: .identifier("value"), below: nil)
            let binds = body.contains { $0.mentions("value") }
            return SwiftCase(
                patterns: [binds ? nodePattern(node, binding: "value") : .enumCase(layout.caseName(of: node))],
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
    private func activeTimerStarts(_ node: StateID, value: SwiftExpression, below container: StateID?)
        -> [SwiftStatement]
    {
        let path = layout.chart.lineage(of: node).filter { state in
            container.map { state != $0 && layout.chart.isWithin(state, $0) } ?? true
        }
        var out = timerCalls("startTimer", path)
        if machine.states[node].isParallel {
            for region in machine.states[node].substates {
                out += timerCalls("startTimer", [region])
                out.append(
                    .expression(
                        .call(
                            .identifier(helperName("startTimersIn", region)),
                            [SwiftArgument(.member(value, layout.caseName(of: region)))])))
            }
        }
        return out
    }

    /// `startTimersInActive(_:)`: the timers of the states inside `state` on the way to
    /// `value`, started in entry order (`state`'s own are its caller's).
    func startTimersInFunction(_ state: StateID) -> SwiftDeclaration {
        let body: [SwiftStatement]
        if machine.states[state].isParallel {
            body = machine.states[state].substates.flatMap { region in
                timerCalls("startTimer", [region]) + [
                    .expression(
                        .call(
                            .identifier(helperName("startTimersIn", region)),
                            [SwiftArgument(.member(.identifier("value"), layout.caseName(of: region)))]))
                ]
            }
        } else {
            let scope = layout.contentScope(of: state)
            body = nodeSwitch(
                .identifier("value"), scope: scope,
                layout.nodes(in: scope, within: state).map { node in
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
                            ? layout.structType(state) : layout.scopeType(layout.contentScope(of: state)))
                ],
                body: body.isEmpty ? [.comment("No state on the way has a timer.")] : body))
    }

    /// `cancelTimersInPlayback(_:)`: the timers of region `region`'s states, left from `value`,
    /// cancelled leaf first, then the region's own.
    func cancelTimersFunction(_ region: StateID) -> SwiftDeclaration {
        let cases = layout.nodes(in: region).map { node -> (nodes: [StateID], body: [SwiftStatement]) in
            var body: [SwiftStatement] = []
            if machine.states[node].isParallel {
                for inner in machine.states[node].substates.reversed() {
                    body.append(
                        .expression(
                            .call(
                                .identifier(helperName("cancelTimersIn", inner)),
                                [SwiftArgument(.member(.identifier("inner"), layout.caseName(of: inner)))])))
                }
            }
            let path = layout.chart.lineage(of: node).filter { $0 != region && layout.chart.isWithin($0, region) }
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
                        [SwiftArgument(.member(.identifier("value"), layout.caseName(of: inner)))]))
            } : []
        let body = nodeSwitch(.identifier("value"), scope: region, cases) + inner + timerCalls("cancelTimer", [region])
        return .function(
            SwiftFunction(
                documentation: ["Cancels the timers of region `\(machine.states[region].name)`, left from `value`."],
                attributes: ["@inline(__always)"], isPrivate: true, name: helperName("cancelTimersIn", region),
                parameters: [SwiftParameter(label: "_", name: "value", type: layout.scopeType(region))],
                body: body.isEmpty ? [.comment("No state in it has a timer.")] : body))
    }
}

// State tests (`in(State)`) of other regions: what a guard reads of the configuration, and the
// `isIn…Of…` functions that test a region's value.

extension Translator where Layout == ConfigurationLayout {
    /// Whether `tested` is active, asked while `node` takes an event inside `frames`, from
    /// the configuration the event arrived in: `true` or `false` where the node decides it,
    /// else a test of the value another region had.
    func stateTest(_ tested: StateID, at node: StateID, frames: [Frame]) -> SwiftExpression {
        let chart = layout.chart
        if chart.lineage(of: node).contains(tested) { return .identifier("true") }
        for frame in frames.reversed() where machine.states[tested].ancestors.contains(frame.parallel) {
            let region = machine.states[frame.parallel].substates.first { chart.isWithin(tested, $0) }!
            if chart.isWithin(node, region) { return .identifier("false") }
            return .call(
                .member(.identifier("Self"), isInFunctionName(tested, region: region)),
                [SwiftArgument(.member(frame.source, layout.caseName(of: region)))])
        }
        return .identifier("false")
    }

    private func isInFunctionName(_ tested: StateID, region: StateID) -> String {
        "isIn" + layout.typeName(of: tested).replacingBackticks + "Of"
            + layout.typeName(of: region).replacingBackticks
    }

    /// The (tested state, region) pairs whose `isIn…Of…` function the generated code calls:
    /// those `stateTest` asks for, and those these ask in turn for nested layout.
    var stateTestPairs: [(tested: StateID, region: StateID)] {
        var pairs: [(tested: StateID, region: StateID)] = []
        func add(_ tested: StateID, _ region: StateID) {
            guard !pairs.contains(where: { $0 == (tested, region) }) else { return }
            pairs.append((tested, region))
            if machine.states[region].isParallel && tested != region {
                add(tested, machine.states[region].substates.first { layout.chart.isWithin(tested, $0) }!)
            }
            for node in layout.nodes(in: region)
            where machine.states[node].isParallel && machine.states[tested].ancestors.contains(node) {
                add(tested, machine.states[node].substates.first { layout.chart.isWithin(tested, $0) }!)
            }
        }
        let chart = layout.chart
        for (index, state) in zip(machine.states.indices, machine.states) where state.isParallel || !state.isAbstract {
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
    func stateTestFunction(_ tested: StateID, region: StateID) -> SwiftDeclaration {
        let chart = layout.chart
        let documentation = [
            "Whether `\(machine.states[tested].name)` is active in region `\(machine.states[region].name)` when it is in `value`."
        ]
        func function(_ body: [SwiftStatement]) -> SwiftDeclaration {
            .function(
                SwiftFunction(
                    documentation: documentation, attributes: ["@inline(__always)"], isPrivate: true, isStatic: true,
                    name: isInFunctionName(tested, region: region),
                    parameters: [SwiftParameter(label: "_", name: "value", type: layout.scopeType(region))],
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
                        [SwiftArgument(.member(.identifier("value"), layout.caseName(of: inner)))]))
            ])
        }
        var yes: [SwiftPattern] = []
        var cases: [SwiftCase] = []
        for node in layout.nodes(in: region) {
            if chart.lineage(of: node).contains(tested) {
                yes.append(
                    machine.states[node].isParallel
                        ? .enumCaseBinding(layout.caseName(of: node), [nil]) : .enumCase(layout.caseName(of: node)))
            } else if machine.states[node].isParallel && machine.states[tested].ancestors.contains(node) {
                let inner = machine.states[node].substates.first { chart.isWithin(tested, $0) }!
                cases.append(
                    SwiftCase(
                        patterns: [.enumCaseBinding(layout.caseName(of: node), ["value"])],
                        body: [
                            .returnStatement(
                                .call(
                                    .member(.identifier("Self"), isInFunctionName(tested, region: inner)),
                                    [SwiftArgument(.member(.identifier("value"), layout.caseName(of: inner)))]))
                        ]))
            }
        }
        let covered = yes.count + cases.count
        if !yes.isEmpty { cases.insert(SwiftCase(patterns: yes, body: [.returnStatement(.identifier("true"))]), at: 0) }
        if covered < layout.nodes(in: region).count {
            cases.append(SwiftCase(patterns: [], body: [.returnStatement(.identifier("false"))]))
        }
        return function([.switchStatement(SwiftSwitch(subject: .identifier("value"), cases: cases))])
    }
}

extension String {
    /// The name without the backticks of an escaped keyword.
    fileprivate var replacingBackticks: String { filter { $0 != "`" } }
}

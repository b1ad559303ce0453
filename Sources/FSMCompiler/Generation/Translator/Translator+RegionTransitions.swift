// A transition of a machine with regions: the histories saved, the exits region by region, the
// row's actions, the new configuration written, the entries and the timers.

/// What a row leaves and enters follows `Statechart`. What is fixed at compile time runs
/// inline; what depends on the configuration or on a history runs in helpers generated per
/// region and superstate: `exit…` (leave a region from its value), `resolve…` (where
/// entering a region or superstate by its own rules ends, read from the histories) and
/// `enter…` (run the entry actions of that way in). The state is written after the exit
/// and row actions and before the entry actions, as in every machine.
extension Translator where Layout == ConfigurationLayout {
    /// The name of a helper of `state`: `exitPlayback`, `resolveActive`, `enterActiveResumed`.
    func helperName(_ verb: String, _ state: Int, _ suffix: String = "") -> String {
        verb + layout.typeName(of: state).filter { $0 != "`" } + suffix
    }

    /// The local that holds where entering `state` by its own rules ends.
    private func enteredName(_ state: Int) -> String {
        let name = SwiftNames.unescaped(machine.states[state].named.swiftName)
        return name + "Entered"
    }

    func ownEntry(_ state: Int) -> [SwiftStatement] {
        machine.states[state].ownEntryActions.map { actionCall($0) }
    }
    func ownExit(_ state: Int) -> [SwiftStatement] {
        machine.states[state].ownExitActions.map { actionCall($0) }
    }

    /// Whether entering `state` by its own rules goes on inside it: a superstate that is not
    /// parallel, with an initial row or a history.
    func entersByRules(_ state: Int) -> Bool {
        let info = machine.states[state]
        return !info.isParallel && !info.substates.isEmpty && (info.initialSubstate != nil || info.history != nil)
    }

    func storesHistory(_ state: Int) -> Bool { historyStorageStates.contains(state) }

    /// A parallel state with a deep history: entered by its own rules, it resumes every
    /// region as it was, or enters each by its rules the first time.
    func resumesRegions(_ state: Int) -> Bool {
        machine.states[state].isParallel && machine.states[state].history == .deep
    }

    func historyWrite(_ state: Int, _ value: SwiftExpression) -> SwiftStatement {
        .assignment(.member(.identifier(historyStorage), historyProperty(state)), value)
    }

    /// The statements of one row taken by `node`: histories, exits, the row's actions, the
    /// new configuration written, entries, and the end `finish` says.
    func regionTransition(
        _ transition: Transition, node: Int, frames: [Frame], finish: Finish,
        top: SwiftExpression
    ) -> [SwiftStatement] {
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
        guard !targets.isEmpty else { return statements + ownActions + targetlessEnd(finish, frames: frames) }
        let route = RegionRoute(node: node, targets: targets, frames: frames, chart: layout.chart)
        statements += historyWrites(route)
        let exits = exitWalk(route)
        statements += exits.flatMap(exitActions) + exits.flatMap(timerCancels)
        statements += ownActions
        let arrival = arrival(route)
        statements += arrival.bindings + arrival.assignments
        if let writtenFrame = arrival.writtenFrame { statements += writeBack(from: writtenFrame, frames) }
        statements += arrival.entries.flatMap(entryActions) + arrival.entries.flatMap(timerStarts)
        // A row that wrote the configuration at the top level, outside every frame, left the
        // parallel states it was taken in: it returns at once, from the configuration the
        // event arrived in, also where a region's row would mark the event taken.
        if arrival.writtenFrame == nil, case .marks = finish { return statements + ending(.returns(from: top)) }
        return statements + ending(finish)
    }

    /// How a row without a target ends: as `finish` says in a parallel state, where a region
    /// before this one may have moved; a top-level state's returns that it stayed where it was.
    private func targetlessEnd(_ finish: Finish, frames: [Frame]) -> [SwiftStatement] {
        guard frames.isEmpty, case .returns(let from) = finish else { return ending(finish) }
        return [
            .returnStatement(
                .call(.implicitMember("transitioned"), [SwiftArgument("from", from), SwiftArgument("to", from)]))
        ]
    }

    /// Where a row taken by `node` goes: the states from the top down to the node
    /// (`lineage`), those of them it stays in (`kept`: those that hold a target or are one,
    /// inside no other target; the node only when it is not a target) and those it leaves
    /// (`left`).
    struct RegionRoute {
        var node: Int
        var targets: [Int]
        var frames: [Frame]
        var lineage: [Int]
        var kept: [Int]
        var left: [Int]

        init(node: Int, targets: [Int], frames: [Frame], chart: Statechart) {
            self.node = node
            self.targets = targets
            self.frames = frames
            let lineage = chart.lineage(of: node)
            let targetLineages = Set(targets.flatMap(chart.lineage(of:)))
            let kept = lineage.filter { state in
                targetLineages.contains(state) && !targets.contains { $0 != state && chart.isWithin(state, $0) }
                    && !(state == node && targets.contains(node))
            }
            self.lineage = lineage
            self.kept = kept
            left = lineage.filter { !kept.contains($0) }
        }

        /// The variable of the open frame of `parallel`.
        func frameVariable(_ parallel: Int) -> String { frames.first { $0.parallel == parallel }!.variable }
    }

    /// The histories a row writes: of the states it leaves, and of those it stays in whose
    /// substates it leaves.
    private func historyWrites(_ route: RegionRoute) -> [SwiftStatement] {
        let chart = layout.chart
        let node = route.node
        let isParallelNode = machine.states[node].isParallel
        var statements: [SwiftStatement] = []
        for state in route.lineage where storesHistory(state) {
            let contentLeft =
                route.left.first.map { chart.isWithin($0, state) } ?? (isParallelNode && chart.isWithin(node, state))
            guard !route.kept.contains(state) || contentLeft else { continue }
            if machine.states[state].isParallel {
                statements.append(historyWrite(state, .identifier(route.frameVariable(state))))
            } else {
                let holding = layout.node(in: layout.contentScope(of: state), holding: node)!
                statements.append(historyWrite(state, nodeValue(holding, frameVariable: route.frameVariable)))
            }
        }
        return statements
    }

    /// What a row leaves, in the order of the exit actions: inside the outermost parallel
    /// state on the way, region by region in reverse order; above it, leaf first.
    private func exitWalk(_ route: RegionRoute) -> [WalkItem] {
        let node = route.node
        guard !route.left.isEmpty else {
            // A parallel state's row to a state inside it leaves each of its layout.
            guard machine.states[node].isParallel else { return [] }
            return machine.states[node].substates.reversed().map { region in
                .helper(region, .member(.identifier(route.frameVariable(node)), layout.caseName(of: region)))
            }
        }
        // Inside parallel states each state has one superstate: the states left there
        // are one chain, from the first of them down to the node.
        guard let chainStart = route.left.first(where: { machine.states[$0].isParallel || regionsContain($0) }) else {
            return route.left.reversed().map { .own($0) }
        }
        return exitChain(from: chainStart, route)
            + route.left.filter { !layout.chart.isWithin($0, chainStart) }.reversed().map { .own($0) }
    }

    /// What leaving `state`, which holds the node, runs: from the node up to `state`, the
    /// regions of a parallel state on the way that do not hold the node left from their
    /// values, in reverse order.
    private func exitChain(from state: Int, _ route: RegionRoute) -> [WalkItem] {
        let chart = layout.chart
        let node = route.node
        if machine.states[state].isParallel {
            var out: [WalkItem] = []
            for region in machine.states[state].substates.reversed() {
                out +=
                    chart.isWithin(node, region)
                    ? exitChain(from: region, route)
                    : [.helper(region, .member(.identifier(route.frameVariable(state)), layout.caseName(of: region)))]
            }
            return out + [.own(state)]
        }
        guard state != node else { return [.own(state)] }
        let child = machine.states[state].substates.first { chart.isWithin(node, $0) }!
        return exitChain(from: child, route) + [.own(state)]
    }

    /// What a row writes of the configuration and what it enters: the `resolve…` calls the
    /// new value reads, bound first; the value's assignments; the states entered, in order;
    /// and the frame whose struct it wrote, nil where it wrote the state itself.
    struct RegionArrival {
        var bindings: [SwiftStatement] = []
        var assignments: [SwiftStatement] = []
        var entries: [WalkItem] = []
        var writtenFrame: Int?
    }

    /// The new configuration, written where the deepest state the row stays in holds it: a
    /// parallel state's struct, a region's value, or the state itself.
    private func arrival(_ route: RegionRoute) -> RegionArrival {
        guard let deepest = route.kept.last else { return arrivalAtTop(route) }
        if machine.states[deepest].isParallel { return arrival(inParallel: deepest, route) }
        if let scopeRegion = layout.contentScope(of: deepest),
            layout.chart.isWithin(deepest, scopeRegion) || layout.isRegion[deepest]
        {
            return arrival(in: scopeRegion, deepest: deepest, route)
        }
        return arrivalAtTop(route)
    }

    /// Staying in `parallel`: each region that holds a target, or the node, gets its new
    /// value in the frame's struct; a region without a target is entered by its own rules.
    private func arrival(inParallel parallel: Int, _ route: RegionRoute) -> RegionArrival {
        var arrival = RegionArrival()
        for region in machine.states[parallel].substates {
            let inside = route.targets.filter { layout.chart.isWithin($0, region) }
            guard !inside.isEmpty || route.node == parallel || layout.chart.isWithin(route.node, region) else {
                continue
            }
            let (bindings, value) = inside.isEmpty ? defaultBinding(region) : newValue(in: region, targets: inside)
            arrival.bindings += bindings
            arrival.assignments.append(
                .assignment(
                    .member(.identifier(route.frameVariable(parallel)), layout.caseName(of: region)), value))
            arrival.entries +=
                inside.isEmpty ? [.own(region), enteredHelper(region)] : enterFrom(region, targets: inside)
        }
        arrival.writtenFrame = route.frames.firstIndex { $0.parallel == parallel }
        return arrival
    }

    /// Staying in region `scopeRegion` (at `deepest`, the deepest state kept): the region's
    /// new value in its parallel state's struct.
    private func arrival(in scopeRegion: Int, deepest: Int, _ route: RegionRoute) -> RegionArrival {
        var arrival = RegionArrival()
        let parallel = layout.parallel(of: scopeRegion)
        let value: SwiftExpression
        if route.targets == [deepest] {
            let (bindings, entered, items) = enteringByRules(deepest)
            arrival.bindings = bindings
            value = entered
            arrival.entries = items
        } else {
            let (bindings, newValue) = newValue(in: scopeRegion, targets: route.targets)
            arrival.bindings = bindings
            value = newValue
            let first = layout.chart.lineage(of: route.targets[0]).first { !route.kept.contains($0) }!
            arrival.entries = enterFrom(first, targets: route.targets)
        }
        arrival.assignments = [
            .assignment(.member(.identifier(route.frameVariable(parallel)), layout.caseName(of: scopeRegion)), value)
        ]
        arrival.writtenFrame = route.frames.firstIndex { $0.parallel == parallel }
        return arrival
    }

    /// Staying at the top level: the state enum's value.
    private func arrivalAtTop(_ route: RegionRoute) -> RegionArrival {
        var arrival = RegionArrival()
        let targets = route.targets
        let value: SwiftExpression
        if let deepest = route.kept.last, targets == [deepest] {
            let (bindings, entered, items) = enteringByRules(deepest)
            arrival.bindings = bindings
            value = entered
            arrival.entries = items
        } else {
            let (bindings, newValue) = newValue(in: nil, targets: targets)
            arrival.bindings = bindings
            value = newValue
            for state in layout.chart.lineage(of: targets[0]) where !route.kept.contains(state) {
                if machine.states[state].isParallel {
                    arrival.entries += enterFrom(state, targets: targets)
                    break
                }
                arrival.entries.append(.own(state))
                if state == targets[0] && entersByRules(state) { arrival.entries.append(enteredHelper(state)) }
            }
        }
        arrival.assignments = [setState(value)]
        return arrival
    }

    /// Whether `state` is inside some parallel state.
    private func regionsContain(_ state: Int) -> Bool { layout.container[state] != nil }

    /// The frames from `index` up, each written into its parent's region, and the state.
    private func writeBack(from index: Int, _ frames: [Frame]) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        var position = index
        while position > 0 {
            let inner = frames[position]
            let outer = frames[position - 1]
            if layout.isRegion[inner.parallel] {
                // A region that is a parallel state holds its struct as it is.
                statements.append(
                    .assignment(
                        .member(.identifier(outer.variable), layout.caseName(of: inner.parallel)),
                        .identifier(inner.variable)))
            } else {
                let region = layout.container[inner.parallel]!
                statements.append(
                    .assignment(
                        .member(.identifier(outer.variable), layout.caseName(of: region)),
                        .call(
                            .implicitMember(layout.caseName(of: inner.parallel)),
                            [SwiftArgument(.identifier(inner.variable))])))
            }
            position -= 1
        }
        statements.append(
            setState(
                .call(
                    .implicitMember(layout.caseName(of: frames[0].parallel)),
                    [SwiftArgument(.identifier(frames[0].variable))])))
        return statements
    }

    /// The value of `node` as its scope's enum has it now: `.playing`, `.editing(editingNow)`.
    private func nodeValue(_ node: Int, frameVariable: (Int) -> String) -> SwiftExpression {
        machine.states[node].isParallel
            ? .call(.implicitMember(layout.caseName(of: node)), [SwiftArgument(.identifier(frameVariable(node)))])
            : .implicitMember(layout.caseName(of: node))
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

    func exitRegionCall(_ region: Int, _ value: SwiftExpression) -> SwiftStatement {
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
        guard let node = layout.node(in: scope, holding: targets[0]), !(node == targets[0] && entersByRules(node))
        else {
            return defaultBinding(targets[0])
        }
        guard machine.states[node].isParallel else { return ([], .implicitMember(layout.caseName(of: node))) }
        if targets == [node] && resumesRegions(node) {
            let (bindings, value) = defaultBinding(node)
            return (bindings, .call(.implicitMember(layout.caseName(of: node)), [SwiftArgument(value)]))
        }
        let (bindings, value) = regionValues(node, targets: targets)
        return (bindings, .call(.implicitMember(layout.caseName(of: node)), [SwiftArgument(value)]))
    }

    /// `parallel`'s struct with each region's new value: on the way to the targets inside
    /// it, else by its own rules.
    private func regionValues(_ parallel: Int, targets: [Int]) -> (bindings: [SwiftStatement], value: SwiftExpression) {
        var bindings: [SwiftStatement] = []
        var arguments: [SwiftArgument] = []
        for region in machine.states[parallel].substates {
            let inside = targets.filter { layout.chart.isWithin($0, region) }
            let (more, value) = inside.isEmpty ? defaultBinding(region) : newValue(in: region, targets: inside)
            bindings += more
            arguments.append(SwiftArgument(layout.caseName(of: region), value))
        }
        return (bindings, .call(.identifier(layout.structType(parallel)), arguments))
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
                let inside = targets.filter { layout.chart.isWithin($0, region) }
                out += inside.isEmpty ? [.own(region), enteredHelper(region)] : enterFrom(region, targets: inside)
            }
        } else if targets.contains(state) {
            if entersByRules(state) { out.append(enteredHelper(state)) }
        } else {
            let child = info.substates.first { child in targets.allSatisfy { layout.chart.isWithin($0, child) } }!
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
                ? SwiftExpression.call(.implicitMember(layout.caseName(of: state)), [SwiftArgument(value)]) : value
            return (bindings, wrapped, [enteredHelper(state)])
        }
        return ([], .implicitMember(layout.caseName(of: state)), [])
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

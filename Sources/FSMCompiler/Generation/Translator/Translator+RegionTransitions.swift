// A transition of a machine with regions: the histories saved, the exits region by region, the
// row's actions, the new configuration written, the entries and the timers.

/// What a row leaves and enters is its `TransitionPlan`, rendered step by step. What is
/// fixed at compile time runs inline; what depends on the configuration or on a history runs in helpers generated per
/// region and superstate: `exit…` (leave a region from its value), `resolve…` (where
/// entering a region or superstate by its own rules ends, read from the histories) and
/// `enter…` (run the entry actions of that way in). The state is written after the exit
/// and row actions and before the entry actions, as in every machine.
extension Translator where Layout == ConfigurationLayout {
    /// The name of a helper of `state`: `exitPlayback`, `resolveActive`, `enterActiveResumed`.
    func helperName(_ verb: String, _ state: StateID, _ suffix: String = "") -> String {
        verb + layout.typeName(of: state).filter { $0 != "`" } + suffix
    }

    /// The local that holds where entering `state` by its own rules ends.
    private func enteredName(_ state: StateID) -> String {
        let name = SwiftNames.unescaped(machine.states[state].named.swiftName)
        return name + "Entered"
    }

    /// A state's entry actions, with its values bound under their names where it holds data.
    func ownEntry(_ state: StateID) -> [SwiftStatement] {
        machine.states[state].ownEntryActions.map { actionCall($0, scope: stateScope(state)) }
    }
    /// A state's exit actions, with its values bound under their names where it holds data.
    func ownExit(_ state: StateID) -> [SwiftStatement] {
        machine.states[state].ownExitActions.map { actionCall($0, scope: stateScope(state)) }
    }

    func entersByRules(_ state: StateID) -> Bool { layout.chart.entersByRules(state) }
    func storesHistory(_ state: StateID) -> Bool { layout.chart.storesHistory(state) }
    func resumesRegions(_ state: StateID) -> Bool { layout.chart.resumesRegions(state) }

    func historyWrite(_ state: StateID, _ value: SwiftExpression) -> SwiftStatement {
        .assignment(.member(.identifier(historyStorage), historyProperty(state)), value)
    }

    /// The statements of one row taken by `node`: histories, exits, the row's actions, the
    /// new configuration written, entries, and the end `finish` says.
    func regionTransition(
        _ transition: Transition, node: StateID, frames: [Frame], finish: Finish,
        top: SwiftExpression
    ) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        if transition.declaredIn != node {
            statements.append(.comment("from \(machine.states[transition.declaredIn].name)"))
        }
        // With state data, a row's labels are its event's values, else its state's (a
        // parallel state's rows read none).
        let scope = machine.hasStateData ? rowScope(event: transition.event, state: node) : [:]
        let ownActions = transition.actions.map { actionCall($0, scope: scope) }
        let targets = transition.namedTarget.map { [$0] + transition.forkTargets } ?? []
        guard !targets.isEmpty else {
            if let rewrite = rewrittenValue(of: node, by: transition, scope: scope) {
                return statements + rewrite.computations + ownActions
                    + rewriting(node, to: rewrite.state, frames: frames) + ending(finish)
            }
            return statements + ownActions + targetlessEnd(finish, frames: frames)
        }
        let plan = layout.chart.plan(source: node, targets: targets)
        var route = RegionRoute(plan: plan, frames: frames)
        route.given.scope = scope
        var computations: [SwiftStatement] = []
        var declared: Set<String> = []
        for target in targets where !machine.parameters(of: target).isEmpty {
            let value = namedValue(of: target, by: transition, scope: scope, declared: &declared)
            computations += value.computations
            route.given.states[target] = value.state
            route.entryScopes[target] = value.entryScope
        }
        statements += plan.historyWrites.map { historyWrite($0, route) }
        statements += plan.exits.flatMap(exitActions(route)) + plan.exits.flatMap(timerCancels(route))
        let arrival = arrival(route)
        // The new values are computed after the exit actions and before the row's; those
        // that initial rows compute (in the `resolve…` calls), after the row's actions.
        statements += computations + ownActions + arrival.bindings + arrival.assignments
        if let writtenFrame = arrival.writtenFrame { statements += writeBack(from: writtenFrame, frames) }
        statements += plan.entries.flatMap(entryActions(route)) + plan.entries.flatMap(timerStarts)
        // A row that wrote the configuration at the top level, outside every frame, left the
        // parallel states it was taken in: it returns at once, from the configuration the
        // event arrived in, also where a region's row would mark the event taken.
        if arrival.writtenFrame == nil, case .marks = finish { return statements + ending(.returns(from: top)) }
        return statements + ending(finish)
    }

    /// `node`'s new value written where it is kept: in its region's value in the innermost
    /// frame, written back up to the state, or at the top level, the state itself.
    private func rewriting(_ node: StateID, to value: SwiftExpression, frames: [Frame]) -> [SwiftStatement] {
        guard let frame = frames.last, let region = layout.container[node] else { return [setState(value)] }
        return [.assignment(.member(.identifier(frame.variable), layout.caseName(of: region)), value)]
            + writeBack(from: frames.count - 1, frames)
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

    /// A row's plan, with the open frames of the parallel states its node is inside.
    struct RegionRoute {
        var plan: TransitionPlan
        var frames: [Frame]
        /// The targets with data the row names, with the values it gives them, and the
        /// row's labels, which a region entered by its own rules may carry.
        var given = RegionValues()
        /// The scopes the entry actions of those targets see: their new values.
        var entryScopes: [StateID: ValueScope] = [:]

        /// The variable of the open frame of `parallel`.
        func frameVariable(_ parallel: StateID) -> String { frames.first { $0.parallel == parallel }!.variable }
    }

    /// Stores the history of `state`, which holds the row's node: what is active inside it.
    private func historyWrite(_ state: StateID, _ route: RegionRoute) -> SwiftStatement {
        if machine.states[state].isParallel { return historyWrite(state, .identifier(route.frameVariable(state))) }
        let holding = layout.node(in: layout.contentScope(of: state), holding: route.plan.source)!
        return historyWrite(state, nodeValue(holding, frameVariable: route.frameVariable))
    }

    /// The values a row gives what it enters: the targets with data it names, and its
    /// labels, which the initial rows of a region it enters by its own rules may carry.
    struct RegionValues {
        var states: [StateID: SwiftExpression] = [:]
        var scope: ValueScope = [:]
    }

    /// What a row writes of the configuration: the `resolve…` calls the new value reads,
    /// bound first; the value's assignments; and the frame whose struct it wrote, nil where
    /// it wrote the state itself.
    struct RegionArrival {
        var bindings: [SwiftStatement] = []
        var assignments: [SwiftStatement] = []
        var writtenFrame: Int?
    }

    /// The new configuration, written where the plan says: a kept parallel state's struct,
    /// a kept region's value, or the state itself.
    private func arrival(_ route: RegionRoute) -> RegionArrival {
        switch route.plan.rewrite {
        case .configuration: arrivalAtTop(route)
        case .regions(let parallel): arrival(inParallel: parallel, route)
        case .region(let region, let deepest): arrival(in: region, deepest: deepest, route)
        }
    }

    /// Staying in `parallel`: each region that holds a target, or the node, gets its new
    /// value in the frame's struct; a region without a target is entered by its own rules.
    private func arrival(inParallel parallel: StateID, _ route: RegionRoute) -> RegionArrival {
        var arrival = RegionArrival()
        let plan = route.plan
        for region in machine.states[parallel].substates {
            let inside = plan.targets.filter { layout.chart.isWithin($0, region) }
            guard !inside.isEmpty || plan.source == parallel || layout.chart.isWithin(plan.source, region) else {
                continue
            }
            let (bindings, value) =
                inside.isEmpty
                ? defaultBinding(region, route.given.scope) : newValue(in: region, targets: inside, given: route.given)
            arrival.bindings += bindings
            arrival.assignments.append(
                .assignment(
                    .member(.identifier(route.frameVariable(parallel)), layout.caseName(of: region)), value))
        }
        arrival.writtenFrame = route.frames.firstIndex { $0.parallel == parallel }
        return arrival
    }

    /// Staying in region `region` (at `deepest`, the deepest state kept): the region's new
    /// value in its parallel state's struct.
    private func arrival(in region: StateID, deepest: StateID, _ route: RegionRoute) -> RegionArrival {
        var arrival = RegionArrival()
        let parallel = layout.parallel(of: region)
        let (bindings, value) =
            route.plan.targets == [deepest]
            ? enteringAgain(deepest, given: route.given)
            : newValue(in: region, targets: route.plan.targets, given: route.given)
        arrival.bindings = bindings
        arrival.assignments = [
            .assignment(.member(.identifier(route.frameVariable(parallel)), layout.caseName(of: region)), value)
        ]
        arrival.writtenFrame = route.frames.firstIndex { $0.parallel == parallel }
        return arrival
    }

    /// Writing the whole configuration: the state enum's value.
    private func arrivalAtTop(_ route: RegionRoute) -> RegionArrival {
        let plan = route.plan
        let (bindings, value) =
            plan.kept.last.map { plan.targets == [$0] } == true
            ? enteringAgain(plan.kept.last!, given: route.given)
            : newValue(in: nil, targets: plan.targets, given: route.given)
        return RegionArrival(bindings: bindings, assignments: [setState(value)])
    }

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
    private func nodeValue(_ node: StateID, frameVariable: (StateID) -> String) -> SwiftExpression {
        machine.states[node].isParallel
            ? .call(.implicitMember(layout.caseName(of: node)), [SwiftArgument(.identifier(frameVariable(node)))])
            : currentStateValue(node)
    }

    /// `let activeEntered = resolveActive()`: where entering `state` by its own rules ends.
    private func defaultBinding(_ state: StateID, _ scope: ValueScope) -> (
        bindings: [SwiftStatement], value: SwiftExpression
    ) {
        (
            [
                .declaration(
                    isVariable: false, name: enteredName(state), type: nil, value: resolveCall(state, scope: scope))
            ],
            .identifier(enteredName(state))
        )
    }

    func exitRegionCall(_ region: StateID, _ value: SwiftExpression) -> SwiftStatement {
        .expression(awaited(.call(.identifier(helperName("exit", region)), [SwiftArgument(value)])))
    }

    /// The new value of `scope`, which holds `targets`: the node holding the first target,
    /// a parallel one with each region's value; a region without a target, and a target
    /// entered by its own rules, by `resolve…`, bound first.
    private func newValue(in scope: StateID?, targets: [StateID], given: RegionValues) -> (
        bindings: [SwiftStatement], value: SwiftExpression
    ) {
        if let scope, machine.states[scope].isParallel {
            // A region that is a parallel state: its struct.
            if targets == [scope] && resumesRegions(scope) { return defaultBinding(scope, given.scope) }
            return regionValues(scope, targets: targets, given: given)
        }
        guard let node = layout.node(in: scope, holding: targets[0]), !(node == targets[0] && entersByRules(node))
        else {
            return defaultBinding(targets[0], given.scope)
        }
        guard machine.states[node].isParallel else {
            return ([], given.states[node] ?? .implicitMember(layout.caseName(of: node)))
        }
        if targets == [node] && resumesRegions(node) {
            let (bindings, value) = defaultBinding(node, given.scope)
            return (bindings, .call(.implicitMember(layout.caseName(of: node)), [SwiftArgument(value)]))
        }
        let (bindings, value) = regionValues(node, targets: targets, given: given)
        return (bindings, .call(.implicitMember(layout.caseName(of: node)), [SwiftArgument(value)]))
    }

    /// `parallel`'s struct with each region's new value: on the way to the targets inside
    /// it, else by its own rules.
    private func regionValues(_ parallel: StateID, targets: [StateID], given: RegionValues) -> (
        bindings: [SwiftStatement], value: SwiftExpression
    ) {
        var bindings: [SwiftStatement] = []
        var arguments: [SwiftArgument] = []
        for region in machine.states[parallel].substates {
            let inside = targets.filter { layout.chart.isWithin($0, region) }
            let (more, value) =
                inside.isEmpty
                ? defaultBinding(region, given.scope) : newValue(in: region, targets: inside, given: given)
            bindings += more
            arguments.append(SwiftArgument(layout.caseName(of: region), value))
        }
        return (bindings, .call(.typeName(layout.structType(parallel)), arguments))
    }

    /// The value of a kept state the row names, entered again by its own rules: where that
    /// ends; a concrete superstate without an initial row is the end itself.
    private func enteringAgain(_ state: StateID, given: RegionValues) -> (
        bindings: [SwiftStatement], value: SwiftExpression
    ) {
        guard resumesRegions(state) || entersByRules(state) else {
            return ([], given.states[state] ?? .implicitMember(layout.caseName(of: state)))
        }
        let (bindings, value) = defaultBinding(state, given.scope)
        guard machine.states[state].isParallel else { return (bindings, value) }
        return (bindings, .call(.implicitMember(layout.caseName(of: state)), [SwiftArgument(value)]))
    }

    /// The value a region left as a whole is left from: its value in its parallel state's frame.
    private func regionValue(_ region: StateID, _ route: RegionRoute) -> SwiftExpression {
        .member(.identifier(route.frameVariable(layout.parallel(of: region))), layout.caseName(of: region))
    }

    private func exitActions(_ route: RegionRoute) -> (TransitionPlan.Exit) -> [SwiftStatement] {
        { exit in
            switch exit {
            case .state(let state): ownExit(state)
            case .region(let region): [exitRegionCall(region, regionValue(region, route))]
            }
        }
    }

    private func entryActions(_ route: RegionRoute) -> (TransitionPlan.Entry) -> [SwiftStatement] {
        { entry in self.entryActions(entry, scopes: route.entryScopes, labels: route.given.scope) }
    }

    /// The entry actions of `entry`: a state's with its new values, which a row that names
    /// it gives (`scopes`); a state entered by its own rules', in its helper, which takes the
    /// row's `labels` its initial rows' actions read.
    private func entryActions(
        _ entry: TransitionPlan.Entry, scopes: [StateID: ValueScope], labels: ValueScope
    ) -> [SwiftStatement] {
        switch entry {
        case .state(let state):
            machine.states[state].ownEntryActions.map { actionCall($0, scope: scopes[state] ?? [:]) }
        case .byRules(let state):
            [enterCall(state, value: enteredValue(state), scope: labels)]
        }
    }

    /// The timers of the states left, cancelled after all exit actions, in their order.
    private func timerCancels(_ route: RegionRoute) -> (TransitionPlan.Exit) -> [SwiftStatement] {
        { exit in
            guard machine.hasTimers else { return [] }
            switch exit {
            case .state(let state): return timerCalls("cancelTimer", [state])
            case .region(let region):
                return [
                    .expression(
                        .call(
                            .identifier(helperName("cancelTimersIn", region)),
                            [SwiftArgument(regionValue(region, route))]))
                ]
            }
        }
    }

    /// The timers of the states entered, started after all entry actions, in their order.
    private func timerStarts(_ entry: TransitionPlan.Entry) -> [SwiftStatement] {
        guard machine.hasTimers else { return [] }
        switch entry {
        case .state(let state): return timerCalls("startTimer", [state])
        case .byRules(let state):
            return [
                .expression(
                    .call(.identifier(helperName("startTimersIn", state)), [SwiftArgument(enteredValue(state))]))
            ]
        }
    }

    /// `activeEntered`: where entering `state` by its own rules ends, bound by the arrival.
    private func enteredValue(_ state: StateID) -> SwiftExpression { .identifier(enteredName(state)) }
}

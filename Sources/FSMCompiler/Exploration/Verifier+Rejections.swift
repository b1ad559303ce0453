extension Verifier {
    /// Some answers that leave a state's if/else tree for an event without a row: where the
    /// step was tried, the row tried first and the state whose rows hold it, the step as
    /// the witness's last, and what to say.
    private struct Hole {
        var node: Int
        var transition: Transition
        var source: StateID
        var last: PathCover.Step
        var message: String
    }

    /// Each row that some answers leave rejected (no row of its state and event applies to
    /// them), once, with the shortest witness: the step that rejects is its last. A region
    /// whose rows for the event all fail while another region takes it has such a hole
    /// too, though the event is taken.
    mutating func findRejections() {
        var seen = Set<TableRows.ID>()
        let holes = (rejectedEvents() + regionHoles()).enumerated().sorted {
            (space.depth(of: $0.element.node), $0.offset) < (space.depth(of: $1.element.node), $1.offset)
        }
        for hole in holes.map(\.element) {
            guard seen.insert(space.rows.id(of: hole.transition, from: hole.source)).inserted else { continue }
            report(
                Finding(
                    kind: .rejectedEvent, severity: .warning, message: hole.message,
                    location: hole.transition.location, witness: witness(to: hole.node, then: hole.last)))
        }
    }

    /// The steps whose event was rejected for their answers.
    private func rejectedEvents() -> [Hole] {
        // A rejection that asked no condition is decided by the configuration (a join
        // waiting for its regions): no answer could change it.
        space.rejections.filter { !$0.choice.asked.isEmpty }.map { rejection in
            let leaves = space.nodes[rejection.node].leaves
            let state =
                machine.states[rejection.source].isParallel
                ? space.describe(leaves) : machine.states[rejection.source].name
            let event = machine.events[rejection.choice.event].name
            return Hole(
                node: rejection.node, transition: rejection.transition, source: rejection.source,
                last: PathCover.Step(choice: rejection.choice, rows: [], leaves: leaves),
                message:
                    "'\(event)' in '\(state)' is rejected when \(answersText(rejection.choice)): no row applies; add a row for these answers, such as one without the failing terms"
            )
        }
    }

    /// `isLive=false (with Mode=fast)`: the answers and predicate values of a step.
    private func answersText(_ choice: Choice) -> String {
        let values = PathWriter.values(of: choice, in: machine)
        let predicates = values.predicates.map { "\($0.0)=\($0.1)" }
        return values.conditions.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
            + (predicates.isEmpty ? "" : " (with " + predicates.joined(separator: ", ") + ")")
    }

    /// The steps that a region of a parallel state took while another region of it, with
    /// rows for the event, rejected it for the answers: found on the edges, whose rows
    /// say which regions took the event.
    private func regionHoles() -> [Hole] {
        guard machine.hasRegions else { return [] }
        let shared = eventsRegionsMayReject()
        var holes: [Hole] = []
        for node in space.nodes.indices {
            for edge in space.edges[node] where shared.contains(edge.choice.event) {
                let event = edge.choice.event
                let (leaves, sources) = ownStep(at: node, edge)
                guard !sources.isEmpty else { continue }
                let active = chart.activeStates(of: leaves)
                for parallel in active where machine.states[parallel].isParallel {
                    let regions = machine.states[parallel].substates
                    let takes = { (region: StateID) in sources.contains { self.chart.isWithin($0, region) } }
                    guard let taking = regions.first(where: takes) else { continue }
                    for region in regions where !takes(region) {
                        let tried = triedRows(
                            in: region, event: event, predicates: edge.choice.predicateValues, active: active)
                        guard let first = tried.first else { continue }
                        holes.append(
                            Hole(
                                node: node, transition: first.transition, source: first.source,
                                last: PathCover.Step(
                                    choice: edge.choice, rows: edge.rows, leaves: space.nodes[edge.target].leaves),
                                message: regionHoleMessage(
                                    tried, region: region, taking: taking, choice: edge.choice, leaves: leaves)))
                    }
                }
            }
        }
        return holes
    }

    /// The events that one region may reject for its answers while another region of the
    /// same parallel state takes them: rows for them in two regions, one with a condition.
    /// Only their steps are looked at: a search tries hundreds of thousands of steps.
    private func eventsRegionsMayReject() -> Set<EventID> {
        var events = Set<EventID>()
        for parallel in machine.states.indices where machine.states[parallel].isParallel {
            var regionCount: [EventID: Int] = [:]
            var conditional = Set<EventID>()
            for region in machine.states[parallel].substates {
                var handled = Set<EventID>()
                for state in machine.states.indices where chart.isWithin(state, region) {
                    for row in machine.states[state].transitions {
                        handled.insert(row.event)
                        if !row.guardClause.conditions.isEmpty { conditional.insert(row.event) }
                    }
                }
                for event in handled { regionCount[event, default: 0] += 1 }
            }
            events.formUnion(regionCount.keys.filter { regionCount[$0]! > 1 && conditional.contains($0) })
        }
        return events
    }

    /// `'Mute' in 'Muted' is rejected when isLoud=false while region 'Playback' takes it: …`,
    /// with the answers and values the region's rows test.
    private func regionHoleMessage(
        _ tried: [(transition: Transition, source: StateID)], region: StateID, taking: StateID, choice: Choice,
        leaves: [StateID]
    ) -> String {
        let guards = tried.map(\.transition.guardClause)
        var shown = choice
        shown.asked = choice.asked.filter { call in guards.contains { $0.conditions.contains { $0.call == call } } }
        shown.neededTypes = choice.neededTypes.filter { type in
            guards.contains { $0.predicates.contains { $0.type == type } }
        }
        let source = tried[0].source
        let state =
            machine.states[source].isParallel ? chart.describe(source, leaves: leaves) : machine.states[source].name
        return
            "'\(machine.events[choice.event].name)' in '\(state)' is rejected when \(answersText(shown)) while region '\(machine.states[taking].name)' takes it: no row of region '\(machine.states[region].name)' applies; add a row for these answers, such as one without the failing terms"
    }

    /// The configuration the event of `edge` arrived in, and the states holding the rows
    /// the event itself took (not those of the `always` steps and raised events after it).
    /// Read from the edge, unless the step started the machine (its start's `always` steps
    /// moved it first) or the machine raises events (a raised event may be the edge's
    /// event too): the step is then taken again.
    private func ownStep(at node: Int, _ edge: StateSpace.Edge) -> (leaves: [StateID], sources: [StateID]) {
        var interpreter = space.nodes[node].interpreter
        guard !interpreter.isStarted || machine.raisesEvents else {
            let own = edge.rows.map { space.rows.rows[$0] }.filter { $0.transition.event == edge.choice.event }
            return (interpreter.leaves, own.map(\.source))
        }
        let choice = edge.choice
        let step = interpreter.handle(choice.event, predicates: choice.predicateValues, conditions: choice.answers)
        return (step.leaves, step.firings.map(\.source))
    }

    /// The rows `region` tries for the event, in the order the interpreter tries them, that
    /// its conditions could decide: those whose predicate values match and whose state tests
    /// hold in the active states `active`. When no row inside the region fired, each of them
    /// failed on its conditions.
    private func triedRows(
        in region: StateID, event: EventID, predicates: IDArray<PredicateTypeID, Int>, active: [StateID]
    ) -> [(transition: Transition, source: StateID)] {
        let node = chart.node(below: region, active: active)
        var rows: [(transition: Transition, source: StateID)] = []
        if machine.states[node].isParallel {
            for inner in machine.states[node].substates {
                rows += triedRows(in: inner, event: event, predicates: predicates, active: active)
            }
        }
        for row in Interpreter.candidateRows(in: machine.states[node], event: event, predicates: predicates)
        where row.guardClause.stateTests.allSatisfy({ active.contains($0.state) != $0.isNegated }) {
            rows.append((row, node))
        }
        return rows
    }
}

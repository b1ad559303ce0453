import FSMTestSupport

/// Data states (Language reference › State data), drawn from a stream of their own
/// (`MachineGenerator.dataStream`) after everything else. In a machine with regions they are
/// leaves inside and outside the parallel states, nested ones too; the initial rows into them
/// write literals (or `cv` of literals), and rows held by a parallel state or above one read
/// no state values: the repairs make those that do write literals.
extension MachineGenerator {
    /// Gives some leaves `Int` values (`State: S3(v: Int, w: Int)`, labels `v`, `w` and
    /// `x`), and every row that enters one its values: some carried by their own label (from
    /// the event, which shadows the state that takes the row), the others written as a
    /// literal, a label, or the computing action `cv(a, b)` of a label and a literal, or two
    /// literals, in a drawn order (the order computing actions run). Initial rows naming a
    /// data state write literals, now and then `cv` of literals, labels of the entering row
    /// or `cv` of one, and some initial rows call `vd(…)` of one. Some data states get a row of
    /// their own, to a data state or `-`. Some `-` rows of a data state
    /// rewrite some of its values (`-(v: cv(v, 1))`), some of its rows call `vd(v)`, its entry
    /// and exit lists `en(v)` and `ex(w)`; where conditions are asked only in the state an
    /// event arrives in (no `always` rows, no raised events), some of its rows ask `qd(v)`
    /// (with regions, only those of one data state). With regions, a fork gives each data
    /// state it names values, and forks often name data states.
    static func addStateData(to machine: inout RandomMachine, random: inout SplitMix64) {
        let superstates = Set(machine.states.flatMap(\.superstates))
        let leaves = machine.states.indices.filter { index in
            let state = machine.states[index]
            return !state.isAbstract && state.initialRows.isEmpty && !superstates.contains(state.name)
        }
        guard !leaves.isEmpty else { return }
        var holders = leaves.filter { _ in random.chance(50) }
        if holders.isEmpty { holders = [random.element(of: leaves)] }
        // With regions, forks often name data states, so that they give values.
        if !machine.parallelStates.isEmpty {
            for target in machine.states.flatMap(\.rows).flatMap(\.forkTargets) {
                guard let index = leaves.first(where: { machine.states[$0].name == target }),
                    !holders.contains(index), random.chance(50)
                else { continue }
                holders.append(index)
            }
        }
        for index in holders {
            // `x`, which events carry too, often, so that their `x` shadows it.
            var labels = random.sample(random.inRange(1...2), of: ["v", "w"])
            if random.chance(75) { labels.insert("x", at: random.below(labels.count + 1)) }
            machine.states[index].values = labels
        }
        // Rows of their own for some data states, to another (carrying values by label) or
        // rewriting theirs; never to a state for an event an entry or exit list raises, which
        // would raise it again.
        let listRaised = Set(
            machine.states.flatMap { $0.entryActions + $0.exitActions }.filter { $0.hasPrefix("^") }.map {
                String($0.dropFirst())
            })
        var events: [String] = []
        for event in machine.states.flatMap(\.rows).flatMap(\.events)
        where !events.contains(event) && event != "always" && !event.hasPrefix("after(") {
            events.append(event)
        }
        for index in holders where !events.isEmpty && random.chance(60) {
            let event = random.element(of: events)
            let next =
                listRaised.contains(event) || random.chance(50)
                ? nil : machine.states[random.element(of: holders)].name
            machine.states[index].rows.append(
                RandomRow(
                    events: [event], predicates: [], conditions: [], next: next, actions: [], isOverride: false,
                    style: .plain))
        }
        addRaisesCarryingStateValues(to: &machine, random: &random)
        let labelsOf = Dictionary(machine.states.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first })
        let eventLabels = Dictionary(
            machine.eventValues.map { ($0.event, $0.labels) }, uniquingKeysWith: { first, _ in first })
        let raises = { (actions: [String]) in actions.contains { $0.hasPrefix("^") } }
        let asksOnArrivalOnly = !machine.states.contains { state in
            raises(state.entryActions + state.exitActions)
                || state.rows.contains { $0.events.contains("always") || raises($0.actions) }
        }
        // With regions, one data state asks `qd(…)`: regions may ask one call with the values
        // of different states, and the trace reads a step's questions in one state's values.
        let hasRegions = !machine.parallelStates.isEmpty
        let asker = holders.first
        for index in machine.states.indices {
            let own = machine.states[index].values
            for row in machine.states[index].rows.indices {
                var drawn = machine.states[index].rows[row]
                let fromEvent = RandomMachine.valueLabels.filter { label in
                    RandomMachine.valueTypes[label] == "Int"
                        && drawn.events.allSatisfy { eventLabels[$0]?.contains(label) ?? false }
                }
                let labels = (fromEvent + own.filter { !fromEvent.contains($0) }).sorted()
                if let next = drawn.next, let targetLabels = labelsOf[next], !targetLabels.isEmpty {
                    drawn.values = drawValues(for: targetLabels, from: labels, canCarry: true, random: &random)
                } else if drawn.next == nil, !own.isEmpty, random.chance(50) {
                    drawn.values = drawValues(
                        for: random.sample(random.inRange(1...own.count), of: own), from: labels, canCarry: false,
                        random: &random)
                }
                // A fork (only with regions) gives each data state it names its values.
                let forkLabels = drawn.forkTargets.map { labelsOf[$0] ?? [] }
                if forkLabels.contains(where: { !$0.isEmpty }) {
                    drawn.forkValues = forkLabels.map { targetLabels in
                        targetLabels.isEmpty
                            ? [] : drawValues(for: targetLabels, from: labels, canCarry: true, random: &random)
                    }
                }
                if !own.isEmpty, random.chance(20) {
                    drawn.actions.insert(
                        "vd(\(random.element(of: labels)))", at: random.below(drawn.actions.count + 1))
                }
                if !own.isEmpty, asksOnArrivalOnly, !hasRegions || index == asker, !drawn.events.contains("always"),
                    random.chance(15)
                {
                    drawn.conditions.append((random.chance(30) ? "!" : "") + "qd(\(random.element(of: labels)))")
                }
                machine.states[index].rows[row] = drawn
            }
            // An initial row reads the labels of the row that entered its superstate: now and
            // then in `vd(…)` and in its values; where a row that may follow it lacks one, or a
            // new machine follows it, the repair writes literals and drops `vd`.
            let entering = ["x", "y", "v", "w"]
            for row in machine.states[index].initialRows.indices {
                if random.chance(50) {
                    let actions = machine.states[index].initialRows[row].actions
                    machine.states[index].initialRows[row].actions.insert(
                        "vd(\(random.element(of: entering)))", at: random.below(actions.count + 1))
                }
                guard let targetLabels = labelsOf[machine.states[index].initialRows[row].target] else { continue }
                machine.states[index].initialRows[row].values = targetLabels.map { label in
                    let text: String
                    switch random.below(100) {
                    case ..<10: text = "cv(\(literal(&random)), \(literal(&random)))"
                    case ..<25: text = "cv(\(random.element(of: entering)), \(literal(&random)))"
                    case ..<45: text = random.element(of: entering)
                    default: text = literal(&random)
                    }
                    return RandomValue(label: label, text: text)
                }.shuffledBy(&random)
            }
            if !own.isEmpty, random.chance(40) {
                machine.states[index].entryActions.append("en(\(random.element(of: own)))")
            }
            if !own.isEmpty, random.chance(40) {
                machine.states[index].exitActions.append("ex(\(random.element(of: own)))")
            }
        }
    }

    /// Values for the labels `targets`, drawn from the row's `labels` (the event's `Int`
    /// values and those of the state that takes it) and literals; with `canCarry`, a label
    /// the row has is now and then left out, to be carried by its own name.
    private static func drawValues(
        for targets: [String], from labels: [String], canCarry: Bool, random: inout SplitMix64
    ) -> [RandomValue] {
        func argument() -> String {
            !labels.isEmpty && random.chance(60) ? random.element(of: labels) : literal(&random)
        }
        var values: [RandomValue] = []
        for label in targets {
            if canCarry && labels.contains(label) && random.chance(35) { continue }
            let text: String
            switch random.below(3) {
            case 0: text = literal(&random)
            case 1: text = labels.isEmpty ? literal(&random) : random.element(of: labels)
            default:
                // At most one label, so that every new value's text holds at most one old
                // text: `-(v: cv(v, w), w: cv(10, v))` would double them on every rewrite.
                let first = argument()
                text = "cv(\(first), \(labels.contains(first) ? literal(&random) : argument()))"
            }
            values.append(RandomValue(label: label, text: text))
        }
        return values.shuffledBy(&random)
    }

    private static func literal(_ random: inout SplitMix64) -> String {
        String(random.inRange(0...25) - 5)
    }

    /// Repairs a data state's error at `element`: a row's values become literals and its
    /// `vd(…)` and `qd(…)` go; then a rewrite goes, then the row; an entry or exit list loses
    /// its `en(…)` and `ex(…)`; an initial row's values become literals and its `vd(…)` go.
    /// False when that changes nothing.
    static func repairStateData(_ machine: inout RandomMachine, at element: RandomMachineElement) -> Bool {
        let isData = { (text: String) in text.hasPrefix("vd(") || text.hasPrefix("qd(") || text.hasPrefix("!qd(") }
        func literals(for target: String?, instead values: [RandomValue]) -> [RandomValue] {
            let labels = machine.states.first { $0.name == target }?.values ?? values.map(\.label)
            return labels.enumerated().map { RandomValue(label: $1, text: String($0 + 1)) }
        }
        switch element {
        case .row(let state, let row):
            var drawn = machine.states[state].rows[row]
            if drawn.actions.contains(where: isData) || drawn.conditions.contains(where: isData)
                || (drawn.values + drawn.forkValues.joined()).contains(where: { Int($0.text) == nil })
            {
                drawn.actions.removeAll(where: isData)
                drawn.conditions.removeAll(where: isData)
                drawn.values =
                    drawn.next == nil
                    ? literals(for: nil, instead: drawn.values)
                    : literals(
                        for: drawn.next, instead: drawn.values)
                if !drawn.forkValues.isEmpty {
                    drawn.forkValues = zip(drawn.forkTargets, drawn.forkValues).map { target, values in
                        values.isEmpty ? [] : literals(for: target, instead: values)
                    }
                }
                machine.states[state].rows[row] = drawn
            } else if drawn.next == nil && !drawn.values.isEmpty {
                machine.states[state].rows[row].values = []
            } else {
                machine.states[state].rows.remove(at: row)
                if let split = machine.states[state].splitAt, split > row { machine.states[state].splitAt = split - 1 }
            }
        case .state(let state):
            let isValueAction = { (text: String) in text.hasPrefix("en(") || text.hasPrefix("ex(") }
            guard
                (machine.states[state].entryActions + machine.states[state].exitActions).contains(where: isValueAction)
            else { return false }
            machine.states[state].entryActions.removeAll(where: isValueAction)
            machine.states[state].exitActions.removeAll(where: isValueAction)
        case .initialRow(let state, let row):
            let drawn = machine.states[state].initialRows[row]
            guard drawn.values.contains(where: { Int($0.text) == nil }) || drawn.actions.contains(where: isData) else {
                return false
            }
            machine.states[state].initialRows[row].actions.removeAll(where: isData)
            machine.states[state].initialRows[row].values = literals(for: drawn.target, instead: drawn.values)
        default:
            return false
        }
        return true
    }

    /// Adds to some rows of data states `^E` of an event `E` with values, each of them
    /// carried by the row's events or else held by the state (Language reference › Raised
    /// events); as `addRaises` does, only events after the row's own in the order events
    /// first appear, and without predicates, so that every chain of raised events ends.
    /// Where it adds `Report(x: Int)`, some entry and exit lists of states holding `x`
    /// raise it with their own value.
    private static func addRaisesCarryingStateValues(to machine: inout RandomMachine, random: inout SplitMix64) {
        var eventLabels = Dictionary(
            machine.eventValues.map { ($0.event, $0.labels) }, uniquingKeysWith: { first, _ in first })
        // The events with values mostly have rows that match predicates, which no raised
        // event can have: half the machines whose data states hold `x` get `Report(x: Int)`,
        // taken in every state by a row of each outermost state, `Report - vd(x)`.
        if machine.states.contains(where: { $0.values.contains("x") }), random.chance(50) {
            machine.eventValues.append((event: "Report", labels: ["x"]))
            eventLabels["Report"] = ["x"]
            for index in machine.states.indices where machine.states[index].superstates.isEmpty {
                machine.states[index].rows.append(
                    RandomRow(
                        events: ["Report"], predicates: [], conditions: [], next: nil, actions: ["vd(x)"],
                        isOverride: false, style: .plain))
            }
            // Some states holding `x` raise it from an entry or exit list, which carries the
            // state's own value. `Report`'s rows stay where they are, so nothing raises it
            // again, except `-` in `EntryExit: always`, which runs the lists: not there.
            if machine.entryExit != "always" {
                for index in machine.states.indices where machine.states[index].values.contains("x") {
                    guard random.chance(40) else { continue }
                    if random.chance(50) {
                        machine.states[index].entryActions.append("^Report")
                    } else {
                        machine.states[index].exitActions.append("^Report")
                    }
                }
            }
        }
        let rows = machine.states.flatMap(\.rows)
        var order: [String] = []
        for event in rows.flatMap(\.events) where !order.contains(event) { order.append(event) }
        let withPredicates = Set(rows.filter { !$0.predicates.isEmpty }.flatMap(\.events))
        let carrying = order.filter { eventLabels[$0] != nil && !withPredicates.contains($0) }
        guard !carrying.isEmpty else { return }
        for index in machine.states.indices where !machine.states[index].values.isEmpty {
            let own = machine.states[index].values
            for row in machine.states[index].rows.indices where random.chance(30) {
                let events = machine.states[index].rows[row].events
                guard !events.contains("always"), let last = events.compactMap({ order.firstIndex(of: $0) }).max()
                else { continue }
                let raisable = carrying.filter { event in
                    order.firstIndex(of: event)! > last
                        && eventLabels[event]!.allSatisfy { label in
                            events.allSatisfy { eventLabels[$0]?.contains(label) ?? false }
                                || (own.contains(label) && RandomMachine.valueTypes[label] == "Int")
                        }
                }
                guard !raisable.isEmpty else { continue }
                let actions = machine.states[index].rows[row].actions
                machine.states[index].rows[row].actions.insert(
                    "^" + random.element(of: raisable), at: random.below(actions.count + 1))
            }
        }
    }
}

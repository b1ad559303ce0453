import FSMCompiler
import FSMTestSupport

/// Makes random machines that `Compiler.check` accepts without errors: states, abstract and
/// concrete superstates with multiple and diamond inheritance, entry and exit actions, `-`
/// rows and `- - -`, all three EntryExit modes, predicates with ORs and ANDs, conditions,
/// overrides, multi-event rows, event and guard blocks, states written twice, and events
/// that carry values which actions and conditions take.
///
/// One machine in five has parallel states, drawn by `drawWithRegions` wholly from a random
/// stream of its own, so that the others are drawn as they were before regions existed.
///
/// Of the others, one in five has timers: `after(…)` rows in concrete states and superstates,
/// guarded by conditions (never predicates, which a timer fires without), `-` rows that
/// keep the timer running and rows back to their own state that restart it, and
/// `Isolation: MainActor`, which timers need.
///
/// Nearly half of them are statecharts: superstates nested three and more levels
/// deep, initial rows `- Substate actions` (to direct and to deeper substates), rows and
/// the `Initial:` header naming superstates with initial rows, and `History:` headers,
/// shallow and deep.
///
/// It draws a machine freely, then repairs it from the diagnostics: a row that an
/// inherited one makes illegal is moved into `override { }` (or out of it, when it has
/// nothing to override); a clashing or duplicate row, or a superstate that brings a
/// conflict, is removed; so is an initial row that names no substate, loops, comes second
/// or names an abstract state that cannot be entered, a row naming such a state, and a
/// `History:` header on a state without substates or initial row; an `Initial:` header
/// naming a state that cannot be entered names the first concrete state instead; and rows
/// that break the region checks as `drawWithRegions` says. The result is as random as the
/// draw, and always valid.
struct MachineGenerator {
    /// A valid machine, its text and its model.
    struct Output: Sendable {
        var machine: RandomMachine
        var rendered: RenderedMachine
        var model: StateMachine
        /// The seed that draws it again with `generate(seed:number:)`.
        var seed: UInt64
    }

    var random: SplitMix64
    /// Draws the timers: a stream of its own, so that machines without timers are drawn
    /// as they were before timers existed, and those with timers differ from them only
    /// by their `after(…)` rows.
    var timerRandom: SplitMix64
    let number: Int

    /// Which of a seed's derived streams draws the timers: none that draws events (1) or
    /// another attempt (1 to 20).
    static let timerStream = 100
    /// Which of them decides whether the machine has parallel states, and draws it if so.
    static let regionStream = 101
    /// Which of them decides whether a machine without parallel states has `in(…)` terms,
    /// and adds them if so.
    static let stateTestStream = 102
    /// Which of them decides whether the machine's actions and conditions take literal
    /// arguments, and adds them if so.
    static let literalStream = 103
    /// Which of them decides whether the machine has `always` rows, and draws them if so.
    static let alwaysStream = 104
    /// Which of them decides whether the machine's rows raise events, and adds them if so.
    static let raiseStream = 105
    /// Which of them decides whether the machine has data states, and adds them if so.
    static let dataStream = 106

    /// The machine for `seed`; names carry `number`, so that machines of one run can share
    /// a Swift module. Draws again, from a derived seed, in the rare case repairs fail or
    /// leave no event for the app to send.
    static func generate(seed: UInt64, number: Int) -> Output {
        var attemptSeed = seed
        for attempt in 0..<20 {
            var generator = MachineGenerator(
                random: SplitMix64(seed: attemptSeed),
                timerRandom: SplitMix64(seed: SplitMix64.derive(attemptSeed, timerStream)),
                number: number)
            // One machine in five has parallel states, drawn wholly from a stream of its own,
            // so that the others are drawn as they were before regions existed.
            var regionRandom = SplitMix64(seed: SplitMix64.derive(attemptSeed, regionStream))
            var draft: RandomMachine
            if regionRandom.chance(20) {
                generator.random = regionRandom
                draft = generator.drawWithRegions()
            } else {
                draft = generator.draw()
                // One in four of the others tests states in guards, from a stream of its own.
                var testRandom = SplitMix64(seed: SplitMix64.derive(attemptSeed, stateTestStream))
                if testRandom.chance(25) { addStateTests(to: &draft, random: &testRandom) }
            }
            // One in three passes literals, from a stream of its own.
            var literalRandom = SplitMix64(seed: SplitMix64.derive(attemptSeed, literalStream))
            if literalRandom.chance(33) { addLiterals(to: &draft, random: &literalRandom) }
            // One in three has `always` rows, from a stream of its own.
            var alwaysRandom = SplitMix64(seed: SplitMix64.derive(attemptSeed, alwaysStream))
            if alwaysRandom.chance(33) { addAlwaysRows(to: &draft, random: &alwaysRandom) }
            // One in four raises events, from a stream of its own.
            var raiseRandom = SplitMix64(seed: SplitMix64.derive(attemptSeed, raiseStream))
            if raiseRandom.chance(25) { addRaises(to: &draft, random: &raiseRandom) }
            // One in three without parallel states has data states, one in two with them, from a
            // stream of its own; last, so that every row that enters a data state is drawn and
            // gives its values.
            var dataRandom = SplitMix64(seed: SplitMix64.derive(attemptSeed, dataStream))
            if dataRandom.chance(draft.parallelStates.isEmpty ? 33 : 50) {
                addStateData(to: &draft, random: &dataRandom)
            }
            // A machine whose repairs removed every row of the app's events has none to run: draw again.
            if let output = repaired(draft, seed: seed), !output.model.appEvents.isEmpty { return output }
            attemptSeed = SplitMix64.derive(seed, attempt + 1)
        }
        preconditionFailure("MachineGenerator could not make a valid machine from seed \(seed)")
    }

    /// The machine after repairs, or nil when an error has no repair.
    /// Adds literal arguments: `li(-3)` among the actions of some rows, entry and exit lists
    /// and initial rows (which take literals but no labels), and `ql(2)` to the guards of
    /// some rows, so that calls of one condition with different literals are asked apart
    /// and their rows clash where both hold (the repairs resolve that).
    static func addLiterals(to machine: inout RandomMachine, random: inout SplitMix64) {
        func literal() -> String { "li(\(random.inRange(0...25) - 5))" }
        for state in machine.states.indices {
            if random.chance(25) { machine.states[state].entryActions.append(literal()) }
            if random.chance(25) { machine.states[state].exitActions.append(literal()) }
            for row in machine.states[state].initialRows.indices where random.chance(30) {
                machine.states[state].initialRows[row].actions.append(literal())
            }
            for row in machine.states[state].rows.indices {
                if random.chance(20) {
                    let actions = machine.states[state].rows[row].actions
                    machine.states[state].rows[row].actions.insert(literal(), at: random.below(actions.count + 1))
                }
                if random.chance(15) {
                    machine.states[state].rows[row].conditions.append(
                        (random.chance(30) ? "!" : "") + "ql(\(random.inRange(1...3)))")
                }
            }
        }
    }

    /// Adds `always` rows to some leaves: `always [ka] S5 al`, a decision `always [!kb] S5
    /// always S6`, or `always S5` alone, which the machine leaves at once. Each leads to a
    /// leaf declared later in the same region (or, without regions, anywhere later), so
    /// that every run of `always` steps ends: the state a region is in only moves forward.
    static func addAlwaysRows(to machine: inout RandomMachine, random: inout SplitMix64) {
        let superstates = Set(machine.states.flatMap(\.superstates))
        let parallels = Set(machine.parallelStates)
        /// The region holding `state`: its ancestor whose superstate is parallel, if any.
        func region(of state: RandomState) -> String? {
            var pending = state.superstates
            var seen: Set<String> = []
            var child = state.name
            while let next = pending.first {
                pending.removeFirst()
                guard seen.insert(next).inserted else { continue }
                if parallels.contains(next) { return child }
                child = next
                pending += machine.states.first { $0.name == next }?.superstates ?? []
            }
            return nil
        }
        let leaves = machine.states.indices.filter { index in
            let state = machine.states[index]
            return !state.isAbstract && state.initialRows.isEmpty && !superstates.contains(state.name)
                && !parallels.contains(state.name)
        }
        for (position, source) in leaves.enumerated() where random.chance(40) {
            let home = region(of: machine.states[source])
            let later = leaves[(position + 1)...].filter { region(of: machine.states[$0]) == home }
            guard !later.isEmpty else { continue }
            let target = random.element(of: later)
            func row(_ conditions: [String], to target: Int) -> RandomRow {
                RandomRow(
                    events: ["always"], predicates: [], conditions: conditions, next: machine.states[target].name,
                    actions: random.chance(50) ? ["al"] : [], isOverride: false, style: .plain)
            }
            switch random.below(5) {
            case 0, 1, 2:
                machine.states[source].rows.append(row([random.element(of: ["ka", "!ka", "kb"])], to: target))
            case 3:
                machine.states[source].rows.append(row(["!kb"], to: target))
                machine.states[source].rows.append(row([], to: random.element(of: later)))
            default:
                machine.states[source].rows.append(row([], to: target))
            }
        }
    }

    /// Adds `^E` to the actions of some rows of events (not `always` rows), where `E` is an
    /// event without values that no row matches with a predicate (a raised event has no
    /// predicate values) and that comes after each of the row's events in the order events
    /// first appear: so every chain of raised events ends, as every run of `always` steps
    /// does. Entry and exit lists raise only events whose every row stays in its state
    /// without leaving it (`-`, which exits and enters nothing outside `EntryExit: always`)
    /// and raises nothing: handling them enters and leaves no state, so raises no more.
    static func addRaises(to machine: inout RandomMachine, random: inout SplitMix64) {
        let rows = machine.states.flatMap(\.rows)
        var order: [String] = []
        for event in rows.flatMap(\.events) where !order.contains(event) { order.append(event) }
        let withValues = Set(machine.eventValues.map(\.event))
        let withPredicates = Set(rows.filter { !$0.predicates.isEmpty }.flatMap(\.events))
        let raisable = order.filter { event in
            event != "always" && !event.hasPrefix("after(") && !withValues.contains(event)
                && !withPredicates.contains(event)
        }
        guard !raisable.isEmpty else { return }
        for state in machine.states.indices {
            for row in machine.states[state].rows.indices where random.chance(25) {
                let events = machine.states[state].rows[row].events
                guard !events.contains("always"), let last = events.compactMap({ order.firstIndex(of: $0) }).max()
                else { continue }
                let later = raisable.filter { order.firstIndex(of: $0)! > last }
                guard !later.isEmpty else { continue }
                let actions = machine.states[state].rows[row].actions
                machine.states[state].rows[row].actions.insert(
                    "^" + random.element(of: later), at: random.below(actions.count + 1))
            }
        }
        guard machine.entryExit != "always" else { return }
        let rowsAfter = machine.states.flatMap(\.rows)
        let quiet = raisable.filter { event in
            rowsAfter.filter { $0.events.contains(event) }.allSatisfy { row in
                row.next == nil && row.forkTargets.isEmpty && !row.actions.contains { $0.hasPrefix("^") }
            }
        }
        guard !quiet.isEmpty else { return }
        for state in machine.states.indices {
            if random.chance(15) { machine.states[state].entryActions.append("^" + random.element(of: quiet)) }
            if random.chance(10) { machine.states[state].exitActions.append("^" + random.element(of: quiet)) }
        }
    }

    /// Adds `in(S)` or `!in(S)` terms, for any state `S`, to about a third of the rows of a
    /// machine without parallel states: there the state a row is taken in decides them, so
    /// that generated code tests nothing, and a row whose terms fail is dead in that state.
    static func addStateTests(to machine: inout RandomMachine, random: inout SplitMix64) {
        let names = machine.states.map(\.name)
        for state in machine.states.indices {
            for row in machine.states[state].rows.indices where random.chance(33) {
                let term = (random.chance(35) ? "!" : "") + "in(\(random.element(of: names)))"
                machine.states[state].rows[row].conditions.append(term)
            }
        }
    }

    static func repaired(_ draft: RandomMachine, seed: UInt64) -> Output? {
        var machine = draft
        for _ in 0..<50 {
            let rendered = machine.render()
            let result = Compiler.check(SourceFile(name: machine.fileName, text: rendered.text))
            if let model = result.machine {
                return Output(machine: machine, rendered: rendered, model: model, seed: seed)
            }
            // Every error is repaired at once, each element once; an error that is only the
            // consequence of another is then gone, or reported again on the next round.
            var repairs: [RandomMachineElement: Diagnostic] = [:]
            for error in result.diagnostics where error.severity == .error {
                guard let element = rendered.element(atLine: error.location.line, column: error.location.column) else {
                    return nil
                }
                if repairs[element] == nil { repairs[element] = error }
            }
            // Later rows and superstates first, so that removals keep earlier indices valid.
            for (element, error) in repairs.sorted(by: { $1.key.order.lexicographicallyPrecedes($0.key.order) }) {
                guard repair(&machine, error, at: element) else { return nil }
            }
        }
        return nil
    }

    private static func repair(_ machine: inout RandomMachine, _ error: Diagnostic, at element: RandomMachineElement)
        -> Bool
    {
        switch (error.id, element) {
        case (.missingOverride, .row(let state, let row)), (.overrideOutOfOrder, .row(let state, let row)):
            guard !machine.states[state].rows[row].isOverride else { return false }
            machine.states[state].rows[row].isOverride = true
        case (.nothingToOverride, .row(let state, let row)):
            guard machine.states[state].rows[row].isOverride else { return false }
            // `E4 | E5` where only E5 has a row to override: E4 goes, or the row would go in
            // and out of `override { }` for ever.
            let events = machine.states[state].rows[row].events
            if events.count > 1, let event = events.first(where: { error.message.contains("event '\($0)'") }) {
                machine.states[state].rows[row].events.removeAll { $0 == event }
            } else {
                machine.states[state].rows[row].isOverride = false
            }
        case (.duplicateTransition, .row(let state, let row)), (.transitionClash, .row(let state, let row)),
            (.implicitClash, .row(let state, let row)):
            machine.states[state].rows.remove(at: row)
            if let split = machine.states[state].splitAt, split > row { machine.states[state].splitAt = split - 1 }
        case (.superstateConflict, .superstate(let state, let position)):
            machine.states[state].superstates.remove(at: position)
        case (.initialNotSubstate, .initialRow(let state, let row)), (.initialCycle, .initialRow(let state, let row)),
            (.duplicateInitial, .initialRow(let state, let row)), (.abstractTarget, .initialRow(let state, let row)):
            machine.states[state].initialRows.remove(at: row)
        case (.abstractTarget, .row(let state, let row)):
            machine.states[state].rows.remove(at: row)
            if let split = machine.states[state].splitAt, split > row { machine.states[state].splitAt = split - 1 }
        case (.abstractTarget, .initialHeader):
            guard let concrete = machine.states.first(where: { !$0.isAbstract }), concrete.name != machine.initial
            else { return false }
            machine.initial = concrete.name
        case (.historyWithoutInitial, .history(let index)), (.historyWithoutSubstates, .history(let index)),
            (.duplicateHeader, .history(let index)):
            machine.histories.remove(at: index)
        case (.shallowHistoryAbstract, .history(let index)):
            // The check's remedy: deep history resumes the leaf, never the abstract substate.
            guard machine.histories[index].kind == "shallow" else { return false }
            machine.histories[index].kind = "deep"
        case (.crossRegionTransition, .row(let state, let row)):
            machine.states[state].rows.remove(at: row)
            if let split = machine.states[state].splitAt, split > row { machine.states[state].splitAt = split - 1 }
        case (.regionConflict, .row(let state, let row)):
            // The check's remedy: the row goes to the parallel state it leaves, where it
            // fires when no region takes the event.
            guard
                let (parallel, staysInside) = machine.parallelState(left: machine.states[state].rows[row], from: state)
            else { return false }
            let events = machine.states[state].rows[row].events
            if staysInside, let event = events.first(where: { error.message.contains("event '\($0)'") }) {
                // A row that names its parallel state leaves its region too; it gets an event
                // of its own (with the values of the one it had), so that the differential
                // test keeps drawing such rows in regions.
                let own = "\(event)x\(state)"
                if let values = machine.eventValues.first(where: { $0.event == event }),
                    !machine.eventValues.contains(where: { $0.event == own })
                {
                    machine.eventValues.append((own, values.labels))
                }
                machine.states[state].rows[row].events = events.map { $0 == event ? own : $0 }
                return true
            }
            var moved = machine.states[state].rows.remove(at: row)
            if let split = machine.states[state].splitAt, split > row { machine.states[state].splitAt = split - 1 }
            moved.isOverride = false
            machine.states[parallel].rows.append(moved)
        case (.invalidFork, .row(let state, let row)):
            guard !machine.states[state].rows[row].forkTargets.isEmpty else { return false }
            machine.states[state].rows[row].forkTargets = []
        case (.stateValue, _), (.stateData, _), (.unknownLabel, _), (.argumentMismatch, _),
            (.entryExitArguments, _):
            return repairStateData(&machine, at: element)
        default:
            return false
        }
        return true
    }

    // MARK: Drawing

    mutating func draw() -> RandomMachine {
        let entryExit = random.element(of: [nil, "always", "onChange"])
        let isStatechart = random.chance(50)
        var predicateTypes: [RandomPredicateType] = []
        for type in 0..<random.element(of: [0, 0, 1, 1, 2, 2, 3]) {
            let count = random.inRange(2...4)
            predicateTypes.append(RandomPredicateType(name: "P\(type)M\(number)", cases: (0..<count).map { "c\($0)" }))
        }
        let concreteCount = isStatechart ? random.inRange(3...8) : random.inRange(2...7)
        let abstractCount = isStatechart ? random.inRange(1...4) : random.element(of: [0, 1, 2, 3])
        // Abstract states come early, so that later states can adopt them; in a statechart,
        // anywhere in the first two thirds, so that chains mix abstract and concrete states.
        var kinds = Array(repeating: false, count: concreteCount)
        for _ in 0..<abstractCount {
            kinds.insert(true, at: random.below((isStatechart ? kinds.count * 2 / 3 : min(kinds.count, 2)) + 1))
        }
        var states: [RandomState] = []
        var concreteNames: [String] = []
        for (index, isAbstract) in kinds.enumerated() {
            let name = isAbstract ? "A\(index)" : "S\(index)"
            if !isAbstract { concreteNames.append(name) }
            states.append(
                RandomState(
                    name: name, isAbstract: isAbstract, superstates: [], entryActions: [], exitActions: [],
                    rows: [], splitAt: nil, repeatsActionsWhenSplit: false))
        }
        let events = (0..<random.inRange(1...6)).map { "E\($0)" }
        let eventValues = drawEventValues(events)
        let labelsOf = Dictionary(eventValues.map { ($0.event, $0.labels) }, uniquingKeysWith: { first, _ in first })
        let actions = (0..<random.inRange(2...8)).map { "a\($0)" }
        let conditions = (0..<random.element(of: [0, 0, 1, 2, 3])).map { "k\($0)" }
        for index in states.indices where index > 0 {
            states[index].superstates =
                isStatechart
                ? drawNestedSuperstates(of: index, in: states)
                : random.sample(random.element(of: [0, 0, 1, 1, 1, 2, 2, 3]), of: states[..<index].map(\.name))
                    .shuffledBy(&random)
        }
        var histories: [RandomHistory] = []
        var enterable = concreteNames
        if isStatechart {
            drawInitialRows(&states, actions: actions)
            let withInitialRow = states.filter { !$0.initialRows.isEmpty }.map(\.name)
            enterable += withInitialRow.filter { !concreteNames.contains($0) }
            for name in withInitialRow where random.chance(50) {
                histories.append(RandomHistory(state: name, kind: random.chance(50) ? "shallow" : "deep"))
            }
            // Now and then one the checks reject, for the repairs to remove.
            if random.chance(5) {
                histories.append(
                    RandomHistory(state: random.element(of: states).name, kind: random.chance(50) ? "shallow" : "deep"))
            }
            histories = histories.shuffledBy(&random)
        }
        let superstateTargets = enterable.filter { name in states.contains { $0.superstates.contains(name) } }
        for index in states.indices {
            let actionChance = isStatechart ? 45 : 35
            if random.chance(actionChance) {
                states[index].entryActions = random.sample(random.inRange(1...2), of: actions)
            }
            if random.chance(actionChance) {
                states[index].exitActions = random.sample(random.inRange(1...2), of: actions)
            }
            let rowCount = random.element(of: [0, 1, 2, 3, 4, 5, 6, 8])
            states[index].rows = (0..<rowCount).map { _ in
                // Statecharts' rows name superstates often, and now and then one that
                // cannot be entered, for the repairs to remove.
                let targets =
                    isStatechart && !superstateTargets.isEmpty && random.chance(35)
                    ? superstateTargets
                    : isStatechart && random.chance(2) ? states.map(\.name) : concreteNames
                return drawRow(
                    events: events, labels: labelsOf, actions: actions, conditions: conditions,
                    predicateTypes: predicateTypes, targets: targets)
            }
            if states[index].rows.count >= 2 && random.chance(15) {
                states[index].splitAt = random.inRange(1...(states[index].rows.count - 1))
                states[index].repeatsActionsWhenSplit = random.chance(50)
                states[index].initialRowsInSecondDefinition = random.chance(30)
            }
        }
        let initialWithRow = states.filter { !$0.initialRows.isEmpty }.map(\.name)
        let initial =
            !initialWithRow.isEmpty && random.chance(35)
            ? random.element(of: initialWithRow) : random.element(of: concreteNames)
        var isolation: String?
        if timerRandom.chance(20) {
            drawTimerRows(&states, targets: enterable, actions: actions, conditions: conditions)
            isolation = "MainActor"
        }
        return RandomMachine(
            number: number, entryExit: entryExit, isolation: isolation, predicateTypes: predicateTypes,
            eventValues: eventValues, states: states, initial: initial, histories: histories)
    }

    /// Some machines' events carry values, which actions and conditions take by label.
    mutating func drawEventValues(_ events: [String]) -> [(event: String, labels: [String])] {
        var eventValues: [(event: String, labels: [String])] = []
        if random.chance(40) {
            for event in events where random.chance(60) {
                let labels = RandomMachine.valueLabels.filter { _ in random.chance(60) }
                eventValues.append((event, labels.isEmpty ? [random.element(of: RandomMachine.valueLabels)] : labels))
            }
        }
        return eventValues
    }

    /// The durations of `after(…)` rows: few, so that a state and its superstate often wait
    /// as long (two timers); `1s` and `1000ms` are one duration.
    static let timerDurations = ["500ms", "1s", "1000ms", "2min"]

    /// `after(…)` rows, from `timerRandom`, for some states, concrete and abstract: one or
    /// two durations each, one or two rows per duration (the second is the first's "else"
    /// when the first has conditions), written among the state's other rows.
    private mutating func drawTimerRows(
        _ states: inout [RandomState], targets: [String], actions: [String],
        conditions: [String]
    ) {
        var owners = states.indices.filter { _ in timerRandom.chance(40) }
        if owners.isEmpty { owners = [timerRandom.below(states.count)] }
        for owner in owners {
            for duration in timerRandom.sample(timerRandom.element(of: [1, 1, 2]), of: Self.timerDurations) {
                let isGuarded = !conditions.isEmpty && timerRandom.chance(40)
                var rows = [
                    drawTimerRow(
                        duration, owner: states[owner].name, isGuarded: isGuarded, targets: targets,
                        actions: actions, conditions: conditions)
                ]
                if timerRandom.chance(35) {
                    rows.append(
                        drawTimerRow(
                            duration, owner: states[owner].name, isGuarded: !isGuarded && !conditions.isEmpty,
                            targets: targets, actions: actions, conditions: conditions))
                }
                for row in rows {
                    let position = timerRandom.below(states[owner].rows.count + 1)
                    states[owner].rows.insert(row, at: position)
                    if let split = states[owner].splitAt, position < split { states[owner].splitAt = split + 1 }
                }
            }
        }
    }

    /// An `after(duration)` row of `owner`: to `-` (the timer keeps running), back to `owner`
    /// (the timer restarts, when the transition leaves and enters it), or to another state.
    private mutating func drawTimerRow(
        _ duration: String, owner: String, isGuarded: Bool, targets: [String],
        actions: [String], conditions: [String]
    ) -> RandomRow {
        let rowConditions =
            isGuarded
            ? timerRandom.sample(timerRandom.inRange(1...2), of: conditions).map {
                timerRandom.chance(30) ? "!" + $0 : $0
            } : []
        let next: String? =
            timerRandom.chance(20)
            ? nil
            : targets.contains(owner) && timerRandom.chance(30) ? owner : timerRandom.element(of: targets)
        let style: RandomRow.Style =
            timerRandom.chance(70) ? .plain : timerRandom.chance(50) ? .eventBlock : .guardBlock
        return RandomRow(
            events: ["after(\(duration))"], predicates: [], conditions: rowConditions, next: next,
            actions: timerRandom.sample(timerRandom.element(of: [0, 1, 1, 2]), of: actions).shuffledBy(&timerRandom),
            isOverride: false, style: style)
    }

    /// The superstates of a statechart's state: mostly one of the few states declared just
    /// before it, so that chains `Leaf : A`, `A : B`, `B : C` grow deep; sometimes none (a
    /// root), sometimes a second or third (multiple inheritance).
    private mutating func drawNestedSuperstates(of index: Int, in states: [RandomState]) -> [String] {
        guard !random.chance(12) else { return [] }
        let earlier = states[..<index].map(\.name)
        var chosen = [
            random.chance(75) ? earlier[random.inRange(max(0, index - 3)...(index - 1))] : random.element(of: earlier)
        ]
        for _ in 0..<random.element(of: [0, 0, 0, 0, 0, 0, 1, 1, 1, 2]) {
            let other = random.element(of: earlier)
            if !chosen.contains(other) { chosen.append(other) }
        }
        return chosen.shuffledBy(&random)
    }

    /// Initial rows for the superstates of a statechart, deepest first, so that a row may
    /// name an abstract substate that has one of its own. Now and then a row the checks
    /// reject (naming no substate, or a second one), for the repairs to remove.
    private mutating func drawInitialRows(_ states: inout [RandomState], actions: [String]) {
        let indexOf = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.name, $0) })
        var directSubstates = Array(repeating: [Int](), count: states.count)
        for (index, state) in states.enumerated() {
            for superstate in state.superstates { directSubstates[indexOf[superstate]!].append(index) }
        }
        func substates(of state: Int) -> [Int] {
            var result: [Int] = []
            var pending = directSubstates[state]
            while let next = pending.popLast() {
                guard !result.contains(next) else { continue }
                result.append(next)
                pending += directSubstates[next]
            }
            return result.sorted()
        }
        let superstates = states.indices.reversed().filter { !substates(of: $0).isEmpty }
        // Most superstates have one; a statechart has at least one.
        var drawn = superstates.filter { random.chance(states[$0].isAbstract ? 80 : 50) }
        if drawn.isEmpty, !superstates.isEmpty { drawn = [random.element(of: superstates)] }
        for index in drawn {
            let all = substates(of: index)
            let enterable = all.filter { !states[$0].isAbstract || !states[$0].initialRows.isEmpty }
            let direct = directSubstates[index].filter(enterable.contains)
            let target: Int
            if random.chance(4) {
                target = random.below(states.count)
            } else if random.chance(3) || enterable.isEmpty {
                target = random.element(of: all)
            } else {
                target =
                    !direct.isEmpty && random.chance(65) ? random.element(of: direct) : random.element(of: enterable)
            }
            let rowActions = random.sample(random.element(of: [0, 0, 1, 1, 2]), of: actions).shuffledBy(&random)
            states[index].initialRows = [RandomInitialRow(target: states[target].name, actions: rowActions)]
            if random.chance(3) {
                states[index].initialRows.append(
                    RandomInitialRow(target: states[random.element(of: all)].name, actions: []))
            }
            states[index].initialRowPlacement = random.element(of: [.first, .first, .first, .afterRows, .last])
        }
    }

    mutating func drawRow(
        events: [String], labels labelsOf: [String: [String]], actions: [String],
        conditions: [String], predicateTypes: [RandomPredicateType], targets: [String]
    ) -> RandomRow {
        let rowEvents =
            random.chance(10) && events.count > 1 ? random.sample(2, of: events) : [random.element(of: events)]
        // The labels every event of the row carries: what its actions and conditions may take.
        let labels = RandomMachine.valueLabels.filter { label in
            rowEvents.allSatisfy { labelsOf[$0]?.contains(label) ?? false }
        }
        let ints = labels.filter { RandomMachine.valueTypes[$0] == "Int" }
        let strings = labels.filter { $0 == "s" }
        var predicates: [(type: String, cases: [String])] = []
        if !predicateTypes.isEmpty && random.chance(60) {
            for type in random.sample(random.inRange(1...predicateTypes.count), of: predicateTypes).shuffledBy(&random)
            {
                let count = random.chance(30) ? random.inRange(1...(type.cases.count - 1)) : 1
                predicates.append((type.name, random.sample(count, of: type.cases).shuffledBy(&random)))
            }
        }
        // Conditions, some negated (`!k0`), so that rows of several ranks decide by them.
        var rowConditions =
            !conditions.isEmpty && random.chance(30)
            ? random.sample(random.inRange(1...2), of: conditions).map { random.chance(30) ? "!" + $0 : $0 } : []
        // `q(x)` and `q(y)` are two calls of one condition, each asked with its own value.
        if !ints.isEmpty && random.chance(30) {
            rowConditions.append((random.chance(30) ? "!" : "") + "q(\(random.element(of: ints)))")
        }
        var rowActions = random.sample(random.element(of: [0, 0, 1, 1, 2, 3]), of: actions).shuffledBy(&random)
        if !ints.isEmpty && random.chance(40) {
            rowActions.insert("vi(\(random.element(of: ints)))", at: random.below(rowActions.count + 1))
        }
        if !strings.isEmpty && random.chance(30) { rowActions.append("vs(s)") }
        if !ints.isEmpty && !strings.isEmpty && random.chance(20) {
            rowActions.append("vis(\(random.element(of: ints)), s)")
        }
        let style: RandomRow.Style = random.chance(70) ? .plain : random.chance(50) ? .eventBlock : .guardBlock
        return RandomRow(
            events: rowEvents, predicates: predicates, conditions: rowConditions,
            next: random.chance(25) ? nil : random.element(of: targets),
            actions: rowActions, isOverride: false, style: style)
    }
}

extension RandomMachineElement {
    /// Orders elements so that removing later ones first keeps earlier indices valid.
    var order: [Int] {
        switch self {
        case .row(let state, let row): [state, 1, row]
        case .superstate(let state, let position): [state, 0, position]
        case .state(let state): [state, -1, 0]
        case .initialRow(let state, let row): [state, 2, row]
        case .history(let index): [-2, index]
        case .parallel(let index): [-4, index]
        case .stateHeader(let index): [-5, index]
        case .initialHeader: [-3]
        }
    }
}

extension Array {
    /// The elements in an order drawn from `random`.
    func shuffledBy(_ random: inout SplitMix64) -> [Element] {
        var result = self
        for index in result.indices.dropLast().reversed() {
            result.swapAt(index, index + random.below(result.count - index))
        }
        return result
    }
}

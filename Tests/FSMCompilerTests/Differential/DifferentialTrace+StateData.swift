import FSMCompiler
import FSMTestSupport

/// The lines of machines with data states (Language reference › State data). The
/// interpreter keeps values as text (`cv(cv(2, 7), 4)`); the driver's computing action
/// `cv(a, b)` returns `(a * 3 + b) % 1000`, so the trace evaluates the interpreter's texts
/// the same way before printing them: a state as its generated description prints it,
/// `S3(v: 13, w: 2)`, and calls with their arguments' values, `en(13)`, `cv(13,4)`.
extension DifferentialTrace {
    /// What the transitions of machines with data did with values.
    struct DataCounts: Sendable {
        /// Rows fired that left the machine in a data state, rows `-(…)` that rewrote values,
        /// and computing actions called.
        var transitionsToDataStates = 0
        var valueRewrites = 0
        var computingCalls = 0

        mutating func add(_ firings: [Interpreter.Firing], of machine: StateMachine) {
            for firing in firings {
                if firing.move.leaves.contains(where: { firing.values[$0] != nil }) { transitionsToDataStates += 1 }
                if firing.transition.namedTarget == nil && !firing.transition.givenValues.isEmpty { valueRewrites += 1 }
                let calls = DifferentialTrace.computingCalls(of: firing, of: machine)
                computingCalls += calls.row.count + calls.initialRows.count
            }
        }

        mutating func add(_ other: DataCounts) {
            transitionsToDataStates += other.transitionsToDataStates
            valueRewrites += other.valueRewrites
            computingCalls += other.computingCalls
        }
    }

    /// What the driver's computing action returns: not commutative, so that arguments
    /// passed in the wrong order show, and below 1,000, so that values never overflow.
    static func computed(_ first: Int, _ second: Int) -> Int { (first * 3 + second) % 1000 }

    /// The values a new machine's initializer is given, by label: `Int`s that differ per
    /// label (`String`s otherwise), in the order of `StateMachine.initialLabels`.
    static func initialValues(of machine: StateMachine) -> [(label: String, value: String)] {
        guard machine.hasStateData else { return [] }
        let types = Dictionary(
            machine.stateParameters.joined().map { ($0.label, $0.type) }, uniquingKeysWith: { first, _ in first })
        return machine.initialLabels.enumerated().map { index, label in
            (label, DifferentialStep.value(of: types[label] ?? "Int", 5 + 4 * index))
        }
    }

    /// The value of a text the interpreter keeps: an integer, or `cv(a, b)` of such texts,
    /// evaluated as the driver's `cv` does; any other text as it is.
    ///
    /// One pass over the text's bytes: a value rewritten on every event nests a call per
    /// rewrite (`cv(cv(cv(1, 2), 2), 2)`), and the trace evaluates it after each.
    static func evaluated(_ text: String) -> String {
        let trimmed = trimmingBlanks(text)
        if Int(trimmed) != nil { return trimmed }
        var reader = ValueReader(bytes: Array(trimmed.utf8))
        guard let value = reader.value(), reader.isAtEnd else { return trimmed }
        return String(value)
    }

    /// Reads an integer, or `cv(a, b)` of such values, from UTF-8 bytes.
    private struct ValueReader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool {
            mutating get {
                skipBlanks()
                return position == bytes.count
            }
        }

        mutating func value() -> Int? {
            skipBlanks()
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
            {
                return integer()
            }
            for byte in "cv(".utf8 {
                guard position < bytes.count, bytes[position] == byte else { return nil }
                position += 1
            }
            guard let first = value(), expect(UInt8(ascii: ",")), let second = value(), expect(UInt8(ascii: ")"))
            else { return nil }
            return DifferentialTrace.computed(first, second)
        }

        private mutating func integer() -> Int? {
            let start = position
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return Int(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        private mutating func expect(_ byte: UInt8) -> Bool {
            skipBlanks()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipBlanks() {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        }
    }

    /// A call as the driver logs it: `en(13)`, `cv(13,4)`, its arguments evaluated.
    static func callText(_ text: String) -> String {
        guard let call = splitCall(text) else { return text }
        return call.name + "(" + call.arguments.map(evaluated).joined(separator: ",") + ")"
    }

    /// `name(a, b(c, d))` as its name and its top-level arguments; nil for a name alone.
    private static func splitCall(_ text: String) -> (name: String, arguments: [String])? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        var arguments: [String] = []
        var current = ""
        var depth = 0
        for character in text[text.index(after: open)..<text.index(before: text.endIndex)] {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                arguments.append(trimmingBlanks(current))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(trimmingBlanks(current))
        return (String(text[..<open]), arguments)
    }

    private static func trimmingBlanks(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// `S3(v: 13, w: 2)` for a data state with the texts `values`; the name alone otherwise.
    static func stateText(_ state: StateID, values: [String]?, of machine: StateMachine) -> String {
        let parameters = machine.parameters(of: state)
        guard !parameters.isEmpty, let values else { return machine.states[state].name }
        return machine.states[state].name + "("
            + zip(parameters, values).map { "\($0.label): \(evaluated($1))" }.joined(separator: ", ") + ")"
    }

    /// The state a firing left the machine in, with its values.
    static func reachedText(_ firing: Interpreter.Firing, of machine: StateMachine) -> String {
        let leaf = firing.move.leaves[0]
        return stateText(leaf, values: firing.values[leaf], of: machine)
    }

    /// What a firing of a machine with data ran, as the driver logs it: the exit actions,
    /// the timers cancelled, the row's computing actions in the order its values are
    /// written, the row's actions, the initial rows' computing actions, entry and initial
    /// rows' actions, the timers started (Language reference › State data).
    static func dataEffects(of firing: Interpreter.Firing, of machine: StateMachine) -> [String] {
        var effects = zip(firing.effects, firing.callTexts).compactMap { call, text in
            call.action == nil ? nil : callText(text)
        }
        let exits = firing.effects.prefix(firing.exitCount).filter { $0.action != nil }.count
        let rowActions = firing.effects.dropFirst(firing.exitCount).prefix(firing.transition.actions.count)
            .filter { $0.action != nil }.count
        let cancelled = firing.cancelledTimers.map { "-" + machine.traceName(of: $0) }
        let computing = computingCalls(of: firing, of: machine)
        effects.insert(contentsOf: computing.initialRows, at: exits + rowActions)
        effects.insert(contentsOf: cancelled + computing.row, at: exits)
        return effects + firing.startedTimers.map { "+" + machine.traceName(of: $0) }
    }

    /// The computing actions a firing ran, with their arguments' values: read from the
    /// texts of the values they gave (`cv(2, 7)`), in the order the row writes them
    /// (`row`), or the initial row that named the state (`initialRows`); none for a state
    /// resumed by its history.
    static func computingCalls(of firing: Interpreter.Firing, of machine: StateMachine) -> (
        row: [String], initialRows: [String]
    ) {
        if machine.hasRegions { return configurationComputingCalls(of: firing, of: machine) }
        let transition = firing.transition
        let leaf = firing.move.leaves[0]
        guard let texts = firing.values[leaf] else { return ([], []) }
        let written: [StateValue]
        let byInitialRow: Bool
        if transition.namedTarget == nil {
            written = transition.givenValues.first { $0.state == firing.source }?.values ?? []
            byInitialRow = false
        } else if transition.namedTarget == leaf
            || (firing.move.entered.contains(leaf)
                && firing.move.initialRowsFollowed.contains { machine.states[$0].initialSubstate == leaf })
        {
            written = machine.enteringValues(
                of: leaf, by: transition, followingInitialRowsOf: firing.move.initialRowsFollowed.sorted())
            byInitialRow = transition.namedTarget != leaf
        } else {
            return ([], [])
        }
        let labels = machine.parameters(of: leaf).map(\.label)
        let calls = written.compactMap { value -> String? in
            guard case .computed = value.source, let index = labels.firstIndex(of: value.label) else { return nil }
            return callText(texts[index])
        }
        return byInitialRow ? ([], calls) : (calls, [])
    }

    /// The computing actions a firing in a machine with regions ran, with their arguments'
    /// values: for a `-(…)` row, those of its rewrite; else those of the values written for
    /// the states the row names (the first, then each of a fork's, as written), then, after
    /// the row's actions, for the data states entered by the initial rows that name them,
    /// in configuration order.
    static func configurationComputingCalls(of firing: Interpreter.Firing, of machine: StateMachine) -> (
        row: [String], initialRows: [String]
    ) {
        let transition = firing.transition
        func calls(_ written: [StateValue], of state: StateID) -> [String] {
            guard let texts = firing.values[state] else { return [] }
            let labels = machine.parameters(of: state).map(\.label)
            return written.compactMap { value in
                guard case .computed = value.source, let index = labels.firstIndex(of: value.label) else { return nil }
                return callText(texts[index])
            }
        }
        guard let named = transition.namedTarget else {
            return (
                calls(transition.givenValues.first { $0.state == firing.source }?.values ?? [], of: firing.source), []
            )
        }
        let move = firing.move
        let followed = move.initialRowsFollowed.sorted()
        let targets = [named] + transition.forkTargets
        let byInitialRows = move.leaves.filter { leaf in
            !targets.contains(leaf) && move.entered.contains(leaf)
                && move.initialRowsFollowed.contains { machine.states[$0].initialSubstate == leaf }
        }
        let written = { (leaf: StateID) in
            calls(machine.enteringValues(of: leaf, by: transition, followingInitialRowsOf: followed), of: leaf)
        }
        return (targets.filter(move.leaves.contains).flatMap(written), byInitialRows.flatMap(written))
    }

    /// A configuration as its generated description prints it, each data state with the
    /// values `values` holds for it, evaluated: `Media(S3(v: 13, w: 2), S5)`.
    static func configurationText(
        _ leaves: [StateID], values: [StateID: [String]], chart: Statechart, of machine: StateMachine
    ) -> String {
        guard machine.hasStateData else { return chart.describe(leaves) }
        return chart.describe(chart.topNode(of: leaves), leaves: leaves) { state in
            stateText(state, values: values[state], of: machine)
        }
    }

    /// What the labels of the conditions a step asks name in a machine with regions, beside
    /// the event's values: the values of the active data states whose own rows ask a
    /// condition with their values (the generator draws one such state per machine).
    static func askingScope(_ leaves: [StateID], values: [StateID: [String]], of machine: StateMachine)
        -> [String: String]
    {
        var scope: [String: String] = [:]
        for leaf in leaves where values[leaf] != nil {
            let labels = Set(machine.parameters(of: leaf).map(\.label))
            let asks = machine.states[leaf].transitions.contains { row in
                let eventLabels = Set(machine.eventParameters[row.event].map(\.label))
                return row.guardClause.conditions.contains { term in
                    term.arguments.contains { argument in
                        argument.label.map { labels.contains($0) && !eventLabels.contains($0) } ?? false
                    }
                }
            }
            if asks { scope.merge(stateScope(leaf, values: values[leaf], of: machine)) { first, _ in first } }
        }
        return scope
    }

    /// What a label names in a machine with data, beside the event's values: the values of
    /// `state`, evaluated.
    static func stateScope(_ state: StateID, values: [String]?, of machine: StateMachine) -> [String: String] {
        guard let values else { return [:] }
        return Dictionary(
            zip(machine.parameters(of: state).map(\.label), values.map(evaluated)),
            uniquingKeysWith: { first, _ in first })
    }
}

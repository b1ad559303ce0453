/// The rows a record of a machine's trace hook shows taken (FSMRuntime's `TraceRecord`:
/// per event, the configuration it arrived in, the event, and `-> Target`, `rejected` or
/// `unhandled`): `fsmc coverage` (Commands › fsmc coverage).
///
/// The trace does not say which predicate values and condition answers a step had, nor
/// the histories stored, so each line is explained by the `Interpreter`: every run that
/// could have been in that configuration (the runs the lines before it leave, and a new
/// or restored machine there) tries every choice of values and answers, and a row counts
/// as taken when some choice that ends as the line says fires it. Two rows of one state and
/// event that lead to the same configuration cannot be told apart: both count.
package struct TraceCoverage: Sendable {
    package let machine: StateMachine
    package let rows: TableRows
    private let chart: Statechart
    package private(set) var taken = Set<TableRows.ID>()
    /// How many lines were read.
    package private(set) var lineCount = 0
    /// The runs the lines so far leave, each once.
    private var runs: [StateSpace.NodeKey: Interpreter] = [:]

    /// A line that is not a trace line of this machine, and where (1-based).
    package struct Failure: Error, Hashable, Sendable {
        package var line: Int
        package var column: Int
        package var message: String

        package init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    package init(_ machine: StateMachine) {
        self.machine = machine
        rows = TableRows(machine)
        chart = Statechart(machine)
    }

    /// The rows never taken, in table order, as `fsmc table` prints them.
    package var untakenLines: [String] {
        rows.lines.indices.filter { !taken.contains($0) }.map { rows.lines[$0] }
    }

    /// Reads the lines of a record; blank lines and lines starting with `#` are skipped.
    package mutating func read(_ text: String, firstLine: Int = 1) throws(Failure) {
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            try read(line: String(line), number: firstLine + offset)
            lineCount += 1
        }
    }

    private mutating func read(line: String, number: Int) throws(Failure) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3 else {
            throw Failure(
                line: number, column: 1,
                message:
                    "expected a configuration, an event and an outcome separated by tabs, as TraceRecord writes them")
        }
        if fields[2] == "queued" { return }
        let leaves = try configuration(fields[0], line: number, column: 1)
        let event = try event(fields[1], line: number, column: fields[0].utf8.count + 2)
        let outcomeColumn = fields[0].utf8.count + fields[1].utf8.count + 3
        guard fields[2] == "rejected" || fields[2] == "unhandled" || fields[2].hasPrefix("-> ") else {
            throw Failure(
                line: number, column: outcomeColumn,
                message: "expected '-> State', 'rejected' or 'unhandled', found '\(fields[2])'")
        }
        var candidates = runs.values.filter { $0.leaves == leaves }
        let fresh: Interpreter
        do throws(Interpreter.RestoreError) {
            fresh = try Interpreter(machine, leaves: leaves)
        } catch {
            throw Failure(line: number, column: 1, message: "'\(fields[0])' is not a configuration: \(error.message)")
        }
        if !candidates.contains(where: { StateSpace.NodeKey($0) == StateSpace.NodeKey(fresh) }) {
            candidates.append(fresh)
        }
        var next: [StateSpace.NodeKey: Interpreter] = [:]
        for run in candidates {
            Choices.forEach(of: event, in: run, active: run.activeStates) { _, after, step in
                guard ends(step, after, as: fields[2]) else { return }
                next[StateSpace.NodeKey(after)] = after
                taken.formUnion(step.allFirings.map { rows.id(of: $0) })
            }
        }
        guard !next.isEmpty else {
            throw Failure(
                line: number, column: outcomeColumn,
                message:
                    "'\(machine.name.name)' cannot do this: '\(fields[1])' in \(fields[0]) is never '\(fields[2])', whatever the values and answers"
            )
        }
        runs = next
    }

    /// Whether the event's own rows end as the line says: the trace hook sees the event's
    /// outcome, before the `always` rows taken after it.
    private func ends(_ step: Interpreter.Step, _ after: Interpreter, as outcome: String) -> Bool {
        switch step.outcome {
        case .transitioned(let firings): outcome == "-> " + chart.describe(firings.last?.move.leaves ?? after.leaves)
        case .rejected: outcome == "rejected"
        case .unhandled: outcome == "unhandled"
        }
    }

    /// The leaves of `Locked` or `Media(Playing, Muted)`: the names not followed by `(`.
    private func configuration(_ text: String, line: Int, column: Int) throws(Failure) -> [StateID] {
        var leaves: [StateID] = []
        var name = ""
        for character in text + "," {
            if character == "(" {
                name = ""
            } else if character == "," || character == ")" || character == " " {
                if !name.isEmpty {
                    guard let state = machine.states.firstIndex(where: { $0.name == name }) else {
                        throw Failure(line: line, column: column, message: "unknown state '\(name)' in '\(text)'")
                    }
                    leaves.append(state)
                }
                name = ""
            } else {
                name.append(character)
            }
        }
        let ordered = chart.ordered(leaves)
        guard !ordered.isEmpty, Set(ordered).count == ordered.count, chart.describe(ordered) == text else {
            throw Failure(
                line: line, column: column, message: "'\(text)' is not a configuration of '\(machine.name.name)'")
        }
        return ordered
    }

    /// The event of `Coin`, `Loaded(duration: 3.0)`, or a timer, `Buffering after(30s)`.
    private func event(_ text: String, line: Int, column: Int) throws(Failure) -> EventID {
        if let timer = machine.timerEvents.first(where: { machine.timerName(of: $0) == text }) { return timer }
        let name = String(text.prefix { $0 != "(" })
        guard let event = machine.appEvents.first(where: { machine.events[$0].name == name }) else {
            throw Failure(line: line, column: column, message: "unknown event '\(text)'")
        }
        return event
    }
}

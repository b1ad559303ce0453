import FSMTestSupport

/// A machine made by `MachineGenerator`, in terms that render to `.sm` text and that the
/// generator can repair: each row and superstate reference can be found again from the
/// location of a diagnostic.
struct RandomMachine: Sendable {
    /// Names are unique per machine number, so that many machines share one Swift module.
    var number: Int
    /// `always`, `onChange`, or nil for the default (UML).
    var entryExit: String?
    /// `MainActor` for a machine with `after(…)` rows, which need an isolation; else nil.
    var isolation: String? = nil
    var predicateTypes: [RandomPredicateType]
    /// The events that carry values, with their labels, each of the type `valueTypes` gives.
    var eventValues: [(event: String, labels: [String])] = []
    var states: [RandomState]
    /// The `Initial:` state: concrete, or a superstate with an initial row.
    var initial: String
    /// `History:` headers, in the order written.
    var histories: [RandomHistory] = []
    /// `Parallel:` headers, in the order written: states whose direct substates are regions.
    var parallelStates: [String] = []
    /// Whether its data states' values are `Hashable Sendable Codable` (`StateData:`), which
    /// the driver needs to compare states and snapshots: written when some state holds values.
    var hasStateData: Bool { states.contains { !$0.values.isEmpty } }

    var fsmName: String { "M\(number)" }

    /// The labels events may carry, each with one type, so that the events of a multi-event
    /// row agree on the types of the labels they share.
    static let valueTypes = ["x": "Int", "s": "String", "y": "Int"]
    static let valueLabels = ["x", "s", "y"]
    /// The computing action of data states' values, whose driver returns `a * 3 + b` (modulo
    /// 1,000), so that its arguments' order matters and values stay small.
    static let computingAction = "Action: cv(_ a: Int, _ b: Int) -> Int"
    var fileName: String { "\(fsmName).sm" }
}

/// `History: state = kind`.
struct RandomHistory: Sendable {
    var state: String
    /// `shallow` or `deep`.
    var kind: String
}

/// An initial row `- Target actions` in a superstate's body.
struct RandomInitialRow: Sendable {
    var target: String
    /// Plain actions, and `vd(…)` of a label of the row that enters the superstate.
    var actions: [String]
    /// The values it writes for a data state it names (`- S3(v: 2) -`), in the order written.
    var values: [RandomValue] = []
}

/// A value a row writes for a data state: `v: 2`, `v: x`, `v: cv(v, 1)`.
struct RandomValue: Sendable, Hashable {
    var label: String
    var text: String
}

struct RandomPredicateType: Sendable {
    var name: String
    var cases: [String]
}

struct RandomState: Sendable {
    var name: String
    var isAbstract: Bool
    /// Names of states declared earlier, so that superstates never form a cycle.
    var superstates: [String]
    var entryActions: [String]
    var exitActions: [String]
    var rows: [RandomRow]
    /// Rows from this index on are written in a second definition of the state, at the
    /// end of the body; nil writes the state once.
    var splitAt: Int?
    /// Whether the second definition repeats the entry and exit lists (allowed when exact).
    var repeatsActionsWhenSplit: Bool
    /// Its initial rows: one in a valid machine (a second one is a `duplicateInitial` the
    /// repairs remove).
    var initialRows: [RandomInitialRow] = []
    /// Where the initial rows are written among the rows of their definition.
    var initialRowPlacement: InitialRowPlacement = .first
    /// Whether the initial rows are written in the second definition, when the state is
    /// written twice.
    var initialRowsInSecondDefinition = false
    /// The labels of the `Int` values it holds (`State: S3(v: Int, w: Int)`); none for a
    /// state without data.
    var values: [String] = []

    enum InitialRowPlacement: Sendable {
        /// Before the rows; alone, on the state's line: `(P) : Q - Sub act`.
        case first
        /// After the plain rows, before `override { }`.
        case afterRows
        /// After `override { }`.
        case last
    }
}

struct RandomRow: Sendable {
    enum Style: Sendable {
        /// `E [guard] Next action`, or `E1 | E2 …` for several events.
        case plain
        /// Consecutive rows of one event share `E { [guard] Next action … }`.
        case eventBlock
        /// The first guard term is written as `[term] { E [rest] Next action }`.
        case guardBlock
    }

    /// Event names, or `after(1s)`: the timer of the state whose body holds the row.
    var events: [String]
    var predicates: [(type: String, cases: [String])]
    /// Conditions (`k0`, `!k0`, `q(x)`) and state tests (`in(S3)`, `!in(S3)`), as written.
    var conditions: [String]
    /// nil is `-`: stay in the state that handles the event.
    var next: String?
    /// The other states of a fork `next & …`, each in another region of one parallel state.
    var forkTargets: [String] = []
    var actions: [String]
    var isOverride: Bool
    var style: Style
    /// The values it writes: for the data state it names (`S3(v: 2)`), or, for `-`, those it
    /// rewrites of the state that takes it (`-(v: cv(v, 1))`); none written when empty.
    var values: [RandomValue] = []
    /// The values it writes for each of `forkTargets` (`S3(v: 2) & S7(w: 1)`), when some
    /// are data states; empty, or one list per fork target.
    var forkValues: [[RandomValue]] = []
}

/// What a place in the rendered text stands for.
enum RandomMachineElement: Hashable, Sendable {
    case row(state: Int, row: Int)
    case superstate(state: Int, position: Int)
    case state(Int)
    case initialRow(state: Int, row: Int)
    /// The `History:` header at this index of `histories`.
    case history(Int)
    /// The `Parallel:` header at this index of `parallelStates`.
    case parallel(Int)
    /// The `State:` header of the state at this index.
    case stateHeader(Int)
    /// The `Initial:` header.
    case initialHeader
}

/// The `.sm` text of a `RandomMachine`, and which element starts where.
struct RenderedMachine: Sendable {
    var text: String
    /// Per line (index 0 is line 1): the elements that start on it, with their columns.
    var elements: [[(column: Int, element: RandomMachineElement)]]

    /// The element a diagnostic at `line`:`column` is about: the last one that starts at
    /// or before the column.
    func element(atLine line: Int, column: Int) -> RandomMachineElement? {
        guard line >= 1, line <= elements.count else { return nil }
        return elements[line - 1].last { $0.column <= column }?.element
            ?? elements[line - 1].first?.element
    }
}

extension RandomMachine {
    /// One row per line, blocks opened and closed on lines of their own.
    func render() -> RenderedMachine {
        var writer = LineWriter()
        writer.line("FSM: \(fsmName)")
        writer.startLine(indent: 0)
        writer.append("Initial: ")
        writer.append(initial, element: .initialHeader)
        writer.endLine()
        if let entryExit { writer.line("EntryExit: \(entryExit)") }
        if let isolation { writer.line("Isolation: \(isolation)") }
        for (index, parallel) in parallelStates.enumerated() {
            writer.startLine(indent: 0)
            writer.append("Parallel: ")
            writer.append(parallel, element: .parallel(index))
            writer.endLine()
        }
        for (index, history) in histories.enumerated() {
            writer.startLine(indent: 0)
            writer.append("History: ")
            writer.append("\(history.state) = \(history.kind)", element: .history(index))
            writer.endLine()
        }
        for type in predicateTypes {
            writer.line("Predicate: \(type.name) = \(type.cases.joined(separator: " | "))")
        }
        for (index, state) in states.enumerated() where !state.values.isEmpty {
            writer.startLine(indent: 0)
            writer.append("State: ")
            writer.append(
                state.name + "(" + state.values.map { "\($0): Int" }.joined(separator: ", ") + ")",
                element: .stateHeader(index))
            writer.endLine()
        }
        if hasStateData { writer.line("StateData: Hashable Sendable Codable") }
        if usesComputingAction { writer.line(Self.computingAction) }
        for (event, labels) in eventValues {
            writer.line(
                "Event: \(event)(" + labels.map { "\($0): \(Self.valueTypes[$0]!)" }.joined(separator: ", ") + ")")
        }
        writer.line("{")
        var secondDefinitions: [Int] = []
        for index in states.indices {
            renderDefinition(
                index, rows: states[index].rows.indices.prefix(states[index].splitAt ?? states[index].rows.count),
                isFirst: true, into: &writer)
            if states[index].splitAt != nil { secondDefinitions.append(index) }
        }
        for index in secondDefinitions {
            renderDefinition(
                index, rows: states[index].rows.indices.dropFirst(states[index].splitAt!), isFirst: false,
                into: &writer)
        }
        writer.line("}")
        return RenderedMachine(text: writer.text, elements: writer.elements)
    }

    private func renderDefinition(_ index: Int, rows: Range<Int>, isFirst: Bool, into writer: inout LineWriter) {
        let state = states[index]
        writer.startLine(indent: 1)
        writer.append(state.isAbstract ? "(\(state.name))" : state.name, element: .state(index))
        if isFirst {
            for (position, superstate) in state.superstates.enumerated() {
                writer.append(" : ")
                writer.append(superstate, element: .superstate(state: index, position: position))
            }
        }
        if isFirst || state.repeatsActionsWhenSplit {
            if !state.entryActions.isEmpty { writer.append(" <" + Self.actionList(state.entryActions)) }
            if !state.exitActions.isEmpty { writer.append(" >" + Self.actionList(state.exitActions)) }
        }
        let plain = rows.filter { !state.rows[$0].isOverride }
        let overrides = rows.filter { state.rows[$0].isOverride }
        let initialRows =
            isFirst == (state.initialRowsInSecondDefinition && state.splitAt != nil)
            ? [] : Array(state.initialRows.indices)
        if rows.isEmpty && initialRows.isEmpty {
            writer.append(" - - -")
            writer.endLine()
            return
        }
        if initialRows.isEmpty, overrides.isEmpty, plain.count == 1, state.rows[plain[0]].style == .plain {
            writer.append(" ")
            renderRowText(
                state.rows[plain[0]], element: .row(state: index, row: plain[0]), withEvent: true, into: &writer)
            writer.endLine()
            return
        }
        // A lone initial row may be written on the state's line: `(P) : Q - Sub act`.
        if rows.isEmpty, initialRows.count == 1, state.initialRowPlacement == .first {
            writer.append(" ")
            renderInitialRow(state.initialRows[0], element: .initialRow(state: index, row: 0), into: &writer)
            writer.endLine()
            return
        }
        writer.append(" {")
        writer.endLine()
        func writeInitialRows(at placement: RandomState.InitialRowPlacement) {
            guard state.initialRowPlacement == placement else { return }
            for row in initialRows {
                writer.startLine(indent: 2)
                renderInitialRow(state.initialRows[row], element: .initialRow(state: index, row: row), into: &writer)
                writer.endLine()
            }
        }
        writeInitialRows(at: .first)
        renderRows(plain, of: index, depth: 2, into: &writer)
        writeInitialRows(at: .afterRows)
        if !overrides.isEmpty {
            writer.line("override {", indent: 2)
            renderRows(overrides, of: index, depth: 3, into: &writer)
            writer.line("}", indent: 2)
        }
        writeInitialRows(at: .last)
        writer.line("}", indent: 1)
    }

    private func renderInitialRow(_ row: RandomInitialRow, element: RandomMachineElement, into writer: inout LineWriter)
    {
        writer.append(
            "- \(row.target)\(Self.valuesText(row.values)) "
                + (row.actions.isEmpty ? "-" : Self.actionList(row.actions)),
            element: element)
    }

    /// `(v: 2, w: cv(v, x))`, or "" for no values.
    private static func valuesText(_ values: [RandomValue]) -> String {
        values.isEmpty ? "" : "(" + values.map { "\($0.label): \($0.text)" }.joined(separator: ", ") + ")"
    }

    /// Whether some row writes a value with the computing action, which is then declared.
    private var usesComputingAction: Bool {
        states.contains { state in
            (state.rows.flatMap(\.values) + state.rows.flatMap(\.forkValues).joined()
                + state.initialRows.flatMap(\.values)).contains { $0.text.hasPrefix("cv(") }
        }
    }

    private func renderRows(_ indices: [Int], of state: Int, depth: Int, into writer: inout LineWriter) {
        let rows = states[state].rows
        var position = 0
        while position < indices.count {
            let row = rows[indices[position]]
            switch row.style {
            case .eventBlock where row.events.count == 1:
                var end = position + 1
                while end < indices.count, rows[indices[end]].style == .eventBlock,
                    rows[indices[end]].events == row.events
                {
                    end += 1
                }
                writer.line("\(row.events[0]) {", indent: depth)
                for member in indices[position..<end] {
                    writer.startLine(indent: depth + 1)
                    renderRowText(
                        rows[member], element: .row(state: state, row: member), withEvent: false, into: &writer)
                    writer.endLine()
                }
                writer.line("}", indent: depth)
                position = end
                continue
            case .guardBlock where !row.predicates.isEmpty || !row.conditions.isEmpty:
                var inner = row
                let outer: String
                if let first = row.predicates.first {
                    outer = Self.termText(first)
                    inner.predicates.removeFirst()
                } else {
                    outer = row.conditions[0]
                    inner.conditions.removeFirst()
                }
                writer.line("[\(outer)] {", indent: depth)
                writer.startLine(indent: depth + 1)
                renderRowText(
                    inner, element: .row(state: state, row: indices[position]), withEvent: true, into: &writer)
                writer.endLine()
                writer.line("}", indent: depth)
            default:
                writer.startLine(indent: depth)
                renderRowText(row, element: .row(state: state, row: indices[position]), withEvent: true, into: &writer)
                writer.endLine()
            }
            position += 1
        }
    }

    private func renderRowText(
        _ row: RandomRow, element: RandomMachineElement, withEvent: Bool,
        into writer: inout LineWriter
    ) {
        var parts: [String] = []
        if withEvent { parts.append(row.events.joined(separator: " | ")) }
        let terms = row.predicates.map(Self.termText) + row.conditions
        if !terms.isEmpty { parts.append("[" + terms.joined(separator: ", ") + "]") }
        let forkTexts = row.forkTargets.enumerated().map { index, target in
            target + Self.valuesText(index < row.forkValues.count ? row.forkValues[index] : [])
        }
        parts.append(
            (row.next.map { ([$0 + Self.valuesText(row.values)] + forkTexts).joined(separator: " & ") }
                ?? "-" + Self.valuesText(row.values)))
        parts.append(row.actions.isEmpty ? "-" : Self.actionList(row.actions))
        writer.append(parts.joined(separator: " "), element: element)
    }

    private static func termText(_ term: (type: String, cases: [String])) -> String {
        "\(term.type) = \(term.cases.joined(separator: " | "))"
    }

    private static func actionList(_ actions: [String]) -> String {
        actions.count == 1 ? actions[0] : "{" + actions.joined(separator: " ") + "}"
    }
}

/// Text written line by line, remembering the column where each element starts.
private struct LineWriter {
    private(set) var text = ""
    private(set) var elements: [[(column: Int, element: RandomMachineElement)]] = []
    private var current = ""
    private var currentElements: [(column: Int, element: RandomMachineElement)] = []

    mutating func line(_ content: String, indent: Int = 0) {
        startLine(indent: indent)
        append(content)
        endLine()
    }

    mutating func startLine(indent: Int) {
        current = String(repeating: "  ", count: indent)
        currentElements = []
    }

    mutating func append(_ content: String, element: RandomMachineElement? = nil) {
        if let element { currentElements.append((current.utf8.count + 1, element)) }
        current += content
    }

    mutating func endLine() {
        text += current + "\n"
        elements.append(currentElements)
    }
}

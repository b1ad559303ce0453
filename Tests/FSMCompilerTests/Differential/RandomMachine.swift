import FSMTestSupport
/// A machine made by `MachineGenerator`, in terms that render to `.sm` text and that the
/// generator can repair: each row and superstate reference can be found again from the
/// location of a diagnostic.
struct RandomMachine: Sendable {
    /// Names are unique per machine number, so that many machines share one Swift module.
    var number: Int
    /// `always`, `onChange`, or nil for the default (UML).
    var entryExit: String?
    var predicateTypes: [RandomPredicateType]
    /// The events that carry values, with their labels, each of the type `valueTypes` gives.
    var eventValues: [(event: String, labels: [String])] = []
    var states: [RandomState]
    var initial: String

    var fsmName: String { "M\(number)" }

    /// The labels events may carry, each with one type, so that the events of a multi-event
    /// row agree on the types of the labels they share.
    static let valueTypes = ["x": "Int", "s": "String", "y": "Int"]
    static let valueLabels = ["x", "s", "y"]
    var fileName: String { "\(fsmName).sm" }
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

    var events: [String]
    var predicates: [(type: String, cases: [String])]
    var conditions: [String]
    /// nil is `-`: stay in the state that handles the event.
    var next: String?
    var actions: [String]
    var isOverride: Bool
    var style: Style
}

/// What a place in the rendered text stands for.
enum RandomMachineElement: Hashable, Sendable {
    case row(state: Int, row: Int)
    case superstate(state: Int, position: Int)
    case state(Int)
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
        writer.line("Initial: \(initial)")
        if let entryExit { writer.line("EntryExit: \(entryExit)") }
        for type in predicateTypes {
            writer.line("Predicate: \(type.name) = \(type.cases.joined(separator: " | "))")
        }
        for (event, labels) in eventValues {
            writer.line("Event: \(event)(" + labels.map { "\($0): \(Self.valueTypes[$0]!)" }.joined(separator: ", ") + ")")
        }
        writer.line("{")
        var secondDefinitions: [Int] = []
        for index in states.indices {
            renderDefinition(index, rows: states[index].rows.indices.prefix(states[index].splitAt ?? states[index].rows.count),
                             isFirst: true, into: &writer)
            if states[index].splitAt != nil { secondDefinitions.append(index) }
        }
        for index in secondDefinitions {
            renderDefinition(index, rows: states[index].rows.indices.dropFirst(states[index].splitAt!), isFirst: false,
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
        if rows.isEmpty {
            writer.append(" - - -")
            writer.endLine()
            return
        }
        if overrides.isEmpty, plain.count == 1, state.rows[plain[0]].style == .plain {
            writer.append(" ")
            renderRowText(state.rows[plain[0]], element: .row(state: index, row: plain[0]), withEvent: true, into: &writer)
            writer.endLine()
            return
        }
        writer.append(" {")
        writer.endLine()
        renderRows(plain, of: index, depth: 2, into: &writer)
        if !overrides.isEmpty {
            writer.line("override {", indent: 2)
            renderRows(overrides, of: index, depth: 3, into: &writer)
            writer.line("}", indent: 2)
        }
        writer.line("}", indent: 1)
    }

    private func renderRows(_ indices: [Int], of state: Int, depth: Int, into writer: inout LineWriter) {
        let rows = states[state].rows
        var position = 0
        while position < indices.count {
            let row = rows[indices[position]]
            switch row.style {
            case .eventBlock where row.events.count == 1:
                var end = position + 1
                while end < indices.count, rows[indices[end]].style == .eventBlock, rows[indices[end]].events == row.events {
                    end += 1
                }
                writer.line("\(row.events[0]) {", indent: depth)
                for member in indices[position..<end] {
                    writer.startLine(indent: depth + 1)
                    renderRowText(rows[member], element: .row(state: state, row: member), withEvent: false, into: &writer)
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
                renderRowText(inner, element: .row(state: state, row: indices[position]), withEvent: true, into: &writer)
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

    private func renderRowText(_ row: RandomRow, element: RandomMachineElement, withEvent: Bool,
                               into writer: inout LineWriter) {
        var parts: [String] = []
        if withEvent { parts.append(row.events.joined(separator: " | ")) }
        let terms = row.predicates.map(Self.termText) + row.conditions
        if !terms.isEmpty { parts.append("[" + terms.joined(separator: ", ") + "]") }
        parts.append(row.next ?? "-")
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

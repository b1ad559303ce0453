/// Writes a diagram layout as a Mermaid `stateDiagram-v2`.
///
/// - Boxes become composite states (`state Resetable { … }`) that hold only the
///   declarations of their states. Every arrow is written after them at the top level,
///   because Mermaid moves a state into the last composite whose body mentions it.
/// - A state with notes gets description lines: its name first, which Mermaid shows as the
///   title, then one line per note (`Locked : entry / lock`).
/// - Mermaid draws no descriptions on a composite state, so a box's notes go in a note
///   beside it (`note right of processingBatch`).
/// - A name that Mermaid would read as a keyword (`end`, `state`, `note`, …) is declared
///   with an alias: `state "end" as end_`. So is the composite state of a concrete
///   superstate, whose own node sits inside it under the plain name.
struct MermaidWriter {
    let layout: DiagramLayout

    /// Words that start statements or are otherwise special in `stateDiagram-v2`,
    /// lower-cased: Mermaid's lexer ignores case.
    static let reservedWords: Set<String> = [
        "accdescr", "acctitle", "as", "class", "classdef", "click", "default", "direction",
        "end", "hide", "left", "note", "of", "right", "scale", "state", "statediagram", "style",
    ]

    private let indent = "    "
    /// By state index: the id of the state's node, and of its composite state when it is a box.
    private let stateIDs: [String]
    private let boxIDs: [String]

    init(layout: DiagramLayout) {
        self.layout = layout
        let names = layout.machine.states.map(\.name)
        var taken = Set(names)
        func alias(_ name: String) -> String {
            var alias = name + "_"
            while taken.contains(alias) { alias += "_" }
            taken.insert(alias)
            return alias
        }
        let stateIDs = names.map { Self.reservedWords.contains($0.lowercased()) ? alias($0) : $0 }
        // A concrete superstate is a node inside its own box: the two need different ids.
        boxIDs = layout.machine.states.indices.map { index in
            layout.isBox[index] && !layout.machine.states[index].isAbstract ? alias(names[index]) : stateIDs[index]
        }
        self.stateIDs = stateIDs
    }

    func write() -> String {
        var lines = ["stateDiagram-v2"]
        for member in layout.topLevel {
            write(member, depth: 1, into: &lines)
        }
        lines.append(indent + "[*] --> " + stateIDs[layout.machine.initialState])
        for arrow in layout.arrows {
            let from = switch arrow.from {
            case .state(let state): stateIDs[state]
            case .box(let box): boxIDs[box]
            }
            lines.append(indent + "\(from) --> \(stateIDs[arrow.to]) : \(arrow.label)")
        }
        for box in layout.machine.states.indices where layout.isBox[box] && !layout.boxNotes[box].isEmpty {
            lines.append(indent + "note right of " + boxIDs[box])
            lines += layout.boxNotes[box].map { indent + indent + $0 }
            lines.append(indent + "end note")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private func write(_ member: DiagramLayout.Member, depth: Int, into lines: inout [String]) {
        let prefix = String(repeating: indent, count: depth)
        switch member {
        case .state(let state):
            let name = layout.machine.states[state].name
            let notes = layout.stateNotes[state]
            if stateIDs[state] != name {
                lines.append(prefix + "state \"\(name)\" as \(stateIDs[state])")
            } else if notes.isEmpty {
                lines.append(prefix + name)
            }
            if !notes.isEmpty {
                lines += ([name] + notes).map { prefix + stateIDs[state] + " : " + $0 }
            }
        case .box(let box):
            let name = layout.machine.states[box].name
            lines.append(prefix + "state " + (boxIDs[box] == name ? name : "\"\(name)\" as \(boxIDs[box])") + " {")
            for inner in layout.contents[box] {
                write(inner, depth: depth + 1, into: &lines)
            }
            lines.append(prefix + "}")
        }
    }
}

/// Writes a diagram layout as a Mermaid `stateDiagram-v2`.
///
/// - Boxes become composite states (`state Resetable { … }`) that hold only the
///   declarations of their states. Every arrow is written after them at the top level,
///   because Mermaid moves a state into the last composite whose body mentions it.
/// - A superstate's initial arrow is the exception, since `[*]` inside a composite state is
///   that state's own start: `[*] --> Connecting : / startClock` is the first line of its
///   composite, before the nested composite that declares its target, which keeps the
///   target there. An initial row whose target sits in another box is a note line instead
///   (`[*] → A / go`).
/// - Mermaid has no history pseudo-state: a superstate's history is a state declared in its
///   composite whose label is the marker, `state "H*" as Media_history`, and rows naming
///   the superstate point to it (`Idle --> Media_history : Load`).
/// - A state with notes gets description lines: its name first, which Mermaid shows as the
///   title, then one line per note (`Locked : entry / lock`).
/// - Mermaid draws no descriptions on a composite state, so a box's notes go in a note
///   beside it (`note right of processingBatch`).
/// - A parallel state is a composite state whose regions, composite states themselves, are
///   separated by `--` lines (Mermaid's concurrency); its history marker goes first, in the
///   first region's part. A fork is a `<<fork>>` state (`state fork1 <<fork>>`, in the
///   first composite around the parallel state that is not divided), an arrow to it with
///   the row's label, and an arrow from it, unlabelled, to each state the row names.
/// - A decision is a `<<choice>>` state (`state Checking <<choice>>`), which Mermaid draws
///   as a small diamond without its name; inside a composite state too.
/// - A colon in a label or a description is written `#58;`, Mermaid's entity code, since
///   Mermaid's parser ends the text at a colon: written values hold them (`received: 0`).
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
    /// By state index: the id of the state's node, of its composite state when it is a box,
    /// and of its history marker when it has one.
    private let stateIDs: IDArray<StateID, String>
    private let boxIDs: IDArray<StateID, String>
    private let historyIDs: IDArray<StateID, String>
    /// By index into the layout's forks: the id of the fork's bar.
    private let forkIDs: [String]

    init(layout: DiagramLayout) {
        self.layout = layout
        let names = IDArray<StateID, String>(layout.machine.states.map(\.name))
        var taken = Set(names)
        func unique(_ id: String) -> String {
            var id = id
            while taken.contains(id) { id += "_" }
            taken.insert(id)
            return id
        }
        func alias(_ name: String) -> String { unique(name + "_") }
        let stateIDs = IDArray<StateID, String>(
            names.map { Self.reservedWords.contains($0.lowercased()) ? alias($0) : $0 })
        // A concrete superstate is a node inside its own box: the two need different ids.
        boxIDs = IDArray(
            layout.machine.states.indices.map { index in
                layout.isBox[index] && layout.hasNode(index) ? alias(names[index]) : stateIDs[index]
            })
        historyIDs = IDArray(
            layout.machine.states.indices.map { index in
                layout.historyMarker(of: index) == nil ? "" : unique(names[index] + "_history")
            })
        forkIDs = layout.forks.indices.map { unique("fork\($0 + 1)") }
        self.stateIDs = stateIDs
    }

    func write() -> String {
        var lines = ["stateDiagram-v2"]
        for member in layout.topLevel {
            write(member, depth: 1, into: &lines)
        }
        lines.append(indent + "[*] --> " + id(of: layout.start))
        for arrow in layout.arrows {
            let from =
                switch arrow.from {
                case .state(let state): stateIDs[state]
                case .box(let box): boxIDs[box]
                case .fork(let fork): forkIDs[fork]
                }
            lines.append(indent + "\(from) --> \(id(of: arrow.to)) : \(Self.escaped(arrow.label))")
            if case .fork(let fork) = arrow.to {
                lines += layout.forks[fork].targets.map { indent + forkIDs[fork] + " --> " + id(of: $0) }
            }
        }
        for box in layout.machine.states.indices where layout.isBox[box] {
            let notes = layout.boxNotes[box] + foreignInitialLine(of: box)
            guard !notes.isEmpty else { continue }
            lines.append(indent + "note right of " + boxIDs[box])
            lines += notes.map { indent + indent + $0 }
            lines.append(indent + "end note")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A label or description as Mermaid reads it: a colon, which would end it (as the
    /// written values of state data hold, `Begin (received: 0)`), as its entity code `#58;`.
    static func escaped(_ text: String) -> String {
        text.replacingAll(":", with: "#58;")
    }

    /// The id an arrow to the target points at.
    private func id(of target: DiagramLayout.Target) -> String {
        switch target {
        case .state(let state): stateIDs[state]
        case .box(let box): boxIDs[box]
        case .history(let box): historyIDs[box]
        case .fork(let fork): forkIDs[fork]
        }
    }

    /// `[*] → A / go`: the initial row of a box whose target sits in another box, which an
    /// arrow inside the composite would move into it.
    private func foreignInitialLine(of box: StateID) -> [String] {
        guard let initial = layout.initialArrows[box], !initial.staysInBox else { return [] }
        return ["[*] → " + layout.name(of: initial.to) + (initial.label.isEmpty ? "" : " " + initial.label)]
    }

    /// The box's initial substate when it is a choice in the box itself: Mermaid gives a
    /// state the shape of the line that first mentions it, so the choice is declared before
    /// the initial arrow to it. (One in a box nested deeper is drawn as a plain state.)
    private func choiceDeclaredFirst(in box: StateID) -> StateID? {
        guard let initial = layout.initialArrows[box], initial.staysInBox, case .state(let state) = initial.to,
            layout.isChoice[state], layout.contents[box].contains(.state(state))
        else { return nil }
        return state
    }

    private func write(_ member: DiagramLayout.Member, depth: Int, into lines: inout [String]) {
        let prefix = String(repeating: indent, count: depth)
        switch member {
        case .state(let state):
            let name = layout.machine.states[state].name
            let notes = layout.stateNotes[state]
            // A data state's title names the labels of its values: `Downloading(url, received)`.
            let title = layout.machine.nameWithLabels(of: state)
            if layout.isChoice[state] {
                lines.append(prefix + "state \(stateIDs[state]) <<choice>>")
            } else if stateIDs[state] != name {
                lines.append(prefix + "state \"\(name)\" as \(stateIDs[state])")
            } else if notes.isEmpty && title == name {
                lines.append(prefix + name)
            }
            if !notes.isEmpty || title != name {
                lines += ([title] + notes).map { prefix + stateIDs[state] + " : " + Self.escaped($0) }
            }
        case .fork(let fork):
            lines.append(prefix + "state \(forkIDs[fork]) <<fork>>")
        case .box(let box):
            let name = layout.machine.states[box].name
            lines.append(prefix + "state " + (boxIDs[box] == name ? name : "\"\(name)\" as \(boxIDs[box])") + " {")
            let leadingChoice = choiceDeclaredFirst(in: box)
            if let choice = leadingChoice {
                write(.state(choice), depth: depth + 1, into: &lines)
            }
            if let initial = layout.initialArrows[box], initial.staysInBox {
                lines.append(
                    prefix + indent + "[*] --> " + id(of: initial.to)
                        + (initial.label.isEmpty ? "" : " : " + Self.escaped(initial.label)))
            }
            if let marker = layout.historyMarker(of: box) {
                lines.append(prefix + indent + "state \"\(marker)\" as \(historyIDs[box])")
            }
            var regionsWritten = 0
            for inner in layout.contents[box] where inner != leadingChoice.map(DiagramLayout.Member.state) {
                if case .box(let region) = inner, layout.machine.states[box].isParallel, layout.machine.isRegion(region)
                {
                    if regionsWritten > 0 { lines.append(prefix + indent + "--") }
                    regionsWritten += 1
                }
                write(inner, depth: depth + 1, into: &lines)
            }
            lines.append(prefix + "}")
        }
    }
}

/// Writes a diagram layout as Graphviz DOT, laid out left to right.
///
/// Boxes become clusters with their name as label; an arrow from a box starts at the
/// cluster's border (`ltail`, which needs `compound=true`) from one of its states. A state
/// with lines gets an HTML-like label: its name in bold over a rule, then the lines; a box's
/// lines are a borderless node inside its cluster. Arrows with the same ends are merged.
///
/// A superstate's initial row is a small black point inside its cluster with an arrow to the
/// initial substate; its history is a small circle labelled `H` or `H*` inside the cluster.
/// An arrow to a box ends at the box's border (`lhead`) from its initial point. Graphviz
/// ignores `ltail` and `lhead` with a warning when the other end is inside that cluster,
/// so they are left out then: the arrow starts at the node inside, or ends at the point.
///
/// A parallel state's cluster holds one dashed cluster per region, its compartments, which
/// are not filled, so that they read as parts of it. Arrows to and from it end and start
/// at its border, at an invisible point inside it that dot places freely, near the states
/// they lead to and from (held left of the regions by invisible edges, it put their labels
/// over the cluster's own).
/// A fork is an arrow to a black bar, whose arrows go on, unlabelled, to the states it
/// enters. A decision is a diamond with its name inside, as in a flowchart.
struct DotWriter {
    let layout: DiagramLayout

    private static let font = "Helvetica,Arial,sans-serif"
    /// The node of the initial pseudo-state; brackets cannot appear in a state name.
    private static let initialNode = "\"[*]\""

    func write() -> String {
        let machine = layout.machine
        var lines = [
            "digraph \(quoted(machine.name.name)) {",
            "  graph [compound=true, newrank=true, rankdir=LR, fontname=\(quoted(Self.font)), fontsize=12, nodesep=0.4, ranksep=0.7];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\(quoted(Self.font)), fontsize=11];",
            "  edge [fontname=\(quoted(Self.font)), fontsize=10, arrowsize=0.7];",
            "  \(Self.initialNode) [shape=point, width=0.15, style=filled, fillcolor=black];",
            // First, so that dot's search for cycles starts at the initial state and lays
            // the machine out from it.
            "  " + edge(from: Self.initialNode, in: [], to: layout.start, labels: []),
        ]
        for member in layout.topLevel {
            write(member, depth: 1, shade: 1, into: &lines)
        }
        for (arrow, labels) in mergedArrows() {
            switch arrow.from {
            case .state(let state):
                lines.append(
                    "  "
                        + edge(
                            from: node(state), in: layout.enclosingBoxes(ofState: state), to: arrow.to, labels: labels))
            case .box(let box) where layout.machine.states[box].isParallel:
                lines.append(
                    "  "
                        + edge(
                            from: borderPoint(box), in: layout.enclosingBoxes(ofSource: .box(box)),
                            leaving: box, to: arrow.to, labels: labels))
            case .box(let box):
                let tail = layout.members[box][0]
                lines.append(
                    "  "
                        + edge(
                            from: node(tail), in: layout.enclosingBoxes(ofState: tail), leaving: box,
                            to: arrow.to, labels: labels))
            case .fork:
                continue
            }
            if case .fork(let fork) = arrow.to {
                for target in layout.forks[fork].targets {
                    lines.append(
                        "  "
                            + edge(from: forkBar(fork), in: layout.enclosingBoxes(of: arrow.to), to: target, labels: [])
                    )
                }
            }
        }
        lines.append("}")
        return lines.map { $0 + "\n" }.joined()
    }

    /// `"A" -> "B" [label="…"];` from the tail node, which sits in `tailBoxes` (innermost
    /// first), to the target's node, or to the initial point of a target box at its border.
    /// `leaving` starts the arrow at that box's border instead of the tail node.
    private func edge(
        from tail: String, in tailBoxes: [StateID], leaving tailBox: StateID? = nil,
        to target: DiagramLayout.Target, labels: [String]
    ) -> String {
        let headBoxes = layout.enclosingBoxes(of: target)
        var attributes: [String] = []
        if let tailBox, !headBoxes.contains(tailBox) {
            attributes.append("ltail=\(cluster(tailBox))")
        }
        if case .box(let box) = target, !tailBoxes.contains(box) {
            attributes.append("lhead=\(cluster(box))")
        }
        if !labels.isEmpty {
            attributes.append("label=" + edgeLabel(labels))
        }
        return "\(tail) -> \(node(target))" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]")
            + ";"
    }

    /// Arrows with the same ends drawn as one, its label one line per transition
    /// (left-aligned, `\l`), in order of first appearance.
    private func mergedArrows() -> [(arrow: DiagramLayout.Arrow, labels: [String])] {
        var merged: [(arrow: DiagramLayout.Arrow, labels: [String])] = []
        var positions: [DiagramLayout.Member: [DiagramLayout.Target: Int]] = [:]
        for arrow in layout.arrows {
            if let position = positions[arrow.from]?[arrow.to] {
                merged[position].labels.append(arrow.label)
            } else {
                positions[arrow.from, default: [:]][arrow.to] = merged.count
                merged.append((arrow, [arrow.label]))
            }
        }
        return merged
    }

    /// `shade` alternates the fill of nested boxes; a region is not filled and keeps its
    /// parallel state's.
    private func write(_ member: DiagramLayout.Member, depth: Int, shade: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        switch member {
        case .state(let state):
            // Not rounded: a diamond with rounded corners reads as a lozenge.
            let choice = layout.isChoice[state] ? "shape=diamond, style=filled, " : ""
            lines.append(indent + node(state) + " [\(choice)label=" + label(state, layout.stateNotes[state]) + "];")
        case .fork(let fork):
            lines.append(
                indent + forkBar(fork)
                    + " [shape=box, style=filled, fillcolor=black, label=\"\", width=0.06, height=0.4, fixedsize=true];"
            )
        case .box(let box):
            let name = escaped(layout.machine.states[box].name)
            let isRegion = layout.machine.isRegion(box)
            let isParallel = layout.machine.states[box].isParallel
            let style =
                isRegion
                ? "style=\"dashed,rounded\""
                : "style=\"rounded,filled\", fillcolor=\"\(shade % 2 == 1 ? "#f2f2f2" : "#e4e4e4")\""
            lines.append(indent + "subgraph \(cluster(box)) {")
            lines.append(indent + "  graph [label=<<B>\(name)</B>>, labeljust=l, \(style), color=\"#808080\"];")
            writeMarkers(of: box, indent: indent + "  ", into: &lines)
            var firstNodes = layout.contents[box].compactMap { inner -> String? in
                switch inner {
                case .state(let state): node(state)
                case .box(let innerBox): node(layout.members[innerBox][0])
                case .fork: nil
                }
            }
            if isParallel {
                // dot lays ranks out left to right by turning a top-down drawing, which puts
                // the first node of a rank at the bottom: led to in reverse, the regions tend
                // to stack in declaration order from the top (other edges may reorder them).
                firstNodes.reverse()
            }
            if !layout.boxNotes[box].isEmpty {
                // A node, not the cluster's label, because edges are routed around nodes but
                // across labels. Invisible edges keep it before the box's states, or beside
                // them in the box of the initial state, which would otherwise push the
                // initial marker out of its place left of that state.
                lines.append(indent + "  \(notesNode(box)) [shape=plain, label=<\(table(layout.boxNotes[box]))>];")
                let holdsInitial = layout.members[box].contains(layout.machine.initialState)
                for first in firstNodes {
                    lines.append(
                        indent + "  \(notesNode(box)) -> \(first) [style=invis\(holdsInitial ? ", minlen=0" : "")];")
                }
            }
            if layout.initialArrows[box] != nil {
                // The initial point goes first, left of the box's notes or states.
                for lead in layout.boxNotes[box].isEmpty ? firstNodes : [notesNode(box)] {
                    lines.append(indent + "  \(initialPoint(box)) -> \(lead) [style=invis];")
                }
            }
            for inner in layout.contents[box] {
                write(inner, depth: depth + 1, shade: isRegion ? shade : shade + 1, into: &lines)
            }
            lines.append(indent + "}")
        }
    }

    /// A box's initial point with its arrow, and its history marker, first in its cluster;
    /// a parallel state's border point.
    private func writeMarkers(of box: StateID, indent: String, into lines: inout [String]) {
        if layout.machine.states[box].isParallel {
            lines.append(indent + "\(borderPoint(box)) [shape=point, style=invis, width=0.01];")
        }
        if let initial = layout.initialArrows[box] {
            lines.append(indent + "\(initialPoint(box)) [shape=point, width=0.1, style=filled, fillcolor=black];")
            lines.append(
                indent
                    + edge(
                        from: initialPoint(box), in: layout.enclosingBoxes(of: .box(box)),
                        to: initial.to, labels: initial.label.isEmpty ? [] : [initial.label]))
        }
        if let marker = layout.historyMarker(of: box) {
            lines.append(
                indent + "\(historyNode(box)) [shape=circle, label=\(quoted(marker)), width=0.3, height=0.3, "
                    + "fixedsize=true, fontsize=9, margin=0];")
        }
    }

    /// The name alone, or the name in bold over a rule and one left-aligned line per note; a
    /// data state's name with the labels of its values, `Downloading(url, received)`.
    private func label(_ state: StateID, _ notes: [String]) -> String {
        let name = layout.machine.nameWithLabels(of: state)
        guard !notes.isEmpty else { return quoted(name) }
        return "<" + table(notes, title: name) + ">"
    }

    /// An HTML-like table of left-aligned lines, under a bold title and a rule if there is one.
    private func table(_ lines: [String], title: String? = nil) -> String {
        let heading = title.map { "<TR><TD><B>\(escaped($0))</B></TD></TR><HR/>" } ?? ""
        let rows = lines.map { "<TR><TD ALIGN=\"LEFT\">\(escaped($0))</TD></TR>" }.joined()
        return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">\(heading)\(rows)</TABLE>"
    }

    /// The node that lists a box's lines; a colon cannot appear in a state name.
    private func notesNode(_ box: StateID) -> String {
        quoted(layout.machine.states[box].name + ":notes")
    }

    private func node(_ state: StateID) -> String {
        quoted(layout.machine.states[state].name)
    }

    /// The node an arrow to the target ends at: a box's is its initial point.
    private func node(_ target: DiagramLayout.Target) -> String {
        switch target {
        case .state(let state): node(state)
        case .box(let box) where layout.machine.states[box].isParallel: borderPoint(box)
        case .box(let box): initialPoint(box)
        case .history(let box): historyNode(box)
        case .fork(let fork): forkBar(fork)
        }
    }

    /// The bar of a fork, `"fork:1"`.
    private func forkBar(_ fork: Int) -> String {
        quoted("fork:\(fork + 1)")
    }

    /// The invisible point of a parallel state's cluster that arrows to and from its border
    /// end and start at, `"Media:border"`.
    private func borderPoint(_ box: StateID) -> String {
        quoted(layout.machine.states[box].name + ":border")
    }

    /// The point of a box's initial row, `"Active:[*]"`.
    private func initialPoint(_ box: StateID) -> String {
        quoted(layout.machine.states[box].name + ":[*]")
    }

    /// The circle of a box's history, `"Active:H"`.
    private func historyNode(_ box: StateID) -> String {
        quoted(layout.machine.states[box].name + ":H")
    }

    private func cluster(_ box: StateID) -> String {
        quoted("cluster_" + layout.machine.states[box].name)
    }

    private func quoted(_ text: String) -> String {
        "\"" + escapedForQuotes(text) + "\""
    }

    /// One line as it is; several left-aligned, each ended by `\l`.
    private func edgeLabel(_ lines: [String]) -> String {
        lines.count == 1 ? quoted(lines[0]) : "\"" + lines.map { escapedForQuotes($0) + "\\l" }.joined() + "\""
    }

    private func escapedForQuotes(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
    }

    private func escaped(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}

extension String {
    /// Without Foundation: every occurrence of `target` replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

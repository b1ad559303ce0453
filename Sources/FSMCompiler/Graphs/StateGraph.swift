/// Diagrams of a checked machine for reviews: Mermaid `stateDiagram-v2`, which GitHub
/// renders in Markdown, or Graphviz DOT, which `dot` renders to PNG or SVG.
///
/// Both draw the same `DiagramLayout`: the initial state marked, superstates as nested
/// boxes with their initial arrows and `H` / `H*` history markers, arrows labelled
/// `Event [guard] / actions` (to a box or its marker for a row naming a superstate), entry
/// and exit actions inside their states; a parallel state a box divided into its regions,
/// a fork an arrow to a bar with an arrow on to each state it names.
package enum StateGraph {
    package enum Format: String, CaseIterable, Sendable {
        case mermaid, dot
    }

    package static func render(_ machine: StateMachine, as format: Format) -> String {
        switch format {
        case .mermaid: mermaid(machine)
        case .dot: dot(machine)
        }
    }

    package static func mermaid(_ machine: StateMachine) -> String {
        MermaidWriter(layout: DiagramLayout(machine, listsRowsIntoTheBox: false)).write()
    }

    package static func dot(_ machine: StateMachine) -> String {
        DotWriter(layout: DiagramLayout(machine, listsRowsIntoTheBox: true)).write()
    }
}

import FSMCompiler

extension CommandLineTool {
    static let graph = Command(
        spec: CommandSpec(
            name: "graph", summary: "draw the state machine as a Mermaid or Graphviz diagram",
            usage: "fsmc graph FILE [--format mermaid|dot]",
            details: """
                Prints a diagram of the machine: Mermaid 'stateDiagram-v2' (the default), which
                GitHub renders inside a ```mermaid block, or Graphviz DOT for 'dot -Tpng' or '-Tsvg'.
                The initial state is marked; arrows read 'Event [guard] / actions'; entry and exit
                actions, and rows that stay in their state without exit and entry, are written in
                the state. Superstates are boxes around the states that adopt them first; a row of
                a superstate that every state in its box inherits unchanged is drawn once, from the
                box. A superstate's initial row is an arrow from a dot in its box; a row that
                names a superstate ends at its box, or at its history marker (H shallow, H* deep).
                A parallel state is a box divided into its regions (dashed boxes in DOT, parts
                split by '--' in Mermaid); its own rows are drawn from its box; a fork is an arrow
                to a bar, with an arrow on to each state it names.
                '-' reads standard input.
                Exit status: 0 success, 1 errors in the input, 2 usage, 3 I/O failure.
                """,
            options: [
                OptionSpec(
                    name: "--format", valueName: "FORMAT", allowedValues: StateGraph.Format.allCases.map(\.rawValue),
                    help: "mermaid (the default) or dot"),
                warningsAsErrors,
            ],
            operandName: "FILE", operandCount: 1...1),
        run: { tool, arguments in
            switch tool.load(arguments.operands[0], warningsAsErrors: arguments.has("--warnings-as-errors")) {
            case .failure(let stop):
                return stop.code
            case .success(let machine):
                let format = arguments.value("--format").flatMap(StateGraph.Format.init(rawValue:)) ?? .mermaid
                tool.console.writeOutput(StateGraph.render(machine, as: format))
                return .success
            }
        })
}

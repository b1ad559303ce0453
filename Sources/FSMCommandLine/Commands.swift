import FSMCompiler

extension CommandLineTool {
    /// Every command, in the order `fsmc --help` lists them.
    static let commands: [Command] = [compile, check, table, graph, format, simulate]

    static let warningsAsErrors = OptionSpec(name: "--warnings-as-errors", help: "treat warnings as errors: print them as errors and fail")

    static let check = Command(
        spec: CommandSpec(
            name: "check", summary: "check .sm files and print their diagnostics",
            usage: "fsmc check FILE... [--warnings-as-errors]",
            details: """
            Parses and checks each file and prints every problem as
            'file:line:col: error: message [id]', followed by notes at related places.
            Nothing is written. '-' reads standard input.
            Exit status: 0 when no file has errors, 1 when one has, 3 when one cannot be read.
            """,
            options: [warningsAsErrors], operandName: "FILE", operandCount: 1...Int.max),
        run: { tool, arguments in
            arguments.operands.map { path in
                switch tool.load(path, warningsAsErrors: arguments.has("--warnings-as-errors")) {
                case .success: .success
                case .failure(let stop): stop.code
                }
            }.combined
        })

    static let table = Command(
        spec: CommandSpec(
            name: "table", summary: "print the flattened transition table",
            usage: "fsmc table FILE [--format text|markdown]",
            details: """
            Prints every transition of every concrete state after superstates are folded in
            and '-' is resolved, one line each:
                Locked Pass [Enforcement=weak] -> Locked {smile}
            The braces hold every action the transition runs, in order: exit actions, the
            row's actions, entry actions. '--format markdown' prints a Markdown table grouped
            by state, for pasting into a review. '-' reads standard input.
            """,
            options: [
                OptionSpec(name: "--format", valueName: "FORMAT", allowedValues: ["text", "markdown"],
                           help: "text (the default) or markdown"),
                warningsAsErrors,
            ],
            operandName: "FILE", operandCount: 1...1),
        run: { tool, arguments in
            switch tool.load(arguments.operands[0], warningsAsErrors: arguments.has("--warnings-as-errors")) {
            case .failure(let stop):
                return stop.code
            case .success(let machine):
                let markdown = arguments.value("--format") == "markdown"
                tool.console.writeOutput(markdown ? TransitionTable.markdown(machine) : TransitionTable.text(machine))
                return .success
            }
        })
}

import FSMCompiler

extension CommandLineTool {
    /// Every command, in the order `fsmc --help` lists them.
    static let commands: [Command] = [compile, check, table, graph, format, simulate, paths, verify, coverage, lsp]

    static let warningsAsErrors = OptionSpec(
        name: "--warnings-as-errors", help: "treat warnings as errors: print them as errors and fail")

    static let check = Command(
        spec: CommandSpec(
            name: "check", summary: "check .sm files and print their diagnostics",
            usage: "fsmc check FILE... [--fix] [--warnings-as-errors]",
            details: """
                Parses and checks each file and prints every problem as
                'file:line:col: error: message [id]', followed by notes at related places.
                Nothing is written. '-' reads standard input.
                With --fix, the fix-its that are certainly right are applied first, and each
                file is rewritten, atomically, when one was: rows that replace inherited rows
                (as CC_SMC allows) are put in 'override { }', and '}' missing at the end of the
                file are added. The problems left are then printed. '--fix -' prints the fixed
                text of standard input.
                Exit status: 0 when no file has errors, 1 when one has, 3 when one cannot be read
                or written.
                """,
            options: [OptionSpec(name: "--fix", help: "apply the fix-its and rewrite the files"), warningsAsErrors],
            operandName: "FILE", operandCount: 1...Int.max),
        run: { tool, arguments in
            let warningsAsErrors = arguments.has("--warnings-as-errors")
            return arguments.operands.map { path in
                if arguments.has("--fix") { return tool.fixFile(path, warningsAsErrors: warningsAsErrors) }
                switch tool.load(path, warningsAsErrors: warningsAsErrors) {
                case .success: return .success
                case .failure(let stop): return stop.code
                }
            }.combined
        })

    /// `check --fix` of one input: applies its fix-its, writes the file when they changed
    /// it (or prints the text, for standard input), then prints what is left.
    private func fixFile(_ path: String, warningsAsErrors: Bool) -> ExitCode {
        guard let file = readInput(path) else { return .ioFailure }
        let fixed = Compiler.fix(file)
        if path == "-" {
            console.writeOutput(String(decoding: fixed.bytes, as: UTF8.self))
        } else if fixed.applied > 0 {
            guard writeFile(fixed.bytes, to: path) else { return .ioFailure }
            console.writeOutput(
                "fixed '\(file.name)': \(fixed.applied) fix-it\(fixed.applied == 1 ? "" : "s") applied\n")
        }
        let diagnostics = warningsAsErrors ? fixed.result.diagnostics.map(\.asError) : fixed.result.diagnostics
        console.report(diagnostics)
        return diagnostics.hasErrors ? .failure : .success
    }

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
                OptionSpec(
                    name: "--format", valueName: "FORMAT", allowedValues: ["text", "markdown"],
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

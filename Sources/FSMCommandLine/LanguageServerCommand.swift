import FSMLanguageServer

extension CommandLineTool {
    static let lsp = Command(
        spec: CommandSpec(
            name: "lsp", summary: "run the language server for editors, over standard input and output",
            usage: "fsmc lsp [--stdio]",
            details: """
                Speaks the Language Server Protocol on standard input and output, for editors:
                diagnostics as 'fsmc check' reports them, as you type; the fix-its as quick fixes;
                formatting as 'fsmc format' does it; go to definition, find references and rename
                of states, events, actions, conditions and predicates; hover with a state's rows
                as 'fsmc table' prints them; completion, an outline and semantic highlighting.
                An editor starts it; it reads no files and writes nothing but its messages.
                Exit status: 0 after the client's 'shutdown' and 'exit', 1 when standard input
                ends or 'exit' comes without 'shutdown'.
                """,
            options: [
                OptionSpec(
                    name: "--stdio", help: "use standard input and output (the only transport; clients may pass it)"),
                // The process that `fsmc lsp` starts to do the work, so that a crash of fsmc
                // ends it and not the session (see Supervisor).
                OptionSpec(name: "--worker", help: "serve as the worker of 'fsmc lsp'", isHidden: true),
            ],
            operandName: "FILE", operandCount: 0...0),
        run: { _, arguments in
            let status =
                arguments.has("--worker")
                ? StandardStreams.serve(version: version, isWorker: true) : StandardStreams.run(version: version)
            return ExitCode(rawValue: status) ?? .failure
        })
}

import FSMCompiler

extension CommandLineTool {
    static let coverage = Command(
        spec: CommandSpec(
            name: "coverage", summary: "print the rows a recorded run never took",
            usage: "fsmc coverage FILE RECORD...",
            details: """
                Reads records of what the machine did, written by FSMRuntime's TraceRecord from
                the actions' trace hook (one line per event: the state or configuration, the
                event and '-> Target', 'rejected' or 'unhandled', separated by tabs), and prints
                the rows of 'fsmc table' that no recorded event took, as 'fsmc table' prints them;
                a summary goes to standard error. The trace names no predicate values or
                condition answers, so an event counts as taking every row that some values and
                answers would have taken to end as recorded. Blank lines and '#' lines are
                skipped; '-' reads a record from standard input.
                Exit status: 0 success (whether or not rows were left), 1 errors in the machine or
                a line that is not a trace of it (reported at its line and column), 2 usage, 3 I/O
                failure.
                """,
            options: [warningsAsErrors],
            operandName: "FILE RECORD", operandCount: 2...Int.max),
        run: { tool, arguments in tool.coverage(arguments) })

    private func coverage(_ arguments: ParsedArguments) -> ExitCode {
        let machine: StateMachine
        switch load(arguments.operands[0], warningsAsErrors: arguments.has("--warnings-as-errors")) {
        case .failure(let stop): return stop.code
        case .success(let loaded): machine = loaded
        }
        var coverage = TraceCoverage(machine)
        for path in arguments.operands.dropFirst() {
            guard let record = readInput(path) else { return .ioFailure }
            do throws(TraceCoverage.Failure) {
                try coverage.read(String(decoding: record.bytes, as: UTF8.self))
            } catch {
                console.writeError("\(record.name):\(error.line):\(error.column): error: \(error.message)\n")
                return .failure
            }
        }
        console.writeOutput(coverage.untakenLines.map { $0 + "\n" }.joined())
        console.writeError(
            "coverage: \(coverage.taken.count) of \(coverage.rows.count) rows taken by \(coverage.lineCount) recorded events\n"
        )
        return .success
    }
}

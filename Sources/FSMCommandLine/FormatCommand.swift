import FSMCompiler
import Foundation

extension CommandLineTool {
    static let format = Command(
        spec: CommandSpec(
            name: "format", summary: "rewrite .sm files in the canonical layout",
            usage: "fsmc format FILE... [--in-place | --check] [--fix]",
            details: """
                Prints each file in the canonical layout: two-space indentation, one row per line,
                the rows of each state aligned in columns, every comment kept where it was.
                The meaning never changes. '-' reads standard input.
                With --in-place each file is rewritten instead, atomically and only when its
                layout changes. With --check nothing is written: fsmc prints a unified diff for
                each file that is not formatted and exits 1, the CI check for formatting.
                With --fix the fix-its of 'fsmc check --fix' are applied before formatting.
                A file with syntax errors is left as it is and its errors are printed.
                Exit status: 0 success, 1 syntax errors or unformatted files under --check,
                2 usage, 3 I/O failure.
                """,
            options: [
                OptionSpec(name: "--in-place", shortName: "-i", help: "rewrite the files instead of printing them"),
                OptionSpec(name: "--check", help: "write nothing; print a diff and fail if a file is not formatted"),
                OptionSpec(name: "--fix", help: "apply the fix-its that are certainly right first"),
            ],
            operandName: "FILE", operandCount: 1...Int.max),
        run: { tool, arguments in
            let inPlace = arguments.has("--in-place")
            let check = arguments.has("--check")
            if inPlace && check {
                return tool.usageError(
                    "--in-place and --check cannot be used together",
                    usage: "fsmc format FILE... [--in-place | --check]")
            }
            if inPlace && arguments.operands.contains("-") {
                return tool.usageError(
                    "--in-place cannot rewrite standard input",
                    usage: "fsmc format FILE... --in-place")
            }
            let mode: FormatMode = inPlace ? .inPlace : check ? .check : .print
            return arguments.operands.map { tool.formatFile($0, mode: mode, fix: arguments.has("--fix")) }.combined
        })

    /// What `format` does with a formatted file.
    enum FormatMode {
        case print, inPlace, check
    }

    /// Formats one input: prints it, rewrites it, or compares it under `--check`.
    private func formatFile(_ path: String, mode: FormatMode, fix: Bool) -> ExitCode {
        guard let file = readInput(path) else { return .ioFailure }
        var fixed = file
        if fix { fixed.bytes = Compiler.fix(file).bytes }
        let result = SourceFormatter.format(fixed)
        console.report(result.diagnostics)
        guard let formatted = result.bytes else { return .failure }
        switch mode {
        case .print:
            console.writeOutput(String(decoding: formatted, as: UTF8.self))
            return .success
        case .check:
            guard formatted != file.bytes else { return .success }
            console.writeOutput(
                UnifiedDiff.diff(
                    from: String(decoding: file.bytes, as: UTF8.self),
                    to: String(decoding: formatted, as: UTF8.self),
                    oldName: file.name, newName: file.name))
            console.fail("'\(file.name)' is not formatted; run 'fsmc format --in-place\(fix ? " --fix" : "") \(path)'")
            return .failure
        case .inPlace:
            guard formatted != file.bytes else { return .success }
            return writeFile(formatted, to: path) ? .success : .ioFailure
        }
    }
}

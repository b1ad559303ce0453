import Foundation
import FSMCompiler

extension CommandLineTool {
    static let compile = Command(
        spec: CommandSpec(
            name: "compile", summary: "generate Swift from .sm files",
            usage: "fsmc compile FILE... [-o OUTPUT] [--access public|package|internal] [--check]",
            details: """
            Checks each file and, when it has no errors, writes its Swift beside it as
            <name>.swift, or to OUTPUT with -o (one input only; '-o -' is standard output).
            '-' reads standard input and, without -o, writes standard output.
            A file is written atomically and only when its content changes, so its
            modification time stays put otherwise. Nothing is written when the input has errors.
            With --check nothing is written: fsmc prints a unified diff of what would change
            and exits 1 when a file is missing or stale, the CI check for committed code.
            Exit status: 0 success, 1 errors in the input or stale output, 2 usage, 3 I/O failure.
            """,
            options: [
                OptionSpec(name: "--output", shortName: "-o", valueName: "OUTPUT",
                           help: "where to write the Swift (one input only); '-' for standard output"),
                OptionSpec(name: "--access", valueName: "LEVEL", allowedValues: SwiftAccess.allCases.map(\.rawValue),
                           help: "the access level of the generated declarations (default internal)"),
                OptionSpec(name: "--check", help: "write nothing; print a diff and fail if the output is stale"),
                warningsAsErrors,
            ],
            operandName: "FILE", operandCount: 1...Int.max),
        run: { tool, arguments in
            if arguments.has("--output") && arguments.operands.count > 1 {
                return tool.usageError("-o takes one input, but was given \(arguments.operands.count)",
                                       usage: "fsmc compile FILE -o OUTPUT")
            }
            let access = arguments.value("--access").flatMap(SwiftAccess.init(rawValue:)) ?? .internal
            return arguments.operands.map { input in
                tool.compileFile(input, output: arguments.value("--output"), access: access,
                             check: arguments.has("--check"),
                             warningsAsErrors: arguments.has("--warnings-as-errors"))
            }.combined
        })

    /// Compiles one input to its output, or compares them under `--check`.
    private func compileFile(_ input: String, output: String?, access: SwiftAccess, check: Bool,
                             warningsAsErrors: Bool) -> ExitCode {
        let destination = output ?? (input == "-" ? "-" : Self.defaultOutput(for: input))
        if destination != "-" {
            if input != "-" && Files.areSameFile(input, destination) {
                console.fail("cannot write '\(destination)': output would overwrite the input '\(input)'")
                return .ioFailure
            }
            if Files.isDirectory(destination) {
                console.fail("cannot write '\(destination)': it is a directory")
                return .ioFailure
            }
        }
        let swift: String
        switch load(input, warningsAsErrors: warningsAsErrors) {
        case .failure(let stop):
            return stop.code
        case .success(let machine):
            swift = Compiler.generate(machine, access: access)
        }
        if destination == "-" {
            if !check { console.writeOutput(swift) }
            return .success
        }
        let existing = Files.existingContent(destination)
        if check {
            let old = existing.map { String(decoding: $0, as: UTF8.self) } ?? ""
            let diff = UnifiedDiff.diff(from: old, to: swift, oldName: existing == nil ? "/dev/null" : destination,
                                        newName: destination)
            guard diff.isEmpty && existing != nil else {
                console.writeOutput(diff)
                // The command that writes it: the same input, output and access level.
                let command = "fsmc compile \(input)" + (output.map { " -o \($0)" } ?? "")
                    + (access == .internal ? "" : " --access \(access.rawValue)")
                console.fail("'\(destination)' is \(existing == nil ? "missing" : "stale"); run '\(command)'")
                return .failure
            }
            return .success
        }
        let bytes = Array(swift.utf8)
        if existing == bytes { return .success }
        do {
            try Files.write(bytes, to: destination)
        } catch {
            console.fail("cannot write '\(destination)': \(error.reason)")
            return .ioFailure
        }
        return .success
    }

    /// `<name>.swift` beside `<name>.sm`.
    static func defaultOutput(for input: String) -> String {
        let url = URL(fileURLWithPath: input)
        return url.deletingPathExtension().appendingPathExtension("swift").relativePath == url.relativePath
            ? input + ".swift"
            : String(input.dropLast(url.pathExtension.isEmpty ? 0 : url.pathExtension.count + 1)) + ".swift"
    }
}

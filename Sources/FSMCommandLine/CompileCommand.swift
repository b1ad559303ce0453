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
        let swift: String
        switch load(input, warningsAsErrors: warningsAsErrors) {
        case .failure(let stop):
            return stop.code
        case .success(let machine):
            swift = Compiler.generate(machine, access: access)
        }
        let destination = output ?? (input == "-" ? "-" : Self.defaultOutput(for: input))
        if destination == "-" {
            if !check { console.writeOutput(swift) }
            return .success
        }
        let existing = FileManager.default.contents(atPath: destination)
        if check {
            let old = existing.map { String(decoding: $0, as: UTF8.self) } ?? ""
            let diff = UnifiedDiff.diff(from: old, to: swift, oldName: existing == nil ? "/dev/null" : destination,
                                        newName: destination)
            guard diff.isEmpty && existing != nil else {
                console.writeOutput(diff)
                console.fail(existing == nil ? "'\(destination)' is missing; run 'fsmc compile \(input)'"
                                             : "'\(destination)' is stale; run 'fsmc compile \(input)'")
                return .failure
            }
            return .success
        }
        if existing == Data(swift.utf8) { return .success }
        do {
            try Data(swift.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            console.fail("cannot write '\(destination)': \(Self.reason(error, writing: destination))")
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

    /// Why a write failed, in the words of the file system.
    static func reason(_ error: any Error, writing path: String) -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
            return "no such directory '\(directory)'"
        }
        if !FileManager.default.isWritableFile(atPath: directory) { return "permission denied" }
        return (error as NSError).localizedDescription
    }
}

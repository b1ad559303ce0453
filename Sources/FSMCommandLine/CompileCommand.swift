import FSMCompiler
import Foundation

extension CommandLineTool {
    static let compile = Command(
        spec: CommandSpec(
            name: "compile", summary: "generate Swift from .sm files",
            usage:
                "fsmc compile FILE... [-o OUTPUT | --output-directory DIR] [--source-root DIR] [--config FILE] [--access public|package|internal] [--check]",
            details: """
                Checks each file and, when it has no errors, writes its Swift beside it as
                <name>.swift, or to OUTPUT with -o (one input only; '-o -' is standard output).
                '-' reads standard input and, without -o, writes standard output.
                With --output-directory every output is written into DIR instead. With
                --source-root each output is named after its input's path below DIR, folders
                joined by '_' (Machines/Turnstile.sm -> Machines_Turnstile.swift), so that
                same-named files in different folders do not collide; the plugins use it.
                --config reads the access level from a fsmc-config.json file, such as
                { "access": "public" }; --access, when given too, wins.
                A file is written atomically and only when its content changes, so its
                modification time stays put otherwise. Nothing is written when the input has errors.
                With --check nothing is written: fsmc prints a unified diff of what would change
                and exits 1 when a file is missing or stale, the CI check for committed code.
                Exit status: 0 success, 1 errors in the input or configuration or stale output,
                2 usage, 3 I/O failure.
                """,
            options: [
                OptionSpec(
                    name: "--output", shortName: "-o", valueName: "OUTPUT",
                    help: "where to write the Swift (one input only); '-' for standard output"),
                OptionSpec(name: "--output-directory", valueName: "DIR", help: "write every output into DIR"),
                OptionSpec(
                    name: "--source-root", valueName: "DIR",
                    help: "name each output after its input's path below DIR"),
                OptionSpec(name: "--config", valueName: "FILE", help: "read settings from a fsmc-config.json file"),
                OptionSpec(
                    name: "--access", valueName: "LEVEL", allowedValues: SwiftAccess.allCases.map(\.rawValue),
                    help: "the access level of the generated declarations (default internal)"),
                OptionSpec(name: "--check", help: "write nothing; print a diff and fail if the output is stale"),
                warningsAsErrors,
            ],
            operandName: "FILE", operandCount: 1...Int.max),
        run: { tool, arguments in
            let usage = "fsmc compile FILE... [-o OUTPUT | --output-directory DIR] [--source-root DIR]"
            if arguments.has("--output") && arguments.operands.count > 1 {
                return tool.usageError(
                    "-o takes one input, but was given \(arguments.operands.count)",
                    usage: "fsmc compile FILE -o OUTPUT")
            }
            if arguments.has("--output") && (arguments.has("--output-directory") || arguments.has("--source-root")) {
                return tool.usageError(
                    "-o names its output; it cannot be combined with --output-directory or --source-root", usage: usage)
            }
            if (arguments.has("--output-directory") || arguments.has("--source-root"))
                && arguments.operands.contains("-")
            {
                return tool.usageError("standard input has no path to name its output after; use -o", usage: usage)
            }
            var access = arguments.value("--access").flatMap(SwiftAccess.init(rawValue:))
            var settings: [String] = access.map { ["--access", $0.rawValue] } ?? []
            if let path = arguments.value("--config") {
                switch tool.readConfiguration(path) {
                case .failure(let stop): return stop.code
                case .success(let configuration):
                    access = access ?? configuration.access
                    settings = ["--config", path] + settings
                }
            }
            let destinations: [String?]
            do throws(ParsedArguments.UsageError) {
                destinations = try tool.destinations(
                    of: arguments.operands, output: arguments.value("--output"),
                    directory: arguments.value("--output-directory"),
                    sourceRoot: arguments.value("--source-root"))
            } catch {
                return tool.usageError(error.message, usage: usage)
            }
            // The options that decide what is written, for the command that rewrites a stale file.
            let placement = ["--output-directory", "--source-root"].flatMap { option in
                arguments.value(option).map { [option, $0] } ?? []
            }
            return zip(arguments.operands, destinations).map { input, output in
                tool.compileFile(
                    input, output: output, access: access ?? .internal,
                    rewrite: (arguments.value("--output").map { ["-o", $0] } ?? []) + placement + settings,
                    check: arguments.has("--check"),
                    warningsAsErrors: arguments.has("--warnings-as-errors"))
            }.combined
        })

    /// Reads and checks `--config`, printing its errors.
    func readConfiguration(_ path: String) -> Result<Configuration, Stop> {
        guard let file = readInput(path) else { return .failure(Stop(.ioFailure)) }
        let (configuration, diagnostics) = Configuration.read(file)
        console.report(diagnostics)
        return configuration.map { .success($0) } ?? .failure(Stop(.failure))
    }

    /// Where each input's Swift goes: `-o`'s path, a path in `--output-directory` or beside
    /// the input, named after the input's path below `--source-root` or after its file
    /// name; nil for the default (beside the input, or standard output for `-`).
    func destinations(of inputs: [String], output: String?, directory: String?, sourceRoot: String?)
        throws(ParsedArguments.UsageError) -> [String?]
    {
        if let output { return [output] }
        guard directory != nil || sourceRoot != nil else { return inputs.map { _ in nil } }
        var owners: [String: String] = [:]
        return try inputs.map { input throws(ParsedArguments.UsageError) in
            let url = URL(fileURLWithPath: input).standardizedFileURL
            var name = OutputName.forSource(atComponents: [url.lastPathComponent])
            if let sourceRoot {
                let root = URL(fileURLWithPath: sourceRoot).standardizedFileURL.pathComponents
                guard let inside = OutputName.components(of: url.pathComponents, below: root) else {
                    throw .init(message: "'\(input)' is not inside the source root '\(sourceRoot)'")
                }
                name = OutputName.forSource(atComponents: inside)
            }
            // Written as the user wrote the folder, so that messages show paths they know.
            let folder =
                directory ?? (input.contains("/") ? String(input[...input.lastIndex(of: "/")!].dropLast()) : "")
            let destination = folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if let other = owners[destination] {
                throw .init(
                    message:
                        "'\(other)' and '\(input)' would both be compiled to '\(destination)'\(sourceRoot == nil ? "; give --source-root to name outputs after their folders" : "")"
                )
            }
            owners[destination] = input
            return destination
        }
    }

    /// Compiles one input to its output, or compares them under `--check`.
    private func compileFile(
        _ input: String, output: String?, access: SwiftAccess, rewrite options: [String],
        check: Bool, warningsAsErrors: Bool
    ) -> ExitCode {
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
            let diff = UnifiedDiff.diff(
                from: old, to: swift, oldName: existing == nil ? "/dev/null" : destination,
                newName: destination)
            guard diff.isEmpty && existing != nil else {
                console.writeOutput(diff)
                // The command that writes it: the same input, output and settings.
                let command = (["fsmc compile", input] + options).joined(separator: " ")
                console.fail("'\(destination)' is \(existing == nil ? "missing" : "stale"); run '\(command)'")
                return .failure
            }
            return .success
        }
        let bytes = Array(swift.utf8)
        if existing == bytes { return .success }
        return writeFile(bytes, to: destination) ? .success : .ioFailure
    }

    /// `<name>.swift` beside `<name>.sm`.
    static func defaultOutput(for input: String) -> String {
        let url = URL(fileURLWithPath: input)
        return url.deletingPathExtension().appendingPathExtension("swift").relativePath == url.relativePath
            ? input + ".swift"
            : String(input.dropLast(url.pathExtension.isEmpty ? 0 : url.pathExtension.count + 1)) + ".swift"
    }
}

import FSMCompiler

/// The `fsmc` command: reads the command line, runs one command, returns the exit status.
public struct CommandLineTool {
    /// `X.Y.Z` in a release, `X.Y.Z-dev` between releases, X.Y.Z being the next one
    /// (Adding fsmc to a package › Which version: the policy; CHANGELOG.md agrees, which a
    /// test checks).
    public static let version = "0.1.0-dev"

    let console: Console

    public init(console: Console) {
        self.console = console
    }

    /// Runs `fsmc` with `arguments` (without the program name). A failure to write
    /// standard output ends it with an I/O failure, whatever the command said.
    public func run(_ arguments: [String]) -> ExitCode {
        let status = runCommand(arguments)
        if let failure = console.outputFailure() {
            console.fail("cannot write to standard output: \(failure)")
            return .ioFailure
        }
        return status
    }

    private func runCommand(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            console.writeError(Help.overview)
            return .usage
        }
        switch first {
        case "--help", "-h":
            console.writeOutput(Help.overview)
            return .success
        case "--version":
            console.writeOutput("fsmc \(Self.version)\n")
            return .success
        case "help":
            return help(Array(arguments.dropFirst()))
        default:
            guard let command = Self.commands.first(where: { $0.spec.name == first }) else {
                let hint = ParsedArguments.closest(to: first, among: Self.commands.map(\.spec.name))
                return usageError(
                    "unknown command '\(first)'\(hint)", usage: "fsmc <command> [options]; run 'fsmc --help'")
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains(where: { $0 == "--help" || $0 == "-h" }) && !rest.contains("--") {
                console.writeOutput(Help.text(for: command.spec))
                return .success
            }
            do {
                let parsed = try ParsedArguments(rest, for: command.spec)
                return command.run(self, parsed)
            } catch {
                return usageError(
                    error.message, usage: command.spec.usage + "\nrun 'fsmc help \(command.spec.name)' for more")
            }
        }
    }

    private func help(_ arguments: [String]) -> ExitCode {
        guard let name = arguments.first else {
            console.writeOutput(Help.overview)
            return .success
        }
        if name == "diagnostics" {
            console.writeOutput(Help.diagnostics)
            return .success
        }
        guard arguments.count == 1, let command = Self.commands.first(where: { $0.spec.name == name }) else {
            return usageError(
                "no help for '\(arguments.joined(separator: " "))'; commands are \(DiagnosticText.list(Self.commands.map(\.spec.name))), or 'diagnostics'",
                usage: "fsmc help <command>")
        }
        console.writeOutput(Help.text(for: command.spec))
        return .success
    }

    func usageError(_ message: String, usage: String) -> ExitCode {
        console.fail(message)
        console.writeError("usage: \(usage)\n")
        return .usage
    }

    // MARK: Shared by the commands

    /// Reads one input, or prints why it cannot be read and returns nil.
    func readInput(_ path: String) -> SourceFile? {
        do {
            return try InputFiles(console: console).read(path)
        } catch {
            console.fail(error.message)
            return nil
        }
    }

    /// Writes an output file atomically; on failure, says why and returns false.
    func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        do {
            try Files.write(bytes, to: path)
            return true
        } catch {
            console.fail("cannot write '\(path)': \(error.reason)")
            return false
        }
    }

    /// Reads and checks one input, printing its diagnostics. Returns the model, or the
    /// exit status to stop with: `.ioFailure` when unreadable, `.failure` for errors.
    func load(_ path: String, warningsAsErrors: Bool) -> Result<StateMachine, Stop> {
        guard let file = readInput(path) else { return .failure(Stop(.ioFailure)) }
        let result = Compiler.check(file)
        let diagnostics = warningsAsErrors ? result.diagnostics.map(\.asError) : result.diagnostics
        console.report(diagnostics)
        guard let machine = result.machine, !diagnostics.hasErrors else { return .failure(Stop(.failure)) }
        return .success(machine)
    }

    /// An exit status that ends a command early.
    struct Stop: Error {
        var code: ExitCode
        init(_ code: ExitCode) { self.code = code }
    }
}

/// A command: its spec and what it does.
struct Command: Sendable {
    var spec: CommandSpec
    var run: @Sendable (CommandLineTool, ParsedArguments) -> ExitCode
}

extension Diagnostic {
    /// The diagnostic as an error, for `--warnings-as-errors`.
    var asError: Diagnostic {
        var copy = self
        copy.severity = .error
        return copy
    }
}

extension Array where Element == ExitCode {
    /// The status of several inputs: an I/O failure outranks errors in the input.
    var combined: ExitCode {
        contains(.ioFailure) ? .ioFailure : contains(.failure) ? .failure : .success
    }
}

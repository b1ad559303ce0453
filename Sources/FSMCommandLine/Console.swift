import FSMCompiler
import Foundation

/// Where the tool reads and writes: the process's standard streams, or buffers in tests.
public struct Console: Sendable {
    public var readInput: @Sendable () -> [UInt8]
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Why writing to standard output failed, once it has; output after a failure is dropped.
    public var outputFailure: @Sendable () -> String?
    /// Whether diagnostics may be coloured: standard error is a terminal and NO_COLOR is unset.
    public var colorsErrors: Bool

    public init(
        readInput: @escaping @Sendable () -> [UInt8], writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void, outputFailure: @escaping @Sendable () -> String? = { nil },
        colorsErrors: Bool
    ) {
        self.readInput = readInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.outputFailure = outputFailure
        self.colorsErrors = colorsErrors
    }

    /// The process's own standard streams, written with `write(2)` so that a full disk or
    /// a closed descriptor is a failure to report, not a crash.
    public static var standard: Console {
        let output = StandardOutput()
        return Console(
            // An unreadable standard input reads as empty: the checks then say what is missing.
            readInput: { (try? Files.readToEnd(STDIN_FILENO, path: "-")) ?? [] },
            writeOutput: { output.write($0) },
            writeError: { try? Files.writeAll(Array($0.utf8), to: STDERR_FILENO) },
            outputFailure: { output.failure },
            colorsErrors: isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }

    /// Prints diagnostics the way swiftc does, bold and coloured on a terminal.
    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        writeError(diagnostics.map(render).joined())
    }

    private func render(_ diagnostic: Diagnostic) -> String {
        let color = diagnostic.severity == .error ? "31" : "35"
        var text =
            styled("\(diagnostic.location): ", "1")
            + styled("\(diagnostic.severity.rawValue): ", "1;\(color)")
            + styled("\(diagnostic.message) [\(diagnostic.id.rawValue)]", "1") + "\n"
        for note in diagnostic.printedNotes {
            text += styled("\(note.location): ", "1") + styled("note: ", "1;36") + note.message + "\n"
        }
        return text
    }

    private func styled(_ text: String, _ code: String) -> String {
        colorsErrors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `fsmc: error: …` for problems that are not in a `.sm` file.
    func fail(_ message: String) {
        writeError(styled("fsmc: ", "1") + styled("error: ", "1;31") + message + "\n")
    }
}

/// Standard output, which remembers its first failure and writes nothing after it.
private final class StandardOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var firstFailure: String?

    var failure: String? { lock.withLock { firstFailure } }

    func write(_ text: String) {
        lock.withLock {
            guard firstFailure == nil else { return }
            do throws(Files.Failure) {
                try Files.writeAll(Array(text.utf8), to: STDOUT_FILENO)
            } catch {
                firstFailure = error.reason
            }
        }
    }
}

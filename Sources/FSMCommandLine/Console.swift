import Foundation
import FSMCompiler

/// Where the tool reads and writes: the process's standard streams, or buffers in tests.
public struct Console: Sendable {
    public var readInput: @Sendable () -> [UInt8]
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether diagnostics may be coloured: standard error is a terminal and NO_COLOR is unset.
    public var colorsErrors: Bool

    public init(readInput: @escaping @Sendable () -> [UInt8], writeOutput: @escaping @Sendable (String) -> Void,
                writeError: @escaping @Sendable (String) -> Void, colorsErrors: Bool) {
        self.readInput = readInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.colorsErrors = colorsErrors
    }

    /// The process's own standard streams.
    public static var standard: Console {
        Console(
            readInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            colorsErrors: isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }

    /// Prints diagnostics the way swiftc does, bold and coloured on a terminal.
    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        writeError(diagnostics.map(render).joined())
    }

    private func render(_ diagnostic: Diagnostic) -> String {
        let color = diagnostic.severity == .error ? "31" : "35"
        var text = styled("\(diagnostic.location): ", "1")
            + styled("\(diagnostic.severity.rawValue): ", "1;\(color)")
            + styled("\(diagnostic.message) [\(diagnostic.id.rawValue)]", "1") + "\n"
        for note in diagnostic.notes {
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

import FSMCommandLine
import FSMTestSupport
import Foundation

/// What one in-process run of `fsmc` returned and printed, with `input` as standard input:
/// every command-line test runs the tool through here.
struct ToolTranscript {
    var status: ExitCode
    var output: String
    var errors: String

    static func run(_ arguments: [String], input: [UInt8] = [], colors: Bool = false) -> ToolTranscript {
        let streams = Streams()
        let console = Console(
            readInput: { input }, writeOutput: { streams.append($0, isError: false) },
            writeError: { streams.append($0, isError: true) }, colorsErrors: colors)
        let status = CommandLineTool(console: console).run(arguments)
        return streams.withLock { ToolTranscript(status: status, output: $0, errors: $1) }
    }

    static func run(_ arguments: [String], input: String, colors: Bool = false) -> ToolTranscript {
        run(arguments, input: Array(input.utf8), colors: colors)
    }

    var outputLines: [String] { output.split(separator: "\n").map(String.init) }

    /// Both streams, written to from the tool's closures.
    private final class Streams: @unchecked Sendable {
        private let lock = NSLock()
        private var output = ""
        private var errors = ""

        func append(_ text: String, isError: Bool) {
            lock.withLock { if isError { errors += text } else { output += text } }
        }

        func withLock<T>(_ body: (String, String) -> T) -> T {
            lock.withLock { body(output, errors) }
        }
    }
}

/// `fsmc` run in-process, its result as a tuple for destructuring.
enum InProcessTool {
    /// Runs the tool with `input` as standard input; returns status, output, errors.
    static func run(_ arguments: [String], input: String = "") -> (ExitCode, String, String) {
        let transcript = ToolTranscript.run(arguments, input: input)
        return (transcript.status, transcript.output, transcript.errors)
    }
}

import Foundation
import FSMCommandLine

/// What one in-process run of `fsmc` returned and printed, with `input` as standard input.
struct ToolTranscript {
    var status: ExitCode
    var output: String
    var errors: String

    static func run(_ arguments: [String], input: [UInt8] = []) -> ToolTranscript {
        let streams = Streams()
        let console = Console(readInput: { input }, writeOutput: { streams.append($0, isError: false) },
                              writeError: { streams.append($0, isError: true) }, colorsErrors: false)
        let status = CommandLineTool(console: console).run(arguments)
        return streams.withLock { ToolTranscript(status: status, output: $0, errors: $1) }
    }

    static func run(_ arguments: [String], input: String) -> ToolTranscript {
        run(arguments, input: Array(input.utf8))
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

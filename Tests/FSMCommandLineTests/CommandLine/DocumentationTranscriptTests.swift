import FSMTestSupport
import Foundation
import Testing

/// The commands README.md, the catalog's articles and the examples' READMEs show, with what
/// they print: each line `$ fsmc …` or `$ swift run fsmc …` of a code block, run from the
/// repository's root, prints the lines that follow it, up to the next `$` line (standard
/// output, then standard error, as a terminal shows them).
@Suite struct DocumentationTranscriptTests {
    struct Transcript: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: [String]
        var place: String
        var testDescription: String { "\(place): fsmc \(arguments.joined(separator: " "))" }
    }

    static let prefixes = ["$ fsmc ", "$ swift run fsmc "]

    static let transcripts: [Transcript] = (Documentation.blocks + Documentation.exampleReadmes.flatMap(\.blocks))
        .flatMap { block -> [Transcript] in
            var transcripts: [Transcript] = []
            for (index, line) in block.lines.enumerated() {
                guard let prefix = prefixes.first(where: line.hasPrefix) else { continue }
                let output = block.lines[(index + 1)...].prefix { !$0.hasPrefix("$ ") }
                transcripts.append(
                    Transcript(
                        arguments: words(String(line.dropFirst(prefix.count))), expected: Array(output),
                        place: "\(block.path):\(block.line + index)"))
            }
            return transcripts
        }

    /// The words of a command line, as a shell splits them: at blanks, except inside quotes.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test func transcriptsAreThere() {
        #expect(Self.transcripts.count >= 8)
        #expect(Self.transcripts.contains { $0.place.hasPrefix("Examples/") })
        #expect(
            Self.words("simulate A.sm --events 'Load(url: u),Seek(position: 2)' \"x y\"")
                == ["simulate", "A.sm", "--events", "Load(url: u),Seek(position: 2)", "x y"])
    }

    /// The command prints what the documentation says. Paths are given from the repository's
    /// root, as the documentation writes them; the tool runs in this process, so they are
    /// made absolute, and taken back out of what it prints.
    @Test(arguments: transcripts)
    func transcriptIsWhatFsmcPrints(_ transcript: Transcript) {
        let root = Paths.repository + "/"
        let arguments = transcript.arguments.map { argument in
            FileManager.default.fileExists(atPath: root + argument) ? root + argument : argument
        }
        #expect(arguments != transcript.arguments, "the command names no file of the repository")
        let run = ToolTranscript.run(arguments)
        let printed = (run.output + run.errors).replacingOccurrences(of: root, with: "")
        #expect(
            printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                == transcript.expected)
    }
}

import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// The README stays true: its copies of files are the files, its example is the tested
/// one, and it explains every diagnostic.
@Suite struct ReadmeTests {
    static let readme = String(decoding: readBytes(Paths.repository + "/README.md"), as: UTF8.self)

    /// The code block after each `<!-- readme-example: PATH -->` marker is PATH's content;
    /// `FSMC_UPDATE_GOLDEN=1` rewrites the blocks (and fails, as the golden tests do).
    @Test func embeddedFilesAreCurrent() throws {
        let marker = "<!-- readme-example: "
        var parts = Self.readme.components(separatedBy: marker)
        #expect(parts.count >= 3)
        for index in parts.indices.dropFirst() {
            let path = String(parts[index].prefix { $0 != " " })
            let lines = parts[index].split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            let rest = lines[2].components(separatedBy: "\n```\n")
            let file = String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
            if GoldenTests.isUpdating {
                parts[index] =
                    ([lines[0], lines[1], Substring(file.dropLast())].joined(separator: "\n")
                        + "\n```\n" + rest.dropFirst().joined(separator: "\n```\n"))
            } else {
                #expect(
                    rest[0] + "\n" == file, "README's copy of \(path) is stale; run FSMC_UPDATE_GOLDEN=1 swift test")
            }
        }
        if GoldenTests.isUpdating {
            try Data(parts.joined(separator: marker).utf8).write(
                to: URL(fileURLWithPath: Paths.repository + "/README.md"))
            Issue.record("FSMC_UPDATE_GOLDEN=1: rewrote the README's copies of generated files; review git diff")
        }
    }

    /// The first Swift block after `heading`.
    static func firstSwiftBlock(after heading: String) throws -> String {
        let section = try #require(readme.components(separatedBy: heading).dropFirst().last)
        return section.components(separatedBy: "```swift\n")[1].components(separatedBy: "```\n")[0]
    }

    /// "Testing a machine" quotes MediaPlayer's tests and the timer tests, "Using a machine"
    /// the handled-events and snapshot tests: each quote's lines are consecutive lines of its
    /// file (indentation aside), which CI compiles and runs.
    @Test(arguments: [
        ("Examples/MediaPlayer/Tests/PlayerTests/PlayerTests.swift", "[MediaPlayer's tests]"),
        ("Tests/GeneratedCodeTests/TimerTests.swift", "tests]"),
        ("Tests/GeneratedCodeTests/HandledEventsTests.swift", "tests]"),
        ("Tests/GeneratedCodeTests/SnapshotTests.swift", "tests]"),
    ])
    func testingExamplesAreQuotedFromTests(path: String, link: String) throws {
        let block = try Self.firstSwiftBlock(after: "\(link)(\(path)):")
        let quoted = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let file = String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(quoted.count >= 3)
        let found = file.indices.contains { start in
            start + quoted.count <= file.count && Array(file[start..<start + quoted.count]) == quoted
        }
        #expect(found, "README's quote of \(path) is not in that file any more")
    }

    /// The README's usage example is, line for line (indentation aside), the code between
    /// the `// README begin` and `// README end` markers of ReadmeExampleTests.swift.
    @Test func usageExampleIsTheTestedOne() throws {
        let block = try Self.firstSwiftBlock(after: "\n## Using a machine\n")
        let test = String(
            decoding: readBytes(Paths.repository + "/Tests/GeneratedCodeTests/ReadmeExampleTests.swift"), as: UTF8.self)
        let tested = test.components(separatedBy: "// README begin").dropFirst()
            .map {
                $0.components(separatedBy: "// README end")[0].split(separator: "\n", omittingEmptySubsequences: false)
                    .dropFirst()
            }
            .joined()
        #expect(
            Self.significantLines(block) == ["import FSMRuntime"]
                + Self.significantLines(tested.joined(separator: "\n")))
    }

    /// The short example before the first section is the usage example with lines left
    /// out, so that it is tested too.
    @Test func openingExampleIsPartOfTheUsageExample() throws {
        let opening = try #require(Self.readme.components(separatedBy: "\n## ").first)
        let block = opening.components(separatedBy: "```swift\n")[1].components(separatedBy: "```\n")[0]
        let usageBlock = try Self.firstSwiftBlock(after: "\n## Using a machine\n")
        var usage = Self.significantLines(usageBlock)[...]
        for line in Self.significantLines(block) {
            let found = try #require(
                usage.firstIndex(of: line), "'\(line)' is not in the usage example, or not in its order")
            usage = usage[(found + 1)...]
        }
    }

    static func significantLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }.map(String.init)
    }

    @Test(arguments: DiagnosticID.allCases)
    func everyDiagnosticIsExplained(_ id: DiagnosticID) {
        #expect(Self.readme.contains("| `\(id.rawValue)` |"))
    }
}

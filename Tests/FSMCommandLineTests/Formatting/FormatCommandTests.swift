import FSMCommandLine
import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc format`: printing, `--in-place`, `--check`, standard input, and what it refuses.
@Suite struct FormatCommandTests {
    static let unformatted = "FSM: T\nInitial: A\n{\nA { Go B * }\nB Go A -\n}"
    static let formatted = "FSM: T\nInitial: A\n{\n  A {\n    Go  B  -\n  }\n  B  Go  A  -\n}\n"
    static let broken = "FSM: T\nInitial: A\n{\n  A Go\n}\n"

    /// Writes `files` (name → content) into a fresh directory.
    static func workspace(_ files: [String: String]) throws -> URL {
        let directory = try TemporaryFolder("fsmc-format").url
        for (name, content) in files {
            try Data(content.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    static func contents(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test func printsTheFormattedFileToStandardOutput() throws {
        let directory = try Self.workspace(["a.sm": Self.unformatted])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.sm")
        let (status, output, errors) = InProcessTool.run(["format", path.path])
        #expect(status == .success && errors.isEmpty)
        #expect(output == Self.formatted)
        #expect(try Self.contents(path) == Self.unformatted)
    }

    @Test func dashReadsStandardInput() {
        let (status, output, _) = InProcessTool.run(["format", "-"], input: Self.unformatted)
        #expect(status == .success && output == Self.formatted)
        let (checkStatus, diff, errors) = InProcessTool.run(["format", "--check", "-"], input: Self.unformatted)
        #expect(checkStatus == .failure)
        #expect(diff.hasPrefix("--- <stdin>\n+++ <stdin>\n@@ "))
        #expect(errors == "fsmc: error: '<stdin>' is not formatted; run 'fsmc format --in-place -'\n")
    }

    @Test func inPlaceRewritesOnlyFilesThatChange() throws {
        let directory = try Self.workspace(["a.sm": Self.unformatted, "b.sm": Self.formatted])
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.sm")
        let b = directory.appendingPathComponent("b.sm")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: b.path)
        let (status, output, errors) = InProcessTool.run(["format", "--in-place", a.path, b.path])
        #expect(status == .success && output.isEmpty && errors.isEmpty)
        #expect(try Self.contents(a) == Self.formatted)
        #expect(try Self.contents(b) == Self.formatted)
        let modified = try FileManager.default.attributesOfItem(atPath: b.path)[.modificationDate] as? Date
        #expect(modified == old)
    }

    @Test func checkPrintsADiffAndFailsWhenAFileIsNotFormatted() throws {
        let directory = try Self.workspace(["a.sm": Self.unformatted, "b.sm": Self.formatted])
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.sm")
        let b = directory.appendingPathComponent("b.sm")
        let (passing, quiet, noErrors) = InProcessTool.run(["format", "--check", b.path])
        #expect(passing == .success && quiet.isEmpty && noErrors.isEmpty)
        let (status, diff, errors) = InProcessTool.run(["format", "--check", a.path, b.path])
        #expect(status == .failure)
        #expect(diff == UnifiedDiff.diff(from: Self.unformatted, to: Self.formatted, oldName: a.path, newName: a.path))
        #expect(diff.contains("-A { Go B * }\n") && diff.contains("+    Go  B  -\n"))
        #expect(errors == "fsmc: error: '\(a.path)' is not formatted; run 'fsmc format --in-place \(a.path)'\n")
        #expect(try Self.contents(a) == Self.unformatted)
    }

    @Test func filesWithSyntaxErrorsAreLeftAlone() throws {
        let directory = try Self.workspace(["bad.sm": Self.broken, "a.sm": Self.unformatted])
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.sm")
        let a = directory.appendingPathComponent("a.sm")
        let (status, output, errors) = InProcessTool.run(["format", "--in-place", bad.path, a.path])
        #expect(status == .failure && output.isEmpty)
        #expect(errors == "\(bad.path):5:1: error: expected a next state or '-', found '}' [syntaxError]\n")
        #expect(try Self.contents(bad) == Self.broken)
        #expect(try Self.contents(a) == Self.formatted)
        let (printStatus, printed, _) = InProcessTool.run(["format", bad.path])
        #expect(printStatus == .failure && printed.isEmpty)
    }

    @Test func exitStatusesForUsageAndInputOutputProblems() throws {
        #expect(InProcessTool.run(["format"]).0 == .usage)
        #expect(InProcessTool.run(["format", "--in-place", "--check", "a.sm"]).0 == .usage)
        #expect(InProcessTool.run(["format", "--in-place", "-"]).0 == .usage)
        #expect(InProcessTool.run(["format", "--width", "a.sm"]).0 == .usage)
        let (status, _, errors) = InProcessTool.run(["format", "/nonexistent/a.sm"])
        #expect(status == .ioFailure && errors == "fsmc: error: cannot read '/nonexistent/a.sm': no such file\n")
    }

    @Test func everyExampleIsCheckedWithoutErrors() {
        for path in Paths.machineFiles where path.hasPrefix("Examples/") {
            let (status, _, errors) = InProcessTool.run(["format", "--check", Paths.repository + "/" + path])
            #expect(status != .ioFailure && status != .usage && !errors.contains("[syntaxError]"), "\(path)")
        }
    }
}

import FSMCommandLine
import FSMTestSupport
import Foundation
import Testing

/// `fsmc compile`: where it writes, what it refuses to write, and `--check`.
@Suite struct CompileCommandTests {
    /// A fresh directory holding a copy of the turnstile example.
    private static func workspace() throws -> URL {
        let directory = try TemporaryFolder("fsmc-compile").url
        try FileManager.default.copyItem(
            atPath: Paths.examples + "/Turnstile/Turnstile.sm",
            toPath: directory.appendingPathComponent("Turnstile.sm").path)
        return directory
    }

    private static var golden: String {
        String(
            decoding: readBytes(Paths.repository + "/Tests/GeneratedCodeTests/Generated/Turnstile.swift"), as: UTF8.self
        )
    }

    private static let broken = "FSM: T\nInitial: A\n{\n  A Go B -\n}\n"

    @Test func writesNameDotSwiftBesideTheInput() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, output, errors) = InProcessTool.run([
            "compile", directory.appendingPathComponent("Turnstile.sm").path,
        ])
        #expect(status == .success && output.isEmpty && errors.isEmpty)
        let written = try String(contentsOf: directory.appendingPathComponent("Turnstile.swift"), encoding: .utf8)
        #expect(written == Self.golden)
    }

    @Test func dashOWritesStandardOutputAndDashReadsStandardInput() throws {
        let source = String(decoding: readBytes(Paths.examples + "/Turnstile/Turnstile.sm"), as: UTF8.self)
        let (status, output, _) = InProcessTool.run(["compile", Paths.examples + "/Turnstile/Turnstile.sm", "-o", "-"])
        #expect(status == .success && output == Self.golden)
        let (stdinStatus, stdinOutput, _) = InProcessTool.run(["compile", "-"], input: source)
        #expect(stdinStatus == .success)
        #expect(stdinOutput == Self.golden.replacingOccurrences(of: "from Turnstile.sm", with: "from <stdin>"))
    }

    @Test func accessLevelAppliesToEveryDeclaration() {
        let (status, output, _) = InProcessTool.run([
            "compile", Paths.examples + "/Turnstile/Turnstile.sm", "-o", "-", "--access", "public",
        ])
        #expect(status == .success)
        #expect(output.contains("public enum TurnstileState"))
        #expect(output.contains("public protocol TurnstileActions"))
        #expect(output.contains("public final class Turnstile<Actions: TurnstileActions>"))
        #expect(output.contains("    public var state: TurnstileState { currentState }"))
        #expect(output.contains("    @inlinable\n    @discardableResult\n    public func coin() -> Outcome"))
        #expect(!output.contains("private func"))
        let (packageStatus, packageOutput, _) = InProcessTool.run([
            "compile", Paths.examples + "/Turnstile/Turnstile.sm", "-o", "-", "--access=package",
        ])
        #expect(packageStatus == .success && packageOutput.contains("package final class Turnstile"))
    }

    @Test func errorsInTheInputWriteNothingAndKeepThePreviousOutput() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("Broken.sm")
        let output = directory.appendingPathComponent("Broken.swift")
        try Self.broken.write(to: input, atomically: true, encoding: .utf8)
        try "previous".write(to: output, atomically: true, encoding: .utf8)
        let (status, stdout, errors) = InProcessTool.run(["compile", input.path])
        #expect(status == .failure && stdout.isEmpty)
        #expect(errors == "\(input.path):4:8: error: next state 'B' is not defined [undefinedState]\n")
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
        let (_, _, _) = InProcessTool.run([
            "compile", input.path, "-o", directory.appendingPathComponent("New.swift").path,
        ])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("New.swift").path))
    }

    @Test func anUnchangedOutputIsNotRewritten() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("Turnstile.sm").path
        let output = directory.appendingPathComponent("Turnstile.swift").path
        #expect(InProcessTool.run(["compile", input]).0 == .success)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output)
        #expect(InProcessTool.run(["compile", input]).0 == .success)
        let modified = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func aChangedOutputIsReplacedWhole() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Turnstile.swift")
        try String(repeating: "stale line\n", count: 10_000).write(to: output, atomically: true, encoding: .utf8)
        #expect(InProcessTool.run(["compile", directory.appendingPathComponent("Turnstile.sm").path]).0 == .success)
        #expect(try String(contentsOf: output, encoding: .utf8) == Self.golden)
    }

    @Test func checkPassesOnAFreshFileAndFailsWithADiffOnAStaleOne() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("Turnstile.sm").path
        let output = directory.appendingPathComponent("Turnstile.swift")

        let (missing, missingDiff, missingError) = InProcessTool.run(["compile", input, "--check"])
        #expect(missing == .failure)
        let goldenLines = Self.golden.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(
            missingDiff.hasPrefix(
                "--- /dev/null\n+++ \(output.path)\n@@ -0,0 +1,\(goldenLines.count) @@\n+// generated by fsmc"))
        #expect(missingError == "fsmc: error: '\(output.path)' is missing; run 'fsmc compile \(input)'\n")
        // The advice repeats the output and access level that were given.
        let (_, _, renamedError) = InProcessTool.run([
            "compile", input, "-o", output.path + ".x", "--access", "public", "--check",
        ])
        #expect(
            renamedError
                == "fsmc: error: '\(output.path).x' is missing; run 'fsmc compile \(input) -o \(output.path).x --access public'\n"
        )
        #expect(!FileManager.default.fileExists(atPath: output.path))

        #expect(InProcessTool.run(["compile", input]).0 == .success)
        let (fresh, freshOutput, freshErrors) = InProcessTool.run(["compile", input, "--check"])
        #expect(fresh == .success && freshOutput.isEmpty && freshErrors.isEmpty)

        let stale = Self.golden.replacingOccurrences(of: "            actions.thankyou()\n", with: "")
        // The hunk starts three lines of context before the removed line.
        let removedLine = try #require(goldenLines.firstIndex(of: "            actions.thankyou()")) + 1
        let hunk = "@@ -\(removedLine - 3),6 +\(removedLine - 3),7 @@"
        try stale.write(to: output, atomically: true, encoding: .utf8)
        let (staleStatus, diff, _) = InProcessTool.run(["compile", input, "--check"])
        #expect(staleStatus == .failure)
        #expect(
            diff == """
                --- \(output.path)
                +++ \(output.path)
                \(hunk)
                             actions.lock()
                             return .transitioned(from: .unlocked, to: .locked)
                         case .coin:
                +            actions.thankyou()
                             return .transitioned(from: .unlocked, to: .unlocked)
                         case .pass:
                             state = .locked

                """)
        #expect(try String(contentsOf: output, encoding: .utf8) == stale)
    }

    @Test func outputProblemsAreIOFailures() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("Turnstile.sm").path
        let (status, _, errors) = InProcessTool.run(["compile", input, "-o", directory.path + "/missing/T.swift"])
        #expect(status == .ioFailure)
        #expect(
            errors
                == "fsmc: error: cannot write '\(directory.path)/missing/T.swift': no such directory '\(directory.path)/missing'\n"
        )
        let (readStatus, _, readErrors) = InProcessTool.run(["compile", directory.path + "/Nope.sm"])
        #expect(readStatus == .ioFailure)
        #expect(readErrors == "fsmc: error: cannot read '\(directory.path)/Nope.sm': no such file\n")
    }

    @Test func usageErrors() {
        #expect(InProcessTool.run(["compile"]).0 == .usage)
        #expect(InProcessTool.run(["compile", "a.sm", "b.sm", "-o", "x.swift"]).0 == .usage)
        let (status, _, errors) = InProcessTool.run(["compile", "a.sm", "--access", "open"])
        #expect(status == .usage)
        #expect(
            errors.hasPrefix(
                "fsmc: error: 'open' is not a valid value for '--access'; expected public, package or internal\n"))
    }
}

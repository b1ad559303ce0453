import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// The Swift generated for each example is compared byte for byte with its golden file in
/// Tests/GeneratedCodeTests/Generated, where the GeneratedCodeTests target compiles it
/// (Swift 6, complete concurrency checking, warnings as errors) and drives it.
///
/// `Tests/update-goldens.sh` rewrites the golden files with the fsmc command, which works
/// even when the old ones no longer compile; `FSMC_UPDATE_GOLDEN=1 swift test` rewrites
/// them from the test and fails on purpose, so that the switch cannot be left on in CI.
/// Review `git diff` before committing.
@Suite struct GoldenTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        var source: String
        var access: SwiftAccess
        /// The warnings checking the source gives, if any (it gives no error).
        var warnings: [DiagnosticID] = []
        var testDescription: String { source }

        var goldenPath: String {
            let base = source.split(separator: "/").last!.dropLast(".sm".count)
            return Paths.repository + "/Tests/GeneratedCodeTests/Generated/\(base).swift"
        }
    }

    /// The golden files, as Tests/GeneratedCodeTests/Goldens.txt lists them (the list
    /// Tests/update-goldens.sh reads too).
    static let goldens: [Golden] = {
        let list = String(
            decoding: readBytes(Paths.repository + "/Tests/GeneratedCodeTests/Goldens.txt"), as: UTF8.self)
        return list.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard let source = fields.first, let access = fields.dropFirst().first.flatMap(SwiftAccess.init(rawValue:))
            else {
                Issue.record("Goldens.txt: a line needs a source and an access level: \(line)")
                return nil
            }
            let warnings = fields.dropFirst(2).compactMap(DiagnosticID.init(rawValue:))
            if warnings.count != fields.count - 2 {
                Issue.record("Goldens.txt: a warning that no diagnostic ID names: \(line)")
            }
            return Golden(source: source, access: access, warnings: warnings)
        }
    }()

    @Test func everyGoldenFileIsListed() throws {
        let folder = Paths.repository + "/Tests/GeneratedCodeTests/Generated"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(Set(files.map { folder + "/" + $0 }) == Set(Self.goldens.map(\.goldenPath)))
    }

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1" }

    @Test(arguments: goldens)
    func generatedCodeMatchesGolden(_ golden: Golden) throws {
        let source = SourceFile(name: golden.source, bytes: readBytes(Paths.repository + "/" + golden.source))
        let output = Compiler.compile(source, access: golden.access)
        #expect(output.diagnostics.map(\.id) == golden.warnings, "\(output.diagnostics.map(\.description))")
        #expect(!output.diagnostics.hasErrors)
        let swift = try #require(output.swift)
        if Self.isUpdating {
            try Data(swift.utf8).write(to: URL(fileURLWithPath: golden.goldenPath), options: .atomic)
            Issue.record(
                "FSMC_UPDATE_GOLDEN=1: rewrote \(golden.goldenPath); unset it, review git diff and run the tests again")
            return
        }
        let expected = String(decoding: readBytes(golden.goldenPath), as: UTF8.self)
        #expect(
            swift == expected, "\(golden.goldenPath) is stale; run FSMC_UPDATE_GOLDEN=1 swift test and review git diff")
    }

    @Test func generationIsDeterministic() throws {
        let source = SourceFile(
            name: "EnforcedTurnstile.sm",
            bytes: readBytes(Paths.examples + "/EnforcedTurnstile/EnforcedTurnstile.sm"))
        let runs = (0..<5).map { _ in Compiler.compile(source).swift }
        #expect(Set(runs).count == 1)
    }
}

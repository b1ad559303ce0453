import Foundation
import Testing
import FSMCompiler
import FSMTestSupport

/// The Swift generated for each example is compared byte for byte with its golden file in
/// Tests/GeneratedCodeTests/Generated, where the GeneratedCodeTests target compiles it
/// (Swift 6, complete concurrency checking, warnings as errors) and drives it.
///
/// `FSMC_UPDATE_GOLDEN=1 swift test` rewrites the golden files and fails on purpose, so
/// that the switch cannot be left on in CI; review `git diff` before committing.
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

    static let goldens: [Golden] = [
        Golden(source: "Examples/Turnstile/Turnstile.sm", access: .internal),
        Golden(source: "Examples/TwoCoinTurnstile/Sources/two-coin-turnstile/TwoCoinTurnstile.sm", access: .package),
        Golden(source: "Examples/EnforcedTurnstile/EnforcedTurnstile.sm", access: .internal),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm", access: .public),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/EntryExitUML.sm", access: .internal),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/EntryExitAlways.sm", access: .internal),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/EntryExitOnChange.sm", access: .internal),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/Relay.sm", access: .internal),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/Keywords.sm", access: .public),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/Shadows.sm", access: .internal),
        Golden(source: "Tests/FSMCompilerTests/Fixtures/Machines/Unfinished.sm", access: .internal, warnings: [.noEvents]),
    ]

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
            Issue.record("FSMC_UPDATE_GOLDEN=1: rewrote \(golden.goldenPath); unset it, review git diff and run the tests again")
            return
        }
        let expected = String(decoding: readBytes(golden.goldenPath), as: UTF8.self)
        #expect(swift == expected, "\(golden.goldenPath) is stale; run FSMC_UPDATE_GOLDEN=1 swift test and review git diff")
    }

    @Test func generationIsDeterministic() throws {
        let source = SourceFile(name: "EnforcedTurnstile.sm",
                                bytes: readBytes(Paths.examples + "/EnforcedTurnstile/EnforcedTurnstile.sm"))
        let runs = (0..<5).map { _ in Compiler.compile(source).swift }
        #expect(Set(runs).count == 1)
    }
}

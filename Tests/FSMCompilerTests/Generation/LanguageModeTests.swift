import Foundation
import Testing
import FSMCompiler
import FSMTestSupport

/// The golden files build warning-free in the modes an app's targets use besides the
/// GeneratedCodeTests target's (Swift 6, complete checking): Swift 5 mode; a module whose
/// default isolation is the main actor (Swift 6.2's `defaultIsolation`, the default of new
/// Xcode app targets), where the machines that name no actor must stay nonisolated; and
/// `NonisolatedNonsendingByDefault`, where async functions run in their caller's isolation.
/// The goldens cover every header (Isolation, Async, Observable) at every access level.
@Suite struct LanguageModeTests {
    static let modes: [(name: String, options: [String])] = [
        ("swift-5", ["-swift-version", "5"]),
        ("main-actor-by-default", ["-default-isolation", "MainActor"]),
        ("nonisolated-nonsending", ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]),
    ]

    @Test(arguments: modes.map(\.name))
    func goldenFilesBuildWarningFree(in mode: String) throws {
        let options = try #require(Self.modes.first { $0.name == mode }).options
        let folder = Paths.repository + "/Tests/GeneratedCodeTests/Generated"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(names.count == GoldenTests.goldens.count)
        let files = Dictionary(uniqueKeysWithValues: names.map { ($0, String(decoding: readBytes(folder + "/" + $0), as: UTF8.self)) })
        let diagnostics = try SwiftToolchain.shared.get().typecheck(named: "mode-\(mode)", files: files, options: options,
                                                                    checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }
}

import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

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
        let files = Dictionary(
            uniqueKeysWithValues: names.map { ($0, String(decoding: readBytes(folder + "/" + $0), as: UTF8.self)) })
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "mode-\(mode)", files: files, options: options,
            checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }

    /// "Using a machine", "What not to do": Swift 6 rejects sharing a machine between tasks,
    /// both ways the article shows, with the errors it quotes.
    @Test func swiftRejectsAMachineSharedBetweenTasks() throws {
        let folder = Paths.repository + "/Tests/GeneratedCodeTests/Generated"
        let misuse = """
            struct Counter: TurnstileActions {
                func lock() {}
                func unlock() {}
                func thankyou() {}
                func alarmOn() {}
                func alarmOff() {}
            }

            func share() {
                let machine = Turnstile(actions: Counter())
                Task { machine.coin() }
                machine.pass()
            }

            actor Gate {
                let machine = Turnstile(actions: Counter())
                func share() -> Turnstile<Counter> { machine }
            }

            func steal(from gate: Gate) async {
                let stolen = await gate.share()
                stolen.coin()
            }
            """
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "shared-machine",
            files: [
                "Turnstile.swift": String(decoding: readBytes(folder + "/Turnstile.swift"), as: UTF8.self),
                "Misuse.swift": misuse,
            ],
            checkingRegions: true)
        #expect(
            diagnostics.contains(
                "Misuse.swift:11:5: error: sending value of non-Sendable type '() async -> Outcome<TurnstileState>' risks causing data races"
            ),
            "\(diagnostics.prefix(3_000))")
        #expect(
            diagnostics.contains(
                "error: non-Sendable 'Turnstile<Counter>'-typed result can not be returned from actor-isolated instance method 'share()' to nonisolated context"
            ),
            "\(diagnostics.prefix(3_000))")
    }
}

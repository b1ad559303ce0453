import FSMCommandLine
import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `compile --config`, `--source-root` and `--output-directory`: what the plugins run.
@Suite struct CompileOptionsTests {
    static let turnstile = readBytes(Paths.examples + "/Turnstile/Turnstile.sm")
    static var lobby: [UInt8] {
        Array(
            String(decoding: turnstile, as: UTF8.self)
                .replacingOccurrences(of: "FSM: Turnstile", with: "FSM: Lobby")
                .replacingOccurrences(of: "Actions: TurnstileActions", with: "Actions: LobbyActions").utf8)
    }

    static func text(_ bytes: [UInt8]?) -> String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// Same-named files in two folders, named after their paths, into one folder; the
    /// configuration's access level applies to both.
    @Test func sourceRootNamesOutputsAfterTheirPaths() throws {
        let folder = try TemporaryFolder("fsmc-options")
        defer { folder.remove() }
        let first = try folder.write("T/Turnstile.sm", Self.turnstile)
        let second = try folder.write("T/Lobby/Turnstile.sm", Self.lobby)
        let config = try folder.write("T/fsmc-config.json", "{ \"access\": \"package\" }\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: true)
        let (status, output, errors) = InProcessTool.run([
            "compile", first, second, "--source-root", folder.path + "/T",
            "--output-directory", folder.path + "/out", "--config", config,
        ])
        #expect(status == .success && output.isEmpty && errors.isEmpty)
        #expect(Self.text(folder.read("out/Turnstile.swift")).contains("package final class Turnstile<"))
        #expect(Self.text(folder.read("out/Lobby_Turnstile.swift")).contains("package final class Lobby<"))
        // --access wins over the configuration.
        #expect(
            InProcessTool.run([
                "compile", first, "--source-root", folder.path + "/T", "--config", config, "--access", "public",
            ]).0 == .success)
        #expect(Self.text(folder.read("T/Turnstile.swift")).contains("public final class Turnstile<"))
    }

    /// A configuration with mistakes compiles nothing and says where each one is, once.
    @Test func aBadConfigurationStopsEverything() throws {
        let folder = try TemporaryFolder("fsmc-options")
        defer { folder.remove() }
        let input = try folder.write("Turnstile.sm", Self.turnstile)
        let second = try folder.write("Other.sm", Self.lobby)
        let config = try folder.write("fsmc-config.json", "{\n  \"acess\": \"public\",\n  \"access\": \"open\"\n}\n")
        let (status, output, errors) = InProcessTool.run(["compile", input, second, "--config", config])
        #expect(status == .failure && output.isEmpty)
        #expect(
            errors == """
                \(config):2:3: error: unknown key 'acess'; did you mean 'access'? [invalidConfiguration]
                \(config):3:13: error: 'access' is 'open'; it must be "public", "package" or "internal" [invalidConfiguration]

                """)
        #expect(folder.read("Turnstile.swift") == nil && folder.read("Other.swift") == nil)
        let missing = InProcessTool.run(["compile", input, "--config", folder.path + "/nowhere.json"])
        #expect(missing.0 == .ioFailure)
        #expect(missing.2.hasPrefix("fsmc: error: cannot read '\(folder.path)/nowhere.json'"))
    }

    @Test(arguments: [
        (
            ["compile", "a.sm", "b/a.sm", "--output-directory", "out"],
            "fsmc: error: 'a.sm' and 'b/a.sm' would both be compiled to 'out/a.swift'; give --source-root to name outputs after their folders\n"
        ),
        (
            ["compile", "a.sm", "-o", "a.swift", "--source-root", "."],
            "fsmc: error: -o names its output; it cannot be combined with --output-directory or --source-root\n"
        ),
        (
            ["compile", "-", "--output-directory", "out"],
            "fsmc: error: standard input has no path to name its output after; use -o\n"
        ),
        (
            ["compile", "/elsewhere/a.sm", "--source-root", "/work"],
            "fsmc: error: '/elsewhere/a.sm' is not inside the source root '/work'\n"
        ),
    ])
    func usageErrors(arguments: [String], expected: String) {
        let (status, _, errors) = InProcessTool.run(arguments)
        #expect(status == .usage)
        #expect(errors.hasPrefix(expected))
    }

    /// The command `--check` suggests rewrites the file where it is checked.
    @Test func checkSuggestsTheSameOptions() throws {
        let folder = try TemporaryFolder("fsmc-options")
        defer { folder.remove() }
        let input = try folder.write("T/Lobby/Turnstile.sm", Self.lobby)
        let (status, _, errors) = InProcessTool.run(["compile", input, "--source-root", folder.path + "/T", "--check"])
        #expect(status == .failure)
        #expect(
            errors
                == "fsmc: error: '\(folder.path)/T/Lobby/Lobby_Turnstile.swift' is missing; run 'fsmc compile \(input) --source-root \(folder.path)/T'\n"
        )
        #expect(InProcessTool.run(["compile", input, "--source-root", folder.path + "/T"]).0 == .success)
        #expect(InProcessTool.run(["compile", input, "--source-root", folder.path + "/T", "--check"]).0 == .success)
    }
}

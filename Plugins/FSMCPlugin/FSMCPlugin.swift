import Foundation
import PackagePlugin

/// Compiles every `.sm` file of a target into Swift at build time.
///
/// Each file gets one build command whose inputs are the `.sm` file (and
/// `fsmc-config.json`, if the target has one) and the `fsmc` tool, so a build regenerates
/// exactly the files whose source, configuration or compiler changed. SwiftPM makes a
/// tool from `context.tool(named:)` an input of the commands that run it; naming it in
/// `inputFiles` as well makes SwiftPM 6 on Linux relink it, and so rerun every command,
/// on every build. `.ci/plugin-checks.sh` checks that a build with nothing changed runs
/// nothing, and that a change to the `.sm` file or to fsmc's source runs the command.
/// Outputs go to the plugin's work directory, named after the file's path inside the
/// target (`Machines/Turnstile.sm` → `Machines_Turnstile.swift`; see `OutputName`),
/// because Swift needs every file name in a module to be unique.
@main
struct FSMCPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let fsmc = try context.tool(named: "fsmc").url
        let directory = (target as any Target).directoryURL
        let config = try Configuration(in: directory)
        return target.sourceFiles(withSuffix: "sm").map { file in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(
                Self.outputName(for: file.url, in: directory))
            return .buildCommand(
                displayName: "Compiling state machine \(file.url.lastPathComponent)",
                executable: fsmc,
                arguments: ["compile", file.url.path, "-o", output.path] + config.arguments,
                inputFiles: [file.url] + (config.file.map { [$0] } ?? []),
                outputFiles: [output])
        }
    }

    /// The file's path inside the target as one file name (see `OutputName`).
    static func outputName(for file: URL, in directory: URL) -> String {
        let base = directory.standardizedFileURL.pathComponents
        let components = Array(file.standardizedFileURL.pathComponents.dropFirst(base.count))
        return OutputName.forSource(atComponents: components.isEmpty ? [file.lastPathComponent] : components)
    }
}

/// `fsmc-config.json` in a target's folder, as swift-protobuf's plugin reads
/// `swift-protobuf-config.json`: `{ "access": "public" }` sets the access level of the
/// target's generated code (`public`, `package` or `internal`, the default).
struct Configuration: Decodable {
    var access: String?
    /// The file it was read from, which is then an input of every command.
    var file: URL?

    private enum CodingKeys: String, CodingKey { case access }

    init(in directory: URL) throws {
        let url = directory.appendingPathComponent("fsmc-config.json")
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        do {
            self = try JSONDecoder().decode(Configuration.self, from: data)
        } catch {
            throw ConfigurationError(description: "\(url.path): error: not a valid fsmc configuration: \(error)")
        }
        file = url
    }

    var arguments: [String] { access.map { ["--access", $0] } ?? [] }
}

struct ConfigurationError: Error, CustomStringConvertible {
    var description: String
}

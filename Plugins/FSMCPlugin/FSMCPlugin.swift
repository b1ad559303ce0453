import Foundation
import PackagePlugin

/// Compiles the `.sm` files of a target into Swift at build time.
///
/// All of a target's `.sm` files are one build command, `fsmc compile … --source-root
/// TARGET --output-directory WORK [--config fsmc-config.json]`, whose inputs are the
/// `.sm` files, the configuration and the `fsmc` tool. fsmc reads the configuration when
/// the command runs, so an edit of it takes effect at the next build, and reports a
/// mistake in it once, located in the file. fsmc rewrites only outputs whose content
/// changes, so a build after an edit of one `.sm` file recompiles only its Swift. SwiftPM
/// makes a tool from `context.tool(named:)` an input of the commands that run it; naming
/// it in `inputFiles` as well makes SwiftPM 6 on Linux relink it, and so rerun every
/// command, on every build. `.ci/plugin-checks.sh` checks that a build with nothing
/// changed runs nothing, and that a change to a `.sm` file, to the configuration or to
/// fsmc's source runs the command. Outputs are named after each file's path inside the
/// target (`Machines/Turnstile.sm` → `Machines_Turnstile.swift`; see `OutputName`),
/// because Swift needs every file name in a module to be unique.
@main
struct FSMCPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return StateMachineBuild(
            fsmc: try context.tool(named: "fsmc").url,
            sources: module.sourceFiles(withSuffix: "sm").map(\.url),
            sourceRoot: target.directoryURL,
            configuration: StateMachineBuild.configuration(in: target.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL
        ).commands
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same build command for an Xcode project's target: its `.sm` files are those among
    /// the target's input files, named after their paths below the folder that holds them
    /// all, and its configuration is a `fsmc-config.json` among them. Only this adapter is Xcode's; it is
    /// compiled by Xcode alone (Linux has no XcodeProjectPlugin module).
    extension FSMCPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let files = target.inputFiles.map(\.url)
            let sources = files.filter { $0.pathExtension == "sm" }
            return StateMachineBuild(
                fsmc: try context.tool(named: "fsmc").url,
                sources: sources,
                sourceRoot: StateMachineBuild.commonFolder(of: sources) ?? context.xcodeProject.directoryURL,
                configuration: files.first { $0.lastPathComponent == StateMachineBuild.configurationName },
                workDirectory: context.pluginWorkDirectoryURL
            ).commands
        }
    }
#endif

/// The build command of one target, from plain values, so that the SwiftPM and Xcode
/// entry points share everything but how they find the values.
struct StateMachineBuild {
    static let configurationName = "fsmc-config.json"

    var fsmc: URL
    var sources: [URL]
    /// The folder whose paths name the outputs: the target's, or the Xcode project's.
    var sourceRoot: URL
    var configuration: URL?
    var workDirectory: URL

    /// `fsmc-config.json` in a folder, if there is one.
    static func configuration(in directory: URL) -> URL? {
        let url = directory.appendingPathComponent(configurationName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The deepest folder that holds all of `files`.
    static func commonFolder(of files: [URL]) -> URL? {
        guard !files.isEmpty else { return nil }
        let common = OutputName.commonPrefix(
            of: files.map { $0.standardizedFileURL.deletingLastPathComponent().pathComponents })
        return URL(
            fileURLWithPath: common.count <= 1 ? "/" : "/" + common.dropFirst().joined(separator: "/"),
            isDirectory: true)
    }

    var commands: [Command] {
        guard !sources.isEmpty else { return [] }
        let root = sourceRoot.standardizedFileURL.pathComponents
        let outputs = sources.map { source in
            workDirectory.appendingPathComponent(
                OutputName.forSource(
                    atComponents: OutputName.components(of: source.standardizedFileURL.pathComponents, below: root)
                        ?? [source.lastPathComponent]))
        }
        let names = sources.map(\.lastPathComponent)
        return [
            .buildCommand(
                displayName: "Compiling state machine\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))",
                executable: fsmc,
                arguments: ["compile"] + sources.map(\.path)
                    + ["--source-root", sourceRoot.path, "--output-directory", workDirectory.path]
                    + (configuration.map { ["--config", $0.path] } ?? []),
                inputFiles: sources + (configuration.map { [$0] } ?? []),
                outputFiles: outputs)
        ]
    }
}

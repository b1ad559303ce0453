import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-state-machines`: writes
/// the Swift of every `.sm` file of the package's targets next to it, for teams that
/// commit generated code. `--target NAME` (repeatable) limits it to some targets;
/// `--access LEVEL` and `--check` are passed on to `fsmc compile`.
@main
struct FSMCCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let access = extractor.extractOption(named: "access")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure("unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); expected [--target NAME]... [--access LEVEL] [--check]")
        }
        let targets = try targetNames.isEmpty
            ? context.package.targets
            : context.package.targets(named: targetNames)
        let fsmc = try context.tool(named: "fsmc").url
        var failures: [String] = []
        for case let target as SourceModuleTarget in targets {
            for file in target.sourceFiles(withSuffix: "sm") {
                var arguments = ["compile", file.url.path]
                if let level = access.last { arguments += ["--access", level] }
                if check { arguments.append("--check") }
                let process = Process()
                process.executableURL = fsmc
                process.arguments = arguments
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { failures.append(file.url.path) }
                else if !check { print("wrote \(file.url.deletingPathExtension().path).swift") }
            }
        }
        if !failures.isEmpty {
            throw PluginFailure(check ? "stale or missing generated code for: \(failures.joined(separator: ", "))"
                                      : "fsmc failed for: \(failures.joined(separator: ", "))")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

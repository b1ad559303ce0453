import Foundation
import PackagePlugin

/// `swift package check-state-machines`: checks that the committed Swift of every `.sm`
/// file is what fsmc generates, printing a diff of each stale or missing file. It writes
/// nothing, so it needs no permission, and `--help` works without one (SwiftPM asks a
/// plugin that declares the permission to write for it before running it at all).
@main
struct FSMCCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try StateMachineCommand(
            mode: .check, host: .swiftPM, fsmc: context.tool(named: "fsmc").url,
            workDirectory: context.pluginWorkDirectoryURL, baseDirectory: context.package.directoryURL
        )
        .run(arguments: arguments, targets: StateMachineCommand.targets(of: context.package))
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension FSMCCheckPlugin: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try StateMachineCommand(
                mode: .check, host: .xcode, fsmc: context.tool(named: "fsmc").url,
                workDirectory: context.pluginWorkDirectoryURL, baseDirectory: context.xcodeProject.directoryURL
            )
            .run(arguments: arguments, targets: StateMachineCommand.targets(of: context.xcodeProject))
        }
    }
#endif

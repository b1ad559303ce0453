import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-state-machines`: writes
/// the Swift of every `.sm` file of the package's targets next to it, for teams that
/// commit generated code (see `StateMachineCommand`, which does the work).
@main
struct FSMCCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try StateMachineCommand(
            mode: .generate, host: .swiftPM, fsmc: context.tool(named: "fsmc").url,
            workDirectory: context.pluginWorkDirectoryURL, baseDirectory: context.package.directoryURL
        )
        .run(arguments: arguments, targets: StateMachineCommand.targets(of: context.package))
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same command in an Xcode project: its targets' `.sm` files are those among their
    /// input files. Only this adapter is Xcode's; Linux has no XcodeProjectPlugin module.
    extension FSMCCommandPlugin: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try StateMachineCommand(
                mode: .generate, host: .xcode, fsmc: context.tool(named: "fsmc").url,
                workDirectory: context.pluginWorkDirectoryURL, baseDirectory: context.xcodeProject.directoryURL
            )
            .run(arguments: arguments, targets: StateMachineCommand.targets(of: context.xcodeProject))
        }
    }
#endif

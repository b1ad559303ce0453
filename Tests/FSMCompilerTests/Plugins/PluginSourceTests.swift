import FSMTestSupport
import Foundation
import Testing

/// The plugins' sources, Xcode adapters included, type-check as SwiftPM compiles them
/// (Swift 6, tools version 6.1, warnings as errors).
///
/// Linux has no `XcodeProjectPlugin` module, so the `#if canImport(XcodeProjectPlugin)`
/// adapters are checked against `stub`: the part of Xcode's API that they use, declared
/// as Apple documents it (`XcodePluginContext`, `XcodeProject`, `XcodeTarget`, the two
/// protocols). It cannot show that Xcode's API is as documented; it shows that the
/// adapters compile against it and fit the shared code they call.
@Suite(.serialized) struct PluginSourceTests {
    static let stub = """
        import Foundation
        import PackagePlugin

        public struct XcodePluginContext {
            public var xcodeProject: XcodeProject { fatalError() }
            public var pluginWorkDirectoryURL: URL { fatalError() }
            public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
        }

        public struct XcodeProject {
            public var id: String { fatalError() }
            public var displayName: String { fatalError() }
            public var directoryURL: URL { fatalError() }
            public var targets: [XcodeTarget] { fatalError() }
        }

        public struct XcodeTarget {
            public var id: String { fatalError() }
            public var displayName: String { fatalError() }
            public var inputFiles: FileList { fatalError() }
        }

        public protocol XcodeBuildToolPlugin {
            func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
        }

        public protocol XcodeCommandPlugin {
            func performCommand(context: XcodePluginContext, arguments: [String]) throws
        }
        """

    static let swiftc = ProcessInfo.processInfo.environment["FSMC_SWIFTC"] ?? "swiftc"

    /// `<toolchain>/lib/swift/pm/PluginAPI`, where `PackagePlugin` is, beside `swiftc`.
    static func pluginAPI() throws -> String {
        let which = try LimitedProcess.run(
            "/bin/sh", ["-c", "command -v \"$0\"", swiftc], in: URL(fileURLWithPath: "/"),
            processorSeconds: 10, wallSeconds: 50)
        let path = try #require(which.output.split(separator: "\n").first.map(String.init))
        let binary = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        return binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "lib/swift/pm/PluginAPI"
        ).path
    }

    static func swiftcRun(_ arguments: [String], in folder: URL) throws -> (status: Int32?, errors: String) {
        let run = try LimitedProcess.run(swiftc, arguments, in: folder, processorSeconds: 300, wallSeconds: 1500)
        return (run.status, run.errors)
    }

    /// Type-checks `files`, with the stub when `folder` holds it; returns swiftc's errors.
    static func typecheck(_ files: [String], stubIn folder: URL?, api: String, in directory: URL) throws -> String {
        let run = try swiftcRun(
            [
                "-typecheck", "-swift-version", "6", "-package-description-version", "6.1",
                "-parse-as-library", "-warnings-as-errors", "-I", api,
            ]
                + (folder.map { ["-I", $0.path] } ?? []) + files, in: directory)
        return run.status == 0 ? "" : run.errors
    }

    @Test func pluginsTypecheckWithAndWithoutXcode() throws {
        let folder = try TemporaryFolder("fsmc-plugins")
        defer { folder.remove() }
        let api = try Self.pluginAPI()
        try #require(
            FileManager.default.fileExists(atPath: api + "/PackagePlugin.swiftmodule"), "no PackagePlugin at \(api)")
        let stubFile = try folder.write("stub/XcodeProjectPlugin.swift", Self.stub)
        let stub = folder.url.appendingPathComponent("stub")
        let built = try Self.swiftcRun(
            [
                "-emit-module", "-module-name", "XcodeProjectPlugin", "-parse-as-library",
                "-package-description-version", "6.1", "-I", api, stubFile,
                "-emit-module-path", stub.path + "/XcodeProjectPlugin.swiftmodule",
            ], in: folder.url)
        try #require(built.status == 0, "\(built.errors)")

        for plugin in ["FSMCPlugin", "FSMCCommandPlugin", "FSMCCheckPlugin"] {
            let directory = Paths.repository + "/Plugins/" + plugin
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".swift") }.sorted().map { directory + "/" + $0 }
            #expect(try Self.typecheck(files, stubIn: nil, api: api, in: folder.url) == "", "\(plugin) without Xcode")
            #expect(
                try Self.typecheck(files, stubIn: stub, api: api, in: folder.url) == "", "\(plugin) with Xcode's API")
        }

        // The stub is what brings the adapters in: a mistake in one fails only with it.
        let planted = String(
            decoding: readBytes(Paths.repository + "/Plugins/FSMCPlugin/FSMCPlugin.swift"), as: UTF8.self
        )
        .replacingOccurrences(of: "target.inputFiles", with: "target.inputFilez")
        let plantedFile = try folder.write("planted/FSMCPlugin.swift", planted)
        let files = [plantedFile, Paths.repository + "/Plugins/FSMCPlugin/OutputName.swift"]
        #expect(try Self.typecheck(files, stubIn: nil, api: api, in: folder.url) == "")
        #expect(try Self.typecheck(files, stubIn: stub, api: api, in: folder.url).contains("inputFilez"))
    }
}

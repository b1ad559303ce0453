import Foundation
import PackagePlugin

/// What `generate-state-machines` and `check-state-machines` share: the SwiftPM and Xcode
/// entry points of both plugins only gather each target's `.sm` files, folder and
/// configuration into `TargetSources` and call `run`. (This file is in the
/// FSMCCommandPlugin folder; FSMCCheckPlugin's copy is a symbolic link to it.)
///
/// fsmc runs once per target, `fsmc compile FILE… --source-root FOLDER [--config …]`, so
/// that each generated file is written next to its `.sm` file with the name the build
/// plugin gives it (`Lobby/Session.sm` → `Lobby/Lobby_Session.swift`), which keeps
/// same-named files of one target apart, and so that a mistake in `fsmc-config.json` is
/// reported once. Its output is captured, each diff followed by the error that names its
/// file, and printed once every target has run; a failure's summary is the command's one
/// error, sent last, and in SwiftPM a failing run prints nothing on standard output, so
/// that a log of both streams keeps every line whole and in order (see `report`).
struct StateMachineCommand {
    enum Mode { case generate, check }
    /// Who runs the plugin: `swift package`, whose log CI keeps, or Xcode, which shows the
    /// output and the issues apart.
    enum Host { case swiftPM, xcode }

    /// One target's inputs.
    struct TargetSources {
        var name: String
        /// The folder whose paths name the outputs.
        var sourceRoot: URL
        var sources: [URL]
        /// Sources that the target still builds (not in its `exclude:`), for the advice to exclude them.
        var unexcluded: [URL]
        var configuration: URL?
    }

    var mode: Mode
    var host: Host
    var fsmc: URL
    /// Where captured output is written while fsmc runs.
    var workDirectory: URL
    /// The package's (or Xcode project's) folder: fsmc runs there, with paths relative to
    /// it, so that its messages name files as the user sees them.
    var baseDirectory: URL

    static let generateVerb = "swift package --allow-writing-to-package-directory generate-state-machines"
    static let checkVerb = "swift package check-state-machines"

    static let help = """
        Generate the Swift of every .sm file of a package's targets next to it, for teams
        that commit generated code, or check that the committed code is up to date.

        usage: \(generateVerb) [--target NAME]... [--access LEVEL]
               \(checkVerb) [--target NAME]... [--access LEVEL]

        Each Name.sm gets the Swift file the build plugin would compile for it, written
        next to it: Name.swift in the target's folder, Folder/Folder_Name.swift for
        Folder/Name.sm (folders joined by '_'), so that same-named files do not collide.
        fsmc-config.json in a target's folder sets the access level, as for the build
        plugin; --access overrides it. check-state-machines writes nothing: it prints a
        diff for every stale or missing file and fails; it needs no permission.
        Do not apply the build plugin FSMCPlugin to a target whose generated code is
        committed, or its types are declared twice; exclude the .sm files instead.

        options:
          --target NAME   only this target (repeatable); all targets with .sm files by default
          --access LEVEL  public, package or internal, over fsmc-config.json
          --help          print this help
        """

    /// Parses the arguments and runs fsmc on each target. Throws for wrong arguments; when
    /// fsmc fails for a target, reports it and ends the plugin with a failure status.
    func run(arguments: [String], targets available: [TargetSources]) throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 || arguments.contains("-h") {
            print(Self.help)
            return
        }
        let names = extractor.extractOption(named: "target")
        let access = extractor.extractOption(named: "access")
        // `generate-state-machines --check` is what check-state-machines does.
        let mode: Mode = extractor.extractFlag(named: "check") > 0 ? .check : self.mode
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); run '\(Self.checkVerb) --help'"
            )
        }
        guard access.count <= 1, access.allSatisfy(["public", "package", "internal"].contains) else {
            throw PluginFailure("--access takes one of public, package or internal, once")
        }
        let unknown = names.filter { name in !available.contains { $0.name == name } }
        guard unknown.isEmpty else {
            let known = available.filter { !$0.sources.isEmpty }.map(\.name)
            throw PluginFailure(
                "no target named \(unknown.map { "'\($0)'" }.joined(separator: ", ")); targets with .sm files: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
            )
        }
        let targets = available.filter { (names.isEmpty || names.contains($0.name)) && !$0.sources.isEmpty }
        if targets.isEmpty {
            print(
                "no .sm files in \(names.isEmpty ? "the package's targets" : "target \(names.joined(separator: ", "))")"
            )
            return
        }
        let results = try targets.map { try runFSMC(on: $0, access: access.first, mode: mode) }
        report(results, of: targets, mode: mode)
    }

    /// What running fsmc on one target printed, and whether it succeeded.
    struct TargetResult {
        var succeeded: Bool
        /// fsmc's diffs and messages, and the plugin's lines for the target: whole lines.
        var text: String
    }

    /// Prints every target's result and, when one failed, fails the command with a summary.
    ///
    /// SwiftPM (6.1 to 6.3.1 at least) prints a plugin's output on its own standard output
    /// with `print`, which the C library writes in 4 KB blocks when that is not a terminal and
    /// finishes only when SwiftPM exits, while it writes the plugin's errors and progress
    /// messages on standard error at once. In a log of both streams (CI's), an error therefore
    /// lands where a block of output happens to end, often inside a diff line: sent after the
    /// output, before it, or thrown, it did in runs of this command. So in SwiftPM a run that
    /// fails writes nothing on standard output: each target's result is one progress message
    /// and the summary, the command's only error (not thrown: SwiftPM would print it again),
    /// comes last. SwiftPM handles a plugin's messages one at a time in the order sent and
    /// writes a progress message on standard error before it takes the next, so the error
    /// follows them. A run that succeeds prints its results on standard output. Xcode shows
    /// output and issues apart and keeps output and error as they were.
    private func report(_ results: [TargetResult], of targets: [TargetSources], mode: Mode) {
        let failed = zip(targets, results).filter { !$0.1.succeeded }.map(\.0.name)
        guard !failed.isEmpty else {
            for result in results { print(result.text, terminator: "") }
            return
        }
        let regenerate = Self.generateVerb + failed.map { " --target \($0)" }.joined()
        let summary =
            mode == .check
            ? "generated code is stale or missing in \(failed.joined(separator: ", ")); regenerate it with '\(regenerate)'"
            : "fsmc failed for \(failed.joined(separator: ", ")); see its errors"
        switch host {
        case .swiftPM:
            // SwiftPM adds the line break and `[plugin name] ` before the first line.
            for result in results { Diagnostics.progress(String(result.text.dropLast())) }
            Diagnostics.error(summary)
        case .xcode:
            Diagnostics.error(summary)
            for result in results { print(result.text, terminator: "") }
            fflush(nil)
        }
        exit(1)
    }

    /// Runs fsmc on one target and returns what it said, and the plugin's lines for it.
    private func runFSMC(on target: TargetSources, access: String?, mode: Mode) throws -> TargetResult {
        var arguments = ["compile"] + target.sources.map(relative) + ["--source-root", relative(target.sourceRoot)]
        if let configuration = target.configuration { arguments += ["--config", relative(configuration)] }
        if let access { arguments += ["--access", access] }
        if mode == .check { arguments.append("--check") }
        let (status, output) = try capture(fsmc, arguments)
        var text = ""
        func add(_ lines: String) { text += lines.hasSuffix("\n") ? lines : lines + "\n" }
        guard status == 0 else {
            // The command that failed heads its output: what to run to see it again.
            add("\(target.name): fsmc \(arguments.map(Self.shellWord).joined(separator: " "))")
            if !output.isEmpty { add(output) }
            return TargetResult(succeeded: false, text: text)
        }
        if !output.isEmpty { add(output) }
        let root = target.sourceRoot.standardizedFileURL.pathComponents
        /// A path below the target's folder, as `exclude:` and the summary write it.
        func inTarget(_ url: URL) -> String {
            Array(url.standardizedFileURL.pathComponents.dropFirst(root.count)).joined(separator: "/")
        }
        if mode == .generate {
            for source in target.sources {
                let components = Array(source.standardizedFileURL.pathComponents.dropFirst(root.count))
                let output = source.deletingLastPathComponent().appendingPathComponent(
                    OutputName.forSource(atComponents: components))
                add("\(target.name): \(inTarget(source)) -> \(inTarget(output))")
            }
        } else {
            add("\(target.name): generated code is up to date")
        }
        if mode == .generate && !target.unexcluded.isEmpty {
            let list = target.unexcluded.map { "\"\(inTarget($0))\"" }
            add(
                "note: SwiftPM warns that the .sm files of '\(target.name)' are unhandled; add them to the target's exclude list, exclude: [\(list.joined(separator: ", "))] (this command still finds them)"
            )
        }
        return TargetResult(succeeded: true, text: text)
    }

    /// `url`'s path relative to `baseDirectory` when it is inside it (`.` for itself).
    private func relative(_ url: URL) -> String {
        let base = baseDirectory.standardizedFileURL.pathComponents
        let components = url.standardizedFileURL.pathComponents
        if components == base { return "." }
        return OutputName.components(of: components, below: base)?.joined(separator: "/") ?? url.path
    }

    /// Runs a tool with its standard output and error in one file, read when it is done, so
    /// that neither can fill a pipe and block it, and so that what the tool wrote stays in
    /// the order it wrote it (fsmc writes each diff, then the error that names its file).
    private func capture(_ tool: URL, _ arguments: [String]) throws -> (Int32, String) {
        let outputURL = workDirectory.appendingPathComponent("fsmc-\(UUID().uuidString).log")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw PluginFailure("cannot create a file in \(workDirectory.path) for fsmc's output")
        }
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = baseDirectory
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, text)
    }

    /// `word` as a shell reads it: quoted when it holds anything but letters, digits and `-_./=+,:@`.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./=+,:@".unicodeScalars.contains($0))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Every `.sm` file below `folder`, also those a target excludes, in a stable order;
    /// hidden folders (`.build`, `.git`) are skipped.
    static func smFiles(below folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: nil,
                options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where url.pathExtension == "sm" { files.append(url.standardizedFileURL) }
        return files.sorted { $0.path < $1.path }
    }

    /// The targets of a SwiftPM package, with their `.sm` files found on disk.
    static func targets(of package: Package) -> [TargetSources] {
        package.targets.compactMap { target in
            guard let module = target as? SourceModuleTarget else { return nil }
            let folder = target.directoryURL
            let built = Set(module.sourceFiles(withSuffix: "sm").map(\.url.standardizedFileURL))
            let sources = smFiles(below: folder)
            let configuration = folder.appendingPathComponent("fsmc-config.json")
            return TargetSources(
                name: target.name, sourceRoot: folder, sources: sources,
                unexcluded: sources.filter(built.contains),
                configuration: FileManager.default.fileExists(atPath: configuration.path) ? configuration : nil)
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension StateMachineCommand {
        /// The targets of an Xcode project, each named after the folder that holds its `.sm` files.
        static func targets(of project: XcodeProject) -> [TargetSources] {
            project.targets.map { target in
                let files = target.inputFiles.map(\.url.standardizedFileURL)
                let sources = files.filter { $0.pathExtension == "sm" }.sorted { $0.path < $1.path }
                let common = OutputName.commonPrefix(of: sources.map { $0.deletingLastPathComponent().pathComponents })
                let root =
                    common.count <= 1
                    ? project.directoryURL : URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"))
                return TargetSources(
                    name: target.displayName, sourceRoot: root, sources: sources, unexcluded: [],
                    configuration: files.first { $0.lastPathComponent == "fsmc-config.json" })
            }
        }
    }
#endif

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

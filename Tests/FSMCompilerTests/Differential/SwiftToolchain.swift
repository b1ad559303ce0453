import FSMTestSupport
import Foundation

/// Compiles and runs Swift for the differential tests: FSMRuntime once per test process,
/// as a static library, then executables of generated machines linked against it, built
/// as generated code must build (Swift 6, complete concurrency checking, no warnings).
///
/// `swiftc` comes from `PATH`, or from `FSMC_SWIFTC`.
final class SwiftToolchain: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The toolchain of this test process, with FSMRuntime built; built on first use.
    static let shared = Result { try SwiftToolchain() }

    let directory: URL
    private let swiftc: String

    /// The temporary folder of the programs this toolchain runs: `swiftc` leaves a
    /// `TemporaryDirectory.*` folder behind per run, which goes with this process's folder.
    private var temporaryDirectory: URL { directory.appendingPathComponent("tmp") }

    /// This test process's folder.
    private static let processDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("fsmc-differential-\(ProcessInfo.processInfo.processIdentifier)")

    private init() throws {
        directory = Self.processDirectory
        swiftc = ProcessInfo.processInfo.environment["FSMC_SWIFTC"] ?? "swiftc"
        Self.removeFoldersOfEndedProcesses()
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        atexit { SwiftToolchain.removeFolderUnlessItHoldsADivergence() }
        let runtime = Paths.repository + "/Sources/FSMRuntime"
        let sources = try FileManager.default.contentsOfDirectory(atPath: runtime)
            .filter { $0.hasSuffix(".swift") }.sorted().map { runtime + "/" + $0 }
        try run(
            swiftc,
            [
                "-emit-library", "-static", "-emit-module", "-module-name", "FSMRuntime", "-parse-as-library",
                "-swift-version", "6", "-O",
            ] + sources
                + [
                    "-o", directory.path + "/libFSMRuntime.a", "-emit-module-path",
                    directory.path + "/FSMRuntime.swiftmodule",
                ],
            in: directory)
    }

    /// Folders left by test processes that ended without cleaning up, such as a run that
    /// was interrupted; this process's own folder is started afresh.
    private static func removeFoldersOfEndedProcesses() {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "fsmc-differential-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)),
                pid == ProcessInfo.processInfo.processIdentifier || kill(pid, 0) != 0
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    /// When the test process ends: this process's folder goes, unless a divergence was
    /// written into it for a person to read (the failing test names the folder).
    private static func removeFolderUnlessItHoldsADivergence() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: processDirectory.path)) ?? []
        guard !names.contains(where: { $0.hasPrefix("divergence-") }) else { return }
        try? FileManager.default.removeItem(at: processDirectory)
    }

    /// Compiles `files` (name → Swift source; one must be `main.swift`) into an executable.
    /// A warning fails the build, as it would with `-warnings-as-errors`, unless
    /// `tolerates(file, message)` says it is one of those known.
    func buildExecutable(
        named name: String, files: [String: String],
        tolerates: (_ file: String, _ message: String) -> Bool = { _, _ in false }
    ) throws -> URL {
        let folder = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, source) in files {
            try Data(source.utf8).write(to: folder.appendingPathComponent(file))
        }
        let executable = folder.appendingPathComponent(name)
        let arguments =
            [
                "-swift-version", "6", "-strict-concurrency=complete", "-Onone",
                // One frontend for the whole module: batch mode spends more time
                // loading modules per job than compiling many small files.
                "-wmo", "-num-threads", "2", "-module-name", "Driver", "-I", directory.path,
                "-L", directory.path, "-lFSMRuntime",
            ]
            + files.keys.sorted() + ["-o", executable.path]
        let result = try launch(swiftc, arguments, in: folder, processorSeconds: 600)
        // `M3.swift:12:5: warning: …`; the lines that quote the source mark theirs `- warning:`.
        let untolerated = result.errors.split(separator: "\n").filter { line in
            guard let range = line.range(of: ": warning: ") else { return false }
            let file =
                line[..<range.lowerBound].split(separator: ":").first.map { $0.split(separator: "/").last ?? $0 } ?? ""
            return !tolerates(String(file), String(line[range.upperBound...]))
        }
        guard result.status == 0, untolerated.isEmpty else {
            throw Failure(
                description: "\(([swiftc] + arguments).joined(separator: " ")) failed with status \(result.status)"
                    + (untolerated.isEmpty ? "" : " or warned") + ":\n\(result.errors.prefix(20_000))")
        }
        return executable
    }

    /// Type-checks `files` (name → Swift source) as one module that imports FSMRuntime, as
    /// generated code must build (Swift 6, complete concurrency checking, no warnings, and
    /// `options`, such as another language mode, which come last and so win). Returns the
    /// diagnostics, empty when there are none. With `checkingRegions`, it goes on to the
    /// mandatory SIL passes, where Swift checks what crosses isolation regions (sending a
    /// non-Sendable value to another task), which type checking alone does not.
    func typecheck(
        named name: String, files: [String: String], options: [String] = [],
        checkingRegions: Bool = false
    ) throws -> String {
        let folder = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, source) in files {
            try Data(source.utf8).write(to: folder.appendingPathComponent(file))
        }
        let mode = checkingRegions ? ["-emit-sil", "-o", "/dev/null"] : ["-typecheck"]
        let result = try launch(
            swiftc,
            mode + [
                "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors",
                "-wmo", "-module-name", "Probe", "-package-name", "Probe", "-I", directory.path,
            ] + options
                + files.keys.sorted(),
            in: folder, processorSeconds: 600)
        return result.status == 0 ? "" : result.errors
    }

    /// Runs `executable` with `input` on standard input; returns standard output.
    func execute(_ executable: URL, input: String, processorSeconds: Int = 120) throws -> String {
        let folder = executable.deletingLastPathComponent()
        let inputFile = folder.appendingPathComponent("input.txt")
        try Data(input.utf8).write(to: inputFile)
        return try run(executable.path, [], in: folder, standardInput: inputFile, processorSeconds: processorSeconds)
    }

    func remove(_ executable: URL) {
        try? FileManager.default.removeItem(at: executable.deletingLastPathComponent())
    }

    /// Runs a program (looked up in `PATH` when it has no `/`), returns its standard output,
    /// and fails with its standard error when it exits non-zero. Each of its processes is
    /// stopped by the kernel after `processorSeconds` of processor time (`ulimit -t`), which
    /// a loaded machine does not reach sooner; one that waits without computing is stopped
    /// after five times as long on the wall clock.
    @discardableResult
    private func run(
        _ program: String, _ arguments: [String], in folder: URL, standardInput: URL? = nil,
        processorSeconds: Int = 600
    ) throws -> String {
        let result = try launch(
            program, arguments, in: folder, standardInput: standardInput, processorSeconds: processorSeconds)
        guard result.status == 0 else {
            throw Failure(
                description:
                    "\(([program] + arguments).joined(separator: " ")) failed with status \(result.status):\n\(result.errors.prefix(20_000))"
            )
        }
        return result.output
    }

    /// Runs a program as `run` does and returns its exit status and what it printed, its
    /// temporary files in this toolchain's folder.
    private func launch(
        _ program: String, _ arguments: [String], in folder: URL, standardInput: URL? = nil,
        processorSeconds: Int
    ) throws -> (status: Int32, output: String, errors: String) {
        let result = try LimitedProcess.run(
            program, arguments, in: folder, standardInput: standardInput,
            environment: ["TMPDIR": temporaryDirectory.path],
            processorSeconds: processorSeconds, wallSeconds: 5 * processorSeconds)
        guard let status = result.status else {
            throw Failure(description: "\(program) ran for more than \(5 * processorSeconds) s and was stopped")
        }
        if result.exceededProcessorTime {
            throw Failure(
                description: "\(program) used more than \(processorSeconds) s of processor time and was stopped")
        }
        return (status, result.output, result.errors)
    }
}

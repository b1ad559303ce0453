import Foundation

/// A child process with a limit on its processor time, for tests that run the built fsmc,
/// swiftc or a compiled program. The limit is processor time (`ulimit -t`, which each of its
/// processes inherits), not wall-clock time: a loaded machine makes a run slower, not
/// costlier, so the limit does not flake. A process that waits without computing is
/// stopped after `wallSeconds`, a last resort.
public enum LimitedProcess {
    public struct Run: Sendable {
        /// The exit status (the signal's number when `wasSignalled`), or nil when the
        /// process was stopped at `wallSeconds`.
        public var status: Int32?
        public var wasSignalled: Bool
        public var output: String
        public var errors: String
        public var seconds: Double

        /// Whether the kernel stopped it at its processor-time limit: with SIGXCPU, or with
        /// SIGKILL when SIGXCPU is blocked (a child inherits the test thread's blocked signals).
        public var exceededProcessorTime: Bool { wasSignalled && (status == SIGXCPU || status == SIGKILL) }
    }

    /// Runs `program` (looked up in `PATH` when it has no `/`) with `arguments` in `folder`,
    /// through `/bin/sh -c` with `shellPrefix` (such as `ulimit -f 0;`) before it.
    public static func run(
        _ program: String, _ arguments: [String], in folder: URL, standardInput: URL? = nil,
        environment: [String: String] = [:], processorSeconds: Int, wallSeconds: Int,
        shellPrefix: String = ""
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit -t \(processorSeconds); " + shellPrefix + " exec \"$0\" \"$@\"", program] + arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        // Files rather than pipes: a full pipe would block a child that prints much.
        let outputFile = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errorFile = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = try standardInput.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        var timedOut = false
        while process.isRunning {
            if clock.now - start > .seconds(wallSeconds) {
                // SIGKILL: a child started from a test thread inherits its blocked signals,
                // SIGTERM among them, so `terminate()` would not stop it.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                timedOut = true
                break
            }
            usleep(5_000)
        }
        let elapsed = clock.now - start
        return Run(
            status: timedOut ? nil : process.terminationStatus,
            wasSignalled: !timedOut && process.terminationReason == .uncaughtSignal,
            output: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
            errors: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

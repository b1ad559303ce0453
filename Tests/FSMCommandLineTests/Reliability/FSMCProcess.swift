import Foundation
import FSMTestSupport

/// The built `fsmc` executable, run as a child process with a limit on its processor
/// time, so that a test of a hang fails instead of hanging, and a crash is seen as a signal.
/// The limit is processor time (`ulimit -t`), not wall-clock time: a loaded machine makes
/// a run slower, not costlier, so the limit does not flake.
enum FSMCProcess {
    struct Run {
        /// The exit status (the signal's number when `wasSignalled`), or nil when the
        /// process was stopped by the last-resort wall-clock limit.
        var status: Int32?
        var wasSignalled: Bool
        var output: String
        var errors: String
        var seconds: Double
        /// Whether the kernel stopped it at its processor-time limit: with SIGXCPU, or with
        /// SIGKILL when SIGXCPU is blocked (a child inherits the test thread's blocked signals).
        var exceededProcessorTime: Bool { wasSignalled && (status == SIGXCPU || status == SIGKILL) }
    }

    /// `fsmc` beside the test bundle, where `swift build --build-tests` puts it.
    static var executable: String {
        let bundle = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                         ?? CommandLine.arguments[0])
        var folder = bundle.deletingLastPathComponent()
        while !folder.path.isEmpty && folder.path != "/" && !FileManager.default.isExecutableFile(atPath: folder.path + "/fsmc") {
            folder = folder.deletingLastPathComponent()
        }
        return folder.path + "/fsmc"
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// Runs `fsmc arguments` in `folder` through `/bin/sh -c`, stopped by the kernel after
    /// `processorSeconds` of processor time, with `shellPrefix` (such as `ulimit -f 0;`)
    /// before it. A process that waits without computing is stopped after ten minutes.
    static func run(_ arguments: [String], in folder: URL, processorSeconds: Int = 60,
                    shellPrefix: String = "") throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -t \(processorSeconds); " + shellPrefix + " exec \"$0\" \"$@\"", executable]
            + arguments
        process.currentDirectoryURL = folder
        let outputFile = folder.appendingPathComponent(".fsmc-stdout-\(UUID().uuidString)")
        let errorFile = folder.appendingPathComponent(".fsmc-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        var timedOut = false
        while process.isRunning {
            if clock.now - start > .seconds(600) {
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
        return Run(status: timedOut ? nil : process.terminationStatus,
                   wasSignalled: !timedOut && process.terminationReason == .uncaughtSignal,
                   output: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
                   errors: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self),
                   seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

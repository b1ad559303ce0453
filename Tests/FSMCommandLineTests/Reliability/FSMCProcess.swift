import Foundation
import FSMTestSupport

/// The built `fsmc` executable, run as a child process with a time limit, so that a test
/// of a hang fails instead of hanging, and a crash is seen as a signal.
enum FSMCProcess {
    struct Run {
        /// The exit status, or nil when the process was stopped at the time limit.
        var status: Int32?
        var wasSignalled: Bool
        var output: String
        var errors: String
        var seconds: Double
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

    /// Runs `fsmc arguments` in `folder`; through `/bin/sh -c` with `shellPrefix` first when
    /// given (such as `ulimit -f 0;`).
    static func run(_ arguments: [String], in folder: URL, timeout: Double = 60, shellPrefix: String? = nil) throws -> Run {
        let process = Process()
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellPrefix + " exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
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
            if clock.now - start > .seconds(timeout) {
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

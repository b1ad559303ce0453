import FSMTestSupport
import Foundation

/// The built `fsmc` executable, run as a child process with a limit on its processor
/// time, so that a test of a hang fails instead of hanging, and a crash is seen as a signal.
/// The limit is processor time (`ulimit -t`), not wall-clock time: a loaded machine makes
/// a run slower, not costlier, so the limit does not flake.
enum FSMCProcess {
    typealias Run = LimitedProcess.Run

    /// `fsmc` beside the test bundle, where `swift build --build-tests` puts it.
    static var executable: String {
        let bundle = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
        var folder = bundle.deletingLastPathComponent()
        while !folder.path.isEmpty && folder.path != "/"
            && !FileManager.default.isExecutableFile(atPath: folder.path + "/fsmc")
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.path + "/fsmc"
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// Runs `fsmc arguments` in `folder`, stopped by the kernel after `processorSeconds` of
    /// processor time, with `shellPrefix` (such as `ulimit -f 0;`) before it. A process that
    /// waits without computing is stopped after ten minutes.
    static func run(
        _ arguments: [String], in folder: URL, processorSeconds: Int = 60,
        shellPrefix: String = ""
    ) throws -> Run {
        try LimitedProcess.run(
            executable, arguments, in: folder, processorSeconds: processorSeconds, wallSeconds: 600,
            shellPrefix: shellPrefix)
    }
}

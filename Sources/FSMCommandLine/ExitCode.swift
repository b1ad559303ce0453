/// The tool's exit status.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// Errors in the input (or warnings under `--warnings-as-errors`), or stale output under `--check`.
    case failure = 1
    /// The command line itself is wrong.
    case usage = 2
    /// A file could not be read or written.
    case ioFailure = 3
}

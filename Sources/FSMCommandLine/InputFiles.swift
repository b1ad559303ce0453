import FSMCompiler

/// Reads `.sm` inputs: a path (a file, `/dev/stdin`, a FIFO, `<(…)`), or `-` for
/// standard input. Diagnostics name the path as given.
struct InputFiles {
    var console: Console

    struct ReadError: Error {
        var message: String
    }

    func read(_ path: String) throws(ReadError) -> SourceFile {
        if path == "-" { return SourceFile(name: "<stdin>", bytes: console.readInput()) }
        do {
            return SourceFile(name: path, bytes: try Files.read(path))
        } catch {
            throw ReadError(message: "cannot read '\(path)': \(error.reason)")
        }
    }
}

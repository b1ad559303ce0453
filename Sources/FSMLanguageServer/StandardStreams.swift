import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a language server over the process's standard input and output, as `fsmc lsp` does.
package enum StandardStreams {
    /// `fsmc lsp`: a `Supervisor` that runs the server in a worker process, `fsmc lsp
    /// --worker`, so that a crash of fsmc on a document does not end the session. Without
    /// the path of its own executable it serves in this process instead.
    package static func run(version: String) -> Int32 {
        // A client (or worker) that goes away must end a write with an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        guard let executable = WorkerProcess.ownExecutable else { return serve(version: version, isWorker: false) }
        return Supervisor(executable: executable, version: version).run()
    }

    /// Serves in this process: reads messages until `exit` or the end of standard input, and
    /// returns the exit status: 0 after `shutdown` and `exit`, 1 otherwise (the protocol's rule).
    ///
    /// In the worker (`isWorker`), the environment variable `FSMC_LSP_TEST_TRAP`, when set to
    /// a text, makes the server trap on any document that contains it: the tests' crash.
    package static func serve(version: String, isWorker: Bool) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let output = FileHandle.standardOutput
        var writeFailed = false
        let server = LanguageServer(version: version) { message in
            guard !writeFailed else { return }
            do {
                try output.write(contentsOf: MessageReader.frame(message))
            } catch {
                writeFailed = true
            }
        }
        server.defersDiagnostics = true
        if isWorker, let marker = ProcessInfo.processInfo.environment["FSMC_LSP_TEST_TRAP"], !marker.isEmpty {
            server.willAnalyse = { document in
                if document.text.contains(marker) {
                    fatalError("FSMC_LSP_TEST_TRAP: the document contains '\(marker)'")
                }
            }
        }
        var reader = MessageReader()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !writeFailed {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            reader.append(buffer[0..<count])
            // Every message already read is handled before the diagnostics of the changes
            // among them are computed: typing faster than a large file checks costs one
            // check per read, not one per keystroke.
            while let frame = reader.next() {
                server.receive(frame)
                if let status = server.exitStatus { return status }
            }
            server.publishPendingDiagnostics()
        }
        return server.exitStatus ?? 1
    }
}

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
    /// Reads messages until `exit` or the end of standard input, and returns the exit
    /// status: 0 after `shutdown` and `exit`, 1 otherwise (the protocol's rule).
    package static func run(version: String) -> Int32 {
        // A client that goes away must end the server with a failed write, not a signal.
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

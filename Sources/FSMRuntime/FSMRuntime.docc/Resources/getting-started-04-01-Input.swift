import Foundation

/// The lines of standard input, read on a thread of their own: the main actor stays
/// free while the program waits for a line, so the turnstile's timer can fire meanwhile.
func standardInputLines() -> AsyncStream<String> {
    AsyncStream { lines in
        Thread.detachNewThread {
            while let line = readLine() {
                lines.yield(line)
            }
            lines.finish()
        }
    }
}

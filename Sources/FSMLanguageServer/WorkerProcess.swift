import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fsmc lsp --worker`, the child process that runs the language server for `Supervisor`:
/// its standard input and output are pipes of the supervisor's, its standard error the
/// supervisor's (where a crash's message goes).
final class WorkerProcess {
    let pid: pid_t
    /// The supervisor's end of the worker's standard input, non-blocking; -1 once closed.
    private(set) var input: Int32
    /// The supervisor's end of the worker's standard output.
    let output: Int32

    /// The path of the running executable, from which the worker is started.
    static var ownExecutable: String? {
        #if canImport(Darwin)
            var size = UInt32(0)
            _ = _NSGetExecutablePath(nil, &size)
            var path = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
            return String(cString: path)
        #else
            return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #endif
    }

    /// Starts `executable lsp --worker`; nil when it cannot be started.
    init?(executable: String) {
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        guard pipe(&toWorker) == 0 else { return nil }
        guard pipe(&fromWorker) == 0 else {
            close(toWorker[0])
            close(toWorker[1])
            return nil
        }
        // The supervisor's ends must not leak into later workers; dup2 in the child clears
        // the flag of its standard input and output.
        for descriptor in toWorker + fromWorker { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], STDOUT_FILENO)
        let arguments = [executable, "lsp", "--worker"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard spawned == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            return nil
        }
        self.pid = pid
        input = toWorker[1]
        output = fromWorker[0]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    }

    /// Writes as much of `bytes` as the pipe takes without waiting; returns how much, or
    /// nil when the worker is gone.
    func write(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard input >= 0 else { return nil }
        let count = bytes.withUnsafeBytes { writeDescriptor(input, $0.baseAddress, $0.count) }
        if count >= 0 { return count }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
    }

    /// Ends the worker's standard input: it finishes what it read, then exits.
    func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// How the worker ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Waits for the worker to end (its output has ended), and closes the pipes.
    func wait() -> Ending {
        closeInput()
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The POSIX macros, which Swift does not import: the low 7 bits are the signal.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// The C library's `write`, which `WorkerProcess.write` hides.
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes files the way compilers do, with POSIX calls so that every failure
/// has its `errno` and is said in fsmc's words:
/// - inputs are read to their end whatever they are: regular files, `/dev/stdin`, FIFOs,
///   process substitution (`<(…)`);
/// - an output path that is a symbolic link is written through, and the link kept;
/// - a regular file is replaced atomically (a temporary file beside it, then `rename`),
///   so a failure leaves the previous content intact and no partial file;
/// - anything else that exists, such as a FIFO or a character device (`/dev/null`), is
///   opened and written into, never replaced.
enum Files {
    /// A failed read or write, said for `fsmc: error: cannot … '<path>': <reason>`.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// The whole content of `path`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: reason(errno, path: path, isWrite: false)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw Failure(reason: "it is a directory")
        }
        return try readToEnd(descriptor, path: path)
    }

    /// Everything left to read from `descriptor`.
    static func readToEnd(_ descriptor: Int32, path: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw Failure(reason: reason(errno, path: path, isWrite: false))
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count >= 0 {
                offset += count
            } else if errno != EINTR {
                throw Failure(reason: reason(errno, path: nil, isWrite: true))
            }
        }
    }

    /// What `path` names once symbolic links are followed (the last target, which need
    /// not exist yet); `path` itself when it is no link.
    static func followingLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw Failure(reason: reason(errno, path: current, isWrite: true)) }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw Failure(reason: "too many levels of symbolic links")
    }

    /// Whether two paths name one file (the same device and inode); false when either
    /// does not exist.
    static func areSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Whether `path` exists and is a directory (following links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The content of `path` if it is a regular file that can be read; nil otherwise.
    static func existingContent(_ path: String) -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? read(path)
    }

    /// Writes `bytes` to `path`: through symbolic links, into anything that exists and is
    /// not a regular file, and atomically into a regular file.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let target = try followingLinks(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists && status.st_mode & S_IFMT == S_IFDIR { throw Failure(reason: "it is a directory") }
        if exists && status.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failure(reason: reason(errno, path: target, isWrite: true)) }
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor)
            return
        }
        try replace(target, with: bytes, mode: exists ? status.st_mode & 0o7777 : nil)
    }

    /// A temporary file beside `path`, filled and then renamed over it; on any failure the
    /// temporary file is removed and `path` left as it was.
    private static func replace(_ path: String, with bytes: [UInt8], mode: mode_t?) throws(Failure) {
        let folder = directory(of: path)
        var template = Array((folder + "/.fsmc-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            // Some file systems (/proc) have the folder but create no files in it.
            if code == ENOENT && isDirectory(folder) { throw Failure(reason: "cannot create a file in '\(folder)'") }
            throw Failure(reason: reason(code, path: path, isWrite: true))
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(Failure) {
            // mkstemp creates the file 0600; give it the old file's mode, or what a new file
            // gets under the process's umask.
            let newMode: mode_t
            if let mode {
                newMode = mode
            } else {
                let mask = umask(0)
                umask(mask)
                newMode = 0o666 & ~mask
            }
            fchmod(descriptor, newMode)
            try writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 || errno == EINVAL else {
                throw Failure(reason: reason(errno, path: path, isWrite: true))
            }
            guard close(descriptor) == 0 else {
                throw Failure(reason: reason(errno, path: path, isWrite: true))
            }
            guard rename(temporary, path) == 0 else { throw Failure(reason: reason(errno, path: path, isWrite: true)) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
    }

    /// The folder part of `path`, `.` when it has none.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Why a call failed, in fsmc's words.
    static func reason(_ code: Int32, path: String?, isWrite: Bool) -> String {
        switch code {
        case ENOENT:
            guard isWrite, let path else { return "no such file" }
            return "no such directory '\(directory(of: path))'"
        case ENOTDIR: return isWrite ? "no such directory" : "no such file"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "read-only file system"
        case ENOSPC: return "no space left on device"
        case EDQUOT: return "disk quota exceeded"
        case EISDIR: return "it is a directory"
        case EBADF: return "the stream is closed"
        case EIO: return "input/output error"
        case EFBIG: return "file too large"
        case ENAMETOOLONG: return "file name too long"
        case ELOOP: return "too many levels of symbolic links"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

// `Files` has `read` and `write` of its own; these name the system calls.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}

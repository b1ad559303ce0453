import Foundation
import FSMCompiler

/// Reads `.sm` inputs: a path, or `-` for standard input.
struct InputFiles {
    var console: Console

    struct ReadError: Error {
        var message: String
    }

    func read(_ path: String) throws(ReadError) -> SourceFile {
        if path == "-" { return SourceFile(name: "<stdin>", bytes: console.readInput()) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(message: "cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(message: "cannot read '\(path)': it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(message: "cannot read '\(path)': permission denied or unreadable")
        }
        return SourceFile(name: path, bytes: Array(data))
    }
}

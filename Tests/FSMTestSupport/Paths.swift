import Foundation
import Testing

/// Folders of the repository, found from this file so that tests run from any directory.
public enum Paths {
    public static let repository: String = {
        let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        return components.dropLast(3).joined(separator: "/")
    }()
    /// Tests/FSMCompilerTests, whose Fixtures folder holds the `.sm` inputs of every test target.
    public static let testsDirectory = repository + "/Tests/FSMCompilerTests"
    public static let fixtures = testsDirectory + "/Fixtures"
    public static let examples = repository + "/Examples"
    public static let wild = fixtures + "/Wild"

    /// Every `.sm` file in Examples and in the test fixtures, as paths from the repository.
    public static let machineFiles: [String] = {
        var paths: [String] = []
        let manager = FileManager.default
        for folder in ["Examples", "Tests/FSMCompilerTests/Fixtures/Wild", "Tests/FSMCompilerTests/Fixtures/Machines"] {
            guard let walker = manager.enumerator(atPath: repository + "/" + folder) else { continue }
            while let path = walker.nextObject() as? String {
                if path.hasSuffix(".sm") && !path.contains(".build") { paths.append(folder + "/" + path) }
            }
        }
        return paths.sorted()
    }()
}

/// The bytes of the file at `path`. A file that cannot be read is a failure of the test
/// that asked for it, recorded with the path and the reason, never an empty input that
/// tests would go on to pass or fail on for the wrong reason.
public func readBytes(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    do {
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        Issue.record("cannot read '\(path)': \(error.localizedDescription)", sourceLocation: sourceLocation)
        return []
    }
}

/// A fresh folder under the temporary directory; `remove()` deletes it (with `defer`).
public struct TemporaryFolder {
    public let url: URL

    /// `prefix` names the suite, so that a folder left by an interrupted run says whose it is.
    public init(_ prefix: String = "fsmc-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    /// Writes the file `name` (a path inside the folder, whose folders are created).
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    public func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map(Array.init)
    }

    public func remove() {
        // Restore permissions a test took away, so that the folder can be removed.
        if let enumerator = FileManager.default.enumerator(atPath: url.path) {
            for case let name as String in enumerator {
                chmod(url.appendingPathComponent(name).path, 0o755)
            }
        }
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

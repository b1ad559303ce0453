import Foundation

/// Runs external programs for the benchmark: the dispatch benchmark, valgrind, swiftc.
enum Subprocess {
    struct Result {
        var status: Int32
        var output: String
        var seconds: Double
    }

    /// Runs `arguments[0]` (looked up in PATH unless it contains a slash) and collects its
    /// standard output; standard error goes to ours unless `quiet`.
    static func run(_ arguments: [String], environment: [String: String] = [:], quiet: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: arguments[0].contains("/") ? arguments[0] : try which(arguments[0]))
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        if quiet { process.standardError = FileHandle.nullDevice }
        let start = ContinuousClock.now
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = seconds(ContinuousClock.now - start)
        return Result(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), seconds: seconds)
    }

    /// Like `run`, but a failure stops the benchmark with the command that failed.
    static func check(_ arguments: [String], environment: [String: String] = [:], quiet: Bool = false) throws -> Result
    {
        let result = try run(arguments, environment: environment, quiet: quiet)
        guard result.status == 0 else {
            throw BenchmarkError("'\(arguments.joined(separator: " "))' exited with \(result.status)")
        }
        return result
    }

    /// The full path of a program in PATH, or nil.
    static func find(_ program: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func which(_ program: String) throws -> String {
        guard let path = find(program) else { throw BenchmarkError("'\(program)' is not in PATH") }
        return path
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

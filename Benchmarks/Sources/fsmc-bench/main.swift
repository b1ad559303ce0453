import Foundation

// fsmc-bench [--quick] [--runs N] [--events N] [--sections 1,3,…]
//
// Prints, as Markdown tables: the machine; 1. dispatch cost; 2. allocations per event;
// 3. fsmc check and compile throughput; 4. predicate expansion; 5. swiftc -O time of
// generated machines; 6. `fsmc lsp`'s diagnostics latency; 7. `fsmc verify` and `fsmc paths`
// at 10,000 and 100,000 reachable configurations. --quick skips the 1000 × 50
// build, which takes minutes; --sections runs only the sections listed. Run through Benchmarks/run.sh, which builds
// everything first.

/// What the command line asked for, and where things are.
struct Settings {
    var quick = false
    var runs = 7
    var events = 10_000_000
    var sections: Set<Int> = [1, 2, 3, 4, 5, 6, 7]
    /// Where the benchmark's own executables and libMallocCounter.so are.
    var binaries: URL
    /// The fsmc repository, for FSMRuntime's sources.
    var repository: URL

    init(_ arguments: [String]) throws {
        binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent() // fsmc-bench
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var rest = arguments[...]
        /// The positive whole number after `option`.
        func count(after option: String) throws -> Int {
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                throw UsageError("\(option) needs a positive whole number")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--runs": runs = try count(after: argument)
            case "--events": events = try count(after: argument)
            case "--sections":
                let listed = (rest.popFirst() ?? "").split(separator: ",", omittingEmptySubsequences: false).map {
                    Int($0)
                }
                guard !listed.isEmpty, listed.allSatisfy({ $0.map((1...7).contains) == true }) else {
                    throw UsageError("--sections needs a comma-separated list of section numbers from 1 to 7")
                }
                sections = Set(listed.compactMap { $0 })
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
    }
}

/// A mistake on the command line: reported with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

let settings: Settings
do {
    settings = try Settings(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(
        Data(
            """
            fsmc-bench: \(error)
            usage: fsmc-bench [--quick] [--runs N] [--events N] [--sections 1,3,…]

            """.utf8))
    exit(2)
}

do {
    printMachine()
    if settings.sections.contains(1) { try benchmarkDispatch(settings) }
    if settings.sections.contains(2) { try countAllocations(settings) }
    if settings.sections.contains(3) { try benchmarkThroughput(settings) }
    if settings.sections.contains(4) { try benchmarkPredicateExpansion(settings) }
    if settings.sections.contains(5) { try benchmarkBuildTime(settings) }
    if settings.sections.contains(6) { try benchmarkLanguageServer(settings) }
    if settings.sections.contains(7) { try benchmarkExploration(settings) }
} catch {
    FileHandle.standardError.write(Data("fsmc-bench: \(error)\n".utf8))
    exit(1)
}

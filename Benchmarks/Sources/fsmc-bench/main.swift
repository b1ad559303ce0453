import Foundation

// fsmc-bench [--quick] [--runs N] [--events N] [--sections 1,3,…]
//
// Prints, as Markdown tables: the machine; 1. dispatch cost; 2. allocations per event;
// 3. fsmc check and compile throughput; 4. predicate expansion; 5. swiftc -O time of
// generated machines. --quick skips the 1000 × 50 build, which takes minutes;
// --sections runs only the sections listed. Run through Benchmarks/run.sh, which builds
// everything first.

/// What the command line asked for, and where things are.
struct Settings {
    var quick = false
    var runs = 7
    var events = 10_000_000
    var sections: Set<Int> = [1, 2, 3, 4, 5]
    /// Where the benchmark's own executables and libMallocCounter.so are.
    var binaries: URL
    /// The fsmc repository, for FSMRuntime's sources.
    var repository: URL

    init(_ arguments: [String]) throws {
        binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent() // fsmc-bench
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--runs": runs = Int(rest.popFirst() ?? "") ?? runs
            case "--events": events = Int(rest.popFirst() ?? "") ?? events
            case "--sections": sections = Set((rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) })
            default:
                throw BenchmarkError("unknown argument '\(argument)'; usage: fsmc-bench [--quick] [--runs N] [--events N] [--sections 1,3,…]")
            }
        }
    }
}

do {
    let settings = try Settings(Array(CommandLine.arguments.dropFirst()))
    printMachine()
    if settings.sections.contains(1) { try benchmarkDispatch(settings) }
    if settings.sections.contains(2) { try countAllocations(settings) }
    if settings.sections.contains(3) { try benchmarkThroughput(settings) }
    if settings.sections.contains(4) { try benchmarkPredicateExpansion(settings) }
    if settings.sections.contains(5) { try benchmarkBuildTime(settings) }
} catch {
    FileHandle.standardError.write(Data("fsmc-bench: \(error)\n".utf8))
    exit(1)
}

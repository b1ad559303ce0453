import FSMCompiler
import Foundation
import MachineGenerator

/// Where the figures come from: they mean little without the machine and the load.
func printMachine() {
    func firstLine(of path: String, startingWith prefix: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix(prefix) }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
    }
    let model = firstLine(of: "/proc/cpuinfo", startingWith: "model name") ?? "unknown"
    let memory = firstLine(of: "/proc/meminfo", startingWith: "MemTotal").flatMap { Int($0.split(separator: " ")[0]) }
    let swift =
        (try? Subprocess.run(["swiftc", "--version"], quiet: true))?.output.split(separator: "\n").first ?? "unknown"
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(
        separator: " ")
    print("# fsmc benchmarks\n")
    print("- date: \(ISO8601DateFormatter().string(from: Date()))")
    print("- cpu: \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print("- memory: \(memory.map { format(Double($0) / 1_048_576, 1) + " GiB" } ?? "unknown")")
    print("- swift: \(swift)")
    print("- load average at start: \(load ?? "unknown")")
}

/// Each machine's shapes, as DispatchBenchmark names them. Only the flat machines without
/// conditions or values have a closures shape: the dictionary-of-closures library it models
/// has no conditions, no superstates, and its table's keys are events without values. The
/// turnstile and the 50 × 20 machine are also driven from another module than the one they
/// are generated in, public, as an app drives a library target's machine; the turnstile
/// also with each concurrency header: isolated to the main actor, observable, async (its
/// five actions), and async isolated to the main actor.
private let dispatchVariants: [(machine: String, shape: String)] =
    [
        "turnstile", "random50x20", "predicates", "conditions", "values", "statechart", "history", "decisions",
    ]
    .flatMap { machine in
        let crossModule = ["turnstile", "random50x20"].contains(machine)
        let concurrency = ["main actor", "observable", "async", "async, main actor"]
        let shapes =
            ["generated", "generated+queue", "generated, other module", "generated+queue, other module"]
            + concurrency + ["hand-written", "closures"]
        return
            shapes
            .filter { crossModule || !$0.hasSuffix("other module") }
            .filter { machine == "turnstile" || !concurrency.contains($0) }
            .filter { ["turnstile", "random50x20", "predicates"].contains(machine) || $0 != "closures" }
            .map { (machine, $0) }
    }
    // The region machine (the player of Language reference › Regions): `Regions.sm`
    // compiled by fsmc, the product machine a user writes without `Parallel:` compiled by
    // fsmc, and written by hand with one `switch` per region.
    + [("regions", "generated"), ("regions", "flattened"), ("regions", "hand-written")]

/// Keeps Swift's per-process hash seed out of the figures of the closures dispatcher.
private let deterministicHashing = ["SWIFT_DETERMINISTIC_HASHING": "1"]

/// 1. ns/event by the clock, and instructions/event by callgrind, of each shape.
func benchmarkDispatch(_ settings: Settings) throws {
    print("\n## 1. Dispatch\n")
    let benchmark = settings.binaries.appendingPathComponent("DispatchBenchmark").path
    let output = try Subprocess.check(
        [benchmark, "--events", "\(settings.events)", "--runs", "\(settings.runs)"],
        environment: deterministicHashing
    ).output
    var nanoseconds: [String: Double] = [:]
    var checksums: [String: [String]] = [:]
    for line in output.split(separator: "\n") {
        let fields = line.split(separator: "\t").map(String.init)
        guard fields.count == 6, fields[0] == "dispatch", let value = Double(fields[3]) else { continue }
        nanoseconds["\(fields[1])/\(fields[2])"] = value
        checksums[fields[1], default: []].append(fields[5])
    }

    let callgrindEvents = 1_000_000
    var instructions: [String: Double] = [:]
    if let valgrind = Subprocess.find("valgrind") {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fsmc-bench-callgrind-\(getpid()).out"
        ).path
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        /// Every instruction the process ran, with the loop run `passes` times.
        func instructionCount(_ variant: String, passes: Int) throws -> Double {
            _ = try Subprocess.check(
                [
                    valgrind, "--tool=callgrind", "--callgrind-out-file=\(outputFile)",
                    benchmark, "--only", variant, "--events", "\(callgrindEvents)", "--passes", "\(passes)",
                ],
                environment: deterministicHashing, quiet: true)
            let totals = try String(contentsOfFile: outputFile, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }
            guard let count = totals.flatMap({ Double($0.split(separator: " ")[1]) }) else {
                throw BenchmarkError("no instruction count in callgrind's output for \(variant)")
            }
            return count
        }
        // The second pass is the only difference between the two runs: set-up, the
        // event array and exit cancel out, whatever the optimizer inlines or merges.
        for variant in dispatchVariants {
            let name = "\(variant.machine)/\(variant.shape)"
            let onePass = try instructionCount(name, passes: 1)
            let twoPasses = try instructionCount(name, passes: 2)
            instructions[name] = (twoPasses - onePass) / Double(callgrindEvents)
        }
    }

    var table = Table(
        header: ["machine", "shape", "ns/event", "× hand-written", "instructions/event", "× hand-written"],
        numeric: [2, 3, 4, 5])
    for variant in dispatchVariants {
        let key = "\(variant.machine)/\(variant.shape)"
        let hand = "\(variant.machine)/hand-written"
        let time = nanoseconds[key]
        let count = instructions[key]
        table.add([
            variant.machine, variant.shape,
            time.map { format($0, 2) } ?? "–",
            time.flatMap { time in nanoseconds[hand].map { format(time / $0, 2) } } ?? "–",
            count.map { format($0, 2) } ?? "–",
            count.flatMap { count in instructions[hand].map { format(count / $0, 3) } } ?? "–",
        ])
    }
    print(table.text)
    print(
        "\nns/event: median of \(settings.runs) runs of \(grouped(settings.events)) events (a fixed xorshift sequence),"
            + " the shapes interleaved. instructions/event: callgrind's count for a second pass over"
            + " \(grouped(callgrindEvents)) events (two passes minus one).")
    if instructions.isEmpty { print("valgrind is not installed: no instruction counts.") }
    for (machine, sums) in checksums.sorted(by: { $0.key < $1.key }) where Set(sums).count != 1 {
        throw BenchmarkError("the shapes of \(machine) did different things: checksums \(sums)")
    }
    print(
        "generated: actions that declare `sendsEvents` false, so that an event sent from an action is not queued, as"
            + " in the hand-written and closures shapes. generated+queue: the default, run to completion.")
    print("All shapes of each machine ran the same actions and ended in the same state (checksums agree).")
}

/// 2. Allocations inside the event loop, counted by the preloaded malloc wrapper.
func countAllocations(_ settings: Settings) throws {
    print("\n## 2. Allocations per event\n")
    let library = settings.binaries.appendingPathComponent("libMallocCounter.so").path
    let benchmark = settings.binaries.appendingPathComponent("DispatchBenchmark").path
    let events = 1_000_000
    let output = try Subprocess.check(
        [benchmark, "--allocations", "--events", "\(events)"],
        environment: deterministicHashing.merging(["LD_PRELOAD": library]) { $1 }
    ).output
    var table = Table(header: ["machine", "shape", "allocations", "events", "allocations/event"], numeric: [2, 3, 4])
    for line in output.split(separator: "\n") {
        let fields = line.split(separator: "\t").map(String.init)
        guard fields.first == "allocations" else { continue }
        guard fields.count == 5, let count = Int(fields[3]), let total = Int(fields[4]) else {
            print(fields.dropFirst().joined(separator: " "))
            return
        }
        table.add([fields[1], fields[2], grouped(count), grouped(total), format(Double(count) / Double(total), 2)])
    }
    print(table.text)
    print(
        "\nCounted by libMallocCounter.so (LD_PRELOAD), which counts every malloc, calloc, realloc and aligned"
            + " allocation between two calls around the loop; the control row allocates an object per event,"
            + " to show that the counter counts.")
}

/// Generated `.sm` input of about `transitions` rows: 20 events, one row for each.
private func throughputInput(transitions: Int) -> MachineDescription {
    MachineDescription.random(states: transitions / 20, events: 20, density: 1, seed: 99)
}

/// 3. The `fsmc` program's `check` and `compile` on inputs of 1k to 100k transitions: the
/// whole command, from start-up to writing the .swift file.
func benchmarkThroughput(_ settings: Settings) throws {
    print("\n## 3. fsmc throughput\n")
    let fsmc = settings.binaries.appendingPathComponent("fsmc").path
    guard FileManager.default.isExecutableFile(atPath: fsmc) else {
        throw BenchmarkError(
            "no \(fsmc): build it with 'swift build -c release --product fsmc' (Benchmarks/run.sh does)")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-bench-throughput-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    // Starting the program, measured the same way, is a constant part of every figure.
    let startup = try median((0..<7).map { _ in try Subprocess.check([fsmc, "--version"]).seconds })
    var table = Table(
        header: ["transitions", ".sm size", "fsmc check", "× per 10×", "fsmc compile", "× per 10×", "Swift size"],
        numeric: [0, 1, 2, 3, 4, 5, 6])
    var previous: (check: Double, compile: Double)?
    for transitions in [1_000, 10_000, 100_000] {
        let machine = throughputInput(transitions: transitions)
        let input = directory.appendingPathComponent("\(machine.name).sm")
        let output = directory.appendingPathComponent("\(machine.name).swift")
        try Data(machine.smText.utf8).write(to: input)
        let runs = transitions >= 100_000 ? 5 : 7
        let check = try median((0..<runs).map { _ in try Subprocess.check([fsmc, "check", input.path]).seconds })
        let compile = try median(
            (0..<runs).map { _ in
                // A file that would not change is not rewritten: remove it so that each run writes it.
                try? FileManager.default.removeItem(at: output)
                return try Subprocess.check([fsmc, "compile", input.path, "-o", output.path]).seconds
            })
        let swiftBytes = (try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        /// `× total (× net of start-up)` against the previous size.
        func growth(_ now: Double, _ before: Double) -> String {
            format(now / before, 1) + " (" + format((now - startup) / max(before - startup, 1e-9), 1) + ")"
        }
        table.add([
            grouped(machine.rows.count), kilobytes(machine.smText.utf8.count), milliseconds(check),
            previous.map { growth(check, $0.check) } ?? "–", milliseconds(compile),
            previous.map { growth(compile, $0.compile) } ?? "–", kilobytes(swiftBytes),
        ])
        previous = (check, compile)
    }
    print(table.text)
    print(
        "\nThe release `fsmc` program, wall-clock time from start to exit, median of 7 runs (5 at 100k);"
            + " compile includes check and writes the file. Input: S0…Sn × E0…E19, a row for every pair."
            + " Start-up (`fsmc --version`, median of 7): \(milliseconds(startup)); growth per 10× is given in"
            + " all and, in parentheses, net of start-up. Linear growth is 10× per 10×.")
}

/// The median time of `runs` calls of `body`, in seconds.
private func time(runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    return median((0..<runs).map { _ in seconds(clock.measure(body)) })
}

/// 4. Predicate expansion: what fsmc does at compile time, and what is left for run time.
func benchmarkPredicateExpansion(_ settings: Settings) throws {
    print("\n## 4. Predicate expansion\n")
    let machine = MachineDescription.expansion()
    let file = SourceFile(name: "Expansion.sm", text: machine.smText)
    let compile = time(runs: settings.runs) { precondition(Compiler.compile(file).swift != nil) }
    let benchmark = settings.binaries.appendingPathComponent("DispatchBenchmark").path
    let output = try Subprocess.check(
        [benchmark, "--startup", "--runs", "\(settings.runs)"],
        environment: deterministicHashing
    ).output
    var startup: [String: [String]] = [:]
    for line in output.split(separator: "\n") {
        let fields = line.split(separator: "\t").map(String.init)
        if fields.first == "startup", fields.count >= 6 { startup[fields[1]] = Array(fields[2...]) }
    }
    guard let generated = startup["generated"], let closures = startup["closures"] else {
        throw BenchmarkError("DispatchBenchmark --startup printed no figures")
    }
    var table = Table(
        header: ["shape", "at compile time", "before the first event", "row × combination checks", "table entries"],
        numeric: [1, 2, 3, 4])
    table.add(["generated (fsmc)", "fsmc compile " + milliseconds(compile), (generated[0]) + " ns (init)", "0", "0"])
    table.add([
        "closures (runtime library)", "–", Double(closures[0]).map { milliseconds($0 / 1e9) } ?? closures[0],
        grouped(Int(closures[1]) ?? 0), grouped(Int(closures[2]) ?? 0),
    ])
    print(table.text)
    let types = machine.predicateTypes.map { "\($0.name) (\($0.cases.count) cases)" }.joined(separator: ", ")
    print(
        "\n\(machine.rows.count) transitions, predicates \(types). fsmc: median of \(settings.runs) in-process compiles"
            + " (parse, check, order the rows, write Swift). Run time: median of \(settings.runs); the generated init only"
            + " allocates the machine. The two behave alike on 100,000 random events: \(generated[3] == "true" && closures[3] == "true")."
    )
}

/// 5. `swiftc -O` time of generated machines of two sizes, and how it grows.
func benchmarkBuildTime(_ settings: Settings) throws {
    print("\n## 5. Build time of generated code\n")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-bench-build-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let runtime = settings.repository.appendingPathComponent("Sources/FSMRuntime")
    let runtimeSources = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
        .filter { $0.hasSuffix(".swift") }.sorted().map { runtime.appendingPathComponent($0).path }
    _ = try Subprocess.check(
        [
            "swiftc", "-O", "-parse-as-library", "-swift-version", "6", "-module-name", "FSMRuntime",
            "-emit-module", "-emit-module-path", directory.appendingPathComponent("FSMRuntime.swiftmodule").path,
        ]
            + runtimeSources)

    let sizes = settings.quick ? [(100, 20)] : [(100, 20), (1_000, 50)]
    var table = Table(
        header: [
            "machine", "transitions", "Swift lines", "swiftc -O", "s per 1k transitions", "× time", "× transitions",
        ],
        numeric: [1, 2, 3, 4, 5, 6])
    var previous: (transitions: Int, seconds: Double)?
    for (states, events) in sizes {
        let machine = MachineDescription.random(states: states, events: events)
        guard let swift = Compiler.compile(SourceFile(name: "\(machine.name).sm", text: machine.smText)).swift else {
            throw BenchmarkError("fsmc rejected \(machine.name)")
        }
        let source = directory.appendingPathComponent("\(machine.name).swift")
        try Data(swift.utf8).write(to: source)
        // The machine is generic over its actions: an app's module specializes it for its
        // own, so the build includes actions and a use, as an app's does.
        let use = directory.appendingPathComponent("\(machine.name)+Use.swift")
        try Data(
            (MachineDescription.sendsEventsDeclarationsSwift + machine.countingActionsSwift + machine.useSwift).utf8
        )
        .write(to: use)
        let result = try Subprocess.check([
            "swiftc", "-O", "-wmo", "-c", "-parse-as-library", "-swift-version", "6",
            "-module-name", "Benchmark", "-I", directory.path, source.path, use.path,
            "-o", directory.appendingPathComponent("\(machine.name).o").path,
        ])
        let transitions = machine.rows.count
        table.add([
            "\(states) × \(events)", grouped(transitions), grouped(swift.split(separator: "\n").count),
            format(result.seconds, 1) + " s", format(result.seconds * 1_000 / Double(transitions), 2),
            previous.map { format(result.seconds / $0.seconds, 1) } ?? "–",
            previous.map { format(Double(transitions) / Double($0.transitions), 1) } ?? "–",
        ])
        previous = (transitions, result.seconds)
    }
    print(table.text)
    print(
        "\nswiftc -O -wmo on the file fsmc generates, with counting actions and a function that creates the machine"
            + " and handles events (so that the machine is specialized, as in an app), against FSMRuntime's module;"
            + " one run each. Linear growth: × time close to × transitions."
            + (settings.quick ? " --quick: the 1000 × 50 machine was skipped." : ""))
}

func milliseconds(_ seconds: Double) -> String {
    format(seconds * 1_000, seconds < 0.01 ? 2 : 1) + " ms"
}

func kilobytes(_ bytes: Int) -> String {
    grouped((bytes + 512) / 1_024) + " KB"
}

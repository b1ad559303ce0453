import Foundation

/// A machine whose regions multiply: `Grid_`, a parallel state with `regions` regions, each
/// a ring of `states` states with a conditional step forward (`Next<r> [isReady]`, else it
/// waits) and a step back; `Power` leaves and enters it, `Reset` re-enters it. It can reach
/// states^regions + 1 configurations (`Off` and every combination of the rings).
func gridMachine(regions: Int, states: Int) -> String {
    var lines = [
        "FSM: Grid", "Initial: Off", "Parallel: Grid_", "{", "  Off { Power Grid_ - }",
        "  (Grid_) >stopAll { Power Off -  Reset Grid_ - }",
    ]
    for region in 0..<regions {
        lines.append("  (R\(region)) : Grid_ { - R\(region)S0 - }")
        for state in 0..<states {
            let next = (state + 1) % states
            let back = (state + states - 1) % states
            lines.append(
                "  R\(region)S\(state) : R\(region) { Next\(region) [isReady] R\(region)S\(next) step"
                    + "  Next\(region) [!isReady] R\(region)S\(state) wait  Back\(region) R\(region)S\(back) - }")
        }
    }
    return (lines + ["}"]).joined(separator: "\n") + "\n"
}

/// 7. `fsmc verify` and `fsmc paths` on machines of 10,000 and 100,000 reachable
/// configurations, and the limit on one of a million.
func benchmarkExploration(_ settings: Settings) throws {
    print("\n## 7. Exploration: fsmc verify and fsmc paths\n")
    let fsmc = settings.binaries.appendingPathComponent("fsmc").path
    guard FileManager.default.isExecutableFile(atPath: fsmc) else {
        throw BenchmarkError(
            "no \(fsmc): build it with 'swift build -c release --product fsmc' (Benchmarks/run.sh does)")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-bench-explore-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var table = Table(
        header: ["machine", "rows", "configurations", "fsmc check", "fsmc verify", "fsmc paths", "paths, steps"],
        numeric: [1, 2, 3, 4, 5])
    let sizes = settings.quick ? [4] : [4, 5]
    for regions in sizes {
        let input = directory.appendingPathComponent("Grid\(regions).sm")
        try Data(gridMachine(regions: regions, states: 10).utf8).write(to: input)
        let runs = regions >= 5 ? 3 : settings.runs
        let check = try median((0..<runs).map { _ in try Subprocess.check([fsmc, "check", input.path]).seconds })
        let verify = try median(
            (0..<runs).map { _ in try Subprocess.check([fsmc, "verify", input.path]).seconds })
        var header = ""
        let paths = try median(
            (0..<runs).map { _ in
                let result = try Subprocess.check([fsmc, "paths", input.path])
                header = String(result.output.prefix { $0 != "\n" })
                return result.seconds
            })
        // `# fsmc paths Grid4.sm --cover transitions: 86 paths, 408 steps; 123 of 123 rows taken, 10001 configurations reachable`
        let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 6 else { throw BenchmarkError("fsmc paths printed no summary: '\(header)'") }
        table.add([
            "\(regions) regions × 10 states", grouped(numbers[numbers.count - 2]), grouped(numbers[numbers.count - 1]),
            milliseconds(check), milliseconds(verify), milliseconds(paths),
            "\(grouped(numbers[numbers.count - 5])), \(grouped(numbers[numbers.count - 4]))",
        ])
    }
    print(table.text)
    let wide = directory.appendingPathComponent("Grid6.sm")
    try Data(gridMachine(regions: 6, states: 10).utf8).write(to: wide)
    let limited = try Subprocess.run([fsmc, "verify", wide.path], quiet: true)
    print(
        "\nThe release `fsmc` program, wall-clock time from start to exit, median of \(settings.runs) runs (3 at"
            + " 100,000 configurations); verify and paths include check. Each machine is a parallel state of"
            + " rings of 10 states, with a condition on every step forward. 6 regions (1,000,001 configurations):"
            + " `fsmc verify` refuses to start, past its limit of 200,000, with exit status \(limited.status) after"
            + " \(milliseconds(limited.seconds)).")
}

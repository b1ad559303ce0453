import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Inputs no one should write, through the whole pipeline (`Compiler.compile`, and the
/// `fsmc` executable where a hang or a crash must be caught): each gives Swift or located
/// errors, never a crash, and within the bound stated in CONTRIBUTING.md ("Bad input: bounds").
/// The bounds here are for debug builds on a loaded two-core machine, several times what was measured.
@Suite struct BadInputTests {
    static let turnstile = String(decoding: readBytes(Paths.examples + "/Turnstile/Turnstile.sm"), as: UTF8.self)

    /// Replaces the first `Unlocked` on line `line` (1-based) with `replacement`.
    static func turnstile(replacingOnLine line: Int, _ text: String, with replacement: [UInt8]) -> [UInt8] {
        var lines = turnstile.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let target = Array(text.utf8)
        let start = (0...(lines[line - 1].count - target.count)).first {
            Array(lines[line - 1][$0..<($0 + target.count)]) == target
        }!
        lines[line - 1].replaceSubrange(start..<(start + target.count), with: replacement)
        return Array(lines.joined(separator: [0x0A]))
    }

    static func errors(_ bytes: [UInt8]) -> [Diagnostic] {
        let output = Compiler.compile(SourceFile(name: "bad.sm", bytes: bytes))
        #expect(output.swift == nil)
        return output.diagnostics.filter { $0.severity == .error }
    }

    @Test(arguments: [[0xFF, 0xFE], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0x00, 0x00, 0x00]])
    func invalidUTF8AndNULBytesAreErrorsAtTheirColumn(bytes: [UInt8]) throws {
        // Line 12 is `    Coin  Unlocked  -`: the bytes go where the state name starts.
        let line = Array(Self.turnstile.split(separator: "\n", omittingEmptySubsequences: false)[11].utf8)
        let column = try #require((0..<line.count).first { line[$0...].starts(with: "Unlocked".utf8) }) + 1
        let input = Self.turnstile(replacingOnLine: 12, "Unlocked", with: bytes + Array("Unlocked".utf8))
        let first = try #require(Self.errors(input).first)
        #expect(first.id == .unexpectedCharacter)
        #expect((first.location.line, first.location.column) == (12, column))
    }

    @Test func crlfCompilesExactlyAsLF() {
        let lf = Compiler.compile(SourceFile(name: "Turnstile.sm", text: Self.turnstile))
        let crlf = Compiler.compile(
            SourceFile(name: "Turnstile.sm", text: Self.turnstile.replacingOccurrences(of: "\n", with: "\r\n")))
        #expect(lf.swift != nil)
        #expect(crlf.swift == lf.swift)
        #expect(crlf.diagnostics == lf.diagnostics)
        let broken = Self.turnstile.replacingOccurrences(of: "Pass  Alarming", with: "Pass  Alarming]")
        #expect(broken != Self.turnstile)
        #expect(
            Self.errors(Array(broken.replacingOccurrences(of: "\n", with: "\r\n").utf8)).map(\.description)
                == Self.errors(Array(broken.utf8)).map(\.description))
    }

    /// 10 MB: the Turnstile followed by 10 MB of comments compiles. 1 MB of random bytes
    /// gives a few located errors (parser recovery skips the rest); 10 MB of them takes
    /// 9 s in a release build (CONTRIBUTING.md, "Bad input: bounds"), too long for a debug test run.
    @Test(.enabled(if: FSMCProcess.isAvailable)) func tenMegabyteFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let comment = "// " + String(repeating: "x", count: 76) + "\n"
        try folder.write(
            "Padded.sm", Self.turnstile + String(repeating: comment, count: 10 * 1024 * 1024 / comment.utf8.count))
        let padded = try FSMCProcess.run(["compile", "Padded.sm"], in: folder.url, processorSeconds: 120)
        #expect(padded.status == 0, "\(padded.errors)")
        #expect(folder.read("Padded.swift")?.isEmpty == false)

        var random = SplitMix64(seed: 10)
        try folder.write("Noise.sm", (0..<(1024 * 1024)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let noise = try FSMCProcess.run(["check", "Noise.sm"], in: folder.url, processorSeconds: 120)
        #expect(noise.status == 1, "stopped after \(noise.seconds) s; signalled: \(noise.wasSignalled)")
        #expect(noise.errors.hasPrefix("Noise.sm:1:1: error: unexpected character"))
        #expect(noise.errors.split(separator: "\n").count <= Parser.maximumErrors + 1)
    }

    /// An input nested 100,000 levels deep; Swift Testing prints only its kind, since the
    /// input itself would fill the test log.
    struct DeepNesting: Sendable, CustomTestStringConvertible {
        var kind: String
        var source: String
        var expected: String
        var testDescription: String { kind }
    }

    static let deepNestings = [
        DeepNesting(
            kind: "guard blocks",
            source: "FSM: D\nInitial: S\n{\n  S {\n" + String(repeating: "[c] {\n", count: 100_000)
                + "E S -\n" + String(repeating: "}\n", count: 100_000) + "  }\n}\n",
            expected: "68:5: error: blocks are nested more than 64 deep"),
        DeepNesting(
            kind: "event blocks",
            source: "FSM: D\nInitial: S\n{\n  S {\n" + String(repeating: "E {\n", count: 100_000)
                + "S -\n" + String(repeating: "}\n", count: 100_000) + "  }\n}\n", expected: "error: "),
        DeepNesting(
            kind: "braces",
            source: "FSM: D\nInitial: S\n" + String(repeating: "{", count: 100_000)
                + String(repeating: "}", count: 100_000) + "\n",
            expected: "3:2: error: expected a state name, found '{'"),
        DeepNesting(
            kind: "brackets",
            source: "FSM: D\nInitial: S\n{\n  S E " + String(repeating: "[", count: 100_000) + " S -\n}\n",
            expected: "4:8: error: "),
        DeepNesting(
            kind: "parentheses",
            source: "FSM: D\nInitial: S\n{\n" + String(repeating: "(", count: 100_000) + "S"
                + String(repeating: ")", count: 100_000) + " - - -\n}\n", expected: "4:2: error: "),
    ]

    /// 100,000 levels of every kind of nesting: one error at the 65th level (or at the
    /// first misplaced token), no stack overflow.
    @Test(arguments: deepNestings)
    func hundredThousandDeepNestingIsOneErrorNotACrash(_ nesting: DeepNesting) {
        let (kind, source, expected) = (nesting.kind, nesting.source, nesting.expected)
        let (errors, time) = ProcessorTime.measure { Self.errors(Array(source.utf8)) }
        // A bound that only a hang or a blow-up reaches: it takes well under a second.
        #expect(time < .seconds(60), "\(kind)")
        #expect(!errors.isEmpty)
        let first = errors.first.map { String($0.description.dropFirst("bad.sm:".count)) } ?? ""
        #expect(first.hasPrefix(expected) || expected == "error: " && first.contains(": error: "), "\(kind): \(first)")
        #expect(errors.count <= Parser.maximumErrors + 1, "\(kind)")
    }

    /// 10,000 states in a ring, each with one row: Swift for all of them.
    @Test func tenThousandStates() throws {
        let count = 10_000
        let rows = (0..<count).map { "  S\($0) Next S\(($0 + 1) % count) a\($0 % 50)\n" }.joined()
        let (output, elapsed) = ProcessorTime.measure {
            Compiler.compile(SourceFile(name: "Ring.sm", text: "FSM: Ring\nInitial: S0\n{\n" + rows + "}\n"))
        }
        let swift = try #require(output.swift)
        #expect(output.diagnostics.isEmpty)
        #expect(swift.contains("case s9999 = \"S9999\""))
        #expect(swift.contains("private func handleInS9999("))
        // A bound that only a hang or a blow-up past linear reaches: in a debug build the
        // ring takes about a minute of processor time (61 s on 2026-11-27, before and after
        // literal arguments), so 60 s failed by a second now and then; how fast a release
        // build compiles large machines is Benchmarks/'s to say.
        #expect(elapsed < .seconds(300))
    }

    /// The limit on processor time stops a long run: a 10,000-deep chain of superstates
    /// takes fsmc about 30 s of processor time (every state inherits every row above it).
    @Test(.enabled(if: FSMCProcess.isAvailable))
    func processorTimeLimitStopsALongRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let states = (1..<10_000).map { "  S\($0) : S\($0 - 1) { E\($0) S0 - }\n" }.joined()
        try folder.write("Chain.sm", "FSM: Chain\nInitial: S0\n{\n  S0 { E0 S1 - }\n" + states + "}\n")
        let run = try FSMCProcess.run(["check", "Chain.sm"], in: folder.url, processorSeconds: 1)
        #expect(run.exceededProcessorTime, "status \(String(describing: run.status)) after \(run.seconds) s")
    }

    /// 8 predicate types × 8 cases: rows that stay small compile; a guard that would spell
    /// out millions of combinations is refused with `predicateLimit` instead of running
    /// out of time or memory. Through the executable, so that a hang fails the test.
    @Test(
        .enabled(if: FSMCProcess.isAvailable),
        arguments: [
            (MachineSource(PathologicalPool.specificRows, label: "one specific row per case"), ["compiles"]),
            (MachineSource(PathologicalPool.rankOneRows, label: "64 rows of rank 1"), ["[implicitClash]"]),
            (
                MachineSource(PathologicalPool.wideRow, label: "7 of 8 cases on all 8 types"),
                ["compiles", "[predicateLimit]"]
            ),
            (
                MachineSource(PathologicalPool.everyRank, label: "every rank with 4 of 8 cases"),
                ["compiles", "[predicateLimit]"]
            ),
        ])
    func pathologicalPredicatePool(source: MachineSource, acceptable: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Pool.sm", source.text)
        let run = try FSMCProcess.run(["compile", "Pool.sm"], in: folder.url, processorSeconds: 30)
        let outcome =
            switch run.status {
            case 0?: folder.read("Pool.swift") == nil ? "no output" : "compiles"
            case 1?: acceptable.first { run.errors.contains($0) } ?? String(run.errors.prefix(300))
            case _ where run.exceededProcessorTime: "no result after 30 s of processor time"
            case let status?: "exit status \(status)"
            case nil: "no result after 10 minutes"
            }
        #expect(acceptable.contains(outcome), "\(source.label): \(outcome)")
    }
}

/// Machines over 8 predicate types of 8 cases each.
enum PathologicalPool {

    static let header =
        "FSM: Pool\nInitial: S0\n"
        + (0..<8).map { type in "Predicate: T\(type) = " + (0..<8).map { "c\($0)" }.joined(separator: " | ") + "\n" }
        .joined()

    static func machine(_ rows: [String]) -> String {
        header + "{\n  S0 {\n" + rows.map { "    " + $0 + "\n" }.joined() + "  }\n  S1 E S0 -\n}\n"
    }

    static func term(_ type: Int, _ cases: some Sequence<Int>) -> String {
        "T\(type) = " + cases.map { "c\($0)" }.joined(separator: " | ")
    }

    /// Rank-8 rows, one per case, and a fallback.
    static let specificRows = machine(
        (0..<8).map { value in
            "E [" + (0..<8).map { term($0, [value]) }.joined(separator: ", ") + "] S1 a\(value)"
        } + ["E S1 fallback"])

    /// Every (type, case) as its own rank-1 row: they clash where two types meet.
    static let rankOneRows = machine(
        (0..<8).flatMap { type in (0..<8).map { "E [\(term(type, [$0]))] S1 a\(type)x\($0)" } })

    /// One row matching 7⁸ (5.7 million) combinations, as 7⁸ alternatives.
    static let wideRow = machine([
        "E [" + (0..<8).map { term($0, 0..<7) }.joined(separator: ", ") + "] S1 wide", "E S1 fallback",
    ])

    /// For 4 events, rows of every rank 1…8 over the first types, each with 4 of 8 cases:
    /// 87,380 alternatives per event.
    static let everyRank = machine(
        (0..<4).flatMap { event in
            (1...8).map { rank in
                "E\(event) [" + (0..<rank).map { term($0, stride(from: 0, to: 8, by: 2)) }.joined(separator: ", ")
                    + "] S1 r\(rank)"
            } + ["E\(event) S1 fallback"]
        })
}

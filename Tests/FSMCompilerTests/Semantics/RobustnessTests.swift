import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Whatever the input, checking gives diagnostics or a model: never a crash, a stack
/// overflow or a hang (Commands › Bad input and failures). Inputs here are large or
/// hostile; they pin behaviour exactly where that is practical, and otherwise that the
/// result is sane.
@Suite struct RobustnessTests {
    /// Seeded, so that every run sees the same bytes.
    typealias Generator = SplitMix64

    static func check(_ bytes: [UInt8]) -> Compiler.Result {
        Compiler.check(SourceFile(name: "test.sm", bytes: bytes))
    }

    static func check(_ text: String) -> Compiler.Result {
        check(Array(text.utf8))
    }

    /// What must hold for any input: a model exactly when there is no error, at most the
    /// parser's 100 errors and its stop when the input is not even syntax, and every
    /// location inside the file.
    static func expectSane(
        _ result: Compiler.Result, lines: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect((result.machine == nil) == result.diagnostics.hasErrors, sourceLocation: sourceLocation)
        for diagnostic in result.diagnostics {
            let locations = [diagnostic.location] + diagnostic.notes.map(\.location)
            #expect(
                locations.allSatisfy { $0.line >= 1 && $0.line <= lines + 1 && $0.column >= 1 },
                "\(diagnostic)", sourceLocation: sourceLocation)
        }
        if result.diagnostics.contains(where: { [.syntaxError, .unexpectedCharacter].contains($0.id) }) {
            #expect(result.diagnostics.count <= Parser.maximumErrors + 1, sourceLocation: sourceLocation)
        }
    }

    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    static let headers = "FSM: F\nInitial: S\n"

    // MARK: Small hostile inputs

    @Test func emptyInput() {
        #expect(
            Self.check("").diagnostics.map(\.description) == [
                "test.sm:1:1: error: expected a header or '{' to open the body, found end of file [syntaxError]"
            ])
        #expect(
            Self.check("  \n\n // nothing\n").diagnostics.map(\.description) == [
                "test.sm:4:1: error: expected a header or '{' to open the body, found end of file [syntaxError]"
            ])
    }

    @Test func nulAndInvalidUTF8AreReportedWhereTheyStand() {
        let valid = Array((Self.headers + "{\n  S { E S a }\n}\n").utf8)
        var withNul = valid
        withNul.insert(0, at: valid.firstIndex(of: UInt8(ascii: "E"))!)
        #expect(
            Self.check(withNul).diagnostics.map(\.description) == [
                "test.sm:4:7: error: unexpected character '\\u{0}' [unexpectedCharacter]"
            ])
        var withInvalid = valid
        let action = valid.lastIndex(of: UInt8(ascii: "a"))!
        withInvalid.replaceSubrange(action...action, with: [0xC3, 0x28, 0xFF])
        #expect(
            Self.check(withInvalid).diagnostics.map(\.description) == [
                "test.sm:4:11: error: unexpected character '\\xC3' [unexpectedCharacter]"
            ])
        // In a comment anything goes.
        let commented =
            Array((Self.headers + "{ // ").utf8) + [0x00, 0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80]
            + Array("\n  S { E S a }\n}".utf8)
        #expect(Self.check(commented).diagnostics.isEmpty)
        // A file of nothing but NUL bytes.
        #expect(
            Self.check([UInt8](repeating: 0, count: 1_000)).diagnostics.map(\.description) == [
                "test.sm:1:1: error: unexpected character '\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}\\u{0}…' [unexpectedCharacter]"
            ])
    }

    @Test(arguments: [1, 2, 3, 42, 1_000_003] as [UInt64])
    func randomBytes(seed: UInt64) {
        var generator = Generator(seed: seed)
        let bytes = generator.bytes(64 * 1024)
        let result = Self.check(bytes)
        Self.expectSane(result, lines: Self.lineCount(bytes))
        #expect(result.diagnostics.hasErrors)
    }

    /// Random runs of the language's own tokens reach deeper into the parser than bytes do.
    @Test(arguments: [7, 8, 9, 10, 11, 12, 13, 14] as [UInt64])
    func randomTokens(seed: UInt64) {
        let vocabulary = [
            "S", "T", "E", "F", "(", ")", "{", "}", "[", "]", ":", "<", ">", ",", "=", "|", "-", "*",
            "override", "FSM", "Initial", "Predicate", "A", "x", "\n", "// c\n", "@", " ",
        ]
        var generator = Generator(seed: seed)
        for length in [10, 100, 5_000] {
            let text = (0..<length).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: " ")
            let result = Self.check(text)
            Self.expectSane(result, lines: Self.lineCount(Array(text.utf8)))
        }
    }

    /// Deleting, repeating or swapping tokens of a real machine gives diagnostics or a
    /// model, with the analyzer running whenever the result still parses.
    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func mutatedMachines(seed: UInt64) throws {
        let source = String(
            decoding: readBytes(Paths.examples + "/TwoCoinTurnstile/Sources/two-coin-turnstile/TwoCoinTurnstile.sm"),
            as: UTF8.self)
        let tokens = Lexer.lex(SourceFile(name: "test.sm", text: source)).dropLast().map(\.text)
        try #require(tokens.count > 50)
        var generator = Generator(seed: seed)
        var analyzed = 0
        for _ in 0..<200 {
            var mutated = tokens
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated.remove(at: index)
                case 1: mutated.insert(mutated[index], at: index)
                default: mutated.swapAt(index, Int.random(in: 0..<mutated.count, using: &generator))
                }
            }
            let text = mutated.joined(separator: " ")
            let result = Self.check(text)
            Self.expectSane(result, lines: 1)
            if !result.diagnostics.contains(where: {
                [
                    .syntaxError, .unexpectedCharacter, .misplacedPlaceholder,
                    .misplacedOverride,
                ].contains($0.id)
            }) {
                analyzed += 1
            }
        }
        #expect(analyzed > 0)
    }

    /// CRLF line ends change nothing: same diagnostics, same lines and columns.
    @Test(arguments: DiagnosticTests.triggering)
    func crlfLineEnds(_ example: DiagnosticTests.Example) {
        let crlf = example.source.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(example.diagnostics(of: crlf) == example.expected)
    }

    @Test func crlfTable() {
        let source = FlatteningTests.headers + FlatteningTests.hierarchy
        let crlf = source.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(tableLines(crlf) == tableLines(source))
        #expect(machine(crlf)?.states.map(\.named.location) == machine(source)?.states.map(\.named.location))
    }

    // MARK: Deep nesting

    @Test func hundredThousandOpenBraces() {
        let source = Self.headers + "{\n  S " + String(repeating: "{", count: 100_000)
        #expect(
            diagnosticLines(compiling: source) == [
                "4:6: error: expected a transition, found '{' [syntaxError]",
                "4:100005: error: expected '}', found end of file [syntaxError]",
                "4:5: note: to match this '{'",
            ])
        let balanced =
            Self.headers + "{\n  S " + String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_001)
        #expect(
            diagnosticLines(compiling: balanced) == [
                "4:6: error: expected a transition, found '{' [syntaxError]"
            ])
    }

    @Test(arguments: ["}", "(", "[", "<", "-", "|"])
    func hundredThousandOfOneToken(token: String) {
        for source in [
            String(repeating: token, count: 100_000),
            Self.headers + "{\n  S { E " + String(repeating: token, count: 100_000) + " }\n}",
            Self.headers + "{\n  S " + String(repeating: token, count: 100_000) + "\n}",
        ] {
            let result = Self.check(source)
            Self.expectSane(result, lines: 5)
            #expect(result.diagnostics.hasErrors)
            #expect(result.diagnostics.count <= 3)
        }
    }

    @Test func hundredThousandNestedGuardBlocks() {
        let source =
            Self.headers + "{\n  S {" + String(repeating: "[a]{", count: 100_000) + "E - -"
            + String(repeating: "}", count: 100_001) + "\n}"
        // The 64th guard block is the 65th level, counting the state body.
        #expect(
            diagnosticLines(compiling: source) == [
                "4:\(5 + 4 * 64): error: blocks are nested more than 64 deep [nestingTooDeep]"
            ])
        let unclosed = Self.headers + "{\n  S {" + String(repeating: "[a]{", count: 100_000)
        #expect(
            diagnosticLines(compiling: unclosed) == [
                "4:\(5 + 4 * 64): error: blocks are nested more than 64 deep [nestingTooDeep]",
                "4:\(6 + 4 * 100_000): error: expected '}', found end of file [syntaxError]",
                "4:\(5 + 4 * 63): note: to match this '{'",
            ])
    }

    @Test func deeplyNestedEventAndOverrideBlocks() {
        let source =
            Self.headers + "{\n  S : B { override {" + String(repeating: "[a] {", count: 62) + " E { [b] { - - } } "
            + String(repeating: "}", count: 63) + " }\n  (B) { E S - }\n}"
        let result = Self.check(source)
        #expect(result.diagnostics.map(\.id) == [.nestingTooDeep])
    }

    // MARK: Size

    /// About 10 MB in 30,000 states with long names; it checks cleanly.
    @Test func tenMegabyteMachine() throws {
        let states = 30_000
        let name = "State" + String(repeating: "x", count: 100)
        var text = "FSM: Big\nInitial: \(name)0\n{\n"
        text.reserveCapacity(11_000_000)
        for index in 0..<states {
            text +=
                "\(name)\(index) { Next\(String(repeating: "e", count: 100)) \(name)\((index + 1) % states) go\(index % 7) }\n"
        }
        text += "}\n"
        #expect(text.utf8.count > 9_000_000)
        let result = Self.check(text)
        #expect(result.diagnostics.isEmpty)
        let model = try #require(result.machine)
        #expect(model.states.count == states)
        #expect(model.states.allSatisfy { $0.transitions.count == 1 })
    }

    @Test func tenMegabytesOfRandomBytes() {
        var generator = Generator(seed: 10)
        let bytes = generator.bytes(10 * 1024 * 1024)
        let result = Self.check(bytes)
        Self.expectSane(result, lines: Self.lineCount(bytes))
        #expect(result.diagnostics.hasErrors)
    }

    @Test func tenThousandStates() throws {
        let count = 10_000
        var text =
            "FSM: Ring\nInitial: S0\nPredicate: Mode = slow | fast\n{\n  (Base) <enter >leave { Reset S0 reset }\n"
        for index in 0..<count {
            text +=
                "  S\(index) : Base { Next [Mode = slow] S\((index + 1) % count) step  Next [Mode = fast] S\((index + 2) % count) jump  Stay - - }\n"
        }
        text += "}\n"
        let result = Self.check(text)
        #expect(result.diagnostics.isEmpty)
        let model = try #require(result.machine)
        #expect(model.concreteStates.count == count)
        #expect(TransitionTable.text(model).split(separator: "\n").count == 4 * count)
    }

    /// Superstates 2,000 deep, with entry and exit actions on every level: the leaf enters
    /// 2,001 of them and leaves them in reverse.
    @Test func twoThousandDeepSuperstateChain() throws {
        let depth = 2_000
        var text = "FSM: Deep\nInitial: Leaf\n{\n  Leaf : S0 <enterLeaf >exitLeaf { Go Leaf go }\n"
        for level in 0..<depth {
            let superstate = level + 1 < depth ? " : S\(level + 1)" : ""
            let body = level % 100 == 99 ? "{ E\(level) Leaf - }" : "- - -"
            text += "  (S\(level))\(superstate) <enter\(level) >exit\(level) \(body)\n"
        }
        text += "}\n"
        let result = Self.check(text)
        #expect(result.diagnostics.isEmpty)
        let model = try #require(result.machine)
        let leaf = model.states[0]
        #expect(leaf.entryActions.map { RowText.call(text: $0, in: model) }.first == "enter\(depth - 1)")
        #expect(leaf.entryActions.map { RowText.call(text: $0, in: model) }.last == "enterLeaf")
        #expect(leaf.exitActions.map { RowText.call(text: $0, in: model) }.first == "exitLeaf")
        #expect(leaf.exitActions.map { RowText.call(text: $0, in: model) }.last == "exit\(depth - 1)")
        #expect(leaf.entryActions.count == depth + 1)
        #expect(leaf.transitions.count == depth / 100 + 1)
        // A row naming the leaf from the leaf leaves and enters the leaf only (UML).
        #expect(leaf.transitions.last.map { RowText.call(text: $0.effects[0], in: model) } == "exitLeaf")
        #expect(leaf.transitions.last.map { $0.effects.count } == 3)
    }

    @Test func twoThousandDeepSuperstateCycle() {
        let depth = 2_000
        var text = "FSM: Deep\nInitial: Leaf\n{\n  Leaf : S0 { Go Leaf go }\n"
        for level in 0..<depth {
            text += "  (S\(level)) : S\((level + 1) % depth) - - -\n"
        }
        text += "}\n"
        let lines = diagnosticLines(compiling: text)
        let names = ((0..<depth).map { "'S\($0)'" } + ["'S0'"]).joined(separator: " -> ")
        #expect(
            lines == [
                "\(4 + depth):\(9 + String(depth - 1).count): error: superstate cycle: \(names); a state cannot be its own superstate [superstateCycle]"
            ])
    }

    static func manyStates(_ count: Int) -> String {
        "FSM: F\nInitial: S0\n{\n  (Base) { Reset S0 - }\n"
            + (0..<count).map { "  S\($0) : Base { Next S\(($0 + 1) % count) go  Back - - }\n" }.joined() + "}\n"
    }

    /// Four times the input takes well under ten times as long, in processor time (a
    /// quadratic step would take sixteen).
    @Test(arguments: ["states", "garbage", "braces", "rows"])
    func timeGrowsLinearly(shape: String) {
        let input = { (scale: Int) -> [UInt8] in
            switch shape {
            case "states":
                return Array(Self.manyStates(1_000 * scale).utf8)
            case "garbage":
                var generator = Generator(seed: 99)
                return generator.bytes(64 * 1024 * scale)
            case "braces":
                return Array((Self.headers + "{\n  S " + String(repeating: "{ ", count: 25_000 * scale)).utf8)
            default:
                return Array(
                    (Self.headers + "{\n  S {\n" + (0..<1_000 * scale).map { "    E\($0) S a\($0 % 10)\n" }.joined()
                        + "  }\n}").utf8)
            }
        }
        let small = input(1)
        let large = input(4)
        _ = Self.check(small)
        let smallTime = ProcessorTime.fastest { _ = Self.check(small) }
        let largeTime = ProcessorTime.fastest { _ = Self.check(large) }
        #expect(
            largeTime < smallTime * 10,
            "\(shape): \(smallTime) for \(small.count) bytes, \(largeTime) for \(large.count)")
    }
}

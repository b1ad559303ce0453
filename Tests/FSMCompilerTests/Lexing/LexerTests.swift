import FSMCompiler
import FSMTestSupport
import Testing

/// The lexer: every token kind, what counts as blank, and where each token is.
@Suite struct LexerTests {
    /// Each token as `line:column kind 'text'`, with `^` after the column when it is the
    /// first on its line; the final end-of-file token is left out unless asked for.
    static func tokens(_ bytes: [UInt8], includingEnd: Bool = false) -> [String] {
        let tokens = Lexer.lex(SourceFile(name: "test.sm", bytes: bytes))
        return tokens.filter { includingEnd || $0.kind != .endOfFile }.map { token in
            "\(token.location.line):\(token.location.column)\(token.isFirstOnLine ? "^" : "") \(token.kind) '\(token.text)'"
        }
    }

    static func tokens(_ text: String, includingEnd: Bool = false) -> [String] {
        tokens(Array(text.utf8), includingEnd: includingEnd)
    }

    @Test(arguments: [
        ("Coin", Token.Kind.name),
        ("2ndCoin", .name),
        ("42", .name),
        ("_hidden", .name),
        ("snake_case_9", .name),
        ("{", .openBrace),
        ("}", .closeBrace),
        ("(", .openParen),
        (")", .closeParen),
        ("[", .openBracket),
        ("]", .closeBracket),
        ("<", .openAngle),
        (">", .closeAngle),
        (":", .colon),
        (",", .comma),
        ("=", .equals),
        ("|", .bar),
        ("-", .dash),
        ("*", .dash),
        ("!", .bang),
        (".", .dot),
        ("?", .question),
        ("&", .ampersand),
    ])
    func eachTokenKind(text: String, kind: Token.Kind) {
        let tokens = Lexer.lex(SourceFile(name: "test.sm", text: text))
        #expect(tokens.map(\.kind) == [kind, .endOfFile])
        #expect(tokens.first?.text == text)
        #expect(tokens.first?.location == SourceLocation(file: "test.sm", line: 1, column: 1))
    }

    @Test(arguments: [
        // Names run until a byte that cannot be in a name; punctuation is one byte each.
        (
            "Locked:Resetable<lock{",
            [
                "1:1^ name 'Locked'", "1:7 colon ':'", "1:8 name 'Resetable'",
                "1:17 openAngle '<'", "1:18 name 'lock'", "1:22 openBrace '{'",
            ]
        ),
        (
            "Coin|Pass[A=x|y,c]-*",
            [
                "1:1^ name 'Coin'", "1:5 bar '|'", "1:6 name 'Pass'", "1:10 openBracket '['",
                "1:11 name 'A'", "1:12 equals '='", "1:13 name 'x'", "1:14 bar '|'",
                "1:15 name 'y'", "1:16 comma ','", "1:17 name 'c'", "1:18 closeBracket ']'",
                "1:19 dash '-'", "1:20 dash '*'",
            ]
        ),
        (
            "(Base)>{a b}",
            [
                "1:1^ openParen '('", "1:2 name 'Base'", "1:6 closeParen ')'", "1:7 closeAngle '>'",
                "1:8 openBrace '{'", "1:9 name 'a'", "1:11 name 'b'", "1:12 closeBrace '}'",
            ]
        ),
        // A digit may start a name, and a name may be all digits.
        ("2nd 007", ["1:1^ name '2nd'", "1:5 name '007'"]),
        // Space, tab, form feed and CR are blanks; each counts one column.
        ("a \t\u{0C}\rb", ["1:1^ name 'a'", "1:6 name 'b'"]),
    ])
    func tokensAndColumns(source: String, expected: [String]) {
        #expect(Self.tokens(source) == expected)
    }

    @Test(arguments: [
        ("// only a comment", [String]()),
        ("A // comment { } @ é\nB", ["1:1^ name 'A'", "2:1^ name 'B'"]),
        ("A//no space\n  B // last line without a line break", ["1:1^ name 'A'", "2:3^ name 'B'"]),
        ("// é and \u{FF} in a comment\n  X", ["2:3^ name 'X'"]),
        // A single slash is not a comment.
        ("A / B", ["1:1^ name 'A'", "1:3 unexpected '/'", "1:5 name 'B'"]),
        ("A /", ["1:1^ name 'A'", "1:3 unexpected '/'"]),
        // An unexpected run stops where a comment starts.
        ("@@// comment", ["1:1^ unexpected '@@'"]),
    ])
    func comments(source: String, expected: [String]) {
        #expect(Self.tokens(source) == expected)
    }

    @Test(arguments: [
        ("@", ["1:1^ unexpected '@'"]),
        ("a@#$b", ["1:1^ name 'a'", "1:2 unexpected '@#$'", "1:5 name 'b'"]),
        ("a~b", ["1:1^ name 'a'", "1:2 unexpected '~'", "1:3 name 'b'"]),
        // A string literal argument is one token; one the line ends before is unexpected.
        ("\"Coin\"", ["1:1^ string '\"Coin\"'"]),
        ("\"Co\nin", ["1:1^ unexpected '\"'", "1:2 name 'Co'", "2:1^ name 'in'"]),
        ("\"a \\\" // b\\\\\" c", ["1:1^ string '\"a \\\" // b\\\\\"'", "1:15 name 'c'"]),
        ("; %", ["1:1^ unexpected ';'", "1:3 unexpected '%'"]),
        // Valid UTF-8 is shown as itself; columns count bytes, so 'X' is at column 4.
        ("é X", ["1:1^ unexpected 'é'", "1:4 name 'X'"]),
        ("→€ X", ["1:1^ unexpected '→€'", "1:8 name 'X'"]),
        ("😀X", ["1:1^ unexpected '😀'", "1:5 name 'X'"]),
        // A long run is shortened after 16 characters.
        ("@@@@@@@@@@@@@@@@@@@@ X", ["1:1^ unexpected '@@@@@@@@@@@@@@@@…'", "1:22 name 'X'"]),
    ])
    func unexpectedCharacters(source: String, expected: [String]) {
        #expect(Self.tokens(source) == expected)
    }

    @Test(arguments: [
        // NUL, other control characters and DEL are escaped.
        ([0x41, 0x00, 0x42], ["1:1^ name 'A'", "1:2 unexpected '\\u{0}'", "1:3 name 'B'"]),
        ([0x07, 0x1B, 0x7F], ["1:1^ unexpected '\\u{7}\\u{1B}\\u{7F}'"]),
        // Invalid UTF-8 is escaped byte by byte: stray bytes, a truncated sequence, an
        // overlong form, an encoded surrogate.
        ([0x41, 0xFF, 0xFE, 0x42], ["1:1^ name 'A'", "1:2 unexpected '\\xFF\\xFE'", "1:4 name 'B'"]),
        ([0xE2, 0x82, 0x41], ["1:1^ unexpected '\\xE2\\x82'", "1:3 name 'A'"]),
        ([0xC0, 0x80, 0x20, 0x41], ["1:1^ unexpected '\\xC0\\x80'", "1:4 name 'A'"]),
        ([0xED, 0xA0, 0x80], ["1:1^ unexpected '\\xED\\xA0\\x80'"]),
        ([0x80], ["1:1^ unexpected '\\x80'"]),
        // Valid and invalid mixed in one run.
        ([0xC3, 0xA9, 0xFF, 0x00], ["1:1^ unexpected 'é\\xFF\\u{0}'"]),
    ])
    func bytesOutsideTheLanguage(bytes: [UInt8], expected: [String]) {
        #expect(Self.tokens(bytes) == expected)
    }

    @Test func byteOrderMarkAtTheStartIsSkipped() {
        #expect(
            Self.tokens([0xEF, 0xBB, 0xBF] + Array("FSM: A".utf8)) == [
                "1:1^ name 'FSM'", "1:4 colon ':'", "1:6 name 'A'",
            ])
        #expect(Self.tokens([0xEF, 0xBB, 0xBF], includingEnd: true) == ["1:1^ endOfFile ''"])
    }

    @Test func byteOrderMarkElsewhereIsUnexpected() {
        #expect(Self.tokens(Array("A ".utf8) + [0xEF, 0xBB, 0xBF]) == ["1:1^ name 'A'", "1:3 unexpected '\u{FEFF}'"])
    }

    @Test func linesAndColumns() {
        let source = """
            FSM: Turnstile
              Initial:\tLocked
            {

                Locked  Coin Unlocked -   // comment
            }
            """
        #expect(
            Self.tokens(source, includingEnd: true) == [
                "1:1^ name 'FSM'", "1:4 colon ':'", "1:6 name 'Turnstile'",
                "2:3^ name 'Initial'", "2:10 colon ':'", "2:12 name 'Locked'",
                "3:1^ openBrace '{'",
                "5:5^ name 'Locked'", "5:13 name 'Coin'", "5:18 name 'Unlocked'", "5:27 dash '-'",
                "6:1^ closeBrace '}'",
                "6:2 endOfFile ''",
            ])
    }

    @Test func crlfLineEndsGiveTheSameLinesAndColumnsAsLF() {
        let lf = "FSM: A\n  Initial: S\n{ S { E - - } } // c\n\n@"
        let crlf = lf.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(crlf.utf8.count == lf.utf8.count + 4)
        #expect(Self.tokens(crlf, includingEnd: true) == Self.tokens(lf, includingEnd: true))
        #expect(Self.tokens(crlf).last == "5:1^ unexpected '@'")
    }

    @Test(arguments: [
        ("", ["1:1^ endOfFile ''"]),
        ("   ", ["1:4^ endOfFile ''"]),
        ("A", ["1:1^ name 'A'", "1:2 endOfFile ''"]),
        ("A\n", ["1:1^ name 'A'", "2:1^ endOfFile ''"]),
        ("A // c", ["1:1^ name 'A'", "1:7 endOfFile ''"]),
        ("A // c\n", ["1:1^ name 'A'", "2:1^ endOfFile ''"]),
    ])
    func endOfFile(source: String, expected: [String]) {
        #expect(Self.tokens(source, includingEnd: true) == expected)
    }

    /// Only a line break, not other blanks or a comment on the same line, makes a token first.
    @Test func firstOnLine() {
        let source = "A B\n\n  C // comment\nD\u{0C}E\r\nF\t// x\n\n\n   G"
        #expect(
            Self.tokens(source).map { $0.split(separator: " ")[0] } == [
                "1:1^", "1:3", "3:3^", "4:1^", "4:3", "5:1^", "8:4^",
            ])
    }

    @Test func quotedTokens() {
        let tokens = Lexer.lex(SourceFile(name: "test.sm", text: "Coin {"))
        #expect(tokens.map(\.quoted) == ["'Coin'", "'{'", "end of file"])
    }
}

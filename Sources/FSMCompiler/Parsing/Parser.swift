/// Builds a `StateMachineSyntax` from tokens by recursive descent, one function per rule
/// of `Grammar/fsm.ebnf`.
///
/// Errors are collected, not thrown to the caller. A rule that meets an unexpected token
/// reports `expected X, found Y` there and throws `ParseFailure.syntax`; the nearest
/// list of rows or states catches it and skips to the next line that starts a row at the
/// same depth, or to the `}` that closes the list, so one mistake gives one error. A state
/// whose `{` is missing parses as a state with one row, and shows only later, as tokens
/// after the body or rows read as states: the layout then names the state instead
/// (`reportMissingOpenBrace`).
package struct Parser {
    /// The deepest nesting of blocks accepted; deeper input is reported, not recursed into.
    package static let maximumNesting = 64
    /// After this many errors in one file the parser stops, as swiftc and clang do.
    package static let maximumErrors = 100

    enum ParseFailure: Error {
        case syntax
        case tooManyErrors
    }

    /// Where an item stands, which decides what it may be.
    enum Context {
        /// The top of a state body: rows, blocks, `override { }` and `- - -`.
        case stateBody
        /// Inside a guard or override block: rows and blocks.
        case nested
        /// Inside an event block: rows without their event, and guard blocks.
        case eventBlock
    }

    let tokens: [Token]
    var index = 0
    var nesting = 0
    /// True while the body of a state written on one line is parsed (`(P) - A -`).
    var parsingOneLineState = false
    /// The first name of each type path of the type being parsed.
    var typePathHeads: [String] = []
    var errorCount = 0
    var hasReportedEndOfFile = false
    var diagnostics: [Diagnostic] = []

    package init(tokens: [Token]) {
        precondition(tokens.last?.kind == .endOfFile, "the lexer ends every token list with end of file")
        self.tokens = tokens
    }

    /// Parses a whole file; the diagnostics are syntax errors only.
    ///
    /// A `}` left out inside the body is found by the layout first, as rustc finds an
    /// unclosed delimiter (`missingCloseBrace(in:)`): the parse then reads the file with the
    /// `}` where it was most likely missing, and the file gets one error there, with a note
    /// at the `{` it closes, instead of errors on the rows that follow.
    package static func parse(_ file: SourceFile) -> (syntax: StateMachineSyntax, diagnostics: [Diagnostic]) {
        var tokens = Lexer.lex(file)
        // Each repair: the inserted `}` and the `{` it closes, as indices into `tokens`.
        var repairs: [(brace: Int, open: Int)] = []
        while repairs.count < maximumRepairs, let repair = missingCloseBrace(in: tokens) {
            let found = tokens[repair.before]
            tokens.insert(
                Token(.closeBrace, "}", at: found.location, isFirstOnLine: found.isFirstOnLine), at: repair.before)
            repairs = repairs.map { ($0.brace >= repair.before ? $0.brace + 1 : $0.brace, $0.open) }
            repairs.append((repair.before, repair.open))
        }
        var parser = Parser(tokens: tokens)
        let syntax = parser.parseFile()
        // An error about a `}` that is not in the file is the repair's own.
        let insertedAt = Set(repairs.map { tokens[$0.brace].location })
        var diagnostics = parser.diagnostics.filter {
            !(insertedAt.contains($0.location) && $0.message.hasSuffix("found '}'"))
        }
        for (brace, open) in repairs {
            let found = tokens[brace + 1]
            let owner = syntax.states.first { $0.tokens.openBrace == open }.map { "state '\($0.name.text)'" }
            let what = owner ?? "the '{' on line \(tokens[open].location.line)"
            diagnostics.append(
                Diagnostic(
                    .syntaxError, .error, "expected '}' to close \(what), found \(found.quoted)",
                    at: found.location, notes: [.init("to match this '{'", at: tokens[open].location)]))
        }
        return (syntax, diagnostics)
    }

    /// At most this many `}` are put back by the layout in one file.
    static let maximumRepairs = 8

    /// Where a `}` is most likely missing inside the file, as the layout shows it: a `}` that
    /// starts its line left of the line of the `{` it closes belongs to an outer `{`, so that
    /// `{` lacks its own `}`, which belongs before the first later line that starts at or
    /// left of the `{`'s line (the next state, or that `}`). Nil when the braces balance or
    /// the layout shows nothing (a `}` missing at the end is the end of file's error).
    package static func missingCloseBrace(in tokens: [Token]) -> (open: Int, before: Int)? {
        let opens = tokens.count { $0.kind == .openBrace }
        guard opens > tokens.count(where: { $0.kind == .closeBrace }) else { return nil }
        var firstColumn: [Int: Int] = [:]
        for token in tokens where firstColumn[token.location.line] == nil {
            firstColumn[token.location.line] = token.location.column
        }
        // The tokens that start a line and can follow a closed block: a state's name or `(`, or a `}`.
        let lineStarts = tokens.indices.filter {
            tokens[$0].isFirstOnLine && [.name, .openParen, .closeBrace].contains(tokens[$0].kind)
        }
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .openBrace:
                open.append(index)
            case .closeBrace:
                guard let brace = open.popLast() else { return nil }
                let line = tokens[brace].location.line
                guard token.isFirstOnLine, token.location.line != line, let indentation = firstColumn[line],
                    token.location.column < indentation
                else { continue }
                return lineAfter(brace, upTo: index, indentation: indentation).map { (brace, $0) }
            default:
                continue
            }
        }
        // Still open at the end: the innermost `{` whose block a later line leaves (of the
        // innermost few, so that deep nesting costs no more than a few passes).
        for brace in open.suffix(maximumRepairs).reversed() {
            guard let indentation = firstColumn[tokens[brace].location.line] else { continue }
            if let before = lineAfter(brace, upTo: tokens.count - 1, indentation: indentation) {
                return (brace, before)
            }
        }
        return nil

        /// The first of `lineStarts` after `brace`, up to `last`, at or left of `indentation`.
        func lineAfter(_ brace: Int, upTo last: Int, indentation: Int) -> Int? {
            var low = 0
            var high = lineStarts.count
            while low < high {
                let middle = (low + high) / 2
                if lineStarts[middle] <= brace { low = middle + 1 } else { high = middle }
            }
            return lineStarts[low...].prefix { $0 <= last }.first { tokens[$0].location.column <= indentation }
        }
    }

    // MARK: Rules (the rest in Parser+States, Parser+Rows, Parser+Types)

    /// `file = { header } , body ;`
    package mutating func parseFile() -> StateMachineSyntax {
        var syntax = StateMachineSyntax(bodyLocation: current.location)
        do {
            syntax.headers = try parseHeaders()
            syntax.bodyLocation = current.location
            let bodyStart = index
            let (states, closeBrace) = try parseBody()
            syntax.states = states
            syntax.bodyTokens = TokenSpan(start: bodyStart, end: index, openBrace: bodyStart)
            let hasTokensAfterBody = current.kind != .endOfFile
            // Tokens after the body may be explained by a state that lacks its '{'.
            let explained =
                try closeBrace.map {
                    try reportMissingOpenBrace(in: states, bodyClosedBy: $0, hasTokensAfterBody: hasTokensAfterBody)
                } ?? false
            if hasTokensAfterBody && !explained {
                try fail("expected end of file after the body's closing '}', found \(describe(current))")
            }
        } catch ParseFailure.tooManyErrors {
            diagnostics.append(
                Diagnostic(
                    .tooManyErrors, .error,
                    "too many errors (\(Self.maximumErrors)); stopping here",
                    at: current.location))
        } catch {
            // Already reported where it happened; nothing follows the body to recover into.
        }
        return syntax
    }

    // MARK: Tokens

    var current: Token { tokens[index] }

    func peek(_ distance: Int) -> Token {
        tokens[min(index + distance, tokens.count - 1)]
    }

    mutating func advance(by count: Int = 1) {
        index = min(index + count, tokens.count - 1)
    }

    var isOverrideKeyword: Bool {
        current.kind == .name && current.text == "override" && peek(1).kind == .openBrace
    }

    mutating func expectName(_ what: String) throws -> NameSyntax {
        guard current.kind == .name else {
            try fail("expected \(what), found \(describe(current))")
        }
        defer { advance() }
        return NameSyntax(current.text, at: current.location)
    }

    mutating func expect(_ kind: Token.Kind, _ what: String) throws {
        guard current.kind == kind else {
            try fail("expected \(what), found \(describe(current))")
        }
        advance()
    }

    /// Consumes the `}` of a block. At the end of the file it reports the missing brace
    /// once, with a note at the `{` it would close, and lets every enclosing block end too.
    mutating func expectClosingBrace(matching open: SourceLocation) throws {
        if current.kind == .closeBrace {
            advance()
            return
        }
        if current.kind == .endOfFile {
            guard !hasReportedEndOfFile else { return }
            hasReportedEndOfFile = true
            try report(
                Diagnostic(
                    .syntaxError, .error, "expected '}', found end of file",
                    at: current.location, notes: [.init("to match this '{'", at: open)]))
            return
        }
        try fail("expected '}', found \(describe(current))")
    }

    /// How a token is named in "found …"; characters outside the language say so.
    func describe(_ token: Token) -> String {
        token.kind == .unexpected ? "unexpected character \(token.quoted)" : token.quoted
    }

    // MARK: Errors and recovery

    /// Records an error; a file's first error beyond the limit stops the parse instead, so
    /// that a file with exactly the limit is reported in full.
    mutating func report(_ diagnostic: Diagnostic) throws {
        guard errorCount < Self.maximumErrors else { throw ParseFailure.tooManyErrors }
        diagnostics.append(diagnostic)
        errorCount += 1
    }

    /// Reports an error at the current token and abandons the rule. A character outside
    /// the language is reported as such, whatever the rule expected.
    mutating func fail(_ message: String, id: DiagnosticID = .syntaxError) throws -> Never {
        if current.kind == .endOfFile && hasReportedEndOfFile { throw ParseFailure.syntax }
        if current.kind == .endOfFile { hasReportedEndOfFile = true }
        if current.kind == .unexpected && current.text == "\"" {
            try report(
                Diagnostic(
                    .syntaxError, .error,
                    "unterminated string; a string argument ends with '\"' on its own line (and holds valid UTF-8)",
                    at: current.location))
        } else if current.kind == .unexpected {
            try report(
                Diagnostic(
                    .unexpectedCharacter, .error, "unexpected character \(current.quoted)",
                    at: current.location))
        } else {
            try report(Diagnostic(id, .error, message, at: current.location))
        }
        throw ParseFailure.syntax
    }

    /// Skips what is left of a broken row or state: up to the `}` that closes the list
    /// being parsed, or to the first token of a later line outside any braces opened
    /// after `start`. Always moves past at least one token, so parsing makes progress.
    mutating func synchronize(from start: Int) {
        // A '{' that the broken rule opened on the error's line, such as an action list's in
        // `S <{a :} {}`, is still open: its '}' must not be taken for the list's. One opened
        // on an earlier line more likely lacks its '}'.
        var depth = 0
        for token in tokens[start..<index] where token.location.line == current.location.line {
            if token.kind == .openBrace { depth += 1 }
            if token.kind == .closeBrace { depth = max(depth - 1, 0) }
        }
        var mayStop = index > start
        while current.kind != .endOfFile {
            if depth == 0 && mayStop && (current.kind == .closeBrace || current.isFirstOnLine) { return }
            switch current.kind {
            case .openBrace: depth += 1
            case .closeBrace: depth = max(depth - 1, 0)
            default: break
            }
            advance()
            mayStop = true
        }
    }
}

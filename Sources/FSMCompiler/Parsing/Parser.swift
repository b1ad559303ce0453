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

    private enum ParseFailure: Error {
        case syntax
        case tooManyErrors
    }

    /// Where an item stands, which decides what it may be.
    private enum Context {
        /// The top of a state body: rows, blocks, `override { }` and `- - -`.
        case stateBody
        /// Inside a guard or override block: rows and blocks.
        case nested
        /// Inside an event block: rows without their event, and guard blocks.
        case eventBlock
    }

    private let tokens: [Token]
    private var index = 0
    private var nesting = 0
    /// True while the body of a state written on one line is parsed (`(P) - A -`).
    private var parsingOneLineState = false
    /// The first name of each type path of the type being parsed.
    private var typePathHeads: [String] = []
    private var errorCount = 0
    private var hasReportedEndOfFile = false
    private(set) var diagnostics: [Diagnostic] = []

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

    // MARK: Rules

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

    /// `{ header }`: a header error skips the rest of the headers, up to the body's `{`,
    /// so that a file in an older header format gets one error, not one per line.
    private mutating func parseHeaders() throws -> [HeaderSyntax] {
        var headers: [HeaderSyntax] = []
        while current.kind == .name {
            do {
                headers.append(try parseHeader())
            } catch ParseFailure.syntax {
                while current.kind != .openBrace && current.kind != .endOfFile { advance() }
                break
            }
        }
        return headers
    }

    /// `header = NAME , ":" , NAME , { NAME } , [ "=" , caseList | parameters ] ;`
    /// A name after the value is another value unless a ':' follows it: then it starts
    /// the next header.
    private mutating func parseHeader() throws -> HeaderSyntax {
        let start = index
        let name = try expectName("a header name")
        guard current.kind == .colon else {
            try fail(
                "expected ':' after header '\(name.text)', found \(describe(current)); headers are written 'Name: value'"
            )
        }
        advance()
        let value = try expectName("a value for header '\(name.text)'")
        var moreValues: [NameSyntax] = []
        while current.kind == .name && peek(1).kind != .colon {
            moreValues.append(try expectName("a value"))
        }
        var cases: [NameSyntax]?
        var parameters: [ParameterSyntax]?
        if current.kind == .equals {
            advance()
            cases = try parseCaseList()
        } else if current.kind == .openParen {
            parameters = try parseParameters()
        }
        return HeaderSyntax(
            name: name, value: value, moreValues: moreValues, cases: cases, parameters: parameters,
            tokens: TokenSpan(start: start, end: index))
    }

    /// `parameters = "(" , parameter , { "," , parameter } , ")" ;`
    /// `parameter = NAME , ":" , type ;`
    private mutating func parseParameters() throws -> [ParameterSyntax] {
        let open = current.location
        advance()
        var parameters: [ParameterSyntax] = []
        repeat {
            if !parameters.isEmpty { advance() }
            let label = try expectName("a parameter label, as in 'Loaded(duration: Double)'")
            guard current.kind == .colon else {
                try fail("expected ':' and a type after parameter '\(label.text)', found \(describe(current))")
            }
            advance()
            let location = current.location
            typePathHeads = []
            let text = try parseType()
            parameters.append(
                ParameterSyntax(label: label, type: text, typeLocation: location, leadingTypeNames: typePathHeads))
        } while current.kind == .comma
        guard current.kind == .closeParen else {
            try fail(
                "expected ',' or ')' after the parameter, found \(describe(current)) (the '(' is at \(open.line):\(open.column))"
            )
        }
        advance()
        return parameters
    }

    /// `caseList = NAME , { "|" , NAME } ;`
    private mutating func parseCaseList() throws -> [NameSyntax] {
        var cases = [try expectName("a case name")]
        while current.kind == .bar {
            advance()
            cases.append(try expectName("a case name after '|'"))
        }
        return cases
    }

    /// `body = "{" , { stateSpec } , "}" ;`
    /// Also returns the index of the body's `}`, nil when the file ends without it.
    private mutating func parseBody() throws -> (states: [StateSyntax], closeBrace: Int?) {
        guard current.kind == .openBrace else {
            try fail("expected a header or '{' to open the body, found \(describe(current))")
        }
        let open = current.location
        advance()
        var states: [StateSyntax] = []
        while current.kind != .closeBrace && current.kind != .endOfFile {
            let start = index
            do {
                states.append(try parseStateSpec())
            } catch ParseFailure.syntax {
                synchronize(from: start)
            }
        }
        let closeBrace = current.kind == .closeBrace ? index : nil
        try expectClosingBrace(matching: open)
        return (states, closeBrace)
    }

    /// `stateSpec = stateName , { modifier } , stateBody ;`
    private mutating func parseStateSpec() throws -> StateSyntax {
        let start = index
        var state = try parseStateName()
        while try parseModifier(into: &state) {}
        let openBrace = current.kind == .openBrace ? index : nil
        state.items = try parseStateBody(of: state)
        state.tokens = TokenSpan(start: start, end: index, openBrace: openBrace)
        return state
    }

    /// `stateName = NAME | "(" , NAME , ")" ;`
    private mutating func parseStateName() throws -> StateSyntax {
        // The spec's tokens are known once its body is parsed.
        let unknown = TokenSpan(start: index, end: index)
        guard current.kind == .openParen else {
            return StateSyntax(name: try expectName("a state name"), isAbstract: false, tokens: unknown)
        }
        advance()
        let name = try expectName("an abstract state name")
        try expect(.closeParen, "')' after abstract state '\(name.text)'")
        return StateSyntax(name: name, isAbstract: true, tokens: unknown)
    }

    /// `modifier = ":" , NAME | "<" , actionNames | ">" , actionNames ;`
    /// Returns false, consuming nothing, when no modifier follows.
    private mutating func parseModifier(into state: inout StateSyntax) throws -> Bool {
        let location = current.location
        let modifier: StateModifierSyntax
        switch current.kind {
        case .colon:
            advance()
            modifier = StateModifierSyntax(
                kind: .superstate, names: [try expectName("a superstate name after ':'")],
                isBraced: false, location: location)
        case .openAngle, .closeAngle:
            let kind: StateModifierSyntax.Kind = current.kind == .openAngle ? .entry : .exit
            advance()
            let isBraced = current.kind == .openBrace
            let calls = try parseActionNames(kind == .entry ? "entry" : "exit")
            modifier = StateModifierSyntax(
                kind: kind, names: calls.map(\.name), arguments: calls.map(\.arguments), isBraced: isBraced,
                location: location)
        default:
            return false
        }
        state.modifiers.append(modifier)
        return true
    }

    /// `actionNames = call | "{" , { call } , "}" ;` where a `(` after the name opens its
    /// arguments even after a blank: nothing else may follow an entry or exit action. Entry
    /// and exit actions take no arguments, but that is the check's to report
    /// (`entryExitArguments`), with the file's other errors.
    private mutating func parseActionNames(_ kind: String) throws -> [ActionSyntax] {
        if current.kind == .name {
            return [try parseCall(as: "an \(kind) action", argumentsAfterBlank: true)]
        }
        guard current.kind == .openBrace else {
            try fail("expected an \(kind) action or '{', found \(describe(current))")
        }
        try expect(.openBrace, "'{'")
        var calls: [ActionSyntax] = []
        while current.kind == .name {
            calls.append(try parseCall(as: "an \(kind) action", argumentsAfterBlank: true))
        }
        guard current.kind == .closeBrace else {
            try fail("expected an action name or '}', found \(describe(current))")
        }
        advance()
        return calls
    }

    /// `stateBody = "{" , { bodyItem } , "}" | placeholder | item ;`
    private mutating func parseStateBody(of state: StateSyntax) throws -> [BodyItemSyntax] {
        switch current.kind {
        case .openBrace:
            return try parseBlock(.stateBody)
        case .dash:
            parsingOneLineState = true
            defer { parsingOneLineState = false }
            return [try parseItem(.stateBody)]
        case .name, .openBracket:
            if isOverrideKeyword {
                try fail("'override { }' must be inside the braces of a state body", id: .misplacedOverride)
            }
            return [try parseItem(.nested)]
        default:
            try fail("expected '{' or a transition after state '\(state.name.text)', found \(describe(current))")
        }
    }

    /// `"{" , { bodyItem | item | eventItem } , "}"`: the braces of a state body or block.
    /// Blocks nested too deeply are reported and skipped rather than parsed.
    private mutating func parseBlock(_ context: Context) throws -> [BodyItemSyntax] {
        let open = current.location
        try expect(.openBrace, "'{'")
        guard nesting < Self.maximumNesting else {
            try report(
                Diagnostic(
                    .nestingTooDeep, .error,
                    "blocks are nested more than \(Self.maximumNesting) deep",
                    at: open))
            skipBalanced(depth: 1)
            return []
        }
        nesting += 1
        defer { nesting -= 1 }
        var items: [BodyItemSyntax] = []
        while current.kind != .closeBrace && current.kind != .endOfFile {
            let start = index
            do {
                items.append(try parseItem(context))
            } catch ParseFailure.syntax {
                noteRowAcrossLines(failedFrom: start, previous: items.last)
                synchronize(from: start)
            }
        }
        try expectClosingBrace(matching: open)
        return items
    }

    /// Newlines carry no meaning, so a row whose action is missing reads the next line's
    /// event as its action, and the error shows on a later line. When the row that failed,
    /// or the row before it, goes on past the end of its first line, the error gets a note
    /// there: the action or `-` may be missing after that line's last name.
    private mutating func noteRowAcrossLines(failedFrom start: Int, previous: BodyItemSyntax?) {
        guard let last = diagnostics.indices.last, diagnostics[last].id == .syntaxError else { return }
        let errorLine = diagnostics[last].location.line
        // The failed row, if the error is past its first line; else the row before it.
        var rows: [(first: Int, final: Int)] = [(start, index)]
        if case .row(let row)? = previous, row.tokens.end > row.tokens.start {
            rows.append((row.tokens.start, row.tokens.end - 1))
        }
        for (first, final) in rows {
            let line = tokens[first].location.line
            guard tokens[final].location.line > line, tokens[final].location.line <= errorLine else { continue }
            var end = first
            while end + 1 < tokens.count && tokens[end + 1].location.line == line { end += 1 }
            // A row whose first line ends after its next state: an event (or guard), a name.
            guard end > first, tokens[end].kind == .name,
                tokens[first].kind == .name || tokens[first].kind == .openBracket
            else { continue }
            diagnostics[last].notes.append(
                .init(
                    "this row goes on past the end of line \(line); if it ends here, add its action or '-' after '\(tokens[end].text)'",
                    at: tokens[end].location))
            return
        }
    }

    /// `bodyItem = placeholder | overrideBlock | item ;`
    /// `item = eventBlock | guardBlock | row ;`
    /// `eventItem = eventGuardBlock | eventRow ;`
    /// `eventBlock = events , "{" , { eventItem } , "}" ;`
    /// `guardBlock = guard , "{" , { item } , "}" ;`
    /// `eventGuardBlock = guard , "{" , { eventItem } , "}" ;`
    private mutating func parseItem(_ context: Context) throws -> BodyItemSyntax {
        let start = index
        if isOverrideKeyword {
            guard context == .stateBody else {
                try fail(
                    "'override { }' is allowed only at the top level of a state body",
                    id: .misplacedOverride)
            }
            return try parseOverrideBlock(start: start)
        }
        switch current.kind {
        case .dash where context != .eventBlock:
            return try parsePlaceholder(allowed: context == .stateBody, start: start)
        case .openBracket:
            let guardClause = try parseGuard()
            if current.kind == .openBrace {
                let openBrace = index
                let items = try parseBlock(context == .eventBlock ? .eventBlock : .nested)
                return .guardBlock(
                    guardClause, items: items, tokens: TokenSpan(start: start, end: index, openBrace: openBrace))
            }
            guard context == .eventBlock else {
                try fail(
                    "expected '{' after the guard, found \(describe(current)); a row starts with its event, as in 'Coin [A = x] Next action'"
                )
            }
            return .row(try parseRow(events: [], guardClause: guardClause, start: start))
        case .name where context != .eventBlock:
            let location = current.location
            let events = try parseEvents()
            if current.kind == .openBrace {
                let openBrace = index
                let items = try parseBlock(.eventBlock)
                return .eventBlock(
                    events: events, items: items, location: location,
                    tokens: TokenSpan(start: start, end: index, openBrace: openBrace))
            }
            let guardClause = current.kind == .openBracket ? try parseGuard() : nil
            return .row(try parseRow(events: events, guardClause: guardClause, start: start))
        case .name, .dash:
            return .row(try parseRow(events: [], guardClause: nil, start: start))
        default:
            try fail("expected a transition, found \(describe(current))")
        }
    }

    /// `overrideBlock = "override" , "{" , { item } , "}" ;`
    private mutating func parseOverrideBlock(start: Int) throws -> BodyItemSyntax {
        let location = current.location
        advance()
        let openBrace = index
        let items = try parseBlock(.nested)
        return .overrideBlock(
            items: items, location: location, tokens: TokenSpan(start: start, end: index, openBrace: openBrace))
    }

    /// `placeholder = dash , dash , dash ;`
    /// `initialRow = dash , NAME , action ;`
    private mutating func parsePlaceholder(allowed: Bool, start: Int) throws -> BodyItemSyntax {
        let location = current.location
        let isPlaceholder = peek(1).kind == .dash && peek(2).kind == .dash
        // An initial row starts a line, or its block, or a one-line state (`(P) - A -`):
        // elsewhere a '-' is more likely a row's extra action, as in 'Coin Locked - -'.
        let startsRow =
            current.isFirstOnLine || tokens[max(index - 1, 0)].kind == .openBrace
            || parsingOneLineState
        let isInitialRow = peek(1).kind == .name && startsRow
        guard allowed && (isPlaceholder || isInitialRow) else {
            try fail(
                "the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions'",
                id: .misplacedPlaceholder)
        }
        if isInitialRow {
            advance()
            let row = try parseRow(events: [], guardClause: nil, start: start)
            if let fork = row.forkTargets.first {
                try report(
                    Diagnostic(
                        .syntaxError, .error,
                        "an initial row names one substate, found '&' before '\(fork.text)'; a fork is written in a row with an event, or by the regions' own initial rows",
                        at: fork.location))
            }
            return .initial(row)
        }
        advance(by: 3)
        return .placeholder(location, tokens: TokenSpan(start: start, end: index))
    }

    /// `row = events , [ guard ] , nextState , action ;`
    /// `eventRow = [ guard ] , nextState , action ;` (the caller has parsed events and guard)
    /// `nextState = NAME , { "&" , NAME } | dash ;` (several names are a fork)
    /// `start` is the row's first token, its first event's or its guard's if it has them.
    private mutating func parseRow(events: [NameSyntax], guardClause: GuardSyntax?, start: Int) throws -> RowSyntax {
        var guardClause = guardClause
        if guardClause == nil && current.kind == .openBracket {
            guardClause = try parseGuard()
        }
        let nextLocation = current.location
        let nextState: NameSyntax?
        switch current.kind {
        case .name:
            nextState = NameSyntax(current.text, at: current.location)
            advance()
        case .dash:
            nextState = nil
            advance()
        default:
            try fail("expected a next state or '-', found \(describe(current))")
        }
        var forkTargets: [NameSyntax] = []
        while current.kind == .ampersand {
            guard nextState != nil else {
                try fail(
                    "expected an action, '-' or '{', found '&'; a fork names a state on each side of '&', as in 'Playing & Muted'"
                )
            }
            advance()
            forkTargets.append(try expectName("a state after '&'"))
        }
        let hasBracedActions = current.kind == .openBrace
        let actions = try parseAction()
        var row = RowSyntax(
            events: events, guardClause: guardClause, nextState: nextState,
            nextStateLocation: nextLocation, actions: actions, hasBracedActions: hasBracedActions,
            location: tokens[start].location, tokens: TokenSpan(start: start, end: index))
        row.forkTargets = forkTargets
        return row
    }

    /// `events = event , { "|" , event } ;`
    private mutating func parseEvents() throws -> [NameSyntax] {
        var events = [try parseEvent("an event name")]
        while current.kind == .bar {
            advance()
            events.append(try parseEvent("an event name after '|'"))
        }
        return events
    }

    /// `event = NAME | "after" , "(" , NAME , ")" ;` where the NAME in parentheses is a
    /// duration (`30s`). A delayed event is named as fsmc writes it, `after(30s)`, located at
    /// its `after`; a duration that is not one is reported at it, and the row kept.
    private mutating func parseEvent(_ what: String) throws -> NameSyntax {
        let name = try expectName(what)
        guard name.text == "after", current.kind == .openParen else { return name }
        advance()
        let duration = try expectName("a duration, as in 'after(30s)'")
        guard current.kind == .closeParen else {
            try fail("expected ')' after the duration of 'after(\(duration.text)', found \(describe(current))")
        }
        advance()
        if case .failure(let error) = TimerDuration.parse(duration.text) {
            try report(Diagnostic(.invalidDuration, .error, error.message, at: duration.location))
        }
        return NameSyntax(TimerDuration.eventName(duration.text), at: name.location)
    }

    /// `after(30s)` where an action belongs: a delayed event is the event of a row.
    private mutating func refuseDelayedEvent(_ name: NameSyntax, as role: String) throws {
        guard name.text == "after", current.kind == .openParen, peek(1).kind == .name,
            let first = peek(1).text.first, first.isASCII && first.isNumber
        else { return }
        let written = "after(" + peek(1).text + ")"
        try fail(
            "'\(written)' is a delayed event, not \(role): it starts a row of the state it times, as in '\(written) Next action'",
            id: .misplacedAfter)
    }

    /// `guard = "[" , [ term , { "," , term } ] , "]" ;`
    private mutating func parseGuard() throws -> GuardSyntax {
        let location = current.location
        try expect(.openBracket, "'['")
        var terms: [GuardTermSyntax] = []
        if current.kind != .closeBracket {
            terms.append(try parseTerm())
            while current.kind == .comma {
                advance()
                terms.append(try parseTerm())
            }
        }
        guard current.kind == .closeBracket else {
            try fail("expected ',' or ']' in the guard, found \(describe(current))")
        }
        advance()
        return GuardSyntax(terms: terms, location: location)
    }

    /// `term = stateTest | NAME , [ "=" , caseList | arguments ] | "!" , NAME , [ arguments ] ;`
    /// `!Type = a` is refused with its own message. Unlike an action's, a condition's `(`
    /// may stand apart from its name: inside `[ ]` it cannot start anything else.
    private mutating func parseTerm() throws -> GuardTermSyntax {
        if let test = try parseStateTest() { return test }
        if current.kind == .bang {
            advance()
            let name = try expectName("a condition after '!'")
            if current.kind == .equals {
                try fail(
                    "'!' negates a condition; a predicate match takes the cases it allows, as in '\(name) = a | b'")
            }
            return .condition(
                name, isNegated: true,
                arguments: current.kind == .openParen ? try parseArguments(of: name) : nil)
        }
        let name = try expectName("a predicate type or condition")
        if current.kind == .openParen {
            return .condition(name, isNegated: false, arguments: try parseArguments(of: name))
        }
        guard current.kind == .equals else { return .condition(name, isNegated: false, arguments: nil) }
        advance()
        return .predicate(type: name, cases: try parseCaseList())
    }

    /// `stateTest = [ "!" ] , "in" , "(" , NAME , ")" ;` — `in` followed by `(`; a plain `in`
    /// is a condition. Nil, consuming nothing, when the term is not a state test.
    private mutating func parseStateTest() throws -> GuardTermSyntax? {
        let isNegated = current.kind == .bang
        let word = isNegated ? peek(1) : current
        guard word.kind == .name, word.text == "in", peek(isNegated ? 2 : 1).kind == .openParen else { return nil }
        let location = current.location
        advance(by: isNegated ? 3 : 2)
        let state = try expectName("a state in 'in(…)'")
        guard current.kind == .closeParen else {
            try fail(
                "expected ')' after the state of 'in(\(state.text)', found \(describe(current)); 'in(State)' tests one state"
            )
        }
        advance()
        return .stateTest(state, isNegated: isNegated, location: location)
    }

    /// `action = call | dash | "{" , { call } , "}" ;`
    private mutating func parseAction() throws -> [ActionSyntax] {
        switch current.kind {
        case .name:
            return [try parseCall()]
        case .dash:
            advance()
            return []
        case .openBrace:
            try expect(.openBrace, "'{'")
            var calls: [ActionSyntax] = []
            while current.kind == .name { calls.append(try parseCall()) }
            guard current.kind == .closeBrace else {
                try fail("expected an action name or '}', found \(describe(current))")
            }
            advance()
            return calls
        default:
            try fail("expected an action, '-' or '{', found \(describe(current))")
        }
    }

    /// `call = NAME , [ arguments ] ;` where, after a row's action, the `(` follows the name
    /// with no blank between: `(Base)` on the next line starts an abstract state. `role` is
    /// what the name is, for the error when it is `after(…)`.
    private mutating func parseCall(as role: String = "an action", argumentsAfterBlank: Bool = false) throws
        -> ActionSyntax
    {
        let name = try expectName(role)
        try refuseDelayedEvent(name, as: role)
        let adjacent =
            current.kind == .openParen && current.location.line == name.location.line
            && current.location.column == name.location.column + name.text.utf8.count
        let opens = current.kind == .openParen && (adjacent || argumentsAfterBlank)
        return ActionSyntax(
            name: name,
            arguments: opens
                ? try parseArguments(
                    of: name,
                    labels: argumentsAfterBlank ? "an argument" : "a label of the event's values as an argument")
                : nil)
    }

    /// `arguments = "(" , [ NAME , { "," , NAME } ] , ")" ;` the labels of the event's values.
    /// `expected` says what an argument is, for the error when one is missing.
    private mutating func parseArguments(
        of name: NameSyntax, labels expected: String = "a label of the event's values as an argument"
    ) throws -> [NameSyntax] {
        let open = current.location
        advance()
        var arguments: [NameSyntax] = []
        while current.kind != .closeParen {
            if !arguments.isEmpty {
                guard current.kind == .comma else {
                    try fail(
                        "expected ',' or ')' in the arguments of '\(name.text)', found \(describe(current)) (the '(' is at \(open.line):\(open.column))"
                    )
                }
                advance()
            }
            arguments.append(try expectName("\(expected) of '\(name.text)'"))
        }
        advance()
        return arguments
    }

    // MARK: Tokens

    private var current: Token { tokens[index] }

    private func peek(_ distance: Int) -> Token {
        tokens[min(index + distance, tokens.count - 1)]
    }

    private mutating func advance(by count: Int = 1) {
        index = min(index + count, tokens.count - 1)
    }

    private var isOverrideKeyword: Bool {
        current.kind == .name && current.text == "override" && peek(1).kind == .openBrace
    }

    private mutating func expectName(_ what: String) throws -> NameSyntax {
        guard current.kind == .name else {
            try fail("expected \(what), found \(describe(current))")
        }
        defer { advance() }
        return NameSyntax(current.text, at: current.location)
    }

    private mutating func expect(_ kind: Token.Kind, _ what: String) throws {
        guard current.kind == kind else {
            try fail("expected \(what), found \(describe(current))")
        }
        advance()
    }

    /// Consumes the `}` of a block. At the end of the file it reports the missing brace
    /// once, with a note at the `{` it would close, and lets every enclosing block end too.
    private mutating func expectClosingBrace(matching open: SourceLocation) throws {
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
    private func describe(_ token: Token) -> String {
        token.kind == .unexpected ? "unexpected character \(token.quoted)" : token.quoted
    }

    // MARK: Errors and recovery

    /// Records an error; a file's first error beyond the limit stops the parse instead, so
    /// that a file with exactly the limit is reported in full.
    private mutating func report(_ diagnostic: Diagnostic) throws {
        guard errorCount < Self.maximumErrors else { throw ParseFailure.tooManyErrors }
        diagnostics.append(diagnostic)
        errorCount += 1
    }

    /// Reports an error at the current token and abandons the rule. A character outside
    /// the language is reported as such, whatever the rule expected.
    private mutating func fail(_ message: String, id: DiagnosticID = .syntaxError) throws -> Never {
        if current.kind == .endOfFile && hasReportedEndOfFile { throw ParseFailure.syntax }
        if current.kind == .endOfFile { hasReportedEndOfFile = true }
        if current.kind == .unexpected {
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
    private mutating func synchronize(from start: Int) {
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

    // MARK: A state missing its '{'

    /// What in the layout, beyond every line from the state's row to the `}` that closed the
    /// body being indented deeper than the state, suggests that the state lost its `{`.
    private enum MissingBraceEvidence {
        /// That `}` stands in the state's column.
        case alignedCloseBrace
        /// The line after the state is indented deeper than the state.
        case deeperLineAfter
    }

    /// A state whose `{` is missing takes only the row after it (a state may have one row
    /// without braces), its other rows are read as states, and its `}` closes the machine's
    /// body: the errors that follow, tokens after the body or rows that are not states, say
    /// nothing about the mistake. So when the body is followed by tokens, or errors follow a
    /// state written without braces, the layout is read for a state whose row starts on a
    /// line below its name and which lost its `{`. If there is one, a single error names it,
    /// with notes at the row read as a state and at the `}` that closed the body, in place
    /// of the errors that followed it. Layout chooses the message only, never what parses.
    /// Returns whether such a state was reported.
    private mutating func reportMissingOpenBrace(
        in states: [StateSyntax], bodyClosedBy close: Int,
        hasTokensAfterBody: Bool
    ) throws -> Bool {
        // Errors that depend on where the parser thought it was; a character outside the
        // language is one wherever it stands.
        func dependsOnContext(_ diagnostic: Diagnostic) -> Bool {
            [.syntaxError, .misplacedPlaceholder, .misplacedOverride].contains(diagnostic.id)
        }
        guard hasTokensAfterBody || diagnostics.contains(where: dependsOnContext) else { return false }
        var found: StateSyntax?
        for state in states {
            guard let evidence = missingBraceEvidence(state, bodyClosedBy: close) else { continue }
            // At most one state lines up with the '}' and has only deeper lines up to it;
            // failing that, the outermost state that has them.
            if evidence == .alignedCloseBrace {
                found = state
                break
            }
            found = found ?? state
        }
        guard let state = found else { return false }
        let after = tokens[state.tokens.end]
        func isConsequence(_ diagnostic: Diagnostic) -> Bool {
            dependsOnContext(diagnostic) && diagnostic.location >= after.location
        }
        guard hasTokensAfterBody || diagnostics.contains(where: isConsequence) else { return false }
        let count = diagnostics.count
        diagnostics.removeAll(where: isConsequence)
        errorCount -= count - diagnostics.count

        let item = state.items[0]
        let what: String
        switch item {
        case .eventBlock, .guardBlock, .overrideBlock: what = "block"
        case .row, .initial, .placeholder: what = "row"
        }
        var notes: [Diagnostic.Note] = []
        if state.tokens.end < close && after.isFirstOnLine && after.kind == .name {
            notes.append(.init("'\(after.text)' was then read as a state", at: after.location))
        }
        notes.append(.init("this '}' then closed the machine's body", at: tokens[close].location))
        try report(
            Diagnostic(
                .syntaxError, .error,
                "state '\(state.name.text)' seems to be missing its '{'; without it, the state takes only the \(what) on line \(tokens[item.tokens.start].location.line)",
                at: state.name.location, notes: notes))
        // Kept in the order of the file, as the parser reports.
        let diagnostic = diagnostics.removeLast()
        diagnostics.insert(
            diagnostic, at: diagnostics.firstIndex { $0.location > diagnostic.location } ?? diagnostics.count)
        return true
    }

    /// Whether `state`, in the body that the `}` at `close` ended, looks like one whose `{`
    /// is missing: written without braces, its row starting a line, and every line from
    /// there to the `}` indented deeper than the state, as if they were its own.
    private func missingBraceEvidence(_ state: StateSyntax, bodyClosedBy close: Int) -> MissingBraceEvidence? {
        guard state.tokens.openBrace == nil, state.items.count == 1, state.tokens.end <= close else { return nil }
        let row = state.items[0].tokens.start
        let column = tokens[state.tokens.start].location.column
        guard tokens[row].isFirstOnLine,
            tokens[(row + 1)..<close].lazy.filter(\.isFirstOnLine).allSatisfy({ $0.location.column > column })
        else { return nil }
        let closeBrace = tokens[close]
        if closeBrace.isFirstOnLine && closeBrace.location.column == column { return .alignedCloseBrace }
        return state.tokens.end < close && tokens[state.tokens.end].isFirstOnLine ? .deeperLineAfter : nil
    }

    /// Skips tokens up to and including the `}` that brings `depth` open braces to zero.
    private mutating func skipBalanced(depth: Int) {
        var depth = depth
        while current.kind != .endOfFile && depth > 0 {
            if current.kind == .openBrace { depth += 1 }
            if current.kind == .closeBrace { depth -= 1 }
            advance()
        }
    }
}

// MARK: Swift types

/// The Swift type of an `Event:` parameter, parsed to check its form and printed back with
/// normalised spacing; swiftc checks what it means. The rules, `type` to `tupleElement`,
/// are the last section of `Grammar/fsm.ebnf`.
extension Parser {
    fileprivate static let typeDepthLimit = 32

    /// `type = baseType , { "?" | "!" } ;`
    /// `depth` counts the enclosing `[`, `(` and `<`; deeper than `typeDepthLimit` is an error.
    fileprivate mutating func parseType(depth: Int = 0) throws -> String {
        guard depth < Self.typeDepthLimit else { try fail("the type is nested more than \(Self.typeDepthLimit) deep") }
        var text = try parseBaseType(depth: depth)
        if text.hasPrefix("any "), current.kind == .question || current.kind == .bang {
            try fail("an optional existential needs parentheses: '(\(text))\(current.text)'")
        }
        while current.kind == .question || current.kind == .bang {
            text += current.text
            advance()
        }
        if current.kind == .ampersand {
            try fail("a protocol composition is written with 'any': 'any \(text) & …'")
        }
        if current.kind == .dash, peek(1).kind == .closeAngle {
            try fail("an event value cannot have a function type; pass a value that holds the closure")
        }
        return text
    }

    ///     baseType = "any" , typePath , { "&" , typePath } | typePath
    ///              | "[" , type , [ ":" , type ] , "]"
    ///              | "(" , [ tupleElement , { "," , tupleElement } ] , ")" ;
    ///     tupleElement = [ NAME , ":" ] , type ;
    ///
    /// An element is labelled when a NAME and `:` start it. A type starting with `some` is
    /// refused with its own message.
    private mutating func parseBaseType(depth: Int) throws -> String {
        switch current.kind {
        case .name where current.text == "some":
            try fail("an event parameter cannot have an opaque 'some' type; name the type, or use 'any'")
        case .name where current.text == "any":
            advance()
            var parts = [try parseTypePath(depth: depth)]
            while current.kind == .ampersand {
                advance()
                parts.append(try parseTypePath(depth: depth))
            }
            return "any " + parts.joined(separator: " & ")
        case .name:
            return try parseTypePath(depth: depth)
        case .openBracket:
            advance()
            let element = try parseType(depth: depth + 1)
            var text = "[" + element
            if current.kind == .colon {
                advance()
                text += ": " + (try parseType(depth: depth + 1))
            }
            guard current.kind == .closeBracket else {
                try fail("expected ']' to close the array or dictionary type, found \(describe(current))")
            }
            advance()
            return text + "]"
        case .openParen:
            advance()
            var elements: [String] = []
            while current.kind != .closeParen {
                if !elements.isEmpty {
                    guard current.kind == .comma else {
                        try fail("expected ',' or ')' in the tuple type, found \(describe(current))")
                    }
                    advance()
                }
                var label = ""
                if current.kind == .name && tokens[index + 1].kind == .colon {
                    label = current.text + ": "
                    advance(by: 2)
                }
                elements.append(label + (try parseType(depth: depth + 1)))
            }
            advance()
            return "(" + elements.joined(separator: ", ") + ")"
        default:
            try fail(
                "expected a Swift type, found \(describe(current)); types are written as in Swift: 'Double', 'String?', '[Int]', '[String: Int]', '(Int, Int)', 'any Error', 'Foundation.URL', 'Set<Int>'"
            )
        }
    }

    /// `typePath = NAME , [ genericArguments ] , { "." , NAME , [ genericArguments ] } ;`
    /// `genericArguments = "<" , type , { "," , type } , ">" ;`
    /// As in `Swift.Result<Int, any Error>`.
    private mutating func parseTypePath(depth: Int) throws -> String {
        var text = try expectName("a type name").text
        typePathHeads.append(text)
        while true {
            if current.kind == .openAngle {
                advance()
                var arguments = [try parseType(depth: depth + 1)]
                while current.kind == .comma {
                    advance()
                    arguments.append(try parseType(depth: depth + 1))
                }
                guard current.kind == .closeAngle else {
                    try fail("expected ',' or '>' in the generic arguments, found \(describe(current))")
                }
                advance()
                text += "<" + arguments.joined(separator: ", ") + ">"
            }
            guard current.kind == .dot else { return text }
            advance()
            text += "." + (try expectName("a type name after '.'")).text
        }
    }
}

// The grammar's rules from the headers to a state's body items: one function per rule
// (Grammar/fsm.ebnf).

extension Parser {
    /// `{ header }`: a header error skips the rest of the headers, up to the body's `{`,
    /// so that a file in an older header format gets one error, not one per line.
    mutating func parseHeaders() throws -> [HeaderSyntax] {
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
    mutating func parseHeader() throws -> HeaderSyntax {
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
        var returnType: String?
        if current.kind == .equals {
            advance()
            cases = try parseCaseList()
        } else if current.kind == .openParen {
            parameters = try parseParameters()
            // `-> Type` after an `Action:` header's parameters: a computing action.
            if current.kind == .dash, peek(1).kind == .closeAngle {
                advance(by: 2)
                returnType = try parseType()
            }
        }
        return HeaderSyntax(
            name: name, value: value, moreValues: moreValues, cases: cases, parameters: parameters,
            returnType: returnType, tokens: TokenSpan(start: start, end: index))
    }

    /// `parameters = "(" , [ parameter , { "," , parameter } ] , ")" ;`
    /// `parameter = [ NAME ] , NAME , ":" , type ;` where the first of two names is the
    /// argument label of an `Action:` header's parameter (`_ status: Status`). An empty list
    /// is the check's to refuse where values are needed.
    mutating func parseParameters() throws -> [ParameterSyntax] {
        let open = current.location
        advance()
        var parameters: [ParameterSyntax] = []
        if current.kind == .closeParen {
            advance()
            return parameters
        }
        repeat {
            if !parameters.isEmpty { advance() }
            var argumentLabel: NameSyntax?
            if current.kind == .name, peek(1).kind == .name, peek(2).kind == .colon {
                argumentLabel = try expectName("an argument label")
            }
            let label = try expectName("a parameter label, as in 'Loaded(duration: Double)'")
            guard current.kind == .colon else {
                try fail("expected ':' and a type after parameter '\(label.text)', found \(describe(current))")
            }
            advance()
            let location = current.location
            typePathHeads = []
            let text = try parseType()
            parameters.append(
                ParameterSyntax(
                    argumentLabel: argumentLabel, label: label, type: text, typeLocation: location,
                    leadingTypeNames: typePathHeads))
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
    mutating func parseCaseList() throws -> [NameSyntax] {
        var cases = [try expectName("a case name")]
        while current.kind == .bar {
            advance()
            cases.append(try expectName("a case name after '|'"))
        }
        return cases
    }

    /// `body = "{" , { stateSpec } , "}" ;`
    /// Also returns the index of the body's `}`, nil when the file ends without it.
    mutating func parseBody() throws -> (states: [StateSyntax], closeBrace: Int?) {
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
    mutating func parseStateSpec() throws -> StateSyntax {
        let start = index
        var state = try parseStateName()
        while try parseModifier(into: &state) {}
        let openBrace = current.kind == .openBrace ? index : nil
        state.items = try parseStateBody(of: state)
        state.tokens = TokenSpan(start: start, end: index, openBrace: openBrace)
        return state
    }

    /// `stateName = NAME | "(" , NAME , ")" ;`
    mutating func parseStateName() throws -> StateSyntax {
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
    mutating func parseModifier(into state: inout StateSyntax) throws -> Bool {
        let location = current.location
        let modifier: StateModifierSyntax
        switch current.kind {
        case .colon:
            advance()
            modifier = StateModifierSyntax(
                superstate: try expectName("a superstate name after ':'"), location: location)
        case .openAngle, .closeAngle:
            let kind: StateModifierSyntax.Kind = current.kind == .openAngle ? .entry : .exit
            advance()
            let isBraced = current.kind == .openBrace
            let calls = try parseActionNames(kind == .entry ? "entry" : "exit")
            modifier = StateModifierSyntax(kind: kind, actions: calls, isBraced: isBraced, location: location)
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
    mutating func parseActionNames(_ kind: String) throws -> [ActionSyntax] {
        if current.kind == .name || current.kind == .caret {
            return [try parseCall(as: "an \(kind) action", argumentsAfterBlank: true)]
        }
        guard current.kind == .openBrace else {
            try fail("expected an \(kind) action or '{', found \(describe(current))")
        }
        try expect(.openBrace, "'{'")
        var calls: [ActionSyntax] = []
        while current.kind == .name || current.kind == .caret {
            calls.append(try parseCall(as: "an \(kind) action", argumentsAfterBlank: true))
        }
        guard current.kind == .closeBrace else {
            try fail("expected an action name or '}', found \(describe(current))")
        }
        advance()
        return calls
    }

    /// `stateBody = "{" , { bodyItem } , "}" | placeholder | item ;`
    mutating func parseStateBody(of state: StateSyntax) throws -> [BodyItemSyntax] {
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
    mutating func parseBlock(_ context: Context) throws -> [BodyItemSyntax] {
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
    mutating func noteRowAcrossLines(failedFrom start: Int, previous: BodyItemSyntax?) {
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
    mutating func parseItem(_ context: Context) throws -> BodyItemSyntax {
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
    mutating func parseOverrideBlock(start: Int) throws -> BodyItemSyntax {
        let location = current.location
        advance()
        let openBrace = index
        let items = try parseBlock(.nested)
        return .overrideBlock(
            items: items, location: location, tokens: TokenSpan(start: start, end: index, openBrace: openBrace))
    }

    /// `placeholder = dash , dash , dash ;`
    /// `initialRow = dash , NAME , action ;`
    mutating func parsePlaceholder(allowed: Bool, start: Int) throws -> BodyItemSyntax {
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
}

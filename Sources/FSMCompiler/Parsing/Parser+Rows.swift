// The grammar's rules of a row: events, guard, next state and actions, one function per
// rule (Grammar/fsm.ebnf).

extension Parser {
    /// `row = events , [ guard ] , nextState , action ;`
    /// `eventRow = [ guard ] , nextState , action ;` (the caller has parsed events and guard)
    /// `nextState = target , { "&" , target } | dash , [ values ] ;` (several targets are a fork)
    /// `target = NAME , [ values ] ;`
    /// `start` is the row's first token, its first event's or its guard's if it has them.
    mutating func parseRow(events: [NameSyntax], guardClause: GuardSyntax?, start: Int) throws -> RowSyntax {
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
        let nextStateValues = try parseStateValues(after: tokens[index - 1])
        var forkTargets: [NameSyntax] = []
        var forkTargetValues: [[StateValueSyntax]?] = []
        while current.kind == .ampersand {
            guard nextState != nil else {
                try fail(
                    "expected an action, '-' or '{', found '&'; a fork names a state on each side of '&', as in 'Playing & Muted'"
                )
            }
            advance()
            forkTargets.append(try expectName("a state after '&'"))
            forkTargetValues.append(try parseStateValues(after: tokens[index - 1]))
        }
        let hasBracedActions = current.kind == .openBrace
        let actions = try parseAction()
        var row = RowSyntax(
            events: events, guardClause: guardClause, nextState: nextState,
            nextStateLocation: nextLocation, actions: actions, hasBracedActions: hasBracedActions,
            location: tokens[start].location, tokens: TokenSpan(start: start, end: index))
        row.forkTargets = forkTargets
        row.nextStateValues = nextStateValues
        row.forkTargetValues = forkTargetValues
        return row
    }

    /// `values = "(" , [ value , { "," , value } ] , ")" ;` where the `(` follows the next
    /// state (or `-`) directly: same line, no blank between; nil when it does not.
    /// `value = NAME , ":" , ( argument | NAME , arguments ) ;` a label or a literal, or
    /// the call of a computing action.
    mutating func parseStateValues(after target: Token) throws -> [StateValueSyntax]? {
        guard current.kind == .openParen,
            current.location.line == target.location.line,
            current.location.column == target.location.column + target.text.utf8.count
        else { return nil }
        let open = current.location
        let name = target.kind == .dash ? "-" : target.text
        advance()
        var values: [StateValueSyntax] = []
        while current.kind != .closeParen {
            if !values.isEmpty {
                guard current.kind == .comma else {
                    try fail(
                        "expected ',' or ')' in the values of '\(name)', found \(describe(current)) (the '(' is at \(open.line):\(open.column))"
                    )
                }
                advance()
            }
            let label = try expectName("a label of the values of '\(name)'")
            guard current.kind == .colon else {
                try fail(
                    "expected ':' after '\(label.text)' in the values of '\(name)', found \(describe(current)); a value is written 'label: value', as in 'received: 0'"
                )
            }
            advance()
            values.append(StateValueSyntax(label: label, value: try parseStateValue(of: label)))
        }
        advance()
        return values
    }

    /// A value after its label: the call of a computing action when a `(` follows a name
    /// directly, else a label or a literal.
    private mutating func parseStateValue(of label: NameSyntax) throws -> StateValueSyntax.Value {
        let next = peek(1)
        if current.kind == .name, next.kind == .openParen, !Self.isDigits(current.text),
            next.location.line == current.location.line,
            next.location.column == current.location.column + current.text.utf8.count
        {
            let name = NameSyntax(current.text, at: current.location)
            advance()
            return .call(ActionSyntax(name: name, arguments: try parseArguments(of: name)))
        }
        return .argument(try parseArgument(of: label))
    }

    /// `events = event , { "|" , event } ;`
    mutating func parseEvents() throws -> [NameSyntax] {
        var events = [try parseEvent("an event name")]
        while current.kind == .bar {
            advance()
            events.append(try parseEvent("an event name after '|'"))
        }
        return events
    }

    /// `event = NAME | "after" , "(" , NAME , ")" | "always" ;` where the NAME in parentheses
    /// is a duration (`30s`). A delayed event is named as fsmc writes it, `after(30s)`, located
    /// at its `after`; a duration that is not one is reported at it, and the row kept.
    /// `always` is a NAME to the parser: the checks make it the keyword of rows taken without
    /// an event (`AlwaysRows`).
    mutating func parseEvent(_ what: String) throws -> NameSyntax {
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
    mutating func refuseDelayedEvent(_ name: NameSyntax, as role: String) throws {
        guard name.text == "after", current.kind == .openParen, peek(1).kind == .name,
            let first = peek(1).text.first, first.isASCII && first.isNumber
        else { return }
        let written = "after(" + peek(1).text + ")"
        try fail(
            "'\(written)' is a delayed event, not \(role): it starts a row of the state it times, as in '\(written) Next action'",
            id: .misplacedAfter)
    }

    /// `guard = "[" , [ term , { "," , term } ] , "]" ;`
    mutating func parseGuard() throws -> GuardSyntax {
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
    mutating func parseTerm() throws -> GuardTermSyntax {
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
    mutating func parseStateTest() throws -> GuardTermSyntax? {
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
    mutating func parseAction() throws -> [ActionSyntax] {
        switch current.kind {
        case .name, .caret:
            return [try parseCall()]
        case .dash:
            advance()
            return []
        case .openBrace:
            try expect(.openBrace, "'{'")
            var calls: [ActionSyntax] = []
            while current.kind == .name || current.kind == .caret { calls.append(try parseCall()) }
            guard current.kind == .closeBrace else {
                try fail("expected an action name or '}', found \(describe(current))")
            }
            advance()
            return calls
        default:
            try fail("expected an action, '-' or '{', found \(describe(current))")
        }
    }

    /// `call = NAME , [ arguments ] | "^" , NAME ;` where, after a row's action, the `(`
    /// follows the name with no blank between: `(Base)` on the next line starts an abstract
    /// state. `role` is what the name is, for the error when it is `after(…)`. A raised
    /// event takes no arguments: it carries its values by label (Language reference ›
    /// Raised events).
    mutating func parseCall(as role: String = "an action", argumentsAfterBlank: Bool = false) throws
        -> ActionSyntax
    {
        if current.kind == .caret {
            let raise = current.location
            advance()
            let name = try expectName("an event name after '^'")
            if name.text == "after" && current.kind == .openParen {
                try fail(
                    "'after(…)' is a timer, which fires by itself when its state has lasted that long: it cannot be raised"
                )
            }
            guard
                !(current.kind == .openParen && (isAdjacent(current, after: tokens[index - 1]) || argumentsAfterBlank))
            else {
                try fail(
                    "a raised event takes no arguments: '^\(name.text)' carries the values of its event by label"
                )
            }
            return ActionSyntax(name: name, raise: raise)
        }
        let name = try expectName(role)
        try refuseDelayedEvent(name, as: role)
        let opens = current.kind == .openParen && (isAdjacent(current, after: tokens[index - 1]) || argumentsAfterBlank)
        return ActionSyntax(name: name, arguments: opens ? try parseArguments(of: name) : nil)
    }
}

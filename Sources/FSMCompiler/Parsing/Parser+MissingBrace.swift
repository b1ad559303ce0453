// A state missing its '{': one error where the layout shows it, not the cascade after it.

extension Parser {
    /// What in the layout, beyond every line from the state's row to the `}` that closed the
    /// body being indented deeper than the state, suggests that the state lost its `{`.
    enum MissingBraceEvidence {
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
    mutating func reportMissingOpenBrace(
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
    func missingBraceEvidence(_ state: StateSyntax, bodyClosedBy close: Int) -> MissingBraceEvidence? {
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
    mutating func skipBalanced(depth: Int) {
        var depth = depth
        while current.kind != .endOfFile && depth > 0 {
            if current.kind == .openBrace { depth += 1 }
            if current.kind == .closeBrace { depth -= 1 }
            advance()
        }
    }
}

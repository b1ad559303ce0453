import FSMCompiler

// Completion: the names that fit where the cursor is, read from the tokens before it.

extension LanguageServer {
    func completion(_ params: JSONValue) throws -> JSONValue {
        let (document, position) = try documentAndPosition(params)
        let items = Completion(document: document, at: position).items
        return ["isIncomplete": false, "items": .array(items.map(\.json))]
    }
}

/// What completion offers at one place of a document.
///
/// The row grammar decides: before the body, header names and, after `Initial:`,
/// `History:` and `Parallel:`, states; in a guard, predicate types, conditions and
/// `in(…)`, and after `Type =` or `|` the cases of `Type`; after `:` (a superstate) or
/// `&` (a fork), after an event or a guard, states; after `<`, `>` or a next state,
/// actions; where a row starts, events, with the keywords `always` and `override`.
struct Completion {
    /// One name offered: the protocol's `CompletionItem`, with the text to insert when it
    /// is more than the label (`FSM: ` for a header).
    struct Item: Equatable {
        var label: String
        var kind: Int
        var insertText: String?
        var detail: String

        var json: JSONValue {
            var members: [String: JSONValue] = [
                "label": .string(label), "kind": .int(kind), "detail": .string(detail),
            ]
            if let insertText { members["insertText"] = .string(insertText) }
            return .object(members)
        }
    }

    /// The protocol's `CompletionItemKind` of each kind of name.
    private static func itemKind(_ kind: SymbolKind) -> Int {
        switch kind {
        case .state: 7
        case .event: 23
        case .action: 3
        case .condition: 2
        case .predicateType: 13
        case .predicateCase: 20
        }
    }

    let items: [Item]

    init(document: Document, at position: Position) {
        let index = document.index
        let cursor = document.location(of: position)
        let tokens = Lexer.lex(document.file).filter { $0.kind != .endOfFile }
        // The tokens before the cursor, without a name the cursor ends (the word being typed).
        var before = tokens.prefix { ($0.location.line, $0.location.column) < (cursor.line, cursor.column) }
        if let last = before.last, last.kind == .name, last.location.line == cursor.line,
            last.location.column + last.text.utf8.count >= cursor.column
        {
            before = before.dropLast()
        }
        func names(_ kind: SymbolKind) -> [Item] {
            index.symbols(of: kind).map { Item(label: $0.name, kind: Self.itemKind(kind), detail: kind.noun) }
        }
        let body = document.syntax.bodyLocation
        if (cursor.line, cursor.column) <= (body.line, body.column) && document.syntax.bodyTokens != nil
            || document.syntax.bodyTokens == nil && !before.contains(where: { $0.kind == .openBrace })
        {
            let line = before.filter { $0.location.line == cursor.line }
            if line.count >= 2, line[line.startIndex + 1].kind == .colon {
                switch line[line.startIndex].text.lowercased() {
                case "initial", "history", "parallel": items = names(.state)
                case "async": items = names(.action) + names(.condition)
                default: items = []
                }
            } else if line.isEmpty {
                items = Headers.names.map { Item(label: $0, kind: 14, insertText: $0 + ": ", detail: "header") }
            } else {
                items = []
            }
            return
        }
        items = Self.bodyItems(before: Array(before), index: index, names: names)
    }

    /// `always`, where an event stands: a keyword, not an event (the index has none).
    private static let always = Item(label: "always", kind: 14, detail: "rows taken without an event")

    private static func bodyItems(before: [Token], index: SymbolIndex, names: (SymbolKind) -> [Item]) -> [Item] {
        let events =
            names(.event) + [always, Item(label: "override", kind: 14, insertText: "override {", detail: "block")]
        guard let last = before.last else { return events }
        // Inside a guard: the last `[` not yet closed.
        var depth = 0
        for token in before.reversed() {
            if token.kind == .closeBracket { depth += 1 }
            if token.kind == .openBracket {
                if depth == 0 { return guardItems(before: before, index: index, names: names) }
                depth -= 1
            }
            if token.kind == .openBrace || token.kind == .closeBrace { break }
        }
        func occurrence(_ token: Token) -> Occurrence? {
            index.occurrence(atLine: token.location.line, column: token.location.column)
        }
        func isEvent(_ token: Token) -> Bool {
            occurrence(token)?.role == .event
                || index.alwaysKeyword(atLine: token.location.line, column: token.location.column) != nil
        }
        switch last.kind {
        case .colon, .ampersand, .closeBracket: return names(.state)
        case .openAngle, .closeAngle: return names(.action)
        case .bar: return names(.event) + [always]
        case .caret: return names(.event)
        case .openBrace:
            let previous = before.dropLast().last
            if let previous, previous.kind == .name, occurrence(previous)?.role == .nextState { return names(.action) }
            if previous?.kind == .dash, let beforeDash = before.dropLast(2).last,
                beforeDash.kind == .closeBracket || isEvent(beforeDash)
            {
                return names(.action)
            }
            return events
        case .dash:
            // `-` as a next state is followed by the actions; as the actions, by the next row.
            let previous = before.dropLast().last
            if let previous, previous.kind == .closeBracket || isEvent(previous) {
                return names(.action)
            }
            return events
        case .name:
            if isEvent(last) { return names(.state) }
            return occurrence(last)?.role == .nextState ? names(.action) : events
        default:
            return events
        }
    }

    /// In a guard: the cases of `Type` after `Type =` or `Type = a |`; states in `in(`;
    /// otherwise predicate types, conditions and `in(…)`.
    private static func guardItems(before: [Token], index: SymbolIndex, names: (SymbolKind) -> [Item]) -> [Item] {
        let last = before.last
        if last?.kind == .openParen, before.dropLast().last?.text == "in" { return names(.state) }
        if last?.kind == .equals || last?.kind == .bar {
            // Back over `a | b |` to the `=`, whose left is the type.
            var position = before.count - 1
            while position > 0 && before[position].kind != .equals {
                guard before[position].kind == .bar || before[position].kind == .name else { break }
                position -= 1
            }
            if position > 0, before[position].kind == .equals, before[position - 1].kind == .name {
                let type = before[position - 1].text
                return index.symbols(of: .predicateCase).filter { $0.type == type }.map { key in
                    Item(label: key.name, kind: itemKind(.predicateCase), detail: "case of \(type)")
                }
            }
        }
        return names(.predicateType) + names(.condition)
            + [Item(label: "in", kind: 14, insertText: "in(", detail: "state test")]
    }
}

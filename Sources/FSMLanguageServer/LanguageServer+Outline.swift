import FSMCompiler

// Document symbols (the state hierarchy as an outline) and semantic tokens.

extension LanguageServer {
    func documentSymbols(_ params: JSONValue) throws -> JSONValue {
        .array(Outline.symbols(of: try document(params)))
    }

    func semanticTokens(_ params: JSONValue) throws -> JSONValue {
        ["data": .array(SemanticTokens.data(of: try document(params)).map { .int($0) })]
    }
}

/// The outline of a machine: its states nested under the first superstate each is
/// written with, then its predicate types with their cases.
enum Outline {
    /// The protocol's `SymbolKind`s: Class, Interface (abstract states), Enum, EnumMember.
    private static let stateKind = 5
    private static let abstractStateKind = 11
    private static let enumKind = 10
    private static let enumMemberKind = 22

    static func symbols(of document: Document) -> [JSONValue] {
        let tokens = Lexer.lex(document.file)
        let syntax = document.syntax
        var specs: [String: [StateSyntax]] = [:]
        var order: [String] = []
        for state in syntax.states {
            if specs[state.name.text] == nil { order.append(state.name.text) }
            specs[state.name.text, default: []].append(state)
        }
        var parent: [String: String] = [:]
        for name in order {
            guard let superstate = specs[name]?.flatMap(\.superstates).first(where: { specs[$0.text] != nil }) else {
                continue
            }
            // A superstate cycle (an error the check reports) leaves the state at the top.
            var ancestor: String? = superstate.text
            var seen: Set<String> = [name]
            while let current = ancestor, seen.insert(current).inserted { ancestor = parent[current] }
            if ancestor == nil { parent[name] = superstate.text }
        }
        var children: [String: [String]] = [:]
        for name in order { if let up = parent[name] { children[up, default: []].append(name) } }
        var symbols: [JSONValue] = []
        func symbol(_ name: String) -> JSONValue {
            let states = specs[name] ?? []
            let first = states[0]
            let superstates = states.flatMap(\.superstates).map(\.text)
            var seen: Set<String> = []
            // A data state's values first, as its `State:` header declares them.
            let detail =
                ([Hover.values(of: name, in: syntax)]
                + superstates.filter { seen.insert($0).inserted }.map { ": " + $0 })
                .filter { !$0.isEmpty }.joined(separator: " ")
            return [
                "name": .string(name),
                "detail": .string(detail),
                "kind": .int(states.contains(where: \.isAbstract) ? Self.abstractStateKind : Self.stateKind),
                "range": span(of: first.tokens, around: first.name, tokens: tokens, in: document).json,
                "selectionRange": document.span(of: first.name).json,
                "children": .array((children[name] ?? []).map(symbol)),
            ]
        }
        symbols = order.filter { parent[$0] == nil }.map(symbol)
        for header in syntax.headers where header.name.text.lowercased() == "predicate" {
            let headerSpan = span(of: header.tokens, around: header.value, tokens: tokens, in: document)
            symbols.append([
                "name": .string(header.value.text),
                "detail": "predicate",
                "kind": .int(Self.enumKind),
                "range": headerSpan.json,
                "selectionRange": document.span(of: header.value).json,
                "children": .array(
                    (header.cases ?? []).map { name in
                        [
                            "name": .string(name.text), "kind": .int(Self.enumMemberKind),
                            "range": document.span(of: name).json, "selectionRange": document.span(of: name).json,
                        ]
                    }),
            ])
        }
        return symbols
    }

    /// The span of a construct's tokens; the name's own span when they are out of reach.
    private static func span(
        of tokenSpan: TokenSpan, around name: NameSyntax, tokens: [Token], in document: Document
    ) -> Span {
        let lines = document.lines
        guard tokenSpan.start < tokenSpan.end, tokenSpan.end <= tokens.count else { return document.span(of: name) }
        let first = tokens[tokenSpan.start]
        let last = tokens[tokenSpan.end - 1]
        let start = lines.offset(of: first.location)
        let lastStart = lines.offset(of: last.location)
        var end = lastStart
        while end < lines.bytes.count && end - lastStart < max(last.text.utf8.count, 1) { end += 1 }
        let nameSpan = document.span(of: name)
        let span = lines.span(of: start..<max(end, start))
        return span.contains(nameSpan.start) && span.contains(nameSpan.end) ? span : nameSpan
    }
}

/// Semantic tokens: every name the index knows, with its kind, and the header names,
/// `override` and the `always` of rows as keywords.
enum SemanticTokens {
    static let tokenTypes = ["class", "event", "function", "method", "enum", "enumMember", "keyword"]
    static let tokenModifiers = ["declaration", "abstract"]

    private static func type(of kind: SymbolKind) -> Int {
        switch kind {
        case .state: 0
        case .event: 1
        case .action: 2
        case .condition: 3
        case .predicateType: 4
        case .predicateCase: 5
        }
    }

    private static let keyword = 6

    /// The protocol's relative encoding: per token, its line and start relative to the
    /// token before, its length, its type and its modifiers as a bit set.
    static func data(of document: Document) -> [Int] {
        let syntax = document.syntax
        let abstractStates = Set(syntax.states.filter(\.isAbstract).map(\.name.text))
        var tokens: [(location: SourceLocation, length: Int, type: Int, modifiers: Int)] = []
        for occurrence in document.index.occurrences {
            var modifiers = occurrence.role == .declaration ? 1 : 0
            if occurrence.key.kind == .state && abstractStates.contains(occurrence.key.name) { modifiers |= 2 }
            tokens.append((occurrence.name.location, occurrence.length, type(of: occurrence.key.kind), modifiers))
        }
        for header in syntax.headers { tokens.append((header.name.location, header.name.text.utf8.count, keyword, 0)) }
        for always in document.index.alwaysKeywords {
            tokens.append((always.location, always.text.utf8.count, keyword, 0))
        }
        func overrides(_ items: [BodyItemSyntax]) {
            for item in items {
                switch item {
                case .overrideBlock(let items, let location, _):
                    tokens.append((location, "override".count, keyword, 0))
                    overrides(items)
                case .eventBlock(_, let items, _, _), .guardBlock(_, let items, _): overrides(items)
                case .row, .initial, .placeholder: break
                }
            }
        }
        for state in syntax.states { overrides(state.items) }
        tokens.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        var data: [Int] = []
        var previous = Position(line: 0, character: 0)
        for token in tokens {
            let position = document.lines.position(of: token.location)
            let deltaLine = position.line - previous.line
            let deltaStart = deltaLine == 0 ? position.character - previous.character : position.character
            data += [deltaLine, deltaStart, token.length, token.type, token.modifiers]
            previous = position
        }
        return data
    }
}

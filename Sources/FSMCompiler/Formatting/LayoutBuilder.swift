/// One line of formatted code, before comments, blank lines and column alignment are added.
struct CodeLine {
    enum Role {
        case code
        /// Ends with `{`: a blank line never follows it.
        case opensBlock
        /// A lone `}`: no blank line comes before it, and comments above it are indented
        /// as the block's contents.
        case closesBlock
        /// No code: only carries the comments after the body.
        case endOfFile
    }

    var depth: Int
    /// The text in columns; the printer aligns the columns of lines in one group and
    /// joins the cells of other lines with a space.
    var cells: [String]
    var alignmentGroup: Int?
    /// The tokens written on the line, whose comments the printer places around it.
    var tokens: Range<Int>
    var role: Role
}

/// Lays out a parsed file as code lines, walking the syntax tree and the tokens side by side.
///
/// The tree says what each construct is; the tokens say which of them a line holds, so that
/// their comments can go with it. The walk takes exactly the tokens the parser took, in
/// the same order; the file had no syntax errors, so they match.
struct LayoutBuilder {
    private let tokens: [Token]
    private let comments: CommentMap
    private var cursor = 0
    private var groupCount = 0
    private var lines: [CodeLine] = []

    init(tokens: [Token], comments: CommentMap) {
        self.tokens = tokens
        self.comments = comments
    }

    mutating func build(_ syntax: StateMachineSyntax) -> [CodeLine] {
        let headerGroup = makeGroup()
        for header in syntax.headers {
            let start = cursor
            emit([takeHeader(header)], depth: 0, group: headerGroup, from: start)
        }
        let open = cursor
        take(.openBrace)
        emit(["{"], depth: 0, from: open, role: .opensBlock)
        buildStates(syntax.states)
        let close = cursor
        take(.closeBrace)
        emit(["}"], depth: 0, from: close, role: .closesBlock)
        let end = cursor
        take(.endOfFile)
        emit([], depth: 0, from: end, role: .endOfFile)
        return lines
    }

    // MARK: Constructs

    /// `Name: value` or `Predicate: Type = a | b`.
    private mutating func takeHeader(_ header: HeaderSyntax) -> String {
        let name = take(.name).text
        take(.colon)
        let value = take(.name).text
        guard let cases = header.cases else { return "\(name): \(value)" }
        take(.equals)
        return "\(name): \(value) = " + takeNames(cases.count, separatedBy: .bar).joined(separator: " | ")
    }

    /// A run of states written on one line each (`Locked Coin Unlocked unlock`, `X - - -`)
    /// forms one alignment group; a state with braces ends the run.
    private mutating func buildStates(_ states: [StateSyntax]) {
        var oneLineGroup: Int?
        for state in states {
            let start = cursor
            let head = takeStateHead()
            if current.kind == .openBrace {
                oneLineGroup = nil
                buildBlock(opening: head, items: state.items, depth: 1, group: makeGroup(), from: start)
                continue
            }
            switch state.items.first {
            case .row(let row):
                let group = oneLineGroup ?? makeGroup()
                oneLineGroup = group
                emit([head] + takeRow(row), depth: 1, group: group, from: start)
            case .placeholder:
                let group = oneLineGroup ?? makeGroup()
                oneLineGroup = group
                takePlaceholder()
                emit([head, "- - -"], depth: 1, group: group, from: start)
            case let item?:
                oneLineGroup = nil
                buildItem(item, depth: 1, group: makeGroup(), prefix: head + " ", from: start)
            case nil:
                assertionFailure("a state without braces has exactly one item")
            }
        }
    }

    /// `Name`, `(Name)`, then the modifiers in the order written: `: Super`, `<entry`, `>exit`.
    private mutating func takeStateHead() -> String {
        var parts: [String]
        if current.kind == .openParen {
            take(.openParen)
            parts = ["(" + take(.name).text + ")"]
            take(.closeParen)
        } else {
            parts = [take(.name).text]
        }
        while true {
            switch current.kind {
            case .colon:
                take(.colon)
                parts.append(": " + take(.name).text)
            case .openAngle:
                take(.openAngle)
                parts.append("<" + takeActionNames())
            case .closeAngle:
                take(.closeAngle)
                parts.append(">" + takeActionNames())
            default:
                return parts.joined(separator: " ")
            }
        }
    }

    private mutating func buildItems(_ items: [BodyItemSyntax], depth: Int, group: Int) {
        for item in items {
            buildItem(item, depth: depth, group: group, prefix: "", from: cursor)
        }
    }

    /// One item; `prefix` is the state head when the item is a whole state body.
    private mutating func buildItem(_ item: BodyItemSyntax, depth: Int, group: Int, prefix: String, from start: Int) {
        switch item {
        case .row(let row):
            var cells = takeRow(row)
            cells[0] = prefix + cells[0]
            emit(cells, depth: depth, group: group, from: start)
        case .placeholder:
            takePlaceholder()
            emit([prefix + "- - -"], depth: depth, from: start)
        case .eventBlock(let events, let items, _):
            let opening = prefix + takeNames(events.count, separatedBy: .bar).joined(separator: " | ")
            buildBlock(opening: opening, items: items, depth: depth, group: group, from: start)
        case .guardBlock(let guardClause, let items):
            let opening = prefix + takeGuard(guardClause)
            buildBlock(opening: opening, items: items, depth: depth, group: group, from: start)
        case .overrideBlock(let items, _):
            take(.name)
            buildBlock(opening: prefix + "override", items: items, depth: depth, group: group, from: start)
        }
    }

    /// `opening {`, the items one level deeper, `}`; or `opening {}` when there is nothing
    /// inside, not even a comment.
    private mutating func buildBlock(opening: String, items: [BodyItemSyntax], depth: Int, group: Int, from start: Int) {
        take(.openBrace)
        if items.isEmpty && current.kind == .closeBrace && comments.leading[cursor].isEmpty {
            take(.closeBrace)
            emit([opening + " {}"], depth: depth, from: start)
            return
        }
        emit([opening + " {"], depth: depth, from: start, role: .opensBlock)
        buildItems(items, depth: depth + 1, group: group)
        let close = cursor
        take(.closeBrace)
        emit(["}"], depth: depth, from: close, role: .closesBlock)
    }

    /// The three columns of a row: events and guard (empty in an event block without a
    /// guard), next state, action.
    private mutating func takeRow(_ row: RowSyntax) -> [String] {
        var lead: [String] = []
        if !row.events.isEmpty {
            lead.append(takeNames(row.events.count, separatedBy: .bar).joined(separator: " | "))
        }
        if let guardClause = row.guardClause {
            lead.append(takeGuard(guardClause))
        }
        let nextState: String
        if current.kind == .dash {
            take(.dash)
            nextState = "-"
        } else {
            nextState = take(.name).text
        }
        return [lead.joined(separator: " "), nextState, takeAction()]
    }

    /// `[Type = a | b, condition]`
    private mutating func takeGuard(_ guardClause: GuardSyntax) -> String {
        take(.openBracket)
        var terms: [String] = []
        for (position, term) in guardClause.terms.enumerated() {
            if position > 0 { take(.comma) }
            switch term {
            case .predicate(_, let cases):
                let type = take(.name).text
                take(.equals)
                terms.append(type + " = " + takeNames(cases.count, separatedBy: .bar).joined(separator: " | "))
            case .condition:
                terms.append(take(.name).text)
            }
        }
        take(.closeBracket)
        return "[" + terms.joined(separator: ", ") + "]"
    }

    /// `-`, `name` or `{a b}`, as written (`*` becomes `-`).
    private mutating func takeAction() -> String {
        switch current.kind {
        case .dash:
            take(.dash)
            return "-"
        case .openBrace:
            return takeBracedNames()
        default:
            return take(.name).text
        }
    }

    /// The actions of `<` or `>`: `name` or `{a b}`.
    private mutating func takeActionNames() -> String {
        current.kind == .openBrace ? takeBracedNames() : take(.name).text
    }

    private mutating func takeBracedNames() -> String {
        take(.openBrace)
        var names: [String] = []
        while current.kind == .name {
            names.append(take(.name).text)
        }
        take(.closeBrace)
        return "{" + names.joined(separator: " ") + "}"
    }

    private mutating func takePlaceholder() {
        take(.dash)
        take(.dash)
        take(.dash)
    }

    // MARK: Tokens and lines

    private var current: Token { tokens[min(cursor, tokens.count - 1)] }

    @discardableResult
    private mutating func take(_ kind: Token.Kind) -> Token {
        let token = current
        assert(token.kind == kind, "formatter out of step with the parser at \(token.location): expected \(kind), found \(token.kind)")
        cursor += 1
        return token
    }

    private mutating func takeNames(_ count: Int, separatedBy separator: Token.Kind) -> [String] {
        (0..<count).map { position in
            if position > 0 { take(separator) }
            return take(.name).text
        }
    }

    private mutating func makeGroup() -> Int {
        groupCount += 1
        return groupCount
    }

    private mutating func emit(_ cells: [String], depth: Int, group: Int? = nil, from start: Int, role: CodeLine.Role = .code) {
        lines.append(CodeLine(depth: depth, cells: cells, alignmentGroup: group, tokens: start..<cursor, role: role))
    }
}

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
    /// The tokens the line takes, from its first to the next line's first; the printer
    /// places their comments around it.
    var tokens: Range<Int>
    var role: Role
}

/// Lays out a parsed file as code lines, writing each construct from the syntax tree.
///
/// The tree holds what each construct is and how it was spelled where that matters (an
/// action list in braces or not); its token spans say where each line starts. A line
/// takes the tokens from its start to the next line's, so every token, with the comments
/// and blank lines around it, goes with exactly one line, whatever the grammar grows.
struct LayoutBuilder {
    private let comments: CommentMap
    private let tokenCount: Int
    private var groupCount = 0
    private var lines: [CodeLine] = []

    init(tokenCount: Int, comments: CommentMap) {
        self.tokenCount = tokenCount
        self.comments = comments
    }

    mutating func build(_ syntax: StateMachineSyntax) -> [CodeLine] {
        let headerGroup = makeGroup()
        for header in syntax.headers {
            emit([Self.text(of: header)], depth: 0, group: headerGroup, from: header.tokens.start)
        }
        if let body = syntax.bodyTokens {
            emit(["{"], depth: 0, from: body.start, role: .opensBlock)
            buildStates(syntax.states)
            emit(["}"], depth: 0, from: body.end - 1, role: .closesBlock)
        }
        emit([], depth: 0, from: tokenCount - 1, role: .endOfFile)
        for index in lines.indices {
            let end = index + 1 < lines.count ? lines[index + 1].tokens.lowerBound : tokenCount
            lines[index].tokens = lines[index].tokens.lowerBound..<max(end, lines[index].tokens.lowerBound)
        }
        return lines
    }

    // MARK: Constructs

    /// A run of states written on one line each (`Locked Coin Unlocked unlock`, `X - - -`)
    /// forms one alignment group; a state with braces ends the run.
    private mutating func buildStates(_ states: [StateSyntax]) {
        var oneLineGroup: Int?
        for state in states {
            let head = Self.head(of: state)
            if state.tokens.openBrace != nil {
                oneLineGroup = nil
                buildBlock(opening: head, items: state.items, depth: 1, group: makeGroup(), tokens: state.tokens)
                continue
            }
            switch state.items.first {
            case .row(let row):
                let group = oneLineGroup ?? makeGroup()
                oneLineGroup = group
                emit([head] + Self.cells(of: row), depth: 1, group: group, from: state.tokens.start)
            case .placeholder:
                let group = oneLineGroup ?? makeGroup()
                oneLineGroup = group
                emit([head, "- - -"], depth: 1, group: group, from: state.tokens.start)
            case .initial(let row):
                let group = oneLineGroup ?? makeGroup()
                oneLineGroup = group
                emit([head] + Self.cells(ofInitial: row), depth: 1, group: group, from: state.tokens.start)
            case let item?:
                oneLineGroup = nil
                buildItem(item, depth: 1, group: makeGroup(), prefix: head + " ", from: state.tokens.start)
            case nil:
                // The parser gives a state without braces exactly one item; were there none,
                // the head alone keeps its tokens and comments.
                emit([head], depth: 1, from: state.tokens.start)
            }
        }
    }

    /// One item; `prefix` is the state head when the item is a whole state body, and
    /// `start` the first token of its line.
    private mutating func buildItem(_ item: BodyItemSyntax, depth: Int, group: Int, prefix: String, from start: Int) {
        var tokens = item.tokens
        tokens.start = start
        switch item {
        case .row(let row):
            var cells = Self.cells(of: row)
            cells[0] = prefix + cells[0]
            emit(cells, depth: depth, group: group, from: tokens.start)
        case .placeholder:
            emit([prefix + "- - -"], depth: depth, from: tokens.start)
        case .initial(let row):
            var cells = Self.cells(ofInitial: row)
            cells[0] = prefix + cells[0]
            emit(cells, depth: depth, group: group, from: tokens.start)
        case .eventBlock(let events, let items, _, _):
            buildBlock(
                opening: prefix + Self.joined(events, by: " | "), items: items, depth: depth, group: group,
                tokens: tokens)
        case .guardBlock(let guardClause, let items, _):
            buildBlock(
                opening: prefix + Self.text(of: guardClause), items: items, depth: depth, group: group,
                tokens: tokens)
        case .overrideBlock(let items, _, _):
            buildBlock(opening: prefix + "override", items: items, depth: depth, group: group, tokens: tokens)
        }
    }

    /// `opening {`, the items one level deeper, `}`; or `opening {}` when there is nothing
    /// inside, not even a comment. `tokens` runs from the opening line's first token to
    /// the `}`.
    private mutating func buildBlock(
        opening: String, items: [BodyItemSyntax], depth: Int, group: Int,
        tokens: TokenSpan
    ) {
        let closeBrace = tokens.end - 1
        if items.isEmpty && comments.leading[closeBrace].isEmpty {
            emit([opening + " {}"], depth: depth, from: tokens.start)
            return
        }
        emit([opening + " {"], depth: depth, from: tokens.start, role: .opensBlock)
        for item in items {
            buildItem(item, depth: depth + 1, group: group, prefix: "", from: item.tokens.start)
        }
        emit(["}"], depth: depth, from: closeBrace, role: .closesBlock)
    }

    // MARK: Text

    /// `Name: value` or `Predicate: Type = a | b`.
    private static func text(of header: HeaderSyntax) -> String {
        var text = "\(header.name.text): " + joined([header.value] + header.moreValues, by: " ")
        if let parameters = header.parameters {
            text +=
                "("
                + parameters.map { ($0.argumentLabel.map { $0.text + " " } ?? "") + "\($0.label.text): \($0.type)" }
                .joined(separator: ", ") + ")"
            if let returnType = header.returnType { text += " -> " + returnType }
        }
        guard let cases = header.cases else { return text }
        return text + " = " + joined(cases, by: " | ")
    }

    /// `Name` or `(Name)`, then the modifiers in the order written: `: Super`, `<entry`, `>exit`.
    private static func head(of state: StateSyntax) -> String {
        var parts = [state.isAbstract ? "(" + state.name.text + ")" : state.name.text]
        for modifier in state.modifiers {
            switch modifier.kind {
            case .superstate: parts.append(": " + joined(modifier.names, by: " "))
            case .entry: parts.append("<" + actions(modifier.actions, isBraced: modifier.isBraced))
            case .exit: parts.append(">" + actions(modifier.actions, isBraced: modifier.isBraced))
            }
        }
        return parts.joined(separator: " ")
    }

    /// The three columns of a row: events and guard (empty in an event block without a
    /// guard), next state, action.
    private static func cells(of row: RowSyntax) -> [String] {
        var lead: [String] = []
        if !row.events.isEmpty { lead.append(joined(row.events, by: " | ")) }
        if let guardClause = row.guardClause { lead.append(text(of: guardClause)) }
        let targets = Self.targets(of: row)
        return [
            lead.joined(separator: " "), targets.joined(separator: " & "),
            actions(row.actions, isBraced: row.hasBracedActions),
        ]
    }

    /// An initial row's columns: `-`, the substate, the action.
    private static func cells(ofInitial row: RowSyntax) -> [String] {
        ["-", targets(of: row)[0], actions(row.actions, isBraced: row.hasBracedActions)]
    }

    /// The next state and the fork targets, each with the values written after it:
    /// `Downloading(received: 0)`, `-(received: 1)`.
    private static func targets(of row: RowSyntax) -> [String] {
        [(row.nextState?.text ?? "-") + (row.nextStateValues.map(StateValueSyntax.text) ?? "")]
            + zip(row.forkTargets, row.forkTargetValues).map { $0.text + ($1.map(StateValueSyntax.text) ?? "") }
    }

    /// `[Type = a | b, condition]`
    private static func text(of guardClause: GuardSyntax) -> String {
        let terms = guardClause.terms.map { term in
            switch term {
            case .predicate(let type, let cases): type.text + " = " + joined(cases, by: " | ")
            case .condition(let name, let isNegated, let arguments):
                (isNegated ? "!" : "") + name.text
                    + (arguments.map { "(" + $0.map(\.text).joined(separator: ", ") + ")" } ?? "")
            case .stateTest(let state, let isNegated, _): (isNegated ? "!" : "") + "in(" + state.text + ")"
            }
        }
        return "[" + terms.joined(separator: ", ") + "]"
    }

    /// `-`, `name` or `{a b(c)}`, as written (`*` becomes `-`).
    private static func actions(_ calls: [ActionSyntax], isBraced: Bool) -> String {
        if isBraced { return "{" + calls.map(\.text).joined(separator: " ") + "}" }
        return calls.first?.text ?? "-"
    }

    private static func joined(_ names: [NameSyntax], by separator: String) -> String {
        names.map(\.text).joined(separator: separator)
    }

    // MARK: Lines

    private mutating func makeGroup() -> Int {
        groupCount += 1
        return groupCount
    }

    /// A line whose first token is `start`; `build` extends its tokens to the next line's.
    private mutating func emit(
        _ cells: [String], depth: Int, group: Int? = nil, from start: Int,
        role: CodeLine.Role = .code
    ) {
        lines.append(CodeLine(depth: depth, cells: cells, alignmentGroup: group, tokens: start..<start, role: role))
    }
}

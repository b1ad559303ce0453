import FSMCompiler

/// What a name in a `.sm` file stands for.
package enum SymbolKind: String, Hashable, Sendable, CaseIterable {
    case state, event, action, condition, predicateType, predicateCase

    /// How messages name the kind: "state", "predicate case".
    package var noun: String {
        switch self {
        case .predicateType: "predicate type"
        case .predicateCase: "predicate case"
        default: rawValue
        }
    }
}

/// One symbol of a machine: a state, an event, an action, a condition, a predicate type,
/// or a case of a predicate type (`type` is then the type's name).
package struct SymbolKey: Hashable, Sendable {
    package var kind: SymbolKind
    package var name: String
    package var type: String?

    package init(_ kind: SymbolKind, _ name: String, type: String? = nil) {
        self.kind = kind
        self.name = name
        self.type = type
    }
}

/// Where a name is written, and what for.
package struct Occurrence: Hashable, Sendable {
    /// The place of the name in the syntax, which completion and highlighting read.
    package enum Role: Hashable, Sendable {
        /// A state spec's name, a `Predicate:` header's type and cases, an `Event:` header's event.
        case declaration
        /// `Initial:`, `History:`, `Parallel:` and `Async:` values.
        case header
        case superstate
        case entryOrExit
        case event
        case guardTerm
        /// A row's next state or fork target, or an initial row's target.
        case nextState
        case rowAction
        /// `^Saved` in a row's actions or an entry or exit list.
        case raise
    }

    package var key: SymbolKey
    package var name: NameSyntax
    package var role: Role

    /// The name's length in bytes; names are ASCII, so also in UTF-16 code units.
    package var length: Int { name.text.utf8.count }
}

/// Every name of a machine's syntax tree with what it refers to, in source order, read
/// from the parser's tree (also the one it recovers from a file with syntax errors).
package struct SymbolIndex: Sendable {
    package private(set) var occurrences: [Occurrence] = []
    /// The indices of `occurrences` by symbol, each list in source order.
    private var bySymbol: [SymbolKey: [Int]] = [:]
    /// Symbols in the order they first appear.
    package private(set) var symbols: [SymbolKey] = []
    /// The `always` of rows taken without an event, in source order: a keyword, not an
    /// event anyone sends, so no symbol to rename or complete (Language reference › Always
    /// rows).
    package private(set) var alwaysKeywords: [NameSyntax] = []

    package init(_ syntax: StateMachineSyntax) {
        let conditions = Self.conditionNames(syntax)
        for header in syntax.headers { add(header, conditions: conditions) }
        for state in syntax.states { add(state) }
        occurrences.sort {
            ($0.name.location.line, $0.name.location.column) < ($1.name.location.line, $1.name.location.column)
        }
        for (index, occurrence) in occurrences.enumerated() {
            if bySymbol[occurrence.key] == nil { symbols.append(occurrence.key) }
            bySymbol[occurrence.key, default: []].append(index)
        }
    }

    /// Every occurrence of `key`, in source order.
    package func occurrences(of key: SymbolKey) -> [Occurrence] {
        (bySymbol[key] ?? []).map { occurrences[$0] }
    }

    /// Where `key` is defined: its first declaration (a state spec, a `Predicate:` or `Event:`
    /// header), or for a name that has none, as actions and conditions, its first use.
    package func definition(of key: SymbolKey) -> Occurrence? {
        let all = occurrences(of: key)
        return all.first { $0.role == .declaration } ?? all.first
    }

    /// The symbols of one kind, in the order they first appear.
    package func symbols(of kind: SymbolKind) -> [SymbolKey] {
        symbols.filter { $0.kind == kind }
    }

    /// The occurrence whose name covers the fsmc location `line`, byte `column` (the
    /// column just after a name counts too, as an editor's cursor there is on it).
    package func occurrence(atLine line: Int, column: Int) -> Occurrence? {
        var low = 0
        var high = occurrences.count
        while low < high {
            let middle = (low + high) / 2
            let location = occurrences[middle].name.location
            if (location.line, location.column) <= (line, column) { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = occurrences[low - 1]
        let start = candidate.name.location
        guard start.line == line, column <= start.column + candidate.length else { return nil }
        return candidate
    }

    /// The `always` keyword that covers the location, as `occurrence(atLine:column:)` reads it.
    package func alwaysKeyword(atLine line: Int, column: Int) -> NameSyntax? {
        alwaysKeywords.first { keyword in
            keyword.location.line == line
                && (keyword.location.column...keyword.location.column + keyword.text.utf8.count).contains(column)
        }
    }

    // MARK: Reading the tree

    /// Names used as conditions anywhere, so that `Async:` can tell a condition from an action.
    private static func conditionNames(_ syntax: StateMachineSyntax) -> Set<String> {
        var names: Set<String> = []
        func visit(_ items: [BodyItemSyntax]) {
            for item in items {
                switch item {
                case .row(let row), .initial(let row): row.guardClause.map { collect($0) }
                case .eventBlock(_, let items, _, _), .overrideBlock(let items, _, _): visit(items)
                case .guardBlock(let guardClause, let items, _):
                    collect(guardClause)
                    visit(items)
                case .placeholder: break
                }
            }
        }
        func collect(_ guardClause: GuardSyntax) {
            for case .condition(let name, _, _) in guardClause.terms { names.insert(name.text) }
        }
        for state in syntax.states { visit(state.items) }
        return names
    }

    private mutating func record(_ kind: SymbolKind, _ name: NameSyntax, _ role: Occurrence.Role, type: String? = nil) {
        // `after(30s)` names a timer, not an event the file declares; `-` names nothing.
        guard !name.text.isEmpty, name.text.utf8.allSatisfy(isNameByte) else { return }
        if role == .event && name.text == AlwaysRows.keyword {
            alwaysKeywords.append(name)
            return
        }
        occurrences.append(Occurrence(key: SymbolKey(kind, name.text, type: type), name: name, role: role))
    }

    private mutating func add(_ header: HeaderSyntax, conditions: Set<String>) {
        switch header.name.text.lowercased() {
        case "initial", "history", "parallel":
            record(.state, header.value, .header)
        case "predicate":
            record(.predicateType, header.value, .declaration)
            for name in header.cases ?? [] { record(.predicateCase, name, .declaration, type: header.value.text) }
        case "event":
            record(.event, header.value, .declaration)
        case "async":
            for name in [header.value] + header.moreValues {
                record(conditions.contains(name.text) ? .condition : .action, name, .header)
            }
        default:
            break
        }
    }

    private mutating func add(_ state: StateSyntax) {
        record(.state, state.name, .declaration)
        for modifier in state.modifiers {
            for call in modifier.actions {
                if call.isRaise {
                    record(.event, call.name, .raise)
                } else {
                    record(
                        modifier.kind == .superstate ? .state : .action, call.name,
                        modifier.kind == .superstate ? .superstate : .entryOrExit)
                }
            }
        }
        add(state.items)
    }

    private mutating func add(_ items: [BodyItemSyntax]) {
        for item in items {
            switch item {
            case .row(let row), .initial(let row):
                add(row)
            case .eventBlock(let events, let items, _, _):
                for event in events { record(.event, event, .event) }
                add(items)
            case .guardBlock(let guardClause, let items, _):
                add(guardClause)
                add(items)
            case .overrideBlock(let items, _, _):
                add(items)
            case .placeholder:
                break
            }
        }
    }

    private mutating func add(_ row: RowSyntax) {
        for event in row.events { record(.event, event, .event) }
        row.guardClause.map { add($0) }
        for target in (row.nextState.map { [$0] } ?? []) + row.forkTargets { record(.state, target, .nextState) }
        for action in row.actions {
            record(action.isRaise ? .event : .action, action.name, action.isRaise ? .raise : .rowAction)
        }
    }

    private mutating func add(_ guardClause: GuardSyntax) {
        for term in guardClause.terms {
            switch term {
            case .predicate(let type, let cases):
                record(.predicateType, type, .guardTerm)
                for name in cases { record(.predicateCase, name, .guardTerm, type: type.text) }
            case .condition(let name, _, _):
                record(.condition, name, .guardTerm)
            case .stateTest(let name, _, _):
                record(.state, name, .guardTerm)
            }
        }
    }
}

import FSMCompiler

// Hover: what fsmc's reports say of the name under the cursor.

extension LanguageServer {
    func hover(_ params: JSONValue) throws -> JSONValue {
        let (document, position) = try documentAndPosition(params)
        if let occurrence = document.occurrence(at: position) {
            return answer(Hover.text(for: occurrence.key, in: document), over: occurrence.name, in: document)
        }
        let location = document.location(of: position)
        guard let keyword = document.index.alwaysKeyword(atLine: location.line, column: location.column) else {
            return .null
        }
        return answer(Hover.always(in: document), over: keyword, in: document)
    }

    private func answer(_ markdown: String, over name: NameSyntax, in document: Document) -> JSONValue {
        ["contents": ["kind": "markdown", "value": .string(markdown)], "range": document.span(of: name).json]
    }
}

/// The Markdown that hovering a name shows.
enum Hover {
    static func text(for key: SymbolKey, in document: Document) -> String {
        switch key.kind {
        case .state: state(key.name, in: document)
        case .event: event(key.name, in: document)
        case .action, .condition: requirement(key, in: document)
        case .predicateType: predicateType(key.name, in: document)
        case .predicateCase: "predicate case `\(key.name)` of `\(key.type ?? "")`"
        }
    }

    /// A state's superstates, entry and exit lists as they run, and its rows as `fsmc table`
    /// prints them; from the syntax alone while the file has errors.
    private static func state(_ name: String, in document: Document) -> String {
        guard let machine = document.check.machine, let state = machine.states.first(where: { $0.name == name })
        else {
            let specs = document.syntax.states.filter { $0.name.text == name }
            let superstates = unique(specs.flatMap(\.superstates).map(\.text))
            let entry = specs.compactMap(\.entry).first?.names.map(\.text) ?? []
            let exit = specs.compactMap(\.exit).first?.names.map(\.text) ?? []
            let kind = specs.contains(where: \.isAbstract) ? "abstract state" : "state"
            return "\(kind) `\(name)\(values(of: name, in: document.syntax))`\n\n"
                + details(superstates: superstates, entry: entry, exit: exit)
                + "\n\n*The flattened rows show once the file checks without errors.*"
        }
        let kind = state.isParallel ? "parallel state" : state.isAbstract ? "abstract state" : "state"
        let rows = tableLines(in: document).filter { $0.split(separator: " ").first.map(String.init) == name }
        let superstates = state.ancestors.reversed().map { machine.states[$0].name }
        return "\(kind) `\(name)\(values(of: name, in: document.syntax))`\n\n"
            + details(
                superstates: superstates, entry: RowText.calls(state.entryActions, in: machine),
                exit: RowText.calls(state.exitActions, in: machine))
            + "\n\n" + rowsBlock(rows, none: state.isAbstract ? "its rows are inherited by its substates" : "no rows")
    }

    /// `(url: URL, received: Int)`: the values a data state holds, as its `State:` header
    /// declares them (Language reference › State data); empty for any other state.
    static func values(of state: String, in syntax: StateMachineSyntax) -> String {
        let header = syntax.headers.first { $0.name.text.lowercased() == "state" && $0.value.text == state }
        guard let parameters = header?.parameters, !parameters.isEmpty else { return "" }
        return "(" + parameters.map { $0.label.text + ": " + $0.type }.joined(separator: ", ") + ")"
    }

    private static func details(superstates: [String], entry: [String], exit: [String]) -> String {
        [
            "superstates: " + (superstates.isEmpty ? "none" : superstates.map { "`\($0)`" }.joined(separator: ", ")),
            "entry: `{" + entry.joined(separator: " ") + "}`",
            "exit: `{" + exit.joined(separator: " ") + "}`",
        ].joined(separator: "  \n")
    }

    /// The rows of an event, as `fsmc table` prints them.
    private static func event(_ name: String, in document: Document) -> String {
        "event `\(name)`\n\n" + rows(ofEvent: name, in: document, none: "no row handles it")
    }

    /// `always` is no event anyone sends: what its rows are, and the rows.
    static func always(in document: Document) -> String {
        "keyword `always`: its rows are taken without an event, whenever their guard holds in a configuration "
            + "the machine reached; a state whose rows are all `always` rows is a decision\n\n"
            + rows(ofEvent: AlwaysRows.keyword, in: document, none: "no row")
    }

    private static func rows(ofEvent name: String, in document: Document, none: String) -> String {
        guard document.check.machine != nil else { return "*Its rows show once the file checks without errors.*" }
        let rows = tableLines(in: document).filter { line in
            let words = line.split(separator: " ")
            return words.count > 1 && words[1] == name
        }
        return rowsBlock(rows, none: none)
    }

    /// An action's or a condition's requirement in the actions protocol, as generated.
    private static func requirement(_ key: SymbolKey, in document: Document) -> String {
        let heading = "\(key.kind.noun) `\(key.name)`"
        guard let machine = document.check.machine, let swift = document.generatedSwift else {
            return heading + "\n\n*Its Swift requirement shows once the file checks without errors.*"
        }
        let named = key.kind == .action ? machine.actions.elements : machine.conditions.elements
        guard let swiftName = named.first(where: { $0.name == key.name })?.swiftName else { return heading }
        let requirement = swift.split(separator: "\n").first { line in
            line.contains("func \(swiftName)(") && !line.hasSuffix("{")
        }
        guard let requirement else { return heading }
        let protocolName = machine.actionsHeader ?? "\(machine.name.name)Actions"
        return heading + ", a requirement of `\(protocolName)`:\n\n```swift\n"
            + requirement.drop { $0 == " " } + "\n```"
    }

    private static func predicateType(_ name: String, in document: Document) -> String {
        let cases = document.index.symbols(of: .predicateCase).filter { $0.type == name }.map(\.name)
        return "predicate type `\(name)`: " + cases.map { "`\($0)`" }.joined(separator: " | ")
    }

    private static func rowsBlock(_ rows: [String], none: String) -> String {
        rows.isEmpty ? "*\(none)*" : "```\n" + rows.joined(separator: "\n") + "\n```"
    }

    private static func tableLines(in document: Document) -> [String] {
        guard let machine = document.check.machine else { return [] }
        return TransitionTable.text(machine).split(separator: "\n").map(String.init)
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

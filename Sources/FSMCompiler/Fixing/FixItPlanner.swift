/// Attaches fix-its to the diagnostics whose fix is certainly right (see `FixIt`).
///
/// ```
/// diagnostics + syntax + text ─FixItPlanner─▶ diagnostics with fix-its
/// ```
/// Two kinds, both of which keep the rest of the file byte for byte:
/// - **Rows that replace inherited ones** (`missingOverride`, `overrideOutOfOrder`): CC_SMC
///   lets a substate's row silently replace its superstate's, fsmc asks for
///   `override { }`. Each run of consecutive top-level items of a state body whose every
///   row is reported is wrapped in one block, lines re-indented by the body's own step, so
///   that a CC_SMC file becomes the file a person would write (ice.sm → ice.override.sm).
///   An item holding one row that replaces nothing is left alone: wrapping it would be an
///   error of its own.
/// - **An event named `always`** (`alwaysRow`): CC_SMC files may have one, and since
///   version 3 `always` is the keyword of rows taken without an event. Where the file uses
///   it as only an event can be used (declared, given a predicate guard or the next state
///   `-`), every `always` in an event's place (rows, event blocks, `Event:` headers, raised
///   events) is renamed `Always`, which keeps what the file meant.
/// - **Missing `}` at the end of the file**: when the parser reaches the end with blocks
///   open, and the layout shows that every open block runs to the end (each `}` written
///   lines up with its `{`, everything after an open `{` is indented under it), the
///   missing braces are appended, each lined up with its `{`, provided the file then
///   parses to its end. A brace missing in the middle of the file has no such layout, and
///   gets no fix-it.
enum FixItPlanner {
    /// The diagnostics of rows that replace inherited rows without `override { }`.
    private static let replacementIDs: Set<DiagnosticID> = [.missingOverride, .overrideOutOfOrder]

    static func attach(to diagnostics: [Diagnostic], in file: SourceFile, syntax: StateMachineSyntax) -> [Diagnostic] {
        let replacements = Set(diagnostics.filter { replacementIDs.contains($0.id) }.map(\.location))
        let hasSyntaxErrors = diagnostics.contains { $0.id == .syntaxError }
        let namesAlwaysAnEvent = diagnostics.contains { $0.id == .alwaysRow }
        guard !replacements.isEmpty || hasSyntaxErrors || namesAlwaysAnEvent else { return diagnostics }
        let text = SourceLines(file: file)
        var diagnostics = diagnostics
        if namesAlwaysAnEvent {
            let fixIt = alwaysRenamingFixIt(syntax: syntax, text: text)
            for index in diagnostics.indices where diagnostics[index].id == .alwaysRow {
                diagnostics[index].fixIt = fixIt
            }
        }

        if !replacements.isEmpty {
            for fixIt in overrideFixIts(replacements, syntax: syntax, text: text) {
                for index in diagnostics.indices
                where replacementIDs.contains(diagnostics[index].id)
                    && fixIt.locations.contains(diagnostics[index].location)
                {
                    diagnostics[index].fixIt = fixIt.fixIt
                }
            }
        }
        if hasSyntaxErrors, let end = text.tokens.last?.location,
            let index = diagnostics.firstIndex(where: { $0.id == .syntaxError && $0.location == end }),
            let fixIt = closingBracesFixIt(text: text)
        {
            diagnostics[index].fixIt = fixIt
        }
        return diagnostics
    }

    // MARK: always

    /// `always` renamed `Always` wherever it stands for an event, raised events (`^always`) too.
    private static func alwaysRenamingFixIt(syntax: StateMachineSyntax, text: SourceLines) -> FixIt {
        var names = syntax.headers.filter { $0.name.text == "Event" }.map(\.value)
        func collect(_ items: [BodyItemSyntax]) {
            for item in items {
                switch item {
                case .row(let row): names += row.events + row.actions.filter(\.isRaise).map(\.name)
                case .eventBlock(let events, let items, _, _):
                    names += events
                    collect(items)
                case .guardBlock(_, let items, _), .overrideBlock(let items, _, _): collect(items)
                case .initial(let row): names += row.actions.filter(\.isRaise).map(\.name)
                case .placeholder: break
                }
            }
        }
        for state in syntax.states {
            names += state.modifiers.flatMap(\.actions).filter(\.isRaise).map(\.name)
            collect(state.items)
        }
        let edits = names.filter { $0.text == AlwaysRows.keyword }.map { name in
            let start = text.offset(of: name.location)
            return FixIt.Edit(start..<(start + AlwaysRows.keyword.utf8.count), AlwaysRows.renamed)
        }
        return FixIt("rename the event 'always' to '\(AlwaysRows.renamed)'", edits: edits)
    }

    // MARK: override { }

    /// One `override { }` around each run of top-level items whose rows all replace
    /// inherited ones, with the locations of the diagnostics it fixes.
    private static func overrideFixIts(
        _ replacements: Set<SourceLocation>, syntax: StateMachineSyntax,
        text: SourceLines
    ) -> [(fixIt: FixIt, locations: Set<SourceLocation>)] {
        var result: [(FixIt, Set<SourceLocation>)] = []
        for state in syntax.states {
            var run: [BodyItemSyntax] = []
            func close() {
                if let first = run.first, let last = run.last {
                    let locations = Set(run.flatMap(rowLocations))
                    result.append(
                        (wrap(first.tokens.start, through: last.tokens.end - 1, of: state, text: text), locations))
                }
                run = []
            }
            for item in state.items {
                let locations = rowLocations(of: item)
                if isWrappable(item) && !locations.isEmpty && locations.allSatisfy(replacements.contains) {
                    run.append(item)
                } else {
                    close()
                }
            }
            close()
        }
        return result
    }

    private static func isWrappable(_ item: BodyItemSyntax) -> Bool {
        switch item {
        case .row, .eventBlock, .guardBlock: true
        case .overrideBlock, .placeholder, .initial: false
        }
    }

    /// Where the analyzer reports each row of an item: a row's events, or, inside an event
    /// block, the row itself.
    private static func rowLocations(of item: BodyItemSyntax) -> [SourceLocation] {
        switch item {
        case .row(let row): row.events.isEmpty ? [row.location] : row.events.map(\.location)
        case .eventBlock(_, let items, _, _), .guardBlock(_, let items, _): items.flatMap(rowLocations)
        case .overrideBlock, .placeholder, .initial: []
        }
    }

    /// Wraps tokens `first...last` in `override { }`: on lines of their own when they fill
    /// their lines, otherwise inline.
    private static func wrap(_ first: Int, through last: Int, of state: StateSyntax, text: SourceLines) -> FixIt {
        let start = text.tokens[first]
        let end = text.tokens[last]
        let next = text.tokens[last + 1]
        guard start.isFirstOnLine, next.kind == .endOfFile || next.location.line > end.location.line else {
            return FixIt(
                "wrap the \(start.location.line == end.location.line ? "row" : "rows") in 'override { }'",
                edits: [
                    .init(inserting: "override { ", at: text.offset(of: start.location)),
                    .init(inserting: " }", at: text.end(of: end)),
                ])
        }
        let lines = start.location.line...end.location.line
        let indentation = text.indentation(ofLine: lines.lowerBound)
        let step = text.indentationStep(inside: state.name.location.line, at: indentation)
        var edits: [FixIt.Edit] = [
            .init(
                inserting: indentation + "override {" + text.lineBreak + step, at: text.start(ofLine: lines.lowerBound))
        ]
        for line in lines.dropFirst() where !text.isBlank(line) {
            edits.append(.init(inserting: step, at: text.start(ofLine: line)))
        }
        edits.append(text.insertingLine(indentation + "}", after: lines.upperBound))
        let span = lines.count == 1 ? "line \(lines.lowerBound)" : "lines \(lines.lowerBound)-\(lines.upperBound)"
        return FixIt("wrap \(span) in 'override { }'", edits: edits)
    }

    // MARK: Missing braces at the end

    private static func closingBracesFixIt(text: SourceLines) -> FixIt? {
        var open: [Token] = []
        for token in text.tokens {
            switch token.kind {
            case .openBrace:
                open.append(token)
            case .closeBrace:
                guard let brace = open.popLast() else { return nil }
                let linedUp =
                    token.location.line == brace.location.line
                    || token.location.column == text.firstColumn(ofLine: brace.location.line)
                guard linedUp else { return nil }
            default:
                // Everything after an open `{` is indented under the line that opened it.
                if token.isFirstOnLine, token.kind != .endOfFile,
                    open.contains(where: { token.location.column <= text.firstColumn(ofLine: $0.location.line) })
                {
                    return nil
                }
            }
        }
        // More than the parser accepts is no file anyone wrote; closing them would not help.
        guard !open.isEmpty, open.count <= Parser.maximumNesting else { return nil }
        let lines = open.reversed().map { text.indentation(ofLine: $0.location.line) + "}" }
        let message = open.count == 1 ? "insert the missing '}'" : "insert the \(open.count) missing '}'"
        let fixIt = FixIt(message, edits: [text.appendingLines(lines)])
        // Certain only if the braces were all that was missing: the file then parses to its
        // end (an action missing before the end, say, is not fixed by braces).
        let end = text.tokens.last!.location
        let fixed = SourceFile(name: end.file, bytes: FixIt.apply([fixIt], to: text.bytes).bytes)
        let errors = Parser.parse(fixed).diagnostics.filter { $0.severity == .error }
        return errors.contains { $0.location >= end } ? nil : fixIt
    }
}

/// The lines and tokens of a file, for edits that keep its layout.
struct SourceLines {
    let bytes: [UInt8]
    let tokens: [Token]
    /// The offset where each line starts; line 1 starts after a byte order mark.
    private let starts: [Int]
    /// `\r\n` when the file's first line ends so, else `\n`.
    let lineBreak: String

    init(file: SourceFile) {
        bytes = file.bytes
        tokens = Lexer.lex(file)
        var starts = [file.firstLineStart]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
        let bytes = file.bytes
        let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n"))
        lineBreak = firstBreak.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? "\r\n" : "\n"
    }

    func start(ofLine line: Int) -> Int { starts[line - 1] }

    func offset(of location: SourceLocation) -> Int { starts[location.line - 1] + location.column - 1 }

    /// One past a token's last byte (names and punctuation are written as their text).
    func end(of token: Token) -> Int { offset(of: token.location) + token.text.utf8.count }

    /// The blanks a line starts with.
    func indentation(ofLine line: Int) -> String {
        var offset = starts[line - 1]
        while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") {
            offset += 1
        }
        return String(decoding: bytes[starts[line - 1]..<offset], as: UTF8.self)
    }

    /// The column of a line's first character after its indentation.
    func firstColumn(ofLine line: Int) -> Int { indentation(ofLine: line).utf8.count + 1 }

    func isBlank(_ line: Int) -> Bool {
        let end = line < starts.count ? starts[line] : bytes.count
        return bytes[starts[line - 1]..<end].allSatisfy { [0x20, 0x09, 0x0D, 0x0A, 0x0C].contains($0) }
    }

    /// How much deeper than the line of a state the items of its body are indented, taken
    /// from an item indented `indentation`; two spaces (fsmc format's step) when the body
    /// is not indented under its state.
    func indentationStep(inside stateLine: Int, at indentation: String) -> String {
        let outer = self.indentation(ofLine: stateLine)
        guard indentation.count > outer.count, indentation.hasPrefix(outer) else { return "  " }
        return String(indentation.dropFirst(outer.count))
    }

    /// Inserts a line after line `line`, ending the last line first if it has no line break.
    func insertingLine(_ content: String, after line: Int) -> FixIt.Edit {
        line < starts.count
            ? .init(inserting: content + lineBreak, at: starts[line])
            : .init(inserting: lineBreak + content, at: bytes.count)
    }

    /// Appends lines at the end of the file, after a line break if the last line lacks one.
    func appendingLines(_ lines: [String]) -> FixIt.Edit {
        let endsLine = bytes.last == UInt8(ascii: "\n") || bytes.isEmpty
        return .init(inserting: (endsLine ? "" : lineBreak) + lines.map { $0 + lineBreak }.joined(), at: bytes.count)
    }
}

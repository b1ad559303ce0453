import Foundation

/// A TextMate grammar read from its JSON, and a tokenizer that runs it as VS Code's
/// vscode-textmate does, line by line: at each position the earliest match wins among the
/// current rule's `end` and its patterns (in a tie, `end` first, then the patterns in the
/// order written); a `match` rule scopes its text and captures; a `begin`/`end` rule scopes
/// everything up to its `end` and applies its own patterns inside, across lines;
/// `include` names a repository rule (`#name`) or the grammar (`$self`).
///
/// It runs only the features the fsmc grammar uses, and refuses a grammar that uses
/// another (a key such as `while` or `contentName`, an `include` of another grammar, or a
/// regular expression with `\G`, a back-reference or an escape that Oniguruma, which
/// editors use, and ICU, which NSRegularExpression uses, read differently), so that a
/// test cannot pass on a grammar it does not run. Once read it does not change, and
/// NSRegularExpression may be used from several threads, so tests share one.
struct TextMateGrammar: @unchecked Sendable {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    /// One rule of the grammar. A rule whose `patterns` only group others (a repository
    /// entry of includes) has neither `match` nor `begin`.
    struct Rule {
        enum Kind {
            case match(NSRegularExpression, captures: [Int: [String]])
            case beginEnd(
                begin: NSRegularExpression, end: NSRegularExpression,
                beginCaptures: [Int: [String]], endCaptures: [Int: [String]])
            case patterns
        }

        var kind: Kind
        /// The scopes of `name`, which may hold several separated by blanks.
        var scopes: [String]
        var patterns: [Reference]
    }

    enum Reference {
        case rule(Int)
        case repository(String)
        case grammar
    }

    let scopeName: String
    private var rules: [Rule] = []
    private var repository: [String: Int] = [:]
    private var topLevel: [Reference] = []
    /// Each rule's patterns (and the top level's, at `rules.count`), includes resolved to
    /// `match` and `begin`/`end` rules, in order.
    private var candidates: [[Int]] = []

    private static let grammarKeys: Set = ["name", "scopeName", "fileTypes", "patterns", "repository"]
    private static let ruleKeys: Set = [
        "comment", "name", "match", "captures", "begin", "end", "beginCaptures",
        "endCaptures", "patterns", "include",
    ]

    init(json: JSONValue) throws {
        guard let members = json.object else { throw Unsupported(description: "a grammar is a JSON object") }
        if let key = Set(members.keys).subtracting(Self.grammarKeys).sorted().first {
            throw Unsupported(description: "the grammar key '\(key)'")
        }
        guard let scopeName = json["scopeName"]?.string else {
            throw Unsupported(description: "a grammar without scopeName")
        }
        self.scopeName = scopeName
        for (name, rule) in json["repository"]?.object ?? [:] {
            repository[name] = try add(rule)
        }
        topLevel = try references(json["patterns"])
        candidates = try (rules.map(\.patterns) + [topLevel]).map { try resolve($0, visiting: []) }
    }

    /// Adds `json` and the rules nested in it; returns its index.
    private mutating func add(_ json: JSONValue) throws -> Int {
        guard let members = json.object else { throw Unsupported(description: "a rule that is not an object: \(json)") }
        if let key = Set(members.keys).subtracting(Self.ruleKeys).sorted().first {
            throw Unsupported(description: "the rule key '\(key)'")
        }
        let scopes = json["name"]?.string.map { $0.split(separator: " ").map(String.init) } ?? []
        let index = rules.count
        rules.append(Rule(kind: .patterns, scopes: scopes, patterns: []))
        let kind: Rule.Kind
        switch (json["include"]?.string, json["match"]?.string, json["begin"]?.string, json["end"]?.string) {
        case (let include?, nil, nil, nil) where members.keys.allSatisfy({ ["include", "comment"].contains($0) }):
            rules[index].patterns = [try reference(include)]
            return index
        case (nil, let match?, nil, nil) where json["patterns"] == nil:
            kind = .match(try Self.regex(match), captures: try Self.captures(json["captures"]))
        case (nil, nil, let begin?, let end?):
            let both = try Self.captures(json["captures"])
            kind = .beginEnd(
                begin: try Self.regex(begin), end: try Self.regex(end),
                beginCaptures: try json["beginCaptures"].map(Self.captures) ?? both,
                endCaptures: try json["endCaptures"].map(Self.captures) ?? both)
        case (nil, nil, nil, nil) where json["patterns"] != nil && scopes.isEmpty && json["captures"] == nil:
            kind = .patterns
        default:
            throw Unsupported(description: "a rule that is not one of include, match, begin/end and patterns: \(json)")
        }
        if json["beginCaptures"] != nil || json["endCaptures"] != nil, case .match = kind {
            throw Unsupported(description: "beginCaptures or endCaptures on a match rule")
        }
        rules[index].kind = kind
        rules[index].patterns = try references(json["patterns"])
        return index
    }

    private mutating func references(_ json: JSONValue?) throws -> [Reference] {
        guard let json else { return [] }
        guard let elements = json.array else { throw Unsupported(description: "patterns that are not an array") }
        return try elements.map { element in
            if let include = element["include"]?.string, element.object?.count == 1 {
                return try reference(include)
            }
            return .rule(try add(element))
        }
    }

    private func reference(_ include: String) throws -> Reference {
        if include == "$self" { return .grammar }
        guard include.hasPrefix("#") else {
            throw Unsupported(description: "the include '\(include)' of another grammar")
        }
        return .repository(String(include.dropFirst()))
    }

    /// The `match` and `begin`/`end` rules that `references` stand for, in order. A rule
    /// that includes itself without matching anything in between is refused: it would
    /// never end.
    private func resolve(_ references: [Reference], visiting: Set<String>) throws -> [Int] {
        try references.flatMap { reference -> [Int] in
            switch reference {
            case .grammar:
                guard !visiting.contains("$self") else { throw Unsupported(description: "'$self' includes itself") }
                return try resolve(topLevel, visiting: visiting.union(["$self"]))
            case .repository(let name):
                guard let index = repository[name] else {
                    throw Unsupported(description: "an include of '#\(name)', which the repository lacks")
                }
                guard !visiting.contains(name) else { throw Unsupported(description: "'#\(name)' includes itself") }
                return try resolve([.rule(index)], visiting: visiting.union([name]))
            case .rule(let index):
                if case .patterns = rules[index].kind { return try resolve(rules[index].patterns, visiting: visiting) }
                return [index]
            }
        }
    }

    private static let escapes = Set("tnrfsSdDwWbB\\/.-^$|?*+()[]{}<>!&:=,#'\" ")
    private static let groups = ["(?:", "(?=", "(?!", "(?<=", "(?<!", "(?i:"]

    /// Compiles `pattern`, refusing what Oniguruma and ICU read differently or what this
    /// tokenizer does not do: `\G` and `\A` (anchors on the previous match), back-references
    /// (in an `end`, they name the `begin`'s captures), `\h` (a hexadecimal digit for one, a
    /// blank for the other), and groups other than `(?:`, lookarounds and `(?i:`.
    private static func regex(_ pattern: String) throws -> NSRegularExpression {
        var characters = pattern[...]
        while let first = characters.first {
            characters = characters.dropFirst()
            if first == "\\" {
                guard let escaped = characters.first, escapes.contains(escaped) else {
                    throw Unsupported(
                        description: "the escape '\\\(characters.first.map(String.init) ?? "")' in /\(pattern)/")
                }
                characters = characters.dropFirst()
            } else if first == "(", characters.first == "?",
                !groups.contains(where: { ("(" + characters).hasPrefix($0) })
            {
                throw Unsupported(description: "the group '(\(characters.prefix(3))' in /\(pattern)/")
            }
        }
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw Unsupported(description: "/\(pattern)/, which does not compile: \(error)")
        }
    }

    /// `{"1": {"name": "scope"}}`: the scopes of each numbered group.
    private static func captures(_ json: JSONValue?) throws -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for (key, value) in json?.object ?? [:] {
            guard let group = Int(key), let members = value.object, Set(members.keys) == ["name"],
                let name = value["name"]?.string
            else {
                throw Unsupported(description: "the capture '\(key)': \(value) (only a numbered group's name)")
            }
            result[group] = name.split(separator: " ").map(String.init)
        }
        return result
    }

    // MARK: Tokenizing

    /// A run of a line's text with the scopes that apply to it, outermost first.
    struct Token: Equatable {
        /// UTF-16 offsets in the line.
        var range: Range<Int>
        var scopes: [String]
    }

    /// A line as the tokenizer saw it, with the `\n` after it, and its tokens, which cover
    /// it from start to end.
    struct Line {
        var text: String
        var tokens: [Token]

        /// The scopes at a UTF-16 offset.
        func scopes(at offset: Int) -> [String] {
            tokens.first { $0.range.contains(offset) }?.scopes ?? []
        }
    }

    /// A `begin`/`end` rule the tokenizer is inside: its scopes, and where the search that
    /// found its `begin` started (an `end` found by a search from there, matching nothing,
    /// means the rule would begin again there, for ever).
    private struct Frame {
        var rule: Int?
        var scopes: [String]
        var enteredAt: (line: Int, offset: Int)
    }

    private enum Found {
        case end
        case match(Int)
        case begin(Int)
    }

    /// The lines of `text` as editors split it, at CR LF, LF or CR, without their breaks.
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                // The LF of a CR LF: the CR ended the line.
            } else if scalar == "\n" || scalar == "\r" {
                lines.append(String(line))
                line = String.UnicodeScalarView()
            } else {
                line.append(scalar)
            }
            previous = scalar
        }
        return lines + [String(line)]
    }

    /// The tokens of `text`, line by line. Each line is matched with a line break `\n`
    /// after it, as editors do, so that a pattern may end with `\n`.
    func tokenize(_ text: String) throws -> [Line] {
        var stack = [Frame(rule: nil, scopes: [scopeName], enteredAt: (-1, -1))]
        var lines: [Line] = []
        for (number, lineText) in Self.lines(of: text).enumerated() {
            let line = lineText + "\n"
            let length = line.utf16.count
            var tokens: [Token] = []
            var offset = 0
            var stalls = 0
            while offset <= length,
                let (found, result) = nextMatch(in: line, length: length, from: offset, inside: stack.last!)
            {
                let frame = stack.last!
                if result.range.location > offset {
                    tokens.append(Token(range: offset..<result.range.location, scopes: frame.scopes))
                }
                switch found {
                case .end:
                    guard case .beginEnd(_, _, _, let captures) = rules[frame.rule!].kind else { preconditionFailure() }
                    if NSMaxRange(result.range) == offset && frame.enteredAt == (number, offset) {
                        throw Unsupported(
                            description: "line \(number + 1): a rule ends where it began, without matching anything")
                    }
                    tokens += Self.tokens(result, scopes: frame.scopes, captures: captures)
                    stack.removeLast()
                case .match(let index):
                    guard case .match(_, let captures) = rules[index].kind else { preconditionFailure() }
                    tokens += Self.tokens(result, scopes: frame.scopes + rules[index].scopes, captures: captures)
                case .begin(let index):
                    guard case .beginEnd(_, _, let captures, _) = rules[index].kind else { preconditionFailure() }
                    let scopes = frame.scopes + rules[index].scopes
                    tokens += Self.tokens(result, scopes: scopes, captures: captures)
                    stack.append(Frame(rule: index, scopes: scopes, enteredAt: (number, offset)))
                }
                // Zero-width matches may follow one another (rules ending together), but
                // never for long without moving on.
                stalls = result.range.length == 0 ? stalls + 1 : 0
                if stalls > 100 {
                    throw Unsupported(description: "line \(number + 1): the grammar loops at offset \(offset)")
                }
                offset = NSMaxRange(result.range)
            }
            if offset < length {
                tokens.append(Token(range: offset..<length, scopes: stack.last!.scopes))
            }
            lines.append(Line(text: line, tokens: tokens))
        }
        return lines
    }

    /// The earliest match from `offset` of the frame's `end` and its patterns.
    private func nextMatch(in line: String, length: Int, from offset: Int, inside frame: Frame) -> (
        Found, NSTextCheckingResult
    )? {
        var best: (Found, NSTextCheckingResult)?
        func consider(_ found: Found, _ regex: NSRegularExpression) {
            // Lookbehind sees before `offset`, and `^` matches only at the line's start.
            guard
                let result = regex.firstMatch(
                    in: line, options: [.withTransparentBounds, .withoutAnchoringBounds],
                    range: NSRange(location: offset, length: length - offset))
            else { return }
            if best == nil || result.range.location < best!.1.range.location { best = (found, result) }
        }
        if let rule = frame.rule, case .beginEnd(_, let end, _, _) = rules[rule].kind {
            consider(.end, end)
        }
        for index in candidates[frame.rule ?? rules.count] {
            if best?.1.range.location == offset { break }
            switch rules[index].kind {
            case .match(let regex, _): consider(.match(index), regex)
            case .beginEnd(let begin, _, _, _): consider(.begin(index), begin)
            case .patterns: preconditionFailure("patterns are resolved to the rules they hold")
            }
        }
        return best
    }

    /// The tokens of a match: `scopes` on all of it, and each capture's scopes on its
    /// group, outer groups before the groups inside them (a group in a lookaround, outside
    /// the match, scopes nothing).
    private static func tokens(_ result: NSTextCheckingResult, scopes: [String], captures: [Int: [String]]) -> [Token] {
        let range = result.range
        var perUnit = Array(repeating: scopes, count: range.length)
        for group in captures.keys.sorted() where group < result.numberOfRanges {
            let captured = result.range(at: group)
            guard captured.location != NSNotFound else { continue }
            let start = max(captured.location, range.location)
            let end = min(NSMaxRange(captured), NSMaxRange(range))
            for unit in start..<max(start, end) {
                perUnit[unit - range.location] += captures[group]!
            }
        }
        var tokens: [Token] = []
        for (unit, unitScopes) in perUnit.enumerated() {
            let offset = range.location + unit
            if let last = tokens.last, last.scopes == unitScopes {
                tokens[tokens.count - 1].range = last.range.lowerBound..<offset + 1
            } else {
                tokens.append(Token(range: offset..<offset + 1, scopes: unitScopes))
            }
        }
        return tokens
    }
}

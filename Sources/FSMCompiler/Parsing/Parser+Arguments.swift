/// The arguments of actions and conditions: labels and literals (Language reference ›
/// Literal arguments).
extension Parser {
    /// `arguments = "(" , [ argument , { "," , argument } ] , ")" ;`
    mutating func parseArguments(of name: NameSyntax) throws -> [ArgumentSyntax] {
        let open = current.location
        advance()
        var arguments: [ArgumentSyntax] = []
        while current.kind != .closeParen {
            if !arguments.isEmpty {
                guard current.kind == .comma else {
                    try fail(
                        "expected ',' or ')' in the arguments of '\(name.text)', found \(describe(current)) (the '(' is at \(open.line):\(open.column))"
                    )
                }
                advance()
            }
            arguments.append(try parseArgument(of: name))
        }
        advance()
        return arguments
    }

    /// `argument = NAME | number | STRING | "true" | "false" | "nil" | "." , NAME ;`
    /// `number = [ "-" ] , DIGITS , [ "." , DIGITS ] ;` with no blank inside. A name is a
    /// label unless it is digits (a number) or `true`, `false` or `nil`; one that starts
    /// with a digit and is not a number is the check's to refuse (it cannot be a label).

    mutating func parseArgument(of name: NameSyntax) throws -> ArgumentSyntax {
        let start = current
        switch current.kind {
        case .string:
            try checkEscapes(start)
            advance()
            return .literal(Literal(.string, start.text), at: start.location)
        case .dot where isAdjacent(peek(1), after: start) && peek(1).kind == .name:
            let member = peek(1).text
            guard !member.first!.isNumber else {
                try fail("'.\(member)' is not a member name; write a static member or enum case, as in '.connected'")
            }
            advance(by: 2)
            return .literal(Literal(.member, "." + member), at: start.location)
        case .dash where isAdjacent(peek(1), after: start) && peek(1).kind == .name && peek(1).text.first!.isNumber:
            advance()
            return .literal(try parseNumber(sign: "-"), at: start.location)
        case .name where Self.isDigits(start.text):
            return .literal(try parseNumber(sign: ""), at: start.location)
        case .name where start.text == "true" || start.text == "false":
            advance()
            return .literal(Literal(.boolean, start.text), at: start.location)
        case .name where start.text == "nil":
            advance()
            return .literal(Literal(.nil, start.text), at: start.location)
        default:
            return .label(try expectName("an argument of '\(name.text)' (a label or a literal)"))
        }
    }

    /// `12`, `1_000`, `-3`, `1.5`: the digits at `current`, and a fraction when a `.` and
    /// digits follow with no blank.
    private mutating func parseNumber(sign: String) throws -> Literal {
        let whole = current
        guard Self.isDigits(whole.text) else {
            try fail("'\(whole.text)' is not a number; a number is digits, as in '30' or '1.5'")
        }
        let dot = peek(1)
        let fraction = peek(2)
        guard dot.kind == .dot, isAdjacent(dot, after: whole), isAdjacent(fraction, after: dot),
            fraction.kind == .name
        else {
            advance()
            return Literal(.integer, sign + whole.text)
        }
        guard Self.isDigits(fraction.text) else {
            try fail("'\(whole.text).\(fraction.text)' is not a number; a decimal is digits, '.', digits, as in '1.5'")
        }
        advance(by: 3)
        return Literal(.decimal, sign + whole.text + "." + fraction.text)
    }

    /// A string allows the escapes `\"` and `\\` only, which mean the same in Swift.
    private mutating func checkEscapes(_ token: Token) throws {
        var bytes = token.text.utf8.dropFirst().dropLast().makeIterator()
        var column = token.location.column + 1
        while let byte = bytes.next() {
            column += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            let escaped = bytes.next()
            column += 1
            if escaped != UInt8(ascii: "\"") && escaped != UInt8(ascii: "\\") {
                try report(
                    Diagnostic(
                        .syntaxError, .error,
                        "a string argument allows only the escapes '\\\"' and '\\\\'; write other characters as they are, or pass the text from a computed value",
                        at: SourceLocation(file: token.location.file, line: token.location.line, column: column - 2)))
                return
            }
        }
    }

    /// Whether `token` follows `previous` on its line with no blank between.
    func isAdjacent(_ token: Token, after previous: Token) -> Bool {
        token.location.line == previous.location.line
            && token.location.column == previous.location.column + previous.text.utf8.count
    }

    static func isDigits(_ text: String) -> Bool {
        text.first!.isNumber && text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) }
    }

}

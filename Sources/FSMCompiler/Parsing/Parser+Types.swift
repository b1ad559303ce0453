/// The Swift type of an `Event:` parameter, parsed to check its form and printed back with
/// normalised spacing; swiftc checks what it means. The rules, `type` to `tupleElement`,
/// are the last section of `Grammar/fsm.ebnf`.
extension Parser {
    fileprivate static let typeDepthLimit = 32

    /// `type = baseType , { "?" | "!" } ;`
    /// `depth` counts the enclosing `[`, `(` and `<`; deeper than `typeDepthLimit` is an error.
    mutating func parseType(depth: Int = 0) throws -> String {
        guard depth < Self.typeDepthLimit else { try fail("the type is nested more than \(Self.typeDepthLimit) deep") }
        var text = try parseBaseType(depth: depth)
        if text.hasPrefix("any "), current.kind == .question || current.kind == .bang {
            try fail("an optional existential needs parentheses: '(\(text))\(current.text)'")
        }
        while current.kind == .question || current.kind == .bang {
            text += current.text
            advance()
        }
        if current.kind == .ampersand {
            try fail("a protocol composition is written with 'any': 'any \(text) & …'")
        }
        if current.kind == .dash, peek(1).kind == .closeAngle {
            try fail("an event value cannot have a function type; pass a value that holds the closure")
        }
        return text
    }

    ///     baseType = "any" , typePath , { "&" , typePath } | typePath
    ///              | "[" , type , [ ":" , type ] , "]"
    ///              | "(" , [ tupleElement , { "," , tupleElement } ] , ")" ;
    ///     tupleElement = [ NAME , ":" ] , type ;
    ///
    /// An element is labelled when a NAME and `:` start it. A type starting with `some` is
    /// refused with its own message.
    private mutating func parseBaseType(depth: Int) throws -> String {
        switch current.kind {
        case .name where current.text == "some":
            try fail("an event parameter cannot have an opaque 'some' type; name the type, or use 'any'")
        case .name where current.text == "any":
            advance()
            var parts = [try parseTypePath(depth: depth)]
            while current.kind == .ampersand {
                advance()
                parts.append(try parseTypePath(depth: depth))
            }
            return "any " + parts.joined(separator: " & ")
        case .name:
            return try parseTypePath(depth: depth)
        case .openBracket:
            advance()
            let element = try parseType(depth: depth + 1)
            var text = "[" + element
            if current.kind == .colon {
                advance()
                text += ": " + (try parseType(depth: depth + 1))
            }
            guard current.kind == .closeBracket else {
                try fail("expected ']' to close the array or dictionary type, found \(describe(current))")
            }
            advance()
            return text + "]"
        case .openParen:
            advance()
            var elements: [String] = []
            while current.kind != .closeParen {
                if !elements.isEmpty {
                    guard current.kind == .comma else {
                        try fail("expected ',' or ')' in the tuple type, found \(describe(current))")
                    }
                    advance()
                }
                var label = ""
                if current.kind == .name && tokens[index + 1].kind == .colon {
                    label = current.text + ": "
                    advance(by: 2)
                }
                elements.append(label + (try parseType(depth: depth + 1)))
            }
            advance()
            return "(" + elements.joined(separator: ", ") + ")"
        default:
            try fail(
                "expected a Swift type, found \(describe(current)); types are written as in Swift: 'Double', 'String?', '[Int]', '[String: Int]', '(Int, Int)', 'any Error', 'Foundation.URL', 'Set<Int>'"
            )
        }
    }

    /// `typePath = NAME , [ genericArguments ] , { "." , NAME , [ genericArguments ] } ;`
    /// `genericArguments = "<" , type , { "," , type } , ">" ;`
    /// As in `Swift.Result<Int, any Error>`.
    private mutating func parseTypePath(depth: Int) throws -> String {
        var text = try expectName("a type name").text
        typePathHeads.append(text)
        while true {
            if current.kind == .openAngle {
                advance()
                var arguments = [try parseType(depth: depth + 1)]
                while current.kind == .comma {
                    advance()
                    arguments.append(try parseType(depth: depth + 1))
                }
                guard current.kind == .closeAngle else {
                    try fail("expected ',' or '>' in the generic arguments, found \(describe(current))")
                }
                advance()
                text += "<" + arguments.joined(separator: ", ") + ">"
            }
            guard current.kind == .dot else { return text }
            advance()
            text += "." + (try expectName("a type name after '.'")).text
        }
    }
}

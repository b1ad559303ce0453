/// UTF-8 text built piece by piece, as bytes: the 15 MB of Swift a machine of 100,000
/// transitions becomes is millions of small pieces, each appended without a `String` of
/// its own in between.
struct TextBuffer {
    private var bytes: [UInt8] = []

    mutating func append(_ piece: String) {
        bytes.append(contentsOf: piece.utf8)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Collects generated Swift with four-space indentation.
struct CodeWriter {
    private var buffer = TextBuffer()
    private var depth = 0

    var text: String { buffer.string }

    /// Appends `content` as one line at the current depth; a blank line has no indentation.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            indent()
            buffer.append(content)
        }
        buffer.append("\n")
    }

    /// Appends one line at the current depth, its text written by `write` in place.
    mutating func line(_ write: (inout TextBuffer) -> Void) {
        indent()
        write(&buffer)
        buffer.append("\n")
    }

    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    private mutating func indent() {
        if depth < Self.indentation.count {
            buffer.append(Self.indentation[depth])
        } else {
            for _ in 0..<depth { buffer.append("    ") }
        }
    }

    /// Four spaces per level, one piece per line for the usual depths.
    private static let indentation = (0..<12).map { String(repeating: "    ", count: $0) }
}

/// Turns the code model into text: layout, blank lines, comments. It makes no decision
/// about what the code means.
struct Renderer {
    static func render(_ file: SwiftFile) -> String {
        var writer = CodeWriter()
        Renderer().render(file, into: &writer)
        return writer.text
    }

    func render(_ file: SwiftFile, into writer: inout CodeWriter) {
        for item in file.headerComment { writer.line("// " + item) }
        writer.line()
        for item in file.imports { writer.line("import " + item) }
        for (position, declaration) in file.declarations.enumerated() {
            // A standalone comment belongs to the declaration after it: no blank line between.
            if position == 0 || !isComment(file.declarations[position - 1]) { writer.line() }
            render(declaration, into: &writer)
        }
    }

    private func render(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .comment(let lines):
            for item in lines { writer.line("// " + item) }
        case .typeAlias(let alias):
            document(alias.documentation, into: &writer)
            writer.line(
                prefix(alias.access, alias.isPrivate ? "private" : nil) + "typealias \(alias.name) = \(alias.type)")
        case .enumeration(let enumeration):
            render(enumeration, into: &writer)
        case .protocolDeclaration(let declaration):
            render(declaration, into: &writer)
        case .classDeclaration(let declaration):
            render(declaration, into: &writer)
        case .structure(let declaration):
            render(declaration, into: &writer)
        case .extensionDeclaration(let declaration):
            for item in declaration.attributes { writer.line(item) }
            if let file = declaration.sourceFile, let line = declaration.sourceLine {
                let escaped = file.map { $0 == "\\" || $0 == "\"" ? "\\\($0)" : String($0) }.joined()
                writer.line("#sourceLocation(file: \"\(escaped)\", line: \(line))")
            }
            let conformances =
                declaration.conformances.isEmpty ? "" : ": " + declaration.conformances.joined(separator: ", ")
            let isolation = isolated(declaration.isolation, into: &writer)
            if declaration.members.isEmpty {
                writer.line(isolation + "extension \(declaration.name)\(conformances) {}")
            } else {
                writer.line(isolation + "extension \(declaration.name)\(conformances) {")
                render(members: declaration.members, into: &writer)
                writer.line("}")
            }
            if declaration.sourceFile != nil { writer.line("#sourceLocation()") }
        case .property(let property):
            render(property, into: &writer)
        case .initializer(let function), .function(let function):
            render(function, into: &writer)
        }
    }

    private func render(_ enumeration: SwiftEnum, into writer: inout CodeWriter) {
        document(enumeration.documentation, into: &writer)
        for attribute in enumeration.attributes { writer.line(attribute) }
        let conformances =
            enumeration.conformances.isEmpty ? "" : ": " + enumeration.conformances.joined(separator: ", ")
        writer.line(
            isolated(enumeration.isolation, into: &writer) + prefix(enumeration.access) + "enum \(enumeration.name)"
                + conformances + " {")
        writer.indented { body in
            for enumCase in enumeration.cases {
                if let rawValue = enumCase.rawValue {
                    body.line("case \(enumCase.name) = \(quoted(rawValue))")
                } else if enumCase.associatedValues.isEmpty {
                    body.line("case \(enumCase.name)")
                } else {
                    let values = enumCase.associatedValues.map { Self.parameterLabel($0.label) + ": " + $0.type }
                    body.line("case \(enumCase.name)(" + values.joined(separator: ", ") + ")")
                }
            }
            for member in enumeration.members {
                body.line()
                render(member, into: &body)
            }
        }
        writer.line("}")
    }

    private func render(_ declaration: SwiftProtocol, into writer: inout CodeWriter) {
        document(declaration.documentation, into: &writer)
        for item in declaration.attributes { writer.line(item) }
        var head =
            isolated(declaration.isolation, into: &writer) + prefix(declaration.access) + "protocol \(declaration.name)"
        if !declaration.inherits.isEmpty { head += ": " + declaration.inherits.joined(separator: ", ") }
        if !declaration.whereClause.isEmpty { head += " where " + declaration.whereClause.joined(separator: ", ") }
        writer.line(head + " {")
        writer.indented { body in
            for item in declaration.requirements { body.line(signature(of: item)) }
            for property in declaration.propertyRequirements {
                body.line((property.isStatic ? "static " : "") + "var \(property.name): \(property.type ?? "") { get }")
            }
        }
        writer.line("}")
    }

    private func render(_ declaration: SwiftClass, into writer: inout CodeWriter) {
        document(declaration.documentation, into: &writer)
        for attribute in declaration.attributes { writer.line(attribute) }
        let generics =
            declaration.genericParameters.isEmpty
            ? ""
            : "<" + declaration.genericParameters.map { "\($0.name): \($0.constraint)" }.joined(separator: ", ") + ">"
        let conformances =
            declaration.conformances.isEmpty ? "" : ": " + declaration.conformances.joined(separator: ", ")
        writer.line(
            isolated(declaration.isolation, into: &writer)
                + prefix(declaration.access, declaration.isFinal ? "final" : nil)
                + "class \(declaration.name)\(generics)\(conformances) {")
        render(members: declaration.members, into: &writer)
        writer.line("}")
    }

    private func render(_ declaration: SwiftStruct, into writer: inout CodeWriter) {
        document(declaration.documentation, into: &writer)
        for item in declaration.attributes { writer.line(item) }
        writer.line(
            isolated(declaration.isolation, into: &writer) + prefix(declaration.access) + "struct \(declaration.name)"
                + (declaration.conformances.isEmpty ? "" : ": " + declaration.conformances.joined(separator: ", "))
                + " {")
        render(members: declaration.members, into: &writer)
        writer.line("}")
    }

    /// A class's or struct's members, indented: stored properties sit together; everything
    /// else is set apart by a blank line.
    private func render(members: [SwiftDeclaration], into writer: inout CodeWriter) {
        writer.indented { body in
            for (position, member) in members.enumerated() {
                if position > 0 && !(isStoredProperty(member) && isStoredProperty(members[position - 1])) {
                    body.line()
                }
                render(member, into: &body)
            }
        }
    }

    private func isComment(_ declaration: SwiftDeclaration) -> Bool {
        if case .comment = declaration { return true }
        return false
    }

    private func isStoredProperty(_ declaration: SwiftDeclaration) -> Bool {
        if case .property(let property) = declaration { return property.isStored }
        return false
    }

    private func render(_ property: SwiftProperty, into writer: inout CodeWriter) {
        document(property.documentation, into: &writer)
        for item in property.attributes { writer.line(item) }
        var line =
            prefix(property.access, property.restriction) + (property.isStatic ? "static " : "")
            + (property.isVariable ? "var " : "let ") + property.name
        if let type = property.type { line += ": " + type }
        if let value = property.initialValue { line += " = " + expression(value) }
        if let getter = property.getter { line += " { " + expression(getter) + " }" }
        guard let body = property.getterBody else { return writer.line(line) }
        writer.line(line + " {")
        writer.indented { writer in for item in body { render(item, into: &writer) } }
        writer.line("}")
    }

    private func render(_ function: SwiftFunction, into writer: inout CodeWriter) {
        document(function.documentation, into: &writer)
        for item in function.attributes { writer.line(item) }
        guard !function.body.isEmpty else { return writer.line(signature(of: function) + " {}") }
        writer.line(signature(of: function) + " {")
        writer.indented { body in for item in function.body { render(item, into: &body) } }
        writer.line("}")
    }

    /// `mutating func name(label name: Type) -> Result`, without a body.
    private func signature(of function: SwiftFunction) -> String {
        let parameters = function.parameters.map { parameter in
            var text =
                (parameter.label.map { Self.parameterLabel($0) + " " } ?? "") + "\(parameter.name): \(parameter.type)"
            if let value = parameter.defaultValue { text += " = " + expression(value) }
            return text
        }.joined(separator: ", ")
        let keyword = function.name == "init" ? "init" : "func \(function.name)"
        var text =
            (function.isNonsending ? "nonisolated(nonsending) " : "")
            + prefix(function.access, function.isPrivate ? "private" : nil)
            + (function.isStatic ? "static " : "") + (function.isMutating ? "mutating " : "") + keyword
            + "(\(parameters))"
        if function.isAsync { text += " async" }
        if function.isThrowing { text += " throws" }
        if let result = function.returnType { text += " -> " + result }
        return text
    }

    private func render(_ statement: SwiftStatement, into writer: inout CodeWriter) {
        switch statement {
        case .expression(let value):
            writer.line { append(value, to: &$0) }
        case .assignment(let target, let value):
            writer.line { text in
                append(target, to: &text)
                text.append(" = ")
                append(value, to: &text)
            }
        case .declaration(let isVariable, let name, let type, let value):
            var line = (isVariable ? "var " : "let ") + name
            if let type { line += ": " + type }
            if let value { line += " = " + expression(value) }
            writer.line(line)
        case .returnStatement(let value):
            writer.line { text in
                text.append("return")
                if let value {
                    text.append(" ")
                    append(value, to: &text)
                }
            }
        case .switchStatement(let node):
            render(node, into: &writer)
        case .ifStatement(let conditions, let body):
            writer.line("if " + conditions.map(expression).joined(separator: ", ") + " {")
            writer.indented { inner in for item in body { render(item, into: &inner) } }
            writer.line("}")
        case .ifElse(let conditions, let body, let elseBody):
            writer.line("if " + conditions.map(expression).joined(separator: ", ") + " {")
            writer.indented { inner in for item in body { render(item, into: &inner) } }
            writer.line("} else {")
            writer.indented { inner in for item in elseBody { render(item, into: &inner) } }
            writer.line("}")
        case .ifLet(let name, let value, let body):
            writer.line("if let \(name) = \(expression(value)) {")
            writer.indented { inner in for item in body { render(item, into: &inner) } }
            writer.line("}")
        case .ifCase(let pattern, let value, let body):
            var head = TextBuffer()
            head.append("if case ")
            append(pattern, to: &head)
            writer.line(head.string + " = " + expression(value) + " {")
            writer.indented { inner in for item in body { render(item, into: &inner) } }
            writer.line("}")
        case .throwStatement(let value):
            writer.line("throw " + expression(value))
        case .guardStatement(let conditions, let elseBody):
            renderGuard(conditions.map(expression).joined(separator: ", "), elseBody, into: &writer)
        case .guardLet(let name, let value, let elseBody):
            renderGuard("let \(name) = \(expression(value))", elseBody, into: &writer)
        case .whileLet(let name, let value, let body):
            writer.line("while let \(name) = \(expression(value)) {")
            writer.indented { inner in for item in body { render(item, into: &inner) } }
            writer.line("}")
        case .forIn(let name, let sequence, let body):
            writer.line("for \(name) in \(expression(sequence)) {")
            writer.indented { inner in for item in body { render(item, into: &inner) } }
            writer.line("}")
        case .comment(let text):
            writer.line("// " + text)
        case .breakStatement:
            writer.line("break")
        }
    }

    /// `guard condition else { return … }` on one line when the else body is one return
    /// statement, else with the body on lines of its own.
    private func renderGuard(_ condition: String, _ elseBody: [SwiftStatement], into writer: inout CodeWriter) {
        let head = "guard " + condition + " else"
        if elseBody.count == 1, case .returnStatement = elseBody[0] {
            var inner = CodeWriter()
            render(elseBody[0], into: &inner)
            writer.line(head + " { " + inner.text.dropLast() + " }")
        } else {
            writer.line(head + " {")
            writer.indented { body in for item in elseBody { render(item, into: &body) } }
            writer.line("}")
        }
    }

    /// `switch subject {`, each case flush with `switch` and its body indented, then `}`.
    private func render(_ node: SwiftSwitch, into writer: inout CodeWriter) {
        writer.line("switch \(expression(node.subject)) {")
        for switchCase in node.cases {
            writer.line { text in
                guard !switchCase.patterns.isEmpty else { return text.append("default:") }
                text.append("case ")
                if switchCase.conditions.isEmpty {
                    append(switchCase.patterns, to: &text)
                } else {
                    // A `where` clause belongs to one pattern: each gets its own.
                    let clause = " where " + switchCase.conditions.map(expression).joined(separator: " && ")
                    for (position, node) in switchCase.patterns.enumerated() {
                        if position > 0 { text.append(", ") }
                        append(node, to: &text)
                        text.append(clause)
                    }
                }
                text.append(":")
            }
            writer.indented { body in for item in switchCase.body { render(item, into: &body) } }
        }
        writer.line("}")
    }

    private func append(_ node: SwiftPattern, to text: inout TextBuffer) {
        switch node {
        case .enumCase(let name):
            text.append(".")
            text.append(name)
        case .enumCaseBinding(let name, let bindings):
            text.append(".")
            text.append(name)
            text.append("(")
            for (position, binding) in bindings.enumerated() {
                if position > 0 { text.append(", ") }
                text.append(binding.map { "let " + $0 } ?? "_")
            }
            text.append(")")
        case .enumCaseMatching(let name, let values):
            text.append(".")
            text.append(name)
            text.append("(")
            append(values, to: &text)
            text.append(")")
        case .labeled(let label, let value):
            text.append(label)
            text.append(": ")
            append(value, to: &text)
        case .wildcard:
            text.append("_")
        case .optionalEnumCase(let name):
            text.append(".")
            text.append(name)
            text.append("?")
        case .nilLiteral:
            text.append("nil")
        case .tuple(let elements):
            text.append("(")
            append(elements, to: &text)
            text.append(")")
        }
    }

    /// `a, b, c`.
    private func append(_ patterns: [SwiftPattern], to text: inout TextBuffer) {
        for (position, node) in patterns.enumerated() {
            if position > 0 { text.append(", ") }
            append(node, to: &text)
        }
    }

    /// Whether `text` is what an identifier holds: one name (escaped or not, `$0`), a
    /// keyword or a number. Checked in debug builds.
    static func isOneName(_ text: String) -> Bool {
        if text.hasPrefix("`") { return text.hasSuffix("`") && !text.dropFirst().dropLast().contains("`") }
        guard let first = text.first else { return false }
        let rest = text.dropFirst()
        if first.isNumber || first == "-" { return rest.allSatisfy { $0.isNumber || $0 == "_" || $0 == "." } }
        return (first.isLetter || first == "_" || first == "$")
            && rest.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    private func expression(_ node: SwiftExpression) -> String {
        var text = TextBuffer()
        append(node, to: &text)
        return text.string
    }

    /// Writes `node` at the end of `text`: a transition's lines are mostly calls, and
    /// building each part as a string of its own would allocate several times per line.
    private func append(_ node: SwiftExpression, to text: inout TextBuffer) {
        switch node {
        case .identifier(let name):
            assert(Self.isOneName(name), "not one name: \(name)")
            text.append(name)
        case .typeName(let name), .literal(let name):
            text.append(name)
        case .implicitMember(let name):
            text.append(".")
            text.append(name)
        case .member(let base, let name):
            append(base, to: &text)
            text.append(".")
            text.append(name)
        case .call(let function, let arguments):
            append(function, to: &text)
            if arguments.count == 1, arguments[0].label == nil, case .closure = arguments[0].value {
                // `timers.map { … }`: a closure that is the only argument trails the call.
                text.append(" ")
                return append(arguments[0].value, to: &text)
            }
            text.append("(")
            append(arguments, to: &text)
            text.append(")")
        case .tuple(let arguments):
            text.append("(")
            append(arguments, to: &text)
            text.append(")")
        case .not(let operand):
            text.append("!")
            switch operand {
            case .not, .notEqual, .equal, .nilCoalescing, .await, .trying:
                // `!!x`, `!await x` do not parse, and `!a != b` means `(!a) != b`.
                text.append("(")
                append(operand, to: &text)
                text.append(")")
            default:
                append(operand, to: &text)
            }
        case .notEqual(let left, let right):
            append(left, to: &text)
            text.append(" != ")
            append(right, to: &text)
        case .equal(let left, let right):
            append(left, to: &text)
            text.append(" == ")
            append(right, to: &text)
        case .matches(let pattern, let value):
            text.append("case ")
            append(pattern, to: &text)
            text.append(" = ")
            append(value, to: &text)
        case .nilCoalescing(let optional, let fallback):
            append(optional, to: &text)
            text.append(" ?? ")
            append(fallback, to: &text)
        case .arrayLiteral(let elements):
            text.append("[")
            for (position, element) in elements.enumerated() {
                if position > 0 { text.append(", ") }
                append(element, to: &text)
            }
            text.append("]")
        case .inoutReference(let name):
            text.append("&")
            text.append(name)
        case .closure(let body):
            text.append("{ ")
            append(body, to: &text)
            text.append(" }")
        case .capturingClosure(let captures, let body):
            text.append("{ [" + captures.joined(separator: ", ") + "] in ")
            append(body, to: &text)
            text.append(" }")
        case .optionalMember(let base, let name):
            append(base, to: &text)
            text.append("?.")
            text.append(name)
        case .forceUnwrapped(let operand):
            append(operand, to: &text)
            text.append("!")
        case .await(let operand):
            text.append("await ")
            append(operand, to: &text)
        case .trying(let operand):
            text.append("try ")
            append(operand, to: &text)
        case .keyPath(let name):
            text.append("\\.")
            text.append(name)
        case .stringLiteral(let literal):
            text.append(quoted(literal))
        case .interpolatedString(let parts):
            text.append("\"")
            for part in parts {
                switch part {
                case .text(let literal):
                    text.append(literal)
                case .value(let value):
                    text.append("\\(")
                    append(value, to: &text)
                    text.append(")")
                }
            }
            text.append("\"")
        }
    }

    private func append(_ arguments: [SwiftArgument], to text: inout TextBuffer) {
        for (position, argument) in arguments.enumerated() {
            if position > 0 { text.append(", ") }
            if let label = argument.label {
                text.append(Self.argumentLabel(label))
                text.append(": ")
            }
            append(argument.value, to: &text)
        }
    }

    /// `.sm` names are ASCII letters, digits and underscores, so they need no escaping.
    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    private func document(_ lines: [String], into writer: inout CodeWriter) {
        for item in lines { writer.line(item.isEmpty ? "///" : "/// " + item) }
    }

    /// `nonisolated ` to put before a declaration; for a global actor, nothing, after its
    /// attribute (`@MainActor`) on a line of its own.
    private func isolated(_ isolation: SwiftIsolation?, into writer: inout CodeWriter) -> String {
        switch isolation {
        case nil: return ""
        case .nonisolated: return "nonisolated "
        case .globalActor(let actor):
            writer.line("@" + actor)
            return ""
        }
    }

    /// `public private(set) `, `private `, or nothing: access level, then a restriction.
    private func prefix(_ access: SwiftAccess?, _ restriction: String? = nil) -> String {
        [access?.rawValue, restriction].compactMap { $0 }.map { $0 + " " }.joined()
    }

    // MARK: Labels

    /// An argument label in a call: without backticks, which Swift rejects there for every
    /// keyword but `inout`.
    private static func argumentLabel(_ identifier: String) -> String {
        let name = SwiftNames.unescaped(identifier)
        return name == "inout" ? "`inout`" : name
    }

    /// An argument label in a declaration: without backticks except for the three words
    /// that would start a parameter's specifier.
    private static func parameterLabel(_ identifier: String) -> String {
        let name = SwiftNames.unescaped(identifier)
        return ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }
}

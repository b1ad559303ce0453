// What generation asks of the code model before it renders it: which variables a statement
// reads or writes, whether it leaves the function on every path, which flags it sets, and
// the same statements with flags decided or taken out. Region dispatch uses them to write
// only the flags and tests that Swift would not warn of.

extension SwiftStatement {
    /// Whether the statement reads or writes the variable `name`.
    func mentions(_ name: String) -> Bool {
        switch self {
        case .expression(let value), .returnStatement(.some(let value)):
            return value.mentions(name)
        case .assignment(let target, let value):
            return target.mentions(name) || value.mentions(name)
        case .declaration(_, _, _, let value):
            return value?.mentions(name) ?? false
        case .ifStatement(let conditions, let body):
            return conditions.contains { $0.mentions(name) } || body.contains { $0.mentions(name) }
        case .ifElse(let conditions, let body, let elseBody):
            return conditions.contains { $0.mentions(name) } || (body + elseBody).contains { $0.mentions(name) }
        case .switchStatement(let node):
            return node.subject.mentions(name)
                || node.cases.contains { item in
                    item.conditions.contains { $0.mentions(name) } || item.body.contains { $0.mentions(name) }
                }
        case .guardStatement(let conditions, let body):
            return conditions.contains { $0.mentions(name) } || body.contains { $0.mentions(name) }
        case .guardLet(_, let value, let body), .whileLet(_, let value, let body), .forIn(_, let value, let body),
            .ifLet(_, let value, let body), .ifCase(_, let value, let body):
            return value.mentions(name) || body.contains { $0.mentions(name) }
        case .throwStatement(let value):
            return value.mentions(name)
        case .returnStatement(.none), .comment, .breakStatement:
            return false
        }
    }
}

extension SwiftExpression {
    /// The expression's negation, without `!` on a literal or on a negation: `!true` or
    /// `!!x` would hide from Swift what it decides, or not parse.
    var negated: SwiftExpression {
        switch self {
        case .identifier("true"): .identifier("false")
        case .identifier("false"): .identifier("true")
        case .not(let operand): operand
        default: .not(self)
        }
    }

    /// Whether the expression names the variable `name`.
    func mentions(_ name: String) -> Bool {
        switch self {
        case .identifier(let text), .inoutReference(let text):
            return text == name
        case .implicitMember, .typeName, .literal, .stringLiteral, .keyPath:
            return false
        case .member(let base, _), .optionalMember(let base, _), .not(let base), .await(let base), .closure(let base),
            .forceUnwrapped(let base),
            .trying(let base), .matches(_, let base):
            return base.mentions(name)
        case .capturingClosure(_, let body):
            return body.mentions(name)
        case .call(let function, let arguments):
            return function.mentions(name) || arguments.contains { $0.value.mentions(name) }
        case .tuple(let arguments):
            return arguments.contains { $0.value.mentions(name) }
        case .interpolatedString(let parts):
            return parts.contains { if case .value(let value) = $0 { value.mentions(name) } else { false } }
        case .notEqual(let left, let right), .equal(let left, let right), .nilCoalescing(let left, let right):
            return left.mentions(name) || right.mentions(name)
        case .arrayLiteral(let elements):
            return elements.contains { $0.mentions(name) }
        }
    }
}

extension SwiftStatement {
    /// Whether the statement assigns `name` or one of its members, or a statement inside it does.
    func assigns(_ name: String) -> Bool {
        switch self {
        case .assignment(.identifier(let target), _), .assignment(.member(.identifier(let target), _), _):
            return target == name
        case .ifStatement(_, let body), .whileLet(_, _, let body), .forIn(_, _, let body), .ifLet(_, _, let body),
            .ifCase(_, _, let body):
            return body.contains { $0.assigns(name) }
        case .ifElse(_, let body, let elseBody):
            return (body + elseBody).contains { $0.assigns(name) }
        case .switchStatement(let node):
            return node.cases.contains { $0.body.contains { $0.assigns(name) } }
        default:
            return false
        }
    }

    /// Whether the statement reads `name` somewhere other than as an assignment's target.
    func mentionsOutsideAssignments(_ name: String) -> Bool {
        switch self {
        case .assignment(.identifier(let target), let value) where target == name:
            return value.mentions(name)
        case .ifStatement(let conditions, let body):
            return conditions.contains { $0.mentions(name) } || body.contains { $0.mentionsOutsideAssignments(name) }
        case .ifElse(let conditions, let body, let elseBody):
            return conditions.contains { $0.mentions(name) }
                || (body + elseBody).contains { $0.mentionsOutsideAssignments(name) }
        case .switchStatement(let node):
            return node.subject.mentions(name)
                || node.cases.contains { item in
                    item.conditions.contains { $0.mentions(name) }
                        || item.body.contains { $0.mentionsOutsideAssignments(name) }
                }
        case .declaration(_, let declared, _, let value):
            return declared != name && (value?.mentions(name) ?? false)
        default:
            return mentions(name)
        }
    }

    /// `statements` with the tests of flags that are set on every path before them decided
    /// (`if mediaHandled { … }` where every region before it took the event), and without
    /// what follows a statement that leaves the function: what Swift would warn of as never
    /// executed. `setFlags` are the flags set on every path so far.
    static func folding(_ statements: [SwiftStatement], setFlags: Set<String>, unsetFlags: Set<String> = [])
        -> [SwiftStatement]
    {
        var known = setFlags
        var unset = unsetFlags
        /// Whether a test of a lone flag is decided: its answer, or nil.
        func decided(_ conditions: [SwiftExpression]) -> Bool? {
            guard conditions.count == 1 else { return nil }
            switch conditions[0] {
            case .identifier(let flag) where known.contains(flag): return true
            case .identifier(let flag) where unset.contains(flag): return false
            case .not(.identifier(let flag)) where known.contains(flag): return false
            case .not(.identifier(let flag)) where unset.contains(flag): return true
            default: return nil
            }
        }
        var out: [SwiftStatement] = []
        for statement in statements {
            switch statement {
            case .ifStatement(let conditions, let body):
                switch decided(conditions) {
                case true?: out += folding(body, setFlags: known, unsetFlags: unset)
                case false?: break
                case nil: out.append(.ifStatement(conditions, body: folding(body, setFlags: known, unsetFlags: unset)))
                }
            case .ifElse(let conditions, let body, let elseBody):
                switch decided(conditions) {
                case true?: out += folding(body, setFlags: known, unsetFlags: unset)
                case false?: out += folding(elseBody, setFlags: known, unsetFlags: unset)
                case nil:
                    out.append(
                        .ifElse(
                            conditions, body: folding(body, setFlags: known, unsetFlags: unset),
                            elseBody: folding(elseBody, setFlags: known, unsetFlags: unset)))
                }
            case .switchStatement(var node):
                node.cases = node.cases.map { item in
                    var item = item
                    item.body = folding(item.body, setFlags: known, unsetFlags: unset)
                    return item
                }
                out.append(.switchStatement(node))
            default:
                out.append(statement)
            }
            if out.contains(where: \.alwaysExits) { break }
            known.formUnion(out.last.map(\.flagsSetOnEveryPath) ?? [])
            unset.subtract(out.last.map(\.flagsSetOnSomePath) ?? [])
        }
        return out
    }

    /// The flags the statement may set to true on some path that does not leave the function.
    var flagsSetOnSomePath: Set<String> {
        func ofAny(_ statements: [SwiftStatement]) -> Set<String> {
            statements.contains(where: \.alwaysExits)
                ? [] : statements.reduce(into: Set<String>()) { $0.formUnion($1.flagsSetOnSomePath) }
        }
        switch self {
        case .assignment(.identifier(let flag), .identifier("true")):
            return [flag]
        case .ifStatement(_, let body):
            return ofAny(body)
        case .ifElse(_, let body, let elseBody):
            return ofAny(body).union(ofAny(elseBody))
        case .switchStatement(let node):
            return node.cases.reduce(into: Set<String>()) { $0.formUnion(ofAny($1.body)) }
        default:
            return []
        }
    }

    /// The flags (`var …Handled = false`) the statement sets to true on every path that does
    /// not leave the function.
    var flagsSetOnEveryPath: Set<String> {
        func ofAll(_ statements: [SwiftStatement]) -> Set<String>? {
            // nil: every path leaves the function (it sets anything, vacuously).
            if statements.contains(where: \.alwaysExits) { return nil }
            return statements.reduce(into: Set<String>()) { $0.formUnion($1.flagsSetOnEveryPath) }
        }
        func meet(_ branches: [Set<String>?]) -> Set<String> {
            let reaching = branches.compactMap { $0 }
            guard let first = reaching.first else { return [] }
            return reaching.dropFirst().reduce(first) { $0.intersection($1) }
        }
        switch self {
        case .assignment(.identifier(let flag), .identifier("true")):
            return [flag]
        case .ifElse(_, let body, let elseBody):
            return meet([ofAll(body), ofAll(elseBody)])
        case .switchStatement(let node):
            return meet(node.cases.map { ofAll($0.body) })
        default:
            return []
        }
    }

    /// Whether the statement leaves the function on every path: nothing after it runs.
    var alwaysExits: Bool {
        switch self {
        case .returnStatement, .throwStatement:
            return true
        case .ifElse(_, let body, let elseBody):
            return body.contains(where: \.alwaysExits) && elseBody.contains(where: \.alwaysExits)
        case .switchStatement(let node):
            return !node.cases.isEmpty && node.cases.allSatisfy { $0.body.contains(where: \.alwaysExits) }
        default:
            return false
        }
    }

    /// The statement without the declarations of and the assignments to `names`: nil for one
    /// of them, and for an `if` on flags that did nothing else; an `if` whose branch did
    /// nothing else without it; a `switch` case that did nothing else a `break`.
    func removingAssignments(to names: Set<String>) -> SwiftStatement? {
        func removing(_ statements: [SwiftStatement]) -> [SwiftStatement] {
            statements.compactMap { $0.removingAssignments(to: names) }
        }
        func isFlag(_ condition: SwiftExpression) -> Bool {
            if case .identifier(let text) = condition {
                return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            return false
        }
        switch self {
        case .assignment(.identifier(let target), _) where names.contains(target):
            return nil
        case .declaration(_, let declared, _, _) where names.contains(declared):
            return nil
        case .ifStatement(let conditions, let body):
            let remaining = removing(body)
            return remaining.isEmpty && !body.isEmpty && conditions.allSatisfy(isFlag)
                ? nil : .ifStatement(conditions, body: remaining)
        case .ifElse(let conditions, let body, let elseBody):
            let (kept, otherwise) = (removing(body), removing(elseBody))
            if otherwise.isEmpty {
                return SwiftStatement.ifStatement(conditions, body: kept).removingAssignments(to: names)
            }
            if kept.isEmpty, conditions.count == 1 { return .ifStatement([conditions[0].negated], body: otherwise) }
            return .ifElse(conditions, body: kept, elseBody: otherwise)
        case .switchStatement(var node):
            node.cases = node.cases.map { item in
                var item = item
                item.body = removing(item.body)
                if item.body.allSatisfy({ if case .comment = $0 { true } else { false } }) {
                    item.body.append(.breakStatement)
                }
                return item
            }
            return .switchStatement(node)
        default:
            return self
        }
    }

    /// The name the statement declares, if it is a declaration.
    var declaredName: String {
        if case .declaration(_, let name, _, _) = self { return name }
        return ""
    }

    /// The names of the flags declared in the statement (`var mediaHandled = false`), in it
    /// or in the statements it holds.
    var declaredFlags: [String] {
        switch self {
        case .declaration(true, let name, nil, .identifier("false")?):
            return [name]
        case .ifStatement(_, let body), .ifLet(_, _, let body), .ifCase(_, _, let body), .forIn(_, _, let body),
            .whileLet(_, _, let body):
            return body.flatMap(\.declaredFlags)
        case .ifElse(_, let body, let elseBody):
            return (body + elseBody).flatMap(\.declaredFlags)
        case .switchStatement(let node):
            return node.cases.flatMap { $0.body.flatMap(\.declaredFlags) }
        default:
            return []
        }
    }
}

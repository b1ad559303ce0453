/// The parameters of each action and condition, from its `Action:` header or from its uses,
/// and every use checked against them (Language reference › Events with values, Literal
/// arguments): a phase of analysis after the declarations.
struct Signatures {
    /// By key (`name` for an action, `?name` for a condition): the generated requirement's
    /// parameters. A call that has no entry takes none.
    private(set) var parameters: [String: [EventParameter]] = [:]
    /// Whether some call passes a literal (`retry(3)`): the language of version 3, whose
    /// machines are started (Language reference › Starting a machine).
    private(set) var passesLiterals = false
    /// By action name: what a computing action returns (Language reference › State data).
    private(set) var results: [String: String] = [:]

    /// No parameters: before the uses are known.
    init() {}

    /// The parameters from the uses `declarations` recorded and `initialRowUses`, the uses of
    /// initial rows' calls that pass labels, resolved once the rows entering them are known.
    init(
        resolving declarations: Declarations, initialRowUses: [CallUse], headers: Headers,
        log: inout DiagnosticLog
    ) {
        var callUses = declarations.callUses
        var callKeys = declarations.callKeys
        for use in initialRowUses {
            if callUses[use.key] == nil { callKeys.append(use.key) }
            callUses[use.key, default: []].append(use)
        }
        passesLiterals = callUses.values.contains { uses in
            uses.contains { use in
                use.arguments.contains { if case .literal = $0 { true } else { false } }
            }
        }
        for key in callKeys {
            let uses = callUses[key]!
            if let declaration = headers.actionDeclarations[uses[0].name.text] {
                parameters[key] = declaration.parameters.map(\.parameter)
                for use in uses { check(use, against: declaration, log: &log) }
            } else if let inferred = Self.infer(from: uses, log: &log) {
                parameters[key] = inferred.map(\.parameter)
                for use in uses { check(use, against: inferred, firstUse: uses[0], log: &log) }
            }
            checkResult(of: uses, declaration: headers.actionDeclarations[uses[0].name.text], log: &log)
        }
        for name in headers.actionDeclarationOrder {
            let declaration = headers.actionDeclarations[name]!
            let known = declarations.actions.names.map(\.text) + declarations.conditions.names.map(\.text)
            if !known.contains(name) {
                log.error(
                    .undefinedAction,
                    "'Action: \(name)' declares an action or condition that no row, entry or exit list calls"
                        + Suggestions.suggestion(for: name, among: known),
                    at: declaration.name.location)
            }
        }
    }

    /// A computing action gives values only, each of the type its `Action:` header returns
    /// (`T` where `T?` is wanted), or without a header, of the type of the first value it
    /// gives; an action that gives none returns nothing.
    private mutating func checkResult(of uses: [CallUse], declaration: ActionDeclaration?, log: inout DiagnosticLog) {
        let computing = uses.filter(\.isComputing)
        let name = uses[0].name
        guard let first = computing.first else {
            if let declaration, let returnType = declaration.returnType {
                log.error(
                    .invalidHeader,
                    "'\(name)' is declared to return '\(returnType)' but no next state's value calls it; an action that returns nothing has no '->'",
                    at: declaration.name.location)
            }
            return
        }
        if let plain = uses.first(where: { !$0.isComputing }) {
            log.error(
                .argumentMismatch,
                "'\(name)' gives a state's value, so it is a computing action; it cannot also be called as an action",
                at: plain.name.location, notes: [.init("it gives a value here", at: first.name.location)])
            return
        }
        let declared = declaration?.returnType
        guard let result = declared ?? computing.lazy.compactMap(\.result).first else { return }
        results[name.text] = result
        let source = declared != nil ? declaration!.name : computing.first { $0.result != nil }!.name
        for use in computing {
            guard let wanted = use.result, !LiteralFit.value(of: result, fits: wanted) else { continue }
            log.error(
                .stateValue,
                "'\(use.name)' returns '\(result)' but the value it gives here is '\(wanted)'",
                at: use.name.location,
                notes: [
                    .init(
                        declared != nil ? "declared here" : "it returns '\(result)' where first used",
                        at: source.location)
                ])
        }
    }

    /// Without an `Action:` header, the first use fixes the number of parameters and, where
    /// it passes a label, the type and name; a position where it passes a literal takes the
    /// type of the first later use that passes a label there, else the literal's own type
    /// (`Int`, `Double`, `String`, `Bool`), and is named `p1`, `p2`… by its position.
    private static func infer(from uses: [CallUse], log: inout DiagnosticLog) -> [InferredParameter]? {
        let first = uses[0]
        var parameters: [InferredParameter] = []
        for (position, argument) in first.arguments.enumerated() {
            switch argument {
            case .value(let label, let type):
                parameters.append(
                    InferredParameter(parameter: EventParameter(label: label.text, type: type), source: label.location))
            case .literal(let literal, let location):
                let labelled = uses.lazy.compactMap { use -> (type: String, at: SourceLocation)? in
                    guard use.arguments.count == first.arguments.count,
                        case .value(let label, let type) = use.arguments[position]
                    else { return nil }
                    return (type, label.location)
                }.first
                guard let type = labelled?.type ?? literal.defaultType else {
                    log.error(
                        .literalMismatch,
                        "'\(literal.text)' needs the type of the parameter it stands for; declare it, as in 'Action: \(first.name)(\(Self.example(for: first, at: position)))'",
                        at: location)
                    return nil
                }
                parameters.append(
                    InferredParameter(
                        parameter: EventParameter(label: "p\(position + 1)", type: type),
                        source: labelled?.at ?? location))
            }
        }
        // A name written twice (`f(x, x)`) or a label that is also a position's name
        // (`f(3, p1)`) would declare two parameters of one name.
        var taken: Set<String> = []
        for index in parameters.indices {
            if !taken.insert(parameters[index].parameter.label).inserted {
                parameters[index].parameter.label = "p\(index + 1)"
                taken.insert(parameters[index].parameter.label)
            }
        }
        return parameters
    }

    /// A parameter inferred from the uses, and the argument its type comes from.
    private struct InferredParameter {
        var parameter: EventParameter
        var source: SourceLocation
    }

    /// `_ p1: Type` in an example `Action:` header: the use's own arguments, the one at
    /// `position` with `Type` for its type.
    private static func example(for use: CallUse, at position: Int) -> String {
        use.arguments.indices.map { index in
            switch use.arguments[index] {
            case .value(let label, let type): "_ \(label): \(type)"
            case .literal(let literal, _):
                "_ p\(index + 1): " + (index == position ? "Type" : literal.defaultType ?? "Type")
            }
        }.joined(separator: ", ")
    }

    /// A use against inferred parameters: the same number, a label's type the same, a
    /// literal that fits.
    private func check(
        _ use: CallUse, against inferred: [InferredParameter], firstUse: CallUse, log: inout DiagnosticLog
    ) {
        let kind = use.isCondition ? "condition" : "action"
        let parameters = inferred.map(\.parameter)
        let matches =
            use.arguments.count == parameters.count
            && zip(use.arguments, parameters).allSatisfy { argument, parameter in
                if case .value(_, let type) = argument { type == parameter.type } else { true }
            }
        guard matches else {
            log.error(
                .argumentMismatch,
                "\(kind) '\(use.name)' is given \(Self.describe(use.arguments)) here but \(Self.describe(parameters.map(\.type))) where it is first used; every use passes the same types in the same order",
                at: use.name.location, notes: [.init("first used here", at: firstUse.name.location)])
            return
        }
        checkLiterals(use, against: parameters, typesFrom: inferred.map(\.source), log: &log)
    }

    /// A use against an `Action:` header: the same number of arguments, each label's type the
    /// declared one (or `T` where `T?` is declared), each literal fitting.
    private func check(_ use: CallUse, against declaration: ActionDeclaration, log: inout DiagnosticLog) {
        let kind = use.isCondition ? "condition" : "action"
        let declared = declaration.parameters
        guard use.arguments.count == declared.count else {
            log.error(
                .argumentMismatch,
                "\(kind) '\(use.name)' is given \(Self.describe(use.arguments)) here but its 'Action:' header declares \(Self.describe(declared.map(\.type))); every use passes the declared parameters",
                at: use.name.location, notes: [.init("declared here", at: declaration.name.location)])
            return
        }
        for (argument, parameter) in zip(use.arguments, declared) {
            guard case .value(let label, let type) = argument, !LiteralFit.value(of: type, fits: parameter.type) else {
                continue
            }
            log.error(
                .argumentMismatch,
                "'\(label)' is '\(type)' but parameter '\(parameter.label)' of \(kind) '\(use.name)' is '\(parameter.type)'",
                at: label.location, notes: [.init("declared here", at: parameter.label.location)])
        }
        checkLiterals(
            use, against: declared.map(\.parameter), typesFrom: declared.map(\.label.location),
            log: &log)
    }

    /// Each literal of `use` fits its parameter; `typesFrom` says, per parameter, where its
    /// type comes from, for the note.
    private func checkLiterals(
        _ use: CallUse, against parameters: [EventParameter], typesFrom: [SourceLocation],
        log: inout DiagnosticLog
    ) {
        let kind = use.isCondition ? "condition" : "action"
        for ((argument, parameter), source) in zip(zip(use.arguments, parameters), typesFrom) {
            guard case .literal(let literal, let location) = argument,
                !LiteralFit.literal(literal, fits: parameter.type)
            else { continue }
            log.error(
                .literalMismatch,
                "\(LiteralFit.describe(literal)) does not fit parameter '\(parameter.label)' of \(kind) '\(use.name)', which is '\(parameter.type)'",
                at: location, notes: [.init("the parameter's type comes from here", at: source)])
        }
    }

    /// `no arguments`, `(Int, String)`, `(3, .connected)` for the message of a mismatch.
    private static func describe(_ arguments: [CallUse.Argument]) -> String {
        describe(
            arguments.map {
                switch $0 {
                case .value(_, let type): type
                case .literal(let literal, _): literal.defaultType ?? literal.text
                }
            })
    }

    private static func describe(_ types: [String]) -> String {
        types.isEmpty ? "no arguments" : "(" + types.joined(separator: ", ") + ")"
    }
}

/// One use of an action or condition: in a row, an entry or exit list or an initial row,
/// with what each argument gives.
struct CallUse {
    enum Argument {
        /// A label and the type of the value it names.
        case value(NameSyntax, type: String)
        case literal(Literal, at: SourceLocation)
    }

    var name: NameSyntax
    var isCondition: Bool
    var arguments: [Argument]
    /// For a computing action, the type of the state value it gives, when known; nil for an
    /// action that returns nothing, and for a condition.
    var result: String? = nil
    /// Whether it is a computing action's use (in the values of a next state).
    var isComputing = false

    /// `name` for an action, `?name` for a condition.
    var key: String { (isCondition ? "?" : "") + name.text }
}

extension ParameterSyntax {
    /// The parameter of a generated requirement: `_ status: Status` has no argument label,
    /// `status: Status` and `to status: Status` have one, as in a Swift declaration.
    var parameter: EventParameter {
        let argumentLabel = argumentLabel.map(\.text) ?? label.text
        return EventParameter(label: label.text, type: type, argumentLabel: argumentLabel == "_" ? nil : argumentLabel)
    }
}

/// Which literals fit which parameter types, as far as fsmc can tell from the type's name:
/// the standard library's number, text and `Bool` types and optionals of them it knows; any
/// other type may conform to the `ExpressibleBy…Literal` protocols, and swiftc checks it
/// (Language reference › Literal arguments).
enum LiteralFit {
    private static let integers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    private static let floats: Set<String> = ["Double", "Float", "Float16", "Float80", "CGFloat", "Decimal"]
    private static let texts: Set<String> = ["String", "Substring", "Character", "StaticString"]

    /// Whether `literal` can stand where `type` is wanted.
    static func literal(_ literal: Literal, fits type: String) -> Bool {
        let (base, isOptional) = unwrapped(type)
        if literal.kind == .member { return true }
        if literal.kind == .nil { return isOptional || !isKnown(base) }
        guard isKnown(base) else { return true }
        switch literal.kind {
        case .integer: return integers.contains(base) || floats.contains(base)
        case .decimal: return floats.contains(base)
        case .string: return texts.contains(base)
        case .boolean: return base == "Bool"
        case .nil, .member: return true
        }
    }

    /// Whether a value of type `type` can be passed where `wanted` is declared: the same
    /// type, or `T` where `T?` is wanted.
    static func value(of type: String, fits wanted: String) -> Bool {
        let (base, isOptional) = unwrapped(wanted)
        return type == wanted || (isOptional && type == base)
    }

    /// `a string literal "x"`, `the integer 3`, `'nil'` for a message.
    static func describe(_ literal: Literal) -> String {
        switch literal.kind {
        case .integer: "the integer \(literal.text)"
        case .decimal: "the decimal \(literal.text)"
        case .string: "the string \(literal.text)"
        case .boolean, .nil, .member: "'\(literal.text)'"
        }
    }

    /// `Int?` → (`Int`, true), `Optional<Int>` → (`Int`, true), `Swift.Int` → (`Int`, false).
    private static func unwrapped(_ type: String) -> (base: String, isOptional: Bool) {
        var base = type
        var isOptional = false
        if base.hasSuffix("?") || base.hasSuffix("!") {
            base.removeLast()
            isOptional = true
        } else if base.hasPrefix("Optional<"), base.hasSuffix(">") {
            base = String(base.dropFirst("Optional<".count).dropLast())
            isOptional = true
        }
        // `(any Error)?` wraps its base in parentheses, which a tuple of one is not.
        if isOptional, base.hasPrefix("("), base.hasSuffix(")"), !base.contains(",") {
            base = String(base.dropFirst().dropLast())
        }
        if base.hasPrefix("Swift.") { base = String(base.dropFirst("Swift.".count)) }
        return (base, isOptional)
    }

    /// A type whose literals fsmc knows: the standard ones, and arrays, dictionaries and
    /// tuples, which take none of the literals an argument may be.
    private static func isKnown(_ base: String) -> Bool {
        integers.contains(base) || floats.contains(base) || texts.contains(base) || base == "Bool"
            || base.hasPrefix("[") || base.hasPrefix("(")
    }
}

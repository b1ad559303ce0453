/// How `.sm` names become Swift identifiers, and which identifiers Swift or the generated
/// machine's public API reserve.
package enum SwiftNames {
    /// States, events, predicate cases, actions and conditions: `URLReady` → `urlReady`,
    /// `Locked` → `locked`, `2nd` → `_2nd`; keywords are escaped with backticks.
    package static func lowerCamel(_ name: String) -> String {
        var characters = Array(name)
        let upperRun = characters.prefix { $0.isASCII && $0.isUppercase }.count
        let lowered: Int
        if upperRun > 1, upperRun < characters.count, characters[upperRun].isLowercase {
            lowered = upperRun - 1
        } else {
            lowered = upperRun
        }
        for index in 0..<lowered { characters[index] = Character(characters[index].lowercased()) }
        return escaped(leadingDigitPrefixed(String(characters)))
    }

    /// The FSM and predicate types: `turnstile` → `Turnstile`.
    package static func upperCamel(_ name: String) -> String {
        guard let first = name.first else { return name }
        return escaped(leadingDigitPrefixed(first.uppercased() + name.dropFirst()))
    }

    /// The name with backticks when Swift would read it as a keyword.
    package static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier without backticks.
    package static func unescaped(_ identifier: String) -> String {
        identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
    }

    private static func leadingDigitPrefixed(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    /// Words that must be escaped to be identifiers (declarations and statements, plus
    /// expression keywords), per The Swift Programming Language's lexical structure.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Type names Swift gives another meaning, and the module users import beside fsmc's.
    /// The names the generated code itself takes are `ReservedNames.typeNames`.
    package static let reservedTypeNames: Set<String> = ["Self", "Any", "AnyObject", "Type", "Protocol", "Foundation"]

    /// Words that can be escaped everywhere else but cannot name a type even in backticks,
    /// since Swift reads them as the start of a type (`some P`, `any P`, `each T`).
    package static let typePrefixKeywords: Set<String> = ["some", "any", "each"]

    /// Case names the generated enums cannot have: members of the enums themselves.
    package static let reservedCaseNames: Set<String> = [
        "description", "rawValue", "allCases", "hashValue", "hash",
    ]

    /// Event method names the generated machine cannot have: the properties every machine
    /// has (The generated Swift › What it contains). (The names of its private members and
    /// locals are the generator's to choose around the user's names.)
    package static let machineProperties: Set<String> = ["state", "actions", "snapshot"]

    /// Case names the state enum cannot have beside those of every generated enum: its
    /// members (where the machine has events).
    package static let stateMembers: Set<String> = ["handledEvents"]

    /// Case names the event enum of a machine whose events carry values cannot have: its
    /// members.
    package static let valueEventMembers: Set<String> = ["name"]
}

// The code model: the small part of Swift that generated files use. The Translator builds
// it from a `StateMachine`; the Renderer turns it into text. Names in it are already
// Swift identifiers (escaped where needed); layout is entirely the Renderer's.

/// A generated `.swift` file.
struct SwiftFile: Hashable {
    /// `//` lines at the top of the file.
    var headerComment: [String]
    var imports: [String]
    var declarations: [SwiftDeclaration]
}

/// A declaration at file scope or inside a type.
indirect enum SwiftDeclaration: Hashable {
    /// `// …` lines standing alone, such as the explanation of the version check.
    case comment([String])
    case typeAlias(SwiftTypeAlias)
    case enumeration(SwiftEnum)
    case protocolDeclaration(SwiftProtocol)
    case classDeclaration(SwiftClass)
    case structure(SwiftStruct)
    case extensionDeclaration(SwiftExtension)
    case property(SwiftProperty)
    case initializer(SwiftFunction)
    case function(SwiftFunction)
}

struct SwiftTypeAlias: Hashable {
    var documentation: [String] = []
    var access: SwiftAccess?
    var isPrivate = false
    var name: String
    var type: String
}

/// The isolation a type declares: `@MainActor` on a line of its own, or `nonisolated`
/// before the declaration (which keeps a module's default isolation off it).
enum SwiftIsolation: Hashable {
    case globalActor(String)
    case nonisolated
}

/// `enum Name: String, … { case a = "A" … }` followed by members.
struct SwiftEnum: Hashable {
    var documentation: [String]
    /// Each on its own line above the declaration, such as `@usableFromInline`.
    var attributes: [String] = []
    var access: SwiftAccess?
    var name: String
    var conformances: [String]
    var cases: [SwiftEnumCase]
    var members: [SwiftDeclaration]
    var isolation: SwiftIsolation? = nil
}

/// `case name = "rawValue"`, or `case name(label: Type, …)` for a case with values.
struct SwiftEnumCase: Hashable {
    var name: String
    var rawValue: String?
    var associatedValues: [SwiftAssociatedValue] = []
}

/// `label: Type` in a case with values.
struct SwiftAssociatedValue: Hashable {
    var label: String
    var type: String
}

/// `protocol Name: Base where A == B { requirements }`.
struct SwiftProtocol: Hashable {
    var documentation: [String]
    var attributes: [String] = []
    var access: SwiftAccess?
    var name: String
    var inherits: [String]
    var whereClause: [String]
    /// Function requirements: signatures only (their `body` is empty and ignored).
    var requirements: [SwiftFunction]
    /// Property requirements, written `{ get }`.
    var propertyRequirements: [SwiftProperty] = []
    var isolation: SwiftIsolation? = nil
}

/// `extension Name { members }`.
struct SwiftExtension: Hashable {
    var attributes: [String] = []
    var name: String
    var conformances: [String] = []
    var members: [SwiftDeclaration]
    /// Where swiftc reports what goes wrong in the extension's first line, when not here:
    /// `#sourceLocation(file: "Download.sm", line: 5)` before it, `#sourceLocation()` after.
    var sourceFile: String? = nil
    var sourceLine: Int? = nil
    /// The isolation of its members and conformances: that of the type it extends.
    var isolation: SwiftIsolation? = nil
}

/// `final class Name<Generic: Constraint> { members }`.
struct SwiftClass: Hashable {
    var documentation: [String]
    /// Lines such as `@available(…)`, after the documentation.
    var attributes: [String] = []
    var access: SwiftAccess?
    var isFinal: Bool
    var name: String
    var genericParameters: [SwiftGenericParameter]
    var members: [SwiftDeclaration]
    var conformances: [String] = []
    var isolation: SwiftIsolation? = nil
}

/// `struct Name: Conformance, … { members }`.
struct SwiftStruct: Hashable {
    var documentation: [String]
    var attributes: [String] = []
    var access: SwiftAccess?
    var name: String
    var conformances: [String]
    var members: [SwiftDeclaration]
    var isolation: SwiftIsolation? = nil
}

/// `Name: Constraint`
struct SwiftGenericParameter: Hashable {
    var name: String
    var constraint: String
}

/// A stored or computed property.
struct SwiftProperty: Hashable {
    var documentation: [String] = []
    /// Each on its own line above the declaration, such as `@exclusivity(unchecked)`.
    var attributes: [String] = []
    var access: SwiftAccess?
    /// `private`, or `private(set)`, after the access level.
    var restriction: String?
    var isStatic = false
    var isVariable: Bool
    var name: String
    var type: String?
    /// The initial value of a stored property.
    var initialValue: SwiftExpression?
    /// The getter of a computed property, written on one line when it is one expression.
    var getter: SwiftExpression?
    /// The getter of a computed property, as statements.
    var getterBody: [SwiftStatement]?

    /// Whether the property stores its value: it has no getter.
    var isStored: Bool { getter == nil && getterBody == nil }
}

/// A function, an initializer (named `init`), or a protocol requirement.
struct SwiftFunction: Hashable {
    var documentation: [String] = []
    var attributes: [String] = []
    var access: SwiftAccess?
    var isPrivate = false
    var isStatic = false
    var isMutating = false
    /// `nonisolated(nonsending)`: an async function that runs in its caller's isolation.
    var isNonsending = false
    var name: String
    var parameters: [SwiftParameter]
    var isAsync = false
    var returnType: String?
    var body: [SwiftStatement]
    /// `throws`, after `async`.
    var isThrowing = false
}

/// `label name: Type = default`; a label of `_` omits it at the call site.
struct SwiftParameter: Hashable {
    var label: String?
    var name: String
    var type: String
    var defaultValue: SwiftExpression?
}

/// A statement in a function body. Not `indirect`: its nested statements are in arrays
/// already, and a machine of 100,000 transitions has half a million statements, each of
/// which would otherwise be an allocation of its own.
enum SwiftStatement: Hashable {
    case expression(SwiftExpression)
    case assignment(SwiftExpression, SwiftExpression)
    /// `let name: Type = value` or `var …`.
    case declaration(isVariable: Bool, name: String, type: String?, value: SwiftExpression?)
    /// `if conditions { body }`, the conditions separated by commas.
    case ifStatement([SwiftExpression], body: [SwiftStatement])
    /// `if conditions { body } else { elseBody }`.
    case ifElse([SwiftExpression], body: [SwiftStatement], elseBody: [SwiftStatement])
    /// `if let name = value { body }`
    case ifLet(name: String, value: SwiftExpression, body: [SwiftStatement])
    /// `if case pattern = value { body }`
    case ifCase(SwiftPattern, value: SwiftExpression, body: [SwiftStatement])
    /// `throw value`
    case throwStatement(SwiftExpression)
    case returnStatement(SwiftExpression?)
    case switchStatement(SwiftSwitch)
    /// `guard conditions else { body }`
    case guardStatement([SwiftExpression], elseBody: [SwiftStatement])
    /// `guard let name = value else { body }`
    case guardLet(name: String, value: SwiftExpression, elseBody: [SwiftStatement])
    /// `while let name = value { body }`
    case whileLet(name: String, value: SwiftExpression, body: [SwiftStatement])
    /// `for name in sequence { body }`
    case forIn(name: String, sequence: SwiftExpression, body: [SwiftStatement])
    /// A `//` line.
    case comment(String)
    case breakStatement
}

/// `switch subject { cases }`.
struct SwiftSwitch: Hashable {
    var subject: SwiftExpression
    var cases: [SwiftCase]
}

/// `case p1, p2:` (or `default:` when `patterns` is empty) and its statements; with
/// `conditions`, each pattern has them as its `where` clause (`case p1 where a && b, …`).
struct SwiftCase: Hashable {
    var patterns: [SwiftPattern]
    var conditions: [SwiftExpression] = []
    var body: [SwiftStatement]
}

enum SwiftPattern: Hashable {
    /// `.name`
    case enumCase(String)
    /// `.name(let a, _)`: a case with values, binding those named and skipping the others.
    case enumCaseBinding(String, [String?])
    /// `.name(_, to: .other)`: a case whose values match the patterns.
    indirect case enumCaseMatching(String, [SwiftPattern])
    /// `label: pattern`, a value of `enumCaseMatching`.
    indirect case labeled(String, SwiftPattern)
    /// `_`
    case wildcard
    /// `(p1, p2)`
    case tuple([SwiftPattern])
    /// `.name?`: an optional holding the case.
    case optionalEnumCase(String)
    /// `nil`
    case nilLiteral
}

/// An expression. Only the cases that contain an expression are `indirect`, so that
/// names, the most common expressions, need no allocation of their own.
enum SwiftExpression: Hashable {
    /// One name, a keyword or a number: `state`, `self`, `event`, `true`, `100`. A name
    /// with a member is a `member`, a type a `typeName`: the flow pass compares names.
    case identifier(String)
    /// A literal argument as the `.sm` file writes it, which is Swift text: `3`, `-1.5`,
    /// `"connected"`, `true`, `nil`, `.connected`. It names no variable.
    case literal(String)
    /// A type, written as it is: `Swift.String`, `FSMRuntime.EventQueue<E, S>`,
    /// `PlayerState.Media`. It names no variable.
    case typeName(String)
    /// `.name`, an implicit member such as an enum case.
    case implicitMember(String)
    /// `base.name`
    indirect case member(SwiftExpression, String)
    /// `function(label: value, …)`
    indirect case call(SwiftExpression, [SwiftArgument])
    /// `(a, b)`, or `(label: a, …)`
    case tuple([SwiftArgument])
    /// `"text"`
    case stringLiteral(String)
    /// `"text \(value) text"`
    indirect case interpolatedString([SwiftStringPart])
    /// `!operand`
    indirect case not(SwiftExpression)
    /// `left != right`
    indirect case notEqual(SwiftExpression, SwiftExpression)
    /// `left == right`
    indirect case equal(SwiftExpression, SwiftExpression)
    /// `case pattern = value`, a condition of `if`, `guard` or `while`.
    indirect case matches(SwiftPattern, SwiftExpression)
    /// `optional ?? fallback`
    indirect case nilCoalescing(SwiftExpression, SwiftExpression)
    /// `[a, b]`
    indirect case arrayLiteral([SwiftExpression])
    /// `&name`, an argument passed `inout`.
    case inoutReference(String)
    /// `{ body }`, a closure of one expression.
    indirect case closure(SwiftExpression)
    /// `{ [weak self] in body }`
    indirect case capturingClosure(captures: [String], body: SwiftExpression)
    /// `base?.name`
    indirect case optionalMember(SwiftExpression, String)
    /// `operand!`
    indirect case forceUnwrapped(SwiftExpression)
    /// `await operand`
    indirect case await(SwiftExpression)
    /// `try operand`
    indirect case trying(SwiftExpression)
    /// `\.name`
    case keyPath(String)
}

/// `label: value`, or just `value`.
struct SwiftArgument: Hashable {
    var label: String?
    var value: SwiftExpression

    init(_ value: SwiftExpression) {
        self.value = value
    }

    init(_ label: String, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }
}

/// A piece of an interpolated string: text, or a value written with `\(…)`.
enum SwiftStringPart: Hashable {
    /// Text of `.sm` names, labels and punctuation, which needs no escaping.
    case text(String)
    case value(SwiftExpression)
}

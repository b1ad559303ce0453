/// A name as written in the source, with where it was written.
package struct NameSyntax: Hashable, Sendable, CustomStringConvertible {
    package var text: String
    package var location: SourceLocation

    package init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }

    package var description: String { text }
}

/// Which tokens a construct took: indices into the token list the parser read.
///
/// Analysis reads names and locations only. The formatter writes the tree back out and
/// reads the spans to keep each comment and blank line with the code it was written
/// beside, so it never has to parse the tokens a second time.
package struct TokenSpan: Hashable, Sendable {
    /// The construct's first token.
    package var start: Int
    /// One past the construct's last token; for a construct with braces, one past its `}`.
    package var end: Int
    /// The `{` of the construct's braces, when it has them.
    package var openBrace: Int?

    package init(start: Int, end: Int, openBrace: Int? = nil) {
        self.start = start
        self.end = end
        self.openBrace = openBrace
    }

    /// Every token of the construct.
    package var tokens: Range<Int> { start..<end }
}

/// A whole `.sm` file: its headers and the states of its body, as written.
package struct StateMachineSyntax: Hashable, Sendable {
    package var headers: [HeaderSyntax] = []
    package var states: [StateSyntax] = []
    /// The `{` that opens the body, or the end of the file when there is none.
    package var bodyLocation: SourceLocation
    /// The body from its `{` to its `}`; nil when the file has no body.
    package var bodyTokens: TokenSpan?

    package init(headers: [HeaderSyntax] = [], states: [StateSyntax] = [], bodyLocation: SourceLocation) {
        self.headers = headers
        self.states = states
        self.bodyLocation = bodyLocation
    }
}

/// `Name: value`, or `Predicate: Type = a | b`.
package struct HeaderSyntax: Hashable, Sendable {
    package var name: NameSyntax
    package var value: NameSyntax
    /// The names after the first, for headers that take a list (`Async: load save`).
    package var moreValues: [NameSyntax] = []
    /// The cases after `=`, or nil when the header has no `=`.
    package var cases: [NameSyntax]?
    /// The parameters in parentheses after the value (`Event: Loaded(duration: Double)`),
    /// or nil when there are none.
    package var parameters: [ParameterSyntax]?
    /// The type after `->` (`Action: added(_ a: Int, _ b: Int) -> Int`), nil without one.
    package var returnType: String?
    package var tokens: TokenSpan

    package init(
        name: NameSyntax, value: NameSyntax, moreValues: [NameSyntax] = [], cases: [NameSyntax]? = nil,
        parameters: [ParameterSyntax]? = nil, returnType: String? = nil, tokens: TokenSpan
    ) {
        self.name = name
        self.value = value
        self.moreValues = moreValues
        self.cases = cases
        self.parameters = parameters
        self.returnType = returnType
        self.tokens = tokens
    }
}

/// `label: Type` in an `Event:` header; in an `Action:` header also `_ name: Type` and
/// `argumentLabel name: Type`, as a Swift function declares its parameters.
package struct ParameterSyntax: Hashable, Sendable {
    /// The name before the parameter's own, as written (`_`, or a label the call writes);
    /// nil when there is one name only.
    package var argumentLabel: NameSyntax?
    package var label: NameSyntax
    /// The Swift type as written, with whitespace normalised (`[String: Int]?`).
    package var type: String
    package var typeLocation: SourceLocation
    /// The names that start a type path in the type: `Foo` and `Bar` in
    /// `[Foo.Baz: Bar<Int>]`, but not `Baz`, which `Foo` qualifies.
    package var leadingTypeNames: [String]

    package init(
        argumentLabel: NameSyntax? = nil, label: NameSyntax, type: String, typeLocation: SourceLocation,
        leadingTypeNames: [String] = []
    ) {
        self.argumentLabel = argumentLabel
        self.label = label
        self.type = type
        self.typeLocation = typeLocation
        self.leadingTypeNames = leadingTypeNames
    }
}

/// One state spec: `(Name) : Super <entry >exit { … }` or with a single row.
package struct StateSyntax: Hashable, Sendable {
    package var name: NameSyntax
    package var isAbstract: Bool
    /// The modifiers in the order written.
    package var modifiers: [StateModifierSyntax] = []
    /// The body's items; a state written without braces has exactly one.
    package var items: [BodyItemSyntax] = []
    /// The whole spec; `openBrace` is set when the body is written in braces.
    package var tokens: TokenSpan

    package init(name: NameSyntax, isAbstract: Bool, tokens: TokenSpan) {
        self.name = name
        self.isAbstract = isAbstract
        self.tokens = tokens
    }

    /// The superstates of every `:` modifier, in order.
    package var superstates: [NameSyntax] {
        modifiers.filter { $0.kind == .superstate }.flatMap(\.names)
    }

    /// The entry actions of every `<` modifier in order, or nil when the spec has none.
    package var entry: ActionListSyntax? { actionList(.entry) }

    /// The exit actions of every `>` modifier in order, or nil when the spec has none.
    package var exit: ActionListSyntax? { actionList(.exit) }

    private func actionList(_ kind: StateModifierSyntax.Kind) -> ActionListSyntax? {
        let lists = modifiers.filter { $0.kind == kind }
        guard let first = lists.first else { return nil }
        return ActionListSyntax(actions: lists.flatMap(\.actions), location: first.location)
    }
}

/// `: Super`, `<entry` or `>exit`, as written.
package struct StateModifierSyntax: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case superstate, entry, exit
    }

    package var kind: Kind
    /// The superstate, or the actions: one, or those between braces, each with the
    /// arguments in parentheses after it (`<show(3)`), or a raised event (`<^Ready`).
    /// Entry and exit actions take literals only, but the parser keeps labels too, so
    /// that the check reports them with the file's other errors and `fsmc format` writes
    /// them back.
    package var actions: [ActionSyntax]
    /// Whether the actions are written between braces (`<{a b}`).
    package var isBraced: Bool
    /// Where the `:`, `<` or `>` is.
    package var location: SourceLocation

    package init(kind: Kind, actions: [ActionSyntax], isBraced: Bool, location: SourceLocation) {
        self.kind = kind
        self.actions = actions
        self.isBraced = isBraced
        self.location = location
    }

    /// A `: Super` modifier.
    package init(superstate: NameSyntax, location: SourceLocation) {
        self.init(kind: .superstate, actions: [ActionSyntax(name: superstate)], isBraced: false, location: location)
    }

    /// The superstate, or the names of the actions and raised events.
    package var names: [NameSyntax] { actions.map(\.name) }
}

/// A row's action: `play`, or with arguments, labels of the row's event's values and
/// literals: `setDuration(duration)`, `retry(3)`; or a raised event, `^Saved`.
package struct ActionSyntax: Hashable, Sendable {
    package var name: NameSyntax
    /// The arguments in parentheses, or nil when there are no parentheses.
    package var arguments: [ArgumentSyntax]?
    /// Where the `^` of a raised event is, nil for an action.
    package var raise: SourceLocation?

    package init(name: NameSyntax, arguments: [ArgumentSyntax]? = nil, raise: SourceLocation? = nil) {
        self.name = name
        self.arguments = arguments
        self.raise = raise
    }

    /// Whether it raises an event rather than calling an action.
    package var isRaise: Bool { raise != nil }

    /// `name`, `name(a, b)` or `^Name`.
    package var text: String {
        (isRaise ? "^" : "") + name.text
            + (arguments.map { "(" + $0.map(\.text).joined(separator: ", ") + ")" } ?? "")
    }

    /// Where it starts: at its `^`, or its name.
    package var location: SourceLocation { raise ?? name.location }
}

/// The actions of a state's `<` (or `>`) modifiers, in order, located at the first one.
package struct ActionListSyntax: Hashable, Sendable {
    package var actions: [ActionSyntax]
    package var location: SourceLocation

    package init(actions: [ActionSyntax], location: SourceLocation) {
        self.actions = actions
        self.location = location
    }

    /// The actions' names.
    package var names: [NameSyntax] { actions.map(\.name) }
}

/// Something in a state body: a row, a block of rows, or the `- - -` placeholder.
package indirect enum BodyItemSyntax: Hashable, Sendable {
    case row(RowSyntax)
    /// `Event | Event { rows without their event }`
    case eventBlock(events: [NameSyntax], items: [BodyItemSyntax], location: SourceLocation, tokens: TokenSpan)
    /// `[guard] { rows }`
    case guardBlock(GuardSyntax, items: [BodyItemSyntax], tokens: TokenSpan)
    /// `override { rows }`
    case overrideBlock(items: [BodyItemSyntax], location: SourceLocation, tokens: TokenSpan)
    /// `- - -`: a state with no transitions.
    case placeholder(SourceLocation, tokens: TokenSpan)
    /// `- Target actions`: the superstate's initial substate, at the top level of its body.
    /// The row has no events; its `nextState` is the target and `location` its `-`.
    case initial(RowSyntax)

    /// The tokens the item took; a block's `openBrace` is set.
    package var tokens: TokenSpan {
        switch self {
        case .row(let row), .initial(let row): row.tokens
        case .eventBlock(_, _, _, let tokens), .guardBlock(_, _, let tokens), .overrideBlock(_, _, let tokens),
            .placeholder(_, let tokens):
            tokens
        }
    }
}

/// `Event | Event [guard] Next action`; inside an event block `events` is empty.
package struct RowSyntax: Hashable, Sendable {
    package var events: [NameSyntax]
    package var guardClause: GuardSyntax?
    /// The next state, or nil for `-` (stay).
    package var nextState: NameSyntax?
    /// The states after the first of a fork, `Playing & Muted`: each after its `&`.
    package var forkTargets: [NameSyntax] = []
    /// The values written in parentheses after the next state (`Downloading(received: 0)`,
    /// or after `-` for a rewrite, `-(received: 1)`), nil when there are no parentheses.
    package var nextStateValues: [StateValueSyntax]? = nil
    /// Per fork target, its values, nil where it has no parentheses.
    package var forkTargetValues: [[StateValueSyntax]?] = []
    package var nextStateLocation: SourceLocation
    package var actions: [ActionSyntax]
    /// Whether the actions are written between braces (`{a b}`, `{}`) rather than as one
    /// name or `-`.
    package var hasBracedActions: Bool
    /// Where the row starts: its first event, or its guard or next state inside an event block.
    package var location: SourceLocation
    package var tokens: TokenSpan

    package init(
        events: [NameSyntax], guardClause: GuardSyntax?, nextState: NameSyntax?,
        nextStateLocation: SourceLocation, actions: [ActionSyntax], hasBracedActions: Bool,
        location: SourceLocation, tokens: TokenSpan
    ) {
        self.events = events
        self.guardClause = guardClause
        self.nextState = nextState
        self.nextStateLocation = nextStateLocation
        self.actions = actions
        self.hasBracedActions = hasBracedActions
        self.location = location
        self.tokens = tokens
    }
}

/// `received: 0`, `url: url`, `received: added(received, bytes)`: a value a row gives a
/// data state (Language reference › State data).
package struct StateValueSyntax: Hashable, Sendable {
    /// A label or a literal, or the call of a computing action.
    package enum Value: Hashable, Sendable {
        case argument(ArgumentSyntax)
        case call(ActionSyntax)

        package var text: String {
            switch self {
            case .argument(let argument): argument.text
            case .call(let call): call.text
            }
        }
    }

    package var label: NameSyntax
    package var value: Value

    package init(label: NameSyntax, value: Value) {
        self.label = label
        self.value = value
    }

    /// `received: 0`.
    package var text: String { label.text + ": " + value.text }

    /// `(received: 0, url: url)`.
    package static func text(of values: [StateValueSyntax]) -> String {
        "(" + values.map(\.text).joined(separator: ", ") + ")"
    }
}

/// `[term, term, …]`: predicate matches and conditions, AND-ed.
package struct GuardSyntax: Hashable, Sendable {
    package var terms: [GuardTermSyntax]
    package var location: SourceLocation

    package init(terms: [GuardTermSyntax], location: SourceLocation) {
        self.terms = terms
        self.location = location
    }
}

/// `Type = a | b`, a condition (`name`, `name(label)`), a negated one (`!name`), or a
/// state test (`in(State)`, `!in(State)`).
package enum GuardTermSyntax: Hashable, Sendable {
    case predicate(type: NameSyntax, cases: [NameSyntax])
    /// `arguments`: the arguments in parentheses, or nil when there are none.
    case condition(NameSyntax, isNegated: Bool, arguments: [ArgumentSyntax]?)
    /// `in(State)`: true while `State` is active. `location` is where `in` (or its `!`) is.
    case stateTest(NameSyntax, isNegated: Bool, location: SourceLocation)
}

/// An argument as written: a label of a value (`duration`) or a literal (`3`, `"x"`,
/// `.connected`; Language reference › Literal arguments).
package enum ArgumentSyntax: Hashable, Sendable, CustomStringConvertible {
    case label(NameSyntax)
    case literal(Literal, at: SourceLocation)

    package var text: String {
        switch self {
        case .label(let name): name.text
        case .literal(let literal, _): literal.text
        }
    }

    package var location: SourceLocation {
        switch self {
        case .label(let name): name.location
        case .literal(_, let location): location
        }
    }

    package var description: String { text }

    /// The literal, nil for a label.
    package var literal: Literal? {
        if case .literal(let literal, _) = self { literal } else { nil }
    }

    /// The argument as the model holds it.
    package var argument: Argument {
        switch self {
        case .label(let name): .label(name.text)
        case .literal(let literal, _): .literal(literal)
        }
    }
}

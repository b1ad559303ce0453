/// A name as written in the source, with where it was written.
public struct NameSyntax: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var location: SourceLocation

    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }

    public var description: String { text }
}

/// A whole `.sm` file: its headers and the states of its body, as written.
public struct StateMachineSyntax: Hashable, Sendable {
    public var headers: [HeaderSyntax] = []
    public var states: [StateSyntax] = []
    /// The `{` that opens the body, or the end of the file when there is none.
    public var bodyLocation: SourceLocation

    public init(headers: [HeaderSyntax] = [], states: [StateSyntax] = [], bodyLocation: SourceLocation) {
        self.headers = headers
        self.states = states
        self.bodyLocation = bodyLocation
    }
}

/// `Name: value`, or `Predicate: Type = a | b`.
public struct HeaderSyntax: Hashable, Sendable {
    public var name: NameSyntax
    public var value: NameSyntax
    /// The cases after `=`, or nil when the header has no `=`.
    public var cases: [NameSyntax]?

    public init(name: NameSyntax, value: NameSyntax, cases: [NameSyntax]? = nil) {
        self.name = name
        self.value = value
        self.cases = cases
    }
}

/// One state spec: `(Name) : Super <entry >exit { … }` or with a single row.
public struct StateSyntax: Hashable, Sendable {
    public var name: NameSyntax
    public var isAbstract: Bool
    public var superstates: [NameSyntax] = []
    /// The entry actions of every `<` modifier in order, or nil when the spec has none.
    public var entry: ActionListSyntax?
    /// The exit actions of every `>` modifier in order, or nil when the spec has none.
    public var exit: ActionListSyntax?
    public var items: [BodyItemSyntax] = []

    public init(name: NameSyntax, isAbstract: Bool) {
        self.name = name
        self.isAbstract = isAbstract
    }
}

/// The actions of a state's `<` (or `>`) modifiers, in order, located at the first one.
public struct ActionListSyntax: Hashable, Sendable {
    public var names: [NameSyntax]
    public var location: SourceLocation

    public init(names: [NameSyntax], location: SourceLocation) {
        self.names = names
        self.location = location
    }
}

/// Something in a state body: a row, a block of rows, or the `- - -` placeholder.
public indirect enum BodyItemSyntax: Hashable, Sendable {
    case row(RowSyntax)
    /// `Event | Event { rows without their event }`
    case eventBlock(events: [NameSyntax], items: [BodyItemSyntax], location: SourceLocation)
    /// `[guard] { rows }`
    case guardBlock(GuardSyntax, items: [BodyItemSyntax])
    /// `override { rows }`
    case overrideBlock(items: [BodyItemSyntax], location: SourceLocation)
    /// `- - -`: a state with no transitions.
    case placeholder(SourceLocation)
}

/// `Event | Event [guard] Next action`; inside an event block `events` is empty.
public struct RowSyntax: Hashable, Sendable {
    public var events: [NameSyntax]
    public var guardClause: GuardSyntax?
    /// The next state, or nil for `-` (stay).
    public var nextState: NameSyntax?
    public var nextStateLocation: SourceLocation
    public var actions: [NameSyntax]
    /// Where the row starts: its first event, or its guard or next state inside an event block.
    public var location: SourceLocation

    public init(events: [NameSyntax], guardClause: GuardSyntax?, nextState: NameSyntax?,
                nextStateLocation: SourceLocation, actions: [NameSyntax], location: SourceLocation) {
        self.events = events
        self.guardClause = guardClause
        self.nextState = nextState
        self.nextStateLocation = nextStateLocation
        self.actions = actions
        self.location = location
    }
}

/// `[term, term, …]`: predicate matches and conditions, AND-ed.
public struct GuardSyntax: Hashable, Sendable {
    public var terms: [GuardTermSyntax]
    public var location: SourceLocation

    public init(terms: [GuardTermSyntax], location: SourceLocation) {
        self.terms = terms
        self.location = location
    }
}

/// `Type = a | b` or a condition name.
public enum GuardTermSyntax: Hashable, Sendable {
    case predicate(type: NameSyntax, cases: [NameSyntax])
    case condition(NameSyntax)
}

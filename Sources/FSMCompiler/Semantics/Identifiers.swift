/// A position in one of `StateMachine`'s lists, typed by the list: a `StateID` indexes
/// `states` and nothing else, so that a state can never be passed where an event or an
/// action is meant. IDs count from zero in the list's order (declaration or first
/// appearance), which is the order of every report and of the generated code. A literal
/// (`states[0]` in a test) is an ID; an `Int` variable is not.
public protocol ModelID: Hashable, Sendable, Strideable, CustomStringConvertible, ExpressibleByIntegerLiteral
where Stride == Int {
    /// The position in the list.
    var index: Int { get }
    init(_ index: Int)
}

extension ModelID {
    public func distance(to other: Self) -> Int { other.index - index }
    public func advanced(by offset: Int) -> Self { Self(index + offset) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
    public var description: String { String(index) }
    public init(integerLiteral value: Int) { self.init(value) }
}

/// A state: an index into `StateMachine.states`.
public struct StateID: ModelID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// An event: an index into `StateMachine.events`.
public struct EventID: ModelID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// An action (row, entry, exit or initial-row action): an index into `StateMachine.actions`.
public struct ActionID: ModelID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// A condition a guard names: an index into `StateMachine.conditions`.
public struct ConditionID: ModelID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// One way guards ask a condition (with its arguments): an index into
/// `StateMachine.conditionCalls`.
public struct ConditionCallID: ModelID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// A declared predicate type: an index into `StateMachine.predicateTypes`.
public struct PredicateTypeID: ModelID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// A list indexed by a typed ID: `states[state]` takes a `StateID`, `states.indices` are
/// `StateID`s. Everything else is an array's: it is a random-access, mutable collection
/// whose `map`, `filter` and `contains` read as they do on `[Element]`.
public struct IDArray<ID: ModelID, Element>: RandomAccessCollection, MutableCollection {
    public var elements: [Element]

    public init(_ elements: [Element] = []) { self.elements = elements }

    public init(repeating element: Element, count: Int) {
        elements = Array(repeating: element, count: count)
    }

    public typealias Index = ID
    public typealias Indices = Range<ID>

    public var startIndex: ID { ID(0) }
    public var endIndex: ID { ID(elements.count) }
    public var indices: Range<ID> { startIndex..<endIndex }
    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }

    public subscript(id: ID) -> Element {
        get { elements[id.index] }
        set { elements[id.index] = newValue }
    }

    public func index(after id: ID) -> ID { ID(id.index + 1) }
    public func index(before id: ID) -> ID { ID(id.index - 1) }

    /// `transform` applied to every element, each result at its element's ID.
    public func mapElements<T>(_ transform: (Element) throws -> T) rethrows -> IDArray<ID, T> {
        IDArray<ID, T>(try elements.map(transform))
    }

    /// The ID the next appended element will have.
    public var nextID: ID { endIndex }

    public mutating func append(_ element: Element) { elements.append(element) }

    /// Appends `element` and returns its ID.
    @discardableResult
    public mutating func add(_ element: Element) -> ID {
        elements.append(element)
        return ID(elements.count - 1)
    }
}

extension IDArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IDArray: Equatable where Element: Equatable {}
extension IDArray: Hashable where Element: Hashable {}
extension IDArray: Sendable where Element: Sendable {}

extension Collection {
    /// The list as an `IDArray`, its positions typed by `ID`.
    func identified<ID: ModelID>(by _: ID.Type = ID.self) -> IDArray<ID, Element> { IDArray(Array(self)) }
}

/// A benchmark machine, described once so that its `.sm` text, its hand-written Swift and
/// its dictionary-of-closures registrations are the same machine.
///
/// Names are already in the form fsmc gives Swift identifiers (`S3` → `s3`, `act2`), so
/// the hand-written code can share the generated enums and actions protocol.
public struct MachineDescription: Sendable {
    /// A predicate type and its cases, as written in the `.sm` file.
    public struct PredicateType: Sendable {
        public var name: String
        public var cases: [String]
    }

    /// One transition: `state event [guard] target actions`.
    public struct Row: Sendable {
        public var state: Int
        public var event: Int
        /// One entry per predicate type: the case the guard requires, or nil for any.
        public var guardCases: [Int?]
        public var target: Int
        public var actions: [Int]
        /// How many predicate terms the guard has: more specific rows win.
        public var rank: Int { guardCases.count { $0 != nil } }
    }

    public var name: String
    public var states: [String]
    public var events: [String]
    public var actions: [String]
    public var predicateTypes: [PredicateType]
    /// Grouped by state, then by event, in declaration order.
    public var rows: [Row]

    public var stateType: String { name + "State" }
    public var eventType: String { name + "Event" }
    public var actionsProtocol: String { name + "Actions" }

    /// The Swift type fsmc generates for a predicate type: after the machine's name,
    /// unless the type's name starts with it.
    func swiftType(of type: PredicateType) -> String {
        type.name.hasPrefix(name) ? type.name : name + type.name
    }

    /// The rows of one state and event, most specific first, as dispatch tries them.
    func rows(of state: Int, _ event: Int) -> [Row] {
        rows.filter { $0.state == state && $0.event == event }.sorted { $0.rank > $1.rank }
    }

    /// The events a state has rows for, in declaration order.
    func handledEvents(of state: Int) -> [Int] {
        var seen = Set<Int>()
        return rows.filter { $0.state == state }.map(\.event).filter { seen.insert($0).inserted }
    }
}

/// Xorshift64: a fixed, portable pseudo-random sequence, so that every run benchmarks the
/// same machines and the same events.
public struct Xorshift: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    public mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    /// A number in `0..<bound`; the slight modulo bias does not matter here.
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// What a machine did, one line per event (or timer) it handled, as `fsmc coverage` reads
/// it to print the rows that never fired. Feed it from the trace hook of the actions:
///
/// ```swift
/// mutating func trace(_ event: TurnstileEvent, outcome: Outcome<TurnstileState>) {
///     record.record(event, outcome: outcome)
/// }
/// ```
///
/// and write ``text`` to a file once the tests have run. Each line is the state (or
/// configuration) the event arrived in, the event, and what happened, separated by tabs:
/// `Locked⇥Coin⇥-> Unlocked`, `Locked⇥Pass⇥rejected`, `Locked⇥Reset⇥unhandled`. Recording
/// costs a line of text per event; a machine whose trace hook does not record pays nothing.
public struct TraceRecord: Hashable, Sendable {
    /// The lines recorded, oldest first, without line ends.
    public private(set) var lines: [String] = []

    public init() {}

    /// Records one event and its outcome, as the trace hook receives them.
    public mutating func record<State, Event>(_ event: Event, outcome: Outcome<State>) {
        lines.append(Self.line(event, outcome: outcome))
    }

    /// Appends the lines of another record, such as one machine's of many.
    public mutating func append(contentsOf other: TraceRecord) {
        lines += other.lines
    }

    /// The line for one event: `Locked⇥Coin⇥-> Unlocked`.
    public static func line<State, Event>(_ event: Event, outcome: Outcome<State>) -> String {
        switch outcome {
        case .transitioned(let from, let to): "\(from)\t\(event)\t-> \(to)"
        case .rejected(let state): "\(state)\t\(event)\trejected"
        case .unhandled(let state): "\(state)\t\(event)\tunhandled"
        case .queued: "-\t\(event)\tqueued"
        }
    }

    /// The record as text for `fsmc coverage`: one line per event, each ended by a line break.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}

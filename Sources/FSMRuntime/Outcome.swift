/// What handling one event did. It is as `Hashable` and `Sendable` as its states are: a
/// machine whose states hold data (`case downloading(url: URL)`) has the conformances its
/// `.sm` file claims for them.
public enum Outcome<State> {
    /// A transition ran, from `from` to `to`; they are equal for a transition that stays.
    case transitioned(from: State, to: State)
    /// The row that matched has a condition that returned false: no action ran and the
    /// state did not change. A less specific row is never tried instead.
    case rejected(in: State)
    /// No row of the current state matches the event (with the predicate values given).
    /// The actions' `unhandledEvent(_:in:)` hook has been called.
    case unhandled(in: State)
    /// The event was sent from inside an action while another was being handled. It is
    /// handled, in order, as soon as the current transition completes.
    case queued
}

extension Outcome: Equatable where State: Equatable {}
extension Outcome: Hashable where State: Hashable {}
extension Outcome: Sendable where State: Sendable {}

extension Outcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .transitioned(let from, let to): "transitioned from \(from) to \(to)"
        case .rejected(let state): "rejected in \(state)"
        case .unhandled(let state): "unhandled in \(state)"
        case .queued: "queued"
        }
    }
}

/// An `Outcome` without its states, for generated machines: their `handleEvent` returns
/// it, and `handle`, inlined where it is called, turns it back into an `Outcome` with
/// `EventQueue.outcome(_:from:to:)`. Where the caller does not use the outcome, building
/// it costs nothing; the one-byte code is all the dispatch returns.
public enum OutcomeCode: Sendable {
    case transitioned
    case rejected
    case unhandled
    case queued
    /// Events that actions sent were handled after this one, changing the state again;
    /// the event queue keeps this event's outcome.
    case keptByQueue

    /// The code of `outcome`.
    @inlinable @inline(__always)
    public init<State>(_ outcome: Outcome<State>) {
        switch outcome {
        case .transitioned: self = .transitioned
        case .rejected: self = .rejected
        case .unhandled: self = .unhandled
        case .queued: self = .queued
        }
    }
}

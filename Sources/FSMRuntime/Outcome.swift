/// What handling one event did.
public enum Outcome<State: Hashable & Sendable>: Hashable, Sendable {
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

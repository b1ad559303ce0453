/// The events a machine raises itself (`^Saved` in its rows, entry and exit lists): each
/// is handled in turn, oldest first, after the `always` rows of the step that raised it
/// and before the events that actions send through `handle`, which wait in the machine's
/// `EventQueue` (the Language reference's Run to completion; SCXML's internal queue).
///
/// Raising an event appends it; a machine that raises none never allocates, and one that
/// does allocates only when the queue first grows.
public struct RaisedEvents<Event> {
    @usableFromInline var pending = Pending<Event>()

    @inlinable
    public init() {}

    /// Queues `event`, raised by the row that is running.
    @inlinable
    public mutating func append(_ event: Event) {
        pending.append(event)
    }

    /// The oldest raised event not yet handled, or nil when none is left.
    @inlinable
    public mutating func next() -> Event? {
        pending.next()
    }
}

/// The events a machine raises itself (`^Saved` in its rows, entry and exit lists): each
/// is handled in turn, oldest first, after the `always` rows of the step that raised it
/// and before the events that actions send through `handle`, which wait in the machine's
/// `EventQueue` (the Language reference's Run to completion; SCXML's internal queue).
///
/// A step usually raises one event, handled before another is raised: the oldest waits in
/// a stored optional, and only the events raised behind it go into an array. Taking the
/// only one waiting reads two stored values and writes one; a machine that never has two
/// raised events waiting never allocates, and one that does allocates only when that array
/// first grows.
public struct RaisedEvents<Event> {
    /// The oldest raised event not yet handled; nil only when none is waiting.
    @usableFromInline var oldest: Event?
    /// The events raised after `oldest`, oldest first; empty whenever `hasLater` is false.
    @usableFromInline var later = Pending<Event>()
    /// False when `later` is empty, so that taking `oldest` need not look into it.
    @usableFromInline var hasLater = false

    @inlinable
    public init() {}

    /// Whether no raised event waits to be handled.
    @inlinable
    public var isEmpty: Bool { oldest == nil }

    /// Queues `event`, raised by the row that is running.
    @inlinable
    public mutating func append(_ event: Event) {
        if oldest == nil {
            oldest = event
        } else {
            later.append(event)
            hasLater = true
        }
    }

    /// The oldest raised event not yet handled, or nil when none is left.
    @inlinable
    public mutating func next() -> Event? {
        guard let event = oldest else { return nil }
        if hasLater {
            oldest = later.next()
            hasLater = oldest != nil
        } else {
            oldest = nil
        }
        return event
    }
}

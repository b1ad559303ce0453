/// Run-to-completion for a generated machine: an event sent while another is being
/// handled (from inside an action) waits here and is handled after it, in order.
///
/// Handling an event from outside an action tests one byte before it and stores one
/// after it; the storage for waiting events is allocated only when an action first
/// sends one.
public struct EventQueue<Element> {
    /// All the common path reads: one byte, so that the optimizer can fold the test in
    /// `next()` into the store in `begin(_:)`.
    @usableFromInline enum Phase: UInt8 {
        case idle, handling, handlingWithWaiting
    }

    @usableFromInline var phase = Phase.idle
    @usableFromInline var waiting: [Element] = []
    @usableFromInline var nextWaiting = 0

    @inlinable
    public init() {}

    /// Starts handling `element` and returns true; or, when an element is being handled
    /// already, queues `element` and returns false.
    @inlinable
    public mutating func begin(_ element: Element) -> Bool {
        guard phase == .idle else {
            enqueue(element)
            return false
        }
        phase = .handling
        return true
    }

    /// The next waiting element; nil when there is none, which ends the handling begun
    /// by `begin(_:)`.
    @inlinable
    public mutating func next() -> Element? {
        guard phase == .handling else { return nextWaitingElement() }
        phase = .idle
        return nil
    }

    // The rare paths stay out of line, so that the common path is small enough for the
    // optimizer to inline `handle(_:)` into its callers.

    @inlinable @inline(never)
    mutating func enqueue(_ element: Element) {
        waiting.append(element)
        phase = .handlingWithWaiting
    }

    @inlinable @inline(never)
    mutating func nextWaitingElement() -> Element? {
        guard nextWaiting < waiting.count else {
            waiting.removeAll(keepingCapacity: true)
            nextWaiting = 0
            phase = .idle
            return nil
        }
        defer { nextWaiting += 1 }
        return waiting[nextWaiting]
    }
}

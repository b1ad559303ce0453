/// Run-to-completion for a generated machine: an event sent while another is being
/// handled (from inside an action) waits here and is handled after it, in order.
///
/// Handling an event from outside an action costs two checks of a flag; the storage
/// for waiting events is allocated only when an action first sends one.
public struct EventQueue<Element> {
    @usableFromInline var isHandling = false
    @usableFromInline var waiting: [Element] = []
    @usableFromInline var nextWaiting = 0

    @inlinable
    public init() {}

    /// Starts handling `element` and returns true; or, when an element is being handled
    /// already, queues `element` and returns false.
    @inlinable
    public mutating func begin(_ element: Element) -> Bool {
        guard !isHandling else {
            waiting.append(element)
            return false
        }
        isHandling = true
        return true
    }

    /// The next waiting element; nil when there is none, which ends the handling begun
    /// by `begin(_:)`.
    @inlinable
    public mutating func next() -> Element? {
        guard nextWaiting < waiting.count else {
            if nextWaiting > 0 {
                waiting.removeAll(keepingCapacity: true)
                nextWaiting = 0
            }
            isHandling = false
            return nil
        }
        defer { nextWaiting += 1 }
        return waiting[nextWaiting]
    }
}

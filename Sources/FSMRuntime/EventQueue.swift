/// Run to completion for a generated machine: an event sent while another is being
/// handled (from inside an action) waits here and is handled after it, in order.
///
/// A machine's `handle` calls `begin()` before it dispatches an event and `end()` after;
/// when `begin()` returns false it passes the event to `enqueue(_:)` instead, and when
/// `end()` returns false it dispatches what `next()` returns until that is nil.
///
/// The common path costs two read-modify-write instructions on one byte: `begin()`
/// increments it and `end()` decrements it, and each tests the result. The storage for
/// waiting events is allocated only when an action first sends one.
public struct EventQueue<Element> {
    /// 255 when idle; 0 while an event is handled and none waits; 1 while one is handled
    /// and others wait. Incrementing from idle gives 0, and decrementing from 0 gives idle,
    /// so that `begin()` and `end()` each test the flags of their own arithmetic.
    @usableFromInline var phase: UInt8 = 255
    @usableFromInline var waiting: [Element] = []
    @usableFromInline var nextWaiting = 0

    @inlinable
    public init() {}

    /// Starts handling an event and returns true; returns false when an event is being
    /// handled already, and the new one must wait: pass it to `enqueue(_:)`.
    @inlinable
    public mutating func begin() -> Bool {
        phase &+= 1
        return phase == 0
    }

    /// Ends the handling begun by `begin()` and returns true; returns false when events
    /// are waiting: dispatch what `next()` returns until it returns nil.
    @inlinable
    public mutating func end() -> Bool {
        phase &-= 1
        return phase == 255
    }

    // The rare paths stay out of line, so that `begin()` and `end()` inline to an
    // instruction or two each.

    /// Queues `element` to be handled after the current one. Call it only when `begin()`
    /// returned false.
    @inlinable @inline(never)
    public mutating func enqueue(_ element: Element) {
        waiting.append(element)
        phase = 1
    }

    /// The next waiting element; nil when none is left, which ends the handling.
    @inlinable @inline(never)
    public mutating func next() -> Element? {
        guard nextWaiting < waiting.count else {
            waiting.removeAll(keepingCapacity: true)
            nextWaiting = 0
            phase = 255
            return nil
        }
        defer { nextWaiting += 1 }
        return waiting[nextWaiting]
    }
}

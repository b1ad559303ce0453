/// Run to completion for a generated machine with `async` actions or conditions: events
/// are handled one at a time, in the order `handle` was called, also while an action is
/// suspended; an event sent from inside an action waits until the event being handled,
/// and those sent before it, are done.
///
/// A machine's `handle` calls `begin()` first. When it returns true, the event's turn has
/// come: the machine dispatches it, then every event that `next()` returns (those its
/// actions sent), then calls `end()`, which gives the turn to the next waiting call. When
/// `begin()` returns false, `handle` was called from inside one of the machine's own
/// actions (in the task handling an event): it passes the event to `enqueue(_:)` and
/// returns `.queued`, since waiting for its turn there would wait for itself.
///
/// It is not `Sendable`: the machine that owns it, and so every call, belongs to one
/// isolation domain (the machine's global actor, or its caller's), and `begin()` runs in
/// the caller's. Waiting calls are resumed in order; a new call never overtakes them.
///
/// Cancellation does not stop an event: a call that waits for its turn keeps waiting, and
/// its event is handled in turn, so that the machine never skips an event the app sent
/// nor stops between two actions of a transition. Async actions see the cancellation of
/// the task that handles the event (`Task.isCancelled`) and decide what it means.
///
/// Its stored properties are not checked for exclusivity at run time: its methods run no
/// user code, so their accesses cannot overlap, and the machine's code that calls them is
/// inlined into other modules, where the compiler cannot see that and would check each
/// access, at a cost larger than the rest of the queue's work.
public final class AsyncEventQueue<Element> {
    /// Whether an event is being handled (its turn has begun and not yet ended).
    @usableFromInline @exclusivity(unchecked) var isHandling = false
    /// The task that handles the current event; meaningful only while `isHandling`, when
    /// that task is alive (it is running or awaiting the machine's actions), so that no
    /// other task can have its identity.
    @usableFromInline @exclusivity(unchecked) var handlingTask: UnsafeCurrentTask?
    /// Calls of `handle` waiting for their turn.
    @usableFromInline @exclusivity(unchecked) var waiters = Pending<CheckedContinuation<Void, Never>>()
    /// Events sent from inside actions.
    @usableFromInline @exclusivity(unchecked) var sent = Pending<Element>()

    public init() {}

    /// Waits until it is the caller's turn to handle an event and returns true; returns
    /// false at once when called from inside an action of the event being handled, in the
    /// task that handles it: queue the event with `enqueue(_:)` instead.
    @inlinable
    public nonisolated(nonsending) func begin() async -> Bool {
        if isHandling {
            if isCalledByHandlingTask { return false }
            await withCheckedContinuation { waiters.append($0) }
            // `end()` handed the turn over: `isHandling` stayed true.
        } else {
            isHandling = true
        }
        withUnsafeCurrentTask { handlingTask = $0 }
        return true
    }

    /// Whether the current task is the one handling an event.
    @usableFromInline var isCalledByHandlingTask: Bool {
        withUnsafeCurrentTask { current in current != nil && current == handlingTask }
    }

    /// Queues an event sent from inside an action, to be handled after the current one.
    @inlinable
    public func enqueue(_ element: Element) {
        sent.append(element)
    }

    /// The next event that actions sent, or nil when none is left.
    @inlinable
    public func next() -> Element? {
        sent.next()
    }

    /// Ends the current turn: the oldest waiting call, if any, takes it.
    @inlinable
    public func end() {
        handlingTask = nil
        guard let waiter = waiters.next() else {
            isHandling = false
            return
        }
        waiter.resume()
    }
}

/// Run to completion for a generated machine: an event sent while another is being
/// handled (from inside an action) waits here and is handled after it, in order.
///
/// A machine's `handleEvent` calls `begin(for:)` before it dispatches an event and
/// `end(_:)` after. When `begin(for:)` returns nil it passes the event to `enqueue(_:)`
/// instead. When `end(_:)` returns false it calls `beginDraining(after:)`, and if that returns
/// true, it passes what `next()` returns to `handle` until that is nil; the waiting events
/// go through `begin(for:)` and `end(_:)` like any other, and those they send join the
/// same queue. Meanwhile the queue keeps the outcome of the event whose actions sent them,
/// for `outcome(_:from:to:)` to return.
///
/// The common path reads one byte and tests one bit. It also writes the byte twice, but
/// the second write puts back the value the first read found, so that where the compiler
/// sees the actions (a machine specialized for its actions type) and they send no event,
/// it drops both writes. For actions that declare they send no events (`sendsEvents`
/// false) there is no common path to pay for. The storage for waiting events is allocated
/// only when an action first sends one.
public struct EventQueue<Element, State> {
    /// Bit 0 is set while an event is handled, bit 1 when events wait, bit 2 while the
    /// waiting events are handled; 0 when idle.
    @usableFromInline var phase: UInt8 = 0
    @usableFromInline var waiting = Pending<Element>()
    /// What the event did whose actions sent the waiting events (`OutcomeCode.keptByQueue`).
    @usableFromInline var outcomeBeforeWaiting: Outcome<State> = .queued

    @inlinable
    public init() {}

    /// The handling of one event, from `begin(for:)` to `end(_:)`: what the queue was
    /// before it began, to be put back when it ends.
    public struct Handling {
        @usableFromInline let previous: UInt8
        /// False when the actions send no events, and nothing is queued.
        @usableFromInline let queues: Bool

        @inlinable
        init(previous: UInt8, queues: Bool) {
            self.previous = previous
            self.queues = queues
        }
    }

    /// Starts handling an event of a machine whose actions are of type `Actions`; returns
    /// nil when an event is being handled already, and the new one must wait: pass it to
    /// `enqueue(_:)`.
    ///
    /// When `Actions.sendsEvents` is false nothing waits, and this costs nothing: in a
    /// build with assertions (a debug build) an event sent from inside an action stops
    /// the program; without them it is handled at once, nested in the running
    /// transition, as in a hand-written `switch`.
    @inlinable @inline(__always)
    public mutating func begin<Actions: MachineActions>(for actions: Actions.Type) -> Handling? {
        begin(sendsEvents: Actions.sendsEvents, actions: actions)
    }

    /// `begin(for:)` for a machine isolated to a global actor, whose actions protocol
    /// declares `sendsEvents` itself (a protocol isolated to an actor cannot refine
    /// `MachineActions`, whose requirements are not isolated): `sendsEvents` is its value,
    /// and `actions` the type named when an event sent from an action stops the program.
    @inlinable @inline(__always)
    public mutating func begin(sendsEvents: Bool, actions: Any.Type) -> Handling? {
        guard sendsEvents else {
            assert(beginUnqueued(actions))
            return Handling(previous: 0, queues: false)
        }
        let previous = phase
        guard previous & 1 == 0 else { return nil }
        phase = previous | 1
        return Handling(previous: previous, queues: true)
    }

    /// Ends `handling` and returns true; returns false when events are waiting: call
    /// `beginDraining()`.
    @inlinable @inline(__always)
    public mutating func end(_ handling: Handling) -> Bool {
        guard handling.queues else {
            assert(endUnqueued())
            return true
        }
        guard phase == handling.previous | 1 else { return false }
        phase = handling.previous
        return true
    }

    /// The check of a build with assertions that actions which declared they send no
    /// events do not: marks an event as handled, and stops the program if one was already.
    @inlinable
    mutating func beginUnqueued(_ actions: Any.Type) -> Bool {
        if phase & 1 != 0 { eventSentByActions(actions) }
        phase |= 1
        return true
    }

    /// Ends what `beginUnqueued(_:)` began.
    @inlinable
    mutating func endUnqueued() -> Bool {
        phase &= ~1
        return true
    }

    // `begin(for:)` and `end(_:)` are always inlined, even into the large `handleEvent` of a
    // large machine, where the optimizer inlines only what it must; the rare paths stay
    // out of line, so that those two inline to an instruction or two each.

    /// Queues `element` to be handled after the current one. Call it only when
    /// `begin(for:)` returned nil.
    @inlinable @inline(never)
    public mutating func enqueue(_ element: Element) {
        waiting.append(element)
        phase |= 2
    }

    /// Called when `end(_:)` returned false, with what the event just handled did. Returns
    /// true when the caller is to handle the waiting events, and keeps `outcome` until
    /// `outcome(_:from:to:)` is asked for `.keptByQueue`; false when they are already being
    /// handled further out (the event whose actions sent them came from the queue itself),
    /// which will handle these too.
    @inlinable @inline(never)
    public mutating func beginDraining(after outcome: Outcome<State>) -> Bool {
        guard phase & 4 == 0 else {
            phase &= ~1
            return false
        }
        phase = 4
        outcomeBeforeWaiting = outcome
        return true
    }

    /// The next waiting element; nil when none is left, which ends the handling.
    @inlinable @inline(never)
    public mutating func next() -> Element? {
        guard let element = waiting.next() else {
            phase = 0
            return nil
        }
        return element
    }
}

extension EventQueue {
    /// The outcome that `code` stands for, of an event handled in state `from` that left the
    /// machine in state `to`; for `.keptByQueue`, the one `beginDraining(after:)` kept.
    @inlinable @inline(__always)
    public func outcome(_ code: OutcomeCode, from: State, to: State) -> Outcome<State> {
        switch code {
        case .transitioned: .transitioned(from: from, to: to)
        case .rejected: .rejected(in: from)
        case .unhandled: .unhandled(in: from)
        case .queued: .queued
        case .keptByQueue: outcomeBeforeWaiting
        }
    }
}

/// Stops the program: an action sent an event to its own machine, which its actions type
/// declared it would not do (checked in builds with assertions).
@inline(never) @usableFromInline
func eventSentByActions(_ actions: Any.Type) -> Never {
    fatalError(
        """
        an action of \(actions) sent an event to its own machine, but \(actions).sendsEvents \
        is false; remove that declaration to have such events queued and handled in turn (in a build \
        without assertions, the event would be handled at once, nested in the running transition)
        """)
}

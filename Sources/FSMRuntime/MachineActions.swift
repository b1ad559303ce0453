/// What every generated actions protocol refines: the two hooks a machine calls besides
/// its actions, and whether the actions send events to their machine. All three have
/// default implementations, always inlined into the generated machine (even into the
/// large `handleEvent` of a large machine), so that they cost nothing when not implemented.
public protocol MachineActions {
    /// `Hashable` and `Sendable` where its states hold no data; with data, as the `.sm`
    /// file says its values are.
    associatedtype State
    /// `Hashable` where its events carry no values; with values, as hashable as they are.
    associatedtype Event: Sendable

    /// Called when no row of `state` matches `event`; the default does nothing.
    mutating func unhandledEvent(_ event: Event, in state: State)

    /// Called after every event the machine handles, with what happened: the trace hook
    /// for logging and tests. Queued events are reported when they are handled.
    mutating func trace(_ event: Event, outcome: Outcome<State>)

    /// Whether an action may send an event to its own machine: call its `handle` or an
    /// event method while the machine runs the action. True by default, and such an event
    /// is then queued and handled as soon as the current one completes (run to
    /// completion). Declare it false when no action ever does: the machine then needs no
    /// queue and no test, and its dispatch compiles to what a hand-written `switch`
    /// compiles to. Builds with assertions (debug builds) check the promise: an event sent
    /// from inside an action stops the program with a fatal error. Without assertions such
    /// an event is handled at once, nested in the running transition, as a hand-written
    /// `switch` would handle it, and the outcome of the event whose action sent it names the
    /// state the machine is in when that event's `handle` returns.
    static var sendsEvents: Bool { get }
}

extension MachineActions {
    @inlinable @inline(__always)
    public mutating func unhandledEvent(_ event: Event, in state: State) {}

    @inlinable @inline(__always)
    public mutating func trace(_ event: Event, outcome: Outcome<State>) {}

    /// True: events sent from inside actions are queued (run to completion).
    @inlinable @inline(__always)
    public static var sendsEvents: Bool { true }
}

/// What every generated actions protocol refines: the two hooks a machine calls besides
/// its actions. Both have default implementations that do nothing and, being inlinable
/// into the generated machine, cost nothing when not implemented.
public protocol MachineActions {
    associatedtype State: Hashable & Sendable
    associatedtype Event: Hashable & Sendable

    /// Called when no row of `state` matches `event`; the default does nothing.
    mutating func unhandledEvent(_ event: Event, in state: State)

    /// Called after every event the machine handles, with what happened: the trace hook
    /// for logging and tests. Queued events are reported when they are handled.
    mutating func trace(_ event: Event, outcome: Outcome<State>)
}

extension MachineActions {
    @inlinable
    public mutating func unhandledEvent(_ event: Event, in state: State) {}

    @inlinable
    public mutating func trace(_ event: Event, outcome: Outcome<State>) {}
}

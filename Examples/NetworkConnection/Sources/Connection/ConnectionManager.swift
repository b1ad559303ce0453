import FSMRuntime

/// What the connection does to the outside world. A real app opens sockets and starts
/// timers here; this one records each effect, which is what the tests look at. What the
/// connection knows (its attempt, the error it gave up with) is in its states, not here.
public struct ConnectionDriver: ConnectionActions {
    public var effects: [String] = []
    public var hasCredentialsValue = true
    /// How many attempts a connection makes before it gives up.
    public var maximumAttempts: Int

    public init(maximumAttempts: Int = 3) {
        self.maximumAttempts = maximumAttempts
    }

    public mutating func closeSocket() { effects.append("closeSocket") }
    public mutating func reportDisconnected() { effects.append("reportDisconnected") }
    public mutating func openSocket(_ attempt: Int) { effects.append("openSocket(\(attempt))") }
    public mutating func cancelTimers() { effects.append("cancelTimers") }
    public mutating func reportConnected() { effects.append("reportConnected") }
    public mutating func reportDropped() { effects.append("reportDropped") }
    public mutating func logDrop() { effects.append("logDrop") }
    public mutating func next(_ attempt: Int) -> Int { attempt + 1 }
    public mutating func startBackoffTimer() { effects.append("startBackoffTimer") }
    public mutating func reportWaiting() { effects.append("reportWaiting") }
    public mutating func reportFailure(_ error: (any Error)?) {
        effects.append("reportFailure(\(error.map { "\($0)" } ?? "timeout"))")
    }
    public func hasCredentials() -> Bool { hasCredentialsValue }
    public func canRetry(_ attempt: Int) -> Bool { attempt < maximumAttempts }
}

/// Runs a `Connection` machine for an app: it knows the network and the policy, and passes
/// them as predicate values with every event.
public final class ConnectionManager {
    public let machine: Connection<ConnectionDriver>
    public var network: ConnectionNetwork
    public var policy: ConnectionPolicy

    public init(network: ConnectionNetwork, policy: ConnectionPolicy, maximumAttempts: Int = 3) {
        machine = Connection(actions: ConnectionDriver(maximumAttempts: maximumAttempts))
        self.network = network
        self.policy = policy
    }

    public var state: ConnectionState { machine.state }

    /// Sends `event` with the current network and policy.
    @discardableResult
    public func send(_ event: ConnectionEvent) -> Outcome<ConnectionState> {
        machine.handle(event, network: network, policy: policy)
    }

    /// Tells the machine the network changed: lost, or available again.
    @discardableResult
    public func networkChanged(to network: ConnectionNetwork) -> Outcome<ConnectionState> {
        self.network = network
        return send(network == .offline ? .networkLost : .networkAvailable)
    }
}

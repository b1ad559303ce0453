import FSMRuntime

/// What the connection does to the outside world. A real app opens sockets and starts
/// timers here; this one records each effect, which is what the tests look at.
public struct ConnectionDriver: ConnectionActions {
    public var effects: [String] = []
    public var hasCredentialsValue = true
    public private(set) var retryCount = 0
    /// The error of the last failure, for the app to show when the connection gives up.
    public private(set) var lastError: (any Error)?

    public init() {}

    public mutating func cancelTimers() { effects.append("cancelTimers") }
    public mutating func closeSocket() { effects.append("closeSocket") }
    public mutating func reportDisconnected() { effects.append("reportDisconnected") }
    public mutating func openSocket() { effects.append("openSocket") }
    public mutating func resetRetries() {
        retryCount = 0
        effects.append("resetRetries")
    }
    public mutating func keepError(_ error: any Error) {
        lastError = error
        effects.append("keepError(\(error))")
    }
    public mutating func countRetry() {
        retryCount += 1
        effects.append("countRetry")
    }
    public mutating func reportConnected() { effects.append("reportConnected") }
    public mutating func reportDropped() { effects.append("reportDropped") }
    public mutating func logDrop() { effects.append("logDrop") }
    public mutating func startBackoffTimer() { effects.append("startBackoffTimer") }
    public mutating func reportWaiting() { effects.append("reportWaiting") }
    public mutating func reportFailure() { effects.append("reportFailure") }
    public func hasCredentials() -> Bool { hasCredentialsValue }
}

/// Runs a `Connection` machine for an app: it knows the network, the policy and how many
/// retries are left, and passes them as predicate values with every event.
public final class ConnectionManager {
    public let machine: Connection<ConnectionDriver>
    public var network: ConnectionNetwork
    public var policy: ConnectionPolicy
    public let maximumRetries: Int

    public init(network: ConnectionNetwork, policy: ConnectionPolicy, maximumRetries: Int = 3) {
        machine = Connection(actions: ConnectionDriver())
        self.network = network
        self.policy = policy
        self.maximumRetries = maximumRetries
    }

    public var state: ConnectionState { machine.state }

    private var retries: ConnectionRetries {
        machine.actions.retryCount < maximumRetries ? .remaining : .exhausted
    }

    /// Sends `event` with the current network, policy and retries.
    @discardableResult
    public func send(_ event: ConnectionEvent) -> Outcome<ConnectionState> {
        machine.handle(event, network: network, policy: policy, retries: retries)
    }

    /// Tells the machine the network changed: lost, or available again.
    @discardableResult
    public func networkChanged(to network: ConnectionNetwork) -> Outcome<ConnectionState> {
        self.network = network
        return send(network == .offline ? .networkLost : .networkAvailable)
    }
}

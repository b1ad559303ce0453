import Connection
import FSMRuntime
import Testing

/// What a socket reports when it fails.
enum SocketError: Error, Equatable {
    case refused
    case reset
}

/// An outcome by the names of its states: the states hold an error, which is not
/// `Equatable`, so the states are compared by name (`state.name`).
func names(_ outcome: Outcome<ConnectionState>) -> String {
    switch outcome {
    case .transitioned(let from, let to): "\(from.name) -> \(to.name)"
    case .rejected(let state): "rejected in \(state.name)"
    case .unhandled(let state): "unhandled in \(state.name)"
    case .queued: "queued"
    }
}

@Suite struct ConnectionTests {
    /// The machine starts with its first event, which runs the entry action of its initial
    /// state first.
    @Test func connectsOnAUsableNetwork() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        #expect(names(connection.send(.connect)) == "Disconnected -> Connecting")
        #expect("\(connection.state)" == "Connecting(attempt: 1)")
        #expect(names(connection.send(.opened)) == "Connecting -> Connected")
        #expect(
            connection.machine.actions.effects == [
                "reportDisconnected", "openSocket(1)", "cancelTimers", "reportConnected",
            ])
    }

    @Test func withoutCredentialsConnectIsRejected() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        connection.machine.actions.hasCredentialsValue = false
        #expect(names(connection.send(.connect)) == "rejected in Disconnected")
        #expect(connection.state.name == .disconnected)
        #expect(connection.machine.actions.effects == ["reportDisconnected"])
    }

    @Test func offlineConnectWaitsForTheNetwork() {
        let connection = ConnectionManager(network: .offline, policy: .eager)
        connection.send(.connect)
        #expect(connection.state.name == .waiting)
        #expect(names(connection.networkChanged(to: .cellular)) == "Waiting -> Connecting")
    }

    /// Each failure goes through the decision `Failing`, which backs off with the next
    /// attempt while attempts remain; the last failure's error is kept by `GaveUp`.
    @Test func retriesUntilTheAttemptsRunOutThenGivesUpWithTheError() {
        let connection = ConnectionManager(network: .wifi, policy: .eager, maximumAttempts: 3)
        connection.send(.connect)
        for attempt in 1..<3 {
            #expect(names(connection.send(.timeout)) == "Connecting -> Failing")
            #expect("\(connection.state)" == "Backoff(attempt: \(attempt + 1))")
            #expect(names(connection.send(.timerFired)) == "Backoff -> Connecting")
            #expect("\(connection.state)" == "Connecting(attempt: \(attempt + 1))")
        }
        connection.send(.failed(error: SocketError.refused))
        guard case .gaveUp(let error) = connection.state else {
            Issue.record("expected GaveUp, found \(connection.state)")
            return
        }
        #expect(error as? SocketError == .refused)
        #expect(
            connection.machine.actions.effects.suffix(3) == ["cancelTimers", "closeSocket", "reportFailure(refused)"])
        #expect(names(connection.send(.retry)) == "GaveUp -> Connecting")
        #expect("\(connection.state)" == "Connecting(attempt: 1)")
    }

    /// A gave-up connection tries again by itself when a network comes back: its row raises
    /// `Retry`, which the row the user's Retry takes handles.
    @Test func aNetworkComingBackRaisesRetry() {
        let connection = ConnectionManager(network: .wifi, policy: .eager, maximumAttempts: 1)
        connection.send(.connect)
        connection.send(.timeout)
        #expect(connection.state.name == .gaveUp)
        #expect(connection.machine.actions.effects.last == "reportFailure(timeout)")
        #expect(names(connection.networkChanged(to: .cellular)) == "GaveUp -> GaveUp")
        #expect("\(connection.state)" == "Connecting(attempt: 1)")
    }

    @Test func conservativePolicyRetriesOnlyOnWifi() {
        let cellular = ConnectionManager(network: .cellular, policy: .conservative)
        cellular.send(.connect)
        cellular.send(.failed(error: SocketError.refused))
        #expect(names(cellular.send(.timerFired)) == "Backoff -> Waiting")

        let wifi = ConnectionManager(network: .wifi, policy: .conservative)
        wifi.send(.connect)
        wifi.send(.failed(error: SocketError.refused))
        #expect(names(wifi.send(.timerFired)) == "Backoff -> Connecting")
    }

    @Test func aFailureWhileConnectedBacksOffFromTheFirstAttempt() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        connection.send(.connect)
        connection.send(.opened)
        #expect(names(connection.machine.failed(error: SocketError.reset)) == "Connected -> Failing")
        #expect("\(connection.state)" == "Backoff(attempt: 1)")
        #expect(
            connection.machine.actions.effects.suffix(3) == ["reportDropped", "closeSocket", "startBackoffTimer"])
    }

    @Test func droppingWhileConnectedIsLoggedByTheOverride() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        connection.send(.connect)
        connection.send(.opened)
        let before = connection.machine.actions.effects.count
        #expect(names(connection.networkChanged(to: .offline)) == "Connected -> Waiting")
        #expect(
            Array(connection.machine.actions.effects[before...])
                == ["reportDropped", "closeSocket", "logDrop", "reportWaiting"])
    }

    /// Every active state disconnects; the two that run a timer cancel it as they leave,
    /// and only then (moving between active states does not leave Active).
    @Test func disconnectWorksFromEveryActiveState() {
        let states: [ConnectionState] = [.connecting(attempt: 2), .connected, .backoff(attempt: 2), .waiting]
        for state in states {
            let machine = Connection(actions: ConnectionDriver(), state: state)
            #expect(names(machine.disconnect()) == "\(state.name) -> Disconnected")
            let cancels = state.name == .connecting || state.name == .backoff
            #expect(machine.actions.effects.contains("cancelTimers") == cancels)
            #expect(machine.actions.effects.last == "reportDisconnected")
        }
    }

    @Test func eventsTheStateDoesNotHandleAreUnhandled() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        #expect(names(connection.send(.opened)) == "unhandled in Disconnected")
        #expect(names(connection.send(.timerFired)) == "unhandled in Disconnected")
    }
}

import Connection
import FSMRuntime
import Testing

/// What a socket reports when it fails.
enum SocketError: Error, Equatable {
    case refused
    case reset
}

@Suite struct ConnectionTests {
    @Test func connectsOnAUsableNetwork() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        #expect(connection.send(.connect) == .transitioned(from: .disconnected, to: .connecting))
        #expect(connection.send(.opened) == .transitioned(from: .connecting, to: .connected))
        #expect(
            connection.machine.actions.effects == ["openSocket", "cancelTimers", "resetRetries", "reportConnected"])
    }

    @Test func withoutCredentialsConnectIsRejected() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        connection.machine.actions.hasCredentialsValue = false
        #expect(connection.send(.connect) == .rejected(in: .disconnected))
        #expect(connection.state == .disconnected)
        #expect(connection.machine.actions.effects.isEmpty)
    }

    @Test func offlineConnectWaitsForTheNetwork() {
        let connection = ConnectionManager(network: .offline, policy: .eager)
        connection.send(.connect)
        #expect(connection.state == .waiting)
        #expect(connection.networkChanged(to: .cellular) == .transitioned(from: .waiting, to: .connecting))
    }

    @Test func retriesUntilExhaustedThenGivesUp() {
        let connection = ConnectionManager(network: .wifi, policy: .eager, maximumRetries: 2)
        connection.send(.connect)
        for _ in 0..<2 {
            #expect(connection.send(.timeout) == .transitioned(from: .connecting, to: .backoff))
            #expect(connection.send(.timerFired) == .transitioned(from: .backoff, to: .connecting))
        }
        #expect(connection.send(.failed(error: SocketError.refused)) == .transitioned(from: .connecting, to: .gaveUp))
        #expect(
            connection.machine.actions.effects.suffix(4) == [
                "cancelTimers", "keepError(refused)", "closeSocket", "reportFailure",
            ])
        #expect(connection.machine.actions.lastError as? SocketError == .refused)
        #expect(connection.send(.connect) == .transitioned(from: .gaveUp, to: .connecting))
        #expect(connection.machine.actions.retryCount == 0)
    }

    @Test func conservativePolicyRetriesOnlyOnWifi() {
        let cellular = ConnectionManager(network: .cellular, policy: .conservative)
        cellular.send(.connect)
        cellular.send(.failed(error: SocketError.refused))
        #expect(cellular.send(.timerFired) == .transitioned(from: .backoff, to: .waiting))

        let wifi = ConnectionManager(network: .wifi, policy: .conservative)
        wifi.send(.connect)
        wifi.send(.failed(error: SocketError.refused))
        #expect(wifi.send(.timerFired) == .transitioned(from: .backoff, to: .connecting))
    }

    @Test func aFailureWhileConnectedKeepsItsErrorAndBacksOff() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        connection.send(.connect)
        connection.send(.opened)
        #expect(
            connection.machine.failed(error: SocketError.reset, retries: .remaining)
                == .transitioned(from: .connected, to: .backoff))
        #expect(connection.machine.actions.lastError as? SocketError == .reset)
        #expect(
            connection.machine.actions.effects.suffix(4)
                == ["reportDropped", "keepError(reset)", "closeSocket", "startBackoffTimer"])
    }

    @Test func droppingWhileConnectedIsLoggedByTheOverride() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        connection.send(.connect)
        connection.send(.opened)
        let before = connection.machine.actions.effects.count
        #expect(connection.networkChanged(to: .offline) == .transitioned(from: .connected, to: .waiting))
        #expect(
            Array(connection.machine.actions.effects[before...])
                == ["reportDropped", "closeSocket", "logDrop", "reportWaiting"])
    }

    /// Every active state disconnects; the two that run a timer cancel it as they leave,
    /// and only then (moving between active states does not leave Active).
    @Test func disconnectWorksFromEveryActiveState() {
        for state in ConnectionState.allCases where state != .disconnected && state != .gaveUp {
            let machine = Connection(actions: ConnectionDriver(), state: state)
            #expect(machine.disconnect() == .transitioned(from: state, to: .disconnected))
            #expect(machine.actions.effects.contains("cancelTimers") == (state == .connecting || state == .backoff))
            #expect(machine.actions.effects.last == "reportDisconnected")
        }
    }

    @Test func eventsTheStateDoesNotHandleAreUnhandled() {
        let connection = ConnectionManager(network: .wifi, policy: .eager)
        #expect(connection.send(.opened) == .unhandled(in: .disconnected))
        #expect(connection.send(.timerFired) == .unhandled(in: .disconnected))
    }
}

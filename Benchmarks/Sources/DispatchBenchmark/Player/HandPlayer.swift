/// `Player.sm` written by hand as nested switches with `if`/`else` for the conditions,
/// over the generated enums and actions protocol: the baseline that generated condition
/// dispatch is measured against.
final class HandPlayer<Actions: PlayerActions> {
    private(set) var state: PlayerState
    var actions: Actions

    init(actions: Actions, state: PlayerState = .stopped) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: PlayerEvent) {
        switch state {
        case .stopped:
            switch event {
            case .play:
                if actions.hasMedia() {
                    actions.startOutput()
                    state = .playing
                } else {
                    actions.showNoMedia()
                }
            case .pause, .stop, .tick, .resume:
                break
            }
        case .playing:
            switch event {
            case .pause:
                actions.stopOutput()
                state = .paused
            case .stop:
                actions.stopOutput()
                state = .stopped
            case .tick:
                if actions.isBuffering() {
                    actions.waitForData()
                } else {
                    actions.advance()
                }
            case .play, .resume:
                break
            }
        case .paused:
            switch event {
            case .resume:
                if actions.wasPlaying() {
                    actions.startOutput()
                    state = .playing
                } else {
                    actions.showPaused()
                }
            case .stop:
                state = .stopped
            case .tick:
                if actions.hasMedia() {
                    if actions.wasPlaying() {
                        actions.startOutput()
                        state = .playing
                    } else {
                        actions.advance()
                    }
                }
            case .play, .pause:
                break
            }
        }
    }
}

/// Counts what the player does; its conditions answer from the count, so that every shape
/// that runs the same actions gets the same answers, whatever order it asks them in.
struct CountingPlayerActions<Declaration: SendsEventsDeclaration>: PlayerActions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
    mutating func startOutput() { count &+= 1 }
    mutating func showNoMedia() { count &+= 2 }
    mutating func stopOutput() { count &+= 3 }
    mutating func advance() { count &+= 5 }
    mutating func waitForData() { count &+= 7 }
    mutating func showPaused() { count &+= 11 }
    func hasMedia() -> Bool { count & 4 != 0 }
    func isBuffering() -> Bool { count & 8 == 0 }
    func wasPlaying() -> Bool { count & 16 != 0 }
}

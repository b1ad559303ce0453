/// `Deck.sm` written by hand as nested switches over the generated enums and actions
/// protocol, with the superstate's entry and exit actions spelled out where Power enters
/// and leaves `Media` and nowhere else: the baseline for a statechart without history.
final class HandDeck<Actions: DeckActions> {
    private(set) var state: DeckState
    var actions: Actions

    init(actions: Actions, state: DeckState = .off) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: DeckEvent) {
        switch state {
        case .off:
            switch event {
            case .power:
                actions.powerOn()
                actions.startOutput()
                state = .playing
            case .pause, .next, .play:
                break
            }
        case .playing:
            switch event {
            case .power:
                actions.stopOutput()
                actions.powerOff()
                state = .off
            case .pause:
                actions.pause()
                state = .paused
            case .next:
                actions.skip()
            case .play:
                break
            }
        case .paused:
            switch event {
            case .power:
                actions.stopOutput()
                actions.powerOff()
                state = .off
            case .play:
                actions.resume()
                state = .playing
            case .next:
                actions.skip()
            case .pause:
                break
            }
        }
    }
}

/// `ResumingDeck.sm` written by hand: `HandDeck` with the substate of `Media` it left
/// kept in an optional, written where Power leaves `Media` and read where it enters it.
final class HandResumingDeck<Actions: ResumingDeckActions> {
    private(set) var state: ResumingDeckState
    private(set) var resumes: ResumingDeckState?
    var actions: Actions

    init(actions: Actions, state: ResumingDeckState = .off) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: ResumingDeckEvent) {
        switch state {
        case .off:
            switch event {
            case .power:
                actions.powerOn()
                actions.startOutput()
                state = resumes ?? .playing
            case .pause, .next, .play:
                break
            }
        case .playing:
            switch event {
            case .power:
                actions.stopOutput()
                actions.powerOff()
                resumes = .playing
                state = .off
            case .pause:
                actions.pause()
                state = .paused
            case .next:
                actions.skip()
            case .play:
                break
            }
        case .paused:
            switch event {
            case .power:
                actions.stopOutput()
                actions.powerOff()
                resumes = .paused
                state = .off
            case .play:
                actions.resume()
                state = .playing
            case .next:
                actions.skip()
            case .pause:
                break
            }
        }
    }
}

/// What both decks do, counted: each action adds its own weight, so that two shapes that
/// run the same actions in any order end with the same count.
protocol CountingDeck {
    associatedtype Declaration: SendsEventsDeclaration
    var count: Int { get set }
}

extension CountingDeck {
    mutating func powerOn() { count &+= 3 }
    mutating func powerOff() { count &+= 5 }
    mutating func startOutput() { count &+= 7 }
    mutating func stopOutput() { count &+= 11 }
    mutating func skip() { count &+= 13 }
    mutating func pause() { count &+= 17 }
    mutating func resume() { count &+= 19 }
}

struct CountingDeckActions<Declaration: SendsEventsDeclaration>: DeckActions, CountingDeck {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
}

struct CountingResumingDeckActions<Declaration: SendsEventsDeclaration>: ResumingDeckActions, CountingDeck {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
}

import FSMRuntime
import Foundation
import Testing

// `Jumper.sm`: Jumping is concrete but has an initial row, so it is never current
// (Language reference › Initial substates). The state enum has no case for it: a machine
// can be neither made nor restored in it, and a snapshot that names it does not decode.

@MainActor struct JumperMoves: JumperActions {
    final class Log {
        var lines: [String] = []
    }
    let log: Log
    mutating func push() { log.lines.append("push") }
    mutating func lift() { log.lines.append("lift") }
}

@MainActor
@Suite struct NeverCurrentStateTests {
    let log = JumperMoves.Log()
    let timers = ManualTimers<JumperTimer>()

    @Test func theStateEnumHasNoCaseForIt() {
        #expect(JumperState.allCases == [.rising, .peak, .falling, .ground])
        #expect(JumperState(rawValue: "Jumping") == nil)
    }

    /// `Initial: Jumping` starts in Rising, with Rising's timer running.
    @Test func theInitialStateIsItsInitialSubstate() async {
        let jumper = Jumper(actions: JumperMoves(log: log), timers: timers)
        #expect(jumper.state == .rising)
        #expect(timers.running == [.risingAfter1s: .seconds(1)])
        await timers.advance(by: .seconds(1))
        #expect(jumper.state == .peak)
    }

    /// A snapshot saved in Jumping cannot exist; one that says so is a decoding error.
    @Test func aSnapshotNamingItDoesNotDecode() throws {
        let text = #"{"history":{},"state":"Jumping","timers":[]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JumperSnapshot.self, from: Data(text.utf8))
        }
        let valid = #"{"history":{},"state":"Rising","timers":[]}"#
        #expect(try JSONDecoder().decode(JumperSnapshot.self, from: Data(valid.utf8)).state == .rising)
    }

    /// Entering it runs its entry action and its initial row's, and starts Rising's timer;
    /// the shallow history of Air resumes it by its initial row.
    @Test func enteringItEntersItsInitialSubstate() async {
        let jumper = Jumper(actions: JumperMoves(log: log), state: .ground, timers: timers)
        #expect(jumper.jump() == .transitioned(from: .ground, to: .rising))
        #expect(log.lines == ["push", "lift"])
        await timers.advance(by: .seconds(1))
        #expect(jumper.state == .peak)
        jumper.land()
        #expect(jumper.fly() == .transitioned(from: .ground, to: .rising))
        #expect(timers.running == [.risingAfter1s: .seconds(1)])
    }
}

// `Deck.sm`: the same in a machine with regions. Standby (at the top) and Active (in region
// Playback) are concrete with initial rows, so neither is a case of its enum: no
// configuration, history or snapshot can name them.

struct DeckMoves: DeckActions {
    var log: [String] = []
    mutating func spin() { log.append("spin") }
    mutating func lift() { log.append("lift") }
}

@Suite struct NeverCurrentRegionStateTests {
    @Test func theEnumsHaveNoCaseForThem() {
        #expect(DeckState.Media.Playback.allCases == [.stopped, .playing, .paused])
        #expect(DeckState.Media.Playback(rawValue: "Active") == nil)
        #expect(DeckState.allCases.map(\.description).prefix(3) == ["Idle", "Sleeping", "Media(Stopped, Normal)"])
        #expect(!DeckState.allCases.map(\.description).contains { $0 == "Standby" || $0.contains("Active") })
    }

    /// A configuration, a history or a snapshot that names one does not decode, as any text
    /// that is not a configuration; the same with the state that can be current does.
    @Test func decodingOneIsAnError() throws {
        let decoder = JSONDecoder()
        for text in [#""Standby""#, #""Media(Active, Normal)""#] {
            #expect(throws: DecodingError.self) { try decoder.decode(DeckState.self, from: Data(text.utf8)) }
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(DeckHistory.self, from: Data(#"{"playback":"Active"}"#.utf8))
        }
        let snapshot = #"{"history":{"playback":"Paused"},"state":"Media(Active, Muted)"}"#
        #expect(throws: DecodingError.self) { try decoder.decode(DeckSnapshot.self, from: Data(snapshot.utf8)) }
        let valid = try decoder.decode(
            DeckSnapshot.self,
            from: Data(snapshot.replacingOccurrences(of: "Active", with: "Playing").utf8))
        #expect(valid.state == .media(DeckState.Media(playback: .playing, volume: .muted)))
        #expect(valid.history.playback == .paused)
    }

    /// `Initial: Standby` starts in Idle; entering Active runs its entry action and its
    /// initial row's and ends in Playing, which Playback's deep history then stores.
    @Test func enteringThemEntersTheirInitialSubstates() {
        let deck = Deck(actions: DeckMoves())
        #expect(deck.state == .idle)
        deck.power()
        #expect(
            deck.play()
                == .transitioned(from: .media(DeckState.Media()), to: .media(DeckState.Media(playback: .playing))))
        #expect(deck.actions.log == ["spin", "lift"])
        deck.pause()
        deck.power()
        #expect(deck.state == .idle)
        #expect(deck.history.playback == .paused)
        deck.power()
        #expect(deck.state == .media(DeckState.Media(playback: .paused)))
    }
}

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

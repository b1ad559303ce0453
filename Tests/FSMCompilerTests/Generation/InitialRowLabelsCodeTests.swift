import FSMCompiler
import FSMTestSupport
import Testing

/// An initial row reads the labels of the row that entered its superstate (Language
/// reference › State data): its actions and computing actions take them, in machines with and
/// without parallel states, and the machine does what `fsmc simulate` says it does, with the
/// computing actions after the row's actions and before the entry actions.
@Suite struct InitialRowLabelsCodeTests {
    /// `count` is `Go`'s value in `Go`'s row, and `Idle`'s in `Again`'s; the initial row's
    /// raised `Noted` carries it.
    static let levels = """
        FSM: Levels
        Initial: Idle
        State: Idle(count: Int)
        State: Low(level: Int)
        Event: Go(count: Int)
        Event: Noted(count: Int)
        Action: clamped(_ count: Int) -> Int
        {
          Idle { Go Active begin(count)  Again Active - }
          Active <enterActive {
            - Low(level: clamped(count)) {note(count) ^Noted}
            Reset Idle(count: 5) -
          }
          Low : Active <entered(level) { Noted - heard(count) }
        }

        """

    static let levelsDriver = #"""
        final class Log { var lines: [String] = [] }
        struct Recorder: LevelsActions {
            let log: Log
            func begin(_ count: Int) { log.lines.append("begin(\(count))") }
            func clamped(_ count: Int) -> Int { log.lines.append("clamped(\(count))"); return count * 10 }
            func enterActive() { log.lines.append("enterActive") }
            func note(_ count: Int) { log.lines.append("note(\(count))") }
            func entered(_ level: Int) { log.lines.append("entered(\(level))") }
            func heard(_ count: Int) { log.lines.append("heard(\(count))") }
        }
        let log = Log()
        let machine = Levels(actions: Recorder(log: log), count: 4)
        let events: [(String, LevelsEvent)] = [("Go", .go(count: 9)), ("Reset", .reset), ("Again", .again)]
        for (name, event) in events {
            _ = machine.handle(event)
            print(([name, "->", "\(machine.state)"] + log.lines).joined(separator: " "))
            log.lines = []
        }

        """#

    /// `fsmc simulate Levels.sm --initial 'count: 4'` prints, for `Go(count: 9)`, `Reset` and
    /// `Again`: `{begin(9) enterActive note(9) ^Noted entered(clamped(9))}` then `Noted`'s
    /// `{heard(9)}`, `{}`, and the same with 5; the machine also logs its computing action
    /// where it runs.
    @Test func aMachineWithoutRegionsPassesTheEnteringRowsLabels() throws {
        let swift = try StateDataCodeTests.swift(of: Self.levels, named: "Levels")
        let output = try StateDataCodeTests.run(
            swift, named: "Levels", driver: Self.levelsDriver, executable: "InitialRowLabelsLevels")
        #expect(
            output == """
                Go -> Low(level: 90) begin(9) clamped(9) enterActive note(9) entered(90) heard(9)
                Reset -> Idle(count: 5)
                Again -> Low(level: 50) clamped(5) enterActive note(5) entered(50) heard(5)

                """)
    }

    /// A region entered by its own rules: `enterPlayback(_:url:)` takes the row's `url` for
    /// the initial row's action, `resolvePlayback(url:level:)` the labels its values read.
    static let deck = """
        FSM: Deck
        Initial: Off
        Parallel: Media
        History: Volume = shallow
        State: Playing(url: String, at: Int)
        Event: Load(url: String, level: Int)
        {
          Off >bye { Load Media hello(level) }
          (Media) <enterMedia { Power Off - }
          (Playback) : Media <enterPlayback { - Playing(at: plus(level, 1)) cue(url) }
          Playing : Playback <started(url, at) { Stop Stopped - }
          Stopped : Playback { }
          (Volume) : Media { - Quiet show(level) }
          Quiet : Volume { Up Loud - }
          Loud : Volume { Down Quiet - }
        }

        """

    static let deckDriver = #"""
        final class Log { var lines: [String] = [] }
        struct Recorder: DeckActions {
            let log: Log
            func bye() { log.lines.append("bye") }
            func hello(_ level: Int) { log.lines.append("hello(\(level))") }
            func enterMedia() { log.lines.append("enterMedia") }
            func enterPlayback() { log.lines.append("enterPlayback") }
            func cue(_ url: String) { log.lines.append("cue(\(url))") }
            func plus(_ level: Int, _ p2: Int) -> Int { log.lines.append("plus(\(level), \(p2))"); return level + p2 }
            func started(_ url: String, _ at: Int) { log.lines.append("started(\(url), \(at))") }
            func show(_ level: Int) { log.lines.append("show(\(level))") }
        }
        let log = Log()
        let machine = Deck(actions: Recorder(log: log))
        let events: [(String, DeckEvent)] = [
            ("Load", .load(url: "a", level: 3)), ("Up", .up), ("Power", .power), ("Load", .load(url: "b", level: 7)),
        ]
        for (name, event) in events {
            _ = machine.handle(event)
            print(([name, "->", "\(machine.state)"] + log.lines).joined(separator: " "))
            log.lines = []
        }

        """#

    /// `fsmc simulate Deck.sm` prints `{bye hello(3) enterMedia enterPlayback cue("a")
    /// started("a", plus(3, 1)) show(3)}` for the first `Load`, and for the second the
    /// shallow history's `Loud` without `show`.
    @Test func aRegionEnteredByItsRulesPassesTheEnteringRowsLabels() throws {
        let swift = try StateDataCodeTests.swift(of: Self.deck, named: "Deck")
        #expect(swift.contains("private func enterPlayback(_ value: DeckState.Media.Playback, url: String) {"))
        let output = try StateDataCodeTests.run(
            swift, named: "Deck", driver: Self.deckDriver, executable: "InitialRowLabelsDeck")
        #expect(
            output == """
                Load -> Media(Playing(url: "a", at: 4), Quiet) bye hello(3) plus(3, 1) enterMedia enterPlayback cue(a) started(a, 4) show(3)
                Up -> Media(Playing(url: "a", at: 4), Loud)
                Power -> Off
                Load -> Media(Playing(url: "b", at: 8), Loud) bye hello(7) plus(7, 1) enterMedia enterPlayback cue(b) started(b, 8)

                """)
    }
}

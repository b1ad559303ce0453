import FSMCommandLine
import FSMTestSupport
import Testing

/// An entry or exit action given a label is an error of the check, not of the parser
/// (issue 39, item 8): `fsmc check` reports it with the file's other errors in one run, and
/// `fsmc format`, which needs only the syntax, keeps the arguments as written.
@Suite struct EntryExitArgumentTests {
    /// Arguments to an entry and an exit action, an undefined state and a clash.
    static let source = """
        FSM: Player
        Initial: Idle
        {
          Idle <start(x) {
            Play  Playing  -
            Play  Paused   -
          }
          Playing >{ stop(x,  y) log } {
            Stop  Nowhere  -
            Pause Paused   -
          }
          Paused - - -
        }

        """

    @Test func checkReportsTheArgumentsWithTheOtherErrors() {
        let run = ToolTranscript.run(["check", "-"], input: Self.source)
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.split(separator: "\n").map(String.init) == [
                "<stdin>:4:15: error: 'start' is an entry action, which cannot take 'x': no event's values are there when it runs; pass a literal, or move the action into the rows [entryExitArguments]",
                "<stdin>:6:5: error: transition for event 'Play' in state 'Idle' goes to 'Paused', but an earlier one goes to 'Playing' [transitionClash]",
                "<stdin>:5:5: note: the other transition for 'Play' is here",
                "<stdin>:8:19: error: 'stop' is an exit action, which cannot take 'x': no event's values are there when it runs; pass a literal, or move the action into the rows [entryExitArguments]",
                "<stdin>:9:11: error: next state 'Nowhere' is not defined [undefinedState]",
            ])
    }

    @Test func compileWritesNothingAndFails() {
        let run = ToolTranscript.run(["compile", "-", "-o", "-"], input: Self.source)
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("[entryExitArguments]") && run.errors.contains("[undefinedState]"))
    }

    @Test func formatKeepsTheArguments() {
        let run = ToolTranscript.run(["format", "-"], input: Self.source)
        #expect(run.status == .success && run.errors.isEmpty)
        #expect(run.outputLines.contains("  Idle <start(x) {"))
        #expect(run.outputLines.contains("  Playing >{stop(x, y) log} {"))
        let again = ToolTranscript.run(["format", "-"], input: run.output)
        #expect(again.output == run.output)
    }
}

import FSMCompiler
import FSMTestSupport
import Testing

/// State data in the interpreter and `simulate` (Language reference › State data; Commands ›
/// fsmc simulate): values are text, a data state prints with the values it holds after
/// the row, and actions with the texts they are called with.
@Suite struct InterpreterDataTests {
    /// SPEC 1.7's download, its event `Begin` rather than `Start` (`start()` is the
    /// machine's own from version 3).
    static let download = """
        FSM: Download
        Initial: Idle
        Import: Foundation
        State: Downloading(url: URL, received: Int)
        State: Failed(url: URL, error: any Error)
        Event: Begin(url: URL)
        Event: Progress(bytes: Int)
        Event: Fail(error: any Error)
        {
          Idle                  { Begin  Downloading(received: 0)  begin(url) }
          Downloading >stop(url) {
            Progress  -(received: added(received, bytes))  -
            Fail      Failed   report(error)
            Cancel    Idle     -
          }
          Failed <show(error)   { Retry  Downloading(received: 0)  begin(url) }
        }
        """

    /// A deep history that resumes a data state, which keeps the values it was left with.
    static let player = """
        FSM: Player
        Initial: Off
        State: Playing(track: Int, position: Int)
        State: Paused(track: Int)
        History: On = deep
        Event: Play(track: Int)
        Event: Seek(position: Int)
        {
          Off      { Power On - }
          (On)     { - Stopped -  Power Off - }
          Stopped : On { Play Playing(position: 0) - }
          Playing : On <show(track) >hide(track) {
            Seek  -(position: position)  -
            Pause Paused  -
          }
          Paused : On { Resume Playing(position: 0) cue(track) }
        }
        """

    /// An initial row that writes a value, the others carried from the row that enters its
    /// superstate; a superstate's row, taken in each of its states, carrying their values.
    static let session = """
        FSM: Session
        Initial: Idle
        State: Connecting(host: String, attempt: Int)
        State: Ready(host: String)
        Event: Open(host: String)
        {
          Idle { Open Active - }
          (Active) {
            - Connecting(attempt: 1) dial
            Close Idle -
            Retry Connecting(attempt: 1) -
          }
          Connecting : Active <connect(host, attempt) {
            Done Ready -
            Fail -(attempt: next(attempt)) -
          }
          Ready : Active >leave(host) - - -
        }
        """

    /// An initial state that holds values, given when the machine is created.
    static let counter = """
        FSM: Counter
        Initial: Counting
        State: Counting(count: Int, step: Int)
        {
          Counting <show(count) {
            Add    -(count: plus(count, step))  -
            Reset  Counting(count: 0)  -
          }
        }
        """

    static func run(_ source: String, _ lines: [String], initial: [String: String] = [:]) throws -> [String] {
        var simulation = Simulation(try #require(machine(source)), initialValues: initial)
        return try lines.compactMap { try simulation.run(line: $0) }
    }

    @Test(arguments: [
        // Literals as written, event values as given, carried values, a computing action's
        // call; exit actions with the values left, entry actions with those entered.
        (
            download,
            [#"Begin(url: "https://x")"#, "Progress(bytes: 512)", "Fail(error: e)", "Retry", "Cancel"],
            [
                #"Idle Begin -> Downloading(url: "https://x", received: 0) {begin("https://x")}"#,
                #"Downloading Progress -> Downloading(url: "https://x", received: added(0, 512)) {}"#,
                #"Downloading Fail -> Failed(url: "https://x", error: e) {stop("https://x") report(e) show(e)}"#,
                #"Failed Retry -> Downloading(url: "https://x", received: 0) {begin("https://x")}"#,
                #"Downloading Cancel -> Idle {stop("https://x")}"#,
            ]
        ),
        // An event given by its name alone: its values are their labels; a rewrite
        // nests the calls it reads.
        (
            download,
            ["Begin", "Progress", "Progress(bytes: 3)"],
            [
                "Idle Begin -> Downloading(url: url, received: 0) {begin(url)}",
                "Downloading Progress -> Downloading(url: url, received: added(0, bytes)) {}",
                "Downloading Progress -> Downloading(url: url, received: added(added(0, bytes), 3)) {}",
            ]
        ),
        // History resumes a data state with the values it was left with.
        (
            player,
            ["Power", "Play(track: 7)", "Seek(position: 30)", "Power", "Power", "Pause", "Resume"],
            [
                "Off Power -> Stopped {}",
                "Stopped Play -> Playing(track: 7, position: 0) {show(7)}",
                "Playing Seek -> Playing(track: 7, position: 30) {}",
                "Playing Power -> Off {hide(7)}",
                "Off Power -> Playing(track: 7, position: 30) {show(7)}",
                "Playing Pause -> Paused(track: 7) {hide(7)}",
                "Paused Resume -> Playing(track: 7, position: 0) {cue(7) show(7)}",
            ]
        ),
        // An initial row writes `attempt` and carries `host` from the event that entered
        // its superstate; a superstate's row carries the values of the state taking it.
        (
            session,
            [#"Open(host: "a.example")"#, "Fail", "Done", "Retry", "Close"],
            [
                #"Idle Open -> Connecting(host: "a.example", attempt: 1) {dial connect("a.example", 1)}"#,
                #"Connecting Fail -> Connecting(host: "a.example", attempt: next(1)) {}"#,
                #"Connecting Done -> Ready(host: "a.example") {}"#,
                #"Ready Retry -> Connecting(host: "a.example", attempt: 1) {leave("a.example") connect("a.example", 1)}"#,
                "Connecting Close -> Idle {}",
            ]
        ),
        // `EntryExit: onChange`: a row that names the state it is in writes its values
        // without running the lists; carried by label, a value is the event's.
        (
            """
            FSM: Gauge
            Initial: Idle
            EntryExit: onChange
            State: Reading(value: Int)
            Event: Sample(value: Int)
            {
              Idle { Sample Reading - }
              Reading <show(value) >hide(value) {
                Sample Reading -
                Clear Reading(value: 0) -
                Stop Idle -
              }
            }
            """,
            ["Sample(value: 1)", "Sample(value: 2)", "Clear", "Stop"],
            [
                "Idle Sample -> Reading(value: 1) {show(1)}",
                "Reading Sample -> Reading(value: 2) {}",
                "Reading Clear -> Reading(value: 0) {}",
                "Reading Stop -> Idle {hide(0)}",
            ]
        ),
        // A raised event carries a value the row's event does not from the state that takes
        // the row (its values before the row), and from an exit list its own state's.
        (
            """
            FSM: Relay
            Initial: Idle
            State: Busy(job: Int, tries: Int)
            Event: Start(job: Int)
            Event: Report(job: Int, tries: Int)
            Event: Done(job: Int)
            {
              Idle { Start Busy(tries: 0) -  Report - log(job, tries)  Done - finished(job) }
              Busy >^Done { Retry -(tries: 1) ^Report  Fail Idle ^Report }
            }
            """,
            ["Start(job: 4)", "Retry", "Fail"],
            [
                "Idle Start -> Busy(job: 4, tries: 0) {}",
                "Busy Retry -> Busy(job: 4, tries: 1) {^Report}\nBusy Report unhandled",
                "Busy Fail -> Idle {^Done ^Report}\nIdle Done -> Idle {finished(4)}\nIdle Report -> Idle {log(4, 1)}",
            ]
        ),
        // Regions: a region's initial row writes values; a parallel state's row into a
        // region enters the other regions again by their initial rows, with their values.
        (
            """
            FSM: Mixer
            Initial: Off
            Parallel: Media
            State: Playing(url: String)
            State: Muted(level: Int)
            Event: Load(url: String)
            {
              Off { Power Media - }
              (Media) { Power Off -  Load Playing(url: url) - }
              (Playback) : Media { - Stopped - }
              Stopped : Playback - - -
              Playing : Playback >stop(url) { Stop Stopped - }
              (Volume) : Media { - Muted(level: 5) - }
              Muted : Volume <quiet(level) { Louder -(level: up(level)) - }
            }
            """,
            ["Power", "Louder", #"Load(url: "a")"#, #"Load(url: "b")"#, "Power"],
            [
                "Off Power -> Media(Stopped, Muted(level: 5)) {quiet(5)}",
                "Muted Louder -> Muted(level: up(5)) {}",
                #"Media(Stopped, Muted) Load -> Media(Playing(url: "a"), Muted(level: 5)) {quiet(5)}"#,
                #"Media(Playing, Muted) Load -> Media(Playing(url: "b"), Muted(level: 5)) {stop("a") quiet(5)}"#,
                #"Media(Playing, Muted) Power -> Off {stop("b")}"#,
            ]
        ),
    ])
    func valuesThroughRows(source: String, events: [String], expected: [String]) throws {
        #expect(try Self.run(source, events) == expected)
    }

    /// The initial state's values are the initializer's, by label; without them, their
    /// labels. A row that names its own state runs its exit actions with the old values and
    /// its entry actions with the new.
    @Test func initialValues() throws {
        #expect(
            try Self.run(Self.counter, ["Add", "Add", "Reset"], initial: ["count": "5", "step": "2"]) == [
                "Counting Add -> Counting(count: plus(5, 2), step: 2) {}",
                "Counting Add -> Counting(count: plus(plus(5, 2), 2), step: 2) {}",
                "Counting Reset -> Counting(count: 0, step: 2) {show(0)}",
            ])
        #expect(
            try Self.run(Self.counter, ["Add"]) == ["Counting Add -> Counting(count: plus(count, step), step: step) {}"]
        )
        let model = try #require(machine(Self.counter))
        #expect(model.initialLabels == ["count", "step"])
        #expect(
            try Simulation.initialValues(#"step: 2, count: "x, y""#, of: model) == ["count": #""x, y""#, "step": "2"])
        for (text, message) in [
            ("cnt: 1", "'cnt' is not a value the machine starts with; it starts with the values 'count' and 'step'"),
            ("count: 1, count: 2", "'count' is given twice"),
            ("count", "expected 'label: value', found 'count'"),
        ] {
            #expect(throws: Simulation.Failure(message, column: text == "count: 1, count: 2" ? 11 : 1)) {
                try Simulation.initialValues(text, of: model)
            }
        }
        let download = try #require(machine(Self.download))
        #expect(throws: Simulation.Failure("the initial state 'Idle' is given no values; leave out --initial")) {
            try Simulation.initialValues("url: 1", of: download)
        }
    }

    /// In `EntryExit: always` a rewrite runs the full lists, exit with the values before
    /// and entry with the values after; a raised event carries the values of its row.
    @Test func rewritesInEntryExitAlwaysAndRaisedValues() throws {
        let source = """
            FSM: Meter
            Initial: Idle
            EntryExit: always
            State: Measuring(level: Int)
            Event: Sample(level: Int)
            Event: Logged(level: Int)
            {
              Idle { Sample Measuring - }
              Measuring <on(level) >off(level) {
                Sample -(level: level) ^Logged
                Logged - record(level)
              }
            }
            """
        #expect(
            try Self.run(source, ["Sample(level: 1)", "Sample(level: 2)"]) == [
                "Idle Sample -> Measuring(level: 1) {on(1)}",
                "Measuring Sample -> Measuring(level: 2) {off(1) ^Logged on(2)}\n"
                    + "Measuring Logged -> Measuring(level: 2) {off(2) record(2) on(2)}",
            ])
    }

    /// Values take no part in where a machine goes: the search of `paths` and `verify`
    /// keeps none, and finds the configurations it finds without them.
    @Test func explorationIgnoresValues() throws {
        let model = try #require(machine(Self.download))
        var exploring = Interpreter(model).exploring()
        var describing = Interpreter(model)
        let begin = try #require(model.events.firstIndex { $0.name == "Begin" })
        let explored = exploring.handle(begin, predicates: [], conditions: [], values: [#""x""#])
        let described = describing.handle(begin, predicates: [], conditions: [], values: [#""x""#])
        #expect(exploring.stateValues.isEmpty && explored.firings[0].values.isEmpty)
        #expect(exploring.leaves == describing.leaves)
        #expect(described.firings[0].values.count == 1)
        #expect(describing.stateValues.count == 1)
        let space = try StateSpace(model)
        #expect(space.nodes.count == 3)
        #expect(PathCover(space, criterion: .transitions).paths.count > 0)
    }

    /// A machine restored in a data state holds its values' labels.
    @Test func restoredValuesAreLabels() throws {
        let model = try #require(machine(Self.download))
        let downloading = try #require(model.states.firstIndex { $0.name == "Downloading" })
        let interpreter = try Interpreter(model, state: downloading)
        #expect(interpreter.stateValues == [downloading: ["url", "received"]])
        // A history restored with the machine resumes its state with the labels too.
        let player = try #require(machine(Self.player))
        let (off, on, playing) = try (
            #require(player.states.firstIndex { $0.name == "Off" }),
            #require(player.states.firstIndex { $0.name == "On" }),
            #require(player.states.firstIndex { $0.name == "Playing" })
        )
        var restored = try Interpreter(player, state: off, history: [on: playing])
        let power = try #require(player.events.firstIndex { $0.name == "Power" })
        #expect(
            restored.line(for: restored.handle(power, predicates: [], conditions: []))
                == "Off Power -> Playing(track: track, position: position) {show(track)}")
    }

    /// A value computed from itself twice doubles its text on every rewrite: past
    /// `Interpreter.valueTextLimit` bytes of arguments the call shows them as `…`, so that
    /// a long run neither grows without bound nor slows to a halt.
    @Test func aValueTextStopsGrowingAtTheLimit() throws {
        let source = """
            FSM: Doubling
            Initial: Counting
            State: Counting(count: Int)
            {
              Counting { Double -(count: twice(count, count)) - }
            }
            """
        let lines = try Self.run(source, Array(repeating: "Double", count: 40), initial: ["count": "1"])
        #expect(lines.count == 40)
        #expect(lines[1] == "Counting Double -> Counting(count: twice(twice(1, 1), twice(1, 1))) {}")
        #expect(lines.allSatisfy { $0.utf8.count < 2 * Interpreter.valueTextLimit })
        #expect(lines[13] == "Counting Double -> Counting(count: twice(…)) {}")
    }
}

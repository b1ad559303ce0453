import FSMCommandLine
import FSMTestSupport
import Testing

/// `fsmc simulate` (Commands › fsmc simulate), run in-process on the examples.
@Suite struct SimulateCommandTests {
    static let turnstile = Paths.examples + "/Turnstile/Turnstile.sm"
    static let enforced = Paths.examples + "/EnforcedTurnstile/EnforcedTurnstile.sm"

    @Test func turnstileEventsFromTheCommandLine() {
        let run = ToolTranscript.run(["simulate", Self.turnstile, "--events", "Coin,Pass,Pass"])
        #expect(run.status == .success)
        #expect(
            run.output == """
                Locked Coin -> Unlocked {unlock}
                Unlocked Pass -> Locked {lock}
                Locked Pass -> Alarming {alarmOn}

                """)
        #expect(run.errors.isEmpty)
    }

    @Test func predicatesAndConditionsFromTheCommandLine() {
        let run = ToolTranscript.run([
            "simulate", Self.enforced, "--events", "Pass, Reset,Coin", "--predicate", "Enforcement=strong",
            "--predicate=Reward=positive", "--condition", "isSupervisorPresent=false",
        ])
        #expect(run.status == .success)
        #expect(
            run.outputLines == [
                "Locked Pass [Enforcement=strong] -> Alarming {defconOne alarmOn}",
                // Without a supervisor, the less specific row: the condition's "else".
                "Alarming Reset -> Alarming {logRefusedReset}",
                "Alarming Coin unhandled",
            ])
    }

    /// A delayed event is given as `after(30s)`: the running timer of that duration fires.
    @Test func timersFromTheCommandLine() {
        let run = ToolTranscript.run([
            "simulate", Paths.fixtures + "/Machines/TimedPlayer.sm", "--condition", "canRetry=false",
            "--events", "Load,Progress,after(30s),Load,Ready,after(30s),Pause,after(300s)",
        ])
        #expect(run.status == .success)
        #expect(
            run.outputLines == [
                "Idle Load -> Buffering {startLoading showControls showSpinner}",
                "Buffering Progress -> Buffering {updateProgress}",
                "Buffering after(30s) -> Failed {hideSpinner hideControls showTimeout}",
                "Failed Load -> Buffering {startLoading showControls showSpinner}",
                "Buffering Ready -> Playing {hideSpinner}",
                "Playing after(30s) unhandled",
                "Playing Pause -> Paused {pause}",
                "Paused after(5min) -> Idle {hideControls stopAll}",
            ])
    }

    /// State data: values as text, `--initial` for the values the machine starts with
    /// (Commands › fsmc simulate).
    @Test func stateDataAndInitialValues() throws {
        let download = Paths.fixtures + "/Machines/Download.sm"
        let run = ToolTranscript.run(["simulate", download, "--events", #"Begin(url: "https://x"),Progress,Cancel"#])
        #expect(run.status == .success)
        #expect(
            run.outputLines == [
                #"Idle Begin -> Downloading(url: "https://x", received: 0) {begin("https://x")}"#,
                #"Downloading Progress -> Downloading(url: "https://x", received: added(0, bytes)) {}"#,
                #"Downloading Cancel -> Idle {stop("https://x")}"#,
            ])
        let folder = try TemporaryFolder("fsmc-simulate")
        defer { folder.remove() }
        let path = try folder.write(
            "Counter.sm",
            "FSM: Counter\nInitial: Counting\nState: Counting(count: Int, step: Int)\n{\n"
                + "  Counting { Add -(count: plus(count, step)) - }\n}\n")
        let started = ToolTranscript.run(["simulate", path, "--initial", "step: 2, count: 5", "--events", "Add"])
        #expect(started.outputLines == ["Counting Add -> Counting(count: plus(5, 2), step: 2) {}"])
        let unknown = ToolTranscript.run(["simulate", path, "--initial", "cnt: 5", "--events", "Add"])
        #expect(unknown.status == .usage)
        #expect(
            unknown.errors.hasPrefix(
                "fsmc: error: --initial, column 1: 'cnt' is not a value the machine starts with; it starts with the values 'count' and 'step'\n"
            ))
        let none = ToolTranscript.run(["simulate", download, "--initial", "url: 1", "--events", "Begin"])
        #expect(none.status == .usage)
        #expect(none.errors.contains("the initial state 'Idle' is given no values; leave out --initial"))
    }

    @Test func standardInputChangesValuesBetweenEvents() {
        let input =
            "Enforcement=weak\nReward=negative\nisSupervisorPresent=true\nPass\r\nEnforcement=strong\n\n// now strictly\nPass\nReset\n"
        let run = ToolTranscript.run(["simulate", Self.enforced], input: input)
        #expect(run.status == .success)
        #expect(
            run.outputLines == [
                "Locked Pass [Enforcement=weak] -> Locked {smile lock}",
                "Locked Pass [Enforcement=strong] -> Alarming {defconOne alarmOn}",
                "Alarming Reset [isSupervisorPresent] -> Locked {alarmOff logReset lock}",
            ])
    }

    @Test func unknownEventOnStandardInputIsLocatedAndStopsTheRun() {
        let run = ToolTranscript.run(["simulate", Self.turnstile], input: "Coin\n  Kick\nPass\n")
        #expect(run.status == .failure)
        #expect(run.outputLines == ["Locked Coin -> Unlocked {unlock}"])
        #expect(run.errors == "<stdin>:2:3: error: unknown event 'Kick'; events are Reset, Coin or Pass\n")
    }

    @Test func unknownEventInTheListNamesItsPositionAndRunsNothing() {
        let run = ToolTranscript.run(["simulate", Self.turnstile, "--events", "Coin,Pass,Kick"])
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(
            run.errors == "fsmc: error: event 3 of --events: unknown event 'Kick'; events are Reset, Coin or Pass\n")
        #expect(
            ToolTranscript.run(["simulate", Self.turnstile, "--events", "Coin,,Pass"]).errors
                == "fsmc: error: event 2 of --events: empty event name\n")
    }

    @Test func aStepNeedsTheValuesItReadsAndSaysWhich() {
        let run = ToolTranscript.run(
            ["simulate", Self.enforced, "--events", "Coin,Coin,Pass", "--predicate", "Reward=positive"])
        #expect(run.status == .usage)
        #expect(
            run.outputLines == [
                "Locked Coin -> Unlocked {unlock}", "Unlocked Coin [Reward=positive] -> Unlocked {thankyou}",
            ])
        #expect(
            run.errors.hasPrefix(
                "fsmc: error: event 3 of --events: event 'Pass' in Unlocked needs a value for 'Enforcement=weak|strong'; give --predicate Enforcement=weak|strong\n"
            ))
        let onInput = ToolTranscript.run(
            ["simulate", Self.enforced, "--predicate", "Enforcement=strong"], input: "Pass\nReset\n")
        #expect(onInput.status == .failure)
        #expect(onInput.outputLines == ["Locked Pass [Enforcement=strong] -> Alarming {defconOne alarmOn}"])
        #expect(
            onInput.errors
                == "<stdin>:2:1: error: event 'Reset' in Alarming needs a value for 'isSupervisorPresent=true|false'; set it on a line before the event\n"
        )
    }

    /// `after(…)` in `--events` is the timer running when its turn comes (issue 39, item 1).
    @Test func delayedEventsInTheListFireTheTimerRunningThen() throws {
        let folder = try TemporaryFolder("fsmc-simulate")
        defer { folder.remove() }
        let file = try folder.write(
            "Hops.sm",
            """
            FSM: Hops
            Initial: A
            Isolation: MainActor
            {
              A { Go S -  Jump R - }
              R { after(100ms) A - }
              S { after(100ms) A - }
            }

            """)
        let run = ToolTranscript.run(["simulate", file, "--events", "Go,after(100ms),Jump,after(100ms)"])
        #expect(run.status == .success)
        #expect(
            run.outputLines == ["A Go -> S {}", "S after(100ms) -> A {}", "A Jump -> R {}", "R after(100ms) -> A {}"])
    }

    @Test(arguments: [
        (
            ["--predicate", "Enforcement=medium"],
            "--predicate Enforcement=medium: 'medium' is not a case of predicate type 'Enforcement'; its cases are weak or strong"
        ),
        (
            ["--predicate", "Speed=fast"],
            "--predicate Speed=fast: unknown predicate type or condition 'Speed'; predicate types and conditions are Enforcement, Reward or isSupervisorPresent"
        ),
        (
            ["--condition", "isSupervisorPresent=maybe"],
            "--condition isSupervisorPresent=maybe: condition 'isSupervisorPresent' is 'true' or 'false', not 'maybe'"
        ),
        (["--predicate", "Reward=positive", "--predicate", "Reward=negative"], "'Reward' is given twice"),
        (
            ["--predicate", "Reward"],
            "--predicate Reward: expected 'Type=case' or 'condition=true|false', found 'Reward'"
        ),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) {
        let run = ToolTranscript.run(["simulate", Self.enforced, "--events", "Pass"] + arguments)
        #expect(run.status == .usage)
        #expect(run.errors.hasPrefix("fsmc: error: \(message)\nusage: fsmc simulate FILE"))
    }

    @Test func machineOnStandardInputNeedsTheEventsOnTheCommandLine() {
        let source = String(decoding: readBytes(Self.turnstile), as: UTF8.self)
        #expect(ToolTranscript.run(["simulate", "-"], input: source).status == .usage)
        let run = ToolTranscript.run(["simulate", "-", "--events", "Coin"], input: source)
        #expect(run.outputLines == ["Locked Coin -> Unlocked {unlock}"])
    }

    @Test func inputWithErrorsOrMissingIsNotSimulated() {
        let broken = ToolTranscript.run(["simulate", "-", "--events", "Coin"], input: "FSM: X\n{ A Coin B - }\n")
        #expect(broken.status == .failure)
        #expect(broken.output.isEmpty)
        #expect(broken.errors.contains("<stdin>:"))
        let missing = ToolTranscript.run(["simulate", Paths.examples + "/Nowhere.sm", "--events", "Coin"])
        #expect(missing.status == .ioFailure)
        #expect(missing.errors == "fsmc: error: cannot read '\(Paths.examples)/Nowhere.sm': no such file\n")
    }

    @Test func helpDescribesTheCommand() {
        let run = ToolTranscript.run(["help", "simulate"])
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("usage: fsmc simulate FILE [--events E1,E2,...]"))
        #expect(run.output.contains("A step needs a value for every predicate type"))
        #expect(ToolTranscript.run(["--help"]).output.contains("  simulate "))
    }
}

/// `fsmc simulate`, `table`, `compile` and `graph` of a machine with parallel states.
@Suite struct RegionCommandTests {
    static let player = Paths.fixtures + "/Machines/RegionPlayer.sm"

    @Test func simulateAndTableOfTheMediaPlayer() {
        let run = ToolTranscript.run(["simulate", Self.player, "--events", "Power,Play,Mute,Power,Stop"])
        #expect(run.status == .success)
        #expect(
            run.outputLines == [
                "Off Power -> Media(Stopped, Normal) {offEx mEn pbEn sEn vEn nEn}",
                "Stopped Play -> Playing {sEx start plEn}",
                "Normal Mute -> Muted {nEx mute muEn}",
                "Media(Playing, Muted) Power -> Off {muEx vEx plEx pbEx mEx offEn}",
                "Off Stop unhandled",
            ])
        let table = ToolTranscript.run(["table", Self.player, "--format", "markdown"])
        #expect(table.status == .success)
        #expect(
            table.outputLines.prefix(4) == [
                "| State | Event | Guard | Next state | Actions |",
                "|---|---|---|---|---|",
                "| **Off** | Power |   | Media(Stopped, Normal) | offEx, mEn, pbEn, sEn, vEn, nEn |",
                "| **Media** | Power |   | Off | exit(Media), offEn |",
            ])
    }

    @Test func compileWritesTheConfigurationAndGraphDrawsIt() {
        let compiled = ToolTranscript.run(["compile", Self.player, "-o", "-"])
        #expect(compiled.status == .success)
        #expect(compiled.output.contains("case media(_: Media)"))
        #expect(
            compiled.output.contains(
                "private func handleInMedia(_ event: PlayerRegionsEvent, _ source: PlayerRegionsState.Media) -> Outcome {"
            ))
        let mermaid = ToolTranscript.run(["graph", Self.player])
        #expect(mermaid.status == .success)
        #expect(mermaid.outputLines.contains("        --"))
        let dot = ToolTranscript.run(["graph", Self.player, "--format", "dot"])
        #expect(dot.status == .success)
        #expect(dot.output.contains("subgraph \"cluster_Volume\""))
    }
}

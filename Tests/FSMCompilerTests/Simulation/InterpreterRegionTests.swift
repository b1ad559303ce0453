import FSMCompiler
import FSMTestSupport
import Testing

/// Machines with parallel states run in configurations (Language reference › Regions): each
/// region takes an event by itself, a parallel state's own rows only when no region does,
/// exits in reverse region order, forks, joins, history of a configuration, nested regions
/// and timers. The lines are those of Commands › fsmc simulate: one line per row that
/// fired.
@Suite struct InterpreterRegionTests {
    static let player = Paths.fixtures + "/Machines/RegionPlayer.sm"
    static let recorder = Paths.fixtures + "/Machines/Recorder.sm"
    static let editor = Paths.fixtures + "/Machines/Editor.sm"

    /// The lines `simulate` prints for `events`, run from the initial configuration.
    static func simulate(_ path: String, _ events: [String], values: [String] = []) throws -> [String] {
        let model = try #require(machine(String(decoding: readBytes(path), as: UTF8.self)))
        var simulation = Simulation(model)
        for value in values { try simulation.assign(value) }
        return try events.flatMap {
            try simulation.handle(simulation.event($0)).split(separator: "\n").map(String.init)
        }
    }

    static func table(_ path: String) -> [String] {
        tableLines(String(decoding: readBytes(path), as: UTF8.self))
    }

    /// The player of Language reference › Regions: Play and Mute each change one region;
    /// Power leaves both.
    @Test func mediaPlayerRunsAsTheSpecificationSays() throws {
        #expect(
            try Self.simulate(Self.player, ["Power", "Play", "Mute", "Power", "Power", "Stop"]) == [
                "Off Power -> Media(Stopped, Normal) {offEx mEn pbEn sEn vEn nEn}",
                "Stopped Play -> Playing {sEx start plEn}",
                "Normal Mute -> Muted {nEx mute muEn}",
                "Media(Playing, Muted) Power -> Off {muEx vEx plEx pbEx mEx offEn}",
                "Off Power -> Media(Stopped, Normal) {offEx mEn pbEn sEn vEn nEn}",
                "Media(Stopped, Normal) Stop unhandled",
            ])
    }

    @Test func mediaPlayerTable() {
        #expect(
            Self.table(Self.player) == [
                "Off Power -> Media(Stopped, Normal) {offEx mEn pbEn sEn vEn nEn}",
                "Media Power -> Off {exit(Media) offEn}",
                "Stopped Play -> Playing {sEx start plEn}",
                "Playing Stop -> Stopped {plEx stop sEn}",
                "Normal Mute -> Muted {nEx mute muEn}",
                "Muted Mute -> Normal {muEx unmute nEn}",
            ])
    }

    /// A fork enters the states it names and the other regions by their initial rows; a
    /// join is a row of the parallel state whose state tests read the configuration; a
    /// failing one rejects; an event both regions take fires one row in each, in order;
    /// deep history of the parallel state restores every region.
    @Test func forkJoinAndDeepHistory() throws {
        #expect(
            try Self.simulate(
                Self.recorder,
                [
                    "Start", "Tick", "Done", "Stop", "Done", "Save", "Done", "Back", "Save",
                    "Reset", "Abort", "Resume",
                ]) == [
                    "Idle Start -> Session(Recording, Dirty) {idleEx sEn cEn rEn stEn dEn}",
                    "Recording Tick -> Recording {tickCapture}",
                    "Dirty Tick -> Dirty {tickStorage}",
                    "Session(Recording, Dirty) Done [in(Finished), in(Saved)] rejected",
                    "Recording Stop -> Finished {rEx fEn}",
                    "Session(Finished, Dirty) Done [in(Finished)] -> Session(Finished, Dirty) {wait}",
                    "Dirty Save -> Saved {dEx svEn}",
                    "Session(Finished, Saved) Done [in(Finished), in(Saved)] -> Idle {svEx stEx fEx cEx sEx report idleEn}",
                    "Idle Back -> Session(Finished, Saved) {idleEx sEn cEn fEn stEn svEn}",
                    "Session(Finished, Saved) Save unhandled",
                    // A parallel state's row to a state inside it leaves and enters every region.
                    "Session(Finished, Saved) Reset -> Session(Recording, Dirty) {svEx stEx fEx cEx reset cEn rEn stEn dEn}",
                    "Session(Recording, Dirty) Abort -> Idle {dEx stEx rEx cEx sEx idleEn}",
                    "Idle Resume -> Session(Recording, Saved) {idleEx resume sEn cEn rEn stEn svEn}",
                ])
        #expect(
            Self.table(Self.recorder) == [
                "Idle Start -> Session(history) {idleEx}",
                "Idle Resume -> Session(Recording, Saved) {idleEx resume sEn cEn rEn stEn svEn}",
                "Idle Back -> Session(history) {idleEx}",
                "Session Done [in(Finished), in(Saved)] -> Idle {exit(Session) report idleEn}",
                "Session Done [in(Finished)] -> Session {wait}",
                "Session Abort -> Idle {exit(Session) idleEn}",
                "Session Reset -> Session(Recording, Dirty) {exit(Storage) exit(Capture) reset cEn rEn stEn dEn}",
                "Recording Stop -> Finished {rEx fEn}",
                "Recording Tick -> Recording {tickCapture}",
                "Dirty Save -> Saved {dEx svEn}",
                "Dirty Tick -> Dirty {tickStorage}",
                "Saved Edit -> Dirty {svEx dEn}",
            ])
    }

    /// A parallel state inside a region; shallow history of the outer one re-enters each
    /// region by its own rules (a region's deep history resumes, another starts anew);
    /// timers of a region's state; a fork into the nested regions.
    @Test func nestedRegionsHistoryAndTimers() throws {
        #expect(
            try Self.simulate(
                Self.editor,
                [
                    "Open", "Toggle", "Flip", "Save", "Toggle", "after(1s)", "after(1s)",
                    "Close", "Open", "Toggle", "Reset", "Close", "Bold",
                ]) == [
                    "Closed Open -> Open(Editing(Plain, Left), Synced) {oEn eEn}",
                    "Plain Toggle -> Bold {bEn}",
                    "Left Flip -> Right {}",
                    "Synced Save -> Syncing {syEn}",
                    "Bold Toggle -> Plain {bEx}",
                    "Syncing Toggle -> Syncing {noteToggle}",
                    "Syncing after(1s) -> Synced {syEx done}",
                    "Open(Editing(Plain, Right), Synced) after(1s) unhandled",
                    "Open(Editing(Plain, Right), Synced) Close -> Closed {eEx oEx}",
                    "Closed Open -> Open(Editing(Plain, Left), Synced) {oEn eEn}",
                    "Plain Toggle -> Bold {bEn}",
                    // A parallel state's row naming itself leaves and enters it; Style resumes Bold.
                    "Editing(Bold, Left) Reset -> Editing(Bold, Left) {bEx eEx eEn bEn}",
                    "Open(Editing(Bold, Left), Synced) Close -> Closed {bEx eEx oEx}",
                    "Closed Bold -> Open(Editing(Bold, Right), Synced) {oEn eEn bEn}",
                ])
        #expect(
            Self.table(Self.editor) == [
                "Closed Open -> Open(history) {}",
                "Closed Bold -> Open(Editing(Bold, Right), Synced) {oEn eEn bEn}",
                "Open Close -> Closed {exit(Open)}",
                "Editing Reset -> Editing(Style(history), Left) {exit(Editing)}",
                "Plain Toggle -> Bold {bEn}",
                "Bold Toggle -> Plain {bEx}",
                "Left Flip -> Right {}",
                "Right Flip -> Left {}",
                "Synced Save -> Syncing {syEn}",
                "Syncing after(1s) -> Synced {syEx done}",
                "Syncing Toggle -> Syncing {noteToggle}",
            ])
    }

    /// The interpreter's state as data: the configuration, the histories written when a
    /// state with history is left, the timers of the active states.
    @Test func configurationHistoryAndTimersAsData() throws {
        let model = try #require(machine(String(decoding: readBytes(Self.editor), as: UTF8.self)))
        let index = { (name: String) in model.states.firstIndex { $0.name == name }! }
        let event = { (name: String) in model.events.firstIndex { $0.name == name }! }
        var interpreter = Interpreter(model)
        #expect(interpreter.leaves == [index("Closed")])
        interpreter.handle(event("Open"), predicates: [], conditions: [])
        #expect(interpreter.leaves == [index("Plain"), index("Left"), index("Synced")])
        interpreter.handle(event("Save"), predicates: [], conditions: [])
        #expect(interpreter.runningTimers == [event("after(1s)")])
        interpreter.handle(event("Close"), predicates: [], conditions: [])
        #expect(interpreter.runningTimers.isEmpty)
        #expect(
            interpreter.history == [
                index("Open"): [index("Plain"), index("Left"), index("Syncing")],
                index("Style"): [index("Plain")],
            ])
        // Restored in a configuration, no entry action runs and its timers run.
        let restored = try Interpreter(model, leaves: [index("Syncing"), index("Bold"), index("Right")])
        #expect(restored.leaves == [index("Bold"), index("Right"), index("Syncing")])
        #expect(restored.runningTimers == [event("after(1s)")])
        #expect(model.initialConfiguration == [index("Closed")])
    }
}

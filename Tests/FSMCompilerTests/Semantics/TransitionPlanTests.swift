import FSMCompiler
import FSMTestSupport
import Testing

/// A row's plan (Language reference › Entry and exit, Regions): what the statechart decides
/// before the machine runs, which the generator of machines with regions renders and
/// `Statechart.move` applies. Each expectation lists the exits, then `|`, then the entries:
/// `Volume*` is a region left as a whole, `Playback…` a state entered by its own rules.
@Suite struct TransitionPlanTests {
    static let player = """
        FSM: Plans
        Initial: Off
        Parallel: Media
        {
          Off                   { Power Media -  Jump Muted - }
          (Media)               { Power Off -  Reset Media -  Skip Playing - }
          (Playback) : Media    { - Stopped - }
          Stopped : Playback    { Play Playing - }
          Playing : Playback    { Stop Stopped -  Out Off - }
          (Volume) : Media      { - Normal - }
          Normal : Volume       { Mute Muted -  Again Media - }
          Muted : Volume        { Mute Normal - }
        }
        """

    /// The plan of the row of `source` for `event`, as exits `|` entries `@` the rewrite.
    static func plan(_ text: String, _ source: String, _ event: String) throws -> String {
        let model = try #require(machine(text))
        let chart = Statechart(model)
        let state = try #require(model.states.firstIndex { $0.name == source })
        let row = try #require(model.states[state].transitions.first { model.events[$0.event].name == event })
        let targets = try #require(row.namedTarget.map { [$0] + row.forkTargets })
        let plan = chart.plan(source: state, targets: targets)
        let name = { (state: StateID) in model.states[state].name }
        let exits = plan.exits.map { exit in
            switch exit {
            case .state(let state): name(state)
            case .region(let region): name(region) + "*"
            }
        }
        let entries = plan.entries.map { entry in
            switch entry {
            case .state(let state): name(state)
            case .byRules(let state): name(state) + "…"
            }
        }
        let rewrite: String
        switch plan.rewrite {
        case .configuration: rewrite = "configuration"
        case .regions(let parallel): rewrite = "regions of " + name(parallel)
        case .region(let region, let deepest): rewrite = "region " + name(region) + " below " + name(deepest)
        }
        return (exits + ["|"] + entries + ["@", rewrite]).joined(separator: " ")
    }

    /// Leaving a parallel state from inside a region: the other regions as a whole, in
    /// reverse order, then the chain from the source up.
    @Test func leavingTheParallelStateFromARegion() throws {
        #expect(try Self.plan(Self.player, "Playing", "Out") == "Volume* Playing Playback Media | Off @ configuration")
        #expect(try Self.plan(Self.player, "Media", "Power") == "Volume* Playback* Media | Off @ configuration")
    }

    /// Entering a parallel state: each region by its own rules, or on the way to a target.
    @Test func enteringAParallelState() throws {
        #expect(
            try Self.plan(Self.player, "Off", "Power")
                == "Off | Media Playback Playback… Volume Volume… @ configuration")
        #expect(
            try Self.plan(Self.player, "Off", "Jump")
                == "Off | Media Playback Playback… Volume Muted @ configuration")
    }

    /// A region's row naming its parallel state leaves it, every region, and enters it anew.
    @Test func aRegionsRowToItsParallelState() throws {
        #expect(
            try Self.plan(Self.player, "Normal", "Again")
                == "Normal Volume Playback* Media | Media Playback Playback… Volume Volume… @ configuration")
    }

    /// A row inside one region rewrites only that region's value.
    @Test func aRowInsideARegion() throws {
        #expect(try Self.plan(Self.player, "Normal", "Mute") == "Normal | Muted @ region Volume below Volume")
    }

    /// A parallel state's row to a state inside it leaves every region and stays in the
    /// parallel state; its row to itself leaves and enters it (Language reference › Regions).
    @Test func aParallelStatesRowsToItselfAndInsideIt() throws {
        #expect(
            try Self.plan(Self.player, "Media", "Skip")
                == "Volume* Playback* | Playback Playing Volume Volume… @ regions of Media")
        #expect(
            try Self.plan(Self.player, "Media", "Reset")
                == "Volume* Playback* Media | Media Playback Playback… Volume Volume… @ configuration")
    }

    /// A row into a superstate of its source keeps it and enters it again below, by its
    /// initial row (Language reference › Entry and exit).
    @Test func aRowIntoASuperstateOfItsSource() throws {
        let text = """
            FSM: Up
            Initial: A
            {
              (Group)    { - A - }
              A : Group  { Up Group -  Self A - }
              B : Group  { }
            }
            """
        #expect(try Self.plan(text, "A", "Up") == "A | Group… @ configuration")
        #expect(try Self.plan(text, "A", "Self") == "A | A @ configuration")
    }

    /// `EntryExit: always` keeps nothing: the row leaves and enters every superstate.
    @Test func entryExitAlwaysKeepsNothing() throws {
        let text = """
            FSM: Always
            Initial: A
            EntryExit: always
            {
              (Group)    { - A - }
              A : Group  { Go B - }
              B : Group  { }
            }
            """
        #expect(try Self.plan(text, "A", "Go") == "A Group | Group B @ configuration")
    }
}

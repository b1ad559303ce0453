import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc graph`: both notations show every state and transition exactly once, superstates
/// as boxes, and graphviz renders the DOT.
@Suite struct StateGraphTests {
    /// The example and fixture files that check without errors, those with parallel states
    /// among them.
    static let machines: [String] = SourceFormatterTests.files.filter { machine(at: $0) != nil }

    static func machine(at path: String) -> StateMachine? {
        Compiler.check(SourceFormatterTests.source(path)).machine
    }

    /// Shapes the files lack: a concrete superstate, a state with two superstates, nested
    /// boxes, a superstate row overridden below, keywords of Mermaid as names, conditions;
    /// of statecharts: a concrete superstate with an initial row and history, rows naming
    /// their own superstate, an initial row whose substate sits in another superstate's box;
    /// and of regions: `Initial:` a parallel state, a concrete parallel state with history
    /// inside a superstate whose rows it shares with a state beside it, a concrete region, a
    /// fork from the parallel state into its own regions, a region's row naming its parallel
    /// state; a region that is parallel itself, with forks into its regions and into the
    /// outer ones; `Initial:` a state in a region, a region's rows inherited by its states
    /// (one leaving the parallel state), a fork to a superstate with history, a join; and
    /// of `always` rows: decisions as the initial state, as a superstate's initial substate
    /// and named as a Mermaid keyword, and two near misses: a decision with an entry action
    /// and a state with an `always` row beside an event row.
    static let edgeCases: [MachineSource] = [
        """
        FSM: Edge
        Initial: A
        {
          (Top) <topIn {
            Quit  Done  -
            Ping  -     pong
          }
          (Side) >sideOut {
            Poke  -  poked
          }
          Mid : Top <midIn >midOut {
            Go  B  -
          }
          A : Mid : Side {
            Next  B  -
          }
          B : Mid {
            Back  A  -
            override { Go  A  went }
          }
          end  - - -
          Done {
            Restart [isAllowed]  A    -
            end                  end  -
          }
        }
        """,
        """
        FSM: Keywords
        Initial: state
        EntryExit: always
        {
          (note) <enter {
            Stay  -  stayed
            Leave  class  -
          }
          state : note { Go class - }
          class : note { Go state - }
        }
        """,
        """
        FSM: Modes
        Initial: Idle
        EntryExit: onChange
        Predicate: Speed = slow | fast
        {
          (Running) >stop {
            Halt            Idle  -
            Tick            -     count
            Kick [Speed = fast]  Idle  -
          }
          Idle { Start Walking - }
          Walking : Running { Faster Sprinting - }
          Sprinting : Running { Slower Walking -   override { Kick [Speed = fast] Sprinting - } }
        }
        """,
        """
        FSM: Nested
        Initial: Outer
        History: Inner = shallow
        {
          (Outer) <outerIn {
            -      Inner  enterInner
            Reset  Outer  -
          }
          Inner : Outer >innerOut {
            -      Left   -
            Again  Inner  -
          }
          Left : Inner { Go Right - }
          Right : Inner { Out Solo - }
          Solo {
            Back  Inner  -
            In    Outer  -
            Far   Side   -
          }
          (Side) { - Away picked }
          (Other) { Ping - - }
          Home : Side { Leave Solo - }
          Away : Other : Side { Leave Solo - }
        }
        """,
        """
        FSM: Deck
        Initial: Media
        Parallel: Media
        History: Media = deep
        {
          (On) >onEx {
            Power  Off  -
            Ping   -    pong
          }
          Off {
            Power  Media            -
            Jump   Playing & Muted  jumped
            Park   Idle             -
          }
          Media : On <mEn {
            Reset  Stopped & Muted  -
            Eject  -                ejected
          }
          (Playback) : Media { - Stopped - }
          Stopped : Playback { Play Playing -   Home Media - }
          Playing : Playback { Stop Stopped - }
          Volume : Media <vEn { - Normal - }
          Normal : Volume { Mute Muted - }
          Muted : Volume { Mute Normal - }
          Idle : On { Go Media - }
        }
        """,
        """
        FSM: Nest
        Initial: Off
        Parallel: P
        Parallel: Q
        History: Q1 = deep
        {
          Off { Go P -   Fork A2 & B2 f   Fork2 A2 & R2 -   Deep Q1 - }
          (P) <pEn { Stop Off -   Reset A1 & R2 - }
          (Q) : P <qEn { Zap Off zap }
          (Q1) : Q { - A1 - }
          (A) : Q1 { - A1 - }
          A1 : A { N A2 - }
          A2 : A { N A1 -   Out Off - }
          (Q2) : Q { - B1 - }
          B1 : Q2 { M B2 - }
          B2 : Q2 { M B1 - }
          (R) : P { - R1 - }
          R1 : R { K R2 - }
          R2 : R { K R1 -   Again P - }
        }
        """,
        """
        FSM: RegionRows
        Initial: Playing
        Parallel: Media
        History: Deck = shallow
        {
          Off { Power Media -   Cue Deck & Muted - }
          (Media) { Power Off -   Join [in(Paused), !in(Muted)] Off joined }
          (Playback) : Media {
            - Stopped -
            Skip   Stopped  skip
            Eject  Off      -
          }
          Stopped : Playback { Play Deck - }
          (Deck) : Playback { - Playing - }
          Playing : Deck { Pause Paused - }
          Paused : Deck { Play Playing - }
          (Volume) : Media { - Normal -   Poke - poked }
          Normal : Volume { Mute Muted - }
          Muted : Volume { Mute Normal - }
        }
        """,
        """
        FSM: Decide
        Initial: Start
        {
          Start { always [isReady] Job -  always end - }
          (Job) { - Route - }
          Route : Job { always [isBig] Big -  always Small - }
          Big : Job { Done Idle - }
          Small : Job { Done Idle -  always [isEmpty] Idle - }
          Idle <reset { always [isReady] Job -  always Start - }
          end { always Big - }
        }
        """,
    ]

    static let player = "Tests/FSMCompilerTests/Fixtures/Machines/StatechartPlayer.sm"

    static func edgeCase(_ source: String) throws -> StateMachine {
        let result = Compiler.check(SourceFile(name: "edge.sm", text: source))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.description))")
        return try #require(result.machine)
    }

    @Test func everyCleanExampleIsDrawn() {
        #expect(Self.machines.contains("Examples/EnforcedTurnstile/EnforcedTurnstile.sm"))
        #expect(Self.machines.contains("Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm"))
        #expect(Self.machines.contains(Self.player))
    }

    @Test(arguments: machines)
    func mermaidShowsEveryTransitionOnce(path: String) throws {
        let machine = try #require(Self.machine(at: path))
        #expect(DrawnDiagram(mermaid: StateGraph.mermaid(machine)).mismatches(with: machine) == [])
    }

    @Test(arguments: machines)
    func dotShowsEveryTransitionOnce(path: String) throws {
        let machine = try #require(Self.machine(at: path))
        #expect(DrawnDiagram(dot: StateGraph.dot(machine)).mismatches(with: machine) == [])
    }

    @Test(arguments: edgeCases)
    func edgeCasesShowEveryTransitionOnce(source: MachineSource) throws {
        let machine = try Self.edgeCase(source.text)
        #expect(DrawnDiagram(mermaid: StateGraph.mermaid(machine)).mismatches(with: machine) == [])
        #expect(DrawnDiagram(dot: StateGraph.dot(machine)).mismatches(with: machine) == [])
    }

    @Test func turnstileInMermaid() throws {
        let machine = try #require(Self.machine(at: "Examples/Turnstile/Turnstile.sm"))
        #expect(
            StateGraph.mermaid(machine) == """
                stateDiagram-v2
                    state Resetable {
                        Locked : Locked
                        Locked : entry / lock
                        Unlocked : Unlocked
                        Unlocked : entry / unlock
                        Unlocked : Coin / thankyou
                        Alarming : Alarming
                        Alarming : entry / alarmOn
                        Alarming : exit / alarmOff
                    }
                    [*] --> Locked
                    Locked --> Locked : Reset
                    Locked --> Unlocked : Coin
                    Locked --> Alarming : Pass
                    Unlocked --> Locked : Reset
                    Unlocked --> Locked : Pass
                    Alarming --> Locked : Reset

                """)
    }

    @Test func turnstileInDot() throws {
        let machine = try #require(Self.machine(at: "Examples/Turnstile/Turnstile.sm"))
        let dot = StateGraph.dot(machine)
        let lines = dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(dot.hasPrefix("digraph \"Turnstile\" {\n  graph [compound=true, newrank=true, rankdir=LR, "))
        #expect(lines.contains("subgraph \"cluster_Resetable\" {"))
        // Reset leads into the box from every state in it: one line in the box, no arrows.
        #expect(
            lines.contains(
                "\"Resetable:notes\" [shape=plain, label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD ALIGN=\"LEFT\">Reset → Locked</TD></TR></TABLE>>];"
            ))
        #expect(!dot.contains("label=\"Reset\""))
        #expect(lines.contains("\"Unlocked\" -> \"Locked\" [label=\"Pass\"];"))
        #expect(lines.contains("\"[*]\" -> \"Locked\";"))
    }

    @Test func aSuperstateRowEveryStateInheritsIsDrawnOnceFromItsBox() throws {
        let machine = try #require(Self.machine(at: "Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm"))
        let mermaid = StateGraph.mermaid(machine)
        #expect(mermaid.contains("    processingBatch --> end_ : exit / requeueBatch\n"))
        #expect(
            mermaid.contains("    processingBatch --> determiningUserMode : requeue / requeueBatch, cleanupBatch\n"))
        #expect(
            mermaid.contains(
                "    note right of processingBatch\n        exit / hideThumbnailScreen\n        ok\n        cancel\n        assign / assignPage\n    end note\n"
            ))
        // complete is overridden in two of the three states, so it is drawn from each.
        #expect(
            mermaid.contains(
                "    processingManualBatch --> determiningUserMode : complete / completeBatch, cleanupBatch\n"))
        #expect(
            mermaid.contains("    processingAutoBatch --> gettingAutoBatch : complete / completeBatch, cleanupBatch\n"))
        #expect(mermaid.contains("    state \"end\" as end_\n"))
        let dot = StateGraph.dot(machine)
        #expect(
            dot.contains(
                "  \"processingAutoBatch\" -> \"end\" [ltail=\"cluster_processingBatch\", label=\"exit / requeueBatch\"];\n"
            ))
        #expect(
            dot.contains(
                "  \"processingManualBatch\" -> \"determiningUserMode\" [label=\"complete / completeBatch, cleanupBatch\\lreject / rejectBatch, cleanupBatch\\l\"];\n"
            ))
    }

    /// `Initial:` naming a superstate: the start arrow goes to its box, whose own initial
    /// arrow goes on to the substate, as UML draws it (it went to the leaf before).
    @Test func theStartArrowEndsAtTheBoxInitialNames() throws {
        let source =
            "FSM: Player\nInitial: Active\n{\n  Off Power Active -\n  (Active) {\n    - Stopped startClock\n    Power Off -\n  }\n  Stopped : Active Play Playing -\n  Playing : Active Stop Stopped -\n}\n"
        let machine = try #require(Compiler.check(SourceFile(name: "test.sm", text: source)).machine)
        let mermaid = StateGraph.mermaid(machine)
        #expect(mermaid.contains("\n    [*] --> Active\n"))
        #expect(mermaid.contains("\n        [*] --> Stopped : / startClock\n"))
        let dot = StateGraph.dot(machine)
        #expect(dot.contains("  \"[*]\" -> \"Active:[*]\" [lhead=\"cluster_Active\"];\n"))
        #expect(DrawnDiagram(mermaid: mermaid).mismatches(with: machine) == [])
        #expect(DrawnDiagram(dot: dot).mismatches(with: machine) == [])
    }

    @Test func aStateInTwoSuperstatesSitsInTheBoxOfTheFirst() throws {
        let machine = try Self.edgeCase(Self.edgeCases[0].text)
        let mermaid = DrawnDiagram(mermaid: StateGraph.mermaid(machine))
        #expect(mermaid.enclosingBoxes(of: "A") == ["Mid", "Top"])
        #expect(mermaid.enclosingBoxes(of: "Mid") == ["Mid", "Top"])
        #expect(mermaid.stateNotes["A"] == ["exit / sideOut", "Poke / poked"])
        #expect(mermaid.boxNotes["Top"] == ["entry / topIn", "Ping / pong"])
        #expect(mermaid.edges.contains(.init(from: .box("Top"), to: .state("Done"), label: "Quit")))
        let dot = DrawnDiagram(dot: StateGraph.dot(machine))
        #expect(dot.enclosingBoxes(of: "A") == ["Mid", "Top"])
        #expect(dot.edges.contains(.init(from: .box("Top"), to: .state("Done"), label: "Quit")))
    }

    // MARK: Statecharts

    @Test func statechartInMermaid() throws {
        let machine = try #require(Self.machine(at: Self.player))
        #expect(
            StateGraph.mermaid(machine) == """
                stateDiagram-v2
                    Off
                    state On {
                        [*] --> Media
                        state Media {
                            [*] --> Active
                            state "H*" as Media_history
                            state Active {
                                [*] --> Paused : / showCover
                                state "H" as Active_history
                                Playing
                                Paused
                            }
                            Stopped
                        }
                        Idle
                    }
                    [*] --> Off
                    Off --> On : Power
                    On --> Off : Power
                    Media --> Idle : Eject
                    Active --> Stopped : Stop
                    Playing --> Paused : Pause
                    Paused --> Playing : Play
                    Stopped --> Active_history : Play
                    Idle --> Media_history : Load
                    note right of On
                        entry / powerUp
                        exit / powerDown
                    end note
                    note right of Active
                        entry / startClock
                        exit / stopClock
                    end note

                """)
    }

    @Test func statechartInDot() throws {
        let machine = try #require(Self.machine(at: Self.player))
        let dot = StateGraph.dot(machine)
        // Three clusters, one inside the other, each opened with its initial point and arrow.
        #expect(
            dot.contains(
                """
                  subgraph "cluster_On" {
                    graph [label=<<B>On</B>>, labeljust=l, style="rounded,filled", fillcolor="#f2f2f2", color="#808080"];
                    "On:[*]" [shape=point, width=0.1, style=filled, fillcolor=black];
                    "On:[*]" -> "Media:[*]" [lhead="cluster_Media"];

                """))
        #expect(
            dot.contains(
                """
                    subgraph "cluster_Media" {
                      graph [label=<<B>Media</B>>, labeljust=l, style="rounded,filled", fillcolor="#e4e4e4", color="#808080"];
                      "Media:[*]" [shape=point, width=0.1, style=filled, fillcolor=black];
                      "Media:[*]" -> "Active:[*]" [lhead="cluster_Active"];
                      "Media:H" [shape=circle, label="H*", width=0.3, height=0.3, fixedsize=true, fontsize=9, margin=0];

                """))
        #expect(
            dot.contains(
                """
                      subgraph "cluster_Active" {
                        graph [label=<<B>Active</B>>, labeljust=l, style="rounded,filled", fillcolor="#f2f2f2", color="#808080"];
                        "Active:[*]" [shape=point, width=0.1, style=filled, fillcolor=black];
                        "Active:[*]" -> "Paused" [label="/ showCover"];
                        "Active:H" [shape=circle, label="H", width=0.3, height=0.3, fixedsize=true, fontsize=9, margin=0];

                """))
        // A row naming a superstate ends at its box's border, or at its history marker.
        #expect(dot.contains("\n  \"Off\" -> \"On:[*]\" [lhead=\"cluster_On\", label=\"Power\"];\n"))
        #expect(dot.contains("\n  \"Stopped\" -> \"Active:H\" [label=\"Play\"];\n"))
        #expect(dot.contains("\n  \"Idle\" -> \"Media:H\" [label=\"Load\"];\n"))
        #expect(dot.contains("\n  \"Playing\" -> \"Stopped\" [ltail=\"cluster_Active\", label=\"Stop\"];\n"))
        #expect(dot.contains("\n  \"[*]\" -> \"Off\";\n"))
    }

    @Test func statechartBoxesNestWithInitialArrowsAndHistory() throws {
        let machine = try #require(Self.machine(at: Self.player))
        for diagram in [DrawnDiagram(mermaid: StateGraph.mermaid(machine)), DrawnDiagram(dot: StateGraph.dot(machine))]
        {
            #expect(diagram.enclosingBoxes(of: "Playing") == ["Active", "Media", "On"])
            #expect(diagram.enclosingBoxes(of: "Stopped") == ["Media", "On"])
            #expect(diagram.enclosingBoxes(of: "Idle") == ["On"])
            #expect(diagram.enclosingBoxes(of: "Off") == [])
            #expect(diagram.boxInitials["On"] == [.init(to: .box("Media"), label: "")])
            #expect(diagram.boxInitials["Media"] == [.init(to: .box("Active"), label: "")])
            #expect(diagram.boxInitials["Active"] == [.init(to: .state("Paused"), label: "/ showCover")])
            #expect(diagram.historyMarkers == ["Media": ["H*"], "Active": ["H"]])
            #expect(diagram.edges.contains(.init(from: .state("Off"), to: .box("On"), label: "Power")))
            #expect(diagram.edges.contains(.init(from: .state("Stopped"), to: .history("Active"), label: "Play")))
            #expect(diagram.edges.contains(.init(from: .state("Idle"), to: .history("Media"), label: "Load")))
            #expect(diagram.edges.contains(.init(from: .box("Media"), to: .state("Idle"), label: "Eject")))
            #expect(diagram.mismatches(with: machine) == [])
        }
    }

    @Test func aRowNamingItsOwnSuperstateAndAForeignInitialRow() throws {
        let machine = try Self.edgeCase(Self.edgeCases[3].text)
        let mermaid = StateGraph.mermaid(machine)
        // A concrete superstate with an initial row: arrows to its box use the box's alias.
        #expect(
            mermaid.contains(
                "    state Outer {\n        [*] --> Inner_ : / enterInner\n        state \"Inner\" as Inner_ {\n            [*] --> Left_\n            state \"H\" as Inner_history\n"
            ))
        #expect(mermaid.contains("    Solo --> Outer : In\n"))
        #expect(mermaid.contains("    Left_ --> Inner_history : Again\n"))
        // Away sits in the box of Other, its first superstate: an arrow in Side would move it.
        #expect(mermaid.contains("    note right of Side\n        [*] → Away / picked\n    end note\n"))
        let dot = StateGraph.dot(machine)
        // Into their own box: one line in the box, as for any row into the box in DOT.
        #expect(dot.contains("<TD ALIGN=\"LEFT\">Reset → Outer</TD>"))
        #expect(dot.contains("<TD ALIGN=\"LEFT\">Again → Inner (H)</TD>"))
        #expect(dot.contains("    \"Side:[*]\" -> \"Away\" [label=\"/ picked\"];\n"))
        #expect(dot.contains("  \"Solo\" -> \"Outer:[*]\" [lhead=\"cluster_Outer\", label=\"In\"];\n"))
    }

    @Test(
        .enabled(
            if: Graphviz.executable != nil || Graphviz.isRequired,
            "graphviz's 'dot' is not installed; run .ci/graphviz.sh (with CI set, this test fails instead)"))
    func statechartRendersAsNestedClustersInSVG() throws {
        let dot = try #require(
            Graphviz.executable, "graphviz's 'dot' is not installed, and CI is set; run .ci/graphviz.sh")
        let machine = try #require(Self.machine(at: Self.player))
        let directory = try TemporaryFolder("fsmc-graph").url
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Player.svg")
        let (status, errors) = try Graphviz.run(dot, ["-Tsvg", "-o", output.path], input: StateGraph.dot(machine))
        #expect(status == 0 && errors.isEmpty, "dot -Tsvg failed: \(errors)")
        let svg = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        for cluster in ["On", "Media", "Active"] {
            #expect(svg.contains("<title>cluster_\(cluster)</title>"))
        }
        #expect(svg.contains(">H*</text>") && svg.contains(">H</text>"))
    }

    @Test func mermaidKeywordsAreAliased() throws {
        let machine = try Self.edgeCase(Self.edgeCases[1].text)
        let mermaid = StateGraph.mermaid(machine)
        #expect(mermaid.contains("    state \"note\" as note_ {\n        state \"state\" as state_\n"))
        #expect(mermaid.contains("    [*] --> state_\n"))
        #expect(DrawnDiagram(mermaid: mermaid).problems == [])
    }

    @Test func outputIsDeterministic() throws {
        for machine in try [
            #require(Self.machine(at: "Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm")),
            #require(Self.machine(at: Self.player)), #require(Self.machine(at: Self.editor)),
        ] {
            #expect(Set((0..<5).map { _ in StateGraph.mermaid(machine) + StateGraph.dot(machine) }).count == 1)
        }
    }

    // MARK: Regions

    static let regionPlayer = "Tests/FSMCompilerTests/Fixtures/Machines/RegionPlayer.sm"
    static let recorder = "Tests/FSMCompilerTests/Fixtures/Machines/Recorder.sm"
    static let editor = "Tests/FSMCompilerTests/Fixtures/Machines/Editor.sm"

    static func diagrams(of machine: StateMachine) -> [DrawnDiagram] {
        [DrawnDiagram(mermaid: StateGraph.mermaid(machine)), DrawnDiagram(dot: StateGraph.dot(machine))]
    }

    @Test func machinesWithRegionsAreDrawn() {
        for path in [Self.regionPlayer, Self.recorder, Self.editor] {
            #expect(Self.machines.contains(path))
        }
    }

    /// The player of Language reference › Regions: `Media` a composite state whose regions
    /// are divided by `--`.
    @Test func regionsInMermaid() throws {
        let machine = try #require(Self.machine(at: Self.regionPlayer))
        #expect(
            StateGraph.mermaid(machine) == """
                stateDiagram-v2
                    Off : Off
                    Off : entry / offEn
                    Off : exit / offEx
                    state Media {
                        state Playback {
                            [*] --> Stopped
                            Stopped : Stopped
                            Stopped : entry / sEn
                            Stopped : exit / sEx
                            Playing : Playing
                            Playing : entry / plEn
                            Playing : exit / plEx
                        }
                        --
                        state Volume {
                            [*] --> Normal
                            Normal : Normal
                            Normal : entry / nEn
                            Normal : exit / nEx
                            Muted : Muted
                            Muted : entry / muEn
                            Muted : exit / muEx
                        }
                    }
                    [*] --> Off
                    Off --> Media : Power
                    Media --> Off : Power
                    Stopped --> Playing : Play / start
                    Playing --> Stopped : Stop / stop
                    Normal --> Muted : Mute / mute
                    Muted --> Normal : Mute / unmute
                    note right of Media
                        entry / mEn
                        exit / mEx
                    end note
                    note right of Playback
                        entry / pbEn
                        exit / pbEx
                    end note
                    note right of Volume
                        entry / vEn
                        exit / vEx
                    end note

                """)
    }

    /// `Media` a cluster with a dashed, unfilled cluster per region; arrows to and from it
    /// end and start at its border, from an invisible point.
    @Test func regionsInDot() throws {
        let machine = try #require(Self.machine(at: Self.regionPlayer))
        let dot = StateGraph.dot(machine)
        #expect(
            dot.contains(
                """
                  subgraph "cluster_Media" {
                    graph [label=<<B>Media</B>>, labeljust=l, style="rounded,filled", fillcolor="#f2f2f2", color="#808080"];
                    "Media:border" [shape=point, style=invis, width=0.01];

                """))
        #expect(
            dot.contains(
                """
                    subgraph "cluster_Playback" {
                      graph [label=<<B>Playback</B>>, labeljust=l, style="dashed,rounded", color="#808080"];
                      "Playback:[*]" [shape=point, width=0.1, style=filled, fillcolor=black];
                      "Playback:[*]" -> "Stopped";

                """))
        #expect(
            dot.contains(
                "\n    subgraph \"cluster_Volume\" {\n      graph [label=<<B>Volume</B>>, labeljust=l, style=\"dashed,rounded\", color=\"#808080\"];\n"
            ))
        #expect(dot.contains("\n  \"Off\" -> \"Media:border\" [lhead=\"cluster_Media\", label=\"Power\"];\n"))
        #expect(dot.contains("\n  \"Media:border\" -> \"Off\" [ltail=\"cluster_Media\", label=\"Power\"];\n"))
        // Led to in reverse, so that dot stacks the regions in declaration order from the top.
        #expect(
            dot.contains(
                "\n    \"Media:notes\" -> \"Normal\" [style=invis];\n    \"Media:notes\" -> \"Stopped\" [style=invis];\n"
            ))
    }

    @Test func regionsAreCompartmentsOfTheirParallelState() throws {
        let player = try #require(Self.machine(at: Self.regionPlayer))
        for diagram in Self.diagrams(of: player) {
            #expect(diagram.compartments == ["Media": ["Playback", "Volume"]])
            #expect(diagram.enclosingBoxes(of: "Muted") == ["Volume", "Media"])
            #expect(diagram.edges.contains(.init(from: .state("Off"), to: .box("Media"), label: "Power")))
            #expect(diagram.edges.contains(.init(from: .box("Media"), to: .state("Off"), label: "Power")))
            #expect(diagram.mismatches(with: player) == [])
        }
        let editor = try #require(Self.machine(at: Self.editor))
        for diagram in Self.diagrams(of: editor) {
            #expect(diagram.compartments == ["Open": ["Doc", "Sync"], "Editing": ["Style", "Align"]])
            #expect(diagram.mismatches(with: editor) == [])
        }
    }

    /// Recorder's `Idle Resume Recording & Saved resume`: one labelled arrow to a bar, and
    /// one unlabelled arrow on from the bar to each state it names.
    @Test func aForkIsOneArrowToABar() throws {
        let machine = try #require(Self.machine(at: Self.recorder))
        let fork = DrawnDiagram.Edge(
            from: .state("Idle"), to: .fork([.state("Recording"), .state("Saved")]), label: "Resume / resume")
        for diagram in Self.diagrams(of: machine) {
            #expect(diagram.edges.contains(fork))
            #expect(diagram.forkBars.count == 1 && diagram.forkBars.first?.value == .some(nil))
        }
        let mermaid = StateGraph.mermaid(machine)
        #expect(mermaid.contains("\n    }\n    state fork1 <<fork>>\n"))
        #expect(
            mermaid.contains("\n    Idle --> fork1 : Resume / resume\n    fork1 --> Recording\n    fork1 --> Saved\n"))
        let dot = StateGraph.dot(machine)
        #expect(
            dot.contains(
                "\n  \"fork:1\" [shape=box, style=filled, fillcolor=black, label=\"\", width=0.06, height=0.4, fixedsize=true];\n"
            ))
        #expect(
            dot.contains(
                "\n  \"Idle\" -> \"fork:1\" [label=\"Resume / resume\"];\n  \"fork:1\" -> \"Recording\";\n  \"fork:1\" -> \"Saved\";\n"
            ))
    }

    /// Recorder's `Session` rows fire when no region takes the event: drawn from its box,
    /// as a superstate's rows are; `-` and rows into its own regions as lines in it (DOT).
    @Test func aParallelStatesRowsAreDrawnFromItsBox() throws {
        let machine = try #require(Self.machine(at: Self.recorder))
        for diagram in Self.diagrams(of: machine) {
            #expect(
                diagram.edges.contains(
                    .init(from: .box("Session"), to: .state("Idle"), label: "Done [in(Finished), in(Saved)] / report")))
            #expect(diagram.edges.contains(.init(from: .box("Session"), to: .state("Idle"), label: "Abort")))
            #expect(diagram.edges.contains(.init(from: .state("Idle"), to: .history("Session"), label: "Start")))
            #expect(diagram.historyMarkers == ["Session": ["H*"]])
            #expect(diagram.boxNotes["Session"]?.contains("Done [in(Finished)] / wait") == true)
            #expect(diagram.mismatches(with: machine) == [])
        }
        let mermaid = DrawnDiagram(mermaid: StateGraph.mermaid(machine))
        #expect(mermaid.edges.contains(.init(from: .box("Session"), to: .state("Recording"), label: "Reset / reset")))
        let dot = DrawnDiagram(dot: StateGraph.dot(machine))
        #expect(
            dot.boxNotes["Session"] == [
                "entry / sEn", "exit / sEx", "Done [in(Finished)] / wait", "Reset / reset → Recording",
            ])
    }

    /// Editor's `Editing`, parallel, is what region `Doc` enters; `Closed Bold Bold & Right`
    /// forks into its regions, from a bar in `Doc`, the box around `Editing`.
    @Test func aParallelStateInsideARegion() throws {
        let machine = try #require(Self.machine(at: Self.editor))
        for diagram in Self.diagrams(of: machine) {
            #expect(diagram.enclosingBoxes(of: "Bold") == ["Style", "Editing", "Doc", "Open"])
            #expect(diagram.boxInitials["Doc"] == [.init(to: .box("Editing"), label: "")])
            #expect(diagram.boxInitials["Editing"] == nil)
            #expect(diagram.historyMarkers == ["Open": ["H"], "Style": ["H*"]])
            #expect(
                diagram.edges.contains(
                    .init(from: .state("Closed"), to: .fork([.state("Bold"), .state("Right")]), label: "Bold")))
            #expect(diagram.forkBars.values.map { $0 } == [.some("Doc")])
            #expect(
                diagram.edges.contains(.init(from: .state("Syncing"), to: .state("Synced"), label: "after 1s / done")))
            #expect(diagram.edges.contains(.init(from: .box("Open"), to: .state("Closed"), label: "Close")))
        }
        #expect(
            StateGraph.dot(machine).contains("\n      \"Doc:[*]\" -> \"Editing:border\" [lhead=\"cluster_Editing\"];\n")
        )
    }

    /// Forks into the regions of `Q`, itself a region of `P`, and into those of `P`: both
    /// bars sit outside `P`, which holds nothing but its regions; `Q`'s level row is drawn
    /// from its dashed box.
    @Test func aParallelRegionAndItsForks() throws {
        let machine = try Self.edgeCase(Self.edgeCases[5].text)
        for diagram in Self.diagrams(of: machine) {
            #expect(diagram.compartments == ["P": ["Q", "R"], "Q": ["Q1", "Q2"]])
            #expect(diagram.forkBars.values.allSatisfy { $0 == nil })
            #expect(
                diagram.edges.contains(
                    .init(from: .state("Off"), to: .fork([.state("A2"), .state("B2")]), label: "Fork / f")))
            #expect(
                diagram.edges.contains(
                    .init(from: .state("Off"), to: .fork([.state("A2"), .state("R2")]), label: "Fork2")))
            #expect(diagram.edges.contains(.init(from: .box("Q"), to: .state("Off"), label: "Zap / zap")))
            #expect(diagram.edges.contains(.init(from: .state("R2"), to: .box("P"), label: "Again")))
        }
        let dot = DrawnDiagram(dot: StateGraph.dot(machine))
        #expect(dot.boxNotes["P"] == ["entry / pEn", "Reset → A1 & R2"])
    }

    /// The checks of the tests above fail for diagrams drawn wrong: regions not divided, a
    /// fork missing a target, a region's row drawn from the parallel state, a region's
    /// cluster not dashed.
    @Test func misdrawnRegionsAreCaught() throws {
        let player = try #require(Self.machine(at: Self.regionPlayer))
        let mermaid = StateGraph.mermaid(player)
        let undivided = DrawnDiagram(mermaid: mermaid.replacingOccurrences(of: "        --\n", with: ""))
        #expect(
            undivided.mismatches(with: player) == [
                "parallel state 'Media' has compartments [], expected [\"Playback\", \"Volume\"]"
            ])
        let fromMedia = DrawnDiagram(
            mermaid: mermaid.replacingOccurrences(of: "    Stopped --> Playing", with: "    Media --> Playing"))
        #expect(
            fromMedia.mismatches(with: player) == [
                "Stopped Play / start -> Playing is drawn 0 times",
                "arrow Edge(from: FSMCompilerTests.DrawnDiagram.Endpoint.box(\"Media\"), to: FSMCompilerTests.DrawnDiagram.Endpoint.state(\"Playing\"), label: \"Play / start\") stands for no transition",
            ])
        let dot = StateGraph.dot(player).replacingOccurrences(
            of: "<B>Volume</B>>, labeljust=l, style=\"dashed,rounded\"",
            with: "<B>Volume</B>>, labeljust=l, style=\"rounded\"")
        #expect(
            DrawnDiagram(dot: dot).mismatches(with: player) == [
                "parallel state 'Media' has compartments [\"Playback\"], expected [\"Playback\", \"Volume\"]"
            ])
        let recorder = try #require(Self.machine(at: Self.recorder))
        let oneTarget = DrawnDiagram(
            mermaid: StateGraph.mermaid(recorder).replacingOccurrences(of: "    fork1 --> Saved\n", with: ""))
        #expect(
            oneTarget.mismatches(with: recorder) == [
                "Idle Resume / resume -> Recording & Saved is drawn 0 times",
                "arrow Edge(from: FSMCompilerTests.DrawnDiagram.Endpoint.state(\"Idle\"), to: FSMCompilerTests.DrawnDiagram.Endpoint.fork([FSMCompilerTests.DrawnDiagram.Endpoint.state(\"Recording\")]), label: \"Resume / resume\") stands for no transition",
                "fork bar 'fork1' has 1 arrows on",
            ])
    }

    // MARK: Decisions

    /// A decision is UML's choice: Mermaid's `<<choice>>`, declared before the initial arrow
    /// of `Job` that leads to it (Mermaid shapes a state as the line that first names it),
    /// and a DOT diamond. `Idle` (an entry action) and `Small` (an event row too) are not.
    @Test func decisionsAreDrawnAsChoices() throws {
        let machine = try Self.edgeCase(Self.edgeCases[7].text)
        let mermaid = StateGraph.mermaid(machine)
        #expect(
            mermaid == """
                stateDiagram-v2
                    state Start <<choice>>
                    state Job {
                        state Route <<choice>>
                        [*] --> Route
                        Big
                        Small
                    }
                    Idle : Idle
                    Idle : entry / reset
                    state end_ <<choice>>
                    [*] --> Start
                    Start --> Job : always [isReady]
                    Start --> end_ : always
                    Route --> Big : always [isBig]
                    Route --> Small : always
                    Big --> Idle : Done
                    Small --> Idle : Done
                    Small --> Idle : always [isEmpty]
                    Idle --> Job : always [isReady]
                    Idle --> Start : always
                    end_ --> Big : always

                """)
        let dot = StateGraph.dot(machine)
        #expect(dot.contains("\n  \"Start\" [shape=diamond, style=filled, label=\"Start\"];\n"))
        #expect(dot.contains("\n    \"Route\" [shape=diamond, style=filled, label=\"Route\"];\n"))
        #expect(dot.contains("\n    \"Small\" [label=\"Small\"];\n"))
        #expect(dot.contains("\n  \"Idle\" [label=<<TABLE "))
        for diagram in Self.diagrams(of: machine) {
            #expect(diagram.choices == ["Start", "Route", "end"])
            #expect(diagram.enclosingBoxes(of: "Route") == ["Job"])
            #expect(diagram.mismatches(with: machine) == [])
        }
        // A decision drawn as a state, and a state drawn as a choice, are caught.
        let plain = DrawnDiagram(
            mermaid: mermaid.replacingOccurrences(of: "state Route <<choice>>", with: "Route"))
        #expect(plain.mismatches(with: machine) == ["state 'Route' is not drawn as a choice"])
        let diamond = DrawnDiagram(
            dot: dot.replacingOccurrences(
                of: "\"Small\" [label=", with: "\"Small\" [shape=diamond, style=filled, label="))
        #expect(diamond.mismatches(with: machine) == ["state 'Small' is drawn as a choice"])
    }

    /// The fixtures of `always` rows: Review's initial state and Checking, and in Vent a
    /// choice inside a region, which Mermaid keeps in its composite state.
    @Test func fixtureDecisionsAreChoices() throws {
        let review = try #require(Self.machine(at: "Tests/FSMCompilerTests/Fixtures/Machines/Review.sm"))
        let vent = try #require(Self.machine(at: "Tests/FSMCompilerTests/Fixtures/Machines/Vent.sm"))
        for diagram in Self.diagrams(of: review) {
            #expect(diagram.choices == ["Routing", "Checking"])
        }
        for diagram in Self.diagrams(of: vent) {
            #expect(diagram.choices == ["Checking"])
            #expect(diagram.enclosingBoxes(of: "Checking") == ["Fan", "On"])
        }
        #expect(StateGraph.mermaid(vent).contains("\n            Still\n            state Checking <<choice>>\n"))
    }

    @Test(
        .enabled(
            if: Graphviz.executable != nil || Graphviz.isRequired,
            "graphviz's 'dot' is not installed; run .ci/graphviz.sh (with CI set, this test fails instead)"))
    func regionsRenderAsDashedClustersInSVG() throws {
        let dot = try #require(
            Graphviz.executable, "graphviz's 'dot' is not installed, and CI is set; run .ci/graphviz.sh")
        let machine = try #require(Self.machine(at: Self.editor))
        let directory = try TemporaryFolder("fsmc-graph").url
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Editor.svg")
        let (status, errors) = try Graphviz.run(dot, ["-Tsvg", "-o", output.path], input: StateGraph.dot(machine))
        #expect(status == 0 && errors.isEmpty, "dot -Tsvg failed: \(errors)")
        let svg = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        for (cluster, isRegion) in [
            ("Open", false), ("Doc", true), ("Editing", false), ("Style", true), ("Align", true), ("Sync", true),
        ] {
            let drawing = try #require(
                svg.components(separatedBy: "<title>cluster_\(cluster)</title>\n").dropFirst().first)
            #expect(drawing.prefix { $0 != "\n" }.contains("stroke-dasharray") == isRegion, "cluster_\(cluster)")
        }
    }

    // MARK: Rendering with graphviz

    @Test(
        .enabled(
            if: Graphviz.executable != nil || Graphviz.isRequired,
            "graphviz's 'dot' is not installed; run .ci/graphviz.sh (with CI set, this test fails instead)"),
        arguments: machines.map { MachineSource($0, label: $0) } + edgeCases)
    func dotRendersToPNGAndSVG(input: MachineSource) throws {
        let dot = try #require(
            Graphviz.executable, "graphviz's 'dot' is not installed, and CI is set; run .ci/graphviz.sh")
        let machine =
            try input.text.hasSuffix(".sm") ? #require(Self.machine(at: input.text)) : Self.edgeCase(input.text)
        let directory = try TemporaryFolder("fsmc-graph").url
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["png", "svg"] {
            let output = directory.appendingPathComponent("\(machine.name.name).\(format)")
            let (status, errors) = try Graphviz.run(
                dot, ["-T\(format)", "-o", output.path], input: StateGraph.dot(machine))
            #expect(status == 0 && errors.isEmpty, "dot -T\(format) failed for \(input.label): \(errors)")
            let data = try Data(contentsOf: output)
            #expect(!data.isEmpty)
            if format == "png" {
                #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            } else {
                #expect(String(decoding: data, as: UTF8.self).contains("<svg"))
            }
        }
    }

    // MARK: Documentation

    /// Each Mermaid block of the documentation marked `<!-- output: fsmc graph PATH -->` is
    /// what `fsmc graph PATH` prints.
    @Test func docsEmbedTheCurrentDiagrams() throws {
        let diagrams = Documentation.blocks.filter { $0.language == "mermaid" }
        #expect(diagrams.count >= 2)
        for block in diagrams {
            let marker = try #require(block.marker, "\(block.testDescription): a diagram without its command")
            let path = try #require(marker.argument.split(separator: " ").last.map(String.init))
            #expect(marker.kind == "output" && marker.argument == "fsmc graph " + path)
            let machine = try #require(Self.machine(at: path))
            #expect(
                block.text + "\n" == StateGraph.mermaid(machine),
                "\(block.testDescription)'s diagram is stale; paste the output of 'fsmc graph \(path)'")
        }
    }

    /// The catalog's images of DOT drawings are PNG files that the Commands article shows.
    @Test(arguments: ["EnforcedTurnstile", "Recorder"])
    func docsImageIsAPNG(name: String) {
        let image = readBytes(Paths.repository + "/" + Documentation.catalog + "/Resources/\(name).png")
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(Documentation.article("Commands").text.contains("](\(name).png)"))
    }
}

/// Graphviz's `dot`, if installed.
enum Graphviz {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { $0 + "/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// CI must not skip the rendering tests silently.
    static let isRequired = ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs `dot` with `input` on standard input; returns its status and standard error.
    static func run(_ executable: String, _ arguments: [String], input: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let standardInput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let errors = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
    }
}

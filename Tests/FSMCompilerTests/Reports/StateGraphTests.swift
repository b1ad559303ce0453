import Foundation
import Testing
import FSMCompiler
import FSMTestSupport

/// `fsmc graph`: both notations show every state and transition exactly once, superstates
/// as boxes, and graphviz renders the DOT.
@Suite struct StateGraphTests {
    /// The example and fixture files that check without errors.
    /// The repository's machines that check clean, but for those with parallel states,
    /// which `fsmc graph` refuses for now (`regionsNotCompiled`).
    static let machines: [String] = SourceFormatterTests.files.filter { path in
        machine(at: path).map { Compiler.regionsNotCompiled($0, by: "graph") == nil } ?? false
    }

    static func machine(at path: String) -> StateMachine? {
        Compiler.check(SourceFormatterTests.source(path)).machine
    }

    /// Shapes the files lack: a concrete superstate, a state with two superstates, nested
    /// boxes, a superstate row overridden below, keywords of Mermaid as names, conditions;
    /// and of statecharts: a concrete superstate with an initial row and history, rows naming
    /// their own superstate, an initial row whose substate sits in another superstate's box.
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
        #expect(StateGraph.mermaid(machine) == """
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
        #expect(lines.contains("\"Resetable:notes\" [shape=plain, label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD ALIGN=\"LEFT\">Reset → Locked</TD></TR></TABLE>>];"))
        #expect(!dot.contains("label=\"Reset\""))
        #expect(lines.contains("\"Unlocked\" -> \"Locked\" [label=\"Pass\"];"))
        #expect(lines.contains("\"[*]\" -> \"Locked\";"))
    }

    @Test func aSuperstateRowEveryStateInheritsIsDrawnOnceFromItsBox() throws {
        let machine = try #require(Self.machine(at: "Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm"))
        let mermaid = StateGraph.mermaid(machine)
        #expect(mermaid.contains("    processingBatch --> end_ : exit / requeueBatch\n"))
        #expect(mermaid.contains("    processingBatch --> determiningUserMode : requeue / requeueBatch, cleanupBatch\n"))
        #expect(mermaid.contains("    note right of processingBatch\n        exit / hideThumbnailScreen\n        ok\n        cancel\n        assign / assignPage\n    end note\n"))
        // complete is overridden in two of the three states, so it is drawn from each.
        #expect(mermaid.contains("    processingManualBatch --> determiningUserMode : complete / completeBatch, cleanupBatch\n"))
        #expect(mermaid.contains("    processingAutoBatch --> gettingAutoBatch : complete / completeBatch, cleanupBatch\n"))
        #expect(mermaid.contains("    state \"end\" as end_\n"))
        let dot = StateGraph.dot(machine)
        #expect(dot.contains("  \"processingAutoBatch\" -> \"end\" [ltail=\"cluster_processingBatch\", label=\"exit / requeueBatch\"];\n"))
        #expect(dot.contains("  \"processingManualBatch\" -> \"determiningUserMode\" [label=\"complete / completeBatch, cleanupBatch\\lreject / rejectBatch, cleanupBatch\\l\"];\n"))
    }

    /// `Initial:` naming a superstate: the start arrow goes to its box, whose own initial
    /// arrow goes on to the substate, as UML draws it (it went to the leaf before).
    @Test func theStartArrowEndsAtTheBoxInitialNames() throws {
        let source = "FSM: Player\nInitial: Active\n{\n  Off Power Active -\n  (Active) {\n    - Stopped startClock\n    Power Off -\n  }\n  Stopped : Active Play Playing -\n  Playing : Active Stop Stopped -\n}\n"
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
        #expect(StateGraph.mermaid(machine) == """
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
        #expect(dot.contains("""
              subgraph "cluster_On" {
                graph [label=<<B>On</B>>, labeljust=l, style="rounded,filled", fillcolor="#f2f2f2", color="#808080"];
                "On:[*]" [shape=point, width=0.1, style=filled, fillcolor=black];
                "On:[*]" -> "Media:[*]" [lhead="cluster_Media"];

            """))
        #expect(dot.contains("""
                subgraph "cluster_Media" {
                  graph [label=<<B>Media</B>>, labeljust=l, style="rounded,filled", fillcolor="#e4e4e4", color="#808080"];
                  "Media:[*]" [shape=point, width=0.1, style=filled, fillcolor=black];
                  "Media:[*]" -> "Active:[*]" [lhead="cluster_Active"];
                  "Media:H" [shape=circle, label="H*", width=0.3, height=0.3, fixedsize=true, fontsize=9, margin=0];

            """))
        #expect(dot.contains("""
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
        for diagram in [DrawnDiagram(mermaid: StateGraph.mermaid(machine)), DrawnDiagram(dot: StateGraph.dot(machine))] {
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
        #expect(mermaid.contains("    state Outer {\n        [*] --> Inner_ : / enterInner\n        state \"Inner\" as Inner_ {\n            [*] --> Left_\n            state \"H\" as Inner_history\n"))
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

    @Test(.enabled(if: Graphviz.executable != nil || Graphviz.isRequired,
                   "graphviz's 'dot' is not installed; run .ci/graphviz.sh (with CI set, this test fails instead)"))
    func statechartRendersAsNestedClustersInSVG() throws {
        let dot = try #require(Graphviz.executable, "graphviz's 'dot' is not installed, and CI is set; run .ci/graphviz.sh")
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
        for machine in try [#require(Self.machine(at: "Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm")),
                            #require(Self.machine(at: Self.player))] {
            #expect(Set((0..<5).map { _ in StateGraph.mermaid(machine) + StateGraph.dot(machine) }).count == 1)
        }
    }

    // MARK: Rendering with graphviz

    @Test(.enabled(if: Graphviz.executable != nil || Graphviz.isRequired,
                   "graphviz's 'dot' is not installed; run .ci/graphviz.sh (with CI set, this test fails instead)"),
          arguments: machines.map { MachineSource($0, label: $0) } + edgeCases)
    func dotRendersToPNGAndSVG(input: MachineSource) throws {
        let dot = try #require(Graphviz.executable, "graphviz's 'dot' is not installed, and CI is set; run .ci/graphviz.sh")
        let machine = try input.text.hasSuffix(".sm") ? #require(Self.machine(at: input.text)) : Self.edgeCase(input.text)
        let directory = try TemporaryFolder("fsmc-graph").url
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["png", "svg"] {
            let output = directory.appendingPathComponent("\(machine.name.name).\(format)")
            let (status, errors) = try Graphviz.run(dot, ["-T\(format)", "-o", output.path], input: StateGraph.dot(machine))
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

    static let reviewTools = String(decoding: readBytes(Paths.repository + "/README.md"), as: UTF8.self)

    @Test func docsEmbedTheCurrentTurnstileDiagram() throws {
        let machine = try #require(Self.machine(at: "Examples/Turnstile/Turnstile.sm"))
        let block = try #require(Self.reviewTools.components(separatedBy: "```mermaid\n").dropFirst().first)
        #expect(block.components(separatedBy: "```\n")[0] == StateGraph.mermaid(machine),
                "README.md's diagram is stale; paste the output of 'fsmc graph Examples/Turnstile/Turnstile.sm'")
    }

    @Test func docsImageIsAPNG() {
        let image = readBytes(Paths.repository + "/docs/images/EnforcedTurnstile.png")
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(Self.reviewTools.contains("](docs/images/EnforcedTurnstile.png)"))
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
        let standardInput = Pipe(), standardError = Pipe()
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

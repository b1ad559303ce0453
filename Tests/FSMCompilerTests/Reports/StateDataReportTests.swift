import FSMCompiler
import FSMTestSupport
import Testing

/// State data in `fsmc table` and `fsmc graph` (Commands › fsmc table, fsmc graph): the
/// next state with the values its row writes, the labels of a data state's values in its
/// node, written values on the arrows.
@Suite struct StateDataReportTests {
    /// Forks that give values, and a rewrite in a region.
    static let studio = """
        FSM: Studio
        Initial: Off
        Parallel: Media
        State: Playing(url: String)
        State: Muted(level: Int)
        Event: Load(url: String)
        {
          Off { Load Playing(url: url) & Muted(level: 0) -  Power Media - }
          (Media) { Power Off - }
          (Playback) : Media { - Stopped - }
          Stopped : Playback { Play Playing(url: "default") - }
          Playing : Playback { Stop Stopped stop(url) }
          (Volume) : Media { - Normal - }
          Normal : Volume { Mute Muted(level: 3) - }
          Muted : Volume { Mute Normal -  Louder -(level: up(level)) - }
        }
        """

    @Test func tableShowsWrittenValues() throws {
        #expect(
            tableLines(InterpreterDataTests.download) == [
                "Idle Begin -> Downloading(received: 0) {begin(url)}",
                "Downloading Progress -> Downloading(received: added(received, bytes)) {}",
                "Downloading Fail -> Failed {stop(url) report(error) show(error)}",
                "Downloading Cancel -> Idle {stop(url)}",
                "Failed Retry -> Downloading(received: 0) {begin(url)}",
            ])
        #expect(
            tableLines(Self.studio) == [
                "Off Load -> Media(Playing(url: url), Muted(level: 0)) {}",
                "Off Power -> Media(Stopped, Normal) {}",
                "Media Power -> Off {exit(Media)}",
                #"Stopped Play -> Playing(url: "default") {}"#,
                "Playing Stop -> Stopped {stop(url)}",
                "Normal Mute -> Muted(level: 3) {}",
                "Muted Mute -> Normal {}",
                "Muted Louder -> Muted(level: up(level)) {}",
            ])
        let markdown = TransitionTable.markdown(try #require(machine(InterpreterDataTests.download)))
        #expect(markdown.contains("| **Idle** | Begin |   | Downloading(received: 0) | begin(url) |\n"))
        #expect(markdown.contains("|   | Fail |   | Failed | stop(url), report(error), show(error) |\n"))
    }

    @Test func simulateShowsForkValues() throws {
        #expect(
            try InterpreterDataTests.run(Self.studio, [#"Load(url: "u")"#, "Louder", "Stop", "Power"]) == [
                #"Off Load -> Media(Playing(url: "u"), Muted(level: 0)) {}"#,
                "Muted Louder -> Muted(level: up(0)) {}",
                #"Playing Stop -> Stopped {stop("u")}"#,
                "Media(Stopped, Muted) Power -> Off {}",
            ])
    }

    @Test func mermaidShowsLabelsAndWrittenValues() throws {
        #expect(
            StateGraph.mermaid(try #require(machine(InterpreterDataTests.download))) == """
                stateDiagram-v2
                    Idle
                    Downloading : Downloading(url, received)
                    Downloading : exit / stop(url)
                    Downloading : Progress (received#58; added(received, bytes))
                    Failed : Failed(url, error)
                    Failed : entry / show(error)
                    [*] --> Idle
                    Idle --> Downloading : Begin (received#58; 0) / begin(url)
                    Downloading --> Failed : Fail / report(error)
                    Downloading --> Idle : Cancel
                    Failed --> Downloading : Retry (received#58; 0) / begin(url)

                """)
        let studio = StateGraph.mermaid(try #require(machine(Self.studio)))
        #expect(studio.contains("    Off --> fork1 : Load (Playing(url#58; url), Muted(level#58; 0))\n"))
        #expect(studio.contains("            Playing : Playing(url)\n"))
    }

    @Test func dotShowsLabelsAndWrittenValues() throws {
        let dot = StateGraph.dot(try #require(machine(InterpreterDataTests.download)))
        #expect(dot.contains(#"<TR><TD><B>Downloading(url, received)</B></TD></TR>"#))
        #expect(dot.contains(#"  "Idle" -> "Downloading" [label="Begin (received: 0) / begin(url)"];"#))
        let studio = StateGraph.dot(try #require(machine(Self.studio)))
        #expect(studio.contains(#""Playing" [label="Playing(url)"];"#))
        #expect(studio.contains(#"[label="Play (url: \"default\")"]"#))
    }
}

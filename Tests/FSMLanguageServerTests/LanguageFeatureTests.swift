import FSMCompiler
import FSMLanguageServer
import Foundation
import Testing

/// Each request about the names and text of an open document.
@Suite struct LanguageFeatureTests {
    /// A client with `player` open.
    private func opened(_ text: String = player) -> InMemoryClient {
        let client = InMemoryClient()
        client.open(text)
        return client
    }

    /// The start of the range of a `Location` answer.
    private func starts(_ locations: JSONValue?) -> [Position] {
        (locations?.array ?? [locations ?? .null]).compactMap { Position($0["range"]?["start"]) }
    }

    @Test(arguments: [
        // (the name at the cursor, which appearance of it, where the definition is)
        ("Idle", 0, ("Idle :", 0)), // Initial:
        ("Idle", 1, ("Idle :", 0)), // an initial row's target
        ("Active", 2, ("Active)", 0)), // a superstate
        ("Active", 0, ("Active)", 0)), // History:
        ("Idle", 5, ("Idle :", 0)), // !in(Idle)
        ("Playing", 0, ("Playing :", 0)), // a next state
        ("Load", 1, ("Load(", 0)), // an event declared by its header
        ("Play ", 1, ("Play ", 0)), // an event without a header: its first row
        ("start", 0, ("start", 0)), // an action: its first use
        ("isReady", 1, ("isReady", 0)), // a condition
        ("Mode", 1, ("Mode", 0)), // a predicate type
        ("quiet", 1, ("quiet", 0)), // a predicate case
        ("loud", 1, ("loud", 0)),
    ])
    func definition(name: String, appearance: Int, target: (String, Int)) {
        let client = opened()
        let answer = client.request(
            "textDocument/definition", InMemoryClient.at(position(of: name, appearance, in: player, offset: 1)))
        #expect(answer["result"]?["uri"]?.string == InMemoryClient.uri)
        #expect(starts(answer["result"]) == [position(of: target.0, target.1, in: player)])
    }

    @Test func noDefinitionOutsideNames() {
        let client = opened()
        let answer = client.request("textDocument/definition", InMemoryClient.at(position(of: "{", in: player)))
        #expect(answer["result"] == .null && answer["error"] == nil)
    }

    @Test func referencesOfAStateEventActionAndCase() {
        let client = opened()
        func references(_ name: String, _ appearance: Int, declaration: Bool = true) -> Int {
            let params = InMemoryClient.at(position(of: name, appearance, in: player))
            guard case .object(var members) = params else { return -1 }
            members["context"] = ["includeDeclaration": .bool(declaration)]
            return starts(client.request("textDocument/references", .object(members))["result"]).count
        }
        #expect(references("Idle", 0) == 7) // Initial:, initial row, Stop's target, spec, Play's, in(), Pause's
        #expect(references("Idle", 0, declaration: false) == 6)
        #expect(references("Play ", 0) == 2)
        #expect(references("isReady", 0) == 2)
        #expect(references("quiet", 0) == 2)
        #expect(references("Mode", 0) == 3)
    }

    @Test func renameChangesEveryOccurrenceOfThatSymbolOnly() throws {
        let client = opened()
        let answer = client.request(
            "textDocument/rename",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri)],
                "position": position(of: "Idle", 3, in: player).json, "newName": "Waiting",
            ])
        let edits = try #require(answer["result"]?["changes"]?[InMemoryClient.uri]?.array)
        #expect(edits.count == 7)
        let renamed = applying(edits, to: player)
        #expect(renamed == player.replacingOccurrences(of: "Idle", with: "Waiting"))
        #expect(Compiler.check(SourceFile(name: "P.sm", text: renamed)).diagnostics.isEmpty)
    }

    /// A raised event is an occurrence of its event: renamed with it, and completed after `^`.
    @Test func aRaisedEventIsItsEvent() throws {
        let text = player.replacingOccurrences(of: "Stop Idle halt", with: "Stop Idle {halt ^Pause}")
        let client = opened(text)
        #expect(client.lastDiagnostics().isEmpty)
        let answer = client.request(
            "textDocument/rename",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri)],
                "position": position(of: "Pause [", in: text).json, "newName": "Hold",
            ])
        let edits = try #require(answer["result"]?["changes"]?[InMemoryClient.uri]?.array)
        #expect(applying(edits, to: text) == text.replacingOccurrences(of: "Pause", with: "Hold"))
        #expect(labels(after: "{halt ^", in: text) == ["Load", "Stop", "Pause", "Play"])
    }

    @Test func renameOfAPredicateCaseKeepsToItsType() throws {
        let text = player.replacingOccurrences(
            of: "Predicate: Mode = quiet | loud",
            with: "Predicate: Mode = quiet | loud\nPredicate: Volume = quiet | max"
        )
        .replacingOccurrences(of: "[Mode = loud]", with: "[Mode = loud, Volume = quiet]")
        let client = opened(text)
        #expect(client.lastDiagnostics().isEmpty)
        let answer = client.request(
            "textDocument/rename",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri)],
                "position": position(of: "quiet", 0, in: text).json, "newName": "soft",
            ])
        let edits = try #require(answer["result"]?["changes"]?[InMemoryClient.uri]?.array)
        let renamed = applying(edits, to: text)
        #expect(renamed.contains("Mode = soft | loud") && renamed.contains("Volume = quiet | max"))
        #expect(renamed.contains("[Mode = soft, isReady]") && renamed.contains("Volume = quiet]"))
    }

    @Test(arguments: [
        // (the new name, the start of the refusal)
        ("Playing", "cannot rename state 'Idle' to 'Playing': the machine already has a state 'Playing'"),
        ("playing", "cannot rename state 'Idle' to 'playing': "),
        ("Is-Idle", "cannot rename state 'Idle' to 'Is-Idle': "),
        ("", "cannot rename state 'Idle' to '': "),
    ])
    func renameRefusesANameTheCheckWouldReject(newName: String, refusal: String) throws {
        let client = opened()
        let answer = client.request(
            "textDocument/rename",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri)],
                "position": position(of: "Idle", 0, in: player).json, "newName": .string(newName),
            ])
        let message = try #require(answer["error"]?["message"]?.string)
        #expect(answer["error"]?["code"] == -32803)
        #expect(message.hasPrefix(refusal))
        // The check's own message, with its ID.
        if newName == "playing" { #expect(message.hasSuffix("[swiftNameCollision]")) }
        if newName == "Is-Idle" { #expect(message.contains("[syntaxError]")) }
    }

    @Test func prepareRenameGivesTheNameUnderTheCursor() {
        let client = opened()
        let answer = client.request(
            "textDocument/prepareRename", InMemoryClient.at(position(of: "beep", in: player, offset: 2)))
        let start = position(of: "beep", in: player)
        #expect(answer["result"]?["placeholder"] == "beep")
        #expect(
            answer["result"]?["range"]
                == Span(start: start, end: Position(line: start.line, character: start.character + 4)).json)
    }

    @Test func hoverOfAStateShowsItsTableRowsListsAndSuperstates() throws {
        let client = opened()
        let answer = client.request("textDocument/hover", InMemoryClient.at(position(of: "Idle :", in: player)))
        let value = try #require(answer["result"]?["contents"]?["value"]?.string)
        let machine = try #require(Compiler.check(SourceFile(name: "P.sm", text: player)).machine)
        let rows = TransitionTable.text(machine).split(separator: "\n").filter { $0.hasPrefix("Idle ") }
        #expect(rows.count == 4)
        #expect(value.contains("```\n" + rows.joined(separator: "\n") + "\n```"))
        #expect(value.contains("superstates: `Active`"))
        #expect(value.contains("entry: `{enter}`") && value.contains("exit: `{leave}`"))
    }

    @Test func hoverOfAnEventShowsItsRows() throws {
        let client = opened()
        let answer = client.request("textDocument/hover", InMemoryClient.at(position(of: "Play ", in: player)))
        let value = try #require(answer["result"]?["contents"]?["value"]?.string)
        #expect(
            value.contains(
                "Idle Play [Mode=quiet, isReady] -> Playing {leave}\nIdle Play [Mode=loud] -> Idle {leave beep enter}"))
        #expect(!value.contains("Stop"))
    }

    @Test(arguments: [("start", "mutating func start(_ title: String)"), ("isReady", "func isReady() -> Swift.Bool")])
    func hoverOfAnActionShowsItsRequirementAsGenerated(name: String, requirement: String) throws {
        let client = opened()
        let answer = client.request("textDocument/hover", InMemoryClient.at(position(of: name, in: player)))
        let value = try #require(answer["result"]?["contents"]?["value"]?.string)
        #expect(value.contains("```swift\n\(requirement)\n```"))
        #expect(value.contains("`PlayerActions`"))
        #expect(Compiler.compile(SourceFile(name: "P.sm", text: player)).swift?.contains(requirement) == true)
    }

    @Test func hoverWhileTheFileHasErrorsUsesTheSyntax() throws {
        let text = player.replacingOccurrences(of: "Load Playing", with: "Load Playng")
        let client = opened(text)
        let answer = client.request("textDocument/hover", InMemoryClient.at(position(of: "Idle :", in: text)))
        let value = try #require(answer["result"]?["contents"]?["value"]?.string)
        #expect(value.contains("superstates: `Active`") && value.contains("entry: `{enter}`"))
        #expect(value.contains("once the file checks without errors"))
    }

    /// The labels completion offers with the cursor after `prefix` (the text before it).
    private func labels(after prefix: String, in text: String = player) -> [String] {
        let client = opened(text)
        let answer = client.request(
            "textDocument/completion", InMemoryClient.at(position(of: prefix, in: text, offset: prefix.utf16.count)))
        return answer["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    @Test func completionOffersWhatFitsThePlace() {
        let states = ["Idle", "Active", "Playing"] // as they first appear
        #expect(labels(after: "Load ") == states) // after an event: next states
        #expect(labels(after: "Idle : ") == states) // a superstate
        #expect(labels(after: "Initial: ") == states)
        #expect(labels(after: "isReady] ") == states) // after a guard
        #expect(labels(after: "<") == ["halt", "enter", "leave", "start", "beep"]) // entry actions
        #expect(labels(after: "Load Playing ") == ["halt", "enter", "leave", "start", "beep"])
        #expect(labels(after: "[Mode = ") == ["quiet", "loud"])
        let alternatives = player.replacingOccurrences(of: "[Mode = quiet,", with: "[Mode = quiet | loud,")
        #expect(labels(after: "[Mode = quiet | ", in: alternatives) == ["quiet", "loud"])
        #expect(labels(after: "[!in(") == states)
        #expect(labels(after: "[Mode = quiet, ") == ["Mode", "isReady", "in"])
        #expect(labels(after: "<enter >leave {") == ["Load", "Stop", "Play", "Pause", "always", "override"])
        // At the start of the line of the body's '{': a header.
        let client = opened()
        let answer = client.request(
            "textDocument/completion",
            InMemoryClient.at(Position(line: position(of: "{", in: player).line, character: 0)))
        let headers = answer["result"]?["items"]?.array ?? []
        let headerNames = headers.compactMap { $0["label"]?.string }
        #expect(headerNames.contains("Predicate") && headerNames.contains("State") && headerNames.count == 15)
        #expect(headers.first?["insertText"] == "FSM: ")
    }

    @Test func completionWhileTypingAName() {
        // The cursor at the end of 'Pla' in a next state: the word is replaced, states offered.
        let text = player.replacingOccurrences(of: "Load Playing", with: "Load Pla")
        #expect(labels(after: "Load Pla", in: text).contains("Playing"))
    }

    @Test func documentSymbolsAreTheStateHierarchy() throws {
        let client = opened()
        let answer = client.request(
            "textDocument/documentSymbol", ["textDocument": ["uri": .string(InMemoryClient.uri)]])
        let symbols = try #require(answer["result"]?.array)
        #expect(symbols.map { $0["name"]?.string } == ["Active", "Mode"])
        #expect(symbols[0]["kind"] == 11) // abstract
        #expect(symbols[0]["children"]?.array?.map { $0["name"]?.string } == ["Idle", "Playing"])
        #expect(symbols[0]["children"]?[0]?["detail"] == ": Active")
        #expect(symbols[1]["children"]?.array?.map { $0["name"]?.string } == ["quiet", "loud"])
        let range = try #require(Span(symbols[0]["range"]))
        #expect(range.start == position(of: "(Active)", in: player))
        #expect(range.end == position(of: "halt }", in: player, offset: 6))
    }

    /// The parallel player of the Language reference, with a fork.
    static let regions = """
        FSM: Player
        Initial: Off
        Parallel: Media
        {
          Off                  { Power Media -  Fork Playing & Muted - }
          (Media) >stopAll     { Power Off - }
          (Playback) : Media   { - Stopped - }
          Stopped : Playback   { Play Playing start }
          Playing : Playback   { Stop Stopped stop }
          (Volume) : Media     { - Normal - }
          Normal : Volume      { Mute Muted mute }
          Muted : Volume       { Mute Normal unmute }
        }

        """

    @Test func navigationThroughParallelHeadersForksAndRegions() throws {
        let text = Self.regions
        let client = opened(text)
        #expect(client.lastDiagnostics().isEmpty)
        func definition(_ name: String, _ appearance: Int) -> [Position] {
            starts(
                client.request("textDocument/definition", InMemoryClient.at(position(of: name, appearance, in: text)))[
                    "result"])
        }
        #expect(definition("Media", 0) == [position(of: "Media", 2, in: text)]) // Parallel:
        #expect(definition("Muted", 0) == [position(of: "Muted :", in: text)]) // a fork target
        #expect(definition("Stopped", 0) == [position(of: "Stopped :", in: text)]) // an initial row
        let references = client.request(
            "textDocument/references", InMemoryClient.at(position(of: "Media", 0, in: text)))
        #expect(starts(references["result"]).count == 5)
        let hover = client.request("textDocument/hover", InMemoryClient.at(position(of: "Media", 2, in: text)))
        let value = try #require(hover["result"]?["contents"]?["value"]?.string)
        #expect(value.hasPrefix("parallel state `Media`") && value.contains("Media Power -> Off {exit(Media)}"))
        #expect(value.contains("exit: `{stopAll}`"))
        let symbols = client.request(
            "textDocument/documentSymbol", ["textDocument": ["uri": .string(InMemoryClient.uri)]])
        let media = try #require(symbols["result"]?.array?.first { $0["name"] == "Media" })
        #expect(media["children"]?.array?.map { $0["name"]?.string } == ["Playback", "Volume"])
        #expect(media["children"]?[0]?["children"]?.array?.map { $0["name"]?.string } == ["Stopped", "Playing"])
    }

    /// A data state's hover and outline show its values, as its `State:` header declares
    /// them; while the file has errors too.
    @Test func hoverAndOutlineShowStateData() throws {
        let text = """
            FSM: Download
            Initial: Idle
            State: Downloading(url: String, received: Int)
            Event: Begin(url: String)
            {
              Idle { Begin Downloading(received: 0) begin(url) }
              Downloading : Active { Progress -(received: more(received)) - }
              (Active) { Cancel Idle - }
            }

            """
        let client = opened(text)
        #expect(client.lastDiagnostics().isEmpty)
        let hover = client.request("textDocument/hover", InMemoryClient.at(position(of: "Downloading :", in: text)))
        let value = try #require(hover["result"]?["contents"]?["value"]?.string)
        #expect(value.hasPrefix("state `Downloading(url: String, received: Int)`"))
        #expect(value.contains("Downloading Progress -> Downloading(received: more(received)) {}"))
        let symbols = client.request(
            "textDocument/documentSymbol", ["textDocument": ["uri": .string(InMemoryClient.uri)]])
        let active = try #require(symbols["result"]?.array?.first { $0["name"] == "Active" })
        #expect(active["children"]?[0]?["detail"] == "(url: String, received: Int) : Active")
        let broken = opened(text.replacingOccurrences(of: "Cancel Idle -", with: "Cancel Idle"))
        let brokenHover = broken.request(
            "textDocument/hover", InMemoryClient.at(position(of: "Downloading :", in: text)))
        #expect(
            brokenHover["result"]?["contents"]?["value"]?.string?
                .hasPrefix("state `Downloading(url: String, received: Int)`") == true)
    }

    @Test func documentSymbolsSurviveASuperstateCycle() throws {
        let text = "FSM: T\nInitial: A\n{\n  A : B { E B - }\n  B : A { E A - }\n}\n"
        let client = opened(text)
        #expect(client.lastDiagnostics().contains { $0["code"] == "superstateCycle" })
        let answer = client.request(
            "textDocument/documentSymbol", ["textDocument": ["uri": .string(InMemoryClient.uri)]])
        let names = answer["result"]?.array?.map { $0["name"]?.string }
        #expect(names == ["B"] || names == ["A"] || names == ["A", "B"])
    }

    /// The semantic tokens of `text`, decoded: (line, column, length, type, modifiers).
    private func semanticTokens(of text: String) throws -> [[Int]] {
        let answer = opened(text).request(
            "textDocument/semanticTokens/full", ["textDocument": ["uri": .string(InMemoryClient.uri)]])
        let values = try #require(answer["result"]?["data"]?.array)
        let data = values.compactMap(\.int)
        #expect(data.count % 5 == 0)
        var decoded: [[Int]] = []
        var line = 0
        var column = 0
        for index in stride(from: 0, to: data.count, by: 5) {
            line += data[index]
            column = data[index] == 0 ? column + data[index + 1] : data[index + 1]
            decoded.append([line, column, data[index + 2], data[index + 3], data[index + 4]])
        }
        return decoded
    }

    @Test func semanticTokensClassifyEveryName() throws {
        let decoded = try semanticTokens(
            of: "FSM: T\nInitial: A\n{\n  (S) { E A go }\n  A : S { override { E A - } }\n}\n")
        #expect(
            decoded == [
                [0, 0, 3, 6, 0], // FSM
                [1, 0, 7, 6, 0], [1, 9, 1, 0, 0], // Initial: A
                [3, 3, 1, 0, 3], [3, 8, 1, 1, 0], [3, 10, 1, 0, 0], [3, 12, 2, 2, 0], // (S) { E A go }
                [4, 2, 1, 0, 1], [4, 6, 1, 0, 2], [4, 10, 8, 6, 0], [4, 21, 1, 1, 0], [4, 23, 1, 0, 0],
            ])
    }

    /// A decision after an event, and an event block of `always` rows.
    static let decision = """
        FSM: Review
        Initial: Editing
        {
          Editing { Submit Checking save }
          Checking {
            always [isValid] Done publish
            always Editing showErrors
          }
          Done { Edit Editing -  always { [isStale] Editing - } }
        }

        """

    /// `always` is a keyword, not an event anyone sends: hover says what its rows are and
    /// lists them, completion offers it as a keyword where an event stands and states after
    /// it, highlighting marks it a keyword, and nothing renames it.
    @Test func alwaysIsAKeywordNotAnEvent() throws {
        let text = Self.decision
        let client = opened(text)
        #expect(client.lastDiagnostics().isEmpty)
        let at = InMemoryClient.at(position(of: "always", 1, in: text, offset: 3))
        let hover = client.request("textDocument/hover", at)
        let value = try #require(hover["result"]?["contents"]?["value"]?.string)
        #expect(value.hasPrefix("keyword `always`: its rows are taken without an event"))
        #expect(
            value.contains(
                "```\nChecking always [isValid] -> Done {publish}\nChecking always -> Editing {showErrors}\n"
                    + "Done always [isStale] -> Editing {}\n```"))
        let start = position(of: "always", 1, in: text)
        #expect(hover["result"]?["range"]?["start"] == start.json)
        #expect(client.request("textDocument/definition", at)["result"] == .null)
        #expect(client.request("textDocument/references", at)["result"] == .null)
        let rename = client.request(
            "textDocument/rename",
            ["textDocument": ["uri": .string(InMemoryClient.uri)], "position": start.json, "newName": "Check"])
        #expect(rename["error"] != nil)
        // Events in order of first appearance, then the keywords; after `always`, states.
        #expect(labels(after: "Checking {\n    ", in: text) == ["Submit", "Edit", "always", "override"])
        let alternatives = text.replacingOccurrences(of: "Submit ", with: "Submit | Quit ")
        #expect(labels(after: "Submit | ", in: alternatives) == ["Submit", "Quit", "Edit", "always"])
        #expect(labels(after: "    always ", in: text) == ["Editing", "Checking", "Done"])
        #expect(labels(after: "always { ", in: text) == ["Submit", "Edit", "always", "override"])
        let keywords = try semanticTokens(of: text).filter { $0[3] == 6 }.map { [$0[0], $0[1], $0[2]] }
        #expect(keywords == [[0, 0, 3], [1, 0, 7], [5, 4, 6], [6, 4, 6], [8, 25, 6]])
    }

    @Test func formattingIsFsmcFormat() throws {
        let text = "FSM: T\nInitial: A\n{\n A   E A -\n    A F   A go}\n"
        let client = opened(text)
        let answer = client.request(
            "textDocument/formatting", ["textDocument": ["uri": .string(InMemoryClient.uri)], "options": [:]])
        let edits = try #require(answer["result"]?.array)
        let formatted = try #require(SourceFormatter.format(SourceFile(name: "T.sm", text: text)).text)
        #expect(formatted != text)
        #expect(applying(edits, to: text) == formatted)
        // Formatted text needs no edit.
        let again = opened(formatted).request(
            "textDocument/formatting", ["textDocument": ["uri": .string(InMemoryClient.uri)], "options": [:]])
        #expect(again["result"] == [])
    }

    /// An entry action given arguments is a check's error, not a syntax error: the editor
    /// shows it with the file's other errors, and names, navigation and formatting still work.
    @Test func entryActionArgumentsAreOneErrorAmongTheOthers() throws {
        let text = player.replacingOccurrences(of: "<enter", with: "<enter(title)")
            .replacingOccurrences(of: "Stop Idle halt", with: "Stop Idel halt")
        let client = opened(text)
        #expect(
            client.lastDiagnostics().compactMap { $0["code"]?.string } == ["undefinedState", "entryExitArguments"])
        let definition = client.request(
            "textDocument/definition", InMemoryClient.at(position(of: "in(Idle)", in: text, offset: 4)))
        #expect(starts(definition["result"]) == [position(of: "Idle :", in: text)])
        let formatting = client.request(
            "textDocument/formatting", ["textDocument": ["uri": .string(InMemoryClient.uri)], "options": [:]])
        let edits = try #require(formatting["result"]?.array)
        #expect(applying(edits, to: text).contains("Idle : Active <enter(title) >leave {"))
    }

    @Test func formattingRefusesAFileWithSyntaxErrors() {
        let client = opened("FSM: T\nInitial: A\n{ A E }\n")
        let answer = client.request(
            "textDocument/formatting", ["textDocument": ["uri": .string(InMemoryClient.uri)], "options": [:]])
        #expect(answer["error"]?["code"] == -32803)
        #expect(answer["error"]?["message"]?.string?.hasPrefix("cannot format a file with syntax errors: 3:") == true)
    }

    @Test func codeActionsAreTheFixIts() throws {
        let text = player.replacingOccurrences(of: "    Play [Mode = loud] Idle beep\n", with: "    Stop Idle -\n")
            .replacingOccurrences(
                of: "Pause [!in(Idle), !isReady] Idle - }\n}\n", with: "Pause [!in(Idle), !isReady] Idle - }\n")
        let client = opened(text)
        let whole = Span(start: Position(line: 0, character: 0), end: Position(line: 40, character: 0))
        let answer = client.request(
            "textDocument/codeAction",
            ["textDocument": ["uri": .string(InMemoryClient.uri)], "range": whole.json, "context": ["diagnostics": []]])
        let actions = try #require(answer["result"]?.array)
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles == ["Insert the missing '}'", "Apply every fix-it (fsmc check --fix)"])
        #expect(actions[0]["kind"] == "quickfix" && actions[0]["diagnostics"]?[0]?["code"] == "syntaxError")
        // The fix-all action's text is `check --fix`'s.
        let fixAll = try #require(actions[1]["edit"]?["changes"]?[InMemoryClient.uri]?.array)
        let fixed = Compiler.fix(SourceFile(name: "/work/Player.sm", text: text))
        #expect(applying(fixAll, to: text) == String(decoding: fixed.bytes, as: UTF8.self))
        #expect(fixed.applied == 2)
        // After the brace, the override is the fix-it on offer; applied, the file checks.
        let braced = applying(actions[0]["edit"]?["changes"]?[InMemoryClient.uri]?.array ?? [], to: text)
        let next = opened(braced)
        let overrideActions = next.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri)], "range": whole.json,
                "context": ["only": ["quickfix"]],
            ])
        let override = try #require(overrideActions["result"]?[0])
        #expect(override["title"]?.string?.hasPrefix("Wrap line") == true)
        let overridden = applying(override["edit"]?["changes"]?[InMemoryClient.uri]?.array ?? [], to: braced)
        #expect(overridden.contains("override {"))
        #expect(!Compiler.check(SourceFile(name: "P.sm", text: overridden)).diagnostics.hasErrors)
    }
}

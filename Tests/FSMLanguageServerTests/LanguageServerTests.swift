import FSMCompiler
import FSMLanguageServer
import Foundation
import Testing

/// A valid machine with every kind of name: states (abstract, with history), an event
/// declared by a header, actions with and without arguments, a condition, a predicate.
let player = """
    FSM: Player
    Initial: Idle
    Predicate: Mode = quiet | loud
    Event: Load(title: String)
    History: Active = deep
    {
      (Active) { - Idle -  Stop Idle halt }
      Idle : Active <enter >leave {
        Load Playing start(title)
        Play [Mode = quiet, isReady] Playing -
        Play [Mode = loud] Idle beep
      }
      Playing : Active { Pause [!in(Idle), !isReady] Idle - }
    }

    """

/// Lifecycle, diagnostics, sync and bad messages.
@Suite struct LanguageServerTests {
    @Test func initializeAnnouncesWhatTheServerDoes() {
        let client = InMemoryClient(initialized: false)
        let answer = client.request("initialize", ["capabilities": [:]])
        let capabilities = answer["result"]?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"]?["change"] == 2)
        for provider in [
            "definitionProvider", "referencesProvider", "hoverProvider", "documentSymbolProvider",
            "documentFormattingProvider",
        ] {
            #expect(capabilities?[provider] == true, "\(provider)")
        }
        #expect(capabilities?["renameProvider"]?["prepareProvider"] == true)
        #expect(capabilities?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.array?.count == 7)
        #expect(answer["result"]?["serverInfo"]?["name"] == "fsmc")
    }

    @Test func requestsBeforeInitializeAreRefused() {
        let client = InMemoryClient(initialized: false)
        let answer = client.request("textDocument/hover", InMemoryClient.at(Position(line: 0, character: 0)))
        #expect(answer["error"]?["code"] == -32002)
    }

    @Test func diagnosticsAreThoseOfCheckWithNotesAsRelatedInformation() throws {
        let text = player.replacingOccurrences(of: "Load Playing", with: "Load Playng")
        let client = InMemoryClient()
        let diagnostics = client.open(text)
        let expected = Compiler.check(SourceFile(name: "/work/Player.sm", text: text)).diagnostics
        #expect(diagnostics.count == expected.count && !expected.isEmpty)
        for (sent, diagnostic) in zip(diagnostics, expected) {
            #expect(sent["code"]?.string == diagnostic.id.rawValue)
            #expect(sent["message"]?.string == diagnostic.message)
            #expect(sent["severity"] == (diagnostic.severity == .error ? 1 : 2))
            #expect(sent["range"]?["start"]?["line"]?.int == diagnostic.location.line - 1)
            #expect(sent["range"]?["start"]?["character"]?.int == diagnostic.location.column - 1)
            #expect(sent["relatedInformation"]?.array?.count == diagnostic.printedNotes.count)
        }
        let first = try #require(diagnostics.first)
        #expect(first["code"] == "undefinedState")
        let start = position(of: "Playng", in: text)
        #expect(
            first["range"] == Span(start: start, end: Position(line: start.line, character: start.character + 6)).json)
        #expect(first["relatedInformation"]?[0]?["message"]?.string?.hasPrefix("fix-it:") != true)
    }

    @Test func aNoteIsRelatedInformationAtItsOwnPlace() throws {
        let text = player.replacingOccurrences(of: "    Play [Mode = loud] Idle beep\n", with: "    Stop Idle -\n")
        let client = InMemoryClient()
        let diagnostic = try #require(client.open(text).first)
        #expect(diagnostic["code"] == "missingOverride")
        let related = try #require(diagnostic["relatedInformation"]?.array)
        let messages = related.map { $0["message"]?.string ?? "" }
        #expect(messages.contains("inherited transition for 'Stop' is here"))
        #expect(related[0]["location"]?["uri"]?.string == InMemoryClient.uri)
        #expect(related[0]["location"]?["range"]?["start"] == position(of: "Stop", in: text).json)
    }

    @Test func columnsAreUTF16CodeUnits() throws {
        // 'é' is 2 bytes but 1 UTF-16 unit, '😀' 4 bytes and 2 units: the unexpected 'é😀'
        // takes bytes 3 to 8 of its line, and UTF-16 units 2 to 4.
        let text = "FSM: T\nInitial: A\n{ A\n// é😀 \n  é😀 x ¤ }\n"
        let client = InMemoryClient()
        let diagnostic = try #require(client.open(text).first)
        #expect(diagnostic["code"] == "unexpectedCharacter")
        #expect(
            diagnostic["range"]
                == Span(start: Position(line: 4, character: 2), end: Position(line: 4, character: 5)).json)
        let lines = LineIndex(Array("aé😀b\nc".utf8))
        #expect(lines.position(ofOffset: 7) == Position(line: 0, character: 4))
        #expect(lines.offset(of: Position(line: 0, character: 4)) == 7)
        #expect(lines.offset(of: Position(line: 0, character: 99)) == 8)
        #expect(lines.offset(of: Position(line: 5, character: 0)) == 10)
        #expect(lines.position(of: SourceLocation(file: "", line: 2, column: 1)) == Position(line: 1, character: 0))
    }

    @Test func incrementalAndFullChangesGiveTheDiagnosticsOfTheNewText() throws {
        let client = InMemoryClient()
        let broken = player.replacingOccurrences(of: "Load Playing", with: "Load Playng")
        #expect(client.open(broken).first?["code"] == "undefinedState")
        let start = position(of: "Playng", in: broken)
        // Two changes in one notification: insert the 'i', then add a comment on line 0.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri), "version": 2],
                "contentChanges": [
                    [
                        "range": Span(
                            start: Position(line: start.line, character: start.character + 4),
                            end: Position(line: start.line, character: start.character + 4)
                        ).json,
                        "text": "i",
                    ],
                    [
                        "range": Span(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
                            .json, "text": "// é\n",
                    ],
                ],
            ])
        #expect(client.lastDiagnostics().isEmpty)
        #expect(client.server.document(InMemoryClient.uri)?.text == "// é\n" + player)
        let published = try #require(client.notifications.last)
        #expect(published["params"]?["version"] == 2)
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(InMemoryClient.uri), "version": 3],
                "contentChanges": [["text": .string(broken)]],
            ])
        #expect(client.lastDiagnostics().first?["code"] == "undefinedState")
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(InMemoryClient.uri)]])
        #expect(client.lastDiagnostics().isEmpty)
        #expect(client.server.document(InMemoryClient.uri) == nil)
    }

    @Test func deferredDiagnosticsAreCheckedOnceForSeveralChanges() throws {
        let client = InMemoryClient()
        client.open(player)
        client.server.defersDiagnostics = true
        let published = client.notifications.count
        for version in 2...4 {
            client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(InMemoryClient.uri), "version": .int(version)],
                    "contentChanges": [["text": .string(player + String(repeating: "// more\n", count: version))]],
                ])
        }
        #expect(client.notifications.count == published)
        client.server.publishPendingDiagnostics()
        client.collect()
        let after = client.notifications.dropFirst(published)
        #expect(after.count == 1)
        #expect(after.first?["params"]?["version"] == 4)
        client.server.publishPendingDiagnostics()
        client.collect()
        #expect(client.notifications.count == published + 1)
    }

    @Test func badMessagesAreAnsweredWithErrorsAndTheServerGoesOn() {
        let client = InMemoryClient()
        client.open(player)
        let garbage: [(bytes: [UInt8], code: Int)] = [
            (Array("Content-Length: 5\r\n\r\n{nope".utf8), -32700),
            (Array("Garbage: yes\r\n\r\n".utf8), -32700),
            (Array("Content-Length: -3\r\n\r\n".utf8), -32700),
            // JSON nested deeper than the decoder goes.
            (
                Array("Content-Length: 100000\r\n\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000),
                -32700
            ),
            (MessageReader.frame([1, 2]), -32600),
            (MessageReader.frame(["jsonrpc": "2.0", "id": 7]), -32600),
            (MessageReader.frame(["jsonrpc": "2.0", "id": ["x": 1], "method": "shutdown"]), -32600),
            (MessageReader.frame(["jsonrpc": "2.0", "id": 8, "method": "textDocument/unknown"]), -32601),
            (MessageReader.frame(["jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": 3]), -32602),
            (
                MessageReader.frame([
                    "jsonrpc": "2.0", "id": 10, "method": "textDocument/hover",
                    "params": [
                        "textDocument": ["uri": "file:///not-open.sm"], "position": ["line": 0, "character": 0],
                    ],
                ]), -32602
            ),
            (
                MessageReader.frame([
                    "jsonrpc": "2.0", "id": 11, "method": "textDocument/definition",
                    "params": ["textDocument": ["uri": .string(InMemoryClient.uri)], "position": ["line": -1]],
                ]), -32602
            ),
        ]
        for (bytes, code) in garbage {
            client.write(bytes)
            let answers = client.received()
            #expect(
                answers.count == 1 && answers.first?["error"]?["code"]?.int == code,
                "\(String(decoding: bytes, as: UTF8.self))")
        }
        // A position far outside the document, and a notification with nonsense, break nothing.
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///not-open.sm"], "contentChanges": []])
        let far = client.request("textDocument/hover", InMemoryClient.at(Position(line: 500, character: 500)))
        #expect(far["result"] == .null && far["error"] == nil)
        let hover = client.request("textDocument/hover", InMemoryClient.at(position(of: "Idle", 1, in: player)))
        #expect(hover["result"]?["contents"]?["value"]?.string?.contains("Idle Stop -> Idle") == true)
    }

    @Test func framingHandlesSplitAndJoinedMessagesAndDropsEndlessHeaders() {
        var reader = MessageReader()
        let one = MessageReader.frame(["a": 1])
        let two = MessageReader.frame(["b": "é"])
        reader.append(one + two.prefix(5))
        #expect(reader.next() == .message(Array(#"{"a":1}"#.utf8)))
        #expect(reader.next() == nil)
        reader.append(two.dropFirst(5))
        #expect(reader.next() == .message(Array(#"{"b":"é"}"#.utf8)))
        reader.append([UInt8](repeating: 65, count: MessageReader.maximumHeaderSize + 1))
        guard case .malformed = reader.next() else {
            Issue.record("a header block that never ends is not reported")
            return
        }
        reader.append(one)
        #expect(reader.next() == .message(Array(#"{"a":1}"#.utf8)))
    }

    @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() {
        let client = InMemoryClient()
        #expect(client.request("shutdown", nil)["result"] == .null)
        #expect(
            client.request("textDocument/hover", InMemoryClient.at(Position(line: 0, character: 0)))["error"]?["code"]
                == -32600)
        client.notify("exit", nil)
        #expect(client.server.exitStatus == 0)
        let abrupt = InMemoryClient()
        abrupt.notify("exit", nil)
        #expect(abrupt.server.exitStatus == 1)
    }

    @Test func fileURIsBecomePaths() {
        #expect(Document.path(ofURI: "file:///a%20b/T%C3%A9.sm") == "/a b/Té.sm")
        #expect(Document.path(ofURI: "file://host/x.sm") == "/x.sm")
        #expect(Document.path(ofURI: "untitled:Untitled-1") == "untitled:Untitled-1")
    }
}

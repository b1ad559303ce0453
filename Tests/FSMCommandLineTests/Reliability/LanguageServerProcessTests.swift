import FSMCompiler
import FSMLanguageServer
import FSMTestSupport
import Foundation
import Testing

/// The built `fsmc lsp` as a process, its standard input a file: a whole session, input
/// that is nothing but noise, and a session in which fsmc crashes on documents.
/// (CI drives it interactively too: .ci/lsp-end-to-end.py.)
@Suite struct LanguageServerProcessTests {
    /// Each message's content, as the server wrote them.
    private func messages(_ output: String) throws -> [JSONValue] {
        var reader = MessageReader()
        reader.append(Array(output.utf8))
        var messages: [JSONValue] = []
        while let frame = reader.next() {
            guard case .message(let bytes) = frame else {
                Issue.record("the server wrote something that is not a message: \(frame)")
                continue
            }
            messages.append(try JSONValue.parse(bytes))
        }
        return messages
    }

    @Test(.enabled(if: FSMCProcess.isAvailable)) func aSessionWithGarbageEndsWithStatusZero() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = "FSM: T\nInitial: A\n{\n  A E B -\n}\n"
        var session: [UInt8] = []
        session += MessageReader.frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        session += Array("Content-Length: 3\r\n\r\n{{{".utf8)
        session += MessageReader.frame([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": "file:///T.sm", "version": 1, "text": .string(text)]],
        ])
        session += Array("no header at all\r\n\r\n".utf8)
        session += MessageReader.frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        session += MessageReader.frame(["jsonrpc": "2.0", "method": "exit"])
        let input = try folder.write("session", session)
        let run = try LimitedProcess.run(
            FSMCProcess.executable, ["lsp"], in: folder.url, standardInput: URL(fileURLWithPath: input),
            processorSeconds: 60, wallSeconds: 120)
        #expect(run.status == 0 && !run.wasSignalled, "\(run.errors)")
        let answers = try messages(run.output)
        #expect(answers.count == 5)
        // Bytes that are not a message are answered at once, maybe before `initialize`.
        #expect(answers.first { $0["id"] == 1 }?["result"]?["capabilities"] != nil)
        #expect(answers.filter { $0["error"]?["code"] == -32700 }.count == 2)
        let diagnostics = answers.first { $0["method"] == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]
        #expect(diagnostics?[0]?["code"] == "undefinedState")
        #expect(answers.last?["id"] == 2 && answers.last?["result"] == .null)
    }

    @Test(.enabled(if: FSMCProcess.isAvailable)) func noiseIsAnsweredUntilTheInputEnds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var random = SplitMix64(seed: 41)
        var noise: [UInt8] = []
        for _ in 0..<200 {
            noise += (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // Now and then a header block with a length, so that noise reaches the JSON decoder too.
            if random.next() % 2 == 0 { noise += Array("Content-Length: \(random.next() % 50)\r\n\r\n".utf8) }
        }
        let input = try folder.write("noise", noise)
        let run = try LimitedProcess.run(
            FSMCProcess.executable, ["lsp"], in: folder.url, standardInput: URL(fileURLWithPath: input),
            processorSeconds: 60, wallSeconds: 120)
        // The input ended without 'shutdown' and 'exit': status 1, and no signal.
        #expect(run.status == 1 && !run.wasSignalled, "\(run.errors)")
        let answers = try messages(run.output)
        #expect(!answers.isEmpty)
        #expect(answers.allSatisfy { $0["error"]?["code"]?.int != nil })
    }

    /// `FSMC_LSP_TEST_TRAP` makes the worker call `fatalError` on a document that contains
    /// the marker: the crash answers the request in flight with an error, a document goes
    /// back to normal when it changes, one whose check crashes gets one diagnostic that says
    /// so, and the session still ends with status 0. (The input is read at once, so every
    /// message reaches the first worker; .ci/lsp-end-to-end.py changes a document that has
    /// the crash's diagnostic.)
    @Test(.enabled(if: FSMCProcess.isAvailable)) func aCrashOfTheWorkerDoesNotEndTheSession() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let marker = "# crash fsmc here"
        let fixed = "FSM: T\nInitial: A\n{\n  A E B -\n}\n"
        let crashing = fixed + marker + "\n"
        var session: [UInt8] = []
        var id = 0
        func request(_ method: String, _ params: JSONValue) {
            id += 1
            session += MessageReader.frame([
                "jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params,
            ])
        }
        func notify(_ method: String, _ params: JSONValue) {
            session += MessageReader.frame(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }
        func symbols(_ uri: String) { request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]) }
        request("initialize", [:]) // 1
        notify("initialized", [:])
        // T crashes the worker while it answers a request, then is fixed; U crashes its check
        // and stays so.
        notify(
            "textDocument/didOpen", ["textDocument": ["uri": "file:///T.sm", "version": 1, "text": .string(crashing)]])
        symbols("file:///T.sm") // 2
        notify(
            "textDocument/didChange",
            ["textDocument": ["uri": "file:///T.sm", "version": 2], "contentChanges": [["text": .string(fixed)]]])
        symbols("file:///T.sm") // 3
        notify(
            "textDocument/didOpen", ["textDocument": ["uri": "file:///U.sm", "version": 1, "text": .string(crashing)]])
        symbols("file:///U.sm") // 4
        request("shutdown", nil) // 5
        notify("exit", nil)
        let input = try folder.write("session", session)
        let run = try LimitedProcess.run(
            FSMCProcess.executable, ["lsp"], in: folder.url, standardInput: URL(fileURLWithPath: input),
            environment: ["FSMC_LSP_TEST_TRAP": marker], processorSeconds: 60, wallSeconds: 120)
        #expect(run.status == 0 && !run.wasSignalled, "\(run.errors)")
        #expect(run.errors.contains("FSMC_LSP_TEST_TRAP"))
        let answers = try messages(run.output)
        func answer(_ id: Int) -> JSONValue? { answers.first { $0["id"] == .int(id) } }
        for id in 1...5 { #expect(answers.filter { $0["id"] == .int(id) }.count == 1, "answers to \(id)") }
        #expect(answer(1)?["result"]?["capabilities"] != nil)
        // The request in flight when fsmc crashed on T: an internal error.
        #expect(answer(2)?["error"]?["code"] == -32603)
        #expect(answer(2)?["error"]?["message"]?.string?.contains("fsmc crashed") == true)
        // Changed, T is checked and answered as usual.
        let published = answers.filter { $0["method"] == "textDocument/publishDiagnostics" }.compactMap(\.["params"])
        let lastOfT = published.last { $0["uri"] == "file:///T.sm" }
        #expect(lastOfT?["version"] == 2 && lastOfT?["diagnostics"]?[0]?["code"] == "undefinedState")
        #expect(answer(3)?["result"]?[0]?["name"] == "A", "\(String(describing: answer(3)))")
        // U crashes fsmc when a new worker checks it: one diagnostic says so, and a request
        // about it fails.
        let crashes = published.filter { $0["diagnostics"]?[0]?["code"] == "crash" }
        #expect(crashes.count == 1 && crashes.first?["uri"] == "file:///U.sm" && crashes.first?["version"] == 1)
        #expect(answer(4)?["error"]?["code"] == -32803)
        #expect(answer(5)?["result"] == .null && answer(5)?["error"] == nil)
    }
}

import FSMCompiler
import FSMLanguageServer
import FSMTestSupport
import Foundation
import Testing

/// The built `fsmc lsp` as a process, its standard input a file: a whole session, and
/// input that is nothing but noise. (CI drives it interactively too: .ci/lsp-end-to-end.py.)
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
        #expect(answers.first?["result"]?["capabilities"] != nil)
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
}

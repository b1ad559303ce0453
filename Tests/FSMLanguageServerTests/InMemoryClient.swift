import FSMCompiler
import FSMLanguageServer
import Testing

/// A client that talks to a `LanguageServer` through bytes in memory, framed as on a pipe:
/// what it sends goes through `MessageReader` in small chunks, and what the server sends is
/// framed and read back the same way.
final class InMemoryClient {
    private(set) var server: LanguageServer!
    private var outgoing: [UInt8] = []
    private var reader = MessageReader()
    private var nextID = 0
    /// Every message the server sent that was not the answer to a request of `request`.
    private(set) var notifications: [JSONValue] = []

    static let uri = "file:///work/Player.sm"

    /// A client whose server has been initialized.
    init(initialized: Bool = true) {
        server = LanguageServer(version: "test") { [unowned self] message in
            outgoing += MessageReader.frame(message)
        }
        if initialized {
            _ = request("initialize", ["processId": nil, "capabilities": [:]])
            notify("initialized", [:])
        }
    }

    /// Sends bytes as a pipe would deliver them: in chunks of 7.
    func write(_ bytes: [UInt8]) {
        var input = MessageReader()
        var offset = 0
        while offset < bytes.count {
            input.append(bytes[offset..<min(offset + 7, bytes.count)])
            offset += 7
            while let frame = input.next() { server.receive(frame) }
        }
    }

    /// Everything the server sent since the last call, each message once.
    func received() -> [JSONValue] {
        reader.append(outgoing)
        outgoing = []
        var messages: [JSONValue] = []
        while let frame = reader.next() {
            guard case .message(let bytes) = frame, let message = try? JSONValue.parse(bytes) else {
                Issue.record("the server sent something that is not a message: \(frame)")
                continue
            }
            messages.append(message)
        }
        return messages
    }

    /// Sends a request and returns its answer: the whole response (`result` or `error`).
    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> JSONValue {
        nextID += 1
        let id = JSONValue.int(nextID)
        write(MessageReader.frame(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]))
        var answer: JSONValue = .null
        for message in received() {
            if message["id"] == id { answer = message } else { notifications.append(message) }
        }
        #expect(answer != .null, "no answer to \(method)")
        return answer
    }

    func notify(_ method: String, _ params: JSONValue) {
        write(MessageReader.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
        collect()
    }

    /// Adds what the server sent since the last call to `notifications`.
    func collect() {
        notifications += received()
    }

    /// Opens `text` and returns the diagnostics published for it.
    @discardableResult
    func open(_ text: String, uri: String = InMemoryClient.uri) -> [JSONValue] {
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "sm", "version": 1, "text": .string(text)]])
        return lastDiagnostics(uri: uri)
    }

    /// The diagnostics of the last `publishDiagnostics` for `uri`.
    func lastDiagnostics(uri: String = InMemoryClient.uri) -> [JSONValue] {
        let published = notifications.last {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
        }
        return published?["params"]?["diagnostics"]?.array ?? []
    }

    /// `params` for a request at a position of the open document.
    static func at(_ position: Position, uri: String = InMemoryClient.uri) -> JSONValue {
        ["textDocument": ["uri": .string(uri)], "position": position.json]
    }
}

/// The position of the `occurrence`th (from 0) appearance of `needle` in `text`, plus `offset`
/// UTF-16 units: where an editor's cursor would be.
func position(of needle: String, _ occurrence: Int = 0, in text: String, offset: Int = 0) -> Position {
    var search = text[...]
    var found: Range<String.Index>?
    for _ in 0...occurrence {
        guard let range = search.range(of: needle) else { fatalError("'\(needle)' is not in the text") }
        found = range
        search = text[range.upperBound...]
    }
    let before = text[..<found!.lowerBound]
    let line = before.filter { $0 == "\n" }.count
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return Position(line: line, character: text[lineStart..<found!.lowerBound].utf16.count + offset)
}

/// Applies `TextEdit`s (as JSON) to `text`, as an editor does.
func applying(_ edits: [JSONValue], to text: String) -> String {
    let lines = LineIndex(Array(text.utf8))
    var bytes = Array(text.utf8)
    let ranges = edits.compactMap { edit -> (Range<Int>, String)? in
        guard let span = Span(edit["range"]), let newText = edit["newText"]?.string else { return nil }
        return (lines.offset(of: span.start)..<lines.offset(of: span.end), newText)
    }
    for (range, newText) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
        bytes.replaceSubrange(range, with: Array(newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

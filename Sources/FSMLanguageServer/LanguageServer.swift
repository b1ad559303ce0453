import FSMCompiler

/// fsmc's language server: answers the Language Server Protocol's requests about open
/// `.sm` documents with what `fsmc check`, `format` and `table` compute, one file per machine.
///
/// It reads one message at a time (`receive`) and sends its answers and notifications
/// through `send`, so a transport of any kind can drive it: standard input and output in
/// `fsmc lsp` (`StandardStreams`), buffers in tests. A message it cannot read, or a request
/// it cannot answer, gets an error response; the server goes on with the next message.
package final class LanguageServer {
    /// An error answer: a JSON-RPC error code and a message for the user.
    package struct ResponseError: Error, Equatable {
        package var code: Int
        package var message: String

        package init(_ code: Int, _ message: String) {
            self.code = code
            self.message = message
        }

        static func parseError(_ message: String) -> Self { Self(-32700, message) }
        static func invalidRequest(_ message: String) -> Self { Self(-32600, message) }
        static func methodNotFound(_ method: String) -> Self { Self(-32601, "unknown method '\(method)'") }
        static func invalidParams(_ message: String) -> Self { Self(-32602, message) }
        static let notInitialized = Self(-32002, "the server is not initialized; send 'initialize' first")
        static func requestFailed(_ message: String) -> Self { Self(-32803, message) }
    }

    private let send: (JSONValue) -> Void
    private let version: String
    private var documents: [String: Document] = [:]
    private var isInitialized = false
    private var isShuttingDown = false
    /// The process's exit status once `exit` arrived: 0 after `shutdown`, 1 without it.
    package private(set) var exitStatus: Int32?
    /// Whether diagnostics wait for `publishPendingDiagnostics`, so that a transport that
    /// has several changes at hand checks the text once, after the last; otherwise they are
    /// published as each change arrives.
    package var defersDiagnostics = false
    /// Called before the server analyses a document, for a request or for its diagnostics:
    /// `fsmc lsp --worker` makes it trap on a marker, for the test of a crash.
    package var willAnalyse: ((Document) -> Void)?
    /// A request of fsmc's own that publishes the diagnostics due and answers null: the
    /// supervisor of `fsmc lsp` sends it after reopening a document in a new worker, to
    /// learn whether checking that document crashed the worker.
    package static let flushMethod = "fsmc/flushDiagnostics"
    /// The documents whose diagnostics are due, in the order they changed.
    private var pendingDiagnostics: [String] = []

    package init(version: String, send: @escaping (JSONValue) -> Void) {
        self.version = version
        self.send = send
    }

    /// The document open at `uri`, for tests.
    package func document(_ uri: String) -> Document? { documents[uri] }

    /// Handles what the transport read: a message, or bytes that were not one.
    package func receive(_ frame: MessageReader.Frame) {
        switch frame {
        case .message(let bytes): receive(bytes)
        case .malformed(let reason): reply(to: .null, error: .parseError("not a message: \(reason)"))
        }
    }

    /// Handles one message's JSON content.
    package func receive(_ content: [UInt8]) {
        let message: JSONValue
        do {
            message = try JSONValue.parse(content)
        } catch {
            reply(to: .null, error: .parseError("the message is not JSON"))
            return
        }
        guard case .object = message else {
            reply(to: .null, error: .invalidRequest("a message must be a JSON object"))
            return
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            reply(to: .null, error: .invalidRequest("a request's 'id' must be a number or a string"))
            return
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (the server sends none) is left alone.
            if id != nil && (message["result"] != nil || message["error"] != nil) { return }
            reply(to: id ?? .null, error: .invalidRequest("a message needs a 'method'"))
            return
        }
        let params = message["params"] ?? .null
        if let id {
            let answer: Result<JSONValue, ResponseError>
            do {
                answer = .success(try request(method, params))
            } catch let error as ResponseError {
                answer = .failure(error)
            } catch {
                answer = .failure(.requestFailed("\(error)"))
            }
            switch answer {
            case .success(let result): send(["jsonrpc": "2.0", "id": id, "result": result])
            case .failure(let error): reply(to: id, error: error)
            }
        } else {
            // Notifications have no answer; one that cannot be handled is dropped, as the
            // protocol asks, but a document that does not exist is worth a log message.
            do {
                try notification(method, params)
            } catch let error as ResponseError {
                log("\(method): \(error.message)")
            } catch {
                log("\(method): \(error)")
            }
        }
    }

    package static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .int, .string: true
        case .double(let value): value.rounded() == value
        default: false
        }
    }

    private func reply(to id: JSONValue, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code), "message": .string(error.message)]])
    }

    private func log(_ message: String) {
        send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 3, "message": .string(message)]])
    }

    // MARK: Dispatch

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        if method == "initialize" {
            isInitialized = true
            return initializeResult
        }
        guard isInitialized else { throw ResponseError.notInitialized }
        guard !isShuttingDown else { throw ResponseError.invalidRequest("the server is shutting down") }
        switch method {
        case "shutdown":
            // Changes read in the same batch as `shutdown` still get their diagnostics.
            publishPendingDiagnostics()
            isShuttingDown = true
            return .null
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params)
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/codeAction": return try codeActions(params)
        case Self.flushMethod:
            publishPendingDiagnostics()
            return .null
        default: throw ResponseError.methodNotFound(method)
        }
    }

    private func notification(_ method: String, _ params: JSONValue) throws {
        if method == "exit" {
            exitStatus = isShuttingDown ? 0 : 1
            return
        }
        guard isInitialized else { return }
        switch method {
        case "textDocument/didOpen":
            let item = params["textDocument"]
            guard let uri = item?["uri"]?.string, let text = item?["text"]?.string else {
                throw ResponseError.invalidParams("'didOpen' needs textDocument.uri and textDocument.text")
            }
            let document = Document(uri: uri, version: item?["version"]?.int ?? 0, text: text)
            documents[uri] = document
            diagnosticsDue(document)
        case "textDocument/didChange":
            let document = try openDocument(params)
            try document.apply(changes: params)
            diagnosticsDue(document)
        case "textDocument/didClose":
            let document = try openDocument(params)
            documents[document.uri] = nil
            send([
                "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                "params": ["uri": .string(document.uri), "diagnostics": []],
            ])
        default:
            // `initialized`, `didSave`, `$/cancelRequest` (every request is answered at once),
            // `$/setTrace` and anything else need nothing.
            break
        }
    }

    private var initializeResult: JSONValue {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2],
                "definitionProvider": true,
                "referencesProvider": true,
                "renameProvider": ["prepareProvider": true],
                "hoverProvider": true,
                "completionProvider": ["triggerCharacters": [":", "[", "=", "|", "<", ">", "(", "&"]],
                "documentSymbolProvider": true,
                "semanticTokensProvider": [
                    "legend": [
                        "tokenTypes": .array(SemanticTokens.tokenTypes.map { .string($0) }),
                        "tokenModifiers": .array(SemanticTokens.tokenModifiers.map { .string($0) }),
                    ],
                    "full": true,
                ],
                "documentFormattingProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix", "source.fixAll"]],
            ],
            "serverInfo": ["name": "fsmc", "version": .string(version)],
        ]
    }

    // MARK: Shared by the requests

    /// The open document that `params.textDocument.uri` names, for a request about it.
    func document(_ params: JSONValue) throws -> Document {
        let document = try openDocument(params)
        willAnalyse?(document)
        return document
    }

    private func openDocument(_ params: JSONValue) throws -> Document {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw ResponseError.invalidParams("the request needs textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw ResponseError.invalidParams("'\(uri)' is not open; send 'textDocument/didOpen' first")
        }
        return document
    }

    /// The open document and the position that `params` name.
    func documentAndPosition(_ params: JSONValue) throws -> (Document, Position) {
        let document = try document(params)
        guard let position = Position(params["position"]) else {
            throw ResponseError.invalidParams("the request needs a position")
        }
        return (document, position)
    }

    /// A `Location`: the document's URI and the span of a name.
    func location(_ name: NameSyntax, in document: Document) -> JSONValue {
        ["uri": .string(document.uri), "range": document.span(of: name).json]
    }

    private func diagnosticsDue(_ document: Document) {
        guard defersDiagnostics else { return publishDiagnostics(of: document) }
        if !pendingDiagnostics.contains(document.uri) { pendingDiagnostics.append(document.uri) }
    }

    /// Publishes the diagnostics that changes since the last call made due.
    package func publishPendingDiagnostics() {
        let uris = pendingDiagnostics
        pendingDiagnostics = []
        for uri in uris {
            if let document = documents[uri] { publishDiagnostics(of: document) }
        }
    }

    func publishDiagnostics(of document: Document) {
        willAnalyse?(document)
        send([
            "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
            "params": [
                "uri": .string(document.uri), "version": .int(document.version),
                "diagnostics": .array(document.check.diagnostics.map { json($0, in: document) }),
            ],
        ])
    }
}

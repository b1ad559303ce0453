import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fsmc lsp`: owns standard input and output and the protocol's framing, and has a worker
/// process, `fsmc lsp --worker`, run the `LanguageServer` that answers. A bug of fsmc that
/// traps (an index out of range, a failed precondition) then ends the worker, not the session:
///
/// - the request the worker was answering gets an `InternalError` answer saying so;
/// - a new worker is started, and the open documents are opened in it again, one at a time,
///   each followed by `fsmc/flushDiagnostics`, so that a document whose check crashes it
///   again is known: that version of the document is left out (it gets one diagnostic that
///   says fsmc crashed on it, and its requests an error) until it changes, and the worker is
///   started once more without it;
/// - the requests that were sent to the worker after the crashed one are sent again, or
///   answered `ContentModified` when their document changed since.
///
/// The supervisor keeps its own copy of each open document (as `didOpen` and `didChange` make
/// it), reads the client's messages to follow them, and reads of the worker's messages only
/// enough to see which request each answers. Every crash either answers a request, leaves
/// a document out or is followed by an answer before the next; a worker that crashes three
/// times in a row otherwise (at `initialize`, say) ends the session with status 1.
package final class Supervisor {
    /// A request sent to the worker and not answered yet.
    private struct Request {
        var id: JSONValue
        var method: String
        /// Whether the supervisor sent it (`initialize` and the like after a restart).
        var isOwn: Bool
        /// The document the request is about, and its version when the request was sent.
        var uri: String?
        var version: Int?
        /// The message, to send again to a new worker.
        var content: [UInt8]
        /// For `fsmc/flushDiagnostics` after a document was opened in a new worker: that document.
        var reopened: String?
    }

    private static let crashesInARow = 3
    private static let notificationPrefix = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    private static let idPrefix = Array(#"{"id":"#.utf8)

    private let executable: String
    private let version: String
    private var worker: WorkerProcess?
    private var toWorker: [UInt8] = []
    private var toWorkerStart = 0
    private var fromWorker = MessageReader()
    private var fromClient = MessageReader()
    /// The requests the worker has not answered, in the order they were sent.
    private var inFlight: [Request] = []
    /// The open documents, as the client has them.
    private var documents: [String: Document] = [:]
    /// The documents whose check crashed the worker, and the version that did.
    private var crashed: [String: Int] = [:]
    private var initializeParams: JSONValue?
    private var shutdownAnswered = false
    private var exitReceived = false
    private var inputEnded = false
    private var writeFailed = false
    /// While a new worker gets the open documents: those still to open; nil otherwise.
    private var reopening: [String]?
    /// The requests to send again once the documents are open, and the client's messages
    /// that arrived meanwhile.
    private var resend: [Request] = []
    private var held: [MessageReader.Frame] = []
    private var crashesWithoutProgress = 0
    private var ownRequests = 0

    init(executable: String, version: String) {
        self.executable = executable
        self.version = version
    }

    /// Serves until `exit` or the end of standard input; returns the exit status.
    func run() -> Int32 {
        guard let first = WorkerProcess(executable: executable) else {
            return StandardStreams.serve(version: version, isWorker: false)
        }
        worker = first
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while let worker = self.worker, !writeFailed {
            var descriptors = [pollfd(fd: worker.output, events: Int16(POLLIN), revents: 0)]
            if !inputEnded && !exitReceived {
                descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0))
            }
            if toWorkerStart < toWorker.count && worker.input >= 0 {
                descriptors.append(pollfd(fd: worker.input, events: Int16(POLLOUT), revents: 0))
            }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for descriptor in descriptors.dropFirst() where descriptor.revents != 0 {
                if descriptor.fd == STDIN_FILENO {
                    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if count <= 0 {
                        inputEnded = true
                    } else {
                        fromClient.append(buffer[0..<count])
                        while !exitReceived, let frame = fromClient.next() { receiveFromClient(frame) }
                    }
                }
                flushToWorker()
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(worker.output, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count > 0 {
                fromWorker.append(buffer[0..<count])
                while self.worker === worker, let frame = fromWorker.next() {
                    if case .message(let content) = frame { receiveFromWorker(content) }
                }
            } else if let status = workerEnded() {
                return status
            }
        }
        self.worker?.closeInput()
        return 1
    }

    // MARK: The client's messages

    private func receiveFromClient(_ frame: MessageReader.Frame) {
        guard reopening == nil else { return held.append(frame) }
        guard !exitReceived else { return }
        guard case .message(let content) = frame else {
            if case .malformed(let reason) = frame { reply(to: .null, code: -32700, "not a message: \(reason)") }
            return
        }
        // What is not a JSON object goes to the worker as it is, which answers it.
        guard let message = try? JSONValue.parse(content), case .object = message else { return forward(content) }
        let method = message["method"]?.string
        let params = message["params"] ?? .null
        let uri = params["textDocument"]?["uri"]?.string
        switch method {
        case "initialize":
            initializeParams = params
        case "exit":
            exitReceived = true
        case "textDocument/didOpen":
            if let uri, let text = params["textDocument"]?["text"]?.string {
                documents[uri] = Document(uri: uri, version: params["textDocument"]?["version"]?.int ?? 0, text: text)
                crashed[uri] = nil
            }
        case "textDocument/didChange":
            if let uri, let document = documents[uri] {
                // A change the worker cannot apply it reports; both copies apply it alike.
                try? document.apply(changes: params)
                if crashed.removeValue(forKey: uri) != nil {
                    // The worker does not have the document: it gets the new text whole.
                    return forward(MessageReader.content(Self.didOpen(document)))
                }
            }
        case "textDocument/didClose":
            if let uri {
                documents[uri] = nil
                if crashed.removeValue(forKey: uri) != nil {
                    return sendToClient(Self.diagnostics([], of: uri, version: nil))
                }
            }
        default:
            break
        }
        if let id = message["id"], let method, LanguageServer.isValidID(id) {
            if let uri, let version = crashed[uri] {
                return reply(to: id, code: -32803, Self.crashedMessage(uri: uri, version: version))
            }
            inFlight.append(
                Request(
                    id: Self.normalized(id), method: method, isOwn: false, uri: uri,
                    version: uri.flatMap { documents[$0]?.version }, content: content))
        }
        forward(content)
    }

    // MARK: The worker's messages

    private func receiveFromWorker(_ content: [UInt8]) {
        if content.starts(with: Self.notificationPrefix) { return sendToClient(content) }
        guard let id = Self.responseID(content),
            let index = inFlight.firstIndex(where: { $0.id == Self.normalized(id) })
        else { return sendToClient(content) }
        let request = inFlight.remove(at: index)
        crashesWithoutProgress = 0
        if !request.isOwn {
            if request.method == "shutdown" { shutdownAnswered = true }
            sendToClient(content)
        } else if request.reopened != nil {
            reopenNext()
        }
    }

    /// The worker's output ended: the status to end with, or nil when a new worker goes on.
    private func workerEnded() -> Int32? {
        guard let ending = worker?.wait() else { return 1 }
        worker = nil
        toWorker = []
        toWorkerStart = 0
        fromWorker = MessageReader()
        var requests = inFlight
        inFlight = []
        if case .exited(let status) = ending, exitReceived || inputEnded, requests.isEmpty, reopening == nil {
            return status
        }
        let how: String
        switch ending {
        case .signalled(let signal): how = "crashed (signal \(signal))"
        case .exited(let status): how = "ended unexpectedly (status \(status))"
        }
        FileHandle.standardError.write(Data("fsmc lsp: the worker \(how); starting a new one\n".utf8))
        if let uri = requests.first(where: { $0.reopened != nil })?.reopened, let document = documents[uri] {
            // Checking this document crashes fsmc: leave it out until it changes.
            crashed[uri] = document.version
            sendToClient(
                Self.diagnostics(
                    [
                        [
                            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                            "severity": 1, "code": "crash", "source": "fsmc",
                            "message": .string(
                                "fsmc \(how) while checking this text, a bug in fsmc (please report it, with the "
                                    + "text); the document is checked again when it changes"),
                        ]
                    ], of: uri, version: document.version))
            crashesWithoutProgress = 0
        } else if let index = requests.firstIndex(where: { !$0.isOwn }) {
            // The first request not answered is the one the worker was answering, or was
            // about to when it crashed checking a change.
            let request = requests.remove(at: index)
            let about = request.uri.map { " about '\($0)'" } ?? ""
            reply(
                to: request.id, code: -32603,
                "fsmc \(how) while answering '\(request.method)'\(about), a bug in fsmc; the server goes on")
            crashesWithoutProgress = 0
        } else {
            crashesWithoutProgress += 1
        }
        resend = requests.filter { !$0.isOwn } + resend
        guard crashesWithoutProgress < Self.crashesInARow, let worker = WorkerProcess(executable: executable) else {
            FileHandle.standardError.write(Data("fsmc lsp: the worker keeps crashing; stopping\n".utf8))
            for request in resend { reply(to: request.id, code: -32603, "fsmc \(how); the server stops") }
            return 1
        }
        self.worker = worker
        // Set first: the new worker's input stays open while documents are to be opened.
        reopening = initializeParams == nil ? [] : documents.keys.sorted()
        if let initializeParams {
            sendOwnRequest("initialize", initializeParams)
            forward(MessageReader.content(["jsonrpc": "2.0", "method": "initialized", "params": [:]]))
        }
        reopenNext()
        return nil
    }

    /// Opens the next document in a new worker, or, when all are, goes on where the crash
    /// interrupted.
    private func reopenNext() {
        guard var uris = reopening else { return }
        while !uris.isEmpty {
            let uri = uris.removeFirst()
            guard let document = documents[uri], crashed[uri] == nil else { continue }
            reopening = uris
            forward(MessageReader.content(Self.didOpen(document)))
            sendOwnRequest(LanguageServer.flushMethod, .null, reopened: uri)
            return
        }
        // `reopening` stays non-nil until the requests and `exit` are sent again: the
        // worker's input must not be closed before.
        reopening = []
        if shutdownAnswered { sendOwnRequest("shutdown", .null) }
        let requests = resend
        resend = []
        for request in requests {
            if let uri = request.uri, let version = crashed[uri] {
                reply(to: request.id, code: -32803, Self.crashedMessage(uri: uri, version: version))
            } else if let uri = request.uri, documents[uri]?.version != request.version {
                reply(to: request.id, code: -32801, "'\(uri)' changed while fsmc restarted after a crash")
            } else {
                inFlight.append(request)
                forward(request.content)
            }
        }
        if exitReceived { forward(MessageReader.content(["jsonrpc": "2.0", "method": "exit"])) }
        reopening = nil
        let frames = held
        held = []
        for frame in frames { receiveFromClient(frame) }
        flushToWorker()
    }

    // MARK: Writing

    private func forward(_ content: [UInt8]) {
        toWorker += Array("Content-Length: \(content.count)\r\n\r\n".utf8)
        toWorker += content
        flushToWorker()
    }

    private func sendOwnRequest(_ method: String, _ params: JSONValue, reopened: String? = nil) {
        ownRequests += 1
        let id = JSONValue.string("fsmc-supervisor-\(ownRequests)")
        let content = MessageReader.content(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        inFlight.append(Request(id: id, method: method, isOwn: true, content: content, reopened: reopened))
        forward(content)
    }

    /// Writes what the worker's input takes now; the rest waits for `poll`.
    private func flushToWorker() {
        guard let worker else { return }
        while toWorkerStart < toWorker.count {
            // A worker that is gone is seen when its output ends.
            guard let count = worker.write(toWorker[toWorkerStart...]) else {
                toWorkerStart = toWorker.count
                break
            }
            if count == 0 { break }
            toWorkerStart += count
        }
        if toWorkerStart == toWorker.count {
            toWorker = []
            toWorkerStart = 0
            if (exitReceived || inputEnded) && reopening == nil { worker.closeInput() }
        }
    }

    private func sendToClient(_ content: [UInt8]) {
        guard !writeFailed else { return }
        do {
            try FileHandle.standardOutput.write(
                contentsOf: Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content)
        } catch {
            writeFailed = true
        }
    }

    private func sendToClient(_ message: JSONValue) { sendToClient(MessageReader.content(message)) }

    private func reply(to id: JSONValue, code: Int, _ message: String) {
        sendToClient(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
    }

    // MARK: Messages

    private static func didOpen(_ document: Document) -> JSONValue {
        [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": .string(document.uri), "languageId": "fsmc", "version": .int(document.version),
                    "text": .string(document.text),
                ]
            ],
        ]
    }

    private static func diagnostics(_ diagnostics: [JSONValue], of uri: String, version: Int?) -> JSONValue {
        var params: JSONValue = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version, case .object(var members) = params {
            members["version"] = .int(version)
            params = .object(members)
        }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params]
    }

    private static func crashedMessage(uri: String, version: Int) -> String {
        "fsmc crashed while checking version \(version) of '\(uri)'; change the document to try again"
    }

    /// An id as the worker writes it back: a whole number as an integer.
    private static func normalized(_ id: JSONValue) -> JSONValue {
        id.int.map { .int($0) } ?? id
    }

    /// The id of a response of the worker. The worker writes members sorted by name, so an
    /// answer with a result starts with its id, which is read without reading the result
    /// (an outline or the semantic tokens of a large machine); an error answer is small.
    package static func responseID(_ content: [UInt8]) -> JSONValue? {
        if content.starts(with: idPrefix) {
            var end = idPrefix.count
            if end < content.count && content[end] == UInt8(ascii: "\"") {
                end += 1
                while end < content.count && content[end] != UInt8(ascii: "\"") {
                    end += content[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end += 1
            } else {
                while end < content.count && content[end] != UInt8(ascii: ",") && content[end] != UInt8(ascii: "}") {
                    end += 1
                }
            }
            if end <= content.count,
                let id = (try? JSONValue.parse(Array("[".utf8) + content[idPrefix.count..<end] + Array("]".utf8)))?[0]
            {
                return id
            }
        }
        return (try? JSONValue.parse(content))?["id"]
    }
}

extension MessageReader {
    /// A message's content: its JSON, without the header.
    static func content(_ message: JSONValue) -> [UInt8] { message.serialized }
}

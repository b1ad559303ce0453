import Foundation
import MachineGenerator

/// 6. `fsmc lsp`'s latency: the release program, started as an editor starts it, with a
/// 1,000-row machine open; each change is one line edited (alternately an undefined state,
/// an error, and a valid row), timed from writing the change to reading the diagnostics the
/// server publishes for that version.
func benchmarkLanguageServer(_ settings: Settings) throws {
    print("\n## 6. Language server latency\n")
    let fsmc = settings.binaries.appendingPathComponent("fsmc").path
    guard FileManager.default.isExecutableFile(atPath: fsmc) else {
        throw BenchmarkError(
            "no \(fsmc): build it with 'swift build -c release --product fsmc' (Benchmarks/run.sh does)")
    }
    var table = Table(
        header: ["transitions", ".sm size", "changes", "median", "90th percentile", "slowest", "open"],
        numeric: [0, 1, 2, 3, 4, 5, 6])
    for transitions in [1_000, 10_000] {
        let machine = MachineDescription.random(states: transitions / 20, events: 20, density: 1, seed: 99)
        let text = machine.smText
        let server = try LanguageServerProcess(fsmc)
        defer { server.stop() }
        _ = try server.request("initialize", #"{"capabilities":{}}"#)
        server.notify("initialized", "{}")
        let uri = "file:///tmp/\(machine.name).sm"
        let clock = ContinuousClock()
        let openStart = clock.now
        server.notify(
            "textDocument/didOpen",
            #"{"textDocument":{"uri":"\#(uri)","languageId":"sm","version":1,"text":\#(jsonString(text))}}"#)
        _ = try server.diagnostics(version: 1)
        let open = seconds(clock.now - openStart)
        // The line of the body's closing '}', where the edited line goes.
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        let valid = "  \(machine.states[0]) LspBenchmark \(machine.states[1]) -\n"
        let broken = "  \(machine.states[0]) LspBenchmark Nowhere -\n"
        var times: [Double] = []
        let changes = max(settings.runs * 3, 21)
        for version in 2..<(changes + 2) {
            // The first change inserts the line; each later one replaces it.
            let end = version == 2 ? line : line + 1
            let replacement = version % 2 == 0 ? broken : valid
            let start = clock.now
            server.notify(
                "textDocument/didChange",
                #"{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":"#
                    + #"{"start":{"line":\#(line),"character":0},"end":{"line":\#(end),"character":0}},"#
                    + #""text":\#(jsonString(replacement))}]}"#)
            let errors = try server.diagnostics(version: version)
            times.append(seconds(clock.now - start))
            guard (errors > 0) == (version % 2 == 0) else {
                throw BenchmarkError("version \(version): \(errors) errors, which the edit does not explain")
            }
        }
        _ = try server.request("shutdown", "null")
        server.notify("exit", "null")
        let sorted = times.sorted()
        table.add([
            grouped(machine.rows.count), kilobytes(text.utf8.count), grouped(times.count),
            milliseconds(median(times)), milliseconds(sorted[(sorted.count * 9) / 10]),
            milliseconds(sorted.last ?? 0), milliseconds(open),
        ])
    }
    print(table.text)
    print(
        "\nThe release `fsmc lsp` process over pipes, with the machine of section 3 open; each change replaces one"
            + " line (incremental sync), alternately with a row to an undefined state and a valid row, and is timed"
            + " from writing it to reading the `publishDiagnostics` of its version (which must have errors exactly"
            + " for the broken row). open: from `didOpen` to its diagnostics. Target: 50 ms for 1,000 rows.")
}

/// The text as a JSON string literal.
private func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
}

/// `fsmc lsp` as a child process, with a minimal client of the protocol's framing.
private final class LanguageServerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    private var nextID = 0

    init(_ fsmc: String) throws {
        process.executableURL = URL(fileURLWithPath: fsmc)
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    func notify(_ method: String, _ params: String) {
        write(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    func request(_ method: String, _ params: String) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        write(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
        while true {
            let message = try read()
            if message["id"] as? Int == id { return message }
        }
    }

    /// Waits for the diagnostics of `version` and returns how many are errors.
    func diagnostics(version: Int) throws -> Int {
        while true {
            let message = try read()
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                let params = message["params"] as? [String: Any], params["version"] as? Int == version,
                let diagnostics = params["diagnostics"] as? [[String: Any]]
            else { continue }
            return diagnostics.filter { $0["severity"] as? Int == 1 }.count
        }
    }

    private func write(_ json: String) {
        let body = Data(json.utf8)
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    private func read() throws -> [String: Any] {
        while true {
            if let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
                guard
                    let length = header.split(separator: "\r\n").compactMap({ line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }).first
                else { throw BenchmarkError("fsmc lsp sent a header without Content-Length: \(header)") }
                if buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length {
                    let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
                    buffer = Data(buffer[(headerEnd.upperBound + length)...])
                    guard let message = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                        throw BenchmarkError("fsmc lsp sent a message that is not an object")
                    }
                    return message
                }
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkError("fsmc lsp closed its output") }
            buffer.append(chunk)
        }
    }
}

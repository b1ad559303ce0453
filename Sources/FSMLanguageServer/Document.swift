import FSMCompiler

/// An open `.sm` document: its text as the editor has it, and what fsmc makes of it,
/// computed when first asked for and kept until the text changes.
package final class Document {
    package let uri: String
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    /// The name diagnostics and models use: the file's path for a `file:` URI.
    package let fileName: String

    private var cachedLines: LineIndex?
    private var cachedCheck: Compiler.Result?
    private var cachedSyntax: StateMachineSyntax?
    private var cachedIndex: SymbolIndex?
    private var cachedSwift: String??

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.fileName = Document.path(ofURI: uri)
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
    package var file: SourceFile { SourceFile(name: fileName, bytes: bytes) }

    package var lines: LineIndex {
        if let cachedLines { return cachedLines }
        let lines = LineIndex(bytes)
        cachedLines = lines
        return lines
    }

    /// `fsmc check`'s result for the text.
    package var check: Compiler.Result {
        if let cachedCheck { return cachedCheck }
        let result = Compiler.check(file)
        cachedCheck = result
        return result
    }

    /// The parser's tree, also for a text with syntax errors (the parser recovers).
    package var syntax: StateMachineSyntax {
        if let cachedSyntax { return cachedSyntax }
        let syntax = Parser.parse(file).syntax
        cachedSyntax = syntax
        return syntax
    }

    package var index: SymbolIndex {
        if let cachedIndex { return cachedIndex }
        let index = SymbolIndex(syntax)
        cachedIndex = index
        return index
    }

    /// The Swift that `fsmc compile` writes for the text, or nil when it has errors.
    package var generatedSwift: String? {
        if let cachedSwift { return cachedSwift }
        let swift = check.machine.map { Compiler.generate($0) }
        cachedSwift = .some(swift)
        return swift
    }

    /// Replaces the whole text, or the byte range of `span`, with `text`.
    package func apply(_ text: String, in span: Span?, version: Int) {
        if let span {
            let lines = self.lines
            let start = lines.offset(of: span.start)
            let end = max(start, lines.offset(of: span.end))
            bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        } else {
            bytes = Array(text.utf8)
        }
        self.version = version
        cachedLines = nil
        cachedCheck = nil
        cachedSyntax = nil
        cachedIndex = nil
        cachedSwift = nil
    }

    /// Applies the `contentChanges` of a `didChange`'s parameters, in order, and takes its version.
    func apply(changes params: JSONValue) throws(LanguageServer.ResponseError) {
        guard let changes = params["contentChanges"]?.array else {
            throw .invalidParams("'didChange' needs contentChanges")
        }
        let version = params["textDocument"]?["version"]?.int ?? self.version + 1
        for change in changes {
            guard let text = change["text"]?.string else {
                throw .invalidParams("a content change needs its text")
            }
            if change["range"] != nil && change["range"]?.isNull == false {
                guard let span = Span(change["range"]) else {
                    throw .invalidParams("a content change's range is not a range")
                }
                apply(text, in: span, version: version)
            } else {
                apply(text, in: nil, version: version)
            }
        }
    }

    /// The occurrence under a position, if a name is there.
    package func occurrence(at position: Position) -> Occurrence? {
        let location = location(of: position)
        return index.occurrence(atLine: location.line, column: location.column)
    }

    /// The fsmc location (1-based line, byte column) of a position.
    package func location(of position: Position) -> SourceLocation {
        let offset = lines.offset(of: position)
        let line = position.line < lines.lineCount ? position.line : lines.lineCount - 1
        let lineStart = lines.offset(of: Position(line: line, character: 0))
        let bomOffset = line == 0 ? file.firstLineStart : 0
        return SourceLocation(file: fileName, line: line + 1, column: offset - lineStart - bomOffset + 1)
    }

    /// The span of a name as written.
    package func span(of name: NameSyntax) -> Span {
        let start = lines.offset(of: name.location)
        return lines.span(of: start..<min(start + name.text.utf8.count, bytes.count))
    }

    /// `/path/to/A.sm` for `file:///path/to/A.sm` (percent escapes decoded); other URIs as they are.
    package static func path(ofURI uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var path = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: keep the path only.
        if !path.hasPrefix("/"), let slash = path.firstIndex(of: "/") { path = path[slash...] }
        var bytes: [UInt8] = []
        var utf8 = Array(path.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

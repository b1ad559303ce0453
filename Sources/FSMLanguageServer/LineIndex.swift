import FSMCompiler

/// A place in a document as the protocol gives it: a zero-based line and a column in
/// UTF-16 code units (the protocol's default encoding, which the server announces).
package struct Position: Hashable, Comparable, Sendable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    package var json: JSONValue { ["line": .int(line), "character": .int(character)] }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A span between two positions, its end excluded.
package struct Span: Hashable, Sendable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    package init?(_ json: JSONValue?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    package var json: JSONValue { ["start": start.json, "end": end.json] }

    package func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

/// Converts between byte offsets and fsmc's locations (1-based lines, UTF-8 byte columns)
/// on one side and the protocol's positions (0-based lines, UTF-16 columns) on the other.
package struct LineIndex: Sendable {
    package let bytes: [UInt8]
    /// The offset where each line starts; line 0 at 0.
    private let lineStarts: [Int]
    /// Where fsmc's column 1 of line 1 is: after a byte order mark, which takes no column.
    private let firstColumnOffset: Int

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        firstColumnOffset = SourceFile(name: "", bytes: Array(bytes.prefix(3))).firstLineStart
    }

    package var lineCount: Int { lineStarts.count }

    /// The byte offset of an fsmc location, within the file.
    package func offset(of location: SourceLocation) -> Int {
        let line = min(max(location.line - 1, 0), lineStarts.count - 1)
        let start = lineStarts[line] + (line == 0 ? firstColumnOffset : 0)
        return min(max(start + location.column - 1, 0), bytes.count)
    }

    /// The position of a byte offset; an offset inside a character counts the whole character.
    package func position(ofOffset offset: Int) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        let line = lineNumber(containing: offset)
        let text = String(decoding: bytes[lineStarts[line]..<offset], as: UTF8.self)
        return Position(line: line, character: text.utf16.count)
    }

    package func position(of location: SourceLocation) -> Position {
        position(ofOffset: offset(of: location))
    }

    /// The byte offset of a position; a column past the end of its line is the line's end
    /// and a line past the last is the end of the document, as the protocol asks.
    package func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
        var units = 0
        var offset = start
        while offset < end && units < position.character {
            let length = Self.scalarLength(bytes[offset])
            units += length == 4 ? 2 : 1
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The span from an fsmc location to the end of the name (or other character) that
    /// starts there: what an editor underlines for a diagnostic.
    package func span(ofTokenAt location: SourceLocation) -> Span {
        let start = offset(of: location)
        var end = start
        while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
        if end == start && start < bytes.count && bytes[start] >= 0x80 {
            // A run of characters outside the language, which the lexer reports as one.
            while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
        } else if end == start && start < bytes.count && bytes[start] != UInt8(ascii: "\n") {
            end = start + 1
        }
        return Span(start: position(ofOffset: start), end: position(ofOffset: end))
    }

    /// The span of a byte range.
    package func span(of range: Range<Int>) -> Span {
        Span(start: position(ofOffset: range.lowerBound), end: position(ofOffset: range.upperBound))
    }

    /// The span of the whole document.
    package var wholeDocument: Span { span(of: 0..<bytes.count) }

    private func lineNumber(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 1
    }
}

/// `[A-Za-z0-9_]`, the bytes of a NAME.
func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
        true
    default:
        false
    }
}

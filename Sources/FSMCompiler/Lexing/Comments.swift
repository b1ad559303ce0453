/// A `//` comment as written, with where it starts.
package struct Comment: Hashable, Sendable {
    /// The bytes from `//` to the end of the line, without the line break and without
    /// trailing blanks. Kept as bytes so that any UTF-8, valid or not, survives formatting.
    package var bytes: [UInt8]
    package var location: SourceLocation
    /// True when only blanks come before the comment on its line; false when it follows code.
    package var isOnOwnLine: Bool

    package init(bytes: [UInt8], location: SourceLocation, isOnOwnLine: Bool) {
        self.bytes = bytes
        self.location = location
        self.isOnOwnLine = isOnOwnLine
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Finds the comments that the lexer skips.
///
/// A `//` starts a comment that runs to the end of its line, unless it is inside a string
/// literal argument, which the scan skips as the lexer reads it; the scan needs no other
/// tokens. Lines and columns are counted as the lexer counts
/// them (UTF-8 bytes, a leading byte order mark ignored), so comments and tokens can be
/// ordered by location.
package enum CommentScanner {
    package static func scan(_ file: SourceFile) -> [Comment] {
        let bytes = file.bytes
        var comments: [Comment] = []
        var offset = file.firstLineStart
        var line = 1
        var lineStart = offset
        var isOnlyBlanksSoFar = true
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                offset += 1
                line += 1
                lineStart = offset
                isOnlyBlanksSoFar = true
                continue
            }
            if byte == UInt8(ascii: "/") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/") {
                var end = offset
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var last = end
                while last > offset && isBlank(bytes[last - 1]) { last -= 1 }
                comments.append(
                    Comment(
                        bytes: Array(bytes[offset..<last]),
                        location: SourceLocation(
                            file: file.name, line: line,
                            column: offset - lineStart + 1),
                        isOnOwnLine: isOnlyBlanksSoFar))
                offset = end
                continue
            }
            if !isBlank(byte) { isOnlyBlanksSoFar = false }
            if byte == UInt8(ascii: "\""), let end = Lexer.stringEnd(bytes, at: offset) {
                offset = end
                continue
            }
            offset += 1
        }
        return comments
    }

    /// The blanks of the lexer other than the line feed.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == 0x0C
    }
}

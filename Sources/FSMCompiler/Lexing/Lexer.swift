/// Turns the bytes of a source file into tokens.
///
/// The lexer never fails: characters outside the language become `.unexpected` tokens,
/// which the parser reports with their location. It works on UTF-8 bytes so that columns
/// count bytes and invalid UTF-8 reaches the parser intact.
package struct Lexer {
    private let file: SourceFile
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    package init(_ file: SourceFile) {
        self.file = file
    }

    /// All tokens of the file, ending with one `.endOfFile` token.
    package static func lex(_ file: SourceFile) -> [Token] {
        var lexer = Lexer(file)
        return lexer.lex()
    }

    package mutating func lex() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(file.bytes.count / 4)
        skipByteOrderMark()
        var sawLineBreak = true
        while true {
            sawLineBreak = skipWhitespaceAndComments() || sawLineBreak
            var token = next()
            token.isFirstOnLine = sawLineBreak
            sawLineBreak = false
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    private var bytes: [UInt8] { file.bytes }

    private var location: SourceLocation {
        SourceLocation(file: file.name, line: line, column: offset - lineStart + 1)
    }

    private mutating func skipByteOrderMark() {
        offset = file.firstLineStart
        lineStart = offset
    }

    /// Skips blanks and `//` comments; returns whether a line break was among them.
    private mutating func skipWhitespaceAndComments() -> Bool {
        var sawLineBreak = false
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
                sawLineBreak = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                offset += 1
            case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/"):
                while offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            default:
                return sawLineBreak
            }
        }
        return sawLineBreak
    }

    private mutating func next() -> Token {
        let start = location
        guard offset < bytes.count else { return Token(.endOfFile, "", at: start) }
        let byte = bytes[offset]
        if Self.isNameByte(byte) {
            let begin = offset
            while offset < bytes.count && Self.isNameByte(bytes[offset]) { offset += 1 }
            return Token(.name, String(decoding: bytes[begin..<offset], as: UTF8.self), at: start)
        }
        if byte == UInt8(ascii: "\"") { return string(at: start) }
        if let kind = Self.punctuation(byte) {
            offset += 1
            return Token(kind, String(UnicodeScalar(byte)), at: start)
        }
        let begin = offset
        while offset < bytes.count && Self.isUnexpected(bytes, at: offset) {
            offset += Self.scalarLength(bytes, at: offset)
        }
        return Token(.unexpected, Self.describe(bytes[begin..<offset]), at: start)
    }

    /// `"…"` up to its closing quote on the same line, a backslash taking the next byte with
    /// it (which escapes are allowed is the parser's to say); `//` inside it is text. The
    /// quote of a string the line ends before is unexpected, reported where it stands, and
    /// the rest of the line is read as tokens, so that the parser recovers as after any
    /// character outside the language.
    private mutating func string(at start: SourceLocation) -> Token {
        let begin = offset
        guard let end = Self.stringEnd(bytes, at: offset) else {
            offset += 1
            return Token(.unexpected, "\"", at: start)
        }
        offset = end
        return Token(.string, String(decoding: bytes[begin..<end], as: UTF8.self), at: start)
    }

    /// Where the string literal that starts with the quote at `begin` ends (one past its
    /// closing quote), or nil when the line ends first or it holds invalid UTF-8, which
    /// decoding would replace silently. `CommentScanner` reads strings by the same rule.
    static func stringEnd(_ bytes: [UInt8], at begin: Int) -> Int? {
        var offset = begin + 1
        while offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                let text = String(decoding: bytes[begin..<offset], as: UTF8.self)
                return text.utf8.elementsEqual(bytes[begin..<offset]) ? offset : nil
            case UInt8(ascii: "\\") where offset + 1 < bytes.count && bytes[offset + 1] != UInt8(ascii: "\n"):
                offset += 2
            default:
                offset += 1
            }
        }
        return nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static func punctuation(_ byte: UInt8) -> Token.Kind? {
        switch byte {
        case UInt8(ascii: "{"): .openBrace
        case UInt8(ascii: "}"): .closeBrace
        case UInt8(ascii: "("): .openParen
        case UInt8(ascii: ")"): .closeParen
        case UInt8(ascii: "["): .openBracket
        case UInt8(ascii: "]"): .closeBracket
        case UInt8(ascii: "<"): .openAngle
        case UInt8(ascii: ">"): .closeAngle
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "|"): .bar
        case UInt8(ascii: "!"): .bang
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "?"): .question
        case UInt8(ascii: "&"): .ampersand
        case UInt8(ascii: "^"): .caret
        case UInt8(ascii: "-"), UInt8(ascii: "*"): .dash
        default: nil
        }
    }

    /// Whether the byte at `offset` starts neither a token nor blank space nor a comment.
    private static func isUnexpected(_ bytes: [UInt8], at offset: Int) -> Bool {
        let byte = bytes[offset]
        if isNameByte(byte) || punctuation(byte) != nil { return false }
        switch byte {
        case UInt8(ascii: "\""):
            return false
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0x0C:
            return false
        case UInt8(ascii: "/"):
            return !(offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/"))
        default:
            return true
        }
    }

    /// The length of the UTF-8 sequence starting at `offset`, or 1 for a byte that starts none.
    private static func scalarLength(_ bytes: [UInt8], at offset: Int) -> Int {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 1
        guard offset + length <= bytes.count else { return 1 }
        for index in offset + 1..<offset + length where bytes[index] & 0xC0 != 0x80 { return 1 }
        return length
    }

    /// Printable text for unexpected bytes: valid characters as themselves, control
    /// characters and invalid UTF-8 as escapes (`\u{0}`, `\xFF`). Long runs are shortened.
    static func describe(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        var index = bytes.startIndex
        var count = 0
        while index < bytes.endIndex {
            if count == 16 {
                text += "…"
                break
            }
            let length = scalarLength(Array(bytes[index..<min(index + 4, bytes.endIndex)]), at: 0)
            let piece = bytes[index..<index + length]
            let decoded = length == 1 && piece.first! >= 0x80 ? nil : String(decoding: piece, as: UTF8.self)
            if let decoded, let scalar = decoded.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else if let decoded, decoded.utf8.count == length {
                text += decoded
            } else {
                // A stray byte, or a sequence that decodes to replacement characters, which
                // take more bytes (an overlong form, a surrogate): show the bytes instead.
                text += piece.map { "\\x" + String($0, radix: 16, uppercase: true) }.joined()
            }
            index += length
            count += 1
        }
        return text
    }
}

/// One lexical unit; `text` is exactly what appeared in the source.
package struct Token: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case name
        case colon, comma, equals, bar, dash, bang
        /// `.`, `?` and `&`: only in the Swift types of `Event:` headers.
        case dot, question, ampersand
        /// `^`: a raised event in an action list (`^Saved`).
        case caret
        case openBrace, closeBrace, openParen, closeParen
        case openBracket, closeBracket, openAngle, closeAngle
        /// `"text"`, a string literal argument, with its quotes and escapes as written.
        case string
        /// A run of characters outside the language; the parser reports it where it stands.
        /// Its `text` is a printable description (`\xFF`, `\u{0}`) rather than the raw bytes.
        case unexpected
        case endOfFile
    }

    package var kind: Kind
    package var text: String
    package var location: SourceLocation
    /// True when a line break separates this token from the one before it. Newlines carry
    /// no meaning in the language; the parser only uses this to resynchronise after an error.
    package var isFirstOnLine: Bool

    package init(_ kind: Kind, _ text: String, at location: SourceLocation, isFirstOnLine: Bool = false) {
        self.kind = kind
        self.text = text
        self.location = location
        self.isFirstOnLine = isFirstOnLine
    }

    /// How diagnostics quote the token: `'Coin'`, `'{'`, or `end of file`.
    package var quoted: String {
        kind == .endOfFile ? "end of file" : "'\(text)'"
    }
}

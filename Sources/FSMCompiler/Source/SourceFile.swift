/// The bytes of one `.sm` file and the name diagnostics use for it.
///
/// The text is kept as UTF-8 bytes, not `String`: invalid UTF-8 and NUL bytes must reach
/// the lexer unchanged so that it can report them at their exact column.
public struct SourceFile: Sendable {
    /// The name printed in diagnostics: the path as the user gave it, or `<stdin>`.
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// Where line 1 starts: after a UTF-8 byte order mark, which is no part of the text and
    /// takes no column.
    public var firstLineStart: Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The file name without its folders and without its last extension: `a/Turnstile.sm` → `Turnstile`.
    public var baseName: String {
        let last = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}

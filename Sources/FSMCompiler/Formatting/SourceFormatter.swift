/// Rewrites a `.sm` file in fsmc's canonical layout without changing its meaning or
/// losing a comment; `fsmc format` runs it.
///
/// ```
/// .sm bytes ─Lexer─▶ [Token] ─Parser─▶ StateMachineSyntax ─LayoutBuilder─▶ [CodeLine] ─LinePrinter─▶ bytes
///           ─CommentScanner─▶ [Comment] ─CommentMap (comments by token)──────────────────┘
/// ```
/// The rules, which docs/review-tools.md explains for users:
/// - headers one per line as `Name: value` or `Predicate: Type = a | b`, the body's braces
///   flush left, and every level of nesting indented by two spaces;
/// - a state's modifiers after its name as `Name : Super <entry >exit`, with `{` on the same line;
/// - one row per line; the rows of a state, at any depth of blocks, aligned in three
///   columns (events and guard, next state, action), nested rows absorbing their indentation
///   in the first column; consecutive one-row states (`Locked Coin Unlocked unlock`) aligned
///   in four columns;
/// - guards as `[Type = a | b, condition]`, action lists as `{a b}`, `*` written `-`;
/// - comments kept, in order, at the place they were: a comment on its own line stays on
///   its own line above the code that followed it, re-indented with that code; a comment after
///   code stays at the end of that line. A comment inside a construct that is now written on
///   one line (a row split over lines) moves to just above that line;
/// - blank lines kept where they were, but at most one in a row, none at the start or end
///   of a block, and none at the start of the file; the file ends with one line break.
///
/// A file with syntax errors is not formatted: the result holds only the diagnostics.
package enum SourceFormatter {
    /// What formatting a file produced.
    package struct Result: Sendable {
        /// The formatted file, or nil when it has syntax errors.
        package var bytes: [UInt8]?
        /// The syntax errors, sorted by location; empty when `bytes` is set.
        package var diagnostics: [Diagnostic]

        /// The formatted file as text (comments with invalid UTF-8 are shown with U+FFFD).
        package var text: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Spaces per level of nesting.
    static let indentWidth = 2
    /// The least space between aligned columns, and before a comment that follows code.
    static let columnGap = 2

    package static func format(_ file: SourceFile) -> Result {
        let tokens = Lexer.lex(file)
        var parser = Parser(tokens: tokens)
        let syntax = parser.parseFile()
        guard !parser.diagnostics.hasErrors else {
            return Result(bytes: nil, diagnostics: parser.diagnostics.sortedByLocation())
        }
        let comments = CommentMap(tokens: tokens, comments: CommentScanner.scan(file))
        var builder = LayoutBuilder(tokenCount: tokens.count, comments: comments)
        let lines = builder.build(syntax)
        return Result(bytes: LinePrinter(comments: comments).print(lines), diagnostics: [])
    }
}

/// A comment with what the formatter needs to put it back: whether a blank line came before it.
struct PlacedComment {
    var comment: Comment
    var hasBlankLineBefore: Bool
}

/// Which token each comment belongs to, and where the source had blank lines.
///
/// A comment on its own line belongs to the token after it (it describes what follows);
/// a comment after code belongs to the last token before it on its line.
struct CommentMap {
    /// By token index: the comments on their own lines just before the token, in order.
    private(set) var leading: [[PlacedComment]]
    /// By token index: the comment after the token at the end of its line, if any.
    private(set) var trailing: [PlacedComment?]
    /// By token index: whether a blank line separates the token from what comes before it.
    private(set) var hasBlankLineBefore: [Bool]

    init(tokens: [Token], comments: [Comment]) {
        leading = Array(repeating: [], count: tokens.count)
        trailing = Array(repeating: nil, count: tokens.count)
        hasBlankLineBefore = Array(repeating: false, count: tokens.count)
        var previousLine: Int?
        var next = 0
        for (index, token) in tokens.enumerated() {
            while next < comments.count && comments[next].location < token.location {
                let comment = comments[next]
                let placed = PlacedComment(
                    comment: comment,
                    hasBlankLineBefore: previousLine.map { comment.location.line - $0 >= 2 } ?? false)
                if comment.isOnOwnLine || index == 0 {
                    leading[index].append(placed)
                } else {
                    trailing[index - 1] = placed
                }
                previousLine = comment.location.line
                next += 1
            }
            hasBlankLineBefore[index] = previousLine.map { token.location.line - $0 >= 2 } ?? false
            previousLine = token.location.line
        }
    }
}

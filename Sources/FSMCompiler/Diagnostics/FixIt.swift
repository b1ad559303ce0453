/// A change to the source that certainly fixes a diagnostic, as swiftc's fix-its are:
/// `fsmc check --fix` applies it, and the diagnostic mentions it in a note.
///
/// Edits are byte ranges of the file the diagnostic was reported in, replaced with new
/// text; an insertion is an empty range. A fix-it's edits never overlap each other.
public struct FixIt: Hashable, Sendable {
    public struct Edit: Hashable, Sendable {
        public var range: Range<Int>
        public var replacement: String

        public init(_ range: Range<Int>, _ replacement: String) {
            self.range = range
            self.replacement = replacement
        }

        public init(inserting text: String, at offset: Int) {
            self.init(offset..<offset, text)
        }
    }

    /// What the fix does, as an imperative: "put lines 101-102 in 'override { }'".
    public var message: String
    public var edits: [Edit]

    public init(_ message: String, edits: [Edit]) {
        self.message = message
        self.edits = edits.sorted {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
    }

    /// Applies the fix-its to `bytes`, each once (several diagnostics may share one) and in
    /// the order given; a fix-it whose edits overlap one already taken is left out, to be
    /// found again by the next check. Returns the new text and how many fix-its it took.
    public static func apply(_ fixIts: [FixIt], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        var taken: [FixIt] = []
        for fixIt in fixIts where !taken.contains(fixIt) {
            let overlaps = fixIt.edits.contains { edit in
                taken.contains { $0.edits.contains { $0.range.overlaps(edit.range) || $0.range == edit.range } }
            }
            let inBounds = fixIt.edits.allSatisfy { $0.range.upperBound <= bytes.count }
            if !overlaps && inBounds { taken.append(fixIt) }
        }
        // From the end backwards, so that each edit's offsets still hold when it is made.
        let edits = taken.flatMap(\.edits).sorted {
            ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound)
        }
        var result = bytes
        for edit in edits {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return (result, taken.count)
    }
}

/// A unified diff of two texts, line by line, as `diff -u` prints it.
package enum UnifiedDiff {
    /// The lines of context around each change.
    static let context = 3
    /// Beyond this many differing lines the diff stops looking for common lines and
    /// shows the rest as replaced, so that two unrelated large files cost linear time.
    static let maximumEdits = 1_000

    /// The diff from `old` to `new` with `---`/`+++` headers, or "" when they are equal.
    package static func diff(from old: String, to new: String, oldName: String, newName: String) -> String {
        guard old != new else { return "" }
        let oldLines = lines(old)
        let newLines = lines(new)
        let edits = script(from: oldLines, to: newLines)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(edits) {
            let oldStart = hunk.first { $0.kind != .insert }?.oldIndex ?? hunk[0].oldIndex
            let newStart = hunk.first { $0.kind != .delete }?.newIndex ?? hunk[0].newIndex
            let oldCount = hunk.count(where: { $0.kind != .insert })
            let newCount = hunk.count(where: { $0.kind != .delete })
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .keep: output += " " + oldLines[edit.oldIndex] + "\n"
                case .delete: output += "-" + oldLines[edit.oldIndex] + "\n"
                case .insert: output += "+" + newLines[edit.newIndex] + "\n"
                }
            }
        }
        return output
    }

    struct Edit {
        enum Kind { case keep, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `-start,count` as diff writes it: 1-based, and for an empty range the line before.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// The edit script: common prefix and suffix, and between them a shortest edit
    /// script by Myers' algorithm, or a plain replacement once it grows too long.
    static func script(from old: [Substring], to new: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        var edits = (0..<prefix).map { Edit(kind: .keep, oldIndex: $0, newIndex: $0) }
        let middleOld = Array(old[prefix..<(old.count - suffix)])
        let middleNew = Array(new[prefix..<(new.count - suffix)])
        let middle =
            myers(middleOld, middleNew)
            ?? (middleOld.indices.map { Edit(kind: .delete, oldIndex: $0, newIndex: 0) }
                + middleNew.indices.map { Edit(kind: .insert, oldIndex: middleOld.count, newIndex: $0) })
        edits += middle.map { Edit(kind: $0.kind, oldIndex: $0.oldIndex + prefix, newIndex: $0.newIndex + prefix) }
        edits += (0..<suffix).map {
            Edit(kind: .keep, oldIndex: old.count - suffix + $0, newIndex: new.count - suffix + $0)
        }
        return edits
    }

    /// Myers' O(ND) shortest edit script, or nil when D would exceed `maximumEdits`.
    private static func myers(_ a: [Substring], _ b: [Substring]) -> [Edit]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var frontier = Array(repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n && y >= m { return backtrack(trace, n: n, m: m, offset: offset) }
            }
        }
        return nil
    }

    private static func backtrack(_ trace: [[Int]], n: Int, m: Int, offset: Int) -> [Edit] {
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : frontier[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .keep, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, oldIndex: x, newIndex: y))
                }
            }
        }
        return edits.reversed()
    }

    /// Groups changes with up to `context` unchanged lines around them.
    private static func hunks(_ edits: [Edit]) -> [[Edit]] {
        let changed = edits.indices.filter { edits[$0].kind != .keep }
        var hunks: [[Edit]] = []
        var start: Int?
        var end = 0
        for index in changed {
            let low = max(0, index - context)
            let high = min(edits.count - 1, index + context)
            if let first = start, low <= end + 1 {
                start = first
            } else {
                if let first = start { hunks.append(Array(edits[first...end])) }
                start = low
            }
            end = high
        }
        if let first = start { hunks.append(Array(edits[first...end])) }
        return hunks
    }
}

/// Writes code lines as text: indents them, aligns the columns of each group, puts each
/// comment back beside the code it belonged to, and keeps the source's blank lines
/// (at most one in a row, none just inside braces).
struct LinePrinter {
    let comments: CommentMap

    /// Where the comments of one code line go.
    private struct Placement {
        /// Comments written on lines of their own above the code, in source order.
        var above: [PlacedComment]
        /// The comment at the end of the code line.
        var trailing: PlacedComment?
        var hasBlankLineBefore: Bool
    }

    func print(_ lines: [CodeLine]) -> [UInt8] {
        let columns = columnStarts(lines)
        let texts = lines.map { text(of: $0, columns: columns) }
        let placements = lines.map(place)
        var commentColumns: [Int: Int] = [:]
        for (index, line) in lines.enumerated() where placements[index].trailing != nil {
            guard let group = line.alignmentGroup else { continue }
            commentColumns[group] = max(commentColumns[group] ?? 0, texts[index].utf8.count + SourceFormatter.columnGap)
        }

        var output: [UInt8] = []
        var isAtStart = true
        var followsOpening = false
        func write(_ content: [UInt8], depth: Int, hasBlankLineBefore: Bool, isClosing: Bool) {
            if hasBlankLineBefore && !isAtStart && !followsOpening && !isClosing {
                output.append(UInt8(ascii: "\n"))
            }
            output += Array(repeating: UInt8(ascii: " "), count: depth * SourceFormatter.indentWidth)
            output += content
            output.append(UInt8(ascii: "\n"))
            isAtStart = false
        }

        for (index, line) in lines.enumerated() {
            let placement = placements[index]
            let commentDepth = line.role == .closesBlock ? line.depth + 1 : line.depth
            for comment in placement.above {
                write(
                    comment.comment.bytes, depth: commentDepth, hasBlankLineBefore: comment.hasBlankLineBefore,
                    isClosing: false)
                followsOpening = false
            }
            guard line.role != .endOfFile else { continue }
            var code = Array(texts[index].utf8)
            if let trailing = placement.trailing {
                let column =
                    line.alignmentGroup.flatMap { commentColumns[$0] }
                    ?? code.count + SourceFormatter.columnGap
                code += Array(repeating: UInt8(ascii: " "), count: column - code.count) + trailing.comment.bytes
            }
            write(
                code, depth: 0, hasBlankLineBefore: placement.hasBlankLineBefore, isClosing: line.role == .closesBlock)
            followsOpening = line.role == .opensBlock
        }
        return output
    }

    /// The comments of a line's tokens in source order. All of them go above the line,
    /// except the last when it followed code: that one stays at the end of the line.
    private func place(_ line: CodeLine) -> Placement {
        var all: [PlacedComment] = []
        for index in line.tokens {
            all += comments.leading[index]
            if let trailing = comments.trailing[index] { all.append(trailing) }
        }
        var trailing: PlacedComment?
        if let last = all.last, !last.comment.isOnOwnLine {
            trailing = all.removeLast()
        }
        let first = line.tokens.lowerBound
        let leadingCount = comments.leading[first].count
        guard all.count > leadingCount else {
            return Placement(above: all, trailing: trailing, hasBlankLineBefore: comments.hasBlankLineBefore[first])
        }
        // Comments from inside the line move above it, between the comments that led it and
        // the code. The blank line that came before the code now comes before them, and
        // blank lines inside the construct are dropped.
        for index in leadingCount..<all.count {
            all[index].hasBlankLineBefore = index == leadingCount && comments.hasBlankLineBefore[first]
        }
        return Placement(above: all, trailing: trailing, hasBlankLineBefore: false)
    }

    /// For each alignment group, the column where each cell after the first starts: past
    /// the widest cell before it (with its line's indentation, for the first), plus the gap.
    private func columnStarts(_ lines: [CodeLine]) -> [Int: [Int]] {
        var members: [Int: [CodeLine]] = [:]
        for line in lines {
            if let group = line.alignmentGroup { members[group, default: []].append(line) }
        }
        return members.mapValues { group in
            var starts: [Int] = []
            let cellCount = group.map(\.cells.count).max() ?? 0
            for column in 1..<max(cellCount, 1) {
                let ends = group.filter { $0.cells.count > column }.map { line in
                    let start = column == 1 ? line.depth * SourceFormatter.indentWidth : starts[column - 2]
                    let width = line.cells[column - 1].utf8.count
                    return width == 0 ? start : start + width + SourceFormatter.columnGap
                }
                starts.append(ends.max() ?? 0)
            }
            return starts
        }
    }

    /// The line with its indentation, its cells at their columns, without trailing blanks.
    private func text(of line: CodeLine, columns: [Int: [Int]]) -> String {
        var text = String(repeating: " ", count: line.depth * SourceFormatter.indentWidth)
        guard let group = line.alignmentGroup, let starts = columns[group] else {
            return text + line.cells.joined(separator: " ")
        }
        for (column, cell) in line.cells.enumerated() {
            if column > 0 {
                text += String(repeating: " ", count: max(starts[column - 1] - text.utf8.count, 0))
            }
            text += cell
        }
        return text
    }
}

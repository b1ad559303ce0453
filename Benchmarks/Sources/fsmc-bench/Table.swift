import Foundation

/// A Markdown table, printed with aligned columns so that it reads well in a terminal and
/// can be pasted into BENCHMARKS.md as it is.
struct Table {
    var header: [String]
    /// Which columns hold numbers, aligned right.
    var numeric: Set<Int> = []
    var rows: [[String]] = []

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    var text: String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| "
                + cells.indices.map { column in
                    let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                    return numeric.contains(column) ? padding + cells[column] : cells[column] + padding
                }.joined(separator: " | ") + " |"
        }
        let rule =
            "|"
            + widths.indices.map { column in
                numeric.contains(column)
                    ? String(repeating: "-", count: widths[column] + 1) + ":"
                    : String(repeating: "-", count: widths[column] + 2)
            }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

/// `1234567` → `1,234,567`.
func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
}

/// Wording that messages share, those of the compiler and those of the commands.
package enum DiagnosticText {
    /// `a, b or c`; with `conjunction` "and", `a, b and c`, where every item is meant.
    package static func list(_ items: [String], conjunction: String = "or") -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }
}

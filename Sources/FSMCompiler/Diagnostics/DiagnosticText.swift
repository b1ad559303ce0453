/// Wording that messages share, those of the compiler and those of the commands.
public enum DiagnosticText {
    /// `a, b or c`; with `conjunction` "and", `a, b and c`, where every item is meant.
    public static func list(_ items: [String], conjunction: String = "or") -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }
}

import Testing

/// The text of a `.sm` file used as the argument of a parameterized test. Swift Testing
/// prints every argument of every test case; a machine prints as its name and size, so
/// that a passing run stays short.
public struct MachineSource: Sendable, CustomTestStringConvertible, ExpressibleByStringLiteral {
    public var text: String
    public var label: String

    public init(_ text: String, label: String? = nil) {
        self.text = text
        let name = text.split(separator: "\n").first { $0.hasPrefix("FSM:") }.map {
            $0.dropFirst(4).trimmingPrefix(" ")
        }
        self.label = label ?? "\(name ?? "a machine") (\(text.split(separator: "\n").count) lines)"
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var testDescription: String { label }
}

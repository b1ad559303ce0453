import Foundation

/// A JSON document as written: strings, whole numbers, booleans, arrays and objects stay
/// apart (JSONSerialization's NSNumber does not tell `true` from `1` on every platform),
/// for the TextMate grammar and the VS Code manifest.
enum JSONValue: Decodable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The JSON file at `path`.
    static func read(_ path: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }
}

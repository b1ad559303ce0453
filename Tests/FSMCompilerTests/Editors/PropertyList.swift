import Foundation

/// Writes an XML property list, as the `.tmLanguage` files Sublime Text loads, from JSON:
/// dictionaries with their keys sorted, arrays, strings and integers, indented with tabs as
/// Apple's tools write them. The same JSON always gives the same bytes.
enum PropertyList {
    struct UnsupportedValue: Error, CustomStringConvertible {
        var value: JSONValue
        var description: String { "a property list of this writer holds no \(value)" }
    }

    static func xml(_ root: JSONValue) throws -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        try write(root, depth: 0, into: &text)
        return text + "</plist>\n"
    }

    private static func write(_ value: JSONValue, depth: Int, into text: inout String) throws {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let string):
            text += "\(indent)<string>\(escaped(string))</string>\n"
        case .integer(let number):
            text += "\(indent)<integer>\(number)</integer>\n"
        case .array(let elements) where elements.isEmpty:
            text += "\(indent)<array/>\n"
        case .array(let elements):
            text += "\(indent)<array>\n"
            for element in elements { try write(element, depth: depth + 1, into: &text) }
            text += "\(indent)</array>\n"
        case .object(let members) where members.isEmpty:
            text += "\(indent)<dict/>\n"
        case .object(let members):
            text += "\(indent)<dict>\n"
            // Keys in the order of their UTF-8 bytes, whatever the locale.
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                text += "\(indent)\t<key>\(escaped(key))</key>\n"
                try write(members[key]!, depth: depth + 1, into: &text)
            }
            text += "\(indent)</dict>\n"
        case .bool, .null:
            throw UnsupportedValue(value: value)
        }
    }

    /// The three characters XML text cannot hold as they are.
    private static func escaped(_ string: String) -> String {
        string.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

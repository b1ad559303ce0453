/// `fsmc-config.json`, the settings of a target's generated code, as swift-protobuf's
/// plugin reads `swift-protobuf-config.json`: `{ "access": "public" }`.
///
/// fsmc reads the file itself when it runs (`fsmc compile --config PATH`, which the
/// plugins pass), so an edit takes effect at the next build. A key fsmc does not know, a
/// value it does not accept and text that is not JSON are errors located in the file, so
/// that a misspelt `"acess"` is never ignored.
public struct Configuration: Hashable, Sendable {
    /// The access level of the generated declarations; nil leaves the default (`internal`).
    public var access: SwiftAccess?

    public init(access: SwiftAccess? = nil) {
        self.access = access
    }

    /// The file's name in a target's folder.
    public static let fileName = "fsmc-config.json"

    /// Every key the file may hold.
    static let keys = ["access"]

    /// Reads a configuration file: the configuration, or nil and the errors.
    public static func read(_ file: SourceFile) -> (configuration: Configuration?, diagnostics: [Diagnostic]) {
        var parser = JSONParser(file: file)
        let value: JSONValue
        do {
            value = try parser.parseDocument()
        } catch {
            return (
                nil, [Diagnostic(.invalidConfiguration, .error, "not valid JSON: \(error.message)", at: error.location)]
            )
        }
        var diagnostics: [Diagnostic] = []
        var configuration = Configuration()
        guard case .object(let members) = value.kind else {
            return (
                nil,
                [
                    Diagnostic(
                        .invalidConfiguration, .error,
                        "a configuration is a JSON object, such as { \"access\": \"public\" }; found \(value.kind.name)",
                        at: value.location)
                ]
            )
        }
        var seen: [String: SourceLocation] = [:]
        for member in members {
            if let first = seen[member.key] {
                diagnostics.append(
                    Diagnostic(
                        .invalidConfiguration, .error, "'\(member.key)' is given twice",
                        at: member.keyLocation, notes: [.init("first given here", at: first)]))
                continue
            }
            seen[member.key] = member.keyLocation
            switch member.key {
            case "access":
                guard case .string(let text) = member.value.kind, let level = SwiftAccess(rawValue: text) else {
                    let found =
                        if case .string(let text) = member.value.kind { "'\(text)'" } else { member.value.kind.name }
                    diagnostics.append(
                        Diagnostic(
                            .invalidConfiguration, .error,
                            "'access' is \(found); it must be \(DiagnosticText.list(SwiftAccess.allCases.map { "\"\($0.rawValue)\"" }))",
                            at: member.value.location))
                    continue
                }
                configuration.access = level
            default:
                let hint = Suggestions.suggestion(for: member.key, among: keys)
                diagnostics.append(
                    Diagnostic(
                        .invalidConfiguration, .error,
                        "unknown key '\(member.key)'"
                            + (hint.isEmpty ? "; the keys are \(DiagnosticText.list(keys.map { "'\($0)'" }))" : hint),
                        at: member.keyLocation))
            }
        }
        return diagnostics.isEmpty ? (configuration, []) : (nil, diagnostics)
    }
}

/// A JSON value with where it starts.
struct JSONValue {
    indirect enum Kind {
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number
        case bool(Bool)
        case null

        var name: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool(let value): "\(value)"
            case .null: "null"
            }
        }
    }

    struct Member {
        var key: String
        var keyLocation: SourceLocation
        var value: JSONValue
    }

    var kind: Kind
    var location: SourceLocation
}

/// RFC 8259 JSON, read byte by byte with line and column (UTF-8 bytes, as in `.sm` files).
struct JSONParser {
    struct Failure: Error {
        var message: String
        var location: SourceLocation
    }

    private let file: SourceFile
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// Objects and arrays nested deeper than this are refused, so that no input exhausts the stack.
    private static let maximumDepth = 64

    init(file: SourceFile) {
        self.file = file
        offset = file.firstLineStart
        lineStart = offset
    }

    private var bytes: [UInt8] { file.bytes }
    private var location: SourceLocation { SourceLocation(file: file.name, line: line, column: offset - lineStart + 1) }
    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func parseDocument() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if current != nil { throw fail("expected the end of the file after the value, found \(describeCurrent())") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        let start = location
        guard let byte = current else { throw fail("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw fail("objects and arrays are nested too deeply") }
            advance()
            var members: [JSONValue.Member] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                advance()
                return JSONValue(kind: .object(members), location: start)
            }
            while true {
                skipWhitespace()
                let keyLocation = location
                guard current == UInt8(ascii: "\"") else {
                    throw fail("expected a key in double quotes, found \(describeCurrent())")
                }
                let key = try parseString()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else {
                    throw fail("expected ':' after the key \"\(key)\", found \(describeCurrent())")
                }
                advance()
                skipWhitespace()
                members.append(.init(key: key, keyLocation: keyLocation, value: try parseValue(depth: depth + 1)))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if current == UInt8(ascii: "}") {
                    advance()
                    return JSONValue(kind: .object(members), location: start)
                }
                throw fail("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw fail("objects and arrays are nested too deeply") }
            advance()
            var elements: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                advance()
                return JSONValue(kind: .array(elements), location: start)
            }
            while true {
                skipWhitespace()
                elements.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if current == UInt8(ascii: "]") {
                    advance()
                    return JSONValue(kind: .array(elements), location: start)
                }
                throw fail("expected ',' or ']' after an element, found \(describeCurrent())")
            }
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
            return JSONValue(kind: .number, location: start)
        default:
            for (word, kind) in [("true", JSONValue.Kind.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[offset...].starts(with: word.utf8) {
                offset += word.utf8.count
                return JSONValue(kind: kind, location: start)
            }
            throw fail("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        advance() // the opening quote
        var scalars: [UInt8] = []
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                // Decoding repairs invalid UTF-8; text that decodes to other bytes had some.
                // (Not `String(validating:)`, which Apple's systems have only from 2024.)
                let text = String(decoding: scalars, as: UTF8.self)
                guard Array(text.utf8) == scalars else { throw fail("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                advance()
                guard let escaped = current else { break }
                let simple: [UInt8: UInt8] = [
                    0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
                ]
                if let replacement = simple[escaped] {
                    scalars.append(replacement)
                    advance()
                } else if escaped == UInt8(ascii: "u") {
                    advance()
                    let digits = bytes[offset..<min(offset + 4, bytes.count)]
                    guard digits.count == 4, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
                    else {
                        throw fail("expected four hexadecimal digits after '\\u'")
                    }
                    offset += 4
                    // A lone surrogate half stands for no character: written as U+FFFD.
                    scalars.append(contentsOf: Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8))
                } else {
                    throw fail("unknown escape '\\\(String(decoding: [escaped], as: UTF8.self))' in a string")
                }
            case 0x0A:
                throw fail("a string does not end on its line; close it with '\"'")
            case 0..<0x20:
                throw fail("a control character in a string must be escaped")
            default:
                scalars.append(byte)
                advance()
            }
        }
        throw fail("a string does not end; close it with '\"'")
    }

    private mutating func parseNumber() throws(Failure) {
        if current == UInt8(ascii: "-") { advance() }
        guard skipDigits() > 0 else { throw fail("expected a digit, found \(describeCurrent())") }
        if current == UInt8(ascii: ".") {
            advance()
            guard skipDigits() > 0 else { throw fail("expected a digit after '.', found \(describeCurrent())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard skipDigits() > 0 else { throw fail("expected a digit in the exponent, found \(describeCurrent())") }
        }
    }

    private mutating func skipDigits() -> Int {
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            advance()
            count += 1
        }
        return count
    }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            case 0x20, 0x09, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func advance() { offset += 1 }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        switch byte {
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x0A, 0x0D: return "a line break"
        default: break
        }
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return byte < 0x80 ? "byte 0x\(String(byte, radix: 16, uppercase: true))" : "a non-ASCII character"
    }

    private func fail(_ message: String) -> Failure { Failure(message: message, location: location) }
}

/// Splits the byte stream of the base protocol into messages: each is a header block
/// (`Content-Length: N`, other headers ignored, lines ended by CR LF, the block by an empty
/// line) followed by N bytes of JSON.
///
/// Bytes arrive in chunks of any size. A header block without a usable `Content-Length`
/// is reported as `.malformed` and skipped, so that the stream can go on with the next
/// message; a stream that never ends a header block is dropped once it exceeds
/// `maximumHeaderSize`, for the same reason.
package struct MessageReader {
    /// One thing read from the stream.
    package enum Frame: Equatable {
        /// A message's content.
        case message([UInt8])
        /// Bytes that were not a message, and why.
        case malformed(String)
    }

    /// Header blocks are a few dozen bytes; anything longer without its end is not one.
    package static let maximumHeaderSize = 8 * 1024
    /// The largest content accepted: a document of hundreds of megabytes is not a `.sm` file.
    package static let maximumContentLength = 256 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0

    package init() {}

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil when more bytes are needed.
    package mutating func next() -> Frame? {
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > Self.maximumHeaderSize {
                let dropped = buffer.count - start
                start = buffer.count
                return .malformed("\(dropped) bytes without the end of a header block ('\\r\\n\\r\\n')")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        guard let length = Self.contentLength(in: header) else {
            start = headerEnd + 4
            return .malformed("a header block without a valid 'Content-Length': '\(header.prefix(80))'")
        }
        let contentStart = headerEnd + 4
        guard buffer.count - contentStart >= length else { return nil }
        start = contentStart + length
        return .message(Array(buffer[contentStart..<contentStart + length]))
    }

    private func findHeaderEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func contentLength(in header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmedBlanks
            guard name.lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmedBlanks
            guard let length = Int(value), length >= 0, length <= maximumContentLength else { return nil }
            return length
        }
        return nil
    }

    /// `Content-Length: N\r\n\r\n` and the message's JSON.
    package static func frame(_ message: JSONValue) -> [UInt8] {
        let content = message.serialized
        return Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
    }
}

extension Substring {
    /// Without the spaces and tabs at either end, the blanks allowed around a header's value.
    fileprivate var trimmedBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}

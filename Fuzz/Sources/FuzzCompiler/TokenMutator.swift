/// Structure-aware mutation of `.sm` text. Byte-level mutation mostly breaks the lexer
/// or the syntax, so most inputs never reach the analyzer and the generator; editing
/// whole tokens and lines, and splicing in well-formed fragments built from the input's
/// own names, keeps inputs close to valid machines and explores the checks instead.
enum TokenMutator {
    /// One lexical piece of the input: a name, one punctuation byte, a run of blanks, a
    /// comment, or any other single byte.
    struct Piece {
        enum Kind { case name, punctuation, blank, comment, other }
        var kind: Kind
        var bytes: ArraySlice<UInt8>
    }

    /// Headers, keywords and punctuation, with the blanks that usually surround them.
    static let dictionary: [String] = [
        "FSM: ", "Initial: ", "Actions: ", "EntryExit: always\n", "EntryExit: onChange\n", "Predicate: ",
        "override { ", " { ", " }\n", "[", "]", "(", ")", " : ", " <", " >", " = ", ", ", " | ", " - ", " * ",
        " - - -\n", "\n", "//", "{", "}", "always ",
    ]

    static func mutate(_ input: [UInt8], random: inout FuzzRandom) -> [UInt8] {
        var pieces = split(input)
        let names = Array(Set(pieces.filter { $0.kind == .name }.map { String(decoding: $0.bytes, as: UTF8.self) }))
            .sorted()
        let mutations = random.below(3) + 1
        for _ in 0..<mutations {
            mutateOnce(&pieces, names: names, random: &random)
        }
        return pieces.flatMap(\.bytes)
    }

    private static func mutateOnce(_ pieces: inout [Piece], names: [String], random: inout FuzzRandom) {
        let position = pieces.isEmpty ? 0 : random.below(pieces.count)
        let name = { (random: inout FuzzRandom) in names.isEmpty ? "X" : names[random.below(names.count)] }
        switch random.below(10) {
        case 0 where !pieces.isEmpty:
            pieces.remove(at: position)
        case 1 where !pieces.isEmpty:
            pieces.insert(pieces[position], at: position)
        case 2 where pieces.count > 1:
            pieces.swapAt(position, random.below(pieces.count))
        case 3:
            let other = name(&random)
            if let index = pieces.indices.filter({ pieces[$0].kind == .name }).randomElement(using: &random) {
                pieces[index] = piece(other, .name)
            }
        case 4:
            pieces.insert(piece(dictionary[random.below(dictionary.count)], .other), at: position)
        case 5:
            // A row: event, optional guard, next state, action.
            var row = " \(name(&random))"
            if random.below(2) == 0 {
                row += " [\(name(&random)) = \(name(&random)) | \(name(&random)), \(name(&random))]"
            }
            row += " \(random.below(3) == 0 ? "-" : name(&random)) \(random.below(2) == 0 ? "-" : name(&random))\n"
            pieces.insert(piece(row, .other), at: insertionPoint(in: pieces, random: &random))
        case 6:
            // A state with a superstate, entry and exit actions and one row.
            let state =
                " \(name(&random)) : \(name(&random)) <\(name(&random)) >\(name(&random)) { \(name(&random)) \(name(&random)) - }\n"
            pieces.insert(piece(state, .other), at: insertionPoint(in: pieces, random: &random))
        case 7:
            // A copy of one line somewhere else: duplicate rows, headers and states.
            let lines = lineRanges(pieces)
            if let line = lines.randomElement(using: &random), let target = lines.randomElement(using: &random) {
                pieces.insert(contentsOf: Array(pieces[line]), at: target.lowerBound)
            }
        case 8:
            // A balanced `{ … }` block copied elsewhere: nested blocks and whole bodies.
            if let block = balancedBlock(in: pieces, random: &random) {
                pieces.insert(contentsOf: Array(pieces[block]), at: insertionPoint(in: pieces, random: &random))
            }
        default:
            // Wrap a run of pieces in a guard block or an override block.
            guard !pieces.isEmpty else { return }
            let end = min(pieces.count, position + random.below(8) + 1)
            let opening = random.below(2) == 0 ? " override { " : " [\(name(&random)) = \(name(&random))] { "
            pieces.insert(piece(" }\n", .other), at: end)
            pieces.insert(piece(opening, .other), at: position)
        }
    }

    /// Just after a random `{`, where rows and states go; else anywhere.
    private static func insertionPoint(in pieces: [Piece], random: inout FuzzRandom) -> Int {
        let braces = pieces.indices.filter {
            pieces[$0].bytes.first == UInt8(ascii: "{") && pieces[$0].kind == .punctuation
        }
        if let brace = braces.randomElement(using: &random) { return brace + 1 }
        return pieces.isEmpty ? 0 : random.below(pieces.count + 1)
    }

    private static func lineRanges(_ pieces: [Piece]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, piece) in pieces.enumerated() where piece.kind == .blank && piece.bytes.contains(0x0A) {
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        if start < pieces.count { ranges.append(start..<pieces.count) }
        return ranges
    }

    private static func balancedBlock(in pieces: [Piece], random: inout FuzzRandom) -> Range<Int>? {
        let opens = pieces.indices.filter {
            pieces[$0].kind == .punctuation && pieces[$0].bytes.first == UInt8(ascii: "{")
        }
        guard let open = opens.randomElement(using: &random) else { return nil }
        var depth = 0
        for index in open..<pieces.count where pieces[index].kind == .punctuation {
            if pieces[index].bytes.first == UInt8(ascii: "{") { depth += 1 }
            if pieces[index].bytes.first == UInt8(ascii: "}") { depth -= 1 }
            if depth == 0 { return open..<(index + 1) }
        }
        return nil
    }

    private static func piece(_ text: String, _ kind: Piece.Kind) -> Piece {
        Piece(kind: kind, bytes: ArraySlice(text.utf8))
    }

    /// The input as pieces; joining their bytes gives the input back.
    static func split(_ bytes: [UInt8]) -> [Piece] {
        var pieces: [Piece] = []
        var index = 0
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            let kind: Piece.Kind
            if isNameByte(byte) {
                while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
                kind = .name
            } else if isBlank(byte) {
                while index < bytes.count && isBlank(bytes[index]) { index += 1 }
                kind = .blank
            } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                kind = .comment
            } else {
                index += 1
                kind = Array("{}()[]<>:,=|-*".utf8).contains(byte) ? .punctuation : .other
            }
            pieces.append(Piece(kind: kind, bytes: bytes[start..<index]))
        }
        return pieces
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}

/// The mutator's random numbers, from libFuzzer's seed, so that a run can be replayed.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

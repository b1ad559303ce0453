import Foundation
import Testing

/// The documentation the tests keep true: README.md and the articles of the documentation
/// catalog, read as Markdown code blocks and the markers before them.
///
/// A marker is an HTML comment on the line before a block's opening fence, which neither
/// GitHub nor DocC shows: `<!-- copy: PATH -->` (the block is the file, which
/// `Tests/update-goldens.sh` rewrites), `<!-- quote: PATH -->` (the block's lines are lines
/// of the file, in order, consecutive except where the block has a line `// …`),
/// `<!-- excerpt: PATH -->` (the block is the file's code between `// docs begin` and
/// `// docs end`), `<!-- output: fsmc … -->` (the block is what the command prints) and
/// `<!-- diagnostics: NAME -->` (the block is a file named NAME, whose diagnostics the next
/// block shows).
public enum Documentation {
    /// The catalog, beside the code of FSMRuntime, whose symbols it documents.
    public static let catalog = "Sources/FSMRuntime/FSMRuntime.docc"

    /// A Markdown file of the documentation.
    public struct Document: Sendable {
        /// Its path from the repository's root.
        public var path: String
        public var text: String

        /// Its name without folder and extension: `README`, `UsingAMachine`.
        public var name: String {
            String(path.split(separator: "/").last!.split(separator: ".").first!)
        }

        /// Its fenced code blocks, in order.
        public var blocks: [CodeBlock] { Documentation.codeBlocks(in: text, of: path) }

        /// Its lines from the line `heading` (such as `### \`noEvents\``) to the next heading of
        /// the same or a higher level; nil if it has no such line.
        public func section(_ heading: String) -> Document? {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
            let level = heading.prefix { $0 == "#" }.count
            let end =
                lines[(start + 1)...].firstIndex { line in
                    let hashes = line.prefix { $0 == "#" }.count
                    return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
                } ?? lines.endIndex
            return Document(path: path, text: lines[start..<end].joined(separator: "\n"))
        }
    }

    /// A fenced code block: its language (empty for `.sm` text and output), its lines, the
    /// marker before it, if any, and the line of its first line in its document.
    public struct CodeBlock: Sendable, CustomTestStringConvertible {
        public var language: String
        public var lines: [String]
        /// `("copy", "Examples/Turnstile/Turnstile.sm")` for `<!-- copy: Examples/… -->`.
        public var marker: (kind: String, argument: String)?
        public var path: String
        public var line: Int

        public var text: String { lines.joined(separator: "\n") }
        public var testDescription: String { "\(path):\(line)" }
    }

    public static var readme: Document { read("README.md") }

    /// The catalog's articles, by name, sorted.
    public static var articles: [Document] {
        let folder = Paths.repository + "/" + catalog
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { read(catalog + "/" + $0) }
    }

    /// The article named `name` (`Diagnostics` for Diagnostics.md).
    public static func article(_ name: String) -> Document {
        read(catalog + "/" + name + ".md")
    }

    /// README.md and every article.
    public static var documents: [Document] { [readme] + articles }

    /// Every code block of README.md and the articles.
    public static var blocks: [CodeBlock] { documents.flatMap(\.blocks) }

    /// The folders of Examples/, one per example.
    public static var examples: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.examples)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Paths.examples + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// Examples/README.md, the index, and each example's README.md.
    public static var exampleReadmes: [Document] {
        [read("Examples/README.md")] + examples.map { read("Examples/" + $0 + "/README.md") }
    }

    static func read(_ path: String) -> Document {
        Document(path: path, text: String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self))
    }

    /// The fenced blocks of `text`; a fence is a line of three backticks, with a language or
    /// without, at the start of the line.
    static func codeBlocks(in text: String, of path: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: CodeBlock?
        var previous: Substring = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(String(line))
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = CodeBlock(
                    language: String(line.dropFirst(3)), lines: [], marker: marker(previous), path: path,
                    line: index + 2)
            }
            previous = line
        }
        return blocks
    }

    /// `("copy", "PATH")` for a line `<!-- copy: PATH -->`.
    static func marker(_ line: Substring) -> (kind: String, argument: String)? {
        guard line.hasPrefix("<!-- "), line.hasSuffix(" -->"), let colon = line.firstIndex(of: ":") else { return nil }
        let kind = line[line.index(line.startIndex, offsetBy: 5)..<colon]
        let argument = line[line.index(after: colon)..<line.index(line.endIndex, offsetBy: -4)]
        return (String(kind), argument.trimmingCharacters(in: .whitespaces))
    }

    /// Whether `quoted`'s lines are lines of `file`, in order and consecutive, except that a
    /// line `// …` in `quoted` stands for any number of lines. Indentation and blank lines
    /// do not count.
    public static func isQuote(_ quoted: [String], of file: String) -> Bool {
        let significant = { (lines: [Substring]) in
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let fileLines = significant(file.split(separator: "\n", omittingEmptySubsequences: false))
        let parts = significant(quoted.map { Substring($0) }).split(separator: "// …", omittingEmptySubsequences: true)
        var start = fileLines.startIndex
        for part in parts {
            let part = Array(part)
            guard
                let found = (start..<fileLines.endIndex).first(where: { candidate in
                    candidate + part.count <= fileLines.endIndex
                        && Array(fileLines[candidate..<candidate + part.count]) == part
                })
            else { return false }
            start = found + part.count
        }
        return !parts.isEmpty
    }
}

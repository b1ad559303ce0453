import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// README.md and the documentation catalog stay true: their copies of files are the files,
/// their quotes are in their files, the usage example is the tested one, every diagnostic
/// is documented once with an example that triggers it, every complete machine checks,
/// and the tutorial's files are those of the example package that CI builds.
/// (`DocumentationTranscriptTests` runs the commands the documentation shows.)
@Suite struct DocumentationTests {
    static let blocks = Documentation.blocks

    static func file(_ path: String) -> String {
        String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
    }

    static func blocks(marked kind: String) -> [Documentation.CodeBlock] {
        blocks.filter { $0.marker?.kind == kind }
    }

    // MARK: Copies, quotes and excerpts

    /// The block after each `<!-- copy: PATH -->` is PATH's content; `FSMC_UPDATE_GOLDEN=1`
    /// rewrites the blocks (and fails, as the golden tests do), as `Tests/update-goldens.sh`
    /// does.
    @Test func copiesAreCurrent() throws {
        let copies = Self.blocks(marked: "copy")
        #expect(copies.count >= 6)
        guard GoldenTests.isUpdating else {
            for block in copies {
                #expect(
                    block.text + "\n" == Self.file(block.marker!.argument),
                    "\(block.testDescription): the copy of \(block.marker!.argument) is stale; run bash Tests/update-goldens.sh"
                )
            }
            return
        }
        for document in Documentation.documents {
            var lines = document.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for block in document.blocks.reversed() where block.marker?.kind == "copy" {
                let content = Self.file(block.marker!.argument).split(separator: "\n", omittingEmptySubsequences: false)
                    .dropLast().map(String.init)
                lines.replaceSubrange((block.line - 1)..<(block.line - 1 + block.lines.count), with: content)
            }
            try Data(lines.joined(separator: "\n").utf8).write(
                to: URL(fileURLWithPath: Paths.repository + "/" + document.path))
        }
        Issue.record("FSMC_UPDATE_GOLDEN=1: rewrote the documentation's copies of files; review git diff")
    }

    /// A file is copied into the documentation once, in the one place that explains it.
    @Test func noFileIsCopiedTwice() {
        let paths = Self.blocks(marked: "copy").map(\.marker!.argument)
        #expect(paths.count == Set(paths).count, "\(paths)")
    }

    /// Each block after `<!-- quote: PATH -->` is lines of PATH, which CI compiles and runs.
    @Test(arguments: blocks(marked: "quote"))
    func quoteIsInItsFile(_ block: Documentation.CodeBlock) {
        #expect(
            Documentation.isQuote(block.lines, of: Self.file(block.marker!.argument)),
            "\(block.testDescription): the quote is not in \(block.marker!.argument) any more")
    }

    @Test func quotesAreThere() {
        let quoted = Set(Self.blocks(marked: "quote").map(\.marker!.argument))
        for path in [
            "Examples/MediaPlayer/Tests/PlayerTests/PlayerTests.swift", "Tests/GeneratedCodeTests/TimerTests.swift",
            "Tests/GeneratedCodeTests/HandledEventsTests.swift", "Tests/GeneratedCodeTests/SnapshotTests.swift",
            "Tests/GeneratedCodeTests/CookbookTests.swift", "Examples/GettingStarted/Sources/turnstile/main.swift",
        ] {
            #expect(quoted.contains(path), "\(path)")
        }
    }

    /// The quote check itself: gaps, indentation, and lines that are not there.
    @Test func quotesMayLeaveLinesOut() {
        let file = "a\n  b\n\nc\nd\ne\n"
        #expect(Documentation.isQuote(["b", "c"], of: file))
        #expect(Documentation.isQuote(["a", "// …", "d", "e"], of: file))
        #expect(!Documentation.isQuote(["a", "c"], of: file))
        #expect(!Documentation.isQuote(["d", "// …", "a"], of: file))
        #expect(!Documentation.isQuote([], of: file))
    }

    /// The code between the `// docs begin` and `// docs end` markers of PATH.
    static func excerpt(of path: String) -> [String] {
        file(path).components(separatedBy: "// docs begin").dropFirst()
            .flatMap {
                $0.components(separatedBy: "// docs end")[0].split(separator: "\n", omittingEmptySubsequences: false)
                    .dropFirst()
            }
            .map(String.init)
    }

    static func significantLines(_ lines: [String]) -> [String] {
        lines.map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }
    }

    /// The usage example of "Using a machine" is, line for line (indentation aside), the code
    /// between the markers of UsageExampleTests.swift.
    @Test func usageExampleIsTheTestedOne() throws {
        let excerpts = Self.blocks(marked: "excerpt")
        try #require(excerpts.count == 1)
        let block = excerpts[0]
        #expect(block.path == Documentation.catalog + "/UsingAMachine.md")
        #expect(Self.significantLines(block.lines) == Self.significantLines(Self.excerpt(of: block.marker!.argument)))
    }

    /// README's example is the usage example with lines left out, so that it is tested too.
    @Test func readmeExampleIsPartOfTheUsageExample() throws {
        let readmeBlock = try #require(Documentation.readme.blocks.first { $0.language == "swift" })
        let usage = try #require(Self.blocks(marked: "excerpt").first)
        var rest = Self.significantLines(usage.lines)[...]
        for line in Self.significantLines(readmeBlock.lines) {
            let found = try #require(
                rest.firstIndex(of: line), "'\(line)' is not in the usage example, or not in its order")
            rest = rest[(found + 1)...]
        }
    }

    // MARK: Diagnostics

    static let diagnostics = Documentation.article("Diagnostics")

    /// Every ID has its heading in the Diagnostics article, and no other heading or table
    /// row anywhere explains it again.
    @Test(arguments: DiagnosticID.allCases)
    func everyDiagnosticIsDocumentedOnce(_ id: DiagnosticID) {
        let heading = "### `\(id.rawValue)`"
        for document in Documentation.documents {
            let lines = document.text.split(separator: "\n").filter {
                $0 == heading || $0.hasPrefix("| `\(id.rawValue)` |")
            }
            #expect(lines.count == (document.path == Self.diagnostics.path ? 1 : 0), "\(document.path): \(lines)")
        }
    }

    /// Each ID's example gives the diagnostics shown under it, exactly (a line `…` stands
    /// for lines left out), among them the ID's own.
    @Test(arguments: DiagnosticID.allCases)
    func diagnosticExampleTriggersIt(_ id: DiagnosticID) throws {
        let section = try #require(Self.diagnostics.section("### `\(id.rawValue)`"))
        let blocks = section.blocks
        try #require(blocks.count == 2, "\(id): an example and its output")
        let (source, output) = (blocks[0], blocks[1])
        let name = try #require(source.marker.flatMap { $0.kind == "diagnostics" ? $0.argument : nil })
        let file = SourceFile(name: name, text: source.text + "\n")
        let found =
            (id == .invalidConfiguration ? Configuration.read(file).diagnostics : Compiler.check(file).diagnostics)
            .flatMap { $0.description.split(separator: "\n").map(String.init) }
        #expect(found.contains { $0.hasSuffix(" [\(id.rawValue)]") }, "\(found)")
        let expected = output.lines.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
        if expected.count == 1 {
            #expect(found == output.lines)
        } else {
            #expect(
                Array(found.prefix(expected[0].count)) == expected[0]
                    && Array(found.suffix(expected.last!.count)) == expected.last!,
                "\(found)")
        }
    }

    // MARK: Machines

    /// The `.sm` examples that are whole machines (headers, no rows left out as `...`),
    /// outside the Diagnostics article, whose examples are wrong on purpose.
    static let completeMachines: [Documentation.CodeBlock] = blocks.filter { block in
        block.language.isEmpty && !block.path.hasSuffix("/Diagnostics.md")
            && block.lines.contains { $0.hasPrefix("FSM:") } && block.lines.contains { $0.hasPrefix("Initial:") }
            && !block.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "..." }
    }

    @Test func completeMachinesAreThere() {
        #expect(Self.completeMachines.count >= 10)
    }

    /// Every whole machine the documentation shows checks without errors.
    @Test(arguments: completeMachines)
    func completeMachineChecks(_ block: Documentation.CodeBlock) {
        let errors = Compiler.check(SourceFile(name: "example.sm", text: block.text + "\n")).diagnostics
            .filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(block.testDescription): \(errors.map(\.description))")
    }

    // MARK: The tutorial

    static let tutorialPath = Documentation.catalog + "/Tutorials/BuildATurnstile.tutorial"
    static let resources = Documentation.catalog + "/Resources"
    static let examplePackage = "Examples/GettingStarted"

    /// The tutorial's code listings in order: the name each shows (a path in the package, or
    /// `Terminal`) and its file in Resources.
    static let listings: [(name: String, file: String)] = {
        let pattern = /@Code\(name: "([^"]+)", file: "([^"]+)"\)/
        return file(tutorialPath).matches(of: pattern).map { (String($0.1), String($0.2)) }
    }()

    /// Lines with blanks squashed, blank lines left out: steps of `.sm` files are each
    /// formatted, so a column is wider once a longer row joins.
    static func squashed(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
    }

    /// Whether `earlier`'s lines are lines of `later`, in order: a step only adds lines.
    static func grows(_ earlier: String, into later: String) -> Bool {
        var rest = squashed(later)[...]
        for line in squashed(earlier) {
            guard let found = rest.firstIndex(of: line) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    /// Each file's last listing is the file of Examples/GettingStarted (the package's
    /// dependency aside: the tutorial depends on fsmc by URL, the example by path), and each
    /// earlier listing is part of the next: what the tutorial builds is what CI builds.
    @Test func tutorialBuildsTheExamplePackage() throws {
        try #require(Self.listings.count >= 10)
        let names = Self.listings.map(\.name).filter { $0 != "Terminal" }
        for name in Set(names) {
            let steps = Self.listings.filter { $0.name == name }.map { Self.file(Self.resources + "/" + $0.file) }
            var expected = Self.file(Self.examplePackage + "/" + name)
            if name == "Package.swift" {
                expected = expected.replacingOccurrences(
                    of: #".package(name: "fsmc", path: "../..")"#,
                    with: #".package(url: "https://github.com/<owner>/fsmc.git", branch: "main")"#)
            }
            #expect(steps.last == expected, "\(name): its last step is not \(Self.examplePackage)/\(name)")
            for (earlier, later) in zip(steps, steps.dropFirst()) {
                #expect(Self.grows(earlier, into: later), "\(name): a step takes lines away")
            }
        }
        // Every Swift and .sm file of the example is in the tutorial.
        let sources =
            FileManager.default.enumerator(atPath: Paths.repository + "/" + Self.examplePackage)?
            .compactMap { $0 as? String }.filter {
                ($0.hasSuffix(".swift") || $0.hasSuffix(".sm")) && !$0.contains(".build")
            } ?? []
        #expect(Set(sources) == Set(names), "\(sources)")
        // Every file in Resources named for the tutorial is one of its listings.
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.repository + "/" + Self.resources)
            .filter { $0.hasPrefix("getting-started-") }
        #expect(Set(files) == Set(Self.listings.map(\.file)))
    }

    /// A terminal listing of `swift run fsmc table PATH` shows the table of PATH as the
    /// tutorial has it at that step.
    @Test func tutorialTableIsTheMachines() throws {
        var latest: [String: String] = [:]
        var checked = 0
        for listing in Self.listings {
            let text = Self.file(Self.resources + "/" + listing.file)
            guard listing.name == "Terminal" else {
                latest[listing.name] = text
                continue
            }
            let lines = text.split(separator: "\n").map(String.init)
            guard let command = lines.first, command.hasPrefix("$ swift run fsmc table ") else { continue }
            let source = try #require(latest[String(command.dropFirst("$ swift run fsmc table ".count))])
            #expect(Array(lines.dropFirst()) == tableLines(source))
            checked += 1
        }
        #expect(checked == 1)
    }

    // MARK: The README

    /// README.md is the front door: what fsmc is, an example, how to add it, the commands,
    /// links into the catalog, the tests, the license. The rest lives in the catalog.
    @Test func readmeIsShort() {
        let lines = Documentation.readme.text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines")
    }

    /// Every relative link of README.md and of the examples' index names a file or folder.
    @Test func readmeLinksLeadSomewhere() {
        for (document, folder, least) in [
            (Documentation.readme, "", 10), (Documentation.exampleReadmes[0], "Examples/", 8),
        ] {
            let links = document.text.matches(of: /\]\(([^)#:]+)(#[^)]*)?\)/).map { String($0.1) }
            #expect(links.count >= least, "\(document.path)")
            for link in links {
                #expect(
                    FileManager.default.fileExists(atPath: Paths.repository + "/" + folder + link),
                    "\(document.path): \(link)")
            }
        }
    }

    // MARK: The examples

    /// Every example has a README that says what it shows, how to run it and what to look
    /// at, and a row in the index.
    @Test func everyExampleHasAReadme() {
        let index = Documentation.exampleReadmes[0].text
        #expect(Documentation.examples.count >= 8)
        for (name, readme) in zip(Documentation.examples, Documentation.exampleReadmes.dropFirst()) {
            #expect(index.contains("| [\(name)](\(name)) |"), "\(name) is not in Examples/README.md")
            #expect(readme.text.hasPrefix("# \(name)\n"), "\(readme.path)")
            for heading in ["## What it shows", "## Run it", "## What to look at"] {
                #expect(readme.section(heading) != nil, "\(readme.path) has no '\(heading)'")
            }
        }
    }
}

import FSMTestSupport
import Foundation
import Testing

@testable import FSMCompiler

/// The editor support in Editors/: the TextMate grammar of `.sm` files understands every
/// machine of the repository and of the documentation, gives each construct its scope,
/// marks what is not the language, knows every terminal of Grammar/fsm.ebnf and every
/// header the compiler knows; its property list for Sublime Text and its copy in the VS Code extension
/// are current; and the extension's problem matcher reads fsmc's diagnostics.
///
/// `FSMC_UPDATE_GOLDEN=1` rewrites the property list and the copy from the JSON grammar
/// (and fails, as the golden tests do).
@Suite struct TextMateGrammarTests {
    static let grammarPath = Paths.repository + "/Editors/TextMate/sm.tmLanguage.json"
    static let propertyListPath = Paths.repository + "/Editors/TextMate/sm.tmLanguage"
    static let extensionFolder = Paths.repository + "/Editors/VSCode"

    /// The grammar, read once; one that cannot be read, or uses what the tokenizer does
    /// not run, fails every test that tokenizes.
    static let grammar = Result { try TextMateGrammar(json: JSONValue.read(grammarPath)) }
    static let manifest = Result { try JSONValue.read(extensionFolder + "/package.json") }

    static func tokenize(_ text: String) throws -> [TextMateGrammar.Line] {
        try grammar.get().tokenize(text)
    }

    /// What in `text` the grammar does not understand (a scope starting `invalid`), or
    /// covers with no scope of its own (only the root and `meta.` scopes): each token as
    /// `line:column 'text' scopes`. Blanks need no scope.
    static func problems(in text: String) throws -> [String] {
        var problems: [String] = []
        for (number, line) in try tokenize(text).enumerated() {
            let units = Array(line.text.utf16)
            for token in line.tokens {
                let tokenText = String(decoding: units[token.range], as: UTF16.self)
                guard !tokenText.unicodeScalars.allSatisfy({ " \t\r\n\u{0C}".unicodeScalars.contains($0) }) else {
                    continue
                }
                let understood = !token.scopes.contains { $0.hasPrefix("invalid") }
                let scoped = token.scopes.contains { $0 != "source.sm" && !$0.hasPrefix("meta.") }
                if !understood || !scoped {
                    problems.append(
                        "\(number + 1):\(token.range.lowerBound + 1) '\(tokenText)' \(token.scopes.joined(separator: " "))"
                    )
                }
            }
        }
        return problems
    }

    /// Everything in `text` is understood and scoped.
    static func expectUnderstood(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let found = try problems(in: text)
        #expect(found == [], sourceLocation: sourceLocation)
    }

    /// The scopes of `token`, the first in the only occurrence of `context` in `source`;
    /// one token must cover it whole.
    static func scopes(
        of token: String, in context: String, of source: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let pieces = source.components(separatedBy: context)
        try #require(pieces.count == 2, "'\(context)' must occur once in the source", sourceLocation: sourceLocation)
        let contextStart = try #require(source.range(of: context)).lowerBound
        let tokenStart = try #require(source[contextStart...].range(of: token)).lowerBound
        let before = source[..<tokenStart]
        let lineNumber = before.filter { $0 == "\n" }.count
        let column = before.split(separator: "\n", omittingEmptySubsequences: false).last!.utf16.count
        let line = try tokenize(source)[lineNumber]
        let scopes = (column..<column + token.utf16.count).map { line.scopes(at: $0) }
        #expect(Set(scopes).count == 1, "'\(token)' is split among tokens: \(scopes)", sourceLocation: sourceLocation)
        return scopes[0]
    }

    /// A machine around `body`, with `headers` before its own two.
    static func machine(_ body: String, headers: String = "") -> String {
        headers + "FSM: T\nInitial: A\n{\n" + body + "\n}\n"
    }

    // MARK: Every machine of the repository and of the documentation

    static func hasSyntaxErrors(_ path: String) -> Bool {
        let file = SourceFile(name: path, bytes: readBytes(Paths.repository + "/" + path))
        return Compiler.check(file).diagnostics.contains { $0.id == .syntaxError || $0.id == .unexpectedCharacter }
    }

    /// The `.sm` files of the repository that fsmc parses (its checks may still find errors
    /// in them, as in ice.sm's rows that replace inherited ones).
    static let parsedFiles = Paths.machineFiles.filter { !hasSyntaxErrors($0) }

    @Test func theMachineFilesAreThere() {
        #expect(Self.parsedFiles.count >= 20)
        #expect(Self.parsedFiles.contains("Examples/MediaPlayer/Sources/Player/MediaPlayer.sm"))
        #expect(Self.parsedFiles.contains("Tests/FSMCompilerTests/Fixtures/Machines/TimedPlayer.sm"))
        for name in ["RegionPlayer", "Recorder", "Editor"] {
            #expect(Self.parsedFiles.contains("Tests/FSMCompilerTests/Fixtures/Machines/\(name).sm"))
        }
    }

    @Test(arguments: parsedFiles)
    func everyMachineFileIsUnderstood(path: String) throws {
        let text = String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
        try Self.expectUnderstood(text)
    }

    /// The files in CC_SMC's older format (`FSMName StripFSM`), which fsmc rejects, show
    /// text the grammar does not understand too.
    @Test(arguments: Paths.machineFiles.filter(hasSyntaxErrors))
    func filesFsmcRejectsShowInvalidText(path: String) throws {
        let text = String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
        #expect(try Self.problems(in: text).contains { $0.contains("invalid.illegal.sm") })
    }

    /// A `.sm` example of the documentation, from its line `line` of `path` on.
    struct DocumentedExample: CustomTestStringConvertible, Sendable {
        var path: String
        var line: Int
        var text: String
        var testDescription: String { "\(path):\(line)" }
    }

    /// Whether `line` starts with a header fsmc knows, as `Event:`.
    static func isHeader(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        let name = trimmed.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return trimmed.dropFirst(name.count).drop { $0 == " " }.first == ":"
            && Headers.names.contains { $0.lowercased() == name.lowercased() }
    }

    /// The `.sm` examples of README.md and the catalog's articles: their code blocks without
    /// a language (the documentation fences `.sm` text so) that hold a header or a line that
    /// opens a block; the others show commands and what they print. An example without
    /// headers is part of a body and is tokenized inside one; its lines "..." stand for rows
    /// left out. The Diagnostics article's examples are wrong on purpose, and left out here.
    /// The tutorial's `.sm` listings are examples too.
    static let documentedExamples: [DocumentedExample] = {
        var examples: [DocumentedExample] = []
        for block in Documentation.blocks where block.language.isEmpty && !block.path.hasSuffix("/Diagnostics.md") {
            let kept = block.lines.map { Substring($0) }.filter { $0.trimmingCharacters(in: .whitespaces) != "..." }
            if kept.contains(where: isHeader) {
                examples.append(
                    DocumentedExample(path: block.path, line: block.line, text: kept.joined(separator: "\n")))
            } else if kept.contains(where: { $0.hasSuffix("{") }) {
                examples.append(
                    DocumentedExample(
                        path: block.path, line: block.line, text: "{\n" + kept.joined(separator: "\n") + "\n}"))
            }
        }
        let resources = Documentation.catalog + "/Resources"
        let listings =
            ((try? FileManager.default.contentsOfDirectory(atPath: Paths.repository + "/" + resources)) ?? [])
            .filter { $0.hasSuffix(".sm") }.sorted()
        for name in listings {
            let text = String(decoding: readBytes(Paths.repository + "/" + resources + "/" + name), as: UTF8.self)
            examples.append(DocumentedExample(path: resources + "/" + name, line: 1, text: text))
        }
        return examples
    }()

    @Test func theDocumentedExamplesAreThere() {
        #expect(Self.documentedExamples.count >= 10)
        #expect(Self.documentedExamples.contains { $0.text.contains("after(30s) [canRetry]") })
        #expect(Self.documentedExamples.contains { $0.path.hasSuffix(".sm") })
    }

    @Test(arguments: documentedExamples)
    func everyDocumentedExampleIsUnderstood(example: DocumentedExample) throws {
        try Self.expectUnderstood(example.text)
    }

    // MARK: The scope of each construct

    /// `token`, first in the only occurrence of `context` in `source`, has `scope`.
    struct Expectation: CustomTestStringConvertible, Sendable {
        var token: String
        var context: String
        var scope: String
        var source: String
        var testDescription: String { "'\(token)' in '\(context)' is \(scope)" }

        init(token: String, context: String, scope: String, source: String = Expectation.player) {
            (self.token, self.context, self.scope, self.source) = (token, context, scope, source)
        }

        init(_ token: String, _ context: String, _ scope: String, _ source: String) {
            self.init(token: token, context: context, scope: scope, source: source)
        }

        static let player = """
            // A player that gives up buffering after 30 seconds.
            fsm: Player
            INITIAL: Idle
            Isolation: MainActor
            EntryExit: onChange
            Predicate: Network = wifi | cellular
            History: Active = deep
            Event: Seek(position: Double)
            {
              (Active) <showControls >{hideControls log} {
                - Buffering startSpinner
                after(10min)  Idle  stopAll
              }
              Idle Load Buffering startLoading
              Buffering : Active {
                after(30s) [canRetry]  -  retry
                Seek [!isLive, Network = wifi | cellular]  -  seek(position)
                Pause | Stop  Idle  {pause log(position)}
                Ready {
                  [isMuted]  Playing  unmute
                }
                override {
                  Stop  Idle  -
                }
                override  Idle  *
                after  Idle  -
              }
              Playing : Active - - -
            }
            """

        /// A machine with `always` rows, which fsmc checks cleanly: a decision, an event block
        /// of them, one after '|', and an event whose name holds the word.
        static let decision = """
            FSM: Review
            Initial: Idle
            EntryExit: always
            {
              Idle {
                Check  Checking  -
                Stop | always [isStale]  Idle  -
                alwaysOn  Idle  -
              }
              Checking {
                always [isValid]  Valid  -
                always Invalid showErrors
              }
              Valid { always { [isDone] Idle -  Checking - } }
              Invalid - - -
            }
            """

        /// A machine with state data, which fsmc checks cleanly: a `State:` header, values
        /// after a next state, after `-`, after a fork's states and an initial row's state.
        static let stateData = """
            FSM: Studio
            Initial: Off
            Parallel: Media
            STATE: Playing(url: String, at: Int)
            State: Muted(level: Int)
            Event: Load(url: String)
            {
              Off { Load Playing(at: 0) & Muted(level: 0) -  Power Media - }
              (Media) { Power Off - }
              (Playback) : Media { - Playing(url: "intro", at: 0) cue }
              Playing : Playback { Seek -(at: moved(at, 5)) - }
              (Volume) : Media { - Muted(level: 1) - }
              Muted : Volume { Louder Muted(level: 2)  {louder(level)} }
            }
            """

        /// A machine with regions, forks and state tests, which fsmc checks cleanly.
        static let regions = """
            // Regions: forks, state tests and a join.
            FSM: Player
            Initial: Off
            PARALLEL: Media
            {
              Off {
                Power   Media            -
                Resume  Playing & Muted  resume
                Jump    Playing &        // both regions
                        Muted  jump
              }
              (Media) >stopAll {
                Power  Off  -
                Done [in(Playing), !in(Muted), in (Normal)]  Off  -
                Check [in, login()]  -  log
                Test [!in]  -  -
              }
              (Playback) : Media   { - Stopped - }
              Stopped : Playback   { Play Playing start }
              Playing : Playback   { Stop Stopped stop }
              (Volume) : Media     { - Normal - }
              Normal : Volume      { Mute Muted mute }
              Muted : Volume       { Mute Normal unmute }
            }
            """
    }

    static let expectations: [Expectation] = [
        Expectation(token: "//", context: "// A player", scope: "punctuation.definition.comment.sm"),
        Expectation(token: "A player", context: "// A player", scope: "comment.line.double-slash.sm"),
        // Header names are case-insensitive.
        Expectation(token: "fsm", context: "fsm: Player", scope: "keyword.other.header.sm"),
        Expectation(token: "INITIAL", context: "INITIAL: Idle", scope: "keyword.other.header.sm"),
        Expectation(token: "Idle", context: "INITIAL: Idle", scope: "entity.name.type.state.sm"),
        Expectation(token: "MainActor", context: "Isolation: MainActor", scope: "entity.name.type.sm"),
        Expectation(token: "onChange", context: "EntryExit: onChange", scope: "constant.language.entry-exit.sm"),
        Expectation(
            token: "Network", context: "Network = wifi | cellular\nHistory", scope: "entity.name.type.predicate.sm"),
        Expectation(
            token: "cellular", context: "Network = wifi | cellular\nHistory", scope: "variable.other.enummember.sm"),
        Expectation(token: "deep", context: "Active = deep", scope: "constant.language.history.sm"),
        Expectation(token: "Seek", context: "Seek(position: Double)", scope: "variable.other.event.sm"),
        Expectation(token: "position", context: "Seek(position: Double)", scope: "variable.parameter.label.sm"),
        Expectation(token: "Double", context: "Seek(position: Double)", scope: "entity.name.type.swift.sm"),
        // States, abstract states, superstates, entry and exit actions.
        Expectation(token: "Active", context: "(Active) <", scope: "entity.name.type.state.abstract.sm"),
        Expectation(token: "(", context: "(Active) <", scope: "punctuation.definition.abstract.begin.sm"),
        Expectation(token: "<", context: "<showControls", scope: "keyword.operator.entry.sm"),
        Expectation(token: "showControls", context: "<showControls", scope: "entity.name.function.action.sm"),
        Expectation(token: ">", context: ">{hideControls", scope: "keyword.operator.exit.sm"),
        Expectation(token: "log", context: "hideControls log}", scope: "entity.name.function.action.sm"),
        Expectation(token: "Active", context: ": Active {", scope: "entity.other.inherited-class.state.sm"),
        Expectation(token: "Buffering", context: "Buffering : Active", scope: "entity.name.type.state.sm"),
        // Initial rows and the placeholder.
        Expectation(token: "-", context: "- Buffering startSpinner", scope: "constant.language.initial.sm"),
        Expectation(token: "Buffering", context: "- Buffering startSpinner", scope: "entity.name.type.state.sm"),
        Expectation(
            token: "startSpinner", context: "- Buffering startSpinner", scope: "entity.name.function.action.sm"),
        Expectation(token: "- - -", context: "Playing : Active - - -", scope: "constant.language.placeholder.sm"),
        // A one-row state: state, event, next state, action.
        Expectation(token: "Idle", context: "Idle Load Buffering startLoading", scope: "entity.name.type.state.sm"),
        Expectation(token: "Load", context: "Idle Load Buffering startLoading", scope: "variable.other.event.sm"),
        Expectation(token: "Buffering", context: "Load Buffering startLoading", scope: "entity.name.type.state.sm"),
        Expectation(
            token: "startLoading", context: "Load Buffering startLoading", scope: "entity.name.function.action.sm"),
        // Delayed events and their durations.
        Expectation(token: "after", context: "after(30s)", scope: "keyword.other.after.sm"),
        Expectation(token: "30", context: "after(30s)", scope: "constant.numeric.duration.sm"),
        Expectation(token: "s", context: "s) [canRetry]", scope: "keyword.other.unit.sm"),
        Expectation(token: "min", context: "10min", scope: "keyword.other.unit.sm"),
        Expectation(token: "after", context: "after  Idle", scope: "variable.other.event.sm"),
        // Guards: conditions, negations, predicate matches.
        Expectation(token: "canRetry", context: "[canRetry]", scope: "entity.name.function.condition.sm"),
        Expectation(token: "!", context: "!isLive", scope: "keyword.operator.logical.not.sm"),
        Expectation(token: "isLive", context: "!isLive", scope: "entity.name.function.condition.sm"),
        Expectation(token: "Network", context: "Network = wifi | cellular]", scope: "entity.name.type.predicate.sm"),
        Expectation(token: "wifi", context: "Network = wifi | cellular]", scope: "variable.other.enummember.sm"),
        Expectation(token: "|", context: "| cellular]", scope: "keyword.operator.logical.or.sm"),
        Expectation(token: "-", context: "-  retry", scope: "constant.language.stay.sm"),
        // Actions with arguments, and several actions.
        Expectation(token: "seek", context: "seek(position)", scope: "entity.name.function.action.sm"),
        Expectation(token: "position", context: "seek(position)", scope: "variable.parameter.sm"),
        Expectation(token: "Stop", context: "Pause | Stop", scope: "variable.other.event.sm"),
        Expectation(token: "log", context: "log(position)}", scope: "entity.name.function.action.sm"),
        Expectation(token: "{", context: "{pause", scope: "punctuation.section.actions.begin.sm"),
        // Blocks: an event block's rows omit the event; override is a keyword before '{' only.
        Expectation(token: "Ready", context: "Ready {", scope: "variable.other.event.sm"),
        Expectation(token: "Playing", context: "Playing  unmute", scope: "entity.name.type.state.sm"),
        Expectation(token: "override", context: "override {", scope: "keyword.other.override.sm"),
        Expectation(token: "override", context: "override  Idle", scope: "variable.other.event.sm"),
        Expectation(token: "*", context: "Idle  *", scope: "constant.language.none.sm"),
        // Swift types of event values.
        Expectation(
            token: "any", context: "any Error & Sendable", scope: "keyword.other.type.any.sm",
            source: machine("", headers: "Event: Failed(error: any Error & Sendable, codes: [String: Int]?)\n")),
        Expectation(
            token: "?", context: "Int]?", scope: "keyword.operator.type.optional.sm",
            source: machine("", headers: "Event: Failed(error: any Error & Sendable, codes: [String: Int]?)\n")),
        // A raised event names an event, in rows and entry and exit lists.
        Expectation("Saved", "Saved}", "variable.other.event.sm", machine("  A { Go A {a ^Saved} }")),
        Expectation("Ready", "Ready {", "variable.other.event.sm", machine("  A <^Ready { Go A - }")),
        Expectation("Gone", "Gone}", "variable.other.event.sm", machine("  A >{b ^ Gone} { Go A - }")),
        // State data: the header names a state and its values; values follow a next
        // state, '-', a fork's state and an initial row's state.
        Expectation("STATE", "STATE: Playing", "keyword.other.header.sm", Expectation.stateData),
        Expectation("Playing", "STATE: Playing", "entity.name.type.state.sm", Expectation.stateData),
        Expectation("url", "url: String, at", "variable.parameter.label.sm", Expectation.stateData),
        Expectation("Playing", "Playing(at: 0)", "entity.name.type.state.sm", Expectation.stateData),
        Expectation("(", "(at: 0) &", "punctuation.definition.values.begin.sm", Expectation.stateData),
        Expectation("at", "at: 0) &", "variable.parameter.label.sm", Expectation.stateData),
        Expectation("0", "0) &", "constant.numeric.sm", Expectation.stateData),
        Expectation("&", "& Muted(level: 0)", "keyword.operator.fork.sm", Expectation.stateData),
        Expectation("level", "level: 0)", "variable.parameter.label.sm", Expectation.stateData),
        Expectation("intro", "intro\"", "string.quoted.double.sm", Expectation.stateData),
        Expectation("cue", "cue }", "entity.name.function.action.sm", Expectation.stateData),
        Expectation("-", "-(at:", "constant.language.stay.sm", Expectation.stateData),
        Expectation("moved", "moved(at, 5)", "entity.name.function.action.sm", Expectation.stateData),
        Expectation("at", "at, 5)", "variable.parameter.sm", Expectation.stateData),
        Expectation(")", "1) - }", "punctuation.definition.values.end.sm", Expectation.stateData),
        Expectation("louder", "louder(level)", "entity.name.function.action.sm", Expectation.stateData),
        // Regions: the Parallel header names a state.
        Expectation("PARALLEL", "PARALLEL: Media", "keyword.other.header.sm", Expectation.regions),
        Expectation("Media", "PARALLEL: Media", "entity.name.type.state.sm", Expectation.regions),
        // A fork: a state after each '&', even on the next line; the action follows.
        Expectation("Playing", "Playing & Muted", "entity.name.type.state.sm", Expectation.regions),
        Expectation("&", "& Muted", "keyword.operator.fork.sm", Expectation.regions),
        Expectation("Muted", "Muted  resume", "entity.name.type.state.sm", Expectation.regions),
        Expectation("resume", "Muted  resume", "entity.name.function.action.sm", Expectation.regions),
        Expectation("&", "&        //", "keyword.operator.fork.sm", Expectation.regions),
        Expectation("//", "// both regions", "punctuation.definition.comment.sm", Expectation.regions),
        Expectation("Muted", "Muted  jump", "entity.name.type.state.sm", Expectation.regions),
        Expectation("jump", "Muted  jump", "entity.name.function.action.sm", Expectation.regions),
        Expectation("C", "C z", "entity.name.type.state.sm", machine("  A { Go A & B & C z }")),
        Expectation("&", "& B x", "keyword.operator.fork.sm", machine("  A Go A & B x")),
        Expectation("B", "B y", "entity.name.type.state.sm", machine("  A { Go { [c] A & B y } }")),
        // State tests: 'in' before '(' (blanks may come between), negated by '!'; a plain
        // 'in', or 'in' inside a name, is a condition.
        Expectation("in", "in(Playing)", "keyword.other.in.sm", Expectation.regions),
        Expectation("(", "(Playing)", "punctuation.definition.state-test.begin.sm", Expectation.regions),
        Expectation("Playing", "in(Playing)", "entity.name.type.state.sm", Expectation.regions),
        Expectation(")", "), !in", "punctuation.definition.state-test.end.sm", Expectation.regions),
        Expectation("!", "!in(Muted)", "keyword.operator.logical.not.sm", Expectation.regions),
        Expectation("in", "in(Muted)", "keyword.other.in.sm", Expectation.regions),
        Expectation("Muted", "in(Muted)", "entity.name.type.state.sm", Expectation.regions),
        Expectation("in", "in (Normal)", "keyword.other.in.sm", Expectation.regions),
        Expectation("Normal", "in (Normal)", "entity.name.type.state.sm", Expectation.regions),
        Expectation("in", "in, login", "entity.name.function.condition.sm", Expectation.regions),
        Expectation("login", "login()", "entity.name.function.condition.sm", Expectation.regions),
        Expectation("in", "in]", "entity.name.function.condition.sm", Expectation.regions),
        Expectation("Off", "]  Off", "entity.name.type.state.sm", Expectation.regions),
        // `always` rows: 'always' is a keyword where an event stands, in a block or after
        // '|' too; inside a longer name it is a name, and a header value is a value.
        Expectation("always", "always [isValid]", "keyword.other.always.sm", Expectation.decision),
        Expectation("always", "always Invalid", "keyword.other.always.sm", Expectation.decision),
        Expectation("always", "always {", "keyword.other.always.sm", Expectation.decision),
        Expectation("always", "always [isStale]", "keyword.other.always.sm", Expectation.decision),
        Expectation("alwaysOn", "alwaysOn  Idle", "variable.other.event.sm", Expectation.decision),
        Expectation("isValid", "[isValid]", "entity.name.function.condition.sm", Expectation.decision),
        Expectation("Valid", "Valid  -", "entity.name.type.state.sm", Expectation.decision),
        Expectation("always", "always\n{", "constant.language.entry-exit.sm", Expectation.decision),
    ]

    @Test(arguments: expectations)
    func constructHasItsScope(_ expectation: Expectation) throws {
        let scopes = try Self.scopes(of: expectation.token, in: expectation.context, of: expectation.source)
        #expect(scopes.contains(expectation.scope), "\(scopes)")
    }

    @Test func theExpectationsMachineIsUnderstood() throws {
        try Self.expectUnderstood(Expectation.player)
    }

    @Test func theDecisionMachineIsUnderstoodAndChecksCleanly() throws {
        try Self.expectUnderstood(Expectation.decision)
        #expect(Compiler.check(SourceFile(name: "Review.sm", text: Expectation.decision)).diagnostics == [])
    }

    @Test func theStateDataMachineIsUnderstoodAndChecksCleanly() throws {
        try Self.expectUnderstood(Expectation.stateData)
        #expect(Compiler.check(SourceFile(name: "Studio.sm", text: Expectation.stateData)).diagnostics == [])
    }

    @Test func theRegionsMachineIsUnderstoodAndChecksCleanly() throws {
        try Self.expectUnderstood(Expectation.regions)
        #expect(Compiler.check(SourceFile(name: "Regions.sm", text: Expectation.regions)).diagnostics == [])
    }

    // MARK: What is not the language

    /// Text the grammar does not understand: an expectation of an `invalid.illegal` scope.
    static let broken: [Expectation] = [
        Expectation("@", "Coin @ Unlocked", "invalid.illegal.sm", machine("  Locked { Coin @ Unlocked }")),
        Expectation("%", "%", "invalid.illegal.sm", machine("  A { Go A - }\n  %")),
        Expectation("%", "Go%", "invalid.illegal.sm", machine("  A { Go% A - }")),
        Expectation("%", "T%", "invalid.illegal.sm", "FSM: T%\nInitial: A\n{ A Go A - }\n"),
        Expectation("%", "[c % d]", "invalid.illegal.sm", machine("  A { Go [c % d] A - }")),
        Expectation("%", "{a % b}", "invalid.illegal.sm", machine("  A { Go A {a % b} }")),
        Expectation("%", "Int%", "invalid.illegal.sm", machine("  A { Go A - }", headers: "Event: Go(x: Int%)\n")),
        Expectation("\u{A0}", "Go\u{A0}A", "invalid.illegal.sm", machine("  A { Go\u{A0}A - }")),
        Expectation("FSMName", "FSMName", "invalid.illegal.sm", "FSMName T\n{ A Go A - }\n"),
        Expectation(
            "Bogus", "Bogus: x", "invalid.illegal.unknown-header.sm", machine("  A { Go A - }", headers: "Bogus: x\n")),
        Expectation(
            "sometimes", "sometimes", "invalid.illegal.value.sm",
            machine("  A { Go A - }", headers: "EntryExit: sometimes\n")),
        Expectation("2days", "2days", "invalid.illegal.duration.sm", machine("  A { after(2days) A - }")),
        Expectation("=", "= x", "invalid.illegal.sm", machine("  A { Go A - }", headers: "Parallel: A = x\n")),
        // A fork names a state after each '&' and follows a state, never '-'.
        Expectation("&", "& -", "invalid.illegal.sm", machine("  A { Go A & - }")),
        Expectation("&", "& }", "invalid.illegal.sm", machine("  A { Go A & }")),
        Expectation("&", "& A x", "invalid.illegal.sm", machine("  A { Go - & A x }")),
        Expectation("-", "- }", "invalid.illegal.sm", machine("  A { Go A &\n    - }")),
        // A state test names one state, then closes.
        Expectation(")", ")]", "invalid.illegal.sm", machine("  A { Go [in()] A - }")),
        Expectation("]", "] A", "invalid.illegal.sm", machine("  A { Go [in(A] A - }")),
        Expectation("B", "B)", "invalid.illegal.sm", machine("  A { Go [in(A B)] A - }")),
        Expectation(",", ", B", "invalid.illegal.sm", machine("  A { Go [in(A, B)] A - }")),
    ]

    @Test(arguments: broken)
    func brokenInputIsInvalid(_ broken: Expectation) throws {
        #expect(broken.scope.hasPrefix("invalid.illegal"))
        try constructHasItsScope(broken)
    }

    /// A stray character is marked alone: the row goes on, and the block after it is read.
    @Test func strayCharactersAreMarkedAlone() throws {
        let source = Self.machine("  Locked { Coin @ Unlocked unlock }\n  Unlocked { Pass Locked lock }")
        #expect(try Self.scopes(of: "@", in: "@", of: source).last == "invalid.illegal.sm")
        let problems = try Self.problems(in: source)
        #expect(problems == ["4:17 '@' source.sm meta.body.sm meta.state.sm meta.row.sm invalid.illegal.sm"])
        #expect(try Self.scopes(of: "lock", in: "Locked lock", of: source).contains("entity.name.function.action.sm"))
    }

    // MARK: Against the grammar and the compiler

    /// A machine whose Event header holds each form of Swift type.
    static let types = machine(
        "  A { Go A - }",
        headers: """
            Event: Go(a: Swift.Set<Int>, b: [String: Int]?, c: (x: Int, any P & Q), d: Int!)

            """)

    /// Where the language uses each terminal of Grammar/fsm.ebnf: an expectation whose
    /// token is the terminal, at the start of its context.
    static let terminalUses: [Expectation] = [
        Expectation("_", "_state {", "entity.name.type.state.sm", machine("  my_state { Go my_state - }")),
        Expectation("-", "-  go", "constant.language.stay.sm", machine("  A { Go  -  go }")),
        Expectation("-", "- }", "constant.language.none.sm", machine("  A { Go  A  - }")),
        Expectation("*", "*  go", "constant.language.stay.sm", machine("  A { Go  *  go }")),
        Expectation(":", ": T", "punctuation.separator.key-value.sm", machine("  A { Go A - }")),
        Expectation(":", ": S {", "punctuation.separator.inheritance.sm", machine("  (S) { Go A - }\n  A : S { }")),
        Expectation(":", ": Swift", "punctuation.separator.label.sm", types),
        Expectation(":", ": Int]", "punctuation.separator.dictionary.sm", types),
        Expectation(
            "=", "= x | y", "keyword.operator.assignment.sm",
            machine("  A { Go [P = x] A - }", headers: "Predicate: P = x | y\n")),
        Expectation(
            "=", "= x]", "keyword.operator.comparison.sm",
            machine("  A { Go [P = x] A - }", headers: "Predicate: P = x | y\n")),
        Expectation(
            "|", "| y", "keyword.operator.logical.or.sm", machine("  A { Go A - }", headers: "Predicate: P = x | y\n")),
        Expectation("|", "| Stop", "keyword.operator.logical.or.sm", machine("  A { Go | Stop A - }")),
        Expectation("(", "(S)", "punctuation.definition.abstract.begin.sm", machine("  (S) { Go A - }")),
        Expectation(")", ") {", "punctuation.definition.abstract.end.sm", machine("  (S) { Go A - }")),
        Expectation("(", "(x)", "punctuation.definition.arguments.begin.sm", machine("  A { Go A f(x) }")),
        Expectation(")", ") }", "punctuation.definition.arguments.end.sm", machine("  A { Go A f(x) }")),
        Expectation("(", "(a:", "punctuation.definition.parameters.begin.sm", types),
        Expectation("(", "(30s)", "punctuation.definition.duration.begin.sm", machine("  A { after(30s) A - }")),
        Expectation(",", ", d]", "punctuation.separator.comma.sm", machine("  A { Go [c, d] A - }")),
        Expectation(",", ", y)", "punctuation.separator.comma.sm", machine("  A { Go [c(x, y)] A - }")),
        Expectation("{", "{\n", "punctuation.section.body.begin.sm", machine("  A { Go A - }")),
        Expectation("{", "{ Go", "punctuation.section.block.begin.sm", machine("  A { Go A - }")),
        Expectation("{", "{a b}", "punctuation.section.actions.begin.sm", machine("  A { Go A {a b} }")),
        Expectation("}", "} }", "punctuation.section.actions.end.sm", machine("  A { Go A {a b} }")),
        Expectation("{", "{ [c]", "punctuation.section.block.begin.sm", machine("  A { Go { [c] A - } }")),
        Expectation("<", "<in", "keyword.operator.entry.sm", machine("  A <in >out { Go A - }")),
        Expectation(">", ">out", "keyword.operator.exit.sm", machine("  A <in >out { Go A - }")),
        Expectation("<", "<Int>", "punctuation.definition.generic.begin.sm", types),
        Expectation(">", ">, b", "punctuation.definition.generic.end.sm", types),
        Expectation("[", "[c]", "punctuation.definition.guard.begin.sm", machine("  A { Go [c] A - }")),
        Expectation("]", "] A", "punctuation.definition.guard.end.sm", machine("  A { Go [c] A - }")),
        Expectation("[", "[String", "punctuation.definition.collection.begin.sm", types),
        Expectation("override", "override {", "keyword.other.override.sm", machine("  A { override { Go A - } }")),
        Expectation("after", "after(", "keyword.other.after.sm", machine("  A { after(500ms) A - }")),
        Expectation("always", "always [c]", "keyword.other.always.sm", machine("  A { always [c] B - }\n  B - - -")),
        Expectation("!", "!c", "keyword.operator.logical.not.sm", machine("  A { Go [!c] A - }")),
        Expectation("!", "!in", "keyword.operator.logical.not.sm", machine("  A { Go [!in(A)] A - }")),
        Expectation("in", "in(A)", "keyword.other.in.sm", machine("  A { Go [in(A)] A - }")),
        Expectation("(", "(A)", "punctuation.definition.state-test.begin.sm", machine("  A { Go [in(A)] A - }")),
        Expectation(")", ")]", "punctuation.definition.state-test.end.sm", machine("  A { Go [in(A)] A - }")),
        Expectation("&", "& B", "keyword.operator.fork.sm", machine("  A { Go A & B - }")),
        Expectation("^", "^Saved}", "keyword.operator.raise.sm", machine("  A { Go A {a ^Saved} }")),
        Expectation("^", "^Done", "keyword.operator.raise.sm", machine("  A { Go A ^Done }")),
        Expectation("^", "^Ready", "keyword.operator.raise.sm", machine("  A <^Ready { Go A - }")),
        Expectation("^", "^Gone}", "keyword.operator.raise.sm", machine("  A >{b ^Gone} { Go A - }")),
        Expectation("!", "!)", "keyword.operator.type.optional.sm", types),
        Expectation("?", "?, c", "keyword.operator.type.optional.sm", types),
        Expectation("any", "any P", "keyword.other.type.any.sm", types),
        Expectation("&", "& Q", "keyword.operator.type.composition.sm", types),
        Expectation(".", ".Set", "punctuation.accessor.sm", types),
        Expectation("true", "true)", "constant.language.boolean.sm", machine("  A { Go A f(true) }")),
        Expectation("false", "false)", "constant.language.boolean.sm", machine("  A <f(false) { Go A - }")),
        Expectation("nil", "nil)", "constant.language.nil.sm", machine("  A >{g f(nil)} { Go A - }")),
    ]

    /// The quoted terminals of Grammar/fsm.ebnf, outside its comments.
    static let ebnfTerminals: Set<String> = {
        let ebnf = String(decoding: readBytes(Paths.repository + "/Grammar/fsm.ebnf"), as: UTF8.self)
        var rules = ""
        for (index, piece) in ebnf.components(separatedBy: "(*").enumerated() {
            rules += index == 0 ? piece : piece.components(separatedBy: "*)").dropFirst().joined(separator: "*)")
        }
        return Set(rules.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
    }()

    @Test func everyTerminalOfTheEBNFHasAUse() {
        #expect(Self.ebnfTerminals.count >= 20)
        #expect(Self.ebnfTerminals.isSuperset(of: ["override", "after", "any", "-", "*", "{", "}", "!", "&"]))
        #expect(Self.ebnfTerminals == Set(Self.terminalUses.map(\.token)))
    }

    @Test(arguments: terminalUses)
    func terminalIsRecognised(_ use: Expectation) throws {
        #expect(use.context.hasPrefix(use.token))
        try constructHasItsScope(use)
        try Self.expectUnderstood(use.source)
    }

    /// The header names the grammar knows: the alternatives in `(?i:…)` of the begin
    /// patterns of its header rules.
    static func grammarHeaderNames() throws -> Set<String> {
        let repository = try #require(try JSONValue.read(grammarPath)["repository"]?.object)
        var names: Set<String> = []
        for (key, rule) in repository where key.hasPrefix("header-") {
            guard let begin = rule["begin"]?.string, let start = begin.range(of: "(?i:") else { continue }
            let alternatives = begin[start.upperBound...].prefix { $0 != ")" }
            names.formUnion(alternatives.split(separator: "|").map { $0.lowercased() })
        }
        return names
    }

    /// The compiler's headers (Headers.names, which its `unknownHeader` check uses) and
    /// the table of them in the language reference ("Headers") are the grammar's, in any case.
    @Test func everyHeaderIsAHeaderKeyword() throws {
        let reference = try #require(Documentation.article("LanguageReference").section("## Headers")).text
        let documentedHeaders = reference.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let colon = line.firstIndex(of: ":"), line[colon...].hasPrefix(":` |") else {
                return nil
            }
            return String(line.dropFirst(3)[..<colon])
        }
        #expect(Set(documentedHeaders) == Set(Headers.names))
        #expect(try Self.grammarHeaderNames() == Set(Headers.names.map { $0.lowercased() }))
        for name in Headers.names {
            for spelling in [name, name.lowercased(), name.uppercased()] {
                let scopes = try Self.scopes(of: spelling, in: spelling + ":", of: spelling + ": X\n{\n}\n")
                #expect(scopes.contains("keyword.other.header.sm"), "\(spelling): \(scopes)")
            }
        }
        let unknown = try Self.scopes(of: "Bogus", in: "Bogus:", of: "Bogus: X\n{\n}\n")
        #expect(unknown.contains("invalid.illegal.unknown-header.sm"))
    }

    // MARK: The property list and the VS Code extension

    /// `path` holds `bytes`, made from the JSON grammar; `FSMC_UPDATE_GOLDEN=1` writes them.
    static func expectGenerated(_ bytes: [UInt8], at path: String) throws {
        if GoldenTests.isUpdating {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            Issue.record("FSMC_UPDATE_GOLDEN=1: rewrote \(path); unset it, review git diff and run the tests again")
        } else {
            #expect(
                readBytes(path) == bytes,
                "\(path) is stale; run FSMC_UPDATE_GOLDEN=1 swift test --filter TextMateGrammarTests")
        }
    }

    @Test func propertyListIsGeneratedFromTheJSON() throws {
        try Self.expectGenerated(
            Array(PropertyList.xml(JSONValue.read(Self.grammarPath)).utf8), at: Self.propertyListPath)
    }

    /// The property list reads back as the JSON: Foundation's reader of property lists
    /// and JSON agree on every string, array and dictionary.
    @Test func propertyListReadsBackAsTheJSON() throws {
        let json = try JSONSerialization.jsonObject(with: Data(readBytes(Self.grammarPath)))
        let xml = try PropertyList.xml(JSONValue.read(Self.grammarPath))
        let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        let canonical = { (value: Any) in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
        #expect(try canonical(plist) == canonical(json))
    }

    @Test func propertyListWriterSortsKeysAndEscapes() throws {
        let value = JSONValue.object(["b": .array([.integer(3), .array([])]), "a": .string("<&>"), "c": .object([:])])
        #expect(
            try PropertyList.xml(value).components(separatedBy: "<plist version=\"1.0\">\n")[1] == """
                <dict>
                \t<key>a</key>
                \t<string>&lt;&amp;&gt;</string>
                \t<key>b</key>
                \t<array>
                \t\t<integer>3</integer>
                \t\t<array/>
                \t</array>
                \t<key>c</key>
                \t<dict/>
                </dict>
                </plist>

                """)
        #expect(throws: PropertyList.UnsupportedValue.self) { try PropertyList.xml(.array([.bool(true)])) }
    }

    /// A VS Code extension holds its files, so it has a copy of the grammar.
    @Test func extensionHasTheGrammar() throws {
        try Self.expectGenerated(readBytes(Self.grammarPath), at: Self.extensionFolder + "/syntaxes/sm.tmLanguage.json")
    }

    @Test func extensionContributesTheLanguageAndGrammar() throws {
        let contributes = try #require(try Self.manifest.get()["contributes"])
        let language = try #require(contributes["languages"]?.array?.first)
        #expect(language["id"] == .string("sm") && language["extensions"] == .array([.string(".sm")]))
        let grammar = try #require(contributes["grammars"]?.array?.first)
        #expect(grammar["language"] == .string("sm"))
        #expect(grammar["scopeName"]?.string == (try Self.grammar.get().scopeName))
        #expect(grammar["path"] == .string("./syntaxes/sm.tmLanguage.json"))
        let configurationPath = try #require(language["configuration"]?.string)
        let configuration = try JSONValue.read(Self.extensionFolder + "/" + configurationPath)
        #expect(configuration["comments"]?["lineComment"] == .string("//"))
        #expect(
            configuration["brackets"]
                == .array([["{", "}"], ["[", "]"], ["(", ")"]].map { .array($0.map(JSONValue.string)) }))
    }

    // MARK: The problem matcher

    /// The JSON examples of the "Editor support" article: the task uses `$fsmc`, and the
    /// matcher written out for those without the extension is the extension's.
    @Test func editorSupportShowsTheExtensionsMatcher() throws {
        let blocks = Documentation.article("EditorSupport").blocks.filter { $0.language == "json" }.map(\.text)
        try #require(blocks.count == 2)
        let task = try JSONDecoder().decode(JSONValue.self, from: Data(blocks[0].utf8))
        #expect(task["tasks"]?.array?.first?["problemMatcher"] == .string("$fsmc"))
        let inline = try JSONDecoder().decode(JSONValue.self, from: Data(("{" + blocks[1] + "}").utf8))[
            "problemMatcher"]
        let matcher = try #require(try Self.manifest.get()["contributes"]?["problemMatchers"]?.array?.first)
        for key in ["owner", "fileLocation", "pattern"] {
            #expect(inline?[key] == matcher[key], "\(key)")
        }
    }

    /// A machine with errors, a warning and notes (one of them a fix-it).
    static let brokenMachine = """
        FSM: Broken
        Initial: Locked
        {
          (Base) {
            Reset  Locked  -
          }
          Locked : Base {
            Coin   Unlocked  unlock
            Coin   Unlocked  unlock
            Reset  Locked    lock
          }
          Unlocked : Base {
            Pass   Locked    lock
          }
          Lost {
            Pass   Locked    -
          }
        }

        """

    /// fsmc prints paths as given: relative, absolute, with blanks, with a drive letter.
    @Test(arguments: ["Broken.sm", "Machines/Broken.sm", "/Users/me/My Machines/Broken.sm", #"C:\Users\me\Broken.sm"#])
    func problemMatcherReadsEveryDiagnosticLine(path: String) throws {
        let matcher = try #require(try Self.manifest.get()["contributes"]?["problemMatchers"]?.array?.first)
        #expect(matcher["name"] == .string("fsmc"))
        #expect(matcher["fileLocation"] == .array([.string("autoDetect"), .string("${workspaceFolder}")]))
        let pattern = try #require(matcher["pattern"])
        let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"]?.string))

        let diagnostics = Compiler.check(SourceFile(name: path, text: Self.brokenMachine)).diagnostics
        typealias Line = (location: FSMCompiler.SourceLocation, severity: String, message: String, code: String?)
        let expected: [Line] = diagnostics.flatMap { diagnostic -> [Line] in
            let main: Line = (
                diagnostic.location, diagnostic.severity.rawValue, diagnostic.message, diagnostic.id.rawValue
            )
            return [main] + diagnostic.printedNotes.map { ($0.location, "note", $0.message, nil) }
        }
        let printed = diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) }
        #expect(Set(expected.map { $0.severity }) == ["error", "warning", "note"])
        #expect(printed.count == expected.count)
        for (line, expected) in zip(printed, expected) {
            let match = try #require(
                regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "\(line)")
            func group(_ key: String) -> String? {
                guard case .integer(let number) = pattern[key], let range = Range(match.range(at: number), in: line)
                else { return nil }
                return String(line[range])
            }
            #expect(group("file") == expected.location.file)
            #expect(group("line") == String(expected.location.line))
            #expect(group("column") == String(expected.location.column))
            #expect(group("severity") == expected.severity)
            #expect(group("message") == expected.message)
            #expect(group("code") == expected.code)
        }
        // A failure outside any file names no place.
        let failure = "fsmc: error: cannot read 'Broken.sm': no such file or directory"
        #expect(regex.firstMatch(in: failure, range: NSRange(failure.startIndex..., in: failure)) == nil)
    }

    // MARK: The tokenizer

    /// The tokenizer follows vscode-textmate: the earliest match wins, `end` wins a tie,
    /// then the patterns in order; a `begin`/`end` rule runs across lines; captures nest.
    @Test func tokenizerFollowsTextMateRules() throws {
        let grammar = try TextMateGrammar(
            json: JSONDecoder().decode(
                JSONValue.self,
                from: Data(
                    #"""
                    {
                      "scopeName": "source.t",
                      "patterns": [{ "include": "#block" }, { "match": "b", "name": "late" }, { "match": "[a-z]", "name": "letter" }],
                      "repository": {
                        "block": {
                          "begin": "\\(", "end": "(?=z)|\\)", "name": "block",
                          "patterns": [{ "match": "(x(y))", "captures": { "1": { "name": "xy" }, "2": { "name": "y" } } }, { "include": "$self" }]
                        }
                      }
                    }
                    """#.utf8)))
        let lines = try grammar.tokenize("ab(c\nxyz)")
        #expect(
            lines.map { $0.tokens.map(\.range) } == [
                [0..<1, 1..<2, 2..<3, 3..<4, 4..<5], [0..<1, 1..<2, 2..<3, 3..<5],
            ])
        #expect(
            lines[0].tokens.map(\.scopes) == [
                ["source.t", "letter"], ["source.t", "late"], ["source.t", "block"], ["source.t", "block", "letter"],
                ["source.t", "block"],
            ])
        // The block ends before "z" (its end wins the tie with "letter"); ")" is outside it.
        #expect(
            lines[1].tokens.map(\.scopes) == [
                ["source.t", "block", "xy"], ["source.t", "block", "xy", "y"], ["source.t", "letter"], ["source.t"],
            ])
    }

    /// Lines end at CR LF and at CR as at LF, as editors split them.
    @Test func everyLineBreakEndsALine() throws {
        let text = String(decoding: readBytes(Paths.fixtures + "/Machines/TimedPlayer.sm"), as: UTF8.self)
        let lines = try Self.tokenize(text).map(\.tokens)
        #expect(lines.count > 30)
        for lineBreak in ["\r\n", "\r"] {
            let other = text.replacingOccurrences(of: "\n", with: lineBreak)
            #expect(try Self.tokenize(other).map(\.tokens) == lines)
        }
    }

    /// What the tokenizer does not run is refused, never ignored.
    @Test(arguments: [
        ##"{ "match": "a", "name": "x", "while": "b" }"##,
        ##"{ "begin": "a", "end": "b", "contentName": "x" }"##,
        ##"{ "begin": "a", "end": "\\1" }"##,
        ##"{ "match": "\\Ga" }"##,
        ##"{ "match": "\\h" }"##,
        ##"{ "match": "(?x) a" }"##,
        ##"{ "match": "(a)", "captures": { "1": { "patterns": [] } } }"##,
        ##"{ "include": "source.swift" }"##,
        ##"{ "include": "#missing" }"##,
        ##"{ "begin": "a" }"##,
    ])
    func tokenizerRefusesWhatItDoesNotRun(rule: String) throws {
        let json = #"{ "scopeName": "source.t", "patterns": ["# + rule + #"] }"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(throws: TextMateGrammar.Unsupported.self) { try TextMateGrammar(json: value) }
    }
}

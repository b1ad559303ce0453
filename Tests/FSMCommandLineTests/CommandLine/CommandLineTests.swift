import FSMCommandLine
import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc check`, `fsmc table`, help and usage errors, run in-process with captured streams:
/// exit statuses and the exact text users see.
@Suite struct CommandLineTests {
    private static func run(_ arguments: [String], input: String = "", colors: Bool = false) -> ToolTranscript {
        ToolTranscript.run(arguments, input: input, colors: colors)
    }

    static let twoCoinTurnstile = Paths.examples + "/TwoCoinTurnstile/Sources/two-coin-turnstile/TwoCoinTurnstile.sm"
    static let turnstile = Paths.examples + "/Turnstile/Turnstile.sm"

    static let clean = "FSM: F\nInitial: S\n{\n  S { E T -  }\n  T { E S - }\n}\n"
    static let warned = "FSM: F\nInitial: S\n{\n  S { E S - }\n  T { E S - }\n}\n"
    static let broken = "FSM: F\nInitial: S\n{\n  S { E Nowhere - }\n}\n"

    /// A fresh directory with the three files above.
    private static func workspace() throws -> String {
        let directory = try TemporaryFolder("fsmc-cli").path
        for (name, text) in [("clean.sm", clean), ("warned.sm", warned), ("broken.sm", broken)] {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        return directory
    }

    // MARK: check

    @Test func checkExitStatuses() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clean = directory + "/clean.sm"
        let warned = directory + "/warned.sm"
        let broken = directory + "/broken.sm"
        let missing = directory + "/missing.sm"

        let ok = Self.run(["check", clean])
        #expect(ok.status == .success && ok.output == "" && ok.errors == "")

        let warning = Self.run(["check", warned])
        #expect(warning.status == .success)
        #expect(
            warning.errors
                == "\(warned):5:3: warning: state 'T' is unreachable from the initial state 'S' [unreachableState]\n")

        let failed = Self.run(["check", clean, broken])
        #expect(failed.status == .failure)
        #expect(failed.output == "")
        #expect(failed.errors == "\(broken):4:9: error: next state 'Nowhere' is not defined [undefinedState]\n")

        let unreadable = Self.run(["check", missing])
        #expect(unreadable.status == .ioFailure)
        #expect(unreadable.errors == "fsmc: error: cannot read '\(missing)': no such file\n")

        let directoryInput = Self.run(["check", directory])
        #expect(directoryInput.status == .ioFailure)
        #expect(directoryInput.errors == "fsmc: error: cannot read '\(directory)': it is a directory\n")

        // Every file is checked; an unreadable one outranks one with errors.
        let mixed = Self.run(["check", broken, missing, clean])
        #expect(mixed.status == .ioFailure)
        #expect(
            mixed.errors == """
                \(broken):4:9: error: next state 'Nowhere' is not defined [undefinedState]
                fsmc: error: cannot read '\(missing)': no such file

                """)
    }

    @Test func checkPrintsEveryErrorWithItsNotes() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Turnstile.sm"
        try Samples.fourErrors.write(toFile: path, atomically: true, encoding: .utf8)
        let result = Self.run(["check", path])
        #expect(result.status == .failure)
        #expect(result.output == "")
        #expect(
            result.errors == """
                \(path):8:5: error: duplicate transition for event 'Coin' in state 'Locked' [duplicateTransition]
                \(path):7:5: note: first transition for 'Coin' is here
                \(path):10:5: error: transition for event 'Pass' [Enforcement=weak] in state 'Locked' goes to 'Alarming', but an earlier one goes to 'Locked' [transitionClash]
                \(path):9:5: note: the other transition for 'Pass' is here
                \(path):12:5: error: implicit clash for event 'Kick' in state 'Locked': this row and another of the same rank both match when Enforcement=strong, Reward=positive; make one of them more specific [implicitClash]
                \(path):11:5: note: the other row is here
                \(path):14:19: error: next state 'Lockd' is not defined; did you mean 'Locked'? [undefinedState]

                """)
    }

    @Test func checkTheExamples() {
        let result = Self.run(["check", Self.turnstile, Self.twoCoinTurnstile])
        #expect(result.status == .success && result.output == "" && result.errors == "")
    }

    @Test func warningsAsErrors() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let warned = directory + "/warned.sm"
        let result = Self.run(["check", "--warnings-as-errors", warned])
        #expect(result.status == .failure)
        #expect(
            result.errors
                == "\(warned):5:3: error: state 'T' is unreachable from the initial state 'S' [unreachableState]\n")
        // Without warnings it changes nothing.
        #expect(Self.run(["check", directory + "/clean.sm", "--warnings-as-errors"]).status == .success)
        // And `table` stops before printing.
        let table = Self.run(["table", warned, "--warnings-as-errors"])
        #expect(table.status == .failure && table.output == "")
    }

    @Test func dashReadsTheConsoleInput() {
        let broken = Self.run(["check", "-"], input: Self.broken)
        #expect(broken.status == .failure)
        #expect(broken.errors == "<stdin>:4:9: error: next state 'Nowhere' is not defined [undefinedState]\n")
        let table = Self.run(["table", "-"], input: Self.clean)
        #expect(table.status == .success)
        #expect(table.output == "S E -> T {}\nT E -> S {}\n")
        // `--` makes what follows operands, even `--help`.
        let operands = Self.run(["check", "--", "-"], input: Self.clean)
        #expect(operands.status == .success && operands.errors == "")
    }

    @Test func diagnosticsAreColouredOnlyWhenAsked() {
        let plain = Self.run(["check", "-"], input: Self.broken)
        #expect(!plain.errors.contains("\u{1B}"))
        let coloured = Self.run(
            ["check", "-"], input: "FSM: F\nInitial: S\n{\n  S { E S -  E S - }\n}\n", colors: true)
        #expect(
            coloured.errors == "\u{1B}[1m<stdin>:4:14: \u{1B}[0m\u{1B}[1;31merror: \u{1B}[0m"
                + "\u{1B}[1mduplicate transition for event 'E' in state 'S' [duplicateTransition]\u{1B}[0m\n"
                + "\u{1B}[1m<stdin>:4:7: \u{1B}[0m\u{1B}[1;36mnote: \u{1B}[0mfirst transition for 'E' is here\n")
    }

    // MARK: table

    @Test func tableAsText() {
        let result = Self.run(["table", Self.twoCoinTurnstile])
        #expect(result.status == .success && result.errors == "")
        #expect(
            result.output == """
                Locked Reset -> Locked {lock}
                Locked Pass -> Alarming {alarmOn}
                Locked Coin -> FirstCoin {}
                Alarming Reset -> Locked {alarmOff lock}
                FirstCoin Reset -> Locked {lock}
                FirstCoin Pass -> Alarming {alarmOn}
                FirstCoin Coin -> Unlocked {unlock}
                Unlocked Reset -> Locked {lock}
                Unlocked Pass -> Locked {lock}
                Unlocked Coin -> Unlocked {thankyou}

                """)
        #expect(Self.run(["table", "--format", "text", Self.twoCoinTurnstile]).output == result.output)
        #expect(Self.run(["table", "--format=text", Self.twoCoinTurnstile]).output == result.output)
    }

    @Test func tableAsMarkdown() {
        let result = Self.run(["table", Self.twoCoinTurnstile, "--format", "markdown"])
        #expect(result.status == .success && result.errors == "")
        #expect(
            result.output == """
                | State | Event | Guard | Next state | Actions |
                |---|---|---|---|---|
                | **Locked** | Reset |   | Locked | lock |
                |   | Pass |   | Alarming | alarmOn |
                |   | Coin |   | FirstCoin |   |
                | **Alarming** | Reset |   | Locked | alarmOff, lock |
                | **FirstCoin** | Reset |   | Locked | lock |
                |   | Pass |   | Alarming | alarmOn |
                |   | Coin |   | Unlocked | unlock |
                | **Unlocked** | Reset |   | Locked | lock |
                |   | Pass |   | Locked | lock |
                |   | Coin |   | Unlocked | thankyou |

                """)
    }

    @Test func tableOfABrokenFilePrintsOnlyDiagnostics() {
        let result = Self.run(["table", "-"], input: Self.broken)
        #expect(result.status == .failure)
        #expect(result.output == "")
        #expect(result.errors == "<stdin>:4:9: error: next state 'Nowhere' is not defined [undefinedState]\n")
    }

    // MARK: Usage errors

    @Test(arguments: [
        (
            ["check", "--warning-as-errors", "a.sm"],
            """
            fsmc: error: unknown option '--warning-as-errors' for 'check'; did you mean '--warnings-as-errors'?
            usage: fsmc check FILE... [--fix] [--warnings-as-errors]
            run 'fsmc help check' for more

            """
        ),
        (
            ["check", "--frobnicate", "a.sm"],
            """
            fsmc: error: unknown option '--frobnicate' for 'check'
            usage: fsmc check FILE... [--fix] [--warnings-as-errors]
            run 'fsmc help check' for more

            """
        ),
        (
            ["table", "--formt", "markdown", "a.sm"],
            """
            fsmc: error: unknown option '--formt' for 'table'; did you mean '--format'?
            usage: fsmc table FILE [--format text|markdown]
            run 'fsmc help table' for more

            """
        ),
        (
            ["check"],
            """
            fsmc: error: 'check' needs a FILE
            usage: fsmc check FILE... [--fix] [--warnings-as-errors]
            run 'fsmc help check' for more

            """
        ),
        (
            ["table"],
            """
            fsmc: error: 'table' needs a FILE
            usage: fsmc table FILE [--format text|markdown]
            run 'fsmc help table' for more

            """
        ),
        (
            ["table", "a.sm", "b.sm"],
            """
            fsmc: error: 'table' takes one FILE, but was given 2: a.sm b.sm
            usage: fsmc table FILE [--format text|markdown]
            run 'fsmc help table' for more

            """
        ),
        (
            ["table", "--format", "html", "a.sm"],
            """
            fsmc: error: 'html' is not a valid value for '--format'; expected text or markdown
            usage: fsmc table FILE [--format text|markdown]
            run 'fsmc help table' for more

            """
        ),
        (
            ["table", "a.sm", "--format"],
            """
            fsmc: error: option '--format' needs a value: --format FORMAT
            usage: fsmc table FILE [--format text|markdown]
            run 'fsmc help table' for more

            """
        ),
        (
            ["table", "--format=markdown", "--format", "text", "a.sm"],
            """
            fsmc: error: option '--format' is given twice
            usage: fsmc table FILE [--format text|markdown]
            run 'fsmc help table' for more

            """
        ),
        (
            ["check", "--warnings-as-errors=yes", "a.sm"],
            """
            fsmc: error: option '--warnings-as-errors' takes no value
            usage: fsmc check FILE... [--fix] [--warnings-as-errors]
            run 'fsmc help check' for more

            """
        ),
        (
            ["chek", "a.sm"],
            """
            fsmc: error: unknown command 'chek'; did you mean 'check'?
            usage: fsmc <command> [options]; run 'fsmc --help'

            """
        ),
        (
            ["frobnicate"],
            """
            fsmc: error: unknown command 'frobnicate'
            usage: fsmc <command> [options]; run 'fsmc --help'

            """
        ),
        (
            ["Turnstile.sm"],
            """
            fsmc: error: unknown command 'Turnstile.sm'
            usage: fsmc <command> [options]; run 'fsmc --help'

            """
        ),
        (
            ["--verbose"],
            """
            fsmc: error: unknown command '--verbose'
            usage: fsmc <command> [options]; run 'fsmc --help'

            """
        ),
    ])
    func usageErrors(arguments: [String], expected: String) {
        let result = Self.run(arguments)
        #expect(result.status == .usage)
        #expect(result.output == "")
        #expect(result.errors == expected)
    }

    @Test func helpForAnUnknownTopicIsAUsageError() {
        let result = Self.run(["help", "nothing"])
        #expect(result.status == .usage)
        #expect(result.errors.hasPrefix("fsmc: error: no help for 'nothing'; commands are compile, check, table"))
        #expect(result.errors.hasSuffix(", or 'diagnostics'\nusage: fsmc help <command>\n"))
    }

    // MARK: Help and version

    @Test func noArgumentsPrintsTheOverviewAsAnError() {
        let result = Self.run([])
        #expect(result.status == .usage)
        #expect(result.output == "")
        #expect(result.errors == Self.run(["--help"]).output)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func overview(arguments: [String]) {
        let result = Self.run(arguments)
        #expect(result.status == .success && result.errors == "")
        #expect(
            result.output == """
                fsmc \(CommandLineTool.version): a state-machine compiler for Swift

                usage: fsmc <command> [options] FILE...

                commands:
                  compile   generate Swift from .sm files
                  check     check .sm files and print their diagnostics
                  table     print the flattened transition table
                  graph     draw the state machine as a Mermaid or Graphviz diagram
                  format    rewrite .sm files in the canonical layout
                  simulate  run events through a machine and print what each one does
                  paths     print event sequences that take every row (or reach every state)
                  verify    check every reachable configuration: traps, ways home, rejections, livelocks, questions
                  coverage  print the rows a recorded run never took
                  lsp       run the language server for editors, over standard input and output

                Run 'fsmc help <command>' for a command's options, 'fsmc help diagnostics' for
                the list of diagnostic IDs, 'fsmc --version' for the version.

                """)
    }

    @Test(arguments: [["help", "table"], ["table", "--help"], ["table", "a.sm", "-h"]])
    func helpForTable(arguments: [String]) {
        let result = Self.run(arguments)
        #expect(result.status == .success && result.errors == "")
        #expect(
            result.output == """
                usage: fsmc table FILE [--format text|markdown]

                Prints every transition of every concrete state after superstates are folded in
                and '-' is resolved, one line each:
                    Locked Pass [Enforcement=weak] -> Locked {smile}
                The braces hold every action the transition runs, in order: exit actions, the
                row's actions, entry actions. '--format markdown' prints a Markdown table grouped
                by state, for pasting into a review. '-' reads standard input.

                options:
                  --format FORMAT       text (the default) or markdown
                  --warnings-as-errors  treat warnings as errors: print them as errors and fail

                """)
    }

    @Test func helpForLsp() {
        let result = Self.run(["help", "lsp"])
        #expect(result.status == .success && result.errors == "")
        #expect(
            result.output == """
                usage: fsmc lsp [--stdio]

                Speaks the Language Server Protocol on standard input and output, for editors:
                diagnostics as 'fsmc check' reports them, as you type; the fix-its as quick fixes;
                formatting as 'fsmc format' does it; go to definition, find references and rename
                of states, events, actions, conditions and predicates; hover with a state's rows
                as 'fsmc table' prints them; completion, an outline and semantic highlighting.
                An editor starts it; it reads no files and writes nothing but its messages.
                Exit status: 0 after the client's 'shutdown' and 'exit', 1 when standard input
                ends or 'exit' comes without 'shutdown'.

                options:
                  --stdio  use standard input and output (the only transport; clients may pass it)

                """)
    }

    @Test func lspTakesNoFiles() {
        let result = Self.run(["lsp", "a.sm"])
        #expect(result.status == .usage)
    }

    @Test func helpForCheck() {
        let result = Self.run(["help", "check"])
        #expect(result.status == .success)
        #expect(
            result.output == """
                usage: fsmc check FILE... [--fix] [--warnings-as-errors]

                Parses and checks each file and prints every problem as
                'file:line:col: error: message [id]', followed by notes at related places.
                Nothing is written. '-' reads standard input.
                With --fix, the fix-its that are certainly right are applied first, and each
                file is rewritten, atomically, when one was: rows that replace inherited rows
                (as CC_SMC allows) are put in 'override { }', and '}' missing at the end of the
                file are added. The problems left are then printed. '--fix -' prints the fixed
                text of standard input.
                Exit status: 0 when no file has errors, 1 when one has, 3 when one cannot be read
                or written.

                options:
                  --fix                 apply the fix-its and rewrite the files
                  --warnings-as-errors  treat warnings as errors: print them as errors and fail

                """)
    }

    @Test func helpDiagnosticsListsEveryID() {
        let result = Self.run(["help", "diagnostics"])
        #expect(result.status == .success && result.errors == "")
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(2) == ["Diagnostic IDs, printed in brackets after each message:", ""])
        #expect(lines.last == "")
        lines = Array(lines.dropFirst(2).dropLast())
        let width = DiagnosticID.allCases.map(\.rawValue.count).max()!
        #expect(
            lines
                == DiagnosticID.allCases.map { id in
                    "  " + id.rawValue + String(repeating: " ", count: width - id.rawValue.count) + "  " + id.summary
                })
        #expect(
            lines.contains("  duplicateTransition      two rows share state, event, predicate guard and next state"))
    }

    @Test func version() {
        let result = Self.run(["--version"])
        #expect(result.status == .success && result.errors == "")
        #expect(result.output == "fsmc \(CommandLineTool.version)\n")
        let release = CommandLineTool.version.split(separator: "-", maxSplits: 1)
        let parts = release[0].split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }

    /// The version names the release it is (CHANGELOG's newest heading `## 1.2.3`), or,
    /// between releases, the next one with `-dev` (under `## Unreleased`): the release
    /// policy of "Adding fsmc to a package › Which version", which a release commit follows
    /// by changing both.
    @Test func versionAgreesWithTheChangelog() throws {
        let changelog = String(decoding: readBytes(Paths.repository + "/CHANGELOG.md"), as: UTF8.self)
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") }).dropFirst(3)
        if newest == "Unreleased" {
            #expect(CommandLineTool.version.hasSuffix("-dev"))
        } else {
            #expect(CommandLineTool.version == String(newest))
        }
    }
}

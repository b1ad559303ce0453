import FSMCompiler
import FSMTestSupport
import Testing

/// Fix-its: which diagnostics get one, the text each writes, and `Compiler.fix`, which
/// applies them until none is left.
@Suite struct FixItTests {
    static func fixed(_ text: String) -> (text: String, applied: Int, diagnostics: [String]) {
        let result = Compiler.fix(SourceFile(name: "test.sm", text: text))
        return (
            String(decoding: result.bytes, as: UTF8.self), result.applied, result.result.diagnostics.map(\.description)
        )
    }

    static func fixIts(_ text: String) -> [String] {
        Compiler.check(SourceFile(name: "test.sm", text: text)).diagnostics.compactMap { $0.fixIt?.message }
    }

    // MARK: Rows that replace inherited rows

    /// Uncle Bob's ice.sm, which CC_SMC accepts, becomes ice.override.sm (without its two
    /// comment lines) byte for byte: it checks clean and its table is the same.
    @Test func iceBecomesIceOverride() throws {
        let ice = readBytes(Paths.wild + "/ice.sm")
        let expected = String(decoding: readBytes(Paths.wild + "/ice.override.sm"), as: UTF8.self)
            .split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)[2]
        let result = Compiler.fix(SourceFile(name: "ice.sm", bytes: ice))
        #expect(result.applied == 2)
        #expect(String(decoding: result.bytes, as: UTF8.self) == expected)
        #expect(result.result.diagnostics.isEmpty)
        let override = try #require(
            Compiler.check(SourceFile(name: "ice.override.sm", bytes: readBytes(Paths.wild + "/ice.override.sm")))
                .machine)
        let machine = try #require(result.result.machine)
        #expect(TransitionTable.text(machine) == TransitionTable.text(override))
    }

    /// Every wild CC_SMC file that fsmc rejects only for rows that replace inherited ones
    /// (ice.sm, the converted stripper, indented with tabs) checks clean after fixing.
    @Test(arguments: ["ice.sm", "stripfsm_cs.converted.sm"])
    func wildFilesCheckCleanAfterFixing(name: String) {
        let file = SourceFile(name: name, bytes: readBytes(Paths.wild + "/" + name))
        let before = Compiler.check(file).diagnostics
        #expect(!before.isEmpty && before.allSatisfy { $0.id == .missingOverride && $0.fixIt != nil })
        let fixed = Compiler.fix(file)
        #expect(fixed.result.diagnostics.isEmpty && fixed.result.machine != nil)
    }

    /// The diagnostics say so: one note per row, naming the lines the block takes.
    @Test func eachReplacingRowNotesItsFixIt() {
        let diagnostics = Compiler.check(SourceFile(name: "ice.sm", bytes: readBytes(Paths.wild + "/ice.sm")))
            .diagnostics
        #expect(diagnostics.map(\.id) == Array(repeating: .missingOverride, count: 4))
        #expect(
            diagnostics.map { $0.description.split(separator: "\n").last! } == [
                "ice.sm:101:9: note: fix-it: wrap lines 101-102 in 'override { }'; 'fsmc check --fix' applies it",
                "ice.sm:102:9: note: fix-it: wrap lines 101-102 in 'override { }'; 'fsmc check --fix' applies it",
                "ice.sm:111:9: note: fix-it: wrap lines 111-112 in 'override { }'; 'fsmc check --fix' applies it",
                "ice.sm:112:9: note: fix-it: wrap lines 111-112 in 'override { }'; 'fsmc check --fix' applies it",
            ])
    }

    /// A file indented with tabs gets tabs; rows apart get blocks of their own.
    @Test func theBodysIndentationIsKept() {
        let source =
            "FSM: T\nInitial: A\n{\n(S) {\n\tGo A -\n\tStop A -\n}\nA : S {\n\tGo A x\n\tKeep A -\n\tStop A y\n}\n}\n"
        let result = Self.fixed(source)
        #expect(
            result.text
                == "FSM: T\nInitial: A\n{\n(S) {\n\tGo A -\n\tStop A -\n}\nA : S {\n\toverride {\n\t\tGo A x\n\t}\n\tKeep A -\n\toverride {\n\t\tStop A y\n\t}\n}\n}\n"
        )
        #expect(result.applied == 2 && result.diagnostics.isEmpty)
    }

    /// Event blocks and guard blocks whose rows all replace inherited ones are wrapped
    /// whole, blank lines inside are left blank, comments move with their lines.
    @Test func blocksAreWrappedWhole() {
        let source = """
            FSM: T
            Predicate: Mode = fast | slow
            Initial: A
            {
              (S) {
                Go [Mode=fast] A -
                Go [Mode=slow] A -
                Stop [Mode=fast] A -
              }
              A : S {
                Go {
                  [Mode=fast] A x

                  [Mode=slow] A y // slow
                }
                [Mode=fast] {
                  Stop A z
                }
              }
            }

            """
        let result = Self.fixed(source)
        #expect(
            result.text == """
                FSM: T
                Predicate: Mode = fast | slow
                Initial: A
                {
                  (S) {
                    Go [Mode=fast] A -
                    Go [Mode=slow] A -
                    Stop [Mode=fast] A -
                  }
                  A : S {
                    override {
                      Go {
                        [Mode=fast] A x

                        [Mode=slow] A y // slow
                      }
                      [Mode=fast] {
                        Stop A z
                      }
                    }
                  }
                }

                """)
        #expect(result.applied == 1)
        #expect(result.diagnostics.isEmpty)
    }

    /// Rows that share a line with others are wrapped where they are.
    @Test func rowsOnOneLineAreWrappedInline() {
        let result = Self.fixed("FSM: T\nInitial: A\n{\n(S) { Go A - }\nA : S { Go A x } B : S - - -\n}")
        #expect(result.text == "FSM: T\nInitial: A\n{\n(S) { Go A - }\nA : S { override { Go A x } } B : S - - -\n}")
        #expect(result.diagnostics.allSatisfy { $0.contains("[unreachableState]") })
        #expect(
            Self.fixIts("FSM: T\nInitial: A\n{\n(S) { Go A - }\nA : S { Go A x } B : S - - -\n}") == [
                "wrap the row in 'override { }'"
            ])
    }

    /// A row for two events of which one replaces nothing gets no fix-it: wrapping it
    /// would be an error of its own (nothingToOverride).
    @Test func aRowThatAlsoAddsAnEventIsLeftAlone() {
        let source = "FSM: T\nInitial: A\n{\n(S) {\n  Go A -\n}\nA : S {\n  Go | Stop A x\n}\n}\n"
        #expect(diagnosticLines(compiling: source).filter { $0.contains("error") }.count == 1)
        #expect(Self.fixIts(source).isEmpty)
        #expect(Self.fixed(source).applied == 0)
    }

    /// A row that replaces an inherited override gets the same fix (overrideOutOfOrder).
    @Test func overridesOutOfOrderAreFixedToo() {
        let source =
            "FSM: T\nInitial: C\n{\n(S) {\n  Go A -\n}\n(M) : S {\n  override {\n    Go A m\n  }\n}\nC : M {\n  Go A c\n}\nA - - -\n}\n"
        #expect(Self.fixIts(source) == ["wrap line 13 in 'override { }'"])
        let result = Self.fixed(source)
        #expect(result.text.contains("C : M {\n  override {\n    Go A c\n  }\n}"))
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: Missing braces at the end

    @Test func missingClosingBracesAtTheEndAreAdded() {
        let source = "FSM: T\nInitial: A\n{\n  A {\n    Go B -\n  }\n  B {\n    Go A -\n"
        let lines = diagnosticLines(compiling: source)
        #expect(lines.last == "9:1: note: fix-it: insert the 2 missing '}'; 'fsmc check --fix' applies it")
        let result = Self.fixed(source)
        #expect(result.text == source + "  }\n}\n")
        #expect(result.diagnostics.isEmpty)
    }

    /// The last line is ended first; a file with CRLF line breaks gets CRLF.
    @Test func theFilesLineBreaksAreKept() {
        #expect(Self.fixed("FSM: T\nInitial: A\n{\n  A Go A -").text == "FSM: T\nInitial: A\n{\n  A Go A -\n}\n")
        #expect(
            Self.fixed("FSM: T\r\nInitial: A\r\n{\r\n  A Go A -\r\n").text
                == "FSM: T\r\nInitial: A\r\n{\r\n  A Go A -\r\n}\r\n")
    }

    /// A brace missing in the middle: the layout shows that appending one at the end would
    /// nest the next state in the previous one, so there is no fix-it.
    @Test func aBraceMissingInTheMiddleHasNoFixIt() {
        let source = "FSM: T\nInitial: A\n{\n  A {\n    Go B -\n  B {\n    Go A -\n  }\n}\n"
        #expect(!diagnosticLines(compiling: source).isEmpty)
        #expect(Self.fixIts(source).isEmpty)
        #expect(Self.fixed(source).applied == 0)
    }

    /// Fix-its that only appear once others are applied are applied too: the missing brace
    /// first, then, in the file that can now be analyzed, the override.
    @Test func fixItsFoundAfterOthersAreApplied() {
        let source = "FSM: T\nInitial: A\n{\n  (S) {\n    Go A -\n  }\n  A : S {\n    Go A x\n"
        let result = Self.fixed(source)
        #expect(result.applied == 2)
        #expect(
            result.text
                == "FSM: T\nInitial: A\n{\n  (S) {\n    Go A -\n  }\n  A : S {\n    override {\n      Go A x\n    }\n  }\n}\n"
        )
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: Applying

    @Test func applyTakesEachFixItOnceAndSkipsOverlaps() {
        let bytes = Array("abcdef".utf8)
        let first = FixIt("first", edits: [.init(1..<3, "X"), .init(inserting: "!", at: 6)])
        let overlapping = FixIt("overlapping", edits: [.init(2..<4, "Y")])
        let sameInsertion = FixIt("same place", edits: [.init(inserting: "?", at: 6)])
        let later = FixIt("later", edits: [.init(inserting: "Z", at: 4)])
        let result = FixIt.apply([first, first, overlapping, sameInsertion, later], to: bytes)
        #expect(String(decoding: result.bytes, as: UTF8.self) == "aXdZef!")
        #expect(result.applied == 2)
    }

    /// Fixing converges: no fix-it is left in the fixed file of any fixture or example,
    /// and a file without fix-its is left byte for byte.
    @Test(arguments: Paths.machineFiles)
    func fixingLeavesNoFixIt(path: String) {
        let file = SourceFile(name: path, bytes: readBytes(Paths.repository + "/" + path))
        let hadFixIts = Compiler.check(file).diagnostics.contains { $0.fixIt != nil }
        let fixed = Compiler.fix(file)
        #expect(fixed.result.diagnostics.allSatisfy { $0.fixIt == nil })
        #expect(hadFixIts == (fixed.applied > 0))
        if !hadFixIts { #expect(fixed.bytes == file.bytes) }
    }
}

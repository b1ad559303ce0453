import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc format`'s layout rules, one case each, and its promises on every real file:
/// idempotent, meaning-preserving, every comment kept.
@Suite struct SourceFormatterTests {
    static func format(_ source: String) -> String? {
        SourceFormatter.format(SourceFile(name: "test.sm", text: source)).text
    }

    @Test(arguments: [
        // Literal arguments and `Action:` headers with argument labels and a return type are
        // written back as given, blanks normalised; `//` inside a string is no comment.
        (
            "FSM: T\nInitial: A\nAction:  emit( _  s :  St ,to  p : Int? )->Int\n{\n  A <show( \"a // b\" ) {E A {emit(.a,-1) f( \"x\\\"y\" ,1.5 ,nil,true)} // real\n  }\n}",
            """
            FSM: T
            Initial: A
            Action: emit(_ s: St, to p: Int?) -> Int
            {
              A <show("a // b") {
                E  A  {emit(.a, -1) f("x\\"y", 1.5, nil, true)}  // real
              }
            }

            """
        ),
        // Headers `Name: value`; states indented by two, rows by four; `{` after the state;
        // one row per line, in columns; `*` written `-`; action lists `{a b}`; a state
        // written on one line stays on one line.
        (
            "FSM:T\nInitial :  A\n{\nA{Coin B *\n  LongerEvent   *   {a   b}}\nB Coin A -\n}",
            """
            FSM: T
            Initial: A
            {
              A {
                Coin         B  -
                LongerEvent  -  {a b}
              }
              B  Coin  A  -
            }

            """
        ),
        // Every block kind; nested rows absorb their indentation in the first column, so the
        // next-state and action columns line up through the whole state; guards
        // `[Type = a | b, condition]`; multi-event rows `A | B`; `* * *` written `- - -`.
        (
            """
            FSM: E
            Initial: L
            Predicate: Mode = on|off
            {
              L { Coin U - [Mode=on,ok]{ Pass L smile } Pass|Kick { [Mode = off] - - } override { Reset L - } }
              U * * *
            }
            """,
            """
            FSM: E
            Initial: L
            Predicate: Mode = on | off
            {
              L {
                Coin            U  -
                [Mode = on, ok] {
                  Pass          L  smile
                }
                Pass | Kick {
                  [Mode = off]  -  -
                }
                override {
                  Reset         L  -
                }
              }
              U  - - -
            }

            """
        ),
        // Consecutive one-row states align in four columns; a state with braces ends the run.
        (
            """
            Initial: Locked
            FSM: Turnstile
            {
              Locked Coin Unlocked unlock
              Locked Pass Locked alarm
              (Base) : Other <{a b} >c Reset Locked -
              Unlocked { Coin Unlocked thankyou }
              Unlocked Pass Locked lock
            }
            """,
            """
            Initial: Locked
            FSM: Turnstile
            {
              Locked                    Coin   Unlocked  unlock
              Locked                    Pass   Locked    alarm
              (Base) : Other <{a b} >c  Reset  Locked    -
              Unlocked {
                Coin  Unlocked  thankyou
              }
              Unlocked  Pass  Locked  lock
            }

            """
        ),
        // Modifiers keep their order and form; a block that is a whole state body stays
        // after the state; the placeholder inside braces stays on its own line.
        (
            """
            FSM: M
            Initial: A
            {
              A >x : S <y <{z w} Go { [c] B - }
              (S) { - - - }
              B : S - - -
            }
            """,
            """
            FSM: M
            Initial: A
            {
              A >x : S <y <{z w} Go {
                [c]  B  -
              }
              (S) {
                - - -
              }
              B : S  - - -
            }

            """
        ),
    ])
    func layout(source: String, expected: String) {
        #expect(Self.format(source) == expected)
    }

    @Test func commentsStayWhereTheyWere() {
        let source = """
            // Header comment

            // second paragraph
            FSM: C   // the name
            Initial: A
            {


              // about A


              A <enter { // trailing after brace

                Coin B - // trailing after row
                Pass B {one   // inside an action list
                         two}
                // before the closing brace

              }   // after the closing brace
              B
              // between name and brace
              {
                Coin A -
              }
              C {
                // only a comment
              }
              D {}
            }
            // after the body

            // the very end
            """
        #expect(
            Self.format(source) == """
                // Header comment

                // second paragraph
                FSM: C  // the name
                Initial: A
                {
                  // about A

                  A <enter {  // trailing after brace
                    Coin  B  -          // trailing after row
                    Pass  B  {one two}  // inside an action list
                    // before the closing brace
                  }  // after the closing brace
                  // between name and brace
                  B {
                    Coin  A  -
                  }
                  C {
                    // only a comment
                  }
                  D {}
                }
                // after the body

                // the very end

                """)
    }

    @Test func commentsOnLinesOfTheirOwnInsideARowMoveAboveIt() {
        let source =
            "FSM: C\nInitial: A\n{\n  A {\n    Pass A -\n\n    Go // one\n\n    // two\n    B - // three\n  }\n}\n"
        #expect(
            Self.format(source) == """
                FSM: C
                Initial: A
                {
                  A {
                    Pass  A  -

                    // one
                    // two
                    Go    B  -  // three
                  }
                }

                """)
    }

    @Test func commentBytesAreKeptExactlyExceptTrailingBlanks() throws {
        var bytes = Array("\u{FEFF}FSM: C\r\nInitial: A\r\n{\r\n\tA Go A - // caf\u{E9} ".utf8)
        bytes += [0xFF, 0x20, 0x0D, 0x0A] + Array("}\r\n".utf8)
        let result = SourceFormatter.format(SourceFile(name: "test.sm", bytes: bytes))
        let formatted = try #require(result.bytes)
        #expect(
            formatted == Array("FSM: C\nInitial: A\n{\n  A  Go  A  -  // caf\u{E9} ".utf8) + [0xFF]
                + Array("\n}\n".utf8))
    }

    @Test func filesWithSyntaxErrorsAreNotFormatted() {
        let result = SourceFormatter.format(SourceFile(name: "test.sm", text: "FSM: C\nInitial: A\n{\n  A Go\n}\n"))
        #expect(result.bytes == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "test.sm:5:1: error: expected a next state or '-', found '}' [syntaxError]"
            ])
    }

    @Test func semanticErrorsDoNotStopFormatting() {
        #expect(
            Self.format("FSM: C\nInitial: A\n{ A Go Nowhere - }") == "FSM: C\nInitial: A\n{\n  A  Go  Nowhere  -\n}\n")
    }

    /// Arguments of entry and exit actions are an error of the check, so the formatter
    /// keeps them, spaced as a row action's are, and the syntax tree is the same after.
    @Test func entryAndExitArgumentsAreKept() throws {
        let source = "FSM: C\nInitial: A\n{ A <on( x ) >{a off(x,y)} { Go A - } }"
        let formatted = try #require(Self.format(source))
        #expect(formatted == "FSM: C\nInitial: A\n{\n  A <on(x) >{a off(x, y)} {\n    Go  A  -\n  }\n}\n")
        let before = Parser.parse(SourceFile(name: "a.sm", text: source)).syntax.description
        let after = Parser.parse(SourceFile(name: "a.sm", text: formatted)).syntax.description
        #expect(before == after && before.contains("<{on(x)} >{a off(x, y)}"))
    }

    // MARK: Every example and wild file

    static var files: [String] { Paths.machineFiles }

    static func source(_ path: String) -> SourceFile {
        SourceFile(name: String(path.split(separator: "/").last!), bytes: readBytes(Paths.repository + "/" + path))
    }

    @Test func everyExampleAndWildFileIsCovered() {
        #expect(Self.files.contains("Examples/Turnstile/Turnstile.sm"))
        #expect(Self.files.contains("Tests/FSMCompilerTests/Fixtures/Wild/ice.sm"))
        #expect(Self.files.count >= 12)
    }

    /// The examples are what users copy: each is as `fsmc format` writes it (`.ci/run`
    /// checks the same with `fsmc format --check`).
    @Test(arguments: files.filter { $0.hasPrefix("Examples/") })
    func everyExampleIsFormatted(path: String) throws {
        let source = Self.source(path)
        #expect(SourceFormatter.format(source).bytes == source.bytes)
    }

    @Test(arguments: files)
    func formattingIsIdempotent(path: String) throws {
        let source = Self.source(path)
        let first = SourceFormatter.format(source)
        guard let once = first.bytes else {
            #expect(first.diagnostics.hasErrors)
            return
        }
        let twice = SourceFormatter.format(SourceFile(name: source.name, bytes: once))
        #expect(twice.bytes == once)
    }

    @Test(arguments: files)
    func formattingKeepsTheMeaning(path: String) throws {
        let source = Self.source(path)
        let result = SourceFormatter.format(source)
        let before = Compiler.check(source)
        guard let bytes = result.bytes else {
            // Syntax errors: nothing is written, and the errors are the checker's.
            #expect(result.diagnostics == before.diagnostics)
            return
        }
        let after = Compiler.check(SourceFile(name: source.name, bytes: bytes))
        if let machine = before.machine {
            let formattedMachine = try #require(after.machine)
            #expect(TransitionTable.text(formattedMachine) == TransitionTable.text(machine))
        } else {
            #expect(after.machine == nil)
        }
        #expect(after.diagnostics.map(\.id) == before.diagnostics.map(\.id))
        #expect(
            Parser.parse(SourceFile(name: source.name, bytes: bytes)).syntax.description
                == Parser.parse(source).syntax.description)
    }

    @Test(arguments: files)
    func formattingKeepsEveryComment(path: String) throws {
        let source = Self.source(path)
        guard let bytes = SourceFormatter.format(source).bytes else { return }
        let before = CommentScanner.scan(source).map(\.bytes)
        let after = CommentScanner.scan(SourceFile(name: source.name, bytes: bytes)).map(\.bytes)
        #expect(after == before)
    }

    /// Without comments and blank lines, the input's layout does not matter: all tokens on
    /// one line, or each on a line of its own, format as the file itself does.
    @Test(arguments: files)
    func theLayoutOfTheInputDoesNotMatter(path: String) throws {
        let source = Self.source(path)
        let withoutComments = String(decoding: source.bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.components(separatedBy: "//")[0] }.joined(separator: "\n")
        guard let expected = Self.format(withoutComments) else { return }
        // A row action's '(' must touch its name (`setLevel(level)`), and a literal's pieces
        // each other (`-0.5`, `.dim`), so they stay glued on.
        var tokens: [String] = []
        var previous: Token?
        for token in Lexer.lex(source).dropLast() {
            if let previous, token.location.line == previous.location.line,
                token.location.column == previous.location.column + previous.text.utf8.count,
                token.kind == .openParen || token.kind == .dot || previous.kind == .dot
                    || (previous.kind == .dash && token.kind == .name && token.text.first!.isNumber)
            {
                tokens[tokens.count - 1] += token.text
            } else {
                tokens.append(token.text)
            }
            previous = token
        }
        let expectedWithoutBlankLines = expected.split(separator: "\n").joined(separator: "\n") + "\n"
        #expect(Self.format(tokens.joined(separator: " ")) == expectedWithoutBlankLines)
        #expect(Self.format(tokens.joined(separator: "\n")) == expectedWithoutBlankLines)
        #expect(Self.format(tokens.joined(separator: "\t\r\n  ")) == expectedWithoutBlankLines)
    }

    /// Comments and line breaks between any two tokens: every comment is kept in order, the
    /// meaning is kept, and formatting the result again changes nothing.
    @Test(arguments: [
        "Examples/EnforcedTurnstile/EnforcedTurnstile.sm", "Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm",
    ])
    func commentsAnywhereAreKept(path: String) throws {
        let source = Self.source(path)
        let tokens = Lexer.lex(source).dropLast().map(\.text)
        let expectedTable = TransitionTable.text(try #require(Compiler.check(source).machine))
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for variant in 0..<20 {
            var text = ""
            var count = 0
            for token in tokens {
                text += token
                switch next(8) {
                case 0:
                    text += " // c\(count)\n"
                    count += 1
                case 1:
                    text += "\n  // c\(count)\n\n"
                    count += 1
                case 2: text += "\n"
                case 3: text += "\n\n\n"
                default: text += " "
                }
            }
            let result = try #require(
                SourceFormatter.format(SourceFile(name: "v.sm", text: text)).text, "variant \(variant)")
            #expect(
                CommentScanner.scan(SourceFile(name: "v.sm", text: result)).map(\.text)
                    == (0..<count).map { "// c\($0)" })
            #expect(Self.format(result) == result, "variant \(variant) is not stable:\n\(result)")
            #expect(
                Compiler.check(SourceFile(name: "v.sm", text: result)).machine.map { TransitionTable.text($0) }
                    == expectedTable)
        }
    }

    @Test(arguments: files)
    func formattedFilesFollowTheLayoutRules(path: String) throws {
        guard let text = SourceFormatter.format(Self.source(path)).text else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
        #expect(!text.hasPrefix("\n"))
        #expect(!text.contains("\n\n\n"))
        #expect(!text.contains("{\n\n") && !text.contains("\n\n}") && !text.contains("\t") && !text.contains("\r"))
        for (number, line) in lines.enumerated() {
            #expect(line.last != " ", "trailing blank in \(path): '\(line)'")
            let indentation = line.prefix { $0 == " " }.count
            // Indentation is in steps of two, except for a guardless row of an event block,
            // which starts in the next-state column of the row above it.
            let above = number > 0 ? Array(lines[number - 1]) : []
            let isAligned =
                indentation > 0 && indentation < above.count && above[indentation] != " "
                && above[indentation - 1] == " "
            #expect(indentation % 2 == 0 || isAligned, "odd indentation in \(path): '\(line)'")
            let code = line.components(separatedBy: "//")[0]
            #expect(!code.contains("*"), "'*' left in \(path): '\(line)'")
        }
    }
}

/// Comments as the lexer skips them: where they start, and whether code comes before them.
@Suite struct CommentScannerTests {
    @Test func findsEveryCommentWithItsLocation() {
        let file = SourceFile(name: "c.sm", text: "// one\nFSM: A // two\n  //three\t \n{}//four")
        let comments = CommentScanner.scan(file)
        #expect(comments.map(\.text) == ["// one", "// two", "//three", "//four"])
        #expect(comments.map(\.location.description) == ["c.sm:1:1", "c.sm:2:8", "c.sm:3:3", "c.sm:4:3"])
        #expect(comments.map(\.isOnOwnLine) == [true, false, true, false])
    }

    @Test func countsColumnsAsTheLexerDoes() {
        let file = SourceFile(name: "c.sm", bytes: Array("\u{FEFF}// a\n\u{E9} // b".utf8))
        #expect(CommentScanner.scan(file).map(\.location.column) == [1, 4])
        #expect(Lexer.lex(SourceFile(name: "c.sm", bytes: Array("\u{FEFF}A".utf8)))[0].location.column == 1)
    }
}

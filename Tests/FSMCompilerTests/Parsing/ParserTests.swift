import FSMCompiler
import FSMTestSupport
import Testing

/// The parser: every rule of Grammar/fsm.ebnf through the compact printed form of the
/// syntax tree, every syntax error with its exact line, and recovery.
@Suite struct ParserTests {
    static let headers = "FSM: F\nInitial: S\n"

    /// The printed syntax tree, which must come with no diagnostics.
    static func printed(_ source: String) -> String {
        let (syntax, diagnostics) = Parser.parse(SourceFile(name: "test.sm", text: source))
        #expect(diagnostics == [])
        return syntax.description
    }

    /// The printed form of the states of `body`, after the standard headers.
    static func printedBody(_ body: String) -> [String] {
        printed(headers + "{\n" + body + "\n}").split(separator: "\n").dropFirst(2).map(String.init)
    }

    // MARK: Grammar

    @Test(arguments: [
        // file = { header } , body ;
        ("{}", ""),
        ("FSM: F {}", "FSM:F"),
        (
            "FSM: Turnstile\nInitial: Locked\nActions: TurnstileActions\n{}",
            "FSM:Turnstile\nInitial:Locked\nActions:TurnstileActions"
        ),
        // header = NAME , ":" , NAME , [ "=" , caseList ] ; names keep their spelling.
        ("fsm: f\ninitial: s\nEntryExit: onChange\n{}", "fsm:f\ninitial:s\nEntryExit:onChange"),
        (
            "Predicate: Enforcement = weak | strong\nPredicate: One = only\n{}",
            "Predicate:Enforcement=weak|strong\nPredicate:One=only"
        ),
        // Headers are parsed whatever their names; which ones exist is checked later.
        ("Colour: red = a\n{}", "Colour:red=a"),
        // header = NAME , ":" , NAME , { NAME } , … ; a NAME before ":" starts the next header.
        ("Async: load save isReady\nObservable: true\n{}", "Async:load save isReady\nObservable:true"),
        ("Async: load\nsave: x\n{}", "Async:load\nsave:x"),
        // parameters = "(" , NAME , ":" , type , { "," , … } , ")" ; types printed with
        // normalised spacing.
        ("Event: Loaded(duration : Double,title:String?)\n{}", "Event:Loaded(duration:Double,title:String?)"),
        (
            "Event: E(a: [ String : [Int] ]?, b: Foundation.Date, c: any Error & Sendable, d: Swift.Result<Int,any Error>, e: (x: Int, Int)!)\n{}",
            "Event:E(a:[String: [Int]]?,b:Foundation.Date,c:any Error & Sendable,d:Swift.Result<Int, any Error>,e:(x: Int, Int)!)"
        ),
        // Comments and blanks anywhere.
        ("// a machine\nFSM : F // the name\n{ // body\n}\n// end", "FSM:F"),
    ])
    func headersAndFile(source: String, expected: String) {
        #expect(Self.printed(source) == expected)
    }

    @Test(arguments: [
        // stateName = NAME | "(" , NAME , ")" ; an empty state body.
        ("S {}", ["S {}"]),
        ("(Base) {}", ["(Base) {}"]),
        ("( Base ) {}", ["(Base) {}"]),
        // modifier = ":" , NAME | "<" , actionNames | ">" , actionNames ;
        ("S : A {}", ["S :A {}"]),
        ("S : A : B : C {}", ["S :A :B :C {}"]),
        ("S <enter {}", ["S <{enter} {}"]),
        ("S >leave {}", ["S >{leave} {}"]),
        ("S <{a b} >{c d} {}", ["S <{a b} >{c d} {}"]),
        ("S <{} >{} {}", ["S <{} >{} {}"]),
        // Modifiers in any order; several '<' or '>' add up in order.
        ("S >x : A <y : B <z >{w} {}", ["S :A :B <{y z} >{x w} {}"]),
        ("(Base) : Root <{a} {}", ["(Base) :Root <{a} {}"]),
        // Uncle Bob's turnstile with a superstate and entry and exit actions, in CC_SMC's
        // language.
        (
            """
            (Resetable) {
              Reset  Locked  {alarmOff lock}
            }
            Locked : Resetable <lock {
              Coin   Unlocked  -
              Pass   Alarming  -
            }
            Unlocked : Resetable <unlock {
              Coin   -         thankyou
              Pass   Locked    -
            }
            Alarming : Resetable <alarmOn >alarmOff - - -
            """,
            [
                "(Resetable) {Reset Locked {alarmOff lock}}",
                "Locked :Resetable <{lock} {Coin Unlocked {} Pass Alarming {}}",
                "Unlocked :Resetable <{unlock} {Coin - {thankyou} Pass Locked {}}",
                "Alarming :Resetable <{alarmOn} >{alarmOff} {- - -}",
            ]
        ),
    ])
    func stateSpecs(body: String, expected: [String]) {
        #expect(Self.printedBody(body) == expected)
    }

    @Test(arguments: [
        // stateBody = "{" , { bodyItem } , "}" | placeholder | item ;
        ("S { E T a }", ["S {E T {a}}"]),
        ("S E T a", ["S {E T {a}}"]),
        ("S - - -", ["S {- - -}"]),
        ("S * * *", ["S {- - -}"]),
        ("S { - - - }", ["S {- - -}"]),
        ("S { * - * }", ["S {- - -}"]),
        ("S : B <a >b - - -", ["S :B <{a} >{b} {- - -}"]),
        // Entry and exit actions with arguments are kept for the checks to report (and for
        // `fsmc format`); a "(" after one opens its arguments even after a blank.
        ("S <on(x) >{a off(x, y) b()} - - -", ["S <{on(x)} >{a off(x, y) b()} {- - -}"]),
        ("S <on (x) <{ up ( y ) } - - -", ["S <{on(x) up(y)} {- - -}"]),
        // call = … | "^" , NAME ; a raised event, in rows, entry and exit lists and initial rows.
        (
            "S <^Ready >{a ^Gone} { E T {save ^Saved}  F T ^Done  G T ^ Spaced }",
            [
                "S <{^Ready} >{a ^Gone} {E T {save ^Saved} F T {^Done} G T {^Spaced}}"
            ]
        ),
        ("(P) { - A ^Entered }\nA : P - - -", ["(P) {- A {^Entered}}", "A :P {- - -}"]),
        // target = NAME , [ values ] ; values of a data state, a rewrite '-(…)', fork targets'
        // and initial rows' values; a value is a label, a literal or a computing call.
        (
            "S { E T(a: 0, b: x, c: f(x, 2), d: .up, e: \"s\") go  F -(a: g(a)) -  G A(x: 1) & B(y: -2) - }",
            ["S {E T(a: 0, b: x, c: f(x, 2), d: .up, e: \"s\") {go} F -(a: g(a)) {} G A(x: 1)&B(y: -2) {}}"]
        ),
        ("(P) { - A(x: 0) - }\nA : P - - -", ["(P) {- A(x: 0) {}}", "A :P {- - -}"]),
        // After a next state, a "(" on the next line starts an abstract state.
        ("S E T -\n(B) - - -", ["S {E T {}}", "(B) {- - -}"]),
        // After a raised event, a "(" on the next line starts an abstract state.
        ("S E T ^Done\n(B) - - -", ["S {E T {^Done}}", "(B) {- - -}"]),
        ("S E T a\nT F S b", ["S {E T {a}}", "T {F S {b}}"]),
        // The single item may be a block or a guarded row.
        ("S E { T a }", ["S {E {T {a}}}"]),
        ("S [c] { E T a }", ["S {[c] {E T {a}}}"]),
        ("S E [c] T a", ["S {E [c] T {a}}"]),
        // A state written twice is two specs in the tree.
        ("S { E T a }\nS { F T b }", ["S {E T {a}}", "S {F T {b}}"]),
    ])
    func stateBodies(body: String, expected: [String]) {
        #expect(Self.printedBody(body) == expected)
    }

    @Test(arguments: [
        // row = events , [ guard ] , nextState , action ;
        ("E T a", "E T {a}"),
        ("E - a", "E - {a}"),
        ("E * a", "E - {a}"),
        ("E T -", "E T {}"),
        ("E T *", "E T {}"),
        ("E - -", "E - {}"),
        // action = NAME | dash | "{" , { NAME } , "}" ;
        ("E T {a b c}", "E T {a b c}"),
        ("E T {}", "E T {}"),
        ("E T { a }", "E T {a}"),
        // events = event , { "|" , event } ;
        ("Coin | Pass Unlocked unlock", "Coin|Pass Unlocked {unlock}"),
        ("A|B|C - -", "A|B|C - {}"),
        // event = NAME | "after" , "(" , NAME , ")" ; a delayed event, named as fsmc writes it.
        ("after(30s) Failed showTimeout", "after(30s) Failed {showTimeout}"),
        ("after ( 500ms ) [isSlow] - -", "after(500ms) [isSlow] - {}"),
        ("Cancel | after(2min) Idle -", "Cancel|after(2min) Idle {}"),
        ("after(1h) { [c] A -  B - }", "after(1h) {[c] A {} B {}}"),
        // `after` alone is an ordinary event, and an action.
        ("after Idle after", "after Idle {after}"),
        // guard = "[" , [ term , { "," , term } ] , "]" ; term = NAME , [ "=" , caseList ] ;
        ("Pass [Enforcement = weak] Locked smile", "Pass [Enforcement=weak] Locked {smile}"),
        (
            "Pass [Enforcement = weak | strong, Reward = positive, isRushHour] Locked smile",
            "Pass [Enforcement=weak|strong,Reward=positive,isRushHour] Locked {smile}"
        ),
        ("Pass [isRushHour, isOpen] - -", "Pass [isRushHour,isOpen] - {}"),
        // call = NAME , [ "(" , labels , ")" ] : actions and conditions with arguments.
        (
            "Loaded [isEnough(amount, title), !isOld(when)] A {setDuration(duration) play clear()}",
            "Loaded [isEnough(amount,title),!isOld(when)] A {setDuration(duration) play clear()}"
        ),
        // term = "!" , NAME : a negated condition.
        ("Pass [!isRushHour, Enforcement = weak, ! isOpen] - -", "Pass [!isRushHour,Enforcement=weak,!isOpen] - {}"),
        ("Pass [] - -", "Pass [] - {}"),
        ("Coin | Pass [A = x] T {a b}", "Coin|Pass [A=x] T {a b}"),
        // eventBlock = events , "{" , { eventItem } , "}" ;
        (
            "Pass { [Enforcement = weak] Locked smile   [Enforcement = strong] Alarming - }",
            "Pass {[Enforcement=weak] Locked {smile} [Enforcement=strong] Alarming {}}"
        ),
        ("Pass { Locked smile }", "Pass {Locked {smile}}"),
        ("Pass { - - }", "Pass {- {}}"),
        ("Coin | Pass { [c] T a }", "Coin|Pass {[c] T {a}}"),
        ("E {}", "E {}"),
        // eventGuardBlock = guard , "{" , { eventItem } , "}" ;
        ("E { [A = x] { [B = y] T a   T b }   [c] U - }", "E {[A=x] {[B=y] T {a} T {b}} [c] U {}}"),
        // guardBlock = guard , "{" , { item } , "}" ; nested guards.
        (
            "[Enforcement = weak] { Coin Unlocked a   Pass Alarming b }",
            "[Enforcement=weak] {Coin Unlocked {a} Pass Alarming {b}}"
        ),
        ("[A = x] { [B = y] { E T a } F [c] U - }", "[A=x] {[B=y] {E T {a}} F [c] U {}}"),
        ("[A = x] { E { [B = y] T a } }", "[A=x] {E {[B=y] T {a}}}"),
        ("[c] {}", "[c] {}"),
        ("[] { E T a }", "[] {E T {a}}"),
        // overrideBlock = "override" , "{" , { item } , "}" ;
        ("override { Reset Locked beGrumpy }", "override {Reset Locked {beGrumpy}}"),
        ("override { E { [c] T a } [A = x] { F U b } G - - }", "override {E {[c] T {a}} [A=x] {F U {b}} G - {}}"),
        ("override {}", "override {}"),
        // 'override' is a keyword only when '{' follows it.
        ("override T a", "override T {a}"),
        ("E override -", "E override {}"),
        ("override [c] T a", "override [c] T {a}"),
        ("override | E T a", "override|E T {a}"),
        ("E { override a }", "E {override {a}}"),
    ])
    func items(item: String, expected: String) {
        #expect(Self.printedBody("S { \(item) }") == ["S {\(expected)}"])
    }

    @Test func everyItemKindInOneBody() {
        #expect(
            Self.printedBody(
                """
                Locked : Base <lock >{beep} {
                  - - -
                  Coin   Unlocked  unlock
                  Coin | Pass [Enforcement = weak | strong, isOpen] Locked {smile wave}
                  Pass { [Enforcement = weak] Locked smile   [Enforcement = strong] { [isLate] Alarming - } }
                  [Reward = positive] { Coin - thankyou   [isRushHour] { Pass Locked - } }
                  override { Reset Locked beGrumpy   [c] { Kick - - } }
                }
                """) == [
                    "Locked :Base <{lock} >{beep} {- - - Coin Unlocked {unlock} "
                        + "Coin|Pass [Enforcement=weak|strong,isOpen] Locked {smile wave} "
                        + "Pass {[Enforcement=weak] Locked {smile} [Enforcement=strong] {[isLate] Alarming {}}} "
                        + "[Reward=positive] {Coin - {thankyou} [isRushHour] {Pass Locked {}}} "
                        + "override {Reset Locked {beGrumpy} [c] {Kick - {}}}}"
                ])
    }

    @Test func locationsOfRowsAndNames() throws {
        let source = Self.headers + "{\n  S : B <a {\n    Coin | Pass [P = x] T act\n    E { [c] - - }\n  }\n}"
        let (syntax, _) = Parser.parse(SourceFile(name: "test.sm", text: source))
        let state = try #require(syntax.states.first)
        #expect(syntax.bodyLocation.description == "test.sm:3:1")
        #expect(state.name.location.description == "test.sm:4:3")
        #expect(state.superstates.map(\.location.description) == ["test.sm:4:7"])
        #expect(state.entry?.location.description == "test.sm:4:9")
        guard case .row(let row) = state.items[0], case .eventBlock(_, let items, let blockAt, _) = state.items[1],
            case .row(let inner) = items[0]
        else {
            Issue.record("unexpected items \(state.items)")
            return
        }
        #expect(row.location.description == "test.sm:5:5")
        #expect(row.events.map(\.location.description) == ["test.sm:5:5", "test.sm:5:12"])
        #expect(row.guardClause?.location.description == "test.sm:5:17")
        #expect(row.nextStateLocation.description == "test.sm:5:25")
        #expect(blockAt.description == "test.sm:6:5")
        // A row inside an event block starts at its guard, or at its next state.
        #expect(inner.location.description == "test.sm:6:9")
        #expect(inner.nextStateLocation.description == "test.sm:6:13")
    }

    /// Each construct's span takes exactly its own tokens, which the formatter relies on
    /// to keep comments with their code.
    @Test func tokenSpansTakeEachConstructsTokens() throws {
        let source =
            "FSM: F\nInitial: S\n{\n  (S) : B <a <{b c} >d {\n    Coin | Pass [P = x] T {act}\n"
            + "    E { [c] - - }\n    override { F - * }\n    - - -\n  }\n  T E S -\n}\n"
        let file = SourceFile(name: "test.sm", text: source)
        let tokens = Lexer.lex(file)
        let (syntax, diagnostics) = Parser.parse(file)
        #expect(diagnostics.isEmpty)
        func text(_ span: TokenSpan) -> String { tokens[span.tokens].map(\.text).joined(separator: " ") }
        #expect(syntax.headers.map { text($0.tokens) } == ["FSM : F", "Initial : S"])
        let body = try #require(syntax.bodyTokens)
        #expect(body.start == body.openBrace && tokens[body.start].kind == .openBrace)
        #expect(body.end == tokens.count - 1 && tokens[body.end - 1].kind == .closeBrace)
        let (state, oneLine) = (syntax.states[0], syntax.states[1])
        #expect(
            text(state.tokens).hasPrefix("( S ) : B < a < { b c } > d {") && text(state.tokens).hasSuffix("- - - }"))
        #expect(state.tokens.openBrace.map { tokens[$0].location.description } == "test.sm:4:24")
        #expect(state.modifiers.map(\.isBraced) == [false, false, true, false])
        #expect(state.entry?.names.map(\.text) == ["a", "b", "c"])
        #expect(
            state.items.map { text($0.tokens) } == [
                "Coin | Pass [ P = x ] T { act }", "E { [ c ] - - }", "override { F - * }", "- - -",
            ])
        #expect(state.items.map { $0.tokens.openBrace.map { tokens[$0].text } } == [nil, "{", "{", nil])
        #expect(text(oneLine.tokens) == "T E S -" && oneLine.tokens.openBrace == nil)
        guard case .row(let row) = state.items[0], case .eventBlock(_, let items, _, _) = state.items[1],
            case .row(let inner) = items[0]
        else {
            Issue.record("unexpected items \(state.items)")
            return
        }
        #expect(row.hasBracedActions && !inner.hasBracedActions)
        #expect(text(inner.tokens) == "[ c ] - -")
    }

    // MARK: Syntax errors

    /// The diagnostics of a file with the standard headers and `body` between braces
    /// that start on line 3; so the body's first line is line 4.
    static func bodyDiagnostics(_ body: String) -> [String] {
        diagnosticLines(compiling: headers + "{\n" + body + "\n}")
    }

    @Test(arguments: [
        // Headers.
        (
            "FSM Turnstile\n{}",
            [
                "1:5: error: expected ':' after header 'FSM', found 'Turnstile'; headers are written 'Name: value' [syntaxError]"
            ]
        ),
        (
            "FSM: {}",
            ["1:6: error: expected a value for header 'FSM', found '{' [syntaxError]"]
        ),
        (
            "FSM: F\nPredicate: P = {}",
            ["2:16: error: expected a case name, found '{' [syntaxError]"]
        ),
        (
            "FSM: F\nPredicate: P = a | {}",
            ["2:20: error: expected a case name after '|', found '{' [syntaxError]"]
        ),
        (
            "FSM: F\nInitial: S\n",
            ["3:1: error: expected a header or '{' to open the body, found end of file [syntaxError]"]
        ),
        (
            "FSM: F\nInitial: S\n[]",
            ["3:1: error: expected a header or '{' to open the body, found '[' [syntaxError]"]
        ),
        (
            "",
            ["1:1: error: expected a header or '{' to open the body, found end of file [syntaxError]"]
        ),
        // After the body.
        (
            "FSM: F\nInitial: S\n{ S - - - }\nT - - -",
            ["4:1: error: expected end of file after the body's closing '}', found 'T' [syntaxError]"]
        ),
        (
            "FSM: F\nInitial: S\n{ S - - - } }",
            ["3:13: error: expected end of file after the body's closing '}', found '}' [syntaxError]"]
        ),
    ])
    func headerAndFileErrors(source: String, expected: [String]) {
        #expect(diagnosticLines(compiling: source) == expected)
    }

    @Test(arguments: [
        (": {}", ["4:1: error: expected a state name, found ':' [syntaxError]"]),
        ("( {}", ["4:3: error: expected an abstract state name, found '{' [syntaxError]"]),
        ("(Base {}", ["4:7: error: expected ')' after abstract state 'Base', found '{' [syntaxError]"]),
        ("S : {}", ["4:5: error: expected a superstate name after ':', found '{' [syntaxError]"]),
        ("S < : {}", ["4:5: error: expected an entry action or '{', found ':' [syntaxError]"]),
        ("S > - {}", ["4:5: error: expected an exit action or '{', found '-' [syntaxError]"]),
        ("S <{a :} {}", ["4:7: error: expected an action name or '}', found ':' [syntaxError]"]),
        ("S ]", ["4:3: error: expected '{' or a transition after state 'S', found ']' [syntaxError]"]),
        ("S", ["5:1: error: expected '{' or a transition after state 'S', found '}' [syntaxError]"]),
        ("S { ) }", ["4:5: error: expected a transition, found ')' [syntaxError]"]),
        ("S { E { ( } }", ["4:9: error: expected a transition, found '(' [syntaxError]"]),
        (
            "S { [c] T a }",
            [
                "4:9: error: expected '{' after the guard, found 'T'; a row starts with its event, as in 'Coin [A = x] Next action' [syntaxError]"
            ]
        ),
        ("S { E ) }", ["4:7: error: expected a next state or '-', found ')' [syntaxError]"]),
        ("S { E [c] }", ["4:11: error: expected a next state or '-', found '}' [syntaxError]"]),
        ("S { E | { } }", ["4:9: error: expected an event name after '|', found '{' [syntaxError]"]),
        ("S { E [a b] T x }", ["4:10: error: expected ',' or ']' in the guard, found 'b' [syntaxError]"]),
        ("S { E [a, ] T x }", ["4:11: error: expected a predicate type or condition, found ']' [syntaxError]"]),
        ("S { E [!] T x }", ["4:9: error: expected a condition after '!', found ']' [syntaxError]"]),
        (
            "S { E T f(a b) }",
            ["4:13: error: expected ',' or ')' in the arguments of 'f', found 'b' (the '(' is at 4:10) [syntaxError]"]
        ),
        // The arguments of entry and exit actions parse as a row action's do.
        (
            "S <on(x { E S - }",
            ["4:9: error: expected ',' or ')' in the arguments of 'on', found '{' (the '(' is at 4:6) [syntaxError]"]
        ),
        (
            "S >{a off(-)} { E S - }",
            ["4:11: error: expected an argument of 'off' (a label or a literal), found '-' [syntaxError]"]
        ),
        // Literal arguments: numbers, members and strings, each malformed.
        (
            "S { E S f(-3x) }",
            ["4:12: error: '3x' is not a number; a number is digits, as in '30' or '1.5' [syntaxError]"]
        ),
        (
            "S { E S f(1.x) }",
            ["4:11: error: '1.x' is not a number; a decimal is digits, '.', digits, as in '1.5' [syntaxError]"]
        ),
        (
            "S { E S f(- 1) }",
            ["4:11: error: expected an argument of 'f' (a label or a literal), found '-' [syntaxError]"]
        ),
        (
            "S { E S f(. a) }",
            ["4:11: error: expected an argument of 'f' (a label or a literal), found '.' [syntaxError]"]
        ),
        (
            "S { E S f(.2) }",
            [
                "4:11: error: '.2' is not a member name; write a static member or enum case, as in '.connected' [syntaxError]"
            ]
        ),
        (
            #"S { E S f("a\nb") }"#,
            [
                #"4:13: error: a string argument allows only the escapes '\"' and '\\'; write other characters as they are, or pass the text from a computed value [syntaxError]"#
            ]
        ),
        (
            "S { E S f(\"ab) }",
            [
                "4:11: error: unterminated string; a string argument ends with '\"' on its own line (and holds valid UTF-8) [syntaxError]"
            ]
        ),
        ("S { E \"x\" S - }", ["4:7: error: expected a next state or '-', found '\"x\"' [syntaxError]"]),
        (
            "S { E [!A = x] T x }",
            [
                "4:11: error: '!' negates a condition; a predicate match takes the cases it allows, as in 'A = a | b' [syntaxError]"
            ]
        ),
        ("S { E [A = ] T x }", ["4:12: error: expected a case name, found ']' [syntaxError]"]),
        ("S { E [A = x |] T x }", ["4:15: error: expected a case name after '|', found ']' [syntaxError]"]),
        ("S { E T ) }", ["4:9: error: expected an action, '-' or '{', found ')' [syntaxError]"]),
        ("S { E T {a -} }", ["4:12: error: expected an action name or '}', found '-' [syntaxError]"]),
        ("S { after() S - }", ["4:11: error: expected a duration, as in 'after(30s)', found ')' [syntaxError]"]),
        ("S { after(-1s) S - }", ["4:11: error: expected a duration, as in 'after(30s)', found '-' [syntaxError]"]),
        (
            "S { after(30s S - }",
            ["4:15: error: expected ')' after the duration of 'after(30s', found 'S' [syntaxError]"]
        ),
        // In an event block '- - -' is a row '- -' followed by a row without its action.
        ("S { E { - - - } }", ["4:15: error: expected an action, '-' or '{', found '}' [syntaxError]"]),
        // A raised event names an event, and takes no arguments; a timer is not raised.
        (
            "S { E T ^Done(x) }",
            [
                "4:14: error: a raised event takes no arguments: '^Done' carries the values of its event by label [syntaxError]"
            ]
        ),
        (
            "S <^Go (x) - - -",
            [
                "4:8: error: a raised event takes no arguments: '^Go' carries the values of its event by label [syntaxError]"
            ]
        ),
        ("S { E T ^ }", ["4:11: error: expected an event name after '^', found '}' [syntaxError]"]),
        (
            "S <^after(1s) - - -",
            [
                "4:10: error: 'after(…)' is a timer, which fires by itself when its state has lasted that long: it cannot be raised [syntaxError]"
            ]
        ),
        ("S { ^E T a }", ["4:5: error: expected a transition, found '^' [syntaxError]"]),
        // Values of a data state: 'label: value', separated by commas.
        (
            "S { E T(a 0) - }",
            [
                "4:11: error: expected ':' after 'a' in the values of 'T', found '0'; a value is written 'label: value', as in 'received: 0' [syntaxError]"
            ]
        ),
        (
            "S { E T(a: 0 b: 1) - }",
            ["4:14: error: expected ',' or ')' in the values of 'T', found 'b' (the '(' is at 4:8) [syntaxError]"]
        ),
        ("S { E -(: 1) - }", ["4:9: error: expected a label of the values of '-', found ':' [syntaxError]"]),
    ])
    func stateErrors(body: String, expected: [String]) {
        #expect(Self.bodyDiagnostics(body) == expected)
    }

    @Test(arguments: [
        ("S { E T a }\n# comment", ["5:1: error: unexpected character '#' [unexpectedCharacter]"]),
        ("S { E T a; }", ["4:10: error: unexpected character ';' [unexpectedCharacter]"]),
        ("S { E é a }", ["4:7: error: unexpected character 'é' [unexpectedCharacter]"]),
        ("S { E \u{0} a }", ["4:7: error: unexpected character '\\u{0}' [unexpectedCharacter]"]),
        ("S { E → T a }", ["4:7: error: unexpected character '→' [unexpectedCharacter]"]),
    ])
    func unexpectedCharacters(body: String, expected: [String]) {
        #expect(Self.bodyDiagnostics(body) == expected)
    }

    /// An `Event:` parameter's type: each malformed form is one located error.
    @Test(arguments: [
        (
            "x: some View",
            "3:13: error: an event parameter cannot have an opaque 'some' type; name the type, or use 'any' [syntaxError]"
        ),
        ("x Int", "3:12: error: expected ':' and a type after parameter 'x', found 'Int' [syntaxError]"),
        ("x: [Int", "3:17: error: expected ']' to close the array or dictionary type, found ')' [syntaxError]"),
        ("x: Set<Int", "3:20: error: expected ',' or '>' in the generic arguments, found ')' [syntaxError]"),
        (
            "x: Int -> Int",
            "3:17: error: an event value cannot have a function type; pass a value that holds the closure [syntaxError]"
        ),
        (
            "x: [(Int) -> Void]",
            "3:20: error: an event value cannot have a function type; pass a value that holds the closure [syntaxError]"
        ),
        ("x: P & Q", "3:15: error: a protocol composition is written with 'any': 'any P & …' [syntaxError]"),
        ("x: any Error?", "3:22: error: an optional existential needs parentheses: '(any Error)?' [syntaxError]"),
        ("x: A, y", "3:17: error: expected ':' and a type after parameter 'y', found ')' [syntaxError]"),
        (
            "x: A y: B",
            "3:15: error: expected ',' or ')' after the parameter, found 'y' (the '(' is at 3:9) [syntaxError]"
        ),
        ("x: A.", "3:15: error: expected a type name after '.', found ')' [syntaxError]"),
        (
            "x: ",
            "3:13: error: expected a Swift type, found ')'; types are written as in Swift: 'Double', 'String?', '[Int]', '[String: Int]', '(Int, Int)', 'any Error', 'Foundation.URL', 'Set<Int>' [syntaxError]"
        ),
    ])
    func malformedParameterTypes(parameter: String, expected: String) {
        #expect(
            diagnosticLines(compiling: "FSM: F\nInitial: S\nEvent: E(\(parameter))\n{\n  S { E S - }\n}").first
                == expected)
    }

    @Test func unexpectedCharacterInHeaderAndInvalidUTF8() {
        let bytes = Array("FSM: F\nInitial: S\n{\n  S { E - ".utf8) + [0xFF, 0xC0, 0x80] + Array(" }\n}\n".utf8)
        let result = Compiler.check(SourceFile(name: "test.sm", bytes: bytes))
        #expect(
            result.diagnostics.map(\.description) == [
                "test.sm:4:11: error: unexpected character '\\xFF\\xC0\\x80' [unexpectedCharacter]"
            ])
        #expect(
            diagnosticLines(compiling: "FSM: F$\n{}") == [
                "1:7: error: unexpected character '$' [unexpectedCharacter]"
            ])
    }

    @Test(arguments: [
        // A missing '}' is reported once, at the end, with a note at the '{' it would close.
        (
            "FSM: F\nInitial: S\n{\n  S { E T a }\n",
            [
                "5:1: error: expected '}', found end of file [syntaxError]", "3:1: note: to match this '{'",
                "5:1: note: fix-it: insert the missing '}'; 'fsmc check --fix' applies it",
            ]
        ),
        (
            "FSM: F\nInitial: S\n{\n  S {\n    E { [c] { T a\n",
            [
                "6:1: error: expected '}', found end of file [syntaxError]", "5:13: note: to match this '{'",
                "6:1: note: fix-it: insert the 4 missing '}'; 'fsmc check --fix' applies it",
            ]
        ),
        (
            "FSM: F\nInitial: S\n{\n  S {\n    E T",
            ["5:8: error: expected an action, '-' or '{', found end of file [syntaxError]"]
        ),
        (
            "FSM: F\nInitial: S\n{\n  S <{a b",
            ["4:10: error: expected an action name or '}', found end of file [syntaxError]"]
        ),
    ])
    func endOfFileErrors(source: String, expected: [String]) {
        #expect(diagnosticLines(compiling: source) == expected)
    }

    /// A `}` missing after a state's rows is found by the layout, as rustc finds an unclosed
    /// delimiter: one error at the line that starts the next state at the state's
    /// indentation, a note at the unclosed '{', and nothing on the rows that follow.
    @Test(arguments: [
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed {\n    Open  Opened  -\n    Lock  Locked  -\n\n  Opened {\n    Close  Closed  -\n  }\n  Locked {\n    Unlock  Closed  -\n  }\n}\n",
            [
                "8:3: error: expected '}' to close state 'Closed', found 'Opened' [syntaxError]",
                "4:10: note: to match this '{'",
            ]
        ),
        // The last state's: the body's '}' is found instead.
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed {\n    Open  Locked  -\n  }\n  Locked <lock {\n    Unlock  Closed  -\n}\n",
            [
                "9:1: error: expected '}' to close state 'Locked', found '}' [syntaxError]",
                "7:16: note: to match this '{'",
            ]
        ),
        // A state's and the body's: the state's at the next state, the body's at the end.
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed {\n    Open  Opened  -\n  Opened {\n    Close  Closed  -\n  }\n",
            [
                "6:3: error: expected '}' to close state 'Closed', found 'Opened' [syntaxError]",
                "4:10: note: to match this '{'",
                "9:1: error: expected '}', found end of file [syntaxError]", "3:1: note: to match this '{'",
            ]
        ),
        // An event block's: the next row at the block's indentation.
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed {\n    Open {\n      [c] Opened  -\n    Lock  Opened  -\n  }\n  Opened { Close Closed - }\n}\n",
            [
                "7:5: error: expected '}' to close the '{' on line 5, found 'Lock' [syntaxError]",
                "5:10: note: to match this '{'",
            ]
        ),
    ])
    func missingCloseBraceFoundByLayout(source: String, expected: [String]) {
        #expect(diagnosticLines(compiling: source) == expected)
    }

    /// A row whose action is missing is read on across the line break; the error, on a later
    /// line, gets a note at the row's first line: the action or '-' may be missing there.
    @Test(arguments: [
        // The next row's event read as the action: the error comes a line later.
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed {\n    Open  Opened\n    Lock  Locked  -\n  }\n}\n",
            [
                "7:3: error: expected an action, '-' or '{', found '}' [syntaxError]",
                "5:11: note: this row goes on past the end of line 5; if it ends here, add its action or '-' after 'Opened'",
            ]
        ),
        // The last row: the error's own row goes on to the '}'.
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed {\n    Open  Closed\n  }\n}\n",
            [
                "6:3: error: expected an action, '-' or '{', found '}' [syntaxError]",
                "5:11: note: this row goes on past the end of line 5; if it ends here, add its action or '-' after 'Closed'",
            ]
        ),
        // One line: no note.
        (
            "FSM: Door\nInitial: Closed\n{\n  Closed { Open Closed }\n}\n",
            ["4:24: error: expected an action, '-' or '{', found '}' [syntaxError]"]
        ),
    ])
    func rowReadAcrossALineBreak(source: String, expected: [String]) {
        #expect(diagnosticLines(compiling: source) == expected)
    }

    /// Braces that balance, or a layout that shows nothing, are left to the parser.
    @Test func balancedBracesAreNotRepaired() {
        let tokens = Lexer.lex(SourceFile(name: "t.sm", text: "FSM: F\nInitial: S\n{\n  S {\n    E T -\n}\n  }\n"))
        #expect(Parser.missingCloseBrace(in: tokens) == nil)
    }

    @Test(arguments: [
        (
            "S override { E T a }",
            ["4:3: error: 'override { }' must be inside the braces of a state body [misplacedOverride]"]
        ),
        (
            "S { [c] { override { E T a } } }",
            ["4:11: error: 'override { }' is allowed only at the top level of a state body [misplacedOverride]"]
        ),
        (
            "S { E { override { T a } } }",
            ["4:9: error: 'override { }' is allowed only at the top level of a state body [misplacedOverride]"]
        ),
        (
            "S { override { override { E T a } } }",
            ["4:16: error: 'override { }' is allowed only at the top level of a state body [misplacedOverride]"]
        ),
    ])
    func misplacedOverrides(body: String, expected: [String]) {
        #expect(Self.bodyDiagnostics(body) == expected)
    }

    @Test(arguments: [
        (
            "S { [c] { - T a } }",
            [
                "4:11: error: the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions' [misplacedPlaceholder]"
            ]
        ),
        (
            "S { override { - T a } }",
            [
                "4:16: error: the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions' [misplacedPlaceholder]"
            ]
        ),
        (
            "S { [c] { - - - } }",
            [
                "4:11: error: the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions' [misplacedPlaceholder]"
            ]
        ),
        (
            "S { override { - - - } }",
            [
                "4:16: error: the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions' [misplacedPlaceholder]"
            ]
        ),
        (
            "S { - - }",
            [
                "4:5: error: the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions' [misplacedPlaceholder]"
            ]
        ),
    ])
    func misplacedPlaceholders(body: String, expected: [String]) {
        #expect(Self.bodyDiagnostics(body) == expected)
    }

    /// The state body is the first level; 63 guard blocks inside it are accepted, 64 are not.
    @Test func nestingLimit() {
        let accepted = "S {" + (1...63).map { " [c\($0)] {" }.joined() + " E - -" + String(repeating: " }", count: 64)
        #expect(Self.bodyDiagnostics(accepted) == [])
        let tooDeep = "S {" + (1...64).map { " [c\($0)] {" }.joined() + " E - -" + String(repeating: " }", count: 65)
        let column = 4 + (1...63).map { " [c\($0)] {".utf8.count }.reduce(0, +) + " [c64] ".utf8.count
        #expect(
            Self.bodyDiagnostics(tooDeep) == [
                "4:\(column): error: blocks are nested more than 64 deep [nestingTooDeep]"
            ])
        // What follows the skipped block is parsed as usual.
        #expect(
            Self.bodyDiagnostics(tooDeep + "\nT { E S ) }") == [
                "4:\(column): error: blocks are nested more than 64 deep [nestingTooDeep]",
                "5:9: error: expected an action, '-' or '{', found ')' [syntaxError]",
            ])
    }

    @Test func errorLimit() {
        let rows = { (count: Int) in "S {\n" + String(repeating: "E - @\n", count: count) + "}" }
        let errorLine = { (line: Int) in "\(line):5: error: unexpected character '@' [unexpectedCharacter]" }
        // Exactly 100 errors are all reported.
        #expect(Self.bodyDiagnostics(rows(100)) == (5...104).map(errorLine))
        // The 101st stops the parse where it stands.
        #expect(
            Self.bodyDiagnostics(rows(150)) == (5...104).map(errorLine) + [
                "105:5: error: too many errors (100); stopping here [tooManyErrors]"
            ])
    }

    // MARK: Recovery

    @Test func twoSeparateMistakesGiveTwoErrors() {
        #expect(
            Self.bodyDiagnostics(
                """
                  Locked {
                    Coin Unlocked )
                    Pass Locked -
                  }
                  Unlocked {
                    Pass [Enforcement = weak Locked -
                    Coin - thankyou
                  }
                """) == [
                    "5:19: error: expected an action, '-' or '{', found ')' [syntaxError]",
                    "9:30: error: expected ',' or ']' in the guard, found 'Locked' [syntaxError]",
                ])
        #expect(
            diagnosticLines(
                compiling: """
                    FSM Turnstile
                    Initial: Locked
                    {
                      Locked { Coin Locked - ) }
                    }
                    """) == [
                    "1:5: error: expected ':' after header 'FSM', found 'Turnstile'; headers are written 'Name: value' [syntaxError]",
                    "4:26: error: expected a transition, found ')' [syntaxError]",
                ])
        #expect(
            Self.bodyDiagnostics(
                """
                  S {
                    E { [c] T ) [d] T a }
                    F ] a
                    G T a
                  }
                """) == [
                    "5:15: error: expected an action, '-' or '{', found ')' [syntaxError]",
                    "6:7: error: expected a next state or '-', found ']' [syntaxError]",
                ])
    }

    @Test(arguments: [
        // A missing ']'.
        "    Pass [Enforcement = weak Locked smile",
        // A ':' for a '|'.
        "    Coin : Pass Locked -",
        // A stray character.
        "    Coin Locked ~smile",
        // A '-' too many.
        "    Coin Locked - -",
        // A guard without its event.
        "    [Enforcement = strong] Alarming -",
        // An unclosed action list.
        "    Coin Locked {a b",
        // A comma-separated list of events.
        "    Coin, Pass Locked -",
    ])
    func oneTypoGivesOneError(typo: String) {
        let source = """
            FSM: Turnstile
            Initial: Locked
            Predicate: Enforcement = weak | strong
            {
              (Resetable) {
                Reset  Locked  {alarmOff lock}
              }
              Locked : Resetable <lock {
            \(typo)
                Coin   Unlocked  -
                Pass [Enforcement = strong] Alarming  -
              }
              Unlocked : Resetable <unlock {
                Coin   -         thankyou
                Pass   Locked    -
              }
              Alarming : Resetable <alarmOn >alarmOff - - -
            }
            """
        let lines = diagnosticLines(compiling: source)
        #expect(lines.count { $0.contains(": error: ") } == 1, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("9:") || $0.hasPrefix("10:") }, "\(lines)")
    }
}

/// A state whose `{` is missing takes only its first row, and its `}` closes the machine's
/// body: the error names the state, with notes at what was misread, instead of complaining
/// about the tokens after the body or the rows read as states.
extension ParserTests {
    /// A machine whose fourth state is `state`, which starts on line 7.
    static func missingBraceMachine(_ state: String) -> String {
        """
        FSM: Player
        Initial: Stopped
        {
          (Active) {
            Stop Stopped {}
          }
        \(state)
          Playing : Active {
            Pause Paused {}
          }
          Stopped {
            Play Playing {}
          }
        }
        """
    }

    @Test(arguments: [
        // One row: it parses as a one-row state, then its '}' closes the body (was:
        // "10:3: error: expected end of file after the body's closing '}', found 'Playing'").
        (
            """
              Paused : Active
                Play Playing {}
              }
            """,
            [
                "7:3: error: state 'Paused' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "9:3: note: this '}' then closed the machine's body",
            ]
        ),
        // Two rows: the second row's event is read as a state (was: only the error after the body).
        (
            """
              Paused : Active
                Play Playing {}
                Reset Stopped {}
              }
            """,
            [
                "7:3: error: state 'Paused' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "9:5: note: 'Reset' was then read as a state",
                "10:3: note: this '}' then closed the machine's body",
            ]
        ),
        // Three rows: 'Kick' is read as the action of the state 'Reset', then '-' as a state's
        // name (was: "10:10: error: expected a state name, found '-'" and the error after the body).
        (
            """
              Paused : Active
                Play Playing {}
                Reset Stopped -
                Kick - -
              }
            """,
            [
                "7:3: error: state 'Paused' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "9:5: note: 'Reset' was then read as a state",
                "11:3: note: this '}' then closed the machine's body",
            ]
        ),
        // An event block as the first item.
        (
            """
              Paused : Active
                Play {
                  [isReady] Playing -
                }
              }
            """,
            [
                "7:3: error: state 'Paused' seems to be missing its '{'; without it, the state takes only the block on line 8 [syntaxError]",
                "11:3: note: this '}' then closed the machine's body",
            ]
        ),
        // A '}' out of line with the state, after rows indented deeper than it.
        (
            """
              Paused : Active
                Play Playing {}
                Reset Stopped {}
             }
            """,
            [
                "7:3: error: state 'Paused' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "9:5: note: 'Reset' was then read as a state",
                "10:2: note: this '}' then closed the machine's body",
            ]
        ),
    ])
    func missingOpenBrace(state: String, expected: [String]) {
        #expect(diagnosticLines(compiling: Self.missingBraceMachine(state)) == expected)
    }

    @Test(arguments: [
        // The initial row takes 'Stop' as its action and 'Stopped -' is read as a state (was:
        // "6:18: error: the event '-' is allowed only at the top of a state body: … [misplacedPlaceholder]"
        // and "8:3: error: expected end of file after the body's closing '}', found 'Playing'").
        (
            """
              (Active)
                - Playing
                Stop Stopped -
              }
            """,
            [
                "4:4: error: state 'Active' seems to be missing its '{'; without it, the state takes only the row on line 5 [syntaxError]",
                "7:3: note: this '}' then closed the machine's body",
            ]
        ),
        // With the initial row's action, 'Stop' is read as a state (was: "7:3: error: expected
        // an action, '-' or '{', found '}'" and the error after the body).
        (
            """
              (Active)
                - Playing startClock
                Stop Stopped -
              }
            """,
            [
                "4:4: error: state 'Active' seems to be missing its '{'; without it, the state takes only the row on line 5 [syntaxError]",
                "6:5: note: 'Stop' was then read as a state",
                "7:3: note: this '}' then closed the machine's body",
            ]
        ),
    ])
    func missingOpenBraceOfSuperstateWithInitialRow(superstate: String, expected: [String]) {
        let source = """
            FSM: Player
            Initial: Stopped
            {
            \(superstate)
              Playing : Active {
                Pause Stopped {}
              }
              Stopped {
                Play Active {}
              }
            }
            """
        #expect(diagnosticLines(compiling: source) == expected)
    }

    @Test(arguments: [
        // The last state's '}' closes the body; the machine's is left over (was:
        // "10:1: error: expected end of file after the body's closing '}', found '}'").
        (
            """
              Stopped
                Play Playing {}
              }
            }
            """,
            [
                "7:3: error: state 'Stopped' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "9:3: note: this '}' then closed the machine's body",
            ]
        ),
        (
            """
              Stopped
                Play Playing {}
                Reset Stopped {}
              }
            }
            """,
            [
                "7:3: error: state 'Stopped' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "9:5: note: 'Reset' was then read as a state",
                "10:3: note: this '}' then closed the machine's body",
            ]
        ),
        // The machine's '}' forgotten too: the file ends after the state's, and the row read
        // as a state is the tell-tale (was: the misplacedPlaceholder error at 9:18).
        (
            """
              (Active)
                - Playing
                Stop Stopped -
              }
            """,
            [
                "7:4: error: state 'Active' seems to be missing its '{'; without it, the state takes only the row on line 8 [syntaxError]",
                "10:3: note: this '}' then closed the machine's body",
            ]
        ),
    ])
    func missingOpenBraceOfLastState(end: String, expected: [String]) {
        let source = """
            FSM: Player
            Initial: Stopped
            {
              Playing : Active {
                Pause Stopped {}
              }

            """ + end
        #expect(diagnosticLines(compiling: source) == expected)
    }

    /// States written without braces over two lines, as CC_SMC files do, are not taken for
    /// ones missing their '{', with or without other errors.
    @Test func oneRowStatesOverTwoLinesAreNotMissingTheirBrace() {
        let turnstile = { (more: String) in
            """
            FSM: Turnstile
            Initial: Locked
            {
              (Resetable) {
                Reset  Locked  {alarmOff lock}
              }
              Locked : Resetable <lock
                Coin   Unlocked  -
              Unlocked : Resetable <unlock
                  Pass   Locked    -
              Alarming : Resetable <alarmOn >alarmOff
                - - -
            \(more)}
            """
        }
        let parsed = Parser.parse(SourceFile(name: "test.sm", text: turnstile("")))
        #expect(parsed.diagnostics == [])
        #expect(
            parsed.syntax.states.map(\.description) == [
                "(Resetable) {Reset Locked {alarmOff lock}}",
                "Locked :Resetable <{lock} {Coin Unlocked {}}",
                "Unlocked :Resetable <{unlock} {Pass Locked {}}",
                "Alarming :Resetable <{alarmOn} >{alarmOff} {- - -}",
            ])
        // A mistake in a later state is reported as it was.
        #expect(
            diagnosticLines(compiling: turnstile("  Broken\n    Coin Locked )\n")) == [
                "14:17: error: expected an action, '-' or '{', found ')' [syntaxError]"
            ])
        // So is a '}' too many after the body.
        #expect(
            diagnosticLines(compiling: turnstile("") + "\n}") == [
                "14:1: error: expected end of file after the body's closing '}', found '}' [syntaxError]"
            ])
        // A state followed by a line indented deeper than it, then one that is not: the
        // mistake further on is not the deeper line's.
        #expect(
            Self.bodyDiagnostics(
                """
                  A
                    E T -
                      F T -
                  B { E T - }
                  C { E T ) }
                """) == [
                    "7:5: error: expected a state name, found '{' [syntaxError]",
                    "8:11: error: expected an action, '-' or '{', found ')' [syntaxError]",
                ])
    }
}

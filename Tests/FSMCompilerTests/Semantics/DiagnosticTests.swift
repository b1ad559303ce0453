import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Every diagnostic the compiler has: for each `DiagnosticID` a snippet that triggers it,
/// with the exact lines users see, and a near miss that checks cleanly.
@Suite struct DiagnosticTests {
    /// A snippet and the diagnostic lines `fsmc check` prints for it, without the file name.
    struct Example: Sendable, CustomTestStringConvertible {
        var id: DiagnosticID
        var source: String
        var expected: [String]

        init(_ id: DiagnosticID, _ source: String, _ expected: [String]) {
            self.id = id
            self.source = source
            self.expected = expected
        }

        var testDescription: String { id.rawValue }

        /// The diagnostics of `text`, checked as the example's kind of file: a
        /// `fsmc-config.json` for `invalidConfiguration`, a `.sm` file otherwise.
        func diagnostics(of text: String) -> [String] {
            guard id == .invalidConfiguration else { return diagnosticLines(compiling: text) }
            return Configuration.read(SourceFile(name: "test.json", text: text)).diagnostics
                .flatMap { $0.description.split(separator: "\n").map(String.init) }
                .map { $0.hasPrefix("test.json:") ? String($0.dropFirst("test.json:".count)) : $0 }
        }
    }

    static let headers = "FSM: F\nInitial: S\n"
    static let onePredicate = "FSM: F\nInitial: S\nPredicate: P = x | y\n"
    static let twoPredicates = "FSM: F\nInitial: S\nPredicate: P = x | y\nPredicate: Q = a | b\n"

    /// A machine with a parallel state `P` and its regions `A` and `B`, which checks clean.
    static let regions = """
        FSM: F
        Initial: S
        Parallel: P
        {
          S { E P - }
          (P) { F S - }
          (A) : P { - A1 - }
          A1 : A { G A2 - }
          A2 : A - - -
          (B) : P { - B1 - }
          B1 : B { G B2 - }
          B2 : B - - -
        }
        """

    /// `regions` with one line replaced by others.
    static func regions(replacing line: String, with lines: String) -> String {
        precondition(regions.contains(line + "\n"), "no line '\(line)'")
        return regions.replacingOccurrences(of: line + "\n", with: lines + "\n")
    }

    static let triggering: [Example] = [
        Example(
            .abstractAndConcrete,
            headers + """
                {
                  S : B { E S - }
                  (B) { F S - }
                  B { G S - }
                }
                """,
            [
                "6:3: warning: state 'B' is written both as '(B)' and as 'B'; it is abstract [abstractAndConcrete]",
                "5:4: note: also written here",
            ]),
        Example(
            .abstractAndConcrete,
            headers + """
                {
                  S : B { E S - }
                  B { G S - }
                  (B) { F S - }
                }
                """,
            [
                "6:4: warning: state 'B' is written both as '(B)' and as 'B'; it is abstract [abstractAndConcrete]",
                "5:3: note: also written here",
            ]),
        Example(
            .abstractTarget,
            headers + """
                {
                  S : B { E B - }
                  (B) { F S - }
                }
                """,
            [
                "4:13: error: abstract state 'B' cannot be a next state; give it an initial substate, as in '- S' in its body [abstractTarget]",
                "5:4: note: 'B' is declared abstract here",
            ]),
        Example(
            .abstractTarget,
            """
            FSM: F
            Initial: B
            {
              S : B { E S - }
              (B) { F S - }
            }
            """,
            [
                "2:10: error: abstract state 'B' cannot be the initial state; give it an initial substate, as in '- S' in its body [abstractTarget]",
                "5:4: note: 'B' is declared abstract here",
            ]),
        Example(
            .contradictoryCondition,
            headers + """
                {
                  S { E [isOpen, !isOpen] S - }
                }
                """,
            [
                "4:19: error: the guard asks for both 'isOpen' and '!isOpen', so the row can never apply [contradictoryCondition]",
                "4:10: note: the other is here",
            ]),
        Example(
            .argumentMismatch,
            headers + """
                Event: Loaded(duration: Double, title: String)
                Event: Reloaded(duration: Double, title: Int)
                {
                  S {
                    Loaded S {setDuration(duration) show(title)}
                    Reloaded T setDuration
                  }
                  T { Loaded | Reloaded - show(title) }
                }
                """,
            [
                "8:16: error: action 'setDuration' is given no arguments here but (Double) where it is first used; every use passes the same types in the same order [argumentMismatch]",
                "7:15: note: first used here",
                "10:32: error: 'title' is 'String' in event 'Loaded' but 'Int' in event 'Reloaded'; the events of one row must give it one type [argumentMismatch]",
                "4:35: note: 'title' of 'Reloaded' is declared here",
            ]),
        Example(
            .unknownLabel,
            headers + """
                Event: Loaded(duration: Double)
                {
                  S {
                    Loaded [isLong(length)] S play(duration)
                    Stop S play(duration)
                  }
                }
                """,
            [
                "6:20: error: 'length' is not a value of event 'Loaded'; its values are duration [unknownLabel]",
                "3:8: note: event 'Loaded' is declared here",
                "7:17: error: 'duration' is not a value of event 'Stop'; it carries no values; declare them with 'Event: Stop(duration: Type)' [unknownLabel]",
            ]),
        Example(
            .unusedEvent, headers + "Event: Spare(x: Int)\n{\n  S { E S - }\n}",
            [
                "3:8: warning: event 'Spare' is declared but no row uses it [unusedEvent]"
            ]),
        Example(
            .duplicateHeader,
            """
            FSM: F
            Initial: S
            fsm: G
            {
              S { E S - }
            }
            """,
            [
                "3:1: error: header 'fsm' is given twice [duplicateHeader]",
                "1:1: note: first given here",
            ]),
        Example(
            .duplicateHeader,
            headers + """
                Import: Foundation
                Import: FSMRuntime
                import: Foundation
                {
                  S { E S - }
                }
                """,
            [
                "4:9: error: every generated file imports FSMRuntime already; remove this header [duplicateHeader]",
                "5:9: error: module 'Foundation' is imported twice [duplicateHeader]",
                "3:9: note: first imported here",
            ]),
        Example(
            .invalidDuration,
            headers
                + "Isolation: MainActor\n{\n  S { after(0s) S -  after(3) S -  after(2days) S -  after(2401h) S - }\n}",
            [
                "5:13: error: the duration '0s' is zero; a timer waits at least '1ms' [invalidDuration]",
                "5:28: error: the duration '3' needs a unit: 'ms', 's', 'min' or 'h', as in '3s' [invalidDuration]",
                "5:42: error: 'days' is not a unit of time; the units are 'ms', 's', 'min' or 'h' [invalidDuration]",
                "5:60: error: the duration '2401h' is too long; the longest accepted is 100 days ('2400h') [invalidDuration]",
            ]),
        Example(
            .misplacedAfter,
            headers
                + "Isolation: MainActor\n{\n  S { E S after(2s) }\n  T <after(1s) - - -\n  U >{a after(1min)} - - -\n}",
            [
                "5:16: error: 'after(2s)' is a delayed event, not an action: it starts a row of the state it times, as in 'after(2s) Next action' [misplacedAfter]",
                "6:11: error: 'after(1s)' is a delayed event, not an entry action: it starts a row of the state it times, as in 'after(1s) Next action' [misplacedAfter]",
                "7:14: error: 'after(1min)' is a delayed event, not an exit action: it starts a row of the state it times, as in 'after(1min) Next action' [misplacedAfter]",
            ]),
        Example(
            .timerPredicate,
            headers
                + "Isolation: MainActor\nPredicate: Network = wifi | cellular\n{\n  S { E [Network = wifi] T -  after(30s) [Network = wifi] T - }\n  T { [Network = cellular] { after(1s) S - } }\n}",
            [
                "6:42: error: 'after(30s)' fires without predicate values, so no row of it can match 'Network'; ask a condition instead [timerPredicate]",
                "7:30: error: 'after(1s)' fires without predicate values, so no row of it can match 'Network'; ask a condition instead [timerPredicate]",
            ]),
        Example(
            .invalidHeader, headers + "Import: 2D\nImport: class\nImport: A = b\n{\n  S { E S - }\n}",
            [
                "3:9: error: '2D' is not a module name [invalidHeader]",
                "4:9: error: 'class' is not a module name [invalidHeader]",
                "5:9: error: header 'Import' takes one module name [invalidHeader]",
            ]),
        Example(
            .historyWithoutInitial, headers + "History: P = deep\n{\n  (P) { E S - }\n  S : P { F S - }\n}",
            [
                "3:10: error: 'P' has a history but no initial substate, which it enters before it has a history; add one, as in '- S' in its body [historyWithoutInitial]",
                "5:4: note: 'P' is declared here",
            ]),
        // Shallow history of P would resume Q, which has no initial row (issue 39, item 4).
        Example(
            .shallowHistoryAbstract,
            headers
                + "History: P = shallow\n{\n  (P) { - A  -  E S - }\n  (Q) : P { F B - }\n  A : Q - - -\n  B : Q - - -\n  S { E P - }\n}",
            [
                "3:10: error: shallow history of 'P' may resume its substate 'Q', an abstract superstate without an initial substate, which it cannot enter; give 'Q' one, as in '- A' in its body, or make the history deep [shallowHistoryAbstract]",
                "6:4: note: 'Q' is declared abstract here",
            ]),
        // In T, the configuration is T and P: 'in(S)' is false, so the inherited row is dead there.
        Example(
            .stateTestNeverHolds,
            headers + "{\n  (P) { E [in(S)] T -  E S - }\n  S : P { F T - }\n  T : P { F S - }\n}",
            [
                "4:9: warning: row for event 'E' never applies in state 'T', where 'in(S)' is false; the generated code leaves it out there [stateTestNeverHolds]",
                "6:3: note: 'T' inherits the row; it is declared here",
            ]),
        Example(
            .historyWithoutSubstates, headers + "History: S = shallow\n{\n  S { E S - }\n}",
            [
                "3:10: error: 'S' has no substates, so it has no history; history is for superstates, which other states adopt with ': S' [historyWithoutSubstates]",
                "5:3: note: 'S' is declared here",
            ]),
        Example(
            .duplicateInitial,
            headers + "{\n  (P) {\n    - A  -\n    - B  -\n  }\n  A : P { E B - }\n  B : P { E A - }\n  S { E P - }\n}",
            [
                "6:5: error: state 'P' has a second initial row; a superstate has one initial substate [duplicateInitial]",
                "5:5: note: the first initial row is here",
            ]),
        Example(
            .initialNotSubstate, headers + "{\n  (P) { - S  - }\n  A : P { E S - }\n  S { E P -  F A - }\n}",
            [
                "4:11: error: initial substate 'S' of 'P' is not one of its substates; declare it as 'S : P' [initialNotSubstate]",
                "6:3: note: 'S' is declared here",
            ]),
        Example(
            .initialCycle,
            headers + "{\n  S { E R -  F A - }\n  (R) { - R2  - }\n  (R2) : R { - R  - }\n  A : R2 { E S - }\n}",
            [
                "6:16: error: initial rows lead back to where they start: 'R' -> 'R2' -> 'R' [initialCycle]",
                "5:9: note: initial row of 'R' is here",
            ]),
        Example(
            .abstractTarget,
            headers + "{\n  (P) { - Q  - }\n  (Q) : P - - -\n  A : Q { E S - }\n  S { E P -  F A - }\n}",
            [
                "4:11: error: abstract state 'Q' cannot be an initial substate; give it an initial substate, as in '- A' in its body [abstractTarget]",
                "5:4: note: 'Q' is declared abstract here",
            ]),
        Example(
            .duplicateHeader,
            onePredicate + """
                Predicate: P = z
                {
                  S { E [P = x] S - }
                }
                """,
            [
                "4:12: error: predicate type 'P' is declared twice [duplicateHeader]",
                "3:12: note: first declared here",
            ]),
        Example(
            .duplicateTransition,
            headers + """
                {
                  S {
                    E S a
                    E S b
                  }
                }
                """,
            [
                "6:5: error: duplicate transition for event 'E' in state 'S' [duplicateTransition]",
                "5:5: note: first transition for 'E' is here",
            ]),
        // Cases and condition literals in any order are one guard.
        Example(
            .duplicateTransition,
            twoPredicates + """
                {
                  S {
                    E [P = x | y, c, !d] - a
                    E [Q = a, P = y | x] - b
                    E [!d, P = y | x, c] - b
                  }
                }
                """,
            [
                "9:5: error: duplicate transition for event 'E' [P=y|x, !d, c] in state 'S' [duplicateTransition]",
                "7:5: note: first transition for 'E' is here",
            ]),
        // A state written twice merges its rows.
        Example(
            .duplicateTransition,
            headers + """
                {
                  S { E - a }
                  S { E - b }
                }
                """,
            [
                "5:7: error: duplicate transition for event 'E' in state 'S' [duplicateTransition]",
                "4:7: note: first transition for 'E' is here",
            ]),
        Example(
            .emptyBlock,
            headers + """
                {
                  S : B {
                    E {}
                    [c] {}
                    override {}
                    F S -
                  }
                  (B) { G S - }
                }
                """,
            [
                "5:5: error: event block for 'E' is empty; give it rows or remove it [emptyBlock]",
                "6:5: error: guard block is empty; give it rows or remove it [emptyBlock]",
                "7:5: error: override block is empty; give it rows or remove it [emptyBlock]",
            ]),
        Example(
            .emptyGuard,
            headers + """
                {
                  S {
                    E [] S -
                    [] { F S - }
                  }
                }
                """,
            [
                "5:7: error: empty guard '[]'; add predicate matches or conditions, or remove it [emptyGuard]",
                "6:5: error: empty guard '[]'; add predicate matches or conditions, or remove it [emptyGuard]",
            ]),
        Example(
            .entryExitArguments,
            headers + """
                {
                  S <on(x) >{a off(x, y)} { E S - }
                  S <on(x) { F S - }
                }
                """,
            [
                "4:9: error: 'on' is an entry action, which cannot take 'x': no event's values are there when it runs; pass a literal, or move the action into the rows [entryExitArguments]",
                "4:20: error: 'off' is an exit action, which cannot take 'x': no event's values are there when it runs; pass a literal, or move the action into the rows [entryExitArguments]",
                "5:9: error: 'on' is an entry action, which cannot take 'x': no event's values are there when it runs; pass a literal, or move the action into the rows [entryExitArguments]",
            ]),
        // An initial row's labels name values of the row that enters its superstate: each
        // such row must carry them, with one type; a new machine that follows it has none.
        Example(
            .unknownLabel,
            headers + "Event: E(n: Int)\n{\n  S { E P -  F P - }\n  (P) { - Q start(n, 3) }\n  Q : P - - -\n}",
            [
                "6:19: error: 'n' in the initial row of 'P' names a value of the row that enters it, but neither event 'F' nor state 'S' has a value 'n'; give one of them the value, or pass a literal [unknownLabel]",
                "5:16: note: row of 'S' for 'F' enters 'P' here",
            ]),
        Example(
            .argumentMismatch,
            headers
                + "Event: E(n: Int)\nEvent: F(n: String)\n{\n  S { E P -  F P - }\n  (P) { - Q start(n) }\n  Q : P - - -\n}",
            [
                "7:19: error: 'n' in the initial row of 'P' is 'Int' in event 'E' but 'String' in event 'F'; the rows that enter 'P' must give it one type [argumentMismatch]",
                "6:16: note: row of 'S' for 'F' enters 'P' here",
            ]),
        Example(
            .raisedEvent,
            headers
                + "Event: E(n: Int)\nEvent: N(n: Int)\n{\n  S { E P -  F P - }\n  (P) { - Q ^N }\n  Q : P { N S - }\n}",
            [
                "7:13: error: '^N' carries 'n' from the row that enters 'P', but neither event 'F' nor state 'S' has a value 'n'; raise it from the rows, or give one of them the value [raisedEvent]",
                "6:16: note: row of 'S' for 'F' enters 'P' here",
            ]),
        Example(
            .stateData,
            "FSM: F\nInitial: P\nEvent: E(n: Int)\n{\n  S { E P - }\n  (P) { - Q start(n) }\n  Q : P { X S - }\n}",
            [
                "6:19: error: 'start' takes 'n' in the initial row of 'P', which a new machine follows when it starts, where no row's values are; pass a literal, or give the value to a state by label and read it there [stateData]",
                "2:10: note: the machine starts in 'P' here",
            ]),
        Example(
            .literalMismatch,
            headers + """
                Action: log(_ message: String)
                Action: pick(_ choice: Choice, _ count: Int?)
                Event: E(n: Int)
                {
                  S {
                    E S {retry(3) log(nil) scale(1.5)}
                    F S {retry("x") log(2) scale(2) pick(.first, nil) pick(.x, 1.5)}
                    G [over(.high)] S emit(.done)
                    E [c] S {flag(true) flag(n)}
                  }
                }
                """,
            [
                "8:23: error: 'nil' does not fit parameter 'message' of action 'log', which is 'String' [literalMismatch]",
                "3:15: note: the parameter's type comes from here",
                "9:16: error: the string \"x\" does not fit parameter 'p1' of action 'retry', which is 'Int' [literalMismatch]",
                "8:16: note: the parameter's type comes from here",
                "9:25: error: the integer 2 does not fit parameter 'message' of action 'log', which is 'String' [literalMismatch]",
                "3:15: note: the parameter's type comes from here",
                "9:64: error: the decimal 1.5 does not fit parameter 'count' of action 'pick', which is 'Int?' [literalMismatch]",
                "4:34: note: the parameter's type comes from here",
                "10:13: error: '.high' needs the type of the parameter it stands for; declare it, as in 'Action: over(_ p1: Type)' [literalMismatch]",
                "10:28: error: '.done' needs the type of the parameter it stands for; declare it, as in 'Action: emit(_ p1: Type)' [literalMismatch]",
                "11:19: error: 'true' does not fit parameter 'p1' of action 'flag', which is 'Int' [literalMismatch]",
                "11:30: note: the parameter's type comes from here",
            ]),
        Example(
            .undefinedAction,
            headers + "Action: emitt(_ status: Status)\nAction: isOk(_ n: Int)\n{\n  S { E [isOK(1)] S emit(.on) }\n}",
            [
                "3:9: error: 'Action: emitt' declares an action or condition that no row, entry or exit list calls; did you mean 'emit'? [undefinedAction]",
                "4:9: error: 'Action: isOk' declares an action or condition that no row, entry or exit list calls; did you mean 'isOK'? [undefinedAction]",
                "6:26: error: '.on' needs the type of the parameter it stands for; declare it, as in 'Action: emit(_ p1: Type)' [literalMismatch]",
            ]),
        // Uses against an `Action:` header: the number of arguments, a label's type.
        Example(
            .argumentMismatch,
            headers
                + "Action: log(_ text: String?)\nEvent: E(n: Int, s: String)\n{\n  S { E S {log(s) log(n) log()} }\n}",
            [
                "6:23: error: 'n' is 'Int' but parameter 'text' of action 'log' is 'String?' [argumentMismatch]",
                "3:15: note: declared here",
                "6:26: error: action 'log' is given no arguments here but its 'Action:' header declares (String?); every use passes the declared parameters [argumentMismatch]",
                "3:9: note: declared here",
            ]),
        // An `Action:` header without parameters, twice, with a computing action, with a
        // parameter given twice or named with a digit; `->` after another header.
        Example(
            .invalidHeader,
            headers
                + "Action: a\nAction: b(_ x: Int) -> Int\nAction: c(_ x: Int, y x: Int)\nAction: d(_ 2x: Int)\nAction: d(_ y: Int)\nEvent: E(_ n: Int)\nActions: A(x: Int) -> Int\n{\n  S { E S {a b(1) c(1, 2) d(3)} }\n}",
            [
                "3:9: error: 'Action: a' needs the parameters it takes, as in 'Action: a(_ status: Status)' [invalidHeader]",
                "4:9: error: 'b' is declared to return 'Int' but no next state's value calls it; an action that returns nothing has no '->' [invalidHeader]",
                "5:23: error: parameter 'x' is given twice in 'Action: c' [invalidHeader]",
                "5:13: note: first given here",
                "6:13: error: '2x' cannot name a parameter of 'd': a Swift name cannot start with a digit; choose another name [invalidSwiftName]",
                "7:9: error: 'd' is declared twice [duplicateHeader]",
                "6:9: note: first declared here",
                "8:10: error: an event's value has one label, as in 'Event: E(duration: Double)'; argument labels belong to 'Action:' headers [invalidHeader]",
                "9:10: error: '-> Int' declares what a computing action returns; only an 'Action:' header has one [invalidHeader]",
                "9:12: error: header 'Actions' takes one name, not values in parentheses [invalidHeader]",
            ]),
        Example(
            .implicitClash,
            twoPredicates + """
                {
                  S {
                    E [P = x] S a
                    E [Q = a] S b
                  }
                }
                """,
            [
                "8:5: error: implicit clash for event 'E' in state 'S': this row and another of the same rank both match when P=x, Q=a; make one of them more specific [implicitClash]",
                "7:5: note: the other row is here",
            ]),
        // Rows that agree still clash.
        Example(
            .implicitClash,
            onePredicate + """
                {
                  S {
                    E [P = x | y] S a
                    E [P = y] S a
                  }
                }
                """,
            [
                "7:5: error: implicit clash for event 'E' in state 'S': this row and another of the same rank both match when P=y; make one of them more specific [implicitClash]",
                "6:5: note: the other row is here",
            ]),
        Example(
            .inconsistentEntryExit,
            headers + """
                {
                  S <a >b { E S - }
                  S <{a c} { F S - }
                  S >{} - - -
                }
                """,
            [
                "5:5: error: state 'S' is given different entry actions; give them once, or repeat them exactly [inconsistentEntryExit]",
                "4:5: note: entry actions first given here",
                "6:5: error: state 'S' is given different exit actions; give them once, or repeat them exactly [inconsistentEntryExit]",
                "4:8: note: exit actions first given here",
            ]),
        Example(
            .invalidHeader,
            """
            FSM: F = G
            Initial: S
            EntryExit: sometimes
            Predicate: R
            {
              S { E S - }
            }
            """,
            [
                "1:10: error: header 'FSM' takes one name, not '= G …' [invalidHeader]",
                "3:12: error: EntryExit must be 'always' or 'onChange', found 'sometimes'; leave it out for UML behaviour [invalidHeader]",
                "4:12: error: predicate type 'R' needs its cases, as in 'Predicate: R = a | b' [invalidHeader]",
            ]),
        Example(
            .invalidSwiftName,
            """
            FSM: Self
            Initial: S
            Actions: Any
            Predicate: Kind = hash | c
            {
              S {
                state [Kind = hash] S -
                description S -
              }
            }
            """,
            [
                "1:6: error: 'Self' cannot name the machine type: Swift reserves 'Self'; choose another name, such as 'SelfMachine' [invalidSwiftName]",
                "3:10: error: 'Any' cannot name the actions protocol: Swift reserves 'Any'; choose another name, such as 'SelfActions' [invalidSwiftName]",
                "4:19: error: case of 'Kind' 'hash' would become the enum case 'hash', which Swift enums already have as a member [invalidSwiftName]",
                "7:5: error: event 'state' would become the method 'state()', which the generated machine already has [invalidSwiftName]",
                "8:5: error: event 'description' would become the enum case 'description', which Swift enums already have as a member [invalidSwiftName]",
            ]),
        // Labels that literals would shadow, and an argument that is neither a number nor a label.
        Example(
            .invalidSwiftName,
            headers + "Event: E(nil: Int, true: Int)\n{\n  S { E S f(3x) }\n}",
            [
                "3:10: error: 'nil' cannot label a value of event 'E': in an argument list it is a literal; choose another label [invalidSwiftName]",
                "3:20: error: 'true' cannot label a value of event 'E': in an argument list it is a literal; choose another label [invalidSwiftName]",
                "5:13: error: '3x' is neither a number (digits, as in '30' or '1.5') nor a label (a label cannot start with a digit) [invalidSwiftName]",
            ]),
        // `always` is a keyword: a predicate guard, the next state `-`, and a header that
        // declares it as an event are refused, each with a hint at the rename.
        Example(
            .alwaysRow,
            headers
                + "Predicate: Net = wifi | cell\nEvent: always(x: Int)\n{\n  S { always [Net = wifi] T -  always - f }\n  T { E S - }\n}",
            [
                "4:8: error: 'always' cannot be declared as an event: since version 3 it is the keyword of rows taken without an event; rename the event [alwaysRow]",
                "4:8: note: fix-it: rename the event 'always' to 'Always'; 'fsmc check --fix' applies it",
                "6:14: error: an 'always' row is taken without an event, so no predicate values come with it: it cannot match 'Net'; ask a condition instead; if 'always' is an event of this machine, as in a CC_SMC file, rename it [alwaysRow]",
                "6:14: note: fix-it: rename the event 'always' to 'Always'; 'fsmc check --fix' applies it",
                "6:39: error: an 'always' row must name its next state: with '-' it would be taken again at once, for ever; if 'always' is an event of this machine, as in a CC_SMC file, rename it [alwaysRow]",
                "6:39: note: fix-it: rename the event 'always' to 'Always'; 'fsmc check --fix' applies it",
            ]),
        // A raised event must be an event of the machine, without predicate values, whose
        // values the row's event carries under the same labels and types.
        Example(
            .undefinedEvent, headers + "{\n  S { E T ^Finsh }\n  T { Finish S - }\n}",
            [
                "4:11: error: '^Finsh' raises an event that no row takes and no 'Event:' header declares; did you mean 'Finish'? [undefinedEvent]"
            ]),
        Example(
            .raisedEvent,
            onePredicate.replacingOccurrences(of: "P = x | y", with: "Net = wifi | cell")
                + "Event: Save(id: Int)\nEvent: Saved(id: Int)\nEvent: Named(id: String)\n{\n"
                + "  S <^Saved { Save T {^Saved ^Named}  Go T ^Saved  Ping T ^Sent  Quit T ^always }\n"
                + "  T { Saved S -  Named S -  Sent [Net = wifi] S - }\n}",
            [
                "8:6: error: '^Saved' is raised by an entry action, where no event's values are, but 'Saved' carries 'id'; raise it from the rows [raisedEvent]",
                "5:8: note: event 'Saved' is declared here",
                "8:30: error: '^Named' carries 'id' as 'String', but event 'Save' of the row gives it as 'Int' [raisedEvent]",
                "4:13: note: 'id' of 'Save' is declared here",
                "8:44: error: '^Saved' carries 'id', which event 'Go' of the row does not: a raised event takes its values by label from the row's event [raisedEvent]",
                "5:8: note: event 'Saved' is declared here",
                "8:59: error: '^Sent' cannot be raised: a raised event comes without predicate values, and a row for it matches 'Net'; ask a condition in that row instead [raisedEvent]",
                "9:29: note: row matching 'Net' for 'Sent'",
                "8:73: error: 'always' is not an event that can be raised: 'always' rows are taken without one, whenever their guard holds [raisedEvent]",
            ]),
        // A raised event takes a value the row's event does not carry from the state that
        // takes the row (each state below a superstate, with one type), and in an entry or
        // exit list from its own state. Near misses: B's raises, whose values fit.
        Example(
            .raisedEvent,
            headers
                + "State: B(id: Int, n: String)\nState: C(id: String)\nEvent: Saved(id: Int)\nEvent: Named(n: String)\n"
                + "Event: Go(id: Int)\n{\n  S { Go B(n: \"a\") -  Stop C(id: \"x\") -  Saved S -  Named S - }\n"
                + "  (A) { Ping S ^Saved }\n  B : A <^Saved >^Named { Quit S ^Saved  Back S ^Named }\n"
                + "  C : A <^Saved { Quit S ^Saved  Tell S ^Named }\n}",
            [
                "10:16: error: '^Saved' carries 'id', which states 'B' and 'C' below 'A' hold with different types [raisedEvent]",
                "3:10: note: 'id' of 'B' is declared here",
                "4:10: note: 'id' of 'C' is declared here",
                "12:10: error: '^Saved' carries 'id' as 'Int', but state 'C' holds it as 'String' [raisedEvent]",
                "4:10: note: 'id' of 'C' is declared here",
                "12:26: error: '^Saved' carries 'id' as 'Int', but state 'C' holds it as 'String' [raisedEvent]",
                "4:10: note: 'id' of 'C' is declared here",
                "12:41: error: '^Named' carries 'n', which neither event 'Tell' of the row nor state 'C' has: a raised event takes its values by label from the row's event, else from the state [raisedEvent]",
                "6:8: note: event 'Named' is declared here",
            ]),
        // State data: headers only on states without substates; values only for states
        // that hold them, never in a parallel state's rows.
        Example(
            .stateData,
            headers
                + "State: A(x: Int)\nState: P(y: Int)\nState: T(x: Int)\nParallel: P\n{\n  (A) { Q S - }\n"
                + "  S { E T(x: 1) -  F U(y: 2) -  G -(x: 3) -  H P - }\n  T : A { E S - }\n  U { E S - }\n"
                + "  P { E -(y: 1) - }\n  R1 : P { - X - }\n  R2 : P { - Y - }\n  X : R1 { F S - }\n  Y : R2 { G S - }\n}",
            [
                "3:8: error: 'A' is an abstract state, which holds no values: only a state without substates does; declare them on the states below it [stateData]",
                "8:4: note: 'A' is defined here",
                "4:8: error: 'P' is a parallel state, which holds no values: only a state without substates does; declare them on the states below it [stateData]",
                "12:3: note: 'P' is defined here",
                "9:24: error: 'U' holds no values; declare them with 'State: U(y: Type)' [stateData]",
                "9:37: error: 'S' holds no values: '-(…)' has none to rewrite [stateData]",
                "12:11: error: 'P' is a parallel state or holds one: its rows read and rewrite no state values [stateData]",
                "13:3: warning: state 'R1' is never current: entering it enters its initial substate 'X' [unreachableState]",
                "14:3: warning: state 'R2' is never current: entering it enters its initial substate 'Y' [unreachableState]",
            ]),
        // The initial state's values come from the initializer, not from computing actions;
        // a superstate's values are those of its initial row's target; 'StateData' names
        // the conformances fsmc knows.
        Example(
            .stateData,
            "FSM: F\nInitial: Top\nState: Leaf(a: Int, b: String)\nStateData: Hashable Comparable\n{\n"
                + "  Top { - Leaf(a: make(1)) -  Go Other - }\n  Leaf : Top { Stop Other - }\n  Other { Back Top(b: \"x\") - }\n}",
            [
                "4:21: error: 'StateData' names what the values of data states conform to: 'Equatable', 'Hashable', 'Sendable', 'Codable'; found 'Comparable' [invalidHeader]",
                "6:3: warning: state 'Top' is never current: entering it enters its initial substate 'Leaf' [unreachableState]",
                "6:19: error: 'make' would give 'a' when the machine is created, before any action runs: the initial state's values are given to the machine's initializer; write a literal, or a label the initializer takes [stateData]",
                "8:16: error: state 'Leaf' needs its value 'b' here: write it, as in '- Leaf(b: …)' in the initial row that enters it, or give event 'Back' or state 'Other' a value 'b' [stateValue]",
                "3:21: note: 'b' of 'Leaf' is declared here",
                "8:20: error: 'Top' holds no values; the state its initial rows enter is given its values in the initial row, or by label [stateData]",
            ]),
        // Two rows of one key that write different values clash; the same values duplicate.
        Example(
            .transitionClash,
            headers
                + "State: T(x: Int)\n{\n  S { E T(x: 1) -  E T(x: 2) -  F T(x: 1) -  F T(x: 1) - }\n  T { E S - }\n}",
            [
                "5:20: error: transition for event 'E' in state 'S' goes to 'T(x: 2)', but an earlier one goes to 'T(x: 1)' [transitionClash]",
                "5:7: note: the other transition for 'E' is here",
                "5:46: error: duplicate transition for event 'F' in state 'S' [duplicateTransition]",
                "5:33: note: first transition for 'F' is here",
            ]),
        // Every value of an entered data state given once, written or by label, fitting.
        Example(
            .stateValue,
            headers
                + "Event: E(n: Int)\nState: T(x: Int, y: String?)\n{\n"
                + "  S { E T(x: n, y: nil) -  F T(x: 1, y: \"a\") -  G T(y: \"b\") -  H T(x: 1, x: 2, y: nil) -  I T(x: \"no\", y: nil) - }\n"
                + "  T { E -(y: s(n)) -  F S - }\n}",
            [
                "6:51: error: state 'T' needs its value 'x' here: write it, as in 'T(x: …)', or give event 'G' or state 'S' a value 'x' [stateValue]",
                "4:10: note: 'x' of 'T' is declared here",
                "6:74: error: 'x' is given twice [stateValue]",
                "6:68: note: first given here",
                "6:98: error: the string \"no\" does not fit value 'x' of state 'T', which is 'Int' [literalMismatch]",
                "4:10: note: declared here",
            ]),
        // A new machine enters each region of its initial configuration by its initial
        // row, before any action runs: no computing action there.
        Example(
            .stateData,
            "FSM: F\nInitial: P\nParallel: P\nState: S2(v: Int)\n{\n  (P) { E P - }\n  (A) : P { - S1 - }\n"
                + "  S1 : A { F S1 - }\n  (B) : P { - S2(v: cv(1, 2)) - }\n  S2 : B { G S2(v: 3) - }\n}",
            [
                "9:21: error: 'cv' would give 'v' when the machine is created, before any action runs: the initial state's values are given to the machine's initializer; write a literal, or a label the initializer takes [stateData]"
            ]),
        // A region that a row enters by its own rules beside its target gets its values
        // from its initial row, or by label from the row: 'Set' carries 'level', 'Go' not.
        Example(
            .stateValue,
            "FSM: F\nInitial: S\nParallel: P\nState: M(level: Int)\nEvent: Set(level: Int)\n{\n"
                + "  S { Go X -  Set X - }\n  (P) { Stop S - }\n  (A) : P { - A1 - }\n  A1 : A { E X - }\n"
                + "  X : A { E A1 - }\n  (B) : P { - M - }\n  M : B { H Q - }\n  Q : B { H M(level: 2) - }\n}",
            [
                "7:10: error: state 'M' needs its value 'level' here: write it, as in '- M(level: …)' in the initial row that enters it, or give event 'Go' or state 'S' a value 'level' [stateValue]",
                "4:10: note: 'level' of 'M' is declared here",
            ]),
        // A label in a row of a superstate names a value of every state that takes it;
        // entry and exit actions take their own state's values.
        Example(
            .unknownLabel,
            headers
                + "Event: E(n: Int)\nState: T(x: Int)\nState: V(x: String)\n{\n  (A) { K S log(x) }\n"
                + "  S { E T(x: n) -  F T(x: 1) log(x) }\n  T : A { E V(x: \"a\") - }\n  V : A >stop(n) { E S - }\n}",
            [
                "7:17: error: 'x' is 'Int' in state 'T' but 'String' in state 'V', which both take this row of 'A' [argumentMismatch]",
                "4:10: note: 'x' of 'T' is declared here",
                "5:10: note: 'x' of 'V' is declared here",
                "8:34: error: 'x' is neither a value of event 'F' nor of state 'S'; declare it with 'Event: F(x: Type)' or 'State: S(x: Type)' [unknownLabel]",
                "10:15: error: 'stop' is an exit action, which cannot take 'n': no event's values are there when it runs; the values of 'V' are x; pass a literal, or move the action into the rows [entryExitArguments]",
            ]),
        Example(
            .alwaysCycle,
            headers + "{\n  S { E A - }\n  A { always B a }\n  B { always [c] S -  always C - }\n  C { always A - }\n}",
            [
                "5:7: error: 'always' rows without conditions lead from 'A' back to it (A -> B -> C -> A): the machine would never stop moving; give one of them a condition [alwaysCycle]",
                "6:23: note: 'always' row of 'B'",
                "7:7: note: 'always' row of 'C'",
            ]),
        Example(
            .incompleteDecision,
            headers + "{\n  S { E D - }\n  D { always [a, b] S -  always [!a] T - }\n  T { E S - }\n}",
            [
                "5:3: warning: decision state 'D' takes no 'always' row when a=true, b=false: it then stays until an event comes; add a row without a condition, as in 'always Next -' [incompleteDecision]"
            ]),
        // Rows that all test states, in regions: no answer to name.
        Example(
            .incompleteDecision,
            "FSM: F\nInitial: S\nParallel: P\n{\n  S { E P - }\n  (P) { F S - }\n  (A) : P { - A1 - }\n  A1 : A { always [in(B2)] A2 - }\n  A2 : A { G A1 - }\n  (B) : P { - B1 - }\n  B1 : B { H B2 - }\n  B2 : B { H B1 - }\n}",
            [
                "8:3: warning: decision state 'A1' takes no 'always' row when its state tests fail: it then stays until an event comes; add a row without a condition, as in 'always Next -' [incompleteDecision]"
            ]),
        // A machine that is started has `start()` and `isStarted`.
        Example(
            .invalidSwiftName,
            headers + "{\n  S { Start S f(1)  IsStarted S - }\n}",
            [
                "4:7: error: event 'Start' would become the method 'start()', which the generated machine has because it uses the language of version 3 (literal arguments); rename the event (such as 'Begin') or give it values [invalidSwiftName]",
                "4:21: error: event 'IsStarted' would become the method 'isStarted()', which the generated machine has because it uses the language of version 3 (literal arguments); rename the event [invalidSwiftName]",
            ]),
        // The machine's `snapshot`, the state enum's `handledEvents` and the snapshot type.
        Example(
            .invalidSwiftName,
            """
            FSM: Player
            Initial: S
            Predicate: Snapshot = a | b
            {
              S { Snapshot [Snapshot = a] handledEvents -   Snapshots S - }
              handledEvents { E S - }
            }
            """,
            [
                "3:12: error: predicate type 'Snapshot' and snapshot type 'Player' both become the Swift name 'PlayerSnapshot' [swiftNameCollision]",
                "1:6: note: 'Player' is here",
                "5:7: error: event 'Snapshot' would become the method 'snapshot()', which the generated machine already has [invalidSwiftName]",
                "6:3: error: state 'handledEvents' would become the enum case 'handledEvents', which the state type already has as a member (the events the state handles); choose another name [invalidSwiftName]",
            ]),
        Example(
            .invalidSwiftName,
            """
            FSM: Player
            Initial: S
            Actions: some
            Predicate: _ = c | d
            {
              S { E [_ = c] S - }
            }
            """,
            [
                "3:10: error: 'some' cannot name the actions protocol: Swift reads 'some' as the start of a type, even in backticks; choose another name, or leave the header out for 'PlayerActions' [invalidSwiftName]",
                "4:12: error: '_' cannot name a predicate type: its parameter would be '_', which Swift reads as no label; give the type a name [invalidSwiftName]",
            ]),
        Example(
            .invalidSwiftName,
            headers + """
                Event: A(_: Int, 2nd: Int, s: State, t: [Mod.Event: Outcome?])
                {
                  S { A S - }
                }
                """,
            [
                "3:10: error: a value of event 'A' needs a label: rows pass values by label, as in 'setDuration(duration)' [invalidSwiftName]",
                "3:18: error: '2nd' cannot label a value of event 'A': a Swift argument label cannot start with a digit; choose another label [invalidSwiftName]",
                "3:31: error: 'State' in the type of 's' would name the generated machine's own 'State' where the generated code writes the type; qualify it with its module, as in 'MyModule.State' [invalidSwiftName]",
                "3:41: error: 'Outcome' in the type of 't' would name the generated machine's own 'Outcome' where the generated code writes the type; qualify it with its module, as in 'MyModule.Outcome' [invalidSwiftName]",
            ]),
        Example(
            .invalidSwiftName, headers + "Event: Name(x: Int)\n{\n  S { Name S f(x) }\n}",
            [
                "5:7: error: event 'Name' would become the enum case 'name', which the event type already has as a member (the event without its values); choose another name [invalidSwiftName]"
            ]),
        Example(
            .swiftNameCollision,
            headers + "Event: A(mode: Int)\nPredicate: Mode = x | y\n{\n  S { A [Mode = x] S - }\n}",
            [
                "3:10: error: label 'mode' of event 'A' is also the label of predicate type 'Mode', which the event method may take beside it; choose another label [swiftNameCollision]",
                "4:12: note: 'Mode' is declared here",
            ]),
        Example(
            .contradictoryCondition,
            headers + "Event: A(x: Int, y: Int)\n{\n  S { A [c(x), !c(x)] S -  A [c(x), !c(y)] S g }\n}",
            [
                "5:17: error: the guard asks for both 'c(x)' and '!c(x)', so the row can never apply [contradictoryCondition]",
                "5:10: note: the other is here",
            ]),
        Example(
            .implicitClash, headers + "Event: A(x: Int, y: Int)\n{\n  S { A [c(x)] S f  A [c(y)] S g }\n}",
            [
                "5:21: error: implicit clash for event 'A' in state 'S': this row and another of the same rank both match when c(x)=true, c(y)=true; make one of them more specific [implicitClash]",
                "5:7: note: the other row is here",
            ]),
        Example(
            .invalidSwiftName, "FSM: F\nInitial: S\nActions: Outcome\n{\n  S { E S - }\n}",
            [
                "3:10: error: 'Outcome' cannot name the actions protocol: the generated machine has a member type 'Outcome', which would hide it inside the machine; choose another name, or leave the header out for 'FActions' [invalidSwiftName]"
            ]),
        Example(
            .invalidSwiftName, "FSM: F\nInitial: S\nActions: 1st\n{\n  S { E S - }\n}",
            [
                "3:10: error: '1st' cannot name the actions protocol: a Swift type name cannot start with a digit; choose another name, or leave the header out for 'FActions' [invalidSwiftName]"
            ]),
        Example(
            .libraryTypeName,
            """
            FSM: Timer
            Initial: S
            Actions: Sendable
            { S { E S - } }
            """,
            [
                "1:6: error: 'Timer' cannot name the machine type: the generated 'Timer' would hide the standard library's or Foundation's 'Timer' in the whole module; choose another name, such as 'TimerMachine' [libraryTypeName]",
                "3:10: error: 'Sendable' cannot name the actions protocol: the generated 'Sendable' would hide the standard library's or Foundation's 'Sendable' in the whole module; choose another name, such as 'TimerActions' [libraryTypeName]",
            ]),
        Example(
            .libraryTypeName,
            """
            FSM: Dispatch
            Initial: S
            Predicate: Queue = main | background
            { S { E [Queue = main] S - } }
            """,
            [
                "3:12: error: 'Queue' cannot name the predicate type: the generated 'DispatchQueue' would hide the standard library's or Foundation's 'DispatchQueue' in the whole module; choose another name [libraryTypeName]"
            ]),
        Example(
            .misplacedOverride,
            headers + """
                {
                  S { E { override { S - } } }
                }
                """,
            [
                "4:11: error: 'override { }' is allowed only at the top level of a state body [misplacedOverride]"
            ]),
        Example(
            .misplacedPlaceholder,
            headers + """
                {
                  S { [c] { - - - } }
                }
                """,
            [
                "4:13: error: the event '-' is allowed only at the top of a state body: in the placeholder row '- - -', or in an initial row '- Substate actions' [misplacedPlaceholder]"
            ]),
        Example(
            .invalidConfiguration,
            """
            {
              "acess": "public",
              "access": "open"
            }
            """,
            [
                "2:3: error: unknown key 'acess'; did you mean 'access'? [invalidConfiguration]",
                "3:13: error: 'access' is 'open'; it must be \"public\", \"package\" or \"internal\" [invalidConfiguration]",
            ]),
        Example(
            .invalidConfiguration, "{ \"access\": \"public\", }",
            [
                "1:23: error: not valid JSON: expected a key in double quotes, found '}' [invalidConfiguration]"
            ]),
        Example(
            .missingHeader,
            """
            Actions: A
            {
              S { E S - }
            }
            """,
            [
                "2:1: error: missing header 'FSM'; add one such as 'FSM: Turnstile' [missingHeader]",
                "2:1: error: missing header 'Initial'; add one such as 'Initial: Locked' [missingHeader]",
            ]),
        Example(
            .missingOverride,
            headers + """
                {
                  S : B {
                    E S b
                  }
                  (B) {
                    E S a
                  }
                }
                """,
            [
                "5:5: error: transition for event 'E' in state 'S' replaces the one inherited from 'B'; put it in 'override { }' if that is intended [missingOverride]",
                "8:5: note: inherited transition for 'E' is here",
                "5:5: note: fix-it: wrap line 5 in 'override { }'; 'fsmc check --fix' applies it",
            ]),
        Example(
            .nestingTooDeep,
            headers + "{\n  S {" + (1...64).map { " [c\($0)] {" }.joined() + " E - -"
                + String(repeating: " }", count: 65) + "\n}",
            [
                "4:\(6 + (1...63).map { " [c\($0)] {".utf8.count }.reduce(0, +) + 7): error: blocks are nested more than 64 deep [nestingTooDeep]"
            ]),
        Example(
            .noEvents,
            headers + """
                {
                  S { - - - }
                  T - - -
                }
                """,
            [
                "1:6: warning: machine 'F' has no events yet; its machine type will handle none [noEvents]",
                "5:3: warning: state 'T' is unreachable from the initial state 'S' [unreachableState]",
            ]),
        Example(
            .nothingToOverride,
            onePredicate + """
                {
                  S : B {
                    G U -
                    override { E [P = y] S b   F S - }
                  }
                  (B) { E [P = x] S a }
                  U { override { E S - } }
                }
                """,
            [
                "7:16: error: override of event 'E' [P=y] has nothing to override: no superstate of 'S' has a transition for it [nothingToOverride]",
                "7:32: error: override of event 'F' has nothing to override: no superstate of 'S' has a transition for it [nothingToOverride]",
                "10:18: error: override of event 'E' has nothing to override: 'U' has no superstates [nothingToOverride]",
            ]),
        // An override beside a plain row with its key in the same state is a duplicate (or a
        // clash), and, with nothing inherited to replace, overrides nothing as well.
        Example(
            .nothingToOverride,
            headers + """
                {
                  S {
                    E T a
                    override { E T b   F S - }
                    F T -
                  }
                  T : S - - -
                }
                """,
            [
                "6:16: error: duplicate transition for event 'E' in state 'S' [duplicateTransition]",
                "5:5: note: first transition for 'E' is here",
                "6:16: error: override of event 'E' has nothing to override: 'S' has no superstates [nothingToOverride]",
                "6:24: error: override of event 'F' has nothing to override: 'S' has no superstates [nothingToOverride]",
                "7:5: error: transition for event 'F' in state 'S' goes to 'T', but an earlier one goes to 'S' [transitionClash]",
                "6:24: note: the other transition for 'F' is here",
            ]),
        Example(
            .overrideOutOfOrder,
            headers + """
                {
                  S : C {
                    E S c
                  }
                  (C) : B {
                    override { E S b }
                  }
                  (B) {
                    E S a
                  }
                }
                """,
            [
                "5:5: error: transition for event 'E' in state 'S' replaces an override inherited from 'C'; overrides are out of order: put this row in 'override { }' too [overrideOutOfOrder]",
                "8:16: note: the override in 'C' is here",
                "5:5: note: fix-it: wrap line 5 in 'override { }'; 'fsmc check --fix' applies it",
            ]),
        Example(
            .predicateLimit, predicateLimitSource(cases: 41),
            [
                "7:3: error: the predicate combinations for event 'E' in state 'S' are too many to check; split the predicate types or simplify the guards [predicateLimit]"
            ]),
        Example(
            .repeatedCondition,
            headers + """
                {
                  S {
                    E [c, d, c] S -
                    [d] { F [d] S - }
                  }
                }
                """,
            [
                "5:14: warning: condition 'c' is repeated in one guard [repeatedCondition]",
                "5:8: note: first given here",
                "6:14: warning: condition 'd' is repeated in one guard [repeatedCondition]",
                "6:6: note: first given here",
            ]),
        Example(
            .repeatedPredicateCase,
            """
            FSM: F
            Initial: S
            Predicate: P = x | y | x
            {
              S { E [P = y | x | y] S - }
            }
            """,
            [
                "3:24: error: case 'x' is repeated in predicate type 'P' [repeatedPredicateCase]",
                "3:16: note: first given here",
                "5:22: error: case 'y' is repeated in the match for 'P' [repeatedPredicateCase]",
                "5:14: note: first given here",
            ]),
        Example(
            .repeatedPredicateType,
            twoPredicates + """
                {
                  S {
                    E [P = x, Q = a, P = y] S -
                    [Q = b] { F [Q = a] S - }
                  }
                }
                """,
            [
                "7:22: error: predicate type 'P' is matched twice for one row; list its cases once, as in 'P = a | b' [repeatedPredicateType]",
                "7:8: note: first matched here",
                "8:18: error: predicate type 'Q' is matched twice for one row; list its cases once, as in 'Q = a | b' [repeatedPredicateType]",
                "8:6: note: first matched here",
            ]),
        Example(
            .superstateConflict,
            headers + """
                {
                  S : B : C {
                    F S -
                  }
                  (B) { E S b }
                  (C) { E S c }
                }
                """,
            [
                "4:11: error: state 'S' inherits two transitions for event 'E' from 'B' and 'C'; choose one with 'override { }' in 'S' [superstateConflict]",
                "7:9: note: transition inherited from 'B' is here",
                "8:9: note: transition inherited from 'C' is here",
            ]),
        Example(
            .superstateCycle,
            headers + """
                {
                  S : A { E S - }
                  (A) : B - - -
                  (B) : C - - -
                  (C) : A - - -
                }
                """,
            [
                "7:9: error: superstate cycle: 'A' -> 'B' -> 'C' -> 'A'; a state cannot be its own superstate [superstateCycle]"
            ]),
        Example(
            .superstateCycle,
            headers + """
                {
                  S : S { E S - }
                }
                """,
            [
                "4:7: error: superstate cycle: 'S' -> 'S'; a state cannot be its own superstate [superstateCycle]"
            ]),
        Example(
            .swiftNameCollision,
            headers + """
                {
                  S { URLReady S2 go   urlReady S - }
                  S2 { E S doIt   F [doIt] S -   G S do_it }
                  s2 - - -
                }
                """,
            [
                "4:24: error: event 'urlReady' and event 'URLReady' both become the Swift name 'urlReady' [swiftNameCollision]",
                "4:7: note: 'URLReady' is here",
                "5:22: error: 'doIt' is used both as an action and as a condition; a condition returns Bool, an action nothing [swiftNameCollision]",
                "5:12: note: used as an action here",
                "6:3: warning: state 's2' is unreachable from the initial state 'S' [unreachableState]",
                "6:3: error: state 's2' and state 'S2' both become the Swift name 's2' [swiftNameCollision]",
                "5:3: note: 'S2' is here",
            ]),
        Example(
            .syntaxError,
            headers + """
                {
                  S { E S ) }
                }
                """,
            [
                "4:11: error: expected an action, '-' or '{', found ')' [syntaxError]"
            ]),
        Example(
            .tooManyErrors, headers + "{\n  S {\n" + String(repeating: "    E - )\n", count: 101) + "  }\n}",
            (5...104).map {
                "\($0):9: error: expected an action, '-' or '{', found ')' [syntaxError]"
            } + [
                "105:9: error: too many errors (100); stopping here [tooManyErrors]"
            ]),
        // Two rows of one timer: `after(30000ms)` is `after(30s)`, `after(1000ms)` is `after(1s)`.
        Example(
            .transitionClash,
            headers
                + "Isolation: MainActor\n{\n  S { after(30s) T -  after(30000ms) S -  after(1s) T a  after(1000ms) T b }\n  T { E S - }\n}",
            [
                "5:23: error: transition for event 'after(30000ms)' in state 'S' goes to 'S', but an earlier one goes to 'T' [transitionClash]",
                "5:7: note: the other transition for 'after(30000ms)' is here",
                "5:58: error: duplicate transition for event 'after(1000ms)' in state 'S' [duplicateTransition]",
                "5:43: note: first transition for 'after(1000ms)' is here",
            ]),
        Example(
            .transitionClash,
            onePredicate + """
                {
                  S {
                    E [P = x, !c] S a
                    E [!c, P = x] T b
                    F T -
                  }
                  T { E S - }
                }
                """,
            [
                "7:5: error: transition for event 'E' [P=x, !c] in state 'S' goes to 'T', but an earlier one goes to 'S' [transitionClash]",
                "6:5: note: the other transition for 'E' is here",
            ]),
        Example(
            .undefinedPredicateCase,
            twoPredicates + """
                {
                  S { E [P = z, Q = A] S - }
                }
                """,
            [
                "6:14: error: predicate type 'P' has no case 'z' [undefinedPredicateCase]",
                "3:12: note: 'P' is declared here",
                "6:21: error: predicate type 'Q' has no case 'A'; did you mean 'a'? [undefinedPredicateCase]",
                "4:12: note: 'Q' is declared here",
            ]),
        Example(
            .undefinedPredicateType,
            """
            FSM: F
            Initial: S
            Predicate: Enforcement = weak | strong
            {
              S { E [R = x] S -  F [Enforcment = weak] S -  G [Enforcement = weak] S - }
            }
            """,
            [
                "5:10: error: predicate type 'R' is not declared; declare it with 'Predicate: R = a | b' [undefinedPredicateType]",
                "5:25: error: predicate type 'Enforcment' is not declared; did you mean 'Enforcement'? [undefinedPredicateType]",
            ]),
        Example(
            .undefinedState,
            """
            FSM: F
            Initial: Start
            {
              S : Base { E T - }
            }
            """,
            [
                "2:10: error: initial state 'Start' is not defined [undefinedState]",
                "4:7: error: superstate 'Base' is not defined [undefinedState]",
                "4:16: error: next state 'T' is not defined [undefinedState]",
            ]),
        Example(
            .undefinedState,
            """
            FSM: F
            Initial: Locked
            {
              Locked { Coin Unlockd - }
              Unlocked { Pass Locked - }
            }
            """,
            [
                "4:17: error: next state 'Unlockd' is not defined; did you mean 'Unlocked'? [undefinedState]",
                "5:3: warning: state 'Unlocked' is unreachable from the initial state 'Locked' [unreachableState]",
            ]),
        Example(
            .unexpectedCharacter,
            headers + """
                {
                  S { E S a; }
                }
                """,
            [
                "4:12: error: unexpected character ';' [unexpectedCharacter]"
            ]),
        Example(
            .unknownHeader,
            """
            FSM: F
            Initial: S
            Title: Turnstile
            {
              S { E S - }
            }
            """,
            [
                "3:1: error: unknown header 'Title'; expected FSM, Initial, Actions, EntryExit, Isolation, Async, Observable, Predicate, Event, Action, State, StateData, Import, History or Parallel [unknownHeader]"
            ]),
        // A misspelt header gets its did-you-mean, and a misspelt `Initial:` is not also missing.
        Example(
            .unknownHeader, "FSM: F\nIntial: S\nIsolaton: MainActor\n{\n  S { E S - }\n}",
            [
                "2:1: error: unknown header 'Intial'; did you mean 'Initial'? [unknownHeader]",
                "3:1: error: unknown header 'Isolaton'; did you mean 'Isolation'? [unknownHeader]",
            ]),
        // 'Resme' beside 'Resume', which more rows use: a misspelling that would create an event.
        Example(
            .similarEventName,
            headers
                + "{\n  S { Resme T -  Play T - }\n  T { Resume S -  Pause S - }\n  U { Resume S - }\n}",
            [
                "4:7: warning: event 'Resme' looks like a misspelling of event 'Resume', which 2 rows use; did you mean 'Resume'? [similarEventName]",
                "5:7: note: 'Resume' is first used here",
                "6:3: warning: state 'U' is unreachable from the initial state 'S' [unreachableState]",
            ]),
        Example(
            .undefinedAsync,
            headers + """
                Async: fetch isReady
                Async: more
                Observable: maybe
                Isolation: MainActor Extra
                {
                  S { E [isReady] S fech }
                }
                """,
            [
                "3:8: error: 'fetch' in 'Async' is neither an action nor a condition of the machine; did you mean 'fech'? [undefinedAsync]",
                "4:1: error: header 'Async' is given twice [duplicateHeader]",
                "3:1: note: first given here",
                "5:13: error: Observable must be 'true' or 'false', found 'maybe' [invalidHeader]",
                "6:22: error: header 'Isolation' takes one name; found 'Extra' after 'MainActor' [invalidHeader]",
            ]),
        Example(
            .unreachableState,
            headers + """
                {
                  S : B { E S - }
                  T : B { E S - }
                  (B) - - -
                  (C) { E S - }
                  U : C - - -
                }
                """,
            [
                "5:3: warning: state 'T' is unreachable from the initial state 'S' [unreachableState]",
                "7:4: warning: abstract state 'C' is not a superstate of any state reachable from 'S' [unreachableState]",
                "8:3: warning: state 'U' is unreachable from the initial state 'S' [unreachableState]",
            ]),
        // In a region as outside one, a concrete state with an initial row is never current.
        Example(
            .unreachableState,
            regions(replacing: "  A2 : A - - -", with: "  A2 : A { - A3 - }\n  A3 : A2 - - -"),
            [
                "9:3: warning: state 'A2' is never current: entering it enters its initial substate 'A3' [unreachableState]"
            ]),
        Example(
            .unusedPredicateType,
            """
            FSM: F
            Initial: S
            Predicate: P = x | y
            Predicate: Q = a
            {
              S { E [P = x] S - }
            }
            """,
            [
                "4:12: warning: predicate type 'Q' is not used by any guard; every call to handle(_:) must still pass it [unusedPredicateType]"
            ]),
        // Parallel states (Language reference › Regions), on the machine `regions` with
        // regions A and B of P.
        Example(
            .parallelWithoutRegions,
            "FSM: F\nInitial: S\nParallel: P\n{\n  S { E P - }\n  (P) { F S - }\n  (A) : P { - A1 - }\n  A1 : A - - -\n}",
            [
                "3:11: error: parallel state 'P' has one substate, 'A'; its direct substates are its regions, and it needs two or more, declared as 'Region : P' [parallelWithoutRegions]",
                "6:4: note: 'P' is declared here",
                "6:4: warning: abstract state 'P' is not a superstate of any state reachable from 'S' [unreachableState]",
                "7:4: warning: abstract state 'A' is not a superstate of any state reachable from 'S' [unreachableState]",
                "8:3: warning: state 'A1' is unreachable from the initial state 'S' [unreachableState]",
            ]),
        Example(
            .initialInParallel, regions(replacing: "  (P) { F S - }", with: "  (P) { - A1 -  F S - }"),
            [
                "6:9: error: parallel state 'P' has an initial row, but each of its regions ('A', 'B') enters its own initial substate; remove it [initialInParallel]",
                "3:11: note: 'P' is declared parallel here",
            ]),
        Example(
            .regionWithoutInitial, regions(replacing: "  (B) : P { - B1 - }", with: "  (B) : P { H B1 - }"),
            [
                "10:4: error: region 'B' of parallel state 'P' has no initial substate, which it enters whenever 'P' is entered; add one, as in '- B1' in its body [regionWithoutInitial]",
                "3:11: note: 'P' is declared parallel here",
            ]),
        Example(
            .regionsNeedUML, regions.replacingOccurrences(of: "Parallel: P", with: "EntryExit: always\nParallel: P"),
            [
                "4:11: error: parallel state 'P' needs the default (UML) entry and exit, where a region's row exits and enters only inside its region; remove the 'EntryExit: always' header [regionsNeedUML]"
            ]),
        Example(
            .regionInheritance,
            regions(replacing: "  S { E P - }", with: "  S { E P -  K A3 - }\n  (Q) { K S - }\n  A3 : A : Q - - -"),
            [
                "7:12: error: state 'A3' has the superstates 'A' and 'Q', but inside parallel state 'P' each state has one superstate, so that each region is in one state at a time [regionInheritance]",
                "3:11: note: 'P' is declared parallel here",
            ]),
        Example(
            .invalidFork, regions(replacing: "  S { E P - }", with: "  S { E A1 & A2 -  F S & B1 - }"),
            [
                "5:14: error: 'A1' and 'A2' are both in region 'A' of parallel state 'P'; a fork names one state per region [invalidFork]",
                "5:9: note: 'A1' is named here",
                "5:22: error: the states of fork 'S' & 'B1' are not inside one parallel state; a fork enters one state in each of several regions of a parallel state [invalidFork]",
            ]),
        Example(
            .invalidFork, regions(replacing: "  S { E P - }", with: "  S { E B1 & B1 - }"),
            [
                "5:14: error: fork names 'B1' twice; it names one state in each region it enters [invalidFork]",
                "5:9: note: first named here",
            ]),
        Example(
            .crossRegionTransition, regions(replacing: "  A1 : A { G A2 - }", with: "  A1 : A { G B2 - }"),
            [
                "8:14: error: row of 'A1' in region 'A' of parallel state 'P' leads into its region 'B'; regions are orthogonal: move the row to 'P', where a fork can enter both [crossRegionTransition]",
                "10:4: note: region 'B' is declared here",
                "9:3: warning: state 'A2' is unreachable from the initial state 'S' [unreachableState]",
            ]),
        Example(
            .regionConflict, regions(replacing: "  A1 : A { G A2 - }", with: "  A1 : A { G S - }"),
            [
                "8:12: error: row for event 'G' of 'A1' leaves region 'A' of parallel state 'P', while region 'B' has a row for 'G' too; move the row to 'P', where it fires when no region takes the event [regionConflict]",
                "11:12: note: the row of region 'B' is here",
                "9:3: warning: state 'A2' is unreachable from the initial state 'S' [unreachableState]",
            ]),
        // A row into its own parallel state leaves its region too: it enters the parallel state anew.
        Example(
            .regionConflict,
            regions(replacing: "  A2 : A - - -", with: "  A2 : A { H P - }")
                .replacingOccurrences(of: "  B2 : B - - -", with: "  B2 : B { H B1 - }"),
            [
                "9:12: error: row for event 'H' of 'A2' leaves region 'A' of parallel state 'P', while region 'B' has a row for 'H' too; move the row to 'P', where it fires when no region takes the event [regionConflict]",
                "12:12: note: the row of region 'B' is here",
            ]),
        Example(
            .undefinedState, regions(replacing: "  (P) { F S - }", with: "  (P) { F [in(A3)] S - }"),
            [
                "6:15: error: state 'A3' in 'in(A3)' is not defined [undefinedState]"
            ]),
        // State tests are ranked like conditions, even for states that cannot be active together.
        Example(
            .implicitClash, regions(replacing: "  (P) { F S - }", with: "  (P) { F [in(A2)] S -  F [in(B2)] S a }"),
            [
                "6:25: error: implicit clash for event 'F' in state 'P': this row and another of the same rank both match when in(A2)=true, in(B2)=true; make one of them more specific [implicitClash]",
                "6:9: note: the other row is here",
            ]),
        Example(
            .contradictoryCondition, regions(replacing: "  (P) { F S - }", with: "  (P) { F [in(A2), !in(A2)] S - }"),
            [
                "6:20: error: the guard asks for both 'in(A2)' and '!in(A2)', so the row can never apply [contradictoryCondition]",
                "6:12: note: the other is here",
            ]),
        Example(
            .repeatedCondition, regions(replacing: "  (P) { F S - }", with: "  (P) { F [in(A2), in(A2)] S - }"),
            [
                "6:20: warning: state test 'in(A2)' is repeated in one guard [repeatedCondition]",
                "6:12: note: first given here",
            ]),
        // A region's name becomes a nested type and a property of its parallel state's struct.
        Example(
            .invalidSwiftName,
            regions.replacingOccurrences(of: "(A) : P", with: "(AllCases) : P")
                .replacingOccurrences(of: " : A {", with: " : AllCases {").replacingOccurrences(
                    of: " : A - - -", with: " : AllCases - - -"),
            [
                "7:4: error: region 'AllCases' would become the nested type 'AllCases', which Swift gives another meaning there; choose another name [invalidSwiftName]",
                "7:4: error: region 'AllCases' would become the property 'allCases' of 'P''s struct, which Swift gives another meaning; choose another name [invalidSwiftName]",
            ]),
        // A region that is itself a parallel state is a property of its parallel state's struct,
        // not an enum case, and its name is checked once.
        Example(
            .invalidSwiftName,
            "FSM: F\nInitial: S\nParallel: P\nParallel: Description\n{\n  S { E P - }\n  (P) { F S - }\n"
                + "  (Description) : P - - -\n  (X) : Description { - X1 - }\n  X1 : X - - -\n  (Y) : Description { - Y1 - }\n"
                + "  Y1 : Y - - -\n  (B) : P { - B1 - }\n  B1 : B - - -\n}",
            [
                "8:4: error: region 'Description' would become the property 'description' of 'P''s struct, which Swift gives another meaning; choose another name [invalidSwiftName]"
            ]),
    ]

    /// Snippets one step away from triggering the diagnostic, which check without any.
    static let nearMisses: [Example] = [
        // An initial row's label, which every row entering its superstate carries with one
        // type: an event's value, or the source state's.
        Example(
            .unknownLabel,
            headers
                + "Event: E(n: Int)\nState: T(n: Int)\n{\n  S { E P -  G T(n: 1) - }\n  T { F P - }\n  (P) { - Q start(n, 3) }\n  Q : P { H S - }\n}",
            []),
        // `always` rows with conditions and named next states; a cycle with a way out; a
        // decision whose last row has no condition.
        Example(.alwaysRow, headers + "{\n  S { always [ok] T -  E S - }\n  T { E S - }\n}", []),
        // An event only declared is known; values found by label in every event of a block.
        Example(
            .undefinedEvent,
            headers + "Event: Stop(code: Int)\nEvent: Finish(code: Int)\n{\n  S { Stop T ^Finish }\n  T { F S - }\n}",
            []),
        Example(
            .raisedEvent,
            onePredicate.replacingOccurrences(of: "P = x | y", with: "Net = wifi | cell")
                + "Event: Save(id: Int)\nEvent: Keep(id: Int, all: Bool)\nEvent: Saved(id: Int)\n{\n"
                + "  S <^Sent { Save | Keep { T {^Saved ^Sent} }  Ping [Net = wifi] T - }\n"
                + "  T { Saved S -  Sent [ok] S - }\n}",
            []),

        // Values on states without substates; a superstate's rows read its substates' values;
        // a state entered carries what it does not write by label; `T` fits `T?`.
        Example(
            .stateData,
            headers
                + "Event: E(n: Int)\nEvent: F(s: String)\nState: T(x: Int, y: String?)\nState: U(x: Int, y: String?)\n{\n"
                + "  (A) { K S log(x) }\n  S { E T(x: n, y: nil) -  F T(x: 1, y: s) - }\n"
                + "  T : A { E U -  F -(y: s) -  G -(x: plus(x, 1)) - }\n  U : A <show(y) { E S - }\n}",
            []),
        Example(
            .stateValue,
            headers
                + "Event: Start(url: String)\nState: D(url: String, n: Int)\nState: Failed(url: String)\n{\n"
                + "  S { Start D(n: 0) - }\n  D { Tick -(n: next(n)) -  Fail Failed -  Stop S - }\n  Failed { Retry D(n: 0) - }\n}",
            []),
        Example(
            .alwaysCycle, headers + "{\n  S { E A - }\n  A { always B a }\n  B { always [c] A -  E S - }\n}", []),
        Example(
            .incompleteDecision,
            headers + "{\n  S { E D - }\n  D { always [a, b] S -  always T - }\n  T { E S - }\n}", []),
        // `start()` belongs to machines of version 3 only; `start(url:)` is another method.
        Example(.invalidSwiftName, headers + "{\n  S { Start S f  IsStarted S - }\n}", []),
        Example(.invalidSwiftName, headers + "Event: Start(url: String)\n{\n  S { Start S f(1) }\n}", []),
        // Parallel states: two regions, a fork, a join, a region row naming its parallel state.
        Example(.parallelWithoutRegions, regions, []),
        Example(
            .initialInParallel,
            "FSM: F\nInitial: P\nParallel: P\n{\n  S { E P - }\n  (P) { F S - }\n  (A) : P { - A1 - }\n  A1 : A { G S - }\n  (B) : P { - B1 - }\n  B1 : B - - -\n}",
            []),
        Example(
            .regionWithoutInitial, regions(replacing: "  (B) : P { - B1 - }", with: "  (B) : P { - B1 -  H B1 - }"), []),
        // The near miss of `EntryExit: always` is the default mode: no header.
        Example(.regionsNeedUML, regions + "\n", []),
        Example(
            .regionInheritance,
            regions(replacing: "  S { E P - }", with: "  S { E P -  K S2 - }\n  (Q) { L S - }\n  S2 : S : Q - - -"), []),
        Example(.invalidFork, regions(replacing: "  S { E P - }", with: "  S { E A2 & B2 -  F B2 & A1 - }"), []),
        Example(
            .crossRegionTransition,
            regions(replacing: "  (P) { F S - }", with: "  (P) { F S -  G A2 & B2 - }")
                .replacingOccurrences(of: "  A2 : A - - -", with: "  A2 : A { H P - }"), []),
        // A row into its own region keeps the region (it re-enters below it).
        Example(
            .regionConflict,
            regions(replacing: "  (P) { F S - }", with: "  (P) { F S -  G S - }")
                .replacingOccurrences(of: "  A2 : A - - -", with: "  A2 : A { G A - }"), []),
        Example(.undefinedState, regions(replacing: "  (P) { F S - }", with: "  (P) { F [in(A2), !in(B)] S - }"), []),
        Example(.invalidConfiguration, "{\n  \"access\": \"package\"\n}\n", []),
        // `after` as an event, an action and an entry action; the shortest and longest durations.
        Example(
            .misplacedAfter,
            headers + "Isolation: MainActor\n{\n  S <after { after S after  after(1ms) S -  after(2400h) S - }\n}", []),
        Example(
            .invalidDuration,
            headers
                + "Isolation: MainActor\n{\n  S { after(500ms) T -  after(30s) S -  after(2min) S - }\n  T { after(1h) S - }\n}",
            []),
        // Timers in a state and its superstate, guarded by conditions, in an isolated machine.
        Example(
            .timerPredicate,
            headers
                + "Isolation: MainActor\n{\n  (A) { after(30s) T - }\n  S : A { after(30s) [isSlow] T -  after(30s) T - }\n  T { E S - }\n}",
            []),
        // Timers in a machine without `Isolation:`: the app runs them (SPEC 1.5).
        Example(
            .timerPredicate,
            headers
                + "{\n  (A) { after(30s) T - }\n  S : A { after(30s) [isSlow] T -  after(30s) T - }\n  T { E S - }\n}",
            []),
        Example(
            .timerPredicate,
            headers
                + "Isolation: MainActor\nPredicate: Network = wifi | cellular\n{\n  S { E [Network = wifi] T -  after(30s) [isSlow] T - }\n  T { E S - }\n}",
            []),
        // An action and a condition async, isolated to a global actor, observable.
        Example(
            .undefinedAsync,
            headers + "Isolation: MainActor\nAsync: fetch isReady\nObservable: true\n{\n  S { E [isReady] S fetch }\n}",
            []),
        // A superstate entered through its initial rows, down two levels, with history.
        Example(
            .abstractTarget,
            headers
                + "History: P = deep\n{\n  (P) { - Q  go }\n  (Q) : P { - A  - }\n  A : Q { E S - }\n  B : P { E A - }\n  S { E P -  F B - }\n}",
            []),
        Example(
            .historyWithoutInitial,
            headers + "History: P = shallow\n{\n  (P) { - A  - }\n  A : P { E S - }\n  S { E P - }\n}", []),
        Example(
            .historyWithoutSubstates,
            headers + "History: P = deep\n{\n  (P) { - A  -  E S - }\n  A : P { F S - }\n  S { E P - }\n}", []),
        // A letter replaced is a name meant (Coin, Join; Step1, Step2), and so is a plural.
        Example(
            .similarEventName,
            headers
                + "{\n  S { Coin T -  Join T -  Step1 T -  Step2 T -  Item T - }\n  T { Resume S -  Resume2 S -  Items S - }\n}",
            []),
        // A test of the state itself or of a superstate holds wherever the row is.
        Example(
            .stateTestNeverHolds,
            headers + "{\n  (P) { E [in(P)] T -  E S - }\n  S : P { F T -  G [!in(T)] S a }\n  T : P { F S - }\n}",
            []),
        // Deep history resumes the leaf; with shallow history, Q needs an initial row.
        Example(
            .shallowHistoryAbstract,
            headers
                + "History: P = deep\n{\n  (P) { - A  -  E S - }\n  (Q) : P { F B - }\n  A : Q - - -\n  B : Q - - -\n  S { E P - }\n}",
            []),
        Example(
            .shallowHistoryAbstract,
            headers
                + "History: P = shallow\n{\n  (P) { - A  -  E S - }\n  (Q) : P { - A  -  F B - }\n  A : Q - - -\n  B : Q - - -\n  S { E P - }\n}",
            []),
        Example(
            .duplicateInitial, headers + "{\n  (P) { - A  - }\n  (P) { E S - }\n  A : P { F S - }\n  S { E P - }\n}", []
        ),
        Example(
            .initialNotSubstate, headers + "{\n  (P) { - A  - }\n  (Q) : P - - -\n  A : Q { E S - }\n  S { E P - }\n}",
            []),
        Example(
            .initialCycle,
            headers + "{\n  S { E P - }\n  (P) { - Q  -  E S - }\n  (Q) : P { - U  - }\n  U : Q { F S - }\n}", []),
        Example(.abstractAndConcrete, headers + "{\n  S : B { E S - }\n  (B) { F S - }\n  (B) { G S - }\n}", []),
        Example(.abstractTarget, headers + "{\n  S : B { E T - }\n  T : B { E S - }\n  (B) { F S - }\n}", []),
        Example(.contradictoryCondition, headers + "{\n  S { E [isOpen] S -   E [!isOpen] T - }\n  T - - -\n}", []),
        Example(
            .argumentMismatch,
            headers
                + "Event: A(x: Int, y: Int)\nEvent: B(y: Int, x: Int)\n{\n  S { A | B T f(x, y) }\n  T { B S f(y, x) }\n}",
            []),
        Example(.unknownLabel, headers + "Event: A(x: Int)\n{\n  S { A [ok(x)] S f(x)  A S - }\n}", []),
        // Two calls of one condition with other values are two conditions.
        Example(
            .contradictoryCondition,
            headers + "Event: A(x: Int, y: Int)\n{\n  S { A [c(x), !c(y)] S g  A [c(x), c(y)] S h }\n}", []),
        Example(
            .implicitClash,
            headers + "Event: A(x: Int, y: Int)\n{\n  S { A [c(x)] S f  A [!c(x)] S g  A [c(x), c(y)] S h }\n}", []),
        // Labels may be keywords and type names may be qualified.
        Example(
            .invalidSwiftName,
            headers
                + "Event: A(default: Int, in: MyModule.State, event: [Swift.String: Int]?)\n{\n  S { A S f(default, in, event) }\n}",
            []),
        Example(.unusedEvent, headers + "Event: A(x: Int)\n{\n  S { A S f(x) }\n}", []),
        Example(
            .duplicateHeader,
            """
            FSM: F
            Initial: S
            Actions: FSM
            EntryExit: always
            Predicate: P = x | y
            Predicate: Q = z
            {
              S { E [P = x] S -  F [Q = z] S - }
            }
            """, []),
        Example(
            .duplicateTransition, onePredicate + "{\n  S {\n    E [P = x] S a\n    E [P = y] S b\n    F S a\n  }\n}", []
        ),
        Example(
            .emptyBlock,
            headers + """
                {
                  S : B {
                    E { S - }
                    [c] { F S - }
                    override { G S - }
                  }
                  (B) { G S - }
                }
                """, []),
        Example(.emptyGuard, headers + "{\n  S {\n    E [c] S -\n    [d] { F S - }\n  }\n}", []),
        // `()` passes no arguments, as after a row's action.
        Example(.entryExitArguments, headers + "{\n  S <on() >{a off} { E S on }\n}", []),
        // Literals in entry, exit and initial lists.
        Example(
            .entryExitArguments,
            headers
                + "{\n  S <on(3) >{a off(\"x\", false)} { E P - }\n  (P) { - Q start(true, -1.5) }\n  Q : P - - -\n}",
            []),
        // Literals that fit: an integer for a Double, members and nil of declared types, a
        // string for a type fsmc does not know, `T` where `T?` is declared.
        Example(
            .literalMismatch,
            headers + """
                Action: emit(_ status: Status?)
                Action: say(_ text: Text, to person: String)
                Event: E(x: Double, n: Int)
                {
                  S {
                    E [atLeast(3)] S {scale(2) scale(x) emit(.on) emit(nil) say("hi", "me")}
                    F S {scale(-0.5) emit(.off) retry(1_000) say(.empty, "you")}
                    E [!atLeast(3), atLeast(x)] S -
                  }
                }
                """,
            []),
        Example(
            .undefinedAction,
            headers
                + "Action: emit(_ status: Status)\nAction: isOK(_ n: Int)\n{\n  S <emit(.on) { E [isOK(1)] S - }\n}",
            []),
        Example(
            .implicitClash,
            twoPredicates + """
                {
                  S {
                    E [P = x] S a
                    E [Q = a] S b
                    E [P = x, Q = a] S c
                  }
                }
                """, []),
        Example(
            .inconsistentEntryExit,
            headers + """
                {
                  S <a >b { E S - }
                  S <a { F S - }
                  S >b - - -
                  S { G S - }
                }
                """, []),
        Example(.invalidHeader, "FSM: F\nInitial: S\nEntryExit: ALWAYS\n{\n  S { E S - }\n}", []),
        Example(
            .invalidSwiftName,
            """
            FSM: Selfish
            Initial: S
            Actions: AnyActions
            Predicate: Kind = a | b
            Predicate: Events = hashed | c
            {
              S {
                states [Kind = a, Events = hashed] S -
                descriptions S -
              }
            }
            """, []),
        Example(
            .libraryTypeName,
            """
            FSM: Timers
            Initial: S
            Actions: TimerActions
            Predicate: Optionality = a | b
            Predicate: In = c | d
            {
              S { E [Optionality = a, In = c] S - }
            }
            """, []),
        Example(.misplacedOverride, headers + "{\n  S : B { override { E { S - } } }\n  (B) { E S - }\n}", []),
        Example(.misplacedPlaceholder, headers + "{\n  S { - - -  [c] { E S - } }\n}", []),
        Example(.missingHeader, "fsm: F\nINITIAL: S\n{\n  S { E S - }\n}", []),
        Example(
            .missingOverride, headers + "{\n  S : B {\n    override { E S b }\n  }\n  (B) {\n    E S a\n  }\n}", []),
        Example(
            .nestingTooDeep,
            headers + "{\n  S {" + (1...63).map { " [c\($0)] {" }.joined() + " E - -"
                + String(repeating: " }", count: 64) + "\n}", []),
        Example(.noEvents, headers + "{\n  S : B - - -\n  (B) { E S - }\n}", []),
        Example(
            .nothingToOverride,
            onePredicate + """
                {
                  S : B {
                    G U -
                    override { E [P = x] S b }
                  }
                  (B) { E [P = x] S a }
                  U : B { override { E [P = x] S - } }
                }
                """, []),
        Example(
            .overrideOutOfOrder,
            headers + """
                {
                  S : C {
                    override { E S c }
                  }
                  (C) : B {
                    override { E S b }
                  }
                  (B) {
                    E S a
                  }
                }
                """, []),
        Example(.predicateLimit, predicateLimitSource(cases: 1), []),
        Example(.repeatedCondition, headers + "{\n  S {\n    E [c, d] S -\n    [d] { F [c] S - }\n  }\n}", []),
        Example(
            .repeatedPredicateCase, "FSM: F\nInitial: S\nPredicate: P = x | y | z\n{\n  S { E [P = y | x | z] S - }\n}",
            []),
        Example(
            .repeatedPredicateType,
            twoPredicates + "{\n  S {\n    E [P = x, Q = a] S -\n    [Q = b] { F [P = x] S - }\n  }\n}", []),
        Example(
            .superstateConflict,
            headers + """
                {
                  S : B : C {
                    override { E S s }
                  }
                  (B) { E S b }
                  (C) { E S c }
                }
                """, []),
        Example(
            .superstateCycle, headers + "{\n  S : A { E S - }\n  (A) : B - - -\n  (B) : C - - -\n  (C) - - -\n}", []),
        Example(
            .swiftNameCollision,
            headers + """
                {
                  S { URLReady S2 go   uRLReady S - }
                  S2 { E S doIt   F [canDo] S -   G S do_It }
                }
                """, []),
        Example(.syntaxError, headers + "{\n  S { E S - }\n}", []),
        Example(.tooManyErrors, headers + "{\n  S {\n" + (1...200).map { "    E\($0) - -\n" }.joined() + "  }\n}", []),
        Example(
            .transitionClash, onePredicate + "{\n  S {\n    E [P = x] S a\n    E [P = y, c] T b\n  }\n  T { E S - }\n}",
            []),
        Example(.undefinedPredicateCase, twoPredicates + "{\n  S { E [P = x, Q = a] S - }\n}", []),
        Example(.undefinedPredicateType, twoPredicates + "{\n  S { E [P = x] S -  F [Q = a] S - }\n}", []),
        Example(
            .undefinedState, "FSM: F\nInitial: S\n{\n  S : Base { E T - }\n  T : Base - - -\n  (Base) - - -\n}", []),
        Example(.unexpectedCharacter, headers + "{\n  S { E S a } // ; @ é \u{0}\n}", []),
        Example(.unknownHeader, "FSM: F\nInitial: S\nActions: Turnstile\nEntryExit: onChange\n{\n  S { E S - }\n}", []),
        Example(
            .unreachableState, headers + "{\n  S : B { E T - }\n  T : C { E S - }\n  (B) - - -\n  (C) - - -\n}", []),
        Example(
            .unusedPredicateType,
            """
            FSM: F
            Initial: S
            Predicate: P = x | y
            Predicate: Q = a
            {
              S { E [P = x] S -  E [Q = a, P = y] S - }
            }
            """, []),
    ]

    /// Three predicate types of 50 cases and one row that lists all cases of two of them
    /// and `cases` of the third: spelt out, that is 2,500 alternatives per case of the third,
    /// and more than 100,000 are too many.
    static func predicateLimitSource(cases: Int) -> String {
        let all = (0..<50).map { "c\($0)" }.joined(separator: " | ")
        let some = (0..<cases).map { "c\($0)" }.joined(separator: " | ")
        return headers + ["A", "B", "C"].map { "Predicate: \($0) = \(all)\n" }.joined()
            + "{\n  S {\n    E [A = \(all), B = \(all), C = \(some)] S -\n  }\n}"
    }

    @Test(arguments: triggering)
    func triggers(_ example: Example) {
        #expect(example.diagnostics(of: example.source) == example.expected)
        #expect(example.expected.contains { $0.hasSuffix(" [\(example.id.rawValue)]") })
    }

    @Test(arguments: nearMisses)
    func nearMissIsClean(_ example: Example) {
        #expect(example.diagnostics(of: example.source) == example.expected)
        #expect(example.expected.isEmpty)
    }

    /// Only the parser stops at 100 errors: 199 duplicate rows are all reported.
    @Test func analyzerErrorsAreNotCapped() {
        let source = Self.headers + "{\n  S {\n" + String(repeating: "    E - -\n", count: 200) + "  }\n}"
        #expect(
            diagnosticLines(compiling: source)
                == (6...204).flatMap {
                    [
                        "\($0):5: error: duplicate transition for event 'E' in state 'S' [duplicateTransition]",
                        "5:5: note: first transition for 'E' is here",
                    ]
                })
    }

    /// A new `DiagnosticID` without a triggering example and a near miss fails here.
    @Test(arguments: DiagnosticID.allCases)
    func everyIDHasExamples(_ id: DiagnosticID) {
        #expect(Self.triggering.contains { $0.id == id }, "no example triggers \(id)")
        #expect(Self.nearMisses.contains { $0.id == id }, "no near miss for \(id)")
    }

    /// Errors from several checks in one file come sorted by location, each with its notes.
    @Test func fourErrorsInOneFile() {
        let result = Compiler.check(SourceFile(name: "Turnstile.sm", text: Samples.fourErrors))
        #expect(result.machine == nil)
        #expect(
            result.diagnostics.map(\.id) == [.duplicateTransition, .transitionClash, .implicitClash, .undefinedState])
        #expect(
            result.diagnostics.map(\.description) == [
                """
                Turnstile.sm:8:5: error: duplicate transition for event 'Coin' in state 'Locked' [duplicateTransition]
                Turnstile.sm:7:5: note: first transition for 'Coin' is here
                """,
                """
                Turnstile.sm:10:5: error: transition for event 'Pass' [Enforcement=weak] in state 'Locked' goes to 'Alarming', but an earlier one goes to 'Locked' [transitionClash]
                Turnstile.sm:9:5: note: the other transition for 'Pass' is here
                """,
                """
                Turnstile.sm:12:5: error: implicit clash for event 'Kick' in state 'Locked': this row and another of the same rank both match when Enforcement=strong, Reward=positive; make one of them more specific [implicitClash]
                Turnstile.sm:11:5: note: the other row is here
                """,
                "Turnstile.sm:14:19: error: next state 'Lockd' is not defined; did you mean 'Locked'? [undefinedState]",
            ])
    }

    /// A warning alone still gives a model; an error gives none.
    @Test func warningsKeepTheModel() {
        let warned = Compiler.check(
            SourceFile(name: "test.sm", text: Self.headers + "{\n  S { E S - }\n  T { E S - }\n}"))
        #expect(warned.machine != nil)
        #expect(warned.diagnostics.map(\.severity) == [.warning])
        let failed = Compiler.check(SourceFile(name: "test.sm", text: Self.headers + "{\n  S { E T - }\n}"))
        #expect(failed.machine == nil)
        #expect(failed.diagnostics.map(\.severity) == [.error])
    }

    /// Syntax errors stop the pipeline: the undefined state is not reported as well.
    @Test func syntaxErrorsStopBeforeAnalysis() {
        #expect(
            diagnosticLines(compiling: Self.headers + "{\n  S { E Nowhere ) }\n}") == [
                "4:17: error: expected an action, '-' or '{', found ')' [syntaxError]"
            ])
    }

    /// Every summary for `fsmc help diagnostics` is one line, and warnings say so.
    @Test(arguments: DiagnosticID.allCases)
    func summaries(_ id: DiagnosticID) {
        #expect(!id.summary.isEmpty && !id.summary.contains("\n"))
        let isWarning = Self.triggering.filter { $0.id == id }.allSatisfy { example in
            example.expected.contains { $0.hasSuffix("[\(id.rawValue)]") && $0.contains(": warning: ") }
        }
        #expect(id.summary.hasPrefix("warning: ") == isWarning)
    }

    @Test func identifiersAreAlphabetical() {
        let names = DiagnosticID.allCases.map(\.rawValue)
        #expect(names == names.sorted())
    }
}

import FSMTestSupport
import Testing

@testable import FSMCompiler

/// What a machine means once flattened (Language reference › Flattening): inherited rows,
/// `-` resolved, entry and exit actions in each EntryExit mode, predicate ranking,
/// conditions and overrides, read through `fsmc table`'s text format
/// (Commands › fsmc table) and the model.
@Suite struct FlatteningTests {
    static let headers = "FSM: F\nInitial: S\n"

    /// A diamond (S adopts A and B, both adopt Root), a concrete superstate (T : S), rows
    /// with `-` in superstates, entry and exit actions on every level.
    static let hierarchy = """
        {
          (Root) <r1 >r2 { Reset S reset }
          (A) : Root <a1 >a2 { Ea - ea }
          (B) : Root <b1 >b2 { Eb T eb }
          S : A : B <s1 >s2 { Es - es  Go S go }
          T : S <t1 >t2 { Et S et }
        }
        """

    // MARK: Superstates

    @Test func superstatesFoldInOnceWithDashResolvedToEachState() {
        #expect(
            tableLines(Self.headers + Self.hierarchy) == [
                // Inherited rows first in adoption order (A's, whose Root's row comes first,
                // then B's, without Root's row again), then the state's own. By UML's rule a
                // row naming the current state leaves and enters only that state, and a move
                // into a substate (S to T) leaves nothing.
                "S Reset -> S {s2 reset s1}",
                "S Ea -> S {ea}",
                "S Eb -> T {eb t1}",
                "S Es -> S {es}",
                "S Go -> S {s2 go s1}",
                // A concrete superstate's rows, its '-' now meaning T; a row naming S, a
                // superstate of T, leaves T only: S stays.
                "T Reset -> S {t2 reset}",
                "T Ea -> T {ea}",
                "T Eb -> T {t2 eb t1}",
                "T Es -> T {es}",
                "T Go -> S {t2 go}",
                "T Et -> S {t2 et}",
            ])
    }

    /// The table of the three modes in the language reference ("Entry and exit"), row by row.
    @Test func theDocumentedTableOfTheThreeModes() throws {
        let readme = Documentation.article("LanguageReference").text
        let block = try #require(readme.firstRange(of: "```\nFSM: Player\nInitial: Stopped\n"))
        let body = readme[block.upperBound...].prefix { $0 != "`" }
        let rows = readme[block.upperBound...].split(separator: "\n").filter {
            $0.hasPrefix("| ") && $0.contains(" -> ")
        }
        #expect(rows.count == 7)
        for (column, header) in ["", "EntryExit: always\n", "EntryExit: onChange\n"].enumerated() {
            let lines = tableLines("FSM: Player\nInitial: Stopped\n" + header + body)
            let documented = rows.map { row in
                let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return cells[0] + " {" + cells[column + 1] + "}"
            }
            #expect(lines == documented, "column \(column + 1)")
        }
    }

    @Test func alwaysModeRunsTheWholeListsOnEveryTransition() {
        #expect(
            tableLines("FSM: F\nInitial: S\nEntryExit: always\n" + Self.hierarchy) == [
                "S Reset -> S {s2 b2 a2 r2 reset r1 a1 b1 s1}",
                "S Ea -> S {s2 b2 a2 r2 ea r1 a1 b1 s1}",
                "S Eb -> T {s2 b2 a2 r2 eb r1 a1 b1 s1 t1}",
                "S Es -> S {s2 b2 a2 r2 es r1 a1 b1 s1}",
                "S Go -> S {s2 b2 a2 r2 go r1 a1 b1 s1}",
                "T Reset -> S {t2 s2 b2 a2 r2 reset r1 a1 b1 s1}",
                "T Ea -> T {t2 s2 b2 a2 r2 ea r1 a1 b1 s1 t1}",
                "T Eb -> T {t2 s2 b2 a2 r2 eb r1 a1 b1 s1 t1}",
                "T Es -> T {t2 s2 b2 a2 r2 es r1 a1 b1 s1 t1}",
                "T Go -> S {t2 s2 b2 a2 r2 go r1 a1 b1 s1}",
                "T Et -> S {t2 s2 b2 a2 r2 et r1 a1 b1 s1}",
            ])
    }

    @Test func modelOfTheHierarchy() throws {
        let model = try #require(machine(Self.headers + Self.hierarchy))
        let names = { (calls: [ActionCall]) in calls.map { RowText.call(text: $0, in: model) } }
        #expect(model.states.map(\.name) == ["Root", "A", "B", "S", "T"])
        #expect(model.states.map(\.isAbstract) == [true, true, true, false, false])
        #expect(model.concreteStates == [3, 4])
        #expect(model.states[3].superstates == [1, 2])
        #expect(
            model.states.map { names($0.entryActions) } == [
                ["r1"], ["r1", "a1"], ["r1", "b1"], ["r1", "a1", "b1", "s1"], ["r1", "a1", "b1", "s1", "t1"],
            ])
        #expect(
            model.states.map { names($0.exitActions) } == [
                ["r2"], ["a2", "r2"], ["b2", "r2"], ["s2", "b2", "a2", "r2"], ["t2", "s2", "b2", "a2", "r2"],
            ])
        // Abstract states have no transitions of their own in the model.
        #expect(model.states.filter(\.isAbstract).allSatisfy { $0.transitions.isEmpty })
        // Each transition knows where its row was written.
        #expect(
            model.states[4].transitions.map { model.states[$0.declaredIn].name } == ["Root", "A", "B", "S", "S", "T"])
        #expect(model.states[4].transitions.map(\.staysInState) == [false, true, false, true, false, false])
    }

    @Test func deepAndMultipleSuperstatesEnterRootFirstAndExitInExactReverse() throws {
        let source =
            Self.headers + "EntryExit: always\n" + """
                {
                  (X) <x1 >x2 - - -
                  (Y) : X <y1 >y2 - - -
                  (P) <p1 >p2 - - -
                  (Q) : P : Y <q1 >q2 - - -
                  S : Y : Q <s1 >s2 { Go S go }
                }
                """
        // Y brings X then Y; Q brings P, then Y again (counted once), then Q.
        #expect(tableLines(source) == ["S Go -> S {s2 q2 p2 y2 x2 go x1 y1 p1 q1 s1}"])
        let model = try #require(machine(source))
        let state = try #require(model.states.first { $0.name == "S" })
        #expect(state.entryActions.map { RowText.call(text: $0, in: model) } == ["x1", "y1", "p1", "q1", "s1"])
        #expect(state.exitActions.map { RowText.call(text: $0, in: model) } == ["s2", "q2", "p2", "y2", "x2"])
        #expect(state.ownEntryActions.map { RowText.call(text: $0, in: model) } == ["s1"])
    }

    @Test func aSuperstateReachedTwiceCountsOnce() {
        #expect(
            tableLines(
                Self.headers + "EntryExit: always\n" + """
                    {
                      (Root) <r { E S e }
                      (A) : Root - - -
                      (B) : Root - - -
                      (C) : A : B - - -
                      S : C : A : B : Root { F S f }
                    }
                    """) == [
                    "S E -> S {e r}",
                    "S F -> S {f r}",
                ])
    }

    @Test func placeholderAndAbstractStatesGiveNoLines() {
        #expect(
            tableLines(
                Self.headers + """
                    {
                      S { E T - }
                      T - - -
                      (U) { E T - }
                    }
                    """) == ["S E -> T {}"])
    }

    @Test func multiEventRowsAndBlocksFlattenToOneLinePerEvent() {
        #expect(
            tableLines(
                """
                FSM: F
                Initial: S
                Predicate: P = x | y
                Predicate: Q = a | b
                {
                  S {
                    Coin | Pass  T  {a b}
                    Kick { [P = x] T k   [P = y, c] { - - } }
                    [Q = a] { Push | Pull [P = y | x, d] S p   Poke { [c] T - } }
                  }
                  T { Coin S - }
                }
                """) == [
                    "S Coin -> T {a b}",
                    "S Pass -> T {a b}",
                    "S Kick [P=x] -> T {k}",
                    "S Kick [P=y, c] -> S {}",
                    "S Push [Q=a, P=y|x, d] -> S {p}",
                    "S Pull [Q=a, P=y|x, d] -> S {p}",
                    "S Poke [Q=a, c] -> T {}",
                    "T Coin -> S {}",
                ])
    }

    // MARK: Entry and exit

    @Test func entryExitAlwaysRunsThemOnEveryTransition() {
        #expect(
            tableLines("FSM: F\nInitial: S\nEntryExit: always\n" + Self.hierarchy) == [
                "S Reset -> S {s2 b2 a2 r2 reset r1 a1 b1 s1}",
                "S Ea -> S {s2 b2 a2 r2 ea r1 a1 b1 s1}",
                "S Eb -> T {s2 b2 a2 r2 eb r1 a1 b1 s1 t1}",
                "S Es -> S {s2 b2 a2 r2 es r1 a1 b1 s1}",
                "S Go -> S {s2 b2 a2 r2 go r1 a1 b1 s1}",
                "T Reset -> S {t2 s2 b2 a2 r2 reset r1 a1 b1 s1}",
                "T Ea -> T {t2 s2 b2 a2 r2 ea r1 a1 b1 s1 t1}",
                "T Eb -> T {t2 s2 b2 a2 r2 eb r1 a1 b1 s1 t1}",
                "T Es -> T {t2 s2 b2 a2 r2 es r1 a1 b1 s1 t1}",
                "T Go -> S {t2 s2 b2 a2 r2 go r1 a1 b1 s1}",
                "T Et -> S {t2 s2 b2 a2 r2 et r1 a1 b1 s1}",
            ])
    }

    @Test func entryExitOnChangeRunsThemOnlyWhenTheStateChanges() {
        #expect(
            tableLines("FSM: F\nInitial: S\nEntryExit: onChange\n" + Self.hierarchy) == [
                "S Reset -> S {reset}",
                "S Ea -> S {ea}",
                "S Eb -> T {s2 b2 a2 r2 eb r1 a1 b1 s1 t1}",
                "S Es -> S {es}",
                "S Go -> S {go}",
                "T Reset -> S {t2 s2 b2 a2 r2 reset r1 a1 b1 s1}",
                "T Ea -> T {ea}",
                "T Eb -> T {eb}",
                "T Es -> T {es}",
                "T Go -> S {t2 s2 b2 a2 r2 go r1 a1 b1 s1}",
                "T Et -> S {t2 s2 b2 a2 r2 et r1 a1 b1 s1}",
            ])
    }

    @Test(arguments: [
        ("", EntryExitMode.uml, [false, true, true]),
        ("EntryExit: always\n", .always, [true, true, true]),
        ("EntryExit: onChange\n", .onChange, [false, false, true]),
        ("entryexit: ONCHANGE\n", .onChange, [false, false, true]),
    ])
    func entryExitModes(header: String, mode: EntryExitMode, runs: [Bool]) throws {
        let model = try #require(
            machine(
                "FSM: F\nInitial: S\n" + header
                    + "{\n  S <in >out { Stay - a  Again S b  Leave T c }\n  T { Back S - }\n}"))
        #expect(model.entryExit == mode)
        #expect(model.states[0].transitions.map(\.runsExitAndEntry) == runs)
        #expect(model.states[0].transitions.map(\.staysInState) == [true, false, false])
        #expect(model.states[0].transitions.map(\.target) == [0, 0, 1])
        #expect(model.states[0].transitions.map(\.actions) == [[2], [3], [4]])
    }

    // MARK: Predicates

    static let predicateHeaders = "FSM: F\nInitial: S\nPredicate: A = x | y | z\nPredicate: B = p | q\n"

    /// Five rows for one event: rank 0, two of rank 1 that meet only where rank-2 rows
    /// decide, and two of rank 2.
    static let rankedRows = [
        "E                 T0 r0",
        "E [A = x]         T1 r1",
        "E [B = q]         T2 r2",
        "E [A = x, B = p]  T3 r3",
        "E [B = q, A = x]  T4 r4",
    ]

    static func rankedSource(_ rows: [String]) -> String {
        predicateHeaders + "{\n  S {\n" + rows.map { "    " + $0 + "\n" }.joined() + "  }\n"
            + (0...4).map { "  T\($0) { Back S - }\n" }.joined() + "}"
    }

    /// The transition each combination of predicate cases takes: the first branch of the
    /// dispatch whose alternatives include it, as a table line.
    static func winners(_ model: StateMachine, state name: String) -> [String] {
        guard let state = model.states.first(where: { $0.name == name }) else { return [] }
        var lines: [String] = []
        for dispatch in DispatchPlanner(machine: model).plan(state, at: model.states.firstIndex(of: state)!) {
            let types = dispatch.predicateTypes.map { model.predicateTypes[$0] }
            let combinations = types.reduce([[Int]]([[]])) { partial, type in
                partial.flatMap { prefix in type.cases.indices.map { prefix + [$0] } }
            }
            for combination in combinations {
                let branch = dispatch.branches.first { branch in
                    branch.patterns.contains { alternative in
                        zip(alternative, combination).allSatisfy { $0 == nil || $0 == $1 }
                    }
                }
                let when = zip(types, combination).map { "\($0.type.name)=\($0.cases[$1].name)" }.joined(separator: ",")
                let taken = branch.map { branch in
                    branch.transition.map { TransitionTable.line(for: state.transitions[$0], in: state, of: model) }
                        ?? "rejected"
                }
                lines.append("\(model.events[dispatch.event].name) \(when): \(taken ?? "unhandled")")
            }
        }
        return lines
    }

    @Test func theMostSpecificRowWinsWhateverTheOrderOfRows() throws {
        let forward = try #require(machine(Self.rankedSource(Self.rankedRows)))
        let backward = try #require(machine(Self.rankedSource(Self.rankedRows.reversed())))
        let expected = [
            "E A=x,B=p: S E [A=x, B=p] -> T3 {r3}",
            "E A=x,B=q: S E [B=q, A=x] -> T4 {r4}",
            "E A=y,B=p: S E -> T0 {r0}",
            "E A=y,B=q: S E [B=q] -> T2 {r2}",
            "E A=z,B=p: S E -> T0 {r0}",
            "E A=z,B=q: S E [B=q] -> T2 {r2}",
        ]
        #expect(Self.winners(forward, state: "S") == expected)
        #expect(Self.winners(backward, state: "S") == expected)

        // The dispatch itself is the same once transitions are named rather than numbered:
        // equal-rank rows cannot overlap, so only their relative order may differ.
        let normalized = { (model: StateMachine) -> [String] in
            let state = model.states[0]
            return DispatchPlanner(machine: model).plan(state, at: model.states.firstIndex(of: state)!).flatMap {
                dispatch in
                ["\(dispatch.event) \(dispatch.predicateTypes) exhaustive=\(dispatch.isExhaustive)"]
                    + dispatch.branches.compactMap { branch in
                        guard let index = branch.transition else { return nil }
                        let transition = state.transitions[index]
                        return "rank \(transition.guardClause.rank): "
                            + TransitionTable.line(for: transition, in: state, of: model) + " \(branch.patterns)"
                    }
            }
        }
        let forwardDispatch = normalized(forward)
        let backwardDispatch = normalized(backward)
        #expect(forwardDispatch.first == "0 [0, 1] exhaustive=true")
        #expect(forwardDispatch.sorted() == backwardDispatch.sorted())
        // Branches are tried most specific first.
        // The row [A = x] has no branch: rows of rank 2 take all of its combinations.
        let ranks = forwardDispatch.dropFirst().map { $0.split(separator: ":")[0] }
        #expect(ranks == ["rank 2", "rank 2", "rank 1", "rank 0"])
        #expect(!forwardDispatch.contains { $0.contains("-> T1") })
        #expect(backwardDispatch.dropFirst().map { $0.split(separator: ":")[0] } == ranks)
    }

    @Test func tableShowsGuardsAsWrittenAndDoesNotExpandCombinations() {
        #expect(
            tableLines(Self.rankedSource(Self.rankedRows)).prefix(5) == [
                "S E -> T0 {r0}",
                "S E [A=x] -> T1 {r1}",
                "S E [B=q] -> T2 {r2}",
                "S E [A=x, B=p] -> T3 {r3}",
                "S E [B=q, A=x] -> T4 {r4}",
            ])
    }

    /// Rank counts the types a row constrains, not how few cases it accepts.
    @Test func rankIsTheNumberOfConstrainedTypes() throws {
        let model = try #require(
            machine(
                Self.predicateHeaders + """
                    {
                      S {
                        E [A = x | y | z, B = p] T s
                        E [B = p | q] T t
                      }
                      T { Back S - }
                    }
                    """))
        #expect(model.states[0].transitions.map(\.guardClause.rank) == [2, 1])
        #expect(
            Self.winners(model, state: "S") == [
                "E A=x,B=p: S E [A=x|y|z, B=p] -> T {s}",
                "E A=x,B=q: S E [B=p|q] -> T {t}",
                "E A=y,B=p: S E [A=x|y|z, B=p] -> T {s}",
                "E A=y,B=q: S E [B=p|q] -> T {t}",
                "E A=z,B=p: S E [A=x|y|z, B=p] -> T {s}",
                "E A=z,B=q: S E [B=p|q] -> T {t}",
            ])
        // Two rows of rank 1 over different types clash where both match.
        #expect(
            diagnosticLines(
                compiling: Self.predicateHeaders + """
                    {
                      S {
                        E [A = x | y | z] T s
                        E [B = p] T t
                      }
                      T { Back S - }
                    }
                    """) == [
                    "8:5: error: implicit clash for event 'E' in state 'S': this row and another of the same rank both match when A=x, B=p; make one of them more specific [implicitClash]",
                    "7:5: note: the other row is here",
                ])
    }

    @Test func dispatchWithoutPredicatesAndCoverage() throws {
        let model = try #require(
            machine(
                Self.predicateHeaders + """
                    {
                      S {
                        E T -
                        F [A = x] T -
                        F [A = y | z] S -
                        G [B = q] T -
                      }
                      T { Back S - }
                    }
                    """))
        let dispatch = DispatchPlanner(machine: model).plan(model.states[0], at: 0)
        #expect(dispatch.map { model.events[$0.event].name } == ["E", "F", "G"])
        #expect(dispatch.map(\.predicateTypes) == [[], [0], [1]])
        #expect(dispatch.map(\.isExhaustive) == [true, true, false])
        #expect(
            Self.winners(model, state: "S") == [
                "E : S E -> T {}",
                "F A=x: S F [A=x] -> T {}",
                "F A=y: S F [A=y|z] -> S {}",
                "F A=z: S F [A=y|z] -> S {}",
                "G B=p: unhandled",
                "G B=q: S G [B=q] -> T {}",
            ])
    }

    /// Superstates' rows take part in ranking like the state's own.
    @Test func inheritedRowsAreRankedWithOwnRows() throws {
        let model = try #require(
            machine(
                Self.predicateHeaders + """
                    {
                      (Base) { E T base   E [A = x, B = p] T basexp }
                      S : Base { E [A = x] T sx   E [A = y] T sy }
                      T { Back S - }
                    }
                    """))
        #expect(
            Self.winners(model, state: "S") == [
                "E A=x,B=p: S E [A=x, B=p] -> T {basexp}",
                "E A=x,B=q: S E [A=x] -> T {sx}",
                "E A=y,B=p: S E [A=y] -> T {sy}",
                "E A=y,B=q: S E [A=y] -> T {sy}",
                "E A=z,B=p: S E -> T {base}",
                "E A=z,B=q: S E -> T {base}",
            ])
    }

    // MARK: Conditions

    @Test(arguments: [
        // Conditions are part of the key (Language reference › Flattening, Conditions):
        // rows that differ in them are not duplicates; of equal rank, they clash where both
        // can hold, naming the combination.
        (
            "E [c] T a\n    E [d] T b",
            [
                "7:5: error: implicit clash for event 'E' in state 'S': this row and another of the same rank both match when c=true, d=true; make one of them more specific [implicitClash]",
                "6:5: note: the other row is here",
            ]
        ),
        (
            "E [c] T a\n    E [!d] S b",
            [
                "7:5: error: implicit clash for event 'E' in state 'S': this row and another of the same rank both match when c=true, d=false; make one of them more specific [implicitClash]",
                "6:5: note: the other row is here",
            ]
        ),
        // `c` beside `!c` never both hold; a more specific row beside a less specific one is
        // the condition's "else".
        ("E [c] T a\n    E [!c] S b", []),
        ("E [c] T a\n    E T b", []),
        ("E [A = x, c] T a\n    E [A = x] T b", []),
        ("E [c, A = y] - a\n    E [A = y, c, d] T b", []),
        // The same literals in any order are one key.
        (
            "E [c, d] T a\n    E [d, c] T b",
            [
                "7:5: error: duplicate transition for event 'E' [d, c] in state 'S' [duplicateTransition]",
                "6:5: note: first transition for 'E' is here",
            ]
        ),
        (
            "E [c] T a\n    E [c] S b",
            [
                "7:5: error: transition for event 'E' [c] in state 'S' goes to 'S', but an earlier one goes to 'T' [transitionClash]",
                "6:5: note: the other transition for 'E' is here",
            ]
        ),
    ])
    func conditionsTakePartInComparisons(rows: String, expected: [String]) {
        let source =
            "FSM: F\nInitial: S\nPredicate: A = x | y\n{\n  S {\n    \(rows)\n    F [A = x] T -\n  }\n  T { Back S - }\n}"
        #expect(diagnosticLines(compiling: source) == expected)
    }

    /// Events with values (Language reference › Events with values): the model keeps each
    /// event's values, each action's and condition's parameter types with the labels of its
    /// first use, and each row action's argument labels.
    @Test func eventValuesInTheModel() throws {
        let model = try #require(
            machine(
                """
                FSM: P
                Initial: Idle
                Event: Loaded(duration: Double, title: String)
                {
                  Idle {
                    Loaded [isLong(duration)] Idle {setDuration(duration) show(title, duration)}
                    Stop Idle play
                  }
                }
                """))
        #expect(model.events.map(\.name) == ["Loaded", "Stop"])
        #expect(
            model.eventParameters == [
                [
                    EventParameter(label: "duration", type: "Double"),
                    EventParameter(label: "title", type: "String"),
                ], [],
            ])
        #expect(model.actions.map(\.name) == ["setDuration", "show", "play"])
        #expect(
            model.actionParameters == [
                [EventParameter(label: "duration", type: "Double")],
                [EventParameter(label: "title", type: "String"), EventParameter(label: "duration", type: "Double")],
                [],
            ])
        #expect(model.conditionParameters == [[EventParameter(label: "duration", type: "Double")]])
        let loaded = try #require(model.states[0].transitions.first)
        #expect(loaded.actions.map(\.arguments) == [[.label("duration")], [.label("title"), .label("duration")]])
        #expect(loaded.guardClause.conditions.map(\.arguments) == [[.label("duration")]])
    }

    @Test func conditionsAreListedAfterPredicatesInTheOrderWritten() throws {
        let source =
            "FSM: F\nInitial: S\nPredicate: A = x | y\n{\n  S {\n    [isOpen] { E [A = y, isLate, isOpenToo] - a }\n  }\n}"
        #expect(tableLines(source) == ["S E [A=y, isOpen, isLate, isOpenToo] -> S {a}"])
        let model = try #require(machine(source))
        #expect(model.conditions.map(\.name) == ["isOpen", "isLate", "isOpenToo"])
        #expect(model.states[0].transitions[0].guardClause.conditions.map(\.condition) == [0, 1, 2])
        // Conditions count towards the rank as predicate terms do
        // (Language reference › Ranking).
        #expect(model.states[0].transitions[0].guardClause.rank == 4)
    }

    // MARK: Overrides

    @Test func overrideChainsResolveToTheLastOne() {
        #expect(
            tableLines(
                Self.headers + """
                    {
                      (Root) { E S root  F S f }
                      (Mid) : Root { override { E S mid } }
                      S : Mid { override { E S leaf }  G T - }
                      T : Mid { G S - }
                      U : Root { override { F U u }  G S - }
                    }
                    """) == [
                    "S F -> S {f}",
                    "S E -> S {leaf}",
                    "S G -> T {}",
                    "T F -> S {f}",
                    "T E -> S {mid}",
                    "T G -> S {}",
                    "U E -> S {root}",
                    "U F -> U {u}",
                    "U G -> S {}",
                ])
    }

    @Test func anOverrideResolvesTwoSuperstatesConflict() {
        #expect(
            tableLines(
                Self.headers + """
                    {
                      (B) { E S b  F S fb }
                      (C) { E S c  G S gc }
                      S : B : C { override { E S s } }
                    }
                    """) == [
                    "S F -> S {fb}",
                    "S G -> S {gc}",
                    "S E -> S {s}",
                ])
    }

    @Test(arguments: ["S : A : B", "S : B : A"])
    func aDiamondWhereOnePathOverrides(adoption: String) {
        let lines = tableLines(
            Self.headers + """
                {
                  (Root) { E S root  G S - }
                  (A) : Root { override { E S a } }
                  (B) : Root { F S b }
                  \(adoption) - - -
                }
                """)
        #expect(lines.sorted() == ["S E -> S {a}", "S F -> S {b}", "S G -> S {}"])
        #expect(!lines.contains("S E -> S {root}"))
    }

    /// The override key is the event and predicate guard, its cases in any order:
    /// conditions, next state and actions may all differ; other cases make another key. The
    /// override key is the event, the predicate guard (cases in any order) and the
    /// condition literals (Language reference › Overrides): `[A = x | y, c]` overrides
    /// `[A = y | x, c]`, not `[A = y | x]` nor `[A = y | x, !c]`.
    @Test func theOverrideKeyIsEventPredicateGuardAndConditionLiterals() {
        #expect(
            tableLines(
                "FSM: F\nInitial: S\nPredicate: A = x | y | z\n" + """
                    {
                      (Base) { E S base   E [A = y | x, c] S baseyxc   E [A = y | x, !c] S baseyxnotc }
                      S : Base {
                        override { E [A = x | y, c] T own }
                        E [A = z] T z
                      }
                      T { Back S - }
                    }
                    """) == [
                    "S E -> S {base}",
                    "S E [A=y|x, !c] -> S {baseyxnotc}",
                    "S E [A=x|y, c] -> T {own}",
                    "S E [A=z] -> T {z}",
                    "T Back -> S {}",
                ])
    }

    // MARK: Headers and repeated states

    @Test func headerNamesAreCaseInsensitive() {
        let canonical = tableLines(
            "FSM: F\nInitial: S\nEntryExit: onChange\nPredicate: A = x | y\n{\n  S { E [A = x] T go  E [A = y] - stay }\n  T <t { Back S - }\n}"
        )
        let shouted = tableLines(
            "fsm: F\nINITIAL: S\nentryExit: ONCHANGE\npredicate: A = x | y\nactions: Acts\n{\n  S { E [A = x] T go  E [A = y] - stay }\n  T <t { Back S - }\n}"
        )
        #expect(canonical == ["S E [A=x] -> T {go t}", "S E [A=y] -> S {stay}", "T Back -> S {}"])
        #expect(shouted == canonical)
        #expect(
            machine("fsm: F\nINITIAL: S\nactions: Acts\n{\n  S { E S - }\n}").map(MachineTypeNames.init)?.actions
                == "Acts")
    }

    @Test func aStateWrittenTwiceMergesItsRows() throws {
        let source =
            Self.headers + """
                {
                  S <enter { E T e }
                  T : S { F S f }
                  S <enter { G T g }
                  S : Base - - -
                  (Base) { H S h }
                }
                """
        // S's entry action runs when S is entered: not between S and its substate T.
        #expect(
            tableLines(source) == [
                "S H -> S {h enter}",
                "S E -> T {e}",
                "S G -> T {g}",
                "T H -> S {h}",
                "T E -> T {e}",
                "T G -> T {g}",
                "T F -> S {f}",
            ])
        let model = try #require(machine(source))
        #expect(model.states.map(\.name) == ["S", "T", "Base"])
        #expect(model.states[0].entryActions.count == 1)
    }
}

import FSMCompiler
import FSMTestSupport
import Testing

/// `Parallel:` headers, forks `A & B` and state tests `in(State)`
/// (Language reference › Regions): how they parse, how their mistakes are reported, and how
/// `fsmc format` writes them.
@Suite struct RegionSyntaxTests {
    static func parse(_ body: String) -> (syntax: StateMachineSyntax, errors: [String]) {
        let file = SourceFile(name: "test.sm", text: "FSM: F\nInitial: S\nParallel: P\n{\n" + body + "\n}\n")
        let (syntax, diagnostics) = Parser.parse(file)
        return (syntax, diagnostics.map { String($0.description.dropFirst("test.sm:".count)) })
    }

    static func firstRow(_ syntax: StateMachineSyntax) -> RowSyntax? {
        guard case .row(let row)? = syntax.states.first?.items.first else { return nil }
        return row
    }

    @Test func forkTargetsAndStateTests() throws {
        let (syntax, errors) = Self.parse("  S { E [in(A), !in(B), in] A & B & C go }")
        #expect(errors.isEmpty)
        let row = try #require(Self.firstRow(syntax))
        #expect(row.nextState?.text == "A")
        #expect(row.forkTargets.map(\.text) == ["B", "C"])
        #expect(row.forkTargets.map(\.location.column) == [33, 37])
        let terms = try #require(row.guardClause?.terms)
        #expect(terms.count == 3)
        guard case .stateTest(let first, false, let location) = terms[0],
            case .stateTest(let second, true, _) = terms[1],
            case .condition(let plain, false, nil) = terms[2]
        else {
            Issue.record("unexpected terms \(terms)")
            return
        }
        #expect(first.text == "A" && location.column == 10)
        #expect(second.text == "B")
        // `in` without a parenthesis is a condition, as before.
        #expect(plain.text == "in")
        #expect(syntax.headers.last?.name.text == "Parallel" && syntax.headers.last?.value.text == "P")
        #expect(row.description == "E [in(A),!in(B),in] A&B&C {go}")
    }

    @Test(arguments: [
        ("  S { E A & - }", "5:13: error: expected a state after '&', found '-' [syntaxError]"),
        (
            "  S { E - & A go }",
            "5:11: error: expected an action, '-' or '{', found '&'; a fork names a state on each side of '&', as in 'Playing & Muted' [syntaxError]"
        ),
        (
            "  S { E [in(A B)] S - }",
            "5:15: error: expected ')' after the state of 'in(A', found 'B'; 'in(State)' tests one state [syntaxError]"
        ),
        ("  S { E [!in()] S - }", "5:14: error: expected a state in 'in(…)', found ')' [syntaxError]"),
        (
            "  (S) {\n    - A & B -\n  }",
            "6:11: error: an initial row names one substate, found '&' before 'B'; a fork is written in a row with an event, or by the regions' own initial rows [syntaxError]"
        ),
    ])
    func mistakesAreLocated(_ body: String, _ expected: String) {
        #expect(Self.parse(body).errors == [expected])
    }

    @Test func headerTakesOneState() {
        let lines = diagnosticLines(
            compiling: "FSM: F\nInitial: S\nParallel: P = x\nParallel: S\nParallel: S\n{\n  S { E S - }\n}")
        #expect(
            lines == [
                "3:15: error: header 'Parallel' names one state, as in 'Parallel: P' [invalidHeader]",
                "4:11: error: parallel state 'S' has no substates; its direct substates are its regions, and it needs two or more, declared as 'Region : S' [parallelWithoutRegions]",
                "7:3: note: 'S' is declared here",
                "5:11: error: state 'S' is declared parallel twice [duplicateHeader]",
                "4:11: note: first declared here",
            ])
    }

    @Test func formatterWritesForksAndStateTests() {
        let source = "FSM: F\nInitial: S\nParallel: P\n{\n  S {E [ in( A ),!in(B)] A&B go}\n}\n"
        #expect(
            SourceFormatter.format(SourceFile(name: "test.sm", text: source)).text == """
                FSM: F
                Initial: S
                Parallel: P
                {
                  S {
                    E [in(A), !in(B)]  A & B  go
                  }
                }

                """)
    }
}

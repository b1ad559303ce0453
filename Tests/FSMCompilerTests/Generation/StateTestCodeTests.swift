import FSMCompiler
import FSMTestSupport
import Testing

/// Machines without parallel states whose `in(…)` terms make rows dead in some states
/// (issue 39, item 2): their generated Swift builds without warnings, and `table` prints a
/// row's state tests first, where dispatch reads them (item 12).
@Suite struct StateTestCodeTests {
    static let machine = """
        FSM: Switcher
        Initial: A
        {
          (P) { Go { [in(A), v] C -  [in(A), !v] D -  [in(B)] C - } }
          A : P { Switch B - }
          B : P { Switch A - }
          C - - -
          D - - -
        }

        """

    @Test func generatedSwiftBuildsWithoutWarnings() throws {
        let output = Compiler.compile(SourceFile(name: "Switcher.sm", text: Self.machine))
        let swift = try #require(output.swift)
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "state-tests", files: ["Switcher.swift": swift], checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }

    @Test func tableWritesStateTestsFirst() throws {
        let source = """
            FSM: Tested
            Initial: A
            Predicate: Mode = slow | fast
            {
              (P) { Go [Mode = fast, v, in(A)] C - }
              A : P { Switch B - }
              B : P { Switch A - }
              C - - -
            }

            """
        let model = try #require(Compiler.check(SourceFile(name: "Tested.sm", text: source)).machine)
        #expect(TransitionTable.text(model).split(separator: "\n").first == "A Go [in(A), Mode=fast, v] -> C {}")
    }
}

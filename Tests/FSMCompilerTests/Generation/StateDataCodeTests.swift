import FSMCompiler
import FSMTestSupport
import Testing

/// Data states in generated Swift (Language reference › State data, The generated Swift): the
/// state enum claims the conformances the `StateData:` header names, each combination builds
/// warning-free with values that have them, and a claim the values lack fails at the header's
/// line of the `.sm` file.
@Suite struct StateDataCodeTests {
    /// The Swift `compile` generates for `source`, as `name`.sm; a failure names the diagnostics.
    static func swift(of source: String, named name: String) throws -> String {
        let output = Compiler.compile(SourceFile(name: "\(name).sm", text: source))
        return try #require(output.swift, "\(output.diagnostics)")
    }

    /// Builds `swift`, as `name`.swift, with `driver` as its `main.swift` into the program
    /// `executable`, runs it and returns what it prints.
    static func run(_ swift: String, named name: String, driver: String, executable: String) throws -> String {
        let toolchain = try SwiftToolchain.shared.get()
        let program = try toolchain.buildExecutable(
            named: executable, files: ["\(name).swift": swift, "main.swift": driver])
        defer { toolchain.remove(program) }
        return try toolchain.execute(program, input: "")
    }

    /// Expects `swift`, as `name`.swift, to type-check without a warning.
    static func expectTypechecks(_ swift: String, named name: String, check: String) throws {
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: check, files: ["\(name).swift": swift], checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }

    /// A machine whose data states hold `values`, claiming `claims`, in `isolation`.
    static func machine(values: String, claims: String?, headers: String = "") -> String {
        """
        FSM: Chore
        Initial: Idle
        Import: Foundation
        \(headers)State: Running(id: Int, detail: \(values))
        State: Stopped(id: Int)
        \(claims.map { "StateData: \($0)\n" } ?? "")Event: Run(id: Int, detail: \(values))
        {
          Idle { Run  Running  - }
          Running >log(id) { Stop  Stopped  - }
          Stopped { Run  Running  - }
        }

        """
    }

    /// Uses of each claimed conformance, so that a claim the code cannot keep fails.
    static func uses(_ claims: String) -> String {
        var lines = ["func use(_ state: ChoreState, _ snapshot: ChoreSnapshot) {"]
        if claims.contains("Hashable") { lines.append("    _ = Set([state]); _ = Set([snapshot])") }
        if claims.contains("Equatable") || claims.contains("Hashable") { lines.append("    _ = state == state") }
        if claims.contains("Codable") { lines.append("    _ = try? JSONEncoder().encode(snapshot)") }
        if claims.contains("Sendable") { lines.append("    Task { @Sendable in _ = state }") }
        lines.append("}")
        return "import Foundation\n" + lines.joined(separator: "\n") + "\n"
    }

    static let combinations: [(values: String, claims: String?, headers: String)] = [
        ("any Error", nil, ""),
        ("any Error", "Sendable", ""),
        ("String", "Equatable", ""),
        ("String", "Hashable Sendable", ""),
        ("URL", "Hashable Sendable Codable", ""),
        ("[String]", "Codable", ""),
        ("any Error", nil, "Observable: true\n"),
        ("String", "Hashable", "Observable: true\nIsolation: MainActor\n"),
        ("any Error", "Sendable", "Async: log\n"),
    ]

    @Test(arguments: combinations.indices)
    func everyCombinationBuildsWarningFree(_ index: Int) throws {
        let (values, claims, headers) = Self.combinations[index]
        let source = Self.machine(values: values, claims: claims, headers: headers)
        let swift = try Self.swift(of: source, named: "Chore")
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "state-data-\(index)", files: ["Chore.swift": swift, "Uses.swift": Self.uses(claims ?? "")],
            checkingRegions: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3_000))")
    }

    /// A machine isolated to the main actor holds values that are not `Sendable`, made by a
    /// computing action isolated with it.
    @Test func anIsolatedMachineHoldsValuesThatAreNotSendable() throws {
        let source = """
            FSM: Chore
            Initial: Idle
            Import: Foundation
            Isolation: MainActor
            State: Running(id: Int, view: NSObject)
            StateData: Equatable
            Event: Run(id: Int)
            {
              Idle { Run  Running(view: makeView(id))  - }
              Running <show(view) >hide(view) { Stop  Idle  - }
            }

            """
        let swift = try Self.swift(of: source, named: "Chore")
        try Self.expectTypechecks(swift, named: "Chore", check: "state-data-isolated")
    }

    /// `any Error` is neither `Hashable` nor `Codable`: claiming either fails at line 6 of
    /// Chore.sm, the `StateData:` header, not in the generated file.
    @Test(arguments: ["Hashable", "Codable"])
    func aClaimTheValuesLackFailsAtTheHeader(_ claim: String) throws {
        let swift = try #require(
            Compiler.compile(SourceFile(name: "Chore.sm", text: Self.machine(values: "any Error", claims: claim))).swift
        )
        let diagnostics = try SwiftToolchain.shared.get().typecheck(
            named: "state-data-claim-\(claim)", files: ["Chore.swift": swift])
        let protocolName = claim == "Codable" ? "Decodable" : claim
        #expect(
            diagnostics.contains(
                "Chore.sm:6:1: error: type 'ChoreState' does not conform to protocol '\(protocolName)'"))
    }

    /// Names in the bodies: a state's value named like an event's (`detail` here) is bound
    /// apart, so that exit actions and the outcome read the state's own value.
    @Test func aStateValueNamedLikeAnEventValueKeepsItsOwnName() throws {
        let swift = try #require(
            Compiler.compile(SourceFile(name: "Chore.sm", text: Self.machine(values: "Int", claims: nil))).swift)
        #expect(swift.contains("case .running(let idInState, let detailInState):"))
        #expect(swift.contains("state = .stopped(id: idInState)"))
    }

    /// A new machine is given its initial state's values; starting it runs that state's
    /// entry actions with them.
    @Test func theInitializerTakesTheInitialValues() throws {
        let source = """
            FSM: Starter
            Initial: Loading
            State: Loading(url: String, n: Int)
            {
              Loading <show(url, n) { Go Done - }
              Done { Back Loading(url: "b", n: 2) - }
            }

            """
        let swift = try Self.swift(of: source, named: "Starter")
        #expect(swift.contains("init(actions: Actions, url: String, n: Int) {"))
        #expect(swift.contains("        if case .loading(let url, let n) = state {\n            actions.show(url, n)"))
        try Self.expectTypechecks(swift, named: "Starter", check: "state-data-start")
    }

    /// A state named by the initial rows of two superstates takes the values of the row the
    /// machine follows: the one of the superstate it enters (found by the differential test).
    @Test func theInitialRowFollowedGivesTheValues() throws {
        let source = """
            FSM: Twice
            Initial: B
            State: L(v: Int)
            {
              (A) { - L(v: 1) - }
              (B) { - L(v: 2) - }
              L : A : B { Go Other - }
              Other { ToA A -  ToB B - }
            }

            """
        let swift = try Self.swift(of: source, named: "Twice")
        #expect(swift.contains("self.state = .l(v: 2)"))
        #expect(swift.contains("case .toA:\n            state = .l(v: 1)"))
        #expect(swift.contains("case .toB:\n            state = .l(v: 2)"))
        try Self.expectTypechecks(swift, named: "Twice", check: "state-data-initial-rows")
    }

    /// A row into a superstate whose history may resume a data state does not bind the
    /// event's value of that state's label: the state keeps the values it held (Swift would
    /// warn of the unused binding). Found by the differential test (seed 11).
    @Test func aStateResumedByHistoryTakesNoCarriedValue() throws {
        let source = """
            FSM: Resume
            Initial: Idle
            History: Box = deep
            State: In(x: Int)
            Event: Go(x: Int)
            {
              Idle { Go Box - }
              (Box) { - Empty -  Out Idle - }
              Empty : Box { Fill In(x: 5) - }
              In : Box { }
            }

            """
        let swift = try Self.swift(of: source, named: "Resume")
        #expect(swift.contains("case .go:\n"))
        try Self.expectTypechecks(swift, named: "Resume", check: "state-data-resumed-by-history")
    }

    /// With `EntryExit: always`, a row `-` of a data state whose event carries a value of the
    /// state's label keeps the state's value: the event's is not bound (Swift would warn).
    @Test func aRowThatStaysBindsNoCarriedValue() throws {
        let source = """
            FSM: Keep
            Initial: S
            EntryExit: always
            State: T(x: Int)
            Event: E(x: Int)
            {
              S { E T - }
              T <en(x) { E - - }
            }

            """
        let swift = try Self.swift(of: source, named: "Keep")
        try Self.expectTypechecks(swift, named: "Keep", check: "state-data-stay")
    }

    /// A row of a state into its superstate with history resumes that state, which keeps
    /// its values (found by the differential test: it took the initial row's).
    @Test func aResumedSourceKeepsItsValues() throws {
        let source = """
            FSM: Resume
            Initial: P
            History: P = shallow
            State: T(v: Int)
            {
              P { - T(v: 1) - }
              T : P { Back P - }
            }

            """
        let swift = try Self.swift(of: source, named: "Resume")
        #expect(swift.contains("case .back:\n            state = .t(v: v)"))
        #expect(!swift.contains("case .back:\n            state = .t(v: 1)"))
    }

    /// Shallow history resumes only the direct substate: a superstate there is entered by its
    /// initial row, which gives the leaf's values, not those the leaf held when it was left
    /// (found by the differential test: generated code restored the stored leaf).
    @Test func shallowHistoryGivesTheInitialRowsValuesBelowIt() throws {
        let source = """
            FSM: Shallow
            Initial: P
            History: P = shallow
            State: L(v: Int)
            {
              (P) { - Q -  Out Away - }
              (Q) : P { - L(v: 2) - }
              L : Q { Bump -(v: 7) - }
              Away { Back P - }
            }

            """
        let swift = try Self.swift(of: source, named: "Shallow")
        #expect(swift.contains("case .back:\n            state = .l(v: 2)"))
        #expect(!swift.contains("history.p!"))
        try Self.expectTypechecks(swift, named: "Shallow", check: "state-data-shallow-history")
    }

    /// A raised event takes a value the row's event does not carry from the state that
    /// takes the row, and from an exit list from its own state: the values bound apart from
    /// an event value of the same label.
    @Test func aRaisedEventCarriesStateValues() throws {
        let source = """
            FSM: Relay
            Initial: Idle
            State: Busy(job: Int, tries: Int)
            Event: Start(job: Int)
            Event: Report(job: Int, tries: Int)
            Event: Done(job: Int)
            {
              Idle { Start Busy(tries: 0) -  Report - log(job, tries)  Done - finished(job) }
              (Working) { Stop Idle ^Done }
              Busy : Working >^Done { Retry -(tries: 1) ^Report  Fail Idle ^Report }
            }

            """
        let swift = try Self.swift(of: source, named: "Relay")
        #expect(swift.contains("raisedEvents.append(.report(job: jobInState, tries: triesInState))"))
        #expect(swift.contains("raisedEvents.append(.done(job: jobInState))"))
        try Self.expectTypechecks(swift, named: "Relay", check: "state-data-raises")
    }

    /// With `EntryExit: onChange`, a row that names the state it is in gives its values as
    /// any row naming a state does: a value not written is carried by its label, the
    /// event's first; only `-(…)` keeps the values it does not write (found by the
    /// differential test: generated code kept the state's `x`).
    @Test func aRowNamingItsOwnStateCarriesTheEventsValue() throws {
        let source = """
            FSM: Gauge
            Initial: Idle
            EntryExit: onChange
            State: T(x: Int, v: Int)
            Event: E(x: Int)
            {
              Idle { E T(v: 0) - }
              T { E T(v: 1) -  Bump -(v: 2) - }
            }

            """
        let swift = try Self.swift(of: source, named: "Gauge")
        #expect(swift.contains("state = .t(x: x, v: 1)"))
        #expect(swift.contains("state = .t(x: xInState, v: 2)"))
    }

    /// `Initial:` a state below a superstate whose initial row names it: the machine starts
    /// in that state, entering the superstate as its superstate, not by its initial row, so
    /// the initializer takes all its values (found by the differential test: the row's
    /// computing action was read, and its label left undefined).
    @Test func anInitialStateBelowAnInitialRowTakesItsValuesFromTheInitializer() throws {
        let source = """
            FSM: Start
            Initial: Busy
            State: Busy(job: Int, tries: Int)
            Action: first() -> Int
            {
              (Work) { - Busy(job: first(), tries: 0) -  Pause Idle - }
              Busy : Work { Again - - }
              Idle { Resume Work - }
            }

            """
        let swift = try Self.swift(of: source, named: "Start")
        #expect(
            try #require(Compiler.check(SourceFile(name: "Start.sm", text: source)).machine).initialLabels == [
                "job", "tries",
            ])
        #expect(swift.contains("init(actions: Actions, job: Int, tries: Int)"))
        #expect(swift.contains("self.state = .busy(job: job, tries: tries)"))
        #expect(swift.contains("let newJob = actions.first()"))
        try Self.expectTypechecks(swift, named: "Start", check: "state-data-initial-leaf")
    }
}

import FSMCompiler
import FSMTestSupport
import Testing

/// What the Translator writes for one construct, read where it happens: a small machine in,
/// one generated declaration out, compared exactly. The golden files check whole files; a
/// change to the generator shows up here first, next to the construct it changed.
@Suite struct TranslatorSnippetTests {
    static let turnstile = """
        FSM: T
        Initial: Locked
        Predicate: Enforcement = weak | strong
        Predicate: Reward = positive | negative
        {
          (Base) { Reset Locked lock }
          Locked : Base <enterLocked >leaveLocked {
            Coin Unlocked unlock
            Pass [Enforcement = weak] - smile
            Pass [Enforcement = strong, Reward = positive] Alarming alarm
            Kick [isJammed] - {}
          }
          Unlocked : Base { Coin - thankyou  Pass Locked - }
          Alarming : Base - - -
        }
        """

    /// The lines of the generated declaration whose first line contains `start`, through
    /// the closing brace at its indentation; empty when there is none.
    static func snippet(_ source: String, _ start: String) -> String {
        let output = Compiler.compile(SourceFile(name: "T.sm", text: source))
        let lines = (output.swift ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.contains(start) }) else { return "" }
        let indentation = lines[first].prefix { $0 == " " }
        guard let last = lines[first...].firstIndex(where: { $0 == indentation + "}" }) else { return "" }
        return lines[first...last].joined(separator: "\n")
    }

    /// Exit actions, the row's actions, the state change, entry actions, the outcome; a row
    /// from a superstate says where it comes from; `-` changes nothing and runs no exit or
    /// entry actions; a predicate switch tries the most specific row first and falls back to
    /// `unhandled`; a condition guards the transition and rejects.
    @Test func aStateFunction() {
        #expect(
            Self.snippet(Self.turnstile, "func handleInLocked(") == """
                    private func handleInLocked(_ event: TEvent, _ enforcement: TEnforcement, _ reward: TReward) -> Outcome {
                        switch event {
                        case .reset:
                            // from Base
                            actions.leaveLocked()
                            actions.lock()
                            state = .locked
                            actions.enterLocked()
                            return .transitioned(from: .locked, to: .locked)
                        case .coin:
                            actions.leaveLocked()
                            actions.unlock()
                            state = .unlocked
                            return .transitioned(from: .locked, to: .unlocked)
                        case .pass:
                            switch (enforcement, reward) {
                            case (.strong, .positive):
                                actions.leaveLocked()
                                actions.alarm()
                                state = .alarming
                                return .transitioned(from: .locked, to: .alarming)
                            case (.weak, _):
                                actions.smile()
                                return .transitioned(from: .locked, to: .locked)
                            default:
                                return unhandled(event, in: .locked)
                            }
                        case .kick:
                            guard actions.isJammed() else { return .rejected(in: .locked) }
                            return .transitioned(from: .locked, to: .locked)
                        }
                    }
                """)
    }

    /// The events a state does not handle share one case, after the ones it does.
    @Test func unhandledEventsShareOneCase() {
        #expect(
            Self.snippet(Self.turnstile, "func handleInUnlocked(").hasSuffix(
                """
                        case .kick:
                            return unhandled(event, in: .unlocked)
                        }
                    }
                """))
    }

    /// `dispatch` switches on the state and passes everything on to the state's function.
    /// An event method asks only for the predicate types some row of its event looks at,
    /// in any state; `handle` gets the first case of the others, which that event's
    /// dispatch never reads.
    @Test func eventMethodsTakeOnlyThePredicatesTheirRowsUse() {
        #expect(
            Self.snippet(Self.turnstile, "func pass(") == """
                    func pass(enforcement: TEnforcement, reward: TReward) -> Outcome {
                        return handle(.pass, enforcement: enforcement, reward: reward)
                    }
                """)
        let source = Self.turnstile.replacingOccurrences(of: ", Reward = positive]", with: "]")
        let lines = Compiler.compile(SourceFile(name: "T.sm", text: source)).swift?.split(separator: "\n") ?? []
        let pass = lines.firstIndex { $0.contains("/// Handles `Pass`.") }.map { Array(lines[$0..<($0 + 6)]) } ?? []
        #expect(
            pass.map(String.init) == [
                "    /// Handles `Pass`.",
                "    /// No row of `Pass` looks at `Reward`; the method does not ask for it.",
                "    @discardableResult",
                "    func pass(enforcement: TEnforcement) -> Outcome {",
                "        return handle(.pass, enforcement: enforcement, reward: .positive)",
                "    }",
            ])
        let coin = lines.firstIndex { $0.contains("/// Handles `Coin`.") }.map { Array(lines[$0..<($0 + 6)]) } ?? []
        #expect(
            coin.map(String.init) == [
                "    /// Handles `Coin`.",
                "    /// No row of `Coin` looks at `Enforcement` and `Reward`; the method does not ask for them.",
                "    @discardableResult",
                "    func coin() -> Outcome {",
                "        return handle(.coin, enforcement: .weak, reward: .positive)",
                "    }",
            ])
    }

    /// In a machine with regions, the rows of an abstract parallel state count too: its
    /// `Power` row looks at `Mode`, though no concrete state's does.
    @Test func eventMethodsOfRegionMachinesTakeThePredicatesOfParallelStates() {
        let source = """
            FSM: Knob
            Initial: Off
            Parallel: On
            Predicate: Mode = quiet | loud
            {
              Off       { Power On - }
              (On)      { Power [Mode = loud] Off shout  Power Off - }
              (A) : On  { - A1 - }
              A1 : A    { Tap A1 - }
              (B) : On  { - B1 - }
              B1 : B    - - -
            }
            """
        let lines =
            Compiler.compile(SourceFile(name: "Knob.sm", text: source)).swift?.split(separator: "\n").map(String.init)
            ?? []
        let power = lines.firstIndex { $0.contains("/// Handles `Power`.") }.map { Array(lines[$0..<($0 + 5)]) } ?? []
        #expect(
            power == [
                "    /// Handles `Power`.",
                "    @discardableResult",
                "    func power(mode: KnobMode) -> Outcome {",
                "        return handle(.power, mode: mode)",
                "    }",
            ])
    }

    /// Conditions (Language reference › Conditions): rows most specific first, an `if` or a
    /// `where` clause each; the less specific row is the `else`; where rows match the
    /// predicates but their conditions fail, `.rejected`. A condition two rows ask is asked
    /// once, its answer kept in a local through `Self.answer`.
    @Test func conditionsAskedOnceMostSpecificFirst() {
        let source =
            "FSM: T\nInitial: S\nPredicate: P = x | y\n{\n  S {\n    E [c, !d] T a\n    E [d] - b\n    E - z\n"
            + "    F [P = x, c] T a\n    F [P = x] - b\n    F [P = y, !c] - z\n  }\n  T - - -\n}\n"
        #expect(
            Self.snippet(source, "func handleInS(") == """
                    private func handleInS(_ event: TEvent, _ p: TP) -> Outcome {
                        switch event {
                        case .e:
                            var d: Swift.Bool? = nil
                            if actions.c(), !Self.answer(&d, { actions.d() }) {
                                actions.a()
                                state = .t
                                return .transitioned(from: .s, to: .t)
                            }
                            if Self.answer(&d, { actions.d() }) {
                                actions.b()
                                return .transitioned(from: .s, to: .s)
                            }
                            actions.z()
                            return .transitioned(from: .s, to: .s)
                        case .f:
                            var c: Swift.Bool? = nil
                            switch p {
                            case .x where Self.answer(&c, { actions.c() }):
                                actions.a()
                                state = .t
                                return .transitioned(from: .s, to: .t)
                            case .y where !Self.answer(&c, { actions.c() }):
                                actions.z()
                                return .transitioned(from: .s, to: .s)
                            case .x:
                                actions.b()
                                return .transitioned(from: .s, to: .s)
                            case .y:
                                return .rejected(in: .s)
                            }
                        }
                    }
                """)
        #expect(
            Self.snippet(source, "private static func answer(") == """
                    private static func answer(_ memo: inout Swift.Bool?, _ ask: () -> Swift.Bool) -> Swift.Bool {
                        guard let known = memo else {
                            let value = ask()
                            memo = value
                            return value
                        }
                        return known
                    }
                """)
    }

    @Test func dispatchOnTheState() {
        #expect(
            Self.snippet(Self.turnstile, "private func dispatch(") == """
                    private func dispatch(_ event: TEvent, _ enforcement: TEnforcement, _ reward: TReward) -> Outcome {
                        switch state {
                        case .locked:
                            return handleInLocked(event, enforcement, reward)
                        case .unlocked:
                            return handleInUnlocked(event, enforcement, reward)
                        case .alarming:
                            return handleInAlarming(event, enforcement, reward)
                        }
                    }
                """)
    }

    /// `EntryExit: always` runs the full lists on `-` too, and sets the state between them;
    /// a switch that covers every case needs no `default`; a predicate type named like a
    /// local of the generated code keeps its label and is renamed inside the bodies.
    @Test func entryExitAlwaysExhaustiveSwitchAndARenamedParameter() {
        let source = """
            FSM: A
            Initial: S
            EntryExit: always
            Predicate: From = a | b
            {
              S <en >ex { E [From = a] - x   E [From = b] T y }
              T { E S - }
            }
            """
        #expect(
            Self.snippet(source, "func handleInS(") == """
                    private func handleInS(_ event: AEvent, _ fromValue: AFrom) -> Outcome {
                        switch event {
                        case .e:
                            switch fromValue {
                            case .a:
                                actions.ex()
                                actions.x()
                                state = .s
                                actions.en()
                                return .transitioned(from: .s, to: .s)
                            case .b:
                                actions.ex()
                                actions.y()
                                state = .t
                                return .transitioned(from: .s, to: .t)
                            }
                        }
                    }
                """)
        #expect(
            Self.snippet(source, "    func e(") == """
                    func e(from fromValue: AFrom) -> Outcome {
                        return handle(.e, from: fromValue)
                    }
                """)
    }

    /// A step goes on only where it can do something (Language reference › Run to
    /// completion): one that ends in a state with `always` rows (with any outcome where the
    /// machine can rest there, only by a transition into a decision), or took a row that
    /// raises an event (by its entry or exit list too, and by whichever history it resumes);
    /// every other step ends after its own rows, which the generated code decides from the
    /// outcome and not at run time.
    @Test func aStepGoesOnOnlyWhereItCan() {
        let source = """
            FSM: A
            Initial: Idle
            {
              Idle { Go Checking -  Ping - ^Pong  Pong - -  Open Door -  Leave Out - }
              Checking { always [ok] Idle -  always Door - }
              Door { always [shut] Idle -  Knock - - }
              Out <^Pong { Back Idle - }
            }
            """
        #expect(
            Self.snippet(source, "func stepGoesOn(") == """
                    private func stepGoesOn(after outcome: Outcome) -> Swift.Bool {
                        switch outcome {
                        case .transitioned(_, to: .checking), .transitioned(_, to: .door), .rejected(in: .door), .unhandled(in: .door):
                            // It ended in a state with `always` rows.
                            return true
                        case .transitioned(from: .idle, to: .idle), .transitioned(from: .idle, to: .out):
                            // It took a row that raised an event.
                            return true
                        default:
                            return false
                        }
                    }
                """)
        #expect(
            Self.snippet(source, "func handleEvent(").contains(
                """
                        actions.trace(event, outcome: outcome)
                        if stepGoesOn(after: outcome) {
                            completeStep()
                        }
                """))
        // Neither `always` rows nor raised events: nothing to test after a step.
        #expect(!(Compiler.compile(SourceFile(name: "T.sm", text: Self.turnstile)).swift ?? "").contains("stepGoesOn"))
    }

    /// The rest of a step is inlined where a step goes on in a tiny machine, as its
    /// `handleEvent` is, and is a function of its own in a larger one.
    @Test func theRestOfAStepIsInlinedOnlyInATinyMachine() {
        func swift(events: Int) -> String {
            let rows = (0..<events).map { "E\($0) B -" }.joined(separator: "  ")
            let source = "FSM: A\nInitial: A\n{\n  A { \(rows)  Go A ^E0 }\n  B { always A - }\n}\n"
            return Compiler.compile(SourceFile(name: "T.sm", text: source)).swift ?? ""
        }
        #expect(swift(events: 3).contains("    @inline(__always)\n    private func completeStep() {"))
        #expect(swift(events: 3).contains("    @inline(__always)\n    private func takeAlwaysRows() {"))
        #expect(swift(events: 16).contains("    @inline(never)\n    private func completeStep() {"))
        #expect(swift(events: 16).contains("    @inline(__always)\n    private func takeAlwaysRows() {"))
    }

    /// With regions, whether a step goes on is decided at run time, from the raised events
    /// and the configuration: here, whether region `Lamp` is in `Bright`, which has an
    /// `always` row.
    @Test func aStepOfRegionsGoesOnByTheConfiguration() {
        let source = """
            FSM: A
            Initial: Off
            Parallel: On
            {
              Off { Power On ^Lit }
              (On) { Power Off -  Lit - - }
              (Lamp) : On { - Dark - }
              Dark : Lamp { Flip Bright - }
              Bright : Lamp { always [hot] Dark -  Flip Dark - }
              (Fan) : On { - Still - }
              Still : Fan { Spin Still - }
            }
            """
        #expect(
            Self.snippet(source, "func stepGoesOn(") == """
                    private func stepGoesOn() -> Swift.Bool {
                        if !raisedEvents.isEmpty {
                            return true
                        }
                        switch state {
                        case .on(let inner):
                            switch inner.lamp {
                            case .bright:
                                return true
                            default:
                                break
                            }
                        default:
                            break
                        }
                        return false
                    }
                """)
    }

    /// A machine whose rows name no event yet: no `handle`, no queue, no dispatch.
    @Test func aMachineWithoutEvents() {
        let swift = Compiler.compile(SourceFile(name: "T.sm", text: "FSM: T\nInitial: S\n{\n  S { }\n}")).swift ?? ""
        #expect(
            Self.snippet("FSM: T\nInitial: S\n{\n  S { }\n}", "enum TEvent") == """
                enum TEvent: Swift.CaseIterable, Swift.Hashable, Swift.Sendable {
                }
                """)
        #expect(swift.contains("final class T<Actions: TActions> {"))
        #expect(!swift.contains("func handle"))
        #expect(!swift.contains("eventQueue"))
    }
}

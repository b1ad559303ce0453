import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc table --format markdown`: the flattened table grouped by state, safe to paste.
@Suite struct TransitionTableMarkdownTests {
    @Test func enforcedTurnstile() throws {
        let machine = try #require(StateGraphTests.machine(at: "Examples/EnforcedTurnstile/EnforcedTurnstile.sm"))
        #expect(
            TransitionTable.markdown(machine) == """
                | State | Event | Guard | Next state | Actions |
                |---|---|---|---|---|
                | **Locked** | Reset |   | Locked | lock |
                |   | Pass | Enforcement=strong | Alarming | defconOne, alarmOn |
                |   | Coin |   | Unlocked | unlock |
                |   | Pass | Enforcement=weak | Locked | smile, lock |
                | **Unlocked** | Reset |   | Locked | lock |
                |   | Coin | Reward=positive | Unlocked | thankyou |
                |   | Coin | Reward=negative | Unlocked | refund |
                |   | Pass | Enforcement=weak | Locked | lock |
                |   | Pass | Enforcement=strong | Locked | lock |
                | **Alarming** | Pass | Enforcement=strong | Alarming | alarmOff, defconOne, alarmOn |
                |   | Reset | isSupervisorPresent | Locked | alarmOff, logReset, lock |
                |   | Reset |   | Alarming | logRefusedReset |

                """)
    }

    @Test func everyRowOfTheTextTableAppearsInTheSameOrder() throws {
        for path in StateGraphTests.machines {
            let machine = try #require(StateGraphTests.machine(at: path))
            let markdownRows = TransitionTable.markdown(machine).split(separator: "\n").dropFirst(2)
                .filter { !$0.contains("*no transitions*") }
            let textRows = TransitionTable.text(machine).split(separator: "\n")
            #expect(markdownRows.count == textRows.count, "\(path)")
            for (markdown, text) in zip(markdownRows, textRows) {
                let event = text.split(separator: " ")[1]
                #expect(
                    markdown.split(separator: "|")[1].trimmingCharacters(in: [" "]) == String(event),
                    "\(path): \(markdown)")
            }
        }
    }

    @Test func barsAndUnderscoresThatMarkdownWouldReadAreEscaped() throws {
        let escapes = try #require(
            machine(
                """
                FSM: Escapes
                Initial: _draft
                Predicate: Kind = a | b_c
                {
                  _draft {
                    go_on [Kind = a | b_c]  __final__  is_ok
                  }
                  __final__  - - -
                }
                """))
        #expect(
            TransitionTable.markdown(escapes) == """
                | State | Event | Guard | Next state | Actions |
                |---|---|---|---|---|
                | **\\_draft** | go_on | Kind=a\\|b_c | \\_\\_final\\_\\_ | is_ok |
                | **\\_\\_final\\_\\_** | *no transitions* |   |   |   |

                """)
    }
}

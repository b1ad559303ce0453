import FSMCompiler
import FSMTestSupport
import Testing

/// The interpreter is restored only where generated code can be (Language reference ›
/// Initial substates, Regions): in a configuration of states that can be current, with
/// histories of such states. Anything else is a `RestoreError` that says why, in a machine
/// with regions (Deck.sm) as in one without (Jumper.sm).
@Suite struct InterpreterRestoreTests {
    static func model(_ name: String) throws -> StateMachine {
        try #require(machine(String(decoding: readBytes(Paths.fixtures + "/Machines/\(name).sm"), as: UTF8.self)))
    }

    /// The error restoring `leaves` (named) with `history` throws, or nil when it succeeds.
    static func refusal(_ model: StateMachine, _ leaves: [String], history: [String: [String]] = [:]) -> String? {
        let index = { (name: String) in model.states.firstIndex { $0.name == name } ?? -1 }
        let stored = Dictionary(uniqueKeysWithValues: history.map { (index($0.key), $0.value.map(index)) })
        do {
            _ = try Interpreter(model, leaves: leaves.map(index), history: stored)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aStateWithAnInitialRowIsRefusedWithoutRegions() throws {
        let jumper = try Self.model("Jumper")
        #expect(
            Self.refusal(jumper, ["Jumping"])
                == "'Jumping' is never current: entering it enters its initial substate 'Rising'")
        #expect(Self.refusal(jumper, ["Air"]) == "'Air' is abstract, a superstate only, never current")
        #expect(
            Self.refusal(jumper, ["Ground"], history: ["Air": ["Jumping"]])
                == "the history of 'Air': 'Jumping' is never current: entering it enters its initial substate 'Rising'")
        #expect(Self.refusal(jumper, ["Peak"], history: ["Air": ["Rising"]]) == nil)
        let jumping = try #require(jumper.states.firstIndex { $0.name == "Jumping" })
        #expect(throws: Interpreter.RestoreError.self) { try Interpreter(jumper, state: jumping) }
        // Every state that can be current is accepted.
        for state in jumper.currentStates { #expect(throws: Never.self) { try Interpreter(jumper, state: state) } }
    }

    @Test func aStateWithAnInitialRowIsRefusedInRegions() throws {
        let deck = try Self.model("Deck")
        #expect(
            Self.refusal(deck, ["Active", "Normal"])
                == "'Active' is never current: entering it enters its initial substate 'Playing'")
        #expect(
            Self.refusal(deck, ["Standby"])
                == "'Standby' is never current: entering it enters its initial substate 'Idle'")
        #expect(
            Self.refusal(deck, ["Normal", "Playing"], history: ["Playback": ["Active"]])
                == "the history of 'Playback': 'Active' is never current: entering it enters its initial substate 'Playing'"
        )
        let restored = try Interpreter(
            deck, leaves: [index(deck, "Normal"), index(deck, "Paused")],
            history: [index(deck, "Playback"): [index(deck, "Playing")]])
        #expect(restored.leaves == [index(deck, "Paused"), index(deck, "Normal")])
    }

    /// The other configurations no generated value can be.
    @Test func configurationsOutsideTheChartAreRefused() throws {
        let deck = try Self.model("Deck")
        #expect(
            Self.refusal(deck, ["Media"])
                == "'Media' is a parallel state, never current itself: the states of its regions are")
        #expect(Self.refusal(deck, ["Playing"]) == "region 'Volume' of 'Media' has no current state")
        #expect(
            Self.refusal(deck, ["Playing", "Paused", "Normal"])
                == "'Playing' and 'Paused' cannot be current together: no parallel state holds them in two of its regions"
        )
        #expect(
            Self.refusal(deck, ["Idle", "Normal"])
                == "'Idle' and 'Normal' cannot be current together: no parallel state holds them in two of its regions")
        #expect(Self.refusal(deck, ["Idle", "Idle"]) == "'Idle' is given twice")
        #expect(Self.refusal(deck, []) == "a configuration has at least one state")
        #expect(
            Self.refusal(deck, ["Idle"], history: ["Media": ["Playing", "Normal"]])
                == "'Media' has no history: no 'History:' header names it")
        #expect(
            Self.refusal(deck, ["Idle"], history: ["Playback": ["Normal"]])
                == "the history of 'Playback' holds 'Normal', which is not inside it")
        #expect(Self.refusal(deck, ["Nowhere"]) == "there is no state -1: the machine has \(deck.states.count)")
    }

    private func index(_ model: StateMachine, _ name: String) -> StateID {
        model.states.firstIndex { $0.name == name }!
    }
}

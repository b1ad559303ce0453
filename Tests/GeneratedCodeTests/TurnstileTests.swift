import FSMRuntime
import FSMTestSupport
import Testing

struct TurnstileLog: TurnstileActions {
    var log: [String] = []
    var traced: [String] = []
    mutating func lock() { log.append("lock") }
    mutating func unlock() { log.append("unlock") }
    mutating func thankyou() { log.append("thankyou") }
    mutating func alarmOn() { log.append("alarmOn") }
    mutating func alarmOff() { log.append("alarmOff") }
    mutating func unhandledEvent(_ event: TurnstileEvent, in state: TurnstileState) {
        log.append("unhandled \(event) in \(state)")
    }
    mutating func trace(_ event: TurnstileEvent, outcome: Outcome<TurnstileState>) {
        traced.append("\(event): \(outcome)")
    }
}

@Suite struct TurnstileTests {
    @Test func runsTransitionsWithEntryAndExitActionsInOrder() {
        let machine = Turnstile(actions: TurnstileLog())
        #expect(machine.state == .locked)
        #expect(machine.coin() == .transitioned(from: .locked, to: .unlocked))
        #expect(machine.coin() == .transitioned(from: .unlocked, to: .unlocked))
        #expect(machine.pass() == .transitioned(from: .unlocked, to: .locked))
        #expect(machine.pass() == .transitioned(from: .locked, to: .alarming))
        #expect(machine.reset() == .transitioned(from: .alarming, to: .locked))
        #expect(machine.state == .locked)
        // Unlocked's Coin is `-`: an internal transition, so no exit or entry actions.
        #expect(machine.actions.log == ["unlock", "thankyou", "lock", "alarmOn", "alarmOff", "lock"])
    }

    @Test func unhandledEventCallsTheHookAndKeepsTheState() {
        let machine = Turnstile(actions: TurnstileLog(), state: .alarming)
        #expect(machine.handle(.coin) == .unhandled(in: .alarming))
        #expect(machine.state == .alarming)
        #expect(machine.actions.log == ["unhandled Coin in Alarming"])
    }

    @Test func restoringAStateRunsNoEntryActions() {
        let machine = Turnstile(actions: TurnstileLog(), state: .alarming)
        #expect(machine.state == .alarming)
        #expect(machine.actions.log.isEmpty)
    }

    @Test func traceHookSeesEveryOutcome() {
        let machine = Turnstile(actions: TurnstileLog())
        machine.coin()
        machine.pass()
        machine.pass()
        machine.coin()
        #expect(
            machine.actions.traced == [
                "Coin: transitioned from Locked to Unlocked", "Pass: transitioned from Unlocked to Locked",
                "Pass: transitioned from Locked to Alarming", "Coin: unhandled in Alarming",
            ])
    }

    @Test func enumsPrintTheirSMNamesAndListEveryCase() {
        #expect(TurnstileState.allCases.map(\.description) == ["Locked", "Unlocked", "Alarming"])
        #expect(TurnstileEvent.allCases.map(\.description) == ["Reset", "Coin", "Pass"])
        #expect(TurnstileEvent(rawValue: "Coin") == .coin)
        #expect("\(TurnstileState.alarming)" == "Alarming")
    }
}

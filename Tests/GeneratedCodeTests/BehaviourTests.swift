import FSMRuntime
import FSMTestSupport
import Testing

struct EnforcedLog: EnforcedTurnstileActions {
    var log: [String] = []
    var supervisorPresent = false
    mutating func defconOne() { log.append("defconOne") }
    mutating func lock() { log.append("lock") }
    mutating func smile() { log.append("smile") }
    mutating func unlock() { log.append("unlock") }
    mutating func thankyou() { log.append("thankyou") }
    mutating func refund() { log.append("refund") }
    mutating func alarmOn() { log.append("alarmOn") }
    mutating func alarmOff() { log.append("alarmOff") }
    mutating func logReset() { log.append("logReset") }
    mutating func logRefusedReset() { log.append("logRefusedReset") }
    func isSupervisorPresent() -> Bool { supervisorPresent }
    mutating func unhandledEvent(_ event: EnforcedTurnstileEvent, in state: EnforcedTurnstileState) {
        log.append("unhandled \(event) in \(state)")
    }
}

@Suite struct PredicateTests {
    @Test func predicatesChooseTheTransition() {
        let weak = EnforcedTurnstile(actions: EnforcedLog())
        #expect(weak.pass(enforcement: .weak) == .transitioned(from: .locked, to: .locked))
        #expect(weak.actions.log == ["smile", "lock"])

        let strong = EnforcedTurnstile(actions: EnforcedLog())
        #expect(strong.pass(enforcement: .strong) == .transitioned(from: .locked, to: .alarming))
        #expect(strong.actions.log == ["defconOne", "alarmOn"])
    }

    @Test func everyPredicateCombinationIsDispatched() {
        for reward in EnforcedTurnstileReward.allCases {
            let machine = EnforcedTurnstile(actions: EnforcedLog(), state: .unlocked)
            machine.coin(reward: reward)
            #expect(machine.actions.log == [reward == .positive ? "thankyou" : "refund"])
            for enforcement in EnforcedTurnstileEnforcement.allCases {
                let passer = EnforcedTurnstile(actions: EnforcedLog(), state: .unlocked)
                #expect(
                    passer.handle(.pass, enforcement: enforcement, reward: reward)
                        == .transitioned(from: .unlocked, to: .locked))
            }
        }
    }

    /// `Reset [isSupervisorPresent] Locked logReset` beside `Reset - logRefusedReset`: the
    /// condition decides between the two, as `if`/`else` would
    /// (Language reference › Conditions).
    @Test func aConditionWithAnElse() {
        let machine = EnforcedTurnstile(actions: EnforcedLog(), state: .alarming)
        #expect(machine.reset() == .transitioned(from: .alarming, to: .alarming))
        #expect(machine.actions.log == ["logRefusedReset"])

        machine.actions.supervisorPresent = true
        #expect(machine.reset() == .transitioned(from: .alarming, to: .locked))
        #expect(machine.actions.log == ["logRefusedReset", "alarmOff", "logReset", "lock"])
    }

    @Test func combinationNoRowMatchesIsUnhandled() {
        let machine = EnforcedTurnstile(actions: EnforcedLog(), state: .alarming)
        #expect(machine.pass(enforcement: .weak) == .unhandled(in: .alarming))
        #expect(machine.actions.log == ["unhandled Pass in Alarming"])
    }

    @Test func predicateEnumsPrintTheirSMNames() {
        #expect(EnforcedTurnstileEnforcement.allCases.map(\.description) == ["weak", "strong"])
        #expect(EnforcedTurnstileReward(rawValue: "negative") == .negative)
    }
}

@Suite struct EntryExitModeTests {
    // Idle Poke is `-`, Idle Reset names Idle, Running Reset names Running.
    @Test func umlRunsExitAndEntryForNamedStatesOnly() {
        let machine = EntryExitUML(actions: UMLLog())
        machine.poke()
        machine.reset()
        machine.start()
        machine.poke()
        #expect(
            machine.actions.log == [
                "poked",
                "exitIdle", "resetting", "enterIdle",
                "exitIdle", "starting", "powerOn", "watch", "enterRunning",
                "poked",
            ])
    }

    @Test func alwaysRunsExitAndEntryOnEveryTransition() {
        let machine = EntryExitAlways(actions: AlwaysLog(), state: .running)
        machine.poke()
        machine.stop()
        #expect(
            machine.actions.log == [
                "exitRunning", "unwatch", "powerOff", "poked", "powerOn", "watch", "enterRunning",
                "exitRunning", "unwatch", "powerOff", "stopping", "enterIdle",
            ])
    }

    @Test func onChangeRunsExitAndEntryOnlyWhenTheStateChanges() {
        let machine = EntryExitOnChange(actions: OnChangeLog(), state: .running)
        machine.reset()
        machine.poke()
        machine.stop()
        #expect(
            machine.actions.log == [
                "resetting", "poked", "exitRunning", "unwatch", "powerOff", "stopping", "enterIdle",
            ])
    }
}

/// Actions that send events back to their machine, as real actions do.
final class RelayRecorder: RelayActions {
    weak var machine: Relay<RelayRecorder>?
    var log: [String] = []
    var sendOnPress: [RelayEvent] = []
    var sendOnEntry: [RelayEvent] = []

    func leaveOff() { log.append("leaveOff") }
    /// Sends `sendOnPress` the first time only, so that a press it sends ends the chain.
    func pressed() {
        log.append("pressed")
        let events = sendOnPress
        sendOnPress = []
        for event in events { log.append("sent \(event): \(machine!.handle(event))") }
    }
    func enterOn() {
        log.append("enterOn")
        for event in sendOnEntry { log.append("sent \(event): \(machine!.handle(event))") }
    }
    func released() { log.append("released") }
    /// How many more times `echoed` sends `Echo` again: a chain of events, each sent by the
    /// action of the one before.
    var echoesToSend = 0
    func echoed() {
        log.append("echoed in \(machine!.state)")
        if echoesToSend > 0 {
            echoesToSend -= 1
            machine!.handle(.echo)
        }
    }
    func trace(_ event: RelayEvent, outcome: Outcome<RelayState>) { log.append("trace \(event): \(outcome)") }
}

@Suite struct RunToCompletionTests {
    static func makeRelay() -> (Relay<RelayRecorder>, RelayRecorder) {
        let actions = RelayRecorder()
        let machine = Relay(actions: actions)
        actions.machine = machine
        return (machine, actions)
    }

    @Test func eventSentFromAnActionIsHandledAfterTheTransition() {
        let (machine, actions) = Self.makeRelay()
        actions.sendOnPress = [.echo]
        #expect(machine.press() == .transitioned(from: .off, to: .on))
        #expect(
            actions.log == [
                "leaveOff", "pressed", "sent Echo: queued", "enterOn",
                "trace Press: transitioned from Off to On",
                "echoed in On", "trace Echo: transitioned from On to On",
            ])
    }

    @Test func severalQueuedEventsRunInOrderAndMayQueueMore() {
        let (machine, actions) = Self.makeRelay()
        actions.sendOnPress = [.echo, .press]
        actions.sendOnEntry = [.echo]
        // What the press did, though the queued press then took the machine back to Off.
        #expect(machine.press() == .transitioned(from: .off, to: .on))
        #expect(
            actions.log == [
                "leaveOff", "pressed", "sent Echo: queued", "sent Press: queued", "enterOn", "sent Echo: queued",
                "trace Press: transitioned from Off to On",
                "echoed in On", "trace Echo: transitioned from On to On",
                "released", "trace Press: transitioned from On to Off",
                "trace Echo: unhandled in Off",
            ])
        #expect(machine.state == .off)
    }

    /// An action of an event taken from the queue sends another: it joins the queue and
    /// is handled after the events already waiting.
    @Test func eventSentWhileTheQueueDrainsIsHandledLast() {
        let (machine, actions) = Self.makeRelay()
        actions.sendOnPress = [.press, .press]
        actions.sendOnEntry = [.echo]
        #expect(machine.press() == .transitioned(from: .off, to: .on))
        #expect(
            actions.log == [
                "leaveOff", "pressed", "sent Press: queued", "sent Press: queued", "enterOn", "sent Echo: queued",
                "trace Press: transitioned from Off to On",
                "released", "trace Press: transitioned from On to Off",
                "leaveOff", "pressed", "enterOn", "sent Echo: queued", "trace Press: transitioned from Off to On",
                "echoed in On", "trace Echo: transitioned from On to On",
                "echoed in On", "trace Echo: transitioned from On to On",
            ])
        actions.log = []
        #expect(machine.echo() == .transitioned(from: .on, to: .on))
        #expect(actions.log == ["echoed in On", "trace Echo: transitioned from On to On"])
    }

    /// Each event of a long chain is sent by the action of the one before: they are handled
    /// one after another, not nested, so the stack does not grow with the chain.
    @Test func aLongChainOfSentEventsRunsInTurn() {
        let (machine, actions) = Self.makeRelay()
        machine.press()
        actions.log = []
        actions.echoesToSend = 200_000
        #expect(machine.echo() == .transitioned(from: .on, to: .on))
        #expect(actions.echoesToSend == 0)
        #expect(actions.log.count == 2 * 200_001)
        #expect(actions.log.suffix(2) == ["echoed in On", "trace Echo: transitioned from On to On"])
        actions.log = []
        #expect(machine.press() == .transitioned(from: .on, to: .off))
        #expect(actions.log == ["released", "trace Press: transitioned from On to Off"])
    }

    @Test func queueWorksAgainAfterDraining() {
        let (machine, actions) = Self.makeRelay()
        actions.sendOnEntry = [.echo]
        machine.press()
        machine.press()
        actions.log = []
        #expect(machine.press() == .transitioned(from: .off, to: .on))
        #expect(
            actions.log == [
                "leaveOff", "pressed", "enterOn", "sent Echo: queued",
                "trace Press: transitioned from Off to On",
                "echoed in On", "trace Echo: transitioned from On to On",
            ])
    }

    @Test func machineIsReadyForTheNextEventAfterDraining() {
        let (machine, actions) = Self.makeRelay()
        actions.sendOnPress = [.echo]
        machine.press()
        actions.log = []
        #expect(machine.echo() == .transitioned(from: .on, to: .on))
        #expect(actions.log == ["echoed in On", "trace Echo: transitioned from On to On"])
    }
}

/// Relay actions that declare they send no events, and can be told to send one anyway.
final class QuietRelayRecorder: RelayActions {
    static var sendsEvents: Bool { false }
    weak var machine: Relay<QuietRelayRecorder>?
    var log: [String] = []
    var sendOnPress: RelayEvent?

    func leaveOff() { log.append("leaveOff") }
    func pressed() {
        log.append("pressed")
        if let event = sendOnPress { machine!.handle(event) }
    }
    func enterOn() { log.append("enterOn") }
    func released() { log.append("released") }
    func echoed() { log.append("echoed in \(machine!.state)") }
    func trace(_ event: RelayEvent, outcome: Outcome<RelayState>) { log.append("trace \(event): \(outcome)") }

    static func makeRelay() -> (Relay<QuietRelayRecorder>, QuietRelayRecorder) {
        let actions = QuietRelayRecorder()
        let machine = Relay(actions: actions)
        actions.machine = machine
        return (machine, actions)
    }
}

/// Actions that declare `sendsEvents` false: the same transitions without the queue, and,
/// in a build with assertions such as this test build, a fatal error when an action sends
/// an event after all.
@Suite struct ActionsThatSendNoEventsTests {
    @Test func eventsAreHandledAsWithTheQueue() {
        let (machine, actions) = QuietRelayRecorder.makeRelay()
        #expect(machine.press() == .transitioned(from: .off, to: .on))
        #expect(machine.echo() == .transitioned(from: .on, to: .on))
        #expect(machine.press() == .transitioned(from: .on, to: .off))
        #expect(machine.echo() == .unhandled(in: .off))
        #expect(
            actions.log == [
                "leaveOff", "pressed", "enterOn", "trace Press: transitioned from Off to On",
                "echoed in On", "trace Echo: transitioned from On to On",
                "released", "trace Press: transitioned from On to Off",
                "trace Echo: unhandled in Off",
            ])
        #expect(machine.state == .off)
    }

    @Test func aMachineRunsManyEventsAfterAnother() {
        let (machine, actions) = QuietRelayRecorder.makeRelay()
        for _ in 0..<1_000 { machine.press() }
        #expect(machine.state == .off)
        // From Off: leaveOff, pressed, enterOn, trace; from On: released, trace.
        #expect(actions.log.count == 500 * 4 + 500 * 2)
    }

    @Test func anEventSentFromAnActionStopsTheProgramInADebugBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (machine, actions) = QuietRelayRecorder.makeRelay()
            actions.sendOnPress = .echo
            machine.press()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "an action of QuietRelayRecorder sent an event to its own machine, but QuietRelayRecorder.sendsEvents is false"
            ))
    }
}

struct PlayerLog: PlayerActions {
    var log: [String] = []
    mutating func powerUp() { log.append("powerUp") }
    mutating func powerDown() { log.append("powerDown") }
    mutating func startClock() { log.append("startClock") }
    mutating func stopClock() { log.append("stopClock") }
    mutating func showCover() { log.append("showCover") }
}

/// The three-level statechart: initial rows followed down, UML entry and exit, deep and
/// shallow history stored by the transitions that leave a superstate and resumed by those
/// that name it; `fsmc simulate` prints the same run.
@Suite struct StatechartTests {
    @Test func initialRowsHistoryAndUMLEntryAndExit() {
        let machine = Player(actions: PlayerLog())
        var steps: [String] = []
        func send(_ event: PlayerEvent) {
            let before = machine.actions.log.count
            machine.handle(event)
            steps.append("\(event) -> \(machine.state) {\(machine.actions.log[before...].joined(separator: " "))}")
        }
        for event: PlayerEvent in [.power, .play, .stop, .play, .power, .power, .eject, .load, .pause] { send(event) }
        #expect(
            steps == [
                "Power -> Paused {powerUp startClock showCover}",
                "Play -> Playing {}",
                "Stop -> Stopped {stopClock}",
                "Play -> Playing {startClock}",
                "Power -> Off {stopClock powerDown}",
                "Power -> Playing {powerUp startClock}",
                "Eject -> Idle {stopClock}",
                "Load -> Playing {startClock}",
                "Pause -> Paused {}",
            ])
        #expect(machine.history == PlayerHistory(media: .playing, active: .playing))
    }

    @Test func aRestoredMachineResumesItsHistory() {
        let machine = Player(actions: PlayerLog(), state: .off, history: PlayerHistory(media: .stopped))
        machine.power()
        #expect(machine.state == .stopped)
        #expect(machine.actions.log == ["powerUp"])
        // Without history, the initial rows: On, Media, Active, then Paused with the cover.
        let fresh = Player(actions: PlayerLog(), state: .idle)
        fresh.load()
        #expect(fresh.state == .paused)
        #expect(fresh.actions.log == ["startClock", "showCover"])
    }
}

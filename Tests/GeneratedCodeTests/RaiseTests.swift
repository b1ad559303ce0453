import FSMRuntime
import Testing

// Raised events (Language reference › Raised events, Run to completion): Autosave.sm (flat:
// raises in rows, an entry list and an `always` row, values carried by label) and
// Lantern.sm (regions, the main actor, an async action). A raised event is handled after
// the `always` rows of the step that raised it, before events that actions send through
// `handle`, and is traced like any event.

final class AutosaveLog: AutosaveActions {
    var lines: [String] = []
    var written = false
    /// When set, `buffer` sends `Save` to the machine, as an app's action may.
    weak var machine: Autosave<AutosaveLog>?

    func buffer(_ text: String) {
        lines.append("buffer(\(text))")
        if let machine { lines.append("sent Save: \(machine.save())") }
    }
    func notify() { lines.append("notify") }
    func schedule(_ text: String) { lines.append("schedule(\(text))") }
    func write() { lines.append("write") }
    func count() { lines.append("count") }
    func retry() { lines.append("retry") }
    func isWritten() -> Bool { written }
    func unhandledEvent(_ event: AutosaveEvent, in state: AutosaveState) {
        lines.append("unhandled \(event) in \(state)")
    }
    func trace(_ event: AutosaveEvent, outcome: Outcome<AutosaveState>) { lines.append("\(event): \(outcome)") }
    func traceAlways(outcome: Outcome<AutosaveState>) { lines.append("always: \(outcome)") }
}

@MainActor final class LanternLog: LanternActions {
    var lines: [String] = []
    /// When set, `cool` sends `Level` with it to the machine, as an app's action may.
    var level: Int?
    weak var machine: Lantern<LanternLog>?

    func cool() async {
        await Task.yield()
        lines.append("cool")
        if let level, let machine {
            self.level = nil
            lines.append("sent Level: \(await machine.level(value: level))")
        }
    }
    func show(_ value: Int) { lines.append("show(\(value))") }
    func spin() { lines.append("spin") }
    func trace(_ event: LanternEvent, outcome: Outcome<LanternState>) { lines.append("\(event): \(outcome)") }
}

@Suite struct RaiseTests {
    /// The raised events run after the step, in the order raised, each traced; the value
    /// of `Edit` is carried to `Changed` by its label; `handle` returns the event's own outcome.
    @Test func raisedEventsFollowTheStepInOrder() {
        let autosave = Autosave(actions: AutosaveLog())
        #expect(autosave.edit(text: "a") == .transitioned(from: .clean, to: .dirty))
        #expect(
            autosave.actions.lines == [
                "buffer(a)", #"Edit(text: "a"): transitioned from Clean to Dirty"#, "schedule(a)",
                #"Changed(text: "a"): transitioned from Dirty to Dirty"#, "count",
                "Tick: transitioned from Dirty to Dirty",
            ])
    }

    /// An `always` step comes before the events raised by the step that led to it; its own
    /// raised events are handled after it.
    @Test func alwaysStepsComeFirst() {
        let actions = AutosaveLog()
        let autosave = Autosave(actions: actions)
        autosave.edit(text: "a")
        actions.lines = []
        actions.written = true
        #expect(autosave.save() == .transitioned(from: .dirty, to: .saving))
        #expect(autosave.state == .clean)
        #expect(
            actions.lines == [
                "write", "Save: transitioned from Dirty to Saving", "always: transitioned from Saving to Clean",
                "notify", "Written: transitioned from Clean to Clean",
            ])
    }

    /// An event an action sends through `handle` waits until the raised events are handled.
    @Test func raisedEventsComeBeforeEventsSentFromActions() {
        let actions = AutosaveLog()
        let autosave = Autosave(actions: actions)
        actions.machine = autosave
        actions.written = false
        autosave.edit(text: "b")
        #expect(
            actions.lines == [
                "buffer(b)", "sent Save: queued", #"Edit(text: "b"): transitioned from Clean to Dirty"#,
                "schedule(b)", #"Changed(text: "b"): transitioned from Dirty to Dirty"#, "count",
                "Tick: transitioned from Dirty to Dirty", "write", "Save: transitioned from Dirty to Saving", "retry",
                "always: transitioned from Saving to Dirty", "count", "Tick: transitioned from Dirty to Dirty",
            ])
        #expect(autosave.state == .dirty)
    }

    /// A raised event no row takes reaches the unhandled hook.
    @Test func anUnhandledRaiseReachesTheHook() {
        let actions = AutosaveLog()
        let autosave = Autosave(actions: actions)
        autosave.edit(text: "c")
        actions.written = true
        autosave.save()
        actions.lines = []
        // In Clean, `Written` is taken; sending it in Dirty shows an unhandled one.
        autosave.edit(text: "d")
        #expect(autosave.written() == .unhandled(in: .dirty))
        #expect(actions.lines.last == "Written: unhandled in Dirty")
        #expect(actions.lines.contains("unhandled Written in Dirty"))
    }

    /// In regions, one region's raised event is taken by the other; an entry list raises
    /// too; an async action is awaited in its turn.
    @MainActor @Test func regionsTakeRaisedEvents() async {
        let lantern = Lantern(actions: LanternLog())
        #expect(await lantern.power() == .transitioned(from: .off, to: .on(.init(lamp: .dark, motor: .still))))
        #expect(lantern.state == .on(.init(lamp: .lit, motor: .spinning)))
        #expect(
            lantern.actions.lines == [
                "Power: transitioned from Off to On(Dark, Still)",
                "Powered: transitioned from On(Dark, Still) to On(Lit, Still)",
                "Lit: transitioned from On(Lit, Still) to On(Lit, Spinning)", "spin",
                "Spun: transitioned from On(Lit, Spinning) to On(Lit, Spinning)",
            ])
        lantern.actions.lines = []
        await lantern.dim()
        await lantern.level(value: 7)
        #expect(
            lantern.actions.lines == [
                "cool", "Dim: transitioned from On(Lit, Spinning) to On(Dark, Spinning)",
                "Level(value: 7): transitioned from On(Dark, Spinning) to On(Lit, Spinning)", "show(7)",
                "Level(value: 7): transitioned from On(Lit, Spinning) to On(Lit, Spinning)",
            ])
    }

    /// An event an async action sends is a step of its own, handled after the step that
    /// sent it: the events it raises are handled before `handle` returns.
    @MainActor @Test func anEventSentFromAnAsyncActionHasItsRaisesHandled() async {
        let lantern = Lantern(actions: LanternLog())
        await lantern.power()
        lantern.actions.lines = []
        lantern.actions.machine = lantern
        lantern.actions.level = 7
        await lantern.dim()
        #expect(lantern.state == .on(.init(lamp: .lit, motor: .spinning)))
        #expect(
            lantern.actions.lines == [
                "cool", "sent Level: queued", "Dim: transitioned from On(Lit, Spinning) to On(Dark, Spinning)",
                "Level(value: 7): transitioned from On(Dark, Spinning) to On(Lit, Spinning)", "show(7)",
                "Level(value: 7): transitioned from On(Lit, Spinning) to On(Lit, Spinning)",
            ])
    }

    /// A public, observable, async machine decides and raises as any: `Added` is handled
    /// where the decision went, or is unhandled there.
    @Test func anObservableAsyncMachineDecidesAndRaises() async {
        let ledger = Ledger(actions: LedgerLog())
        #expect(await ledger.add(amount: 5) == .transitioned(from: .open, to: .checking))
        #expect(ledger.state == .flagged)
        #expect(ledger.actions.lines == ["record(5)", "flag", "notify(5)"])
        ledger.actions.balanced = true
        await ledger.fix()
        ledger.actions.lines = []
        await ledger.add(amount: 2)
        #expect(ledger.state == .open)
        #expect(ledger.actions.lines == ["record(2)", "unhandled Added(amount: 2) in Open"])
    }

    /// Rows that keep raising events never come to rest: past the bound the program stops,
    /// naming the machine, the next event and the state.
    @Test func aRunThatKeepsRaisingStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Echo(actions: EchoLog()).ping()
        }
        let resultMessage = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            resultMessage.contains(
                "Echo raised 1000 events in one step without coming to rest, the next Ping in Pinging"))
    }
}

final class LedgerLog: LedgerActions {
    var lines: [String] = []
    var balanced = false

    func record(_ amount: Int) { lines.append("record(\(amount))") }
    func post() async { lines.append("post") }
    func flag() { lines.append("flag") }
    func notify(_ amount: Int) { lines.append("notify(\(amount))") }
    func isBalanced() -> Bool { balanced }
    func unhandledEvent(_ event: LedgerEvent, in state: LedgerState) { lines.append("unhandled \(event) in \(state)") }
}

struct EchoLog: EchoActions {
    mutating func answer() {}
}

import FSMCompiler
import FSMRuntime
import Testing
import FSMTestSupport

// Regions with timers and with async actions: `Editor.sm` (a parallel state inside a
// region, an `after(1s)` row in a region, histories; main actor) driven on `ManualTimers`,
// and `Syncer.sm` (an async action and condition, one event two regions take; public),
// each side by side with `RegionInterpreter` on seeded random walks: the configuration and
// every action, timer start and cancel must agree after every event and timeout.

@MainActor final class RegionTimerLog {
    var lines: [String] = []
}

@MainActor struct EditorRecorder: EditorActions {
    let log: RegionTimerLog
    mutating func oEn() { log.lines.append("oEn") }
    mutating func oEx() { log.lines.append("oEx") }
    mutating func eEn() { log.lines.append("eEn") }
    mutating func eEx() { log.lines.append("eEx") }
    mutating func bEn() { log.lines.append("bEn") }
    mutating func bEx() { log.lines.append("bEx") }
    mutating func syEn() { log.lines.append("syEn") }
    mutating func syEx() { log.lines.append("syEx") }
    mutating func done() { log.lines.append("done") }
    mutating func noteToggle() { log.lines.append("noteToggle") }

    mutating func startTimer(_ timer: EditorTimer, after duration: Duration, on timers: any TimerScheduler<EditorTimer>,
                             fire: @escaping @Sendable () async -> Void) {
        log.lines.append("+\(timer)")
        timers.start(timer, after: duration, fire: fire)
    }

    mutating func cancelTimer(_ timer: EditorTimer, on timers: any TimerScheduler<EditorTimer>) {
        log.lines.append("-\(timer)")
        timers.cancel(timer)
    }
}

@MainActor final class SyncerRecorder: SyncerActions {
    let log: RegionTimerLog
    var online = true
    init(log: RegionTimerLog) { self.log = log }
    func stopAll() { log.lines.append("stopAll") }
    func goOffline() { log.lines.append("goOffline") }
    func upload() async {
        await Task.yield()
        log.lines.append("upload")
    }
    func queued() { log.lines.append("queued") }
    func isOnline() async -> Bool { online }
}

@MainActor
@Suite struct RegionTimerTests {
    /// The model of a fixture machine.
    static func model(_ file: String) throws -> StateMachine {
        try #require(machine(String(decoding: readBytes(Paths.fixtures + "/Machines/" + file), as: UTF8.self)))
    }

    /// What the interpreter says a step ran: per row, the exit actions, the timers
    /// cancelled, the row's and entry actions, the timers started.
    static func expectedLines(_ step: RegionInterpreter.Step, _ model: StateMachine) -> [String] {
        guard case .transitioned(let firings) = step.outcome else { return [] }
        return firings.flatMap { firing in
            firing.effects.prefix(firing.exitCount).map { model.actions[$0].name }
                + firing.cancelledTimers.map { "-" + model.timerName(of: $0) }
                + firing.effects.dropFirst(firing.exitCount).map { model.actions[$0].name }
                + firing.startedTimers.map { "+" + model.timerName(of: $0) }
        }
    }

    @Test func editorAgreesWithTheInterpreterThroughTimeouts() async throws {
        let model = try Self.model("Editor.sm")
        let timer = model.timerEvents[0]
        var random = SplitMix64(seed: 7)
        var timeouts = 0
        for _ in 0..<60 {
            let log = RegionTimerLog()
            let timers = ManualTimers<EditorTimer>()
            let editor = Editor(actions: EditorRecorder(log: log), timers: timers)
            var interpreter = RegionInterpreter(model)
            #expect(log.lines.isEmpty)
            for _ in 0..<30 {
                log.lines = []
                let step: RegionInterpreter.Step
                if random.next() % 4 == 0 {
                    // A second passes: the timer fires if it runs.
                    step = interpreter.handle(timer, predicates: [], conditions: [])
                    await timers.advance(by: .seconds(1))
                    if case .transitioned = step.outcome { timeouts += 1 }
                } else {
                    let event = model.appEvents[Int(random.next() % UInt64(model.appEvents.count))]
                    step = interpreter.handle(event, predicates: [], conditions: [])
                    editor.handle(EditorEvent(rawValue: model.events[event].name)!)
                }
                let context = "\(interpreter.chart.describe(step.leaves)) \(model.events[step.event].name)"
                #expect(editor.state.description == interpreter.chart.describe(interpreter.leaves), "\(context)")
                #expect(log.lines == Self.expectedLines(step, model), "\(context)")
                #expect(Set(timers.running.keys.map(\.description)) == Set(interpreter.runningTimers.map { model.timerName(of: $0) }),
                        "\(context): running timers")
            }
        }
        #expect(timeouts > 20)
    }

    @Test func syncerAgreesWithTheInterpreterAcrossAwaits() async throws {
        let model = try Self.model("Syncer.sm")
        var random = SplitMix64(seed: 8)
        var bothRegions = 0
        for _ in 0..<60 {
            let log = RegionTimerLog()
            let actions = SyncerRecorder(log: log)
            let syncer = Syncer(actions: actions)
            var interpreter = RegionInterpreter(model)
            for _ in 0..<30 {
                log.lines = []
                actions.online = random.next() % 3 != 0
                let event = model.appEvents[Int(random.next() % UInt64(model.appEvents.count))]
                let step = interpreter.handle(event, predicates: [], conditions: [actions.online])
                let outcome = await syncer.handle(SyncerEvent(rawValue: model.events[event].name)!)
                let context = "\(interpreter.chart.describe(step.leaves)) \(model.events[event].name)"
                #expect(syncer.state.description == interpreter.chart.describe(interpreter.leaves), "\(context)")
                #expect(log.lines == Self.expectedLines(step, model), "\(context)")
                switch step.outcome {
                case .transitioned(let firings):
                    if firings.count == 2 { bothRegions += 1 }
                    guard case .transitioned = outcome else { Issue.record("\(context): \(outcome)"); continue }
                case .rejected:
                    guard case .rejected = outcome else { Issue.record("\(context): \(outcome)"); continue }
                case .unhandled:
                    guard case .unhandled = outcome else { Issue.record("\(context): \(outcome)"); continue }
                }
            }
        }
        #expect(bothRegions > 5)
    }
}

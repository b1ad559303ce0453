import FSMCompiler
import FSMRuntime
import FSMTestSupport
import Testing

// Regions with timers and with async actions: `Editor.sm` (a parallel state inside a
// region, an `after(1s)` row in a region, histories; main actor), `Courier.sm` (a region
// that is itself a parallel state, with a timer of its own and timers in its regions) driven on `ManualTimers`,
// and `Syncer.sm` (an async action and condition, one event two regions take; public),
// each side by side with `Interpreter` on seeded random walks: the configuration and
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

    mutating func startTimer(
        _ timer: EditorTimer, after duration: Duration, on timers: any TimerScheduler<EditorTimer>,
        fire: @escaping @Sendable () async -> Void
    ) {
        log.lines.append("+\(timer)")
        timers.start(timer, after: duration, fire: fire)
    }

    mutating func cancelTimer(_ timer: EditorTimer, on timers: any TimerScheduler<EditorTimer>) {
        log.lines.append("-\(timer)")
        timers.cancel(timer)
    }
}

@MainActor struct CourierRecorder: CourierActions {
    let log: RegionTimerLog
    mutating func onEn() { log.lines.append("onEn") }
    mutating func onEx() { log.lines.append("onEx") }
    mutating func syEn() { log.lines.append("syEn") }
    mutating func syEx() { log.lines.append("syEx") }
    mutating func done() { log.lines.append("done") }
    mutating func nEn() { log.lines.append("nEn") }
    mutating func nEx() { log.lines.append("nEx") }
    mutating func ping() { log.lines.append("ping") }
    mutating func upEn() { log.lines.append("upEn") }
    mutating func upEx() { log.lines.append("upEx") }
    mutating func drop() { log.lines.append("drop") }
    mutating func flush() { log.lines.append("flush") }

    mutating func startTimer(
        _ timer: CourierTimer, after duration: Duration, on timers: any TimerScheduler<CourierTimer>,
        fire: @escaping @Sendable () async -> Void
    ) {
        log.lines.append("+\(timer)")
        timers.start(timer, after: duration, fire: fire)
    }

    mutating func cancelTimer(_ timer: CourierTimer, on timers: any TimerScheduler<CourierTimer>) {
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
    static func expectedLines(_ step: Interpreter.Step, _ model: StateMachine) -> [String] {
        guard case .transitioned(let firings) = step.outcome else { return [] }
        return firings.flatMap { firing in
            firing.effects.prefix(firing.exitCount).map { RowText.call(text: $0, in: model) }
                + firing.cancelledTimers.map { "-" + model.timerName(of: $0) }
                + firing.effects.dropFirst(firing.exitCount).map { RowText.call(text: $0, in: model) }
                + firing.startedTimers.map { "+" + model.timerName(of: $0) }
        }
    }

    /// A generated machine on `ManualTimers`, as a timed walk drives it.
    struct TimedSubject {
        let log: RegionTimerLog
        /// Handles the event of this name.
        let handle: (String) -> Void
        /// The configuration, as printed.
        let configuration: () -> String
        /// The running timers by name, each with the time left until it fires.
        let running: () -> [String: Duration]
        /// Lets time pass.
        let advance: (Duration) async -> Void
    }

    /// Seeded random walks of the machine in `file` (made fresh by `make` for each walk)
    /// beside the interpreter: one step in four lets time pass until the next timer falls
    /// due, the others handle an event. After each step the configuration, every action,
    /// timer start and cancel, and the running timers must agree. Returns how often each
    /// timer fired.
    static func expectTimedAgreement(
        _ file: String, seed: UInt64, make: () -> TimedSubject,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> [String: Int] {
        let model = try Self.model(file)
        let timerEvents = Dictionary(uniqueKeysWithValues: model.timerEvents.map { (model.timerName(of: $0), $0) })
        var random = SplitMix64(seed: seed)
        var timeouts: [String: Int] = [:]
        for _ in 0..<60 {
            let subject = make()
            var interpreter = Interpreter(model)
            // When each timer was last started, counted across the walk: the order in which
            // `ManualTimers` fires timers due at one time.
            var starts: [String: Int] = [:]
            var counter = 0
            #expect(subject.log.lines.isEmpty, sourceLocation: sourceLocation)
            for _ in 0..<30 {
                subject.log.lines = []
                var steps: [Interpreter.Step] = []
                let running = subject.running()
                if random.next() % 4 == 0, let soonest = running.values.min() {
                    // Those due then fire in the order they were started, each unless an
                    // earlier one stopped or restarted it.
                    let due = running.filter { $0.value == soonest }.map(\.key).sorted { starts[$0]! < starts[$1]! }
                    for name in due {
                        let timer = timerEvents[name]!
                        let restarted = steps.contains { step in
                            guard case .transitioned(let firings) = step.outcome else { return false }
                            return firings.contains { $0.startedTimers.contains(timer) }
                        }
                        guard interpreter.runningTimers.contains(timer), !restarted else { continue }
                        steps.append(interpreter.handle(timer, predicates: [], conditions: []))
                        if case .transitioned = steps.last!.outcome { timeouts[name, default: 0] += 1 }
                    }
                    await subject.advance(soonest)
                } else {
                    let event = model.appEvents[Int(random.next() % UInt64(model.appEvents.count))]
                    steps.append(interpreter.handle(event, predicates: [], conditions: []))
                    subject.handle(model.events[event].name)
                }
                for line in subject.log.lines where line.hasPrefix("+") {
                    counter += 1
                    starts[String(line.dropFirst())] = counter
                }
                let context =
                    "\(file): \(interpreter.chart.describe(interpreter.leaves)) after \(steps.map { model.events[$0.event].name })"
                #expect(
                    subject.configuration() == interpreter.chart.describe(interpreter.leaves), "\(context)",
                    sourceLocation: sourceLocation)
                #expect(
                    subject.log.lines == steps.flatMap { Self.expectedLines($0, model) }, "\(context)",
                    sourceLocation: sourceLocation)
                #expect(
                    Set(subject.running().keys) == Set(interpreter.runningTimers.map { model.timerName(of: $0) }),
                    "\(context): running timers", sourceLocation: sourceLocation)
            }
        }
        return timeouts
    }

    @Test func editorAgreesWithTheInterpreterThroughTimeouts() async throws {
        let timeouts = try await Self.expectTimedAgreement("Editor.sm", seed: 7) {
            let log = RegionTimerLog()
            let timers = ManualTimers<EditorTimer>()
            let editor = Editor(actions: EditorRecorder(log: log), timers: timers)
            return TimedSubject(
                log: log, handle: { editor.handle(EditorEvent(rawValue: $0)!) },
                configuration: { editor.state.description },
                running: { Dictionary(uniqueKeysWithValues: timers.running.map { ($0.key.description, $0.value) }) },
                advance: { await timers.advance(by: $0) })
        }
        #expect(timeouts.values.reduce(0, +) > 20)
    }

    /// Every timer fires: in each region of the region that is a parallel state, and its own.
    @Test func courierAgreesWithTheInterpreterThroughTimeouts() async throws {
        let timeouts = try await Self.expectTimedAgreement("Courier.sm", seed: 9) {
            let log = RegionTimerLog()
            let timers = ManualTimers<CourierTimer>()
            let courier = Courier(actions: CourierRecorder(log: log), timers: timers)
            return TimedSubject(
                log: log, handle: { courier.handle(CourierEvent(rawValue: $0)!) },
                configuration: { courier.state.description },
                running: { Dictionary(uniqueKeysWithValues: timers.running.map { ($0.key.description, $0.value) }) },
                advance: { await timers.advance(by: $0) })
        }
        #expect(timeouts.count == 4 && timeouts.values.allSatisfy { $0 > 5 }, "\(timeouts)")
    }

    @Test func syncerAgreesWithTheInterpreterAcrossAwaits() async throws {
        let model = try Self.model("Syncer.sm")
        var random = SplitMix64(seed: 8)
        var bothRegions = 0
        for _ in 0..<60 {
            let log = RegionTimerLog()
            let actions = SyncerRecorder(log: log)
            let syncer = Syncer(actions: actions)
            var interpreter = Interpreter(model)
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
                    guard case .transitioned = outcome else {
                        Issue.record("\(context): \(outcome)")
                        continue
                    }
                case .rejected:
                    guard case .rejected = outcome else {
                        Issue.record("\(context): \(outcome)")
                        continue
                    }
                case .unhandled:
                    guard case .unhandled = outcome else {
                        Issue.record("\(context): \(outcome)")
                        continue
                    }
                }
            }
        }
        #expect(bothRegions > 5)
    }
}

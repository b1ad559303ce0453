import FSMCompiler
import FSMRuntime
import FSMTestSupport
import Foundation
import Testing

/// The generated machines with parallel states do what the interpreter does
/// (Language reference › Regions): seeded random walks drive each generated machine and
/// `Interpreter` side by side, and after every event the configuration (as printed), the
/// actions run, the outcome, `canHandle` and `handledEvents` must agree, and the
/// configuration must survive a trip through JSON. The machines: the player of
/// Language reference › Regions, a recorder with a fork, a join and a deep history, a
/// studio with a parallel state inside a region and a shallow history, and a theater with a
/// region that is itself a parallel state and initial rows that name states inside parallel
/// states below them.
@Suite struct RegionAgreementTests {
    /// One step's outcome as both sides can say it.
    enum Kind: Equatable { case transitioned, rejected, unhandled }

    static func kind<State>(_ outcome: FSMRuntime.Outcome<State>) -> Kind {
        switch outcome {
        case .transitioned: .transitioned
        case .rejected: .rejected
        default: .unhandled
        }
    }

    /// Drives `walks` random walks of `length` events through the generated machine (made
    /// fresh by `make` for each walk, handling an event by name and answering with its
    /// configuration, log, outcome, canHandle and handledEvents) and the interpreter.
    static func expectAgreement(
        _ file: String, walks: Int = 200, length: Int = 40, seed: UInt64,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        make: () -> (String) -> (
            configuration: String, log: [String], kind: Kind, canHandle: Bool, handled: [String], json: Bool
        )
    ) throws {
        let text = String(decoding: readBytes(Paths.fixtures + "/Machines/" + file), as: UTF8.self)
        let model = try #require(machine(text), sourceLocation: sourceLocation)
        var random = SplitMix64(seed: seed)
        let events = model.appEvents
        var transitions = 0
        for _ in 0..<walks {
            let handle = make()
            var interpreter = Interpreter(model)
            for _ in 0..<length {
                let event = events[Int(random.next() % UInt64(events.count))]
                let name = model.events[event].name
                let before = interpreter.chart.describe(interpreter.leaves)
                let step = interpreter.handle(
                    event, predicates: [], conditions: model.conditionCalls.mapElements { _ in true })
                let generated = handle(name)
                let expectedKind: Kind
                var expectedLog: [String] = []
                switch step.outcome {
                case .transitioned(let firings):
                    expectedKind = .transitioned
                    expectedLog = firings.flatMap { $0.effects.map { RowText.call(text: $0, in: model) } }
                    transitions += 1
                case .rejected: expectedKind = .rejected
                case .unhandled: expectedKind = .unhandled
                }
                let context = "\(file): \(before) \(name)"
                #expect(
                    generated.configuration == interpreter.chart.describe(interpreter.leaves), "\(context)",
                    sourceLocation: sourceLocation)
                #expect(generated.log == expectedLog, "\(context)", sourceLocation: sourceLocation)
                #expect(generated.kind == expectedKind, "\(context)", sourceLocation: sourceLocation)
                #expect(generated.json, "\(context): JSON", sourceLocation: sourceLocation)
                // What the configuration handles now, asked of both before the next event.
                let next = interpreter
                let handledNow = events.filter { candidate in
                    var probe = next
                    let outcome = probe.handle(
                        candidate, predicates: [], conditions: model.conditionCalls.mapElements { _ in true }
                    ).outcome
                    if case .unhandled = outcome { return false }
                    return true
                }.map { model.events[$0].name }
                #expect(generated.handled == handledNow, "\(context): handledEvents", sourceLocation: sourceLocation)
                #expect(
                    generated.canHandle == handledNow.contains(name), "\(context): canHandle",
                    sourceLocation: sourceLocation)
            }
        }
        #expect(transitions > walks * length / 4, "too few transitions: \(transitions)", sourceLocation: sourceLocation)
    }

    @Test func playerRegions() throws {
        try Self.expectAgreement("RegionPlayer.sm", seed: 1) {
            let machine = PlayerRegions(actions: PlayerRegionsLog())
            return { name in
                machine.actions.log = []
                let outcome = machine.handle(PlayerRegionsEvent(rawValue: name)!)
                let state = machine.state
                let decoded = try? JSONDecoder().decode(PlayerRegionsState.self, from: JSONEncoder().encode(state))
                let handled = PlayerRegionsEvent.allCases.filter { machine.canHandle($0) }.map(\.description)
                #expect(handled == state.handledEvents.map(\.description))
                return (
                    state.description, machine.actions.log, Self.kind(outcome),
                    machine.canHandle(PlayerRegionsEvent(rawValue: name)!), handled, decoded == state
                )
            }
        }
    }

    @Test func recorder() throws {
        try Self.expectAgreement("Recorder.sm", seed: 2) {
            let machine = Recorder(actions: RecorderLog())
            return { name in
                machine.actions.log = []
                let outcome = machine.handle(RecorderEvent(rawValue: name)!)
                let state = machine.state
                let decoded = try? JSONDecoder().decode(RecorderState.self, from: JSONEncoder().encode(state))
                let handled = RecorderEvent.allCases.filter { machine.canHandle($0) }.map(\.description)
                #expect(handled == state.handledEvents.map(\.description))
                return (
                    state.description, machine.actions.log, Self.kind(outcome),
                    machine.canHandle(RecorderEvent(rawValue: name)!), handled, decoded == state
                )
            }
        }
    }

    @Test func studio() throws {
        try Self.expectAgreement("Studio.sm", seed: 3) {
            let machine = Studio(actions: StudioLog())
            return { name in
                machine.actions.log = []
                let outcome = machine.handle(StudioEvent(rawValue: name)!)
                let state = machine.state
                let decoded = try? JSONDecoder().decode(StudioState.self, from: JSONEncoder().encode(state))
                let handled = StudioEvent.allCases.filter { machine.canHandle($0) }.map(\.description)
                #expect(handled == state.handledEvents.map(\.description))
                return (
                    state.description, machine.actions.log, Self.kind(outcome),
                    machine.canHandle(StudioEvent(rawValue: name)!), handled, decoded == state
                )
            }
        }
    }

    @Test func theater() throws {
        try Self.expectAgreement("Theater.sm", seed: 4) {
            let machine = Theater(actions: TheaterLog())
            return { name in
                machine.actions.log = []
                let outcome = machine.handle(TheaterEvent(rawValue: name)!)
                let state = machine.state
                let decoded = try? JSONDecoder().decode(TheaterState.self, from: JSONEncoder().encode(state))
                let handled = TheaterEvent.allCases.filter { machine.canHandle($0) }.map(\.description)
                #expect(handled == state.handledEvents.map(\.description))
                return (
                    state.description, machine.actions.log, Self.kind(outcome),
                    machine.canHandle(TheaterEvent(rawValue: name)!), handled, decoded == state
                )
            }
        }
    }
}

/// Records the actions the `PlayerRegions` machine runs.
struct PlayerRegionsLog: PlayerRegionsActions {
    var log: [String] = []
    mutating func offEn() { log.append("offEn") }
    mutating func offEx() { log.append("offEx") }
    mutating func mEn() { log.append("mEn") }
    mutating func mEx() { log.append("mEx") }
    mutating func pbEn() { log.append("pbEn") }
    mutating func pbEx() { log.append("pbEx") }
    mutating func sEn() { log.append("sEn") }
    mutating func sEx() { log.append("sEx") }
    mutating func start() { log.append("start") }
    mutating func plEn() { log.append("plEn") }
    mutating func plEx() { log.append("plEx") }
    mutating func stop() { log.append("stop") }
    mutating func vEn() { log.append("vEn") }
    mutating func vEx() { log.append("vEx") }
    mutating func nEn() { log.append("nEn") }
    mutating func nEx() { log.append("nEx") }
    mutating func mute() { log.append("mute") }
    mutating func muEn() { log.append("muEn") }
    mutating func muEx() { log.append("muEx") }
    mutating func unmute() { log.append("unmute") }
}

/// Records the actions the `Recorder` machine runs.
struct RecorderLog: RecorderActions {
    var log: [String] = []
    mutating func idleEx() { log.append("idleEx") }
    mutating func idleEn() { log.append("idleEn") }
    mutating func resume() { log.append("resume") }
    mutating func sEn() { log.append("sEn") }
    mutating func sEx() { log.append("sEx") }
    mutating func report() { log.append("report") }
    mutating func wait() { log.append("wait") }
    mutating func reset() { log.append("reset") }
    mutating func cEn() { log.append("cEn") }
    mutating func cEx() { log.append("cEx") }
    mutating func rEn() { log.append("rEn") }
    mutating func rEx() { log.append("rEx") }
    mutating func tickCapture() { log.append("tickCapture") }
    mutating func fEn() { log.append("fEn") }
    mutating func fEx() { log.append("fEx") }
    mutating func stEn() { log.append("stEn") }
    mutating func stEx() { log.append("stEx") }
    mutating func dEn() { log.append("dEn") }
    mutating func dEx() { log.append("dEx") }
    mutating func tickStorage() { log.append("tickStorage") }
    mutating func svEn() { log.append("svEn") }
    mutating func svEx() { log.append("svEx") }
}

/// Records the actions the `Studio` machine runs.
struct StudioLog: StudioActions {
    var log: [String] = []
    mutating func offEn() { log.append("offEn") }
    mutating func offEx() { log.append("offEx") }
    mutating func quick() { log.append("quick") }
    mutating func sEn() { log.append("sEn") }
    mutating func sEx() { log.append("sEx") }
    mutating func report() { log.append("report") }
    mutating func notYet() { log.append("notYet") }
    mutating func reset() { log.append("reset") }
    mutating func docEn() { log.append("docEn") }
    mutating func docEx() { log.append("docEx") }
    mutating func eEn() { log.append("eEn") }
    mutating func eEx() { log.append("eEx") }
    mutating func flatten() { log.append("flatten") }
    mutating func stEn() { log.append("stEn") }
    mutating func stEx() { log.append("stEx") }
    mutating func pEn() { log.append("pEn") }
    mutating func pEx() { log.append("pEx") }
    mutating func bEn() { log.append("bEn") }
    mutating func bEx() { log.append("bEx") }
    mutating func flipNote() { log.append("flipNote") }
    mutating func rvEn() { log.append("rvEn") }
    mutating func rvEx() { log.append("rvEx") }
    mutating func stoEn() { log.append("stoEn") }
    mutating func stoEx() { log.append("stoEx") }
    mutating func save() { log.append("save") }
    mutating func markDirty() { log.append("markDirty") }
}

/// Records the actions the `Theater` machine runs.
struct TheaterLog: TheaterActions {
    var log: [String] = []
    mutating func offEn() { log.append("offEn") }
    mutating func offEx() { log.append("offEx") }
    mutating func solo() { log.append("solo") }
    mutating func shEn() { log.append("shEn") }
    mutating func shEx() { log.append("shEx") }
    mutating func cue() { log.append("cue") }
    mutating func sgEn() { log.append("sgEn") }
    mutating func sgEx() { log.append("sgEx") }
    mutating func dim() { log.append("dim") }
    mutating func liEn() { log.append("liEn") }
    mutating func liEx() { log.append("liEx") }
    mutating func dkEn() { log.append("dkEn") }
    mutating func dkEx() { log.append("dkEx") }
    mutating func ltEn() { log.append("ltEn") }
    mutating func ltEx() { log.append("ltEx") }
    mutating func soEn() { log.append("soEn") }
    mutating func soEx() { log.append("soEx") }
    mutating func qEn() { log.append("qEn") }
    mutating func qEx() { log.append("qEx") }
    mutating func paEn() { log.append("paEn") }
    mutating func paEx() { log.append("paEx") }
    mutating func dsEn() { log.append("dsEn") }
    mutating func dsEx() { log.append("dsEx") }
    mutating func reset() { log.append("reset") }
    mutating func chEn() { log.append("chEn") }
    mutating func chEx() { log.append("chEx") }
    mutating func mute() { log.append("mute") }
    mutating func lEn() { log.append("lEn") }
    mutating func lEx() { log.append("lEx") }
    mutating func lonEn() { log.append("lonEn") }
    mutating func lonEx() { log.append("lonEx") }
    mutating func lofEn() { log.append("lofEn") }
    mutating func lofEx() { log.append("lofEx") }
    mutating func rEn() { log.append("rEn") }
    mutating func rEx() { log.append("rEx") }
    mutating func rofEn() { log.append("rofEn") }
    mutating func rofEx() { log.append("rofEx") }
    mutating func mEn() { log.append("mEn") }
    mutating func mEx() { log.append("mEx") }
    mutating func bEn() { log.append("bEn") }
    mutating func bEx() { log.append("bEx") }
    mutating func dryEn() { log.append("dryEn") }
    mutating func dryEx() { log.append("dryEx") }
    mutating func wetEn() { log.append("wetEn") }
    mutating func wetEx() { log.append("wetEx") }
    mutating func boEn() { log.append("boEn") }
    mutating func boEx() { log.append("boEx") }
}

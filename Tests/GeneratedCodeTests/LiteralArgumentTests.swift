import FSMCompiler
import FSMRuntime
import FSMTestSupport
import Testing

/// Machines whose actions and conditions take literal arguments (Signal.sm, Beacon.sm)
/// compile warning-free and pass each literal as written: numbers, strings with escapes
/// and `//`, Booleans, `nil` and members, in rows, guards, entry, exit and initial lists,
/// with the argument labels an `Action:` header declares.
struct SignalLog: SignalActions {
    var log: [String] = []
    var fastEnough: Set<Int> = []
    var fatal = false
    mutating func emit(_ status: FloatingPointRoundingRule) { log.append("emit(.\(status))") }
    mutating func note(text: String?) { log.append("note(\(text.map { "\"\($0)\"" } ?? "nil"))") }
    mutating func retry(_ p1: Int) { log.append("retry(\(p1))") }
    mutating func scale(_ p1: Double) { log.append("scale(\(p1))") }
    mutating func flag(_ p1: Bool) { log.append("flag(\(p1))") }
    func atLeast(_ p1: Int) -> Bool { fastEnough.contains(p1) }
    func isFatal(_ code: Int) -> Bool { fatal }
}

struct BeaconLog: BeaconActions {
    var calls: [String] = []
    mutating func log(_ p1: String) { calls.append("log(\"\(p1)\")") }
    mutating func show(_ light: FloatingPointSign) { calls.append("show(.\(light))") }
    mutating func blink(_ p1: Int) { calls.append("blink(\(p1))") }
    mutating func volume(_ p1: Double) { calls.append("volume(\(p1))") }
    func atLeast(_ p1: Int) -> Bool { p1 == 2 }
}

@Suite struct LiteralArgumentTests {
    @Test func rowsGuardsAndListsPassTheirLiterals() {
        let signal = Signal(actions: SignalLog())
        #expect(signal.connect() == .transitioned(from: .idle, to: .idle))
        // The first event starts the machine (Idle's entry action). Swift reads the `.sm`
        // file's escapes: the action receives a quote and a backslash.
        #expect(signal.actions.log == ["emit(.towardZero)", #"note("too slow // "wait" \ retry")"#])
        signal.actions.log = []
        signal.actions.fastEnough = [3]
        #expect(signal.connect() == .transitioned(from: .idle, to: .sending))
        #expect(signal.actions.log == ["note(nil)", "retry(1)", "emit(.toNearestOrEven)", "flag(true)"])
        signal.actions.log = []
        #expect(signal.pause() == .transitioned(from: .sending, to: .paused))
        #expect(signal.resume() == .transitioned(from: .paused, to: .sending))
        #expect(signal.drop() == .transitioned(from: .sending, to: .idle))
        #expect(
            signal.actions.log == [
                "flag(false)", "scale(0.25)", "emit(.down)", #"note("left")"#, "retry(0)", "emit(.towardZero)",
            ])
        signal.actions.log = []
        signal.actions.fastEnough = [3, 5]
        signal.actions.fatal = true
        #expect(signal.connect() == .transitioned(from: .idle, to: .sending))
        #expect(signal.drop() == .transitioned(from: .sending, to: .idle))
        #expect(signal.fail(code: 7) == .transitioned(from: .idle, to: .idle))
        signal.actions.fatal = false
        #expect(signal.fail(code: 8) == .transitioned(from: .idle, to: .idle))
        #expect(
            signal.actions.log == [
                "note(nil)", "emit(.up)", "retry(3)", "emit(.toNearestOrEven)", "flag(true)",
                "emit(.down)", #"note("left")"#, "retry(0)", "emit(.towardZero)",
                "retry(7)", "scale(-1.5)", "scale(2.0)",
            ])
    }

    @Test func regionsPassTheirLiterals() {
        let beacon = Beacon(actions: BeaconLog())
        #expect(beacon.power() == .transitioned(from: .off, to: .on(.init(lamp: .dim, sound: .quiet))))
        #expect(
            beacon.actions.calls == [
                #"log("on")"#, #"log("enter")"#, "show(.minus)", "blink(1)", "volume(0.5)",
            ])
        beacon.actions.calls = []
        _ = beacon.brighten()
        _ = beacon.louder()
        _ = beacon.power()
        #expect(
            beacon.actions.calls == [
                "show(.plus)", "volume(1.0)", "show(.minus)", #"log("leave")"#,
            ])
    }

    /// What the generated machines do is what the table and the interpreter say.
    @Test func theTableAndTheInterpreterAgree() throws {
        let model = try #require(
            machine(String(decoding: readBytes(Paths.fixtures + "/Machines/Signal.sm"), as: UTF8.self)))
        var simulation = Simulation(model)
        try simulation.assign("atLeast(5)=false")
        try simulation.assign("atLeast( 3 )=true")
        #expect(
            try simulation.handle(simulation.event(named: "Connect"))
                == "Idle Connect [!atLeast(5), atLeast(3)] -> Sending {note(nil) retry(1) emit(.toNearestOrEven) flag(true)}"
        )
    }
}

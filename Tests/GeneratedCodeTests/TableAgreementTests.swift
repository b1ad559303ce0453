import FSMCompiler
import FSMRuntime
import FSMTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Each generated machine does, for every row of `fsmc table`, exactly what the row says:
/// from its state, on its event, it goes to its next state running its actions in order.
@Suite struct TableAgreementTests {
    /// Runs `check` on every table line: (state, event) → (state after, actions run).
    static func expectAgreement(
        _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ run: (String, String) -> (String, [String])
    ) {
        let source = SourceFile(name: path, bytes: readBytes(Paths.repository + "/" + path))
        guard let machine = Compiler.check(source).machine else {
            Issue.record("\(path) does not check cleanly", sourceLocation: sourceLocation)
            return
        }
        let lines = TransitionTable.text(machine).split(separator: "\n")
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            let (head, effects) = (line.split(separator: " {")[0], line.split(separator: "{")[1].dropLast())
            let words = head.split(separator: " ").map(String.init)
            let (state, log) = run(words[0], words[1])
            #expect(state == words[3], "\(line)", sourceLocation: sourceLocation)
            #expect(log == effects.split(separator: " ").map(String.init), "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func turnstile() {
        Self.expectAgreement("Examples/Turnstile/Turnstile.sm") { state, event in
            let machine = Turnstile(actions: TurnstileLog(), state: TurnstileState(rawValue: state)!)
            machine.handle(TurnstileEvent(rawValue: event)!)
            return (machine.state.description, machine.actions.log)
        }
    }

    @Test func twoCoinTurnstile() {
        Self.expectAgreement("Examples/TwoCoinTurnstile/Sources/two-coin-turnstile/TwoCoinTurnstile.sm") {
            state, event in
            let machine = TwoCoinTurnstile(actions: TwoCoinLog(), state: TwoCoinTurnstileState(rawValue: state)!)
            machine.handle(TwoCoinTurnstileEvent(rawValue: event)!)
            return (machine.state.description, machine.actions.log)
        }
    }

    @Test(arguments: ["UML", "Always", "OnChange"])
    func entryExitModes(mode: String) {
        Self.expectAgreement("Tests/FSMCompilerTests/Fixtures/Machines/EntryExit\(mode).sm") { state, event in
            switch mode {
            case "UML":
                let machine = EntryExitUML(actions: UMLLog(), state: EntryExitUMLState(rawValue: state)!)
                machine.handle(EntryExitUMLEvent(rawValue: event)!)
                return (machine.state.description, machine.actions.log)
            case "Always":
                let machine = EntryExitAlways(actions: AlwaysLog(), state: EntryExitAlwaysState(rawValue: state)!)
                machine.handle(EntryExitAlwaysEvent(rawValue: event)!)
                return (machine.state.description, machine.actions.log)
            default:
                let machine = EntryExitOnChange(actions: OnChangeLog(), state: EntryExitOnChangeState(rawValue: state)!)
                machine.handle(EntryExitOnChangeEvent(rawValue: event)!)
                return (machine.state.description, machine.actions.log)
            }
        }
    }

    @Test func iceWithOverrides() {
        Self.expectAgreement("Tests/FSMCompilerTests/Fixtures/Wild/ice.override.sm") { state, event in
            let machine = RootFSMGen(actions: IceLog(), state: RootFSMGenState(rawValue: state)!)
            machine.handle(RootFSMGenEvent(rawValue: event)!)
            return (machine.state.description, machine.actions.log)
        }
    }
}

struct TwoCoinLog: TwoCoinTurnstileActions {
    var log: [String] = []
    mutating func lock() { log.append("lock") }
    mutating func alarmOn() { log.append("alarmOn") }
    mutating func alarmOff() { log.append("alarmOff") }
    mutating func unlock() { log.append("unlock") }
    mutating func thankyou() { log.append("thankyou") }
}

/// The actions of the three EntryExit machines, which share them, as recorders.
protocol PowerLog {
    var log: [String] { get set }
}

extension PowerLog {
    mutating func powerOn() { log.append("powerOn") }
    mutating func powerOff() { log.append("powerOff") }
    mutating func stopping() { log.append("stopping") }
    mutating func watch() { log.append("watch") }
    mutating func unwatch() { log.append("unwatch") }
    mutating func enterIdle() { log.append("enterIdle") }
    mutating func exitIdle() { log.append("exitIdle") }
    mutating func starting() { log.append("starting") }
    mutating func poked() { log.append("poked") }
    mutating func resetting() { log.append("resetting") }
    mutating func enterRunning() { log.append("enterRunning") }
    mutating func exitRunning() { log.append("exitRunning") }
}

struct UMLLog: EntryExitUMLActions, PowerLog { var log: [String] = [] }
struct AlwaysLog: EntryExitAlwaysActions, PowerLog { var log: [String] = [] }
struct OnChangeLog: EntryExitOnChangeActions, PowerLog { var log: [String] = [] }

struct IceLog: RootFSMGenActions {
    var log: [String] = []
    mutating func displayLoginScreen() { log.append("displayLoginScreen") }
    mutating func hideLoginScreen() { log.append("hideLoginScreen") }
    mutating func cleanupThumbnails() { log.append("cleanupThumbnails") }
    mutating func checkUserState() { log.append("checkUserState") }
    mutating func createSelector() { log.append("createSelector") }
    mutating func setUserAuto() { log.append("setUserAuto") }
    mutating func displayThumbnailAuto() { log.append("displayThumbnailAuto") }
    mutating func workTypeItemChanged() { log.append("workTypeItemChanged") }
    mutating func getNextAutoBatch() { log.append("getNextAutoBatch") }
    mutating func noBatchDialog() { log.append("noBatchDialog") }
    mutating func isBatchAvailable() { log.append("isBatchAvailable") }
    mutating func setUserManual() { log.append("setUserManual") }
    mutating func displayThumbnailManual() { log.append("displayThumbnailManual") }
    mutating func selectManualBatch() { log.append("selectManualBatch") }
    mutating func hideThumbnailScreen() { log.append("hideThumbnailScreen") }
    mutating func completeBatch() { log.append("completeBatch") }
    mutating func cleanupBatch() { log.append("cleanupBatch") }
    mutating func requeueBatch() { log.append("requeueBatch") }
    mutating func rejectBatch() { log.append("rejectBatch") }
    mutating func assignPage() { log.append("assignPage") }
    mutating func displayAutoThumbnailProcessing() { log.append("displayAutoThumbnailProcessing") }
    mutating func displayManualThumbnailProcessing() { log.append("displayManualThumbnailProcessing") }
    mutating func displayBatchSplashScreen() { log.append("displayBatchSplashScreen") }
    mutating func hideBatchSplashScreen() { log.append("hideBatchSplashScreen") }
    mutating func allMode() { log.append("allMode") }
    mutating func initBatch() { log.append("initBatch") }
    mutating func displayPageScreen() { log.append("displayPageScreen") }
    mutating func hidePageScreen() { log.append("hidePageScreen") }
    mutating func redisplayPageScreen() { log.append("redisplayPageScreen") }
    mutating func assignZone() { log.append("assignZone") }
    mutating func exitProgram() { log.append("exitProgram") }
}

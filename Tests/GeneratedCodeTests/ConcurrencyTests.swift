import FSMRuntime
import Observation
import Synchronization
import Testing

// The concurrency headers (Using a machine › The main actor, actors and SwiftUI):
// `Loader.sm` (main actor, async actions and conditions, observable), `Uploader.sm` (async,
// isolated to no actor, driven from an actor), `MainActorTurnstile.sm` (main actor,
// synchronous) and `ObservedTurnstile.sm` (observable, synchronous).

/// What the loader's actions did, in order, and what they answer.
@MainActor final class LoaderRecorder {
    var lines: [String] = []
    /// The indices of the events in the order their `handle` calls began.
    var sent: [Int] = []
    var isReachable = true
    var yieldsInFetch = 3
    /// When set, `fetch` sends `Loaded(size: 7)` to this machine from inside the action.
    weak var machine: Loader<RecordingLoaderActions>?
}

@MainActor struct RecordingLoaderActions: LoaderActions {
    let recorder: LoaderRecorder

    func fetch() async {
        recorder.lines.append("fetch begins")
        for _ in 0..<recorder.yieldsInFetch { await Task.yield() }
        recorder.lines.append("fetch ends")
        if let machine = recorder.machine {
            let outcome = await machine.loaded(size: 7)
            recorder.lines.append("sent Loaded: \(outcome)")
        }
    }

    func isReachable() async -> Bool {
        await Task.yield()
        recorder.lines.append("isReachable")
        return recorder.isReachable
    }

    func hasSpace() -> Bool { true }
    mutating func showOffline() { recorder.lines.append("showOffline") }
    mutating func startSpinner() { recorder.lines.append("startSpinner") }
    mutating func stopSpinner() { recorder.lines.append("stopSpinner") }
    mutating func show(_ size: Int) { recorder.lines.append("show \(size)") }
    mutating func report(_ reason: String) { recorder.lines.append("report \(reason)") }
    mutating func showFull() { recorder.lines.append("showFull") }
    mutating func trace(_ event: LoaderEvent, outcome: Outcome<LoaderState>) {
        recorder.lines.append("trace \(event) => \(outcome)")
    }
}

@Suite struct AsyncMachineTests {
    /// 300 tasks send events at once; the actions suspend (`Task.yield`) in the middle of
    /// transitions. Each event is handled alone (nothing runs between `fetch begins` and
    /// `fetch ends`), in the order the calls began, and each call returns its own outcome.
    @MainActor @Test func eventsFromManyTasksAreHandledOneAtATimeInArrivalOrder() async {
        let recorder = LoaderRecorder()
        let machine = Loader(actions: RecordingLoaderActions(recorder: recorder))
        let events: [LoaderEvent] = (0..<300).map { index in
            switch index % 5 {
            case 0, 3: .load
            case 1: .loaded(size: index)
            case 2: .reset
            default: .cancel
            }
        }
        let tasks = events.enumerated().map { index, event in
            Task { @MainActor in
                recorder.sent.append(index)
                return await machine.handle(event)
            }
        }
        var outcomes: [Loader<RecordingLoaderActions>.Outcome] = []
        for task in tasks { outcomes.append(await task.value) }
        // In the order the calls began, each event traced with what its own call returned.
        let traces = recorder.lines.filter { $0.hasPrefix("trace ") }
        #expect(recorder.sent.count == events.count)
        #expect(traces == recorder.sent.map { "trace \(events[$0]) => \(outcomes[$0])" })
        for (position, line) in recorder.lines.enumerated() where line == "fetch begins" {
            #expect(recorder.lines[position + 1] == "fetch ends")
        }
        #expect(recorder.lines.contains("fetch begins"))
    }

    /// An event an async action sends to its own machine is queued: the call returns
    /// `.queued` at once, and the event is handled after the one whose action sent it.
    @MainActor @Test func anEventSentFromAnAsyncActionIsQueued() async {
        let recorder = LoaderRecorder()
        let machine = Loader(actions: RecordingLoaderActions(recorder: recorder))
        recorder.machine = machine
        let outcome = await machine.load()
        #expect(outcome == .transitioned(from: .idle, to: .loading))
        #expect(machine.state == .ready)
        #expect(
            recorder.lines == [
                "isReachable", "fetch begins", "fetch ends", "sent Loaded: queued", "startSpinner",
                "trace Load => transitioned from Idle to Loading",
                "stopSpinner", "show 7", "trace Loaded(size: 7) => transitioned from Loading to Ready",
            ])
    }

    /// Cancelling a task that waits for its turn does not cancel its event.
    @MainActor @Test func aCancelledWaitingCallIsStillHandled() async {
        let recorder = LoaderRecorder()
        recorder.yieldsInFetch = 50
        let machine = Loader(actions: RecordingLoaderActions(recorder: recorder))
        let load = Task { @MainActor in await machine.load() }
        await Task.yield()
        let cancel = Task { @MainActor in await machine.cancel() }
        cancel.cancel()
        #expect(await load.value == .transitioned(from: .idle, to: .loading))
        #expect(await cancel.value == .transitioned(from: .loading, to: .idle))
        #expect(machine.state == .idle)
    }

    /// A condition two rows ask is asked once, also when it is async.
    @MainActor @Test func anAsyncConditionTwoRowsAskIsAskedOnce() async {
        let recorder = LoaderRecorder()
        recorder.isReachable = true
        let machine = Loader(actions: RecordingLoaderActions(recorder: recorder), state: .ready)
        await machine.load()
        #expect(recorder.lines.filter { $0 == "isReachable" }.count == 1)
        #expect(machine.state == .loading)
    }
}

/// How many times an observer was told of a change; observers may be called from any thread.
/// Actions of the observed turnstile that do nothing: the tests watch its state.
struct SilentObservedTurnstileActions: ObservedTurnstileActions {
    mutating func unlock() {}
    mutating func alarm() {}
    mutating func thankyou() {}
    mutating func lock() {}
}

final class ChangeCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

@Suite struct ObservationTests {
    /// `withObservationTracking` sees a change of state, and is not told of an event that
    /// leaves the state as it is.
    @MainActor @Test func observersHearOfChangesOfStateOnly() async {
        let recorder = LoaderRecorder()
        recorder.isReachable = false
        let machine = Loader(actions: RecordingLoaderActions(recorder: recorder))
        let changes = ChangeCounter()
        withObservationTracking {
            _ = machine.state
        } onChange: {
            changes.increment()
        }
        await machine.load() // `Load - showOffline`: the state stays Idle.
        #expect(changes.value == 0)
        recorder.isReachable = true
        await machine.load()
        #expect(changes.value == 1)
        #expect(machine.state == .loading)
    }

    /// A synchronous observable machine: one change per transition that changes the state,
    /// none for `Coin` in `Unlocked` (which stays) or an unhandled event.
    @MainActor @Test func aSynchronousObservableMachine() {
        let machine = ObservedTurnstile(actions: SilentObservedTurnstileActions())
        let changes = ChangeCounter()
        func track() {
            withObservationTracking {
                _ = machine.state
            } onChange: {
                changes.increment()
            }
        }
        track()
        machine.pass()
        #expect(changes.value == 0)
        machine.coin()
        #expect(changes.value == 1)
        track()
        machine.coin()
        #expect(changes.value == 1)
        machine.pass()
        #expect(changes.value == 2)
        #expect(machine.state == .locked)
    }
}

@MainActor struct MainActorTurnstileLog: MainActorTurnstileActions {
    var log: [String] = []
    weak var machine: MainActorTurnstile<MainActorTurnstileLog>?
    mutating func unlock() {
        log.append("unlock")
        if let outcome = machine?.pass() { log.append("sent Pass: \(outcome)") }
    }
    mutating func alarm() { log.append("alarm") }
    mutating func thankyou() { log.append("thankyou") }
    mutating func lock() { log.append("lock") }
}

@Suite struct IsolatedMachineTests {
    /// A main-actor model's actions call into it; an event sent from an action is queued.
    @MainActor @Test func aMainActorMachineQueuesEventsItsActionsSend() {
        let machine = MainActorTurnstile(actions: MainActorTurnstileLog())
        machine.actions.machine = machine
        #expect(machine.coin() == .transitioned(from: .locked, to: .unlocked))
        #expect(machine.actions.log == ["unlock", "sent Pass: queued", "lock"])
        #expect(machine.state == .locked)
    }

    /// "Using a machine", "Isolated conformances": a machine without `Isolation:` driven by a
    /// main-actor type that is its own actions through an isolated conformance.
    @MainActor @Test func aMainActorModelIsTheActionsThroughAnIsolatedConformance() {
        let model = TurnstileModel()
        let machine = Turnstile(actions: model)
        machine.coin()
        machine.pass()
        #expect(model.log == ["unlock", "lock"])
        #expect(machine.state == .locked)
    }
}

/// A main-actor model, the actions of the (not isolated) `Turnstile` golden through an
/// isolated conformance.
@MainActor final class TurnstileModel {
    var log: [String] = []
}

extension TurnstileModel: @MainActor TurnstileActions {
    func lock() { log.append("lock") }
    func unlock() { log.append("unlock") }
    func thankyou() { log.append("thankyou") }
    func alarmOn() { log.append("alarmOn") }
    func alarmOff() { log.append("alarmOff") }
}

/// What the uploader did; it belongs to the actor that owns the machine.
final class UploadLog {
    var lines: [String] = []
}

struct RecordingUploaderActions: UploaderActions {
    let log: UploadLog
    func upload() async {
        log.lines.append("upload begins")
        for _ in 0..<3 { await Task.yield() }
        log.lines.append("upload ends")
    }
    func isAuthorized() async -> Bool {
        await Task.yield()
        return true
    }
    mutating func postpone() { log.lines.append("postpone") }
    mutating func record(_ bytes: Int) { log.lines.append("record \(bytes)") }
    mutating func trace(_ event: UploaderEvent, outcome: Outcome<UploaderState>) { log.lines.append("trace \(event)") }
}

/// An actor that owns a machine isolated to no actor: the machine runs in the actor's
/// isolation, and the actor's reentrancy at the actions' suspensions lets other calls in,
/// which wait for their turn.
actor UploadService {
    private let log = UploadLog()
    private let machine: Uploader<RecordingUploaderActions>

    init() {
        machine = Uploader(actions: RecordingUploaderActions(log: log))
    }

    func start(_ network: UploaderNetwork) async -> Uploader<RecordingUploaderActions>.Outcome {
        await machine.start(network: network)
    }

    func finish(_ bytes: Int) async -> Uploader<RecordingUploaderActions>.Outcome {
        await machine.finished(bytes: bytes)
    }

    var lines: [String] { log.lines }
}

@Suite struct ActorOwnedMachineTests {
    @Test func callsFromManyTasksIntoAnActorAreHandledOneAtATime() async {
        let service = UploadService()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        _ = await service.start(index.isMultiple(of: 4) ? .wifi : .cellular)
                    } else {
                        _ = await service.finish(index)
                    }
                }
            }
        }
        let lines = await service.lines
        #expect(lines.filter { $0.hasPrefix("trace ") }.count == 200)
        for (position, line) in lines.enumerated() where line == "upload begins" {
            #expect(lines[position + 1] == "upload ends")
        }
        #expect(lines.contains("upload begins"))
    }
}

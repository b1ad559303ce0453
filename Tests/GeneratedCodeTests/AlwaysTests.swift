import FSMRuntime
import Foundation
import Testing

// `always` rows (Language reference › Always rows, Run to completion): Review.sm (flat:
// decisions at the start and after an event, a superstate's inherited `always` row) and
// Vent.sm (regions, the main actor, an async action). After each step the machine takes
// the `always` rows that apply, one step after another, each traced by `traceAlways`.

struct ReviewLog: ReviewActions {
    var lines: [String] = []
    var signedIn = false
    var expired = false
    var valid = false

    mutating func logOut() { lines.append("logOut") }
    mutating func save() { lines.append("save") }
    mutating func publish() { lines.append("publish") }
    mutating func showErrors() { lines.append("showErrors") }
    func isSignedIn() -> Bool { signedIn }
    func isExpired() -> Bool { expired }
    func isValid() -> Bool { valid }
    mutating func trace(_ event: ReviewEvent, outcome: Outcome<ReviewState>) { lines.append("\(event): \(outcome)") }
    mutating func traceAlways(outcome: Outcome<ReviewState>) { lines.append("always: \(outcome)") }
}

@MainActor final class VentLog: VentActions {
    var lines: [String] = []
    var hot = true
    var safe = true
    /// When set, `cool` sends `Spin` to the machine, as an app's action may.
    weak var machine: Vent<VentLog>?

    func cool() async {
        await Task.yield()
        lines.append("cool")
        if let machine {
            self.machine = nil
            lines.append("sent Spin: \(await machine.spin())")
        }
    }
    func warn() { lines.append("warn") }
    func isHot() -> Bool { hot }
    func isSafe() -> Bool { safe }
    func traceAlways(outcome: Outcome<VentState>) { lines.append("always: \(outcome)") }
}

@Suite struct AlwaysTests {
    /// The initial state is a decision: `start()` takes its `always` row.
    @Test func startingTakesTheInitialDecision() {
        let review = Review(actions: ReviewLog())
        #expect(review.state == .routing)
        review.start()
        #expect(review.state == .welcome)
        #expect(review.actions.lines == ["always: transitioned from Routing to Welcome"])
    }

    /// `handle` returns the event's own outcome; the `always` steps after it are traced apart.
    @Test func anEventIsFollowedByItsAlwaysSteps() {
        var actions = ReviewLog()
        actions.signedIn = true
        let review = Review(actions: actions)
        #expect(review.submit() == .transitioned(from: .editing, to: .checking))
        #expect(review.state == .editing)
        review.actions.expired = true
        review.actions.lines = []
        #expect(review.submit() == .transitioned(from: .editing, to: .checking))
        #expect(review.state == .welcome)
        #expect(
            review.actions.lines == [
                "save", "Submit: transitioned from Editing to Checking", "showErrors",
                "always: transitioned from Checking to Editing", "logOut",
                "always: transitioned from Editing to Welcome",
            ])
    }

    /// A conditional `always` row that does not apply leaves the machine where it is.
    @Test func aFalseConditionTakesNoStep() {
        var actions = ReviewLog()
        actions.signedIn = true
        actions.valid = true
        let review = Review(actions: actions)
        review.start()
        review.actions.lines = []
        #expect(review.submit() == .transitioned(from: .editing, to: .checking))
        #expect(review.state == .done)
        #expect(review.edit() == .transitioned(from: .done, to: .editing))
        #expect(review.state == .editing)
        #expect(
            review.actions.lines.filter { $0.hasPrefix("always") } == ["always: transitioned from Checking to Done"])
    }

    /// A snapshot is the machine between events: one in a state that an `always` row
    /// leaves at once does not decode; one in a state it may rest in does.
    @Test func aSnapshotInAStateThatMovesOnDoesNotDecode() throws {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(ReviewSnapshot.self, from: Data(#"{"state":"Checking"}"#.utf8))
        }
        let done = try decoder.decode(ReviewSnapshot.self, from: Data(#"{"state":"Done"}"#.utf8))
        #expect(done.state == .done)
        let review = Review(actions: ReviewLog(), snapshot: done)
        #expect(review.isStarted && review.edit() == .transitioned(from: .done, to: .editing))
        let saved = try JSONEncoder().encode(review.snapshot)
        #expect(try decoder.decode(ReviewSnapshot.self, from: saved) == review.snapshot)
    }

    /// Each region takes its own `always` row in one step, as an event is taken region by
    /// region; an async action is awaited in its turn.
    @MainActor @Test func regionsTakeTheirAlwaysRowsInOneStep() async {
        let vent = Vent(actions: VentLog())
        await vent.power()
        await vent.brighten()
        #expect(vent.state == .on(.init(lamp: .dim, fan: .still)))
        #expect(vent.actions.lines == ["cool", "always: transitioned from On(Bright, Still) to On(Dim, Still)"])
        await vent.dimmer()
        vent.actions.lines = []
        await vent.spin()
        #expect(vent.state == .on(.init(lamp: .dim, fan: .spinning)))
        #expect(vent.actions.lines == ["always: transitioned from On(Dim, Checking) to On(Dim, Spinning)"])
    }

    /// An event an async action sends is a step of its own, handled after the step that
    /// sent it: the `always` rows it leads to are taken before `handle` returns.
    @MainActor @Test func anEventSentFromAnAsyncActionTakesItsAlwaysRows() async {
        let vent = Vent(actions: VentLog())
        await vent.power()
        vent.actions.machine = vent
        #expect(
            await vent.brighten()
                == .transitioned(from: .on(.init(lamp: .dim, fan: .still)), to: .on(.init(lamp: .bright, fan: .still))))
        #expect(vent.state == .on(.init(lamp: .dim, fan: .spinning)))
        #expect(
            vent.actions.lines == [
                "cool", "sent Spin: queued", "always: transitioned from On(Bright, Still) to On(Dim, Still)",
                "always: transitioned from On(Dim, Checking) to On(Dim, Spinning)",
            ])
    }

    /// A configuration in which a region's state moves on at once does not decode; one in
    /// which every region can rest does.
    @MainActor @Test func aRegionSnapshotInAStateThatMovesOnDoesNotDecode() throws {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(VentSnapshot.self, from: Data(#"{"state":"On(Dim, Checking)"}"#.utf8))
        }
        let resting = try decoder.decode(VentSnapshot.self, from: Data(#"{"state":"On(Dim, Spinning)"}"#.utf8))
        #expect(resting.state == .on(.init(lamp: .dim, fan: .spinning)))
    }

    /// Restoring a machine where it never is between events stops the program, naming the
    /// state: with and without regions.
    @Test func restoringInAStateThatMovesOnStopsTheProgram() async {
        let flat = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Review(actions: ReviewLog(), state: .checking)
        }
        let flatMessage = String(decoding: flat?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            flatMessage.contains(
                "Review cannot be restored in Checking: its 'always' row without a condition moves on from it at once"))
        let regions = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = Vent(actions: VentLog(), state: .on(.init(lamp: .dim, fan: .checking))) }
        }
        let regionsMessage = String(decoding: regions?.standardErrorContent ?? [], as: UTF8.self)
        #expect(regionsMessage.contains("Vent cannot be restored in On(Dim, Checking)"))
    }

    /// A snapshot of a machine whose initial state moves on at once has no default state.
    @Test func theSnapshotHasNoTransientDefault() {
        let snapshot = ReviewSnapshot(state: .welcome)
        #expect(snapshot.state == .welcome)
    }
}

import Observation
import Testing

@testable import Feed

/// A feed that arrives after `delay`, counting how many loads overlap (never more than one).
final class CountingFeed: FeedSource {
    let delay: Duration
    let result: Result<[String], FeedError>
    private let loads = LoadCounter()

    init(delay: Duration = .milliseconds(1), result: Result<[String], FeedError> = .success(["a", "b"])) {
        self.delay = delay
        self.result = result
    }

    func titles() async throws -> [String] {
        await loads.begin()
        defer { Task { await loads.end() } }
        try await Task.sleep(for: delay)
        return try result.get()
    }

    var mostAtOnce: Int {
        get async { await loads.mostAtOnce }
    }
}

actor LoadCounter {
    private var running = 0
    private(set) var mostAtOnce = 0

    func begin() {
        running += 1
        mostAtOnce = max(mostAtOnce, running)
    }

    func end() {
        running -= 1
    }
}

struct FeedError: Error, CustomStringConvertible {
    var description: String { "the server said no" }
}

@MainActor @Test func aRefreshShowsTheFeedOnceItHasArrived() async {
    let model = FeedModel(source: CountingFeed())
    #expect(model.state == .empty)
    let outcome = await model.refresh()
    #expect(outcome == .transitioned(from: .empty, to: .loading))
    #expect(model.state == .showing)
    #expect(model.titles == ["a", "b"])
    #expect(
        model.eventLog == [
            "Refresh: transitioned from Empty to Loading",
            #"Loaded(titles: ["a", "b"]): transitioned from Loading to Showing"#,
        ])
}

@MainActor @Test func aFeedLaterThanTheTimeLimitFailsAndIsCancelled() async {
    let clock = ContinuousClock()
    let start = clock.now
    let model = FeedModel(source: CountingFeed(delay: .seconds(30)), timeLimit: .milliseconds(20))
    await model.refresh()
    #expect(model.state == .broken)
    #expect(model.error == "timed out after 0.02 seconds")
    // The slow feed was cancelled, not waited for.
    #expect(start.duration(to: clock.now) < .seconds(10))
}

@MainActor @Test func aFailingFeedBreaksTheScreenAndARefreshRecovers() async {
    let model = FeedModel(source: CountingFeed(result: .failure(FeedError())))
    await model.refresh()
    #expect(model.state == .broken)
    #expect(model.error == "the server said no")
    #expect(await model.clear() == .transitioned(from: .broken, to: .empty))
    #expect(model.error == nil)
}

/// What a SwiftUI view reading `model.state` sees: a change when the load begins, none
/// for an event that changes nothing.
@MainActor @Test func observersHearOfEveryChangeOfState() async {
    let model = FeedModel(source: CountingFeed())
    let changes = ChangeCounter()
    withObservationTracking {
        _ = model.state
    } onChange: {
        changes.count += 1
    }
    await model.clear() // unhandled in Empty: no change
    #expect(changes.count == 0)
    await model.refresh()
    #expect(changes.count == 1)
}

/// Counts onChange calls, which come on the main actor that changes the state.
final class ChangeCounter: @unchecked Sendable {
    var count = 0
}

/// Refreshes from fifty tasks at once: each load runs alone (the feed never sees two at a
/// time), and the trace shows each Refresh followed at once by the Loaded it caused.
@MainActor @Test func refreshesFromManyTasksTakeTurns() async {
    let feed = CountingFeed()
    let model = FeedModel(source: feed)
    let tasks = (0..<50).map { _ in Task { await model.refresh() } }
    for task in tasks { _ = await task.value }
    #expect(await feed.mostAtOnce == 1)
    #expect(model.eventLog.count == 100)
    for (refresh, loaded) in zip(
        model.eventLog.indices.filter { $0.isMultiple(of: 2) }.map { model.eventLog[$0] },
        model.eventLog.indices.filter { !$0.isMultiple(of: 2) }.map { model.eventLog[$0] })
    {
        #expect(refresh.hasPrefix("Refresh: transitioned from ") && refresh.hasSuffix(" to Loading"))
        #expect(loaded == #"Loaded(titles: ["a", "b"]): transitioned from Loading to Showing"#)
    }
    #expect(model.state == .showing)
}

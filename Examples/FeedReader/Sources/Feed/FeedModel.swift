import Observation

/// Where the feed comes from: the network in the app, a stand-in in tests. It must stop
/// when its task is cancelled (URLSession does), so that the time limit holds.
public protocol FeedSource: Sendable {
    func titles() async throws -> [String]
}

/// The feed screen's model, as a SwiftUI view holds it (`@State private var model =
/// FeedModel(source: …)`): the view shows `state`, `titles` and `error`, and its buttons
/// call `refresh()` and `clear()`. It is main-actor (the module's default isolation), and
/// so is its machine (`Isolation: MainActor` in FeedLoader.sm), whose actions it carries
/// out without any isolated conformance.
@Observable public final class FeedModel {
    public private(set) var titles: [String] = []
    public private(set) var error: String?
    /// How long a load may take before it fails.
    public let timeLimit: Duration
    /// Each event the machine handled and what it did, in order: `Refresh: transitioned
    /// from Empty to Loading`.
    @ObservationIgnored public internal(set) var eventLog: [String] = []
    @ObservationIgnored let source: any FeedSource
    /// The machine; it is `Observable` itself, so that a view reading `state` follows it.
    @ObservationIgnored let machine: FeedLoader<FeedEffects>

    public init(source: any FeedSource, timeLimit: Duration = .seconds(10)) {
        self.source = source
        self.timeLimit = timeLimit
        machine = FeedLoader(actions: FeedEffects())
        // Every stored property is set: the actions may refer back to the model.
        machine.actions.model = self
    }

    /// What the screen shows: `Empty`, `Loading`, `Showing` or `Broken`.
    public var state: FeedLoaderState { machine.state }

    /// Loads the feed; returns once the load is over (shown, failed or timed out).
    @discardableResult
    public func refresh() async -> FeedLoader<FeedEffects>.Outcome {
        await machine.refresh()
    }

    @discardableResult
    public func clear() async -> FeedLoader<FeedEffects>.Outcome {
        await machine.clear()
    }

    // The actions' effects on what the view shows.

    func show(_ titles: [String]) {
        self.titles = titles
        error = nil
    }

    func showError(_ reason: String) {
        titles = []
        error = reason
    }
}

/// What loading the feed came to.
enum LoadResult: Sendable, Equatable {
    case titles([String])
    case failure(String)

    /// The titles from `source`, or why there are none: its error, or the time limit
    /// passing first. The source and the clock race in a task group; the loser is
    /// cancelled. Nonisolated: the wait happens off the main actor.
    nonisolated static func load(from source: any FeedSource, within limit: Duration) async -> LoadResult {
        await withTaskGroup(of: LoadResult.self) { group in
            group.addTask {
                do {
                    return .titles(try await source.titles())
                } catch {
                    return .failure("\(error)")
                }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return .failure("timed out after \(limit)")
            }
            let first = await group.next() ?? .failure("cancelled")
            group.cancelAll()
            return first
        }
    }
}

/// The feed machine's actions: main-actor like the protocol, and so free to call into
/// the model. `fetch` reports back by sending an event to the machine, from the action
/// itself: the event is queued and handled as soon as the Refresh that entered Loading is.
public struct FeedEffects: FeedLoaderActions {
    weak var model: FeedModel?

    public func fetch() async {
        guard let model else { return }
        switch await LoadResult.load(from: model.source, within: model.timeLimit) {
        case .titles(let titles):
            await model.machine.loaded(titles: titles)
        case .failure(let reason):
            await model.machine.failed(reason: reason)
        }
    }

    public func show(_ titles: [String]) {
        model?.show(titles)
    }

    public func showError(_ reason: String) {
        model?.showError(reason)
    }

    public func clear() {
        model?.show([])
    }

    public func trace(_ event: FeedLoaderEvent, outcome: FeedLoader<FeedEffects>.Outcome) {
        model?.eventLog.append("\(event): \(outcome)")
    }
}

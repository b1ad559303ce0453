import FSMRuntime
import Foundation
import Testing

// State data (Language reference › State data) in Fetch.sm: values written after the next
// state, carried by label from the event and from the state that takes the row (a superstate's
// rows included), rewritten by `-(…)` with a computing action, read by entry and exit actions,
// by a condition of a decision, and kept in the snapshot.

final class FetchLog: FetchActions {
    var lines: [String] = []
    var complete = true

    func request(_ url: URL) { lines.append("request(\(url.absoluteString))") }
    func cancel(_ url: URL) { lines.append("cancel(\(url.absoluteString))") }
    func report(_ reason: String) { lines.append("report(\(reason))") }
    func show(_ received: Int) { lines.append("show(\(received))") }
    func sum(_ a: Int, _ b: Int) -> Int {
        lines.append("sum(\(a), \(b))")
        return a + b
    }
    func log(_ size: Int) { lines.append("log(\(size))") }
    func clear(_ reason: String) { lines.append("clear(\(reason))") }
    func isComplete(_ received: Int) -> Bool {
        lines.append("isComplete(\(received))")
        return complete
    }
}

@Suite struct StateDataTests {
    static let url = URL(string: "https://example.com/a")!

    /// `Open` writes `received: 0` and carries `url` from its own value; the entry action
    /// sees the new value; `Chunk` computes the next one with `sum`, running no entry action.
    @Test func valuesAreWrittenCarriedAndComputed() {
        let fetch = Fetch(actions: FetchLog())
        #expect(fetch.open(url: Self.url) == .transitioned(from: .idle, to: .loading(url: Self.url, received: 0)))
        #expect(
            fetch.chunk(bytes: 5)
                == .transitioned(
                    from: .loading(url: Self.url, received: 0), to: .loading(url: Self.url, received: 5)))
        fetch.chunk(bytes: 7)
        #expect(fetch.state == .loading(url: Self.url, received: 12))
        #expect(fetch.state.name == .loading)
        #expect(fetch.actions.lines == ["request(https://example.com/a)", "show(0)", "sum(0, 5)", "sum(5, 7)"])
    }

    /// A row of the superstate `Transfer` carries `url` from whichever state takes it, and
    /// `reason` from its event; the exit action of `Failed` reads its own `reason`.
    @Test func superstateRowsCarryTheValuesOfTheStateThatTakesThem() {
        let fetch = Fetch(actions: FetchLog())
        fetch.open(url: Self.url)
        fetch.pause()
        #expect(fetch.state == .paused(url: Self.url, received: 0))
        fetch.fail(reason: "offline")
        #expect(fetch.state == .failed(url: Self.url, reason: "offline"))
        fetch.retry()
        #expect(fetch.state == .loading(url: Self.url, received: 0))
        #expect(
            fetch.actions.lines == [
                "request(https://example.com/a)", "show(0)", "report(offline)", "clear(offline)", "show(0)",
            ])
    }

    /// The decision asks its condition with the state's value, then writes `size` from it and
    /// raises `Finished`, whose row reads `size`; a short download fails with a literal reason.
    @Test func decisionsReadAndWriteValues() {
        let fetch = Fetch(actions: FetchLog())
        fetch.open(url: Self.url)
        fetch.chunk(bytes: 3)
        fetch.end()
        #expect(fetch.state == .done(url: Self.url, size: 3))
        #expect(fetch.actions.lines.suffix(2) == ["isComplete(3)", "log(3)"])

        let short = Fetch(actions: FetchLog())
        short.actions.complete = false
        short.open(url: Self.url)
        short.end()
        #expect(short.state == .failed(url: Self.url, reason: "short"))
    }

    /// The state prints with its values; it is `Hashable` and `Codable` because the file
    /// claims so, and the snapshot with it; a restored machine has the values.
    @Test func statesPrintCompareAndSaveTheirValues() throws {
        let fetch = Fetch(actions: FetchLog())
        fetch.open(url: Self.url)
        fetch.chunk(bytes: 2)
        #expect("\(fetch.state)" == #"Loading(url: https://example.com/a, received: 2)"#)
        #expect(Set([fetch.state, .loading(url: Self.url, received: 2), .idle]).count == 2)
        let data = try JSONEncoder().encode(fetch.snapshot)
        let restored = Fetch(actions: FetchLog(), snapshot: try JSONDecoder().decode(FetchSnapshot.self, from: data))
        #expect(restored.state == .loading(url: Self.url, received: 2))
        #expect(restored.isStarted)
        restored.chunk(bytes: 1)
        #expect(restored.state == .loading(url: Self.url, received: 3))
        #expect(
            FetchStateName.allCases.map(\.description) == ["Idle", "Loading", "Paused", "Checking", "Done", "Failed"])
        #expect(fetch.state.handledEvents == FetchStateName.loading.handledEvents)
    }
}

// Reader.sm: values through an initial row, a deep history and a timer.

@MainActor struct ReaderLog: ReaderActions {
    var lines: [String] = []
    mutating func opened(_ book: String, _ page: Int) { lines.append("opened(\(book), \(page))") }
    mutating func unmark(_ page: Int) { lines.append("unmark(\(page))") }
    mutating func advance(_ page: Int, _ pages: Int) -> Int { page + pages }
}

@MainActor @Suite struct ReaderDataTests {
    /// The initial row writes `page: 1` and carries `book` from `Pick`; history keeps the
    /// values of the state left, and the next `Pick` resumes it with them, not with its own.
    @Test func historyKeepsTheValues() {
        let reader = Reader(actions: ReaderLog(), timers: ManualTimers<ReaderTimer>())
        reader.pick(book: "Dune")
        #expect(reader.state == .reading(book: "Dune", page: 1))
        reader.turn(pages: 9)
        reader.mark()
        reader.close()
        #expect(reader.history.book == .marked(book: "Dune", page: 10))
        reader.pick(book: "Emma")
        #expect(reader.state == .marked(book: "Dune", page: 10))
        reader.read()
        #expect(reader.state == .reading(book: "Dune", page: 10))
        #expect(reader.actions.lines == ["opened(Dune, 1)", "unmark(10)", "unmark(10)", "opened(Dune, 10)"])
    }

    /// The timer of a data state rewrites its value; the rewrite is an internal row, which
    /// does not start the timer again (a change of values is not a change of state).
    @Test func aTimerRewritesAValue() async {
        let timers = ManualTimers<ReaderTimer>()
        let reader = Reader(actions: ReaderLog(), timers: timers)
        reader.pick(book: "Dune")
        await timers.advance(by: .seconds(11))
        #expect(reader.state == .reading(book: "Dune", page: 2))
        reader.mark()
        reader.read()
        await timers.advance(by: .seconds(5))
        #expect(reader.state == .reading(book: "Dune", page: 3))
    }
}

import Testing

@testable import Feed

/// A server that records each batch and how many uploads overlap, failing while `isDown`.
actor RecordingServer: ReadMarkServer {
    private(set) var batches: [[String]] = []
    private(set) var mostAtOnce = 0
    private var running = 0
    var isDown = false

    func setDown(_ down: Bool) {
        isDown = down
    }

    func upload(_ articles: [String]) async throws {
        running += 1
        mostAtOnce = max(mostAtOnce, running)
        defer { running -= 1 }
        try await Task.sleep(for: .milliseconds(1))
        if isDown { throw ServerDown() }
        batches.append(articles)
    }
}

struct ServerDown: Error, CustomStringConvertible {
    var description: String { "server down" }
}

/// Two hundred tasks mark articles read at once: every mark goes up exactly once, in
/// batches that never overlap, and the machine ends idle.
@Test func marksFromManyTasksGoUpOnceEach() async {
    let server = RecordingServer()
    let syncer = ReadMarkSyncer(server: server)
    await withTaskGroup(of: Void.self) { group in
        for article in 0..<200 {
            group.addTask { await syncer.markRead("article \(article)") }
        }
    }
    let uploaded = await syncer.uploaded
    #expect(uploaded.count == 200)
    #expect(Set(uploaded) == Set((0..<200).map { "article \($0)" }))
    #expect(await server.mostAtOnce == 1)
    #expect(await server.batches.flatMap { $0 } == uploaded)
    #expect(await syncer.batches == (await server.batches.count))
    #expect(await syncer.state == .idle)
}

@Test func aFailedBatchWaitsForRetry() async {
    let server = RecordingServer()
    await server.setDown(true)
    let syncer = ReadMarkSyncer(server: server)
    await syncer.markRead("one")
    #expect(await syncer.state == .waiting)
    #expect(await syncer.failure == "server down")
    await syncer.markRead("two") // waits with the failed batch
    await server.setDown(false)
    await syncer.retry()
    #expect(await syncer.state == .idle)
    #expect(await syncer.uploaded == ["one", "two"])
    #expect(await syncer.failure == nil)
}

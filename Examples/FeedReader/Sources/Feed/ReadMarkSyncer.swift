/// Where read marks go: the server in the app, a stand-in in tests.
nonisolated public protocol ReadMarkServer: Sendable {
    func upload(_ articles: [String]) async throws
}

/// Keeps the server's read marks in step with the device's, off the main actor. The actor
/// owns its machine, which is not isolated (ReadMarkSync.sm has no `Isolation:`) and so
/// runs in the actor's isolation: its async functions are `nonisolated(nonsending)`.
/// Calls from many tasks take turns; while `upload` waits for the server the actor takes
/// other calls, whose events wait for their turn at the machine.
public actor ReadMarkSyncer {
    private let marks: ReadMarks
    private let machine: ReadMarkSync<ReadMarkUploads>

    public init(server: any ReadMarkServer) {
        let marks = ReadMarks()
        let machine = ReadMarkSync(actions: ReadMarkUploads(server: server, marks: marks))
        marks.machine = machine
        self.marks = marks
        self.machine = machine
    }

    /// Marks `article` read, and uploads it unless a batch on its way already holds it.
    public func markRead(_ article: String) async {
        marks.pending.insert(article)
        await machine.markRead()
    }

    /// Tries the failed batch again.
    public func retry() async {
        await machine.retry()
    }

    public var state: ReadMarkSyncState { machine.state }
    /// The marks the server has, in the order they went up.
    public var uploaded: [String] { marks.uploaded }
    /// How many batches went up.
    public var batches: Int { marks.batches }
    /// Why the last batch failed, if it did.
    public var failure: String? { marks.failure }
}

/// What the actor and the machine's actions share: plain data in the actor's isolation,
/// and the machine, for the actions to report to. `nonisolated`, like the machine's types:
/// the module's default isolation is the main actor, and these belong to the actor.
nonisolated final class ReadMarks {
    var pending: Set<String> = []
    var uploaded: [String] = []
    var batches = 0
    var failure: String?
    /// Weak: the machine owns its actions, which own this.
    weak var machine: ReadMarkSync<ReadMarkUploads>?
}

/// The read-mark machine's actions. They run in the actor's isolation, as the machine does.
nonisolated struct ReadMarkUploads: ReadMarkSyncActions {
    let server: any ReadMarkServer
    let marks: ReadMarks

    func hasPending() -> Bool {
        !marks.pending.isEmpty
    }

    /// Uploads every pending mark as one batch, and reports back with how many went up, or
    /// why none did (the marks then wait for `Retry`).
    func upload() async {
        let batch = marks.pending.sorted()
        marks.pending.removeAll()
        do {
            try await server.upload(batch)
            marks.uploaded += batch
            await marks.machine?.uploaded(count: batch.count)
        } catch {
            marks.pending.formUnion(batch)
            await marks.machine?.failed(reason: "\(error)")
        }
    }

    func recordBatch(_ count: Int) {
        marks.batches += 1
        marks.failure = nil
    }

    func recordFailure(_ reason: String) {
        marks.failure = reason
    }
}

import Feed
import Foundation

// feed-reader [--delay MS] [--time-limit MS]
//
// What a SwiftUI screen does, on the command line: loads the feed through the screen's
// model (a feed that takes --delay milliseconds to arrive, within --time-limit), prints
// what the screen shows and the machine's trace, then marks every title read from a task
// of its own, all at once, through the actor that uploads read marks.

/// A feed that takes `delay` to arrive; cancelling its task stops the wait.
struct SlowFeed: FeedSource {
    let delay: Duration
    let items: [String]

    func titles() async throws -> [String] {
        try await Task.sleep(for: delay)
        return items
    }
}

/// A server that takes each batch after a short wait.
struct PatientServer: ReadMarkServer {
    func upload(_ articles: [String]) async throws {
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// The whole number of milliseconds after `option`, or `fallback` when it is absent.
func milliseconds(after option: String, or fallback: Int) -> Duration {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: option) else { return .milliseconds(fallback) }
    guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value >= 0 else {
        FileHandle.standardError.write(
            Data(
                "feed-reader: \(option) needs a whole number of milliseconds\nusage: feed-reader [--delay MS] [--time-limit MS]\n"
                    .utf8))
        exit(2)
    }
    return .milliseconds(value)
}

let feed = SlowFeed(
    delay: milliseconds(after: "--delay", or: 20),
    items: ["Swift 6.3 released", "State machines in SwiftUI", "Run to completion"])
let model = FeedModel(source: feed, timeLimit: milliseconds(after: "--time-limit", or: 1_000))
print("screen: \(model.state)")
await model.refresh()
switch model.state {
case .showing: print("screen: Showing \(model.titles.count) titles: \(model.titles.joined(separator: "; "))")
case .broken: print("screen: Broken (\(model.error ?? ""))")
case .empty, .loading: print("screen: \(model.state)")
}
for line in model.eventLog { print("  " + line) }

let syncer = ReadMarkSyncer(server: PatientServer())
var marking: [Task<Void, Never>] = []
for title in model.titles {
    marking.append(Task { await syncer.markRead(title) })
}
for task in marking { await task.value }
print(
    "read marks: \(await syncer.uploaded.count) of \(model.titles.count) uploaded; the syncer is \(await syncer.state)")

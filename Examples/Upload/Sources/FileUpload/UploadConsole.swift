import Foundation

/// Reads events by name, one per line, sends them to an upload and says what happened:
/// `Start -> Uploading(Sending, Checking) {startSending}`, the configuration reached and
/// the effects in the order they ran.
public final class UploadConsole {
    public let upload: Upload<UploadEffects>
    /// Where the answers go; the program prints them, tests collect them.
    private let write: (String) -> Void
    /// Where a line that names no event is reported.
    private let report: (String) -> Void

    public init(
        upload: Upload<UploadEffects> = Upload(actions: UploadEffects()),
        write: @escaping (String) -> Void, report: @escaping (String) -> Void
    ) {
        self.upload = upload
        self.write = write
        self.report = report
    }

    /// Handles one line of input: an event name such as `Choose`, `?` for the events the
    /// upload takes now, or a blank line.
    public func handle(line: String) {
        let name = line.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { return }
        if name == "?" {
            let events = upload.state.handledEvents.map(\.description).joined(separator: ", ")
            write("\(upload.state) takes \(events)")
            return
        }
        guard let event = UploadEvent(rawValue: name) else {
            let known = UploadEvent.allCases.map(\.description).joined(separator: ", ")
            report("unknown event '\(name)'; the events are \(known)")
            return
        }
        let done = upload.actions.effects.count
        switch upload.handle(event) {
        case .transitioned(_, let to):
            let effects = upload.actions.effects[done...].joined(separator: " ")
            write("\(event) -> \(to) {\(effects)}")
        case .rejected(let state):
            write("\(event) rejected in \(state)")
        case .unhandled(let state):
            write("\(event) unhandled in \(state)")
        case .queued:
            // Only an action can queue an event, and these actions send none.
            write("\(event) queued")
        }
    }
}

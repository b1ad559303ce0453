import FileUpload
import Testing

/// Collects what the program would print.
final class Transcript: @unchecked Sendable {
    var lines: [String] = []
    var errors: [String] = []
}

@Suite struct UploadConsoleTests {
    static func run(_ lines: [String]) -> Transcript {
        let transcript = Transcript()
        let console = UploadConsole(write: { transcript.lines.append($0) }, report: { transcript.errors.append($0) })
        lines.forEach(console.handle(line:))
        return transcript
    }

    /// What CI's run of the program checks: the join, the fork and the cancel.
    @Test func anUploadThenABackupThatIsCancelled() {
        let transcript = Self.run([
            "Choose", "Start", "Finish", "Accept", "Complete", "Finish", "Backup", "Pause", "Cancel", "Pause",
        ])
        #expect(
            transcript.lines == [
                "Choose -> Uploading(Waiting, Checking) {showProgress startChecks}",
                "Start -> Uploading(Sending, Checking) {startSending}",
                "Finish rejected in Uploading(Sending, Checking)",
                "Accept -> Uploading(Sending, Valid) {stopChecks}",
                "Complete -> Uploading(Sent, Valid) {stopSending}",
                "Finish -> Done {hideProgress publish}",
                "Backup -> Uploading(Sending, Valid) {showProgress startSending}",
                "Pause -> Uploading(Paused, Valid) {stopSending}",
                "Cancel -> Empty {hideProgress discard}",
                "Pause unhandled in Empty",
            ])
        #expect(transcript.errors.isEmpty)
    }

    @Test func aQuestionMarkListsTheEventsTheUploadTakes() {
        let transcript = Self.run(["?", "Choose", "Reject", "?"])
        #expect(
            transcript.lines == [
                "Empty takes Choose, Backup",
                "Choose -> Uploading(Waiting, Checking) {showProgress startChecks}",
                "Reject -> Uploading(Waiting, Invalid) {stopChecks showProblem}",
                "Uploading(Waiting, Invalid) takes Finish, Cancel, Start",
            ])
    }

    @Test func unknownEventsAreReportedAndIgnored() {
        let transcript = Self.run(["Choose", "Upload", "", "  Start  "])
        #expect(
            transcript.errors == [
                "unknown event 'Upload'; the events are Choose, Backup, Finish, Cancel, Start, Pause, Complete, Reject, Resume, Accept"
            ])
        #expect(transcript.lines.last == "Start -> Uploading(Sending, Checking) {startSending}")
    }
}

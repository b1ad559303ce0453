import FileUpload
import Foundation
import Testing

@Suite struct UploadTests {
    typealias Uploading = UploadState.Uploading

    /// A machine restored in `state`, which runs no entry action.
    static func upload(in state: UploadState) -> Upload<UploadEffects> {
        Upload(actions: UploadEffects(), state: state)
    }

    /// Choosing a file enters both regions by their initial rows; each event then moves one.
    @Test func aChosenFileIsSentAndCheckedSideBySide() {
        let upload = Upload(actions: UploadEffects())
        #expect(
            upload.choose()
                == .transitioned(from: .empty, to: .uploading(Uploading(transfer: .waiting, validation: .checking))))
        #expect(upload.state.description == "Uploading(Waiting, Checking)")
        #expect(
            upload.start()
                == .transitioned(from: .uploading(Uploading()), to: .uploading(Uploading(transfer: .sending))))
        #expect(
            upload.accept()
                == .transitioned(
                    from: .uploading(Uploading(transfer: .sending)),
                    to: .uploading(Uploading(transfer: .sending, validation: .valid))))
        upload.pause()
        upload.resume()
        #expect(upload.state.description == "Uploading(Sending, Valid)")
        #expect(
            upload.actions.effects == [
                "showProgress", "startChecks", "startSending", "stopChecks",
                "stopSending", "startSending",
            ])
    }

    /// `Finish [in(Sent), in(Valid)]` is the join: rejected, with nothing run, until both
    /// regions have got there, whichever finishes first.
    @Test(arguments: [[UploadEvent.complete, .accept], [.accept, .complete]])
    func finishWaitsForTheFileToBeSentAndValid(order: [UploadEvent]) {
        let upload = Self.upload(in: .uploading(Uploading(transfer: .sending)))
        #expect(upload.finish() == .rejected(in: .uploading(Uploading(transfer: .sending))))
        upload.handle(order[0])
        #expect(upload.finish() == .rejected(in: upload.state))
        upload.handle(order[1])
        #expect(upload.state == .uploading(Uploading(transfer: .sent, validation: .valid)))
        #expect(
            upload.finish()
                == .transitioned(from: .uploading(Uploading(transfer: .sent, validation: .valid)), to: .done))
        #expect(upload.actions.effects.suffix(2) == ["hideProgress", "publish"])
    }

    /// `Backup  Sending & Valid` forks: it enters each region at the state it names, so the
    /// checks never start; it works after an upload as before the first.
    @Test(arguments: [UploadState.empty, .done])
    func aBackupForksIntoSendingAndValid(from start: UploadState) {
        let upload = Self.upload(in: start)
        #expect(
            upload.backup()
                == .transitioned(from: start, to: .uploading(Uploading(transfer: .sending, validation: .valid))))
        #expect(upload.state.description == "Uploading(Sending, Valid)")
        #expect(upload.actions.effects == ["showProgress", "startSending"])
        upload.complete()
        #expect(
            upload.finish()
                == .transitioned(from: .uploading(Uploading(transfer: .sent, validation: .valid)), to: .done))
    }

    /// Cancel is a row of `Uploading`: from every configuration it leaves both regions,
    /// the last region first, each from its active state, then `Uploading` itself.
    @Test(arguments: Uploading.allCases)
    func cancelLeavesBothRegionsWhereverTheyAre(configuration: Uploading) {
        let upload = Self.upload(in: .uploading(configuration))
        #expect(upload.cancel() == .transitioned(from: .uploading(configuration), to: .empty))
        let validationExit = configuration.validation == .checking ? ["stopChecks"] : []
        let transferExit = configuration.transfer == .sending ? ["stopSending"] : []
        #expect(upload.actions.effects == validationExit + transferExit + ["hideProgress", "discard"])
    }

    /// Both regions have a `Reject` row: each takes the event, in declaration order. The
    /// transfer's `!in(Invalid)` guards then keep an invalid file from being sent.
    @Test func aRejectedFileStopsBeingSent() {
        let upload = Self.upload(in: .uploading(Uploading(transfer: .sending)))
        #expect(
            upload.reject()
                == .transitioned(
                    from: .uploading(Uploading(transfer: .sending)),
                    to: .uploading(Uploading(transfer: .paused, validation: .invalid))))
        #expect(upload.actions.effects == ["stopSending", "stopChecks", "showProblem"])
        #expect(upload.resume() == .rejected(in: .uploading(Uploading(transfer: .paused, validation: .invalid))))

        let waiting = Self.upload(in: .uploading(Uploading(transfer: .waiting, validation: .invalid)))
        #expect(waiting.start() == .rejected(in: waiting.state))
        #expect(waiting.actions.effects.isEmpty)
    }

    /// `canHandle` reads every region and `Uploading`'s own rows; a row with a state test
    /// counts, though the test may reject the event.
    @Test func canHandleReadsEveryRegion() {
        let empty = Self.upload(in: .empty)
        #expect(empty.canHandle(.choose) && empty.canHandle(.backup))
        #expect(!empty.canHandle(.cancel) && !empty.canHandle(.finish))

        let invalid = Self.upload(in: .uploading(Uploading(transfer: .waiting, validation: .invalid)))
        #expect(invalid.canHandle(.start)) // Waiting's row, though !in(Invalid) rejects it
        #expect(invalid.canHandle(.cancel)) // Uploading's row
        #expect(!invalid.canHandle(.resume) && !invalid.canHandle(.accept))
        #expect(invalid.state.handledEvents == [.finish, .cancel, .start])
        #expect(
            UploadState.uploading(Uploading(transfer: .sending)).handledEvents
                == [.finish, .cancel, .pause, .complete, .reject, .accept])
    }

    /// In every configuration, `canHandle` is true exactly when `handle` does not answer
    /// `.unhandled`.
    @Test(arguments: UploadState.allCases)
    func canHandleAgreesWithHandle(state: UploadState) {
        for event in UploadEvent.allCases {
            let expected = Self.upload(in: state).canHandle(event)
            let outcome = Self.upload(in: state).handle(event)
            #expect(expected == (outcome != .unhandled(in: state)), "\(event) in \(state)")
        }
    }

    /// A snapshot holds the configuration as the text it prints as; restoring one runs no
    /// entry action, and the upload carries on from where it was.
    @Test func aSnapshotRoundTripsThroughJSON() throws {
        let upload = Upload(actions: UploadEffects())
        upload.choose()
        upload.start()
        upload.accept()
        upload.pause()
        let saved = try JSONEncoder().encode(upload.snapshot)
        #expect(String(decoding: saved, as: UTF8.self) == #"{"state":"Uploading(Paused, Valid)"}"#)

        let restored = Upload(
            actions: UploadEffects(), snapshot: try JSONDecoder().decode(UploadSnapshot.self, from: saved))
        #expect(restored.state == upload.state)
        #expect(restored.actions.effects.isEmpty)
        restored.resume()
        restored.complete()
        #expect(
            restored.finish()
                == .transitioned(from: .uploading(Uploading(transfer: .sent, validation: .valid)), to: .done))
        #expect(restored.actions.effects == ["startSending", "stopSending", "hideProgress", "publish"])
    }

    /// Every configuration survives the trip; text that names no configuration does not decode.
    @Test func everyConfigurationRoundTripsAndOthersDoNot() throws {
        for state in UploadState.allCases {
            let data = try JSONEncoder().encode(UploadSnapshot(state: state))
            #expect(try JSONDecoder().decode(UploadSnapshot.self, from: data).state == state)
        }
        #expect(UploadState.allCases.count == 2 + 4 * 3)
        for text in ["Uploading(Valid, Sent)", "Uploading(Sent)", "Uploading", "Sending"] {
            let data = Data(#"{"state":"\#(text)"}"#.utf8)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(UploadSnapshot.self, from: data) }
        }
    }
}

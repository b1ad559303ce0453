// swift-format-ignore-file
// "Using a machine" quotes this file's examples verbatim, with their comments aligned as a
// reader sees them; the formatter would realign them.
import Foundation
import FSMRuntime
import Testing

/// Saving a machine as data and restoring it: the snapshot holds the state, every history
/// and the running timers with the time each had left; it goes through JSON as the `.sm`
/// names; the restored machine runs no entry action, resumes its timers where they were,
/// and goes on as the saved one would have.
/// `value` as JSON with sorted keys, so that it can be compared as text.
func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite struct SnapshotTests {
    func decoded<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// The statechart player saved in Paused with both histories, restored from JSON: no
    /// action runs, and `Power` twice resumes deep history as the original does.
    @Test func historiesGoThroughJSONAndAreResumed() throws {
        let original = Player(actions: PlayerLog())
        for event: PlayerEvent in [.power, .play, .stop, .play, .pause] { original.handle(event) }
        let saved = original.snapshot
        #expect(saved == PlayerSnapshot(state: .paused, history: PlayerHistory(media: nil, active: .playing)))
        original.power()
        let withHistory = original.snapshot
        #expect(withHistory == PlayerSnapshot(state: .off, history: PlayerHistory(media: .paused, active: .paused)))

        let text = try json(withHistory)
        #expect(text == #"{"history":{"active":"Paused","media":"Paused"},"state":"Off"}"#)
        let restored = Player(actions: PlayerLog(), snapshot: try decoded(PlayerSnapshot.self, from: text))
        #expect(restored.state == .off && restored.history == original.history && restored.actions.log.isEmpty)
        for machine in [original, restored] { machine.power() }
        #expect(restored.state == .paused && original.state == .paused)
        #expect(restored.actions.log == ["powerUp", "startClock"])
    }

    /// The state, event, predicate and event-name enums encode as their `.sm` names, and a
    /// name the machine does not have does not decode.
    @Test func enumsEncodeAsTheirNames() throws {
        #expect(try json([EnforcedTurnstileState.alarming]) == #"["Alarming"]"#)
        #expect(try json([EnforcedTurnstileEvent.coin]) == #"["Coin"]"#)
        #expect(try json([EnforcedTurnstileEnforcement.strong]) == #"["strong"]"#)
        #expect(try json([UploaderEventName.finished]) == #"["Finished"]"#)
        #expect(try json(EnforcedTurnstileSnapshot(state: .unlocked)) == #"{"state":"Unlocked"}"#)
        #expect(try decoded([KeywordsState].self, from: #"["Self","default"]"#) == [.`self`, .default])
        #expect(throws: DecodingError.self) { try decoded(EnforcedTurnstileSnapshot.self, from: #"{"state":"Open"}"#) }
    }
}

/// The timed player's timers in a snapshot, on `ManualTimers`.
@MainActor
@Suite struct TimerSnapshotTests {
    let log = TimedPlayerLog()
    let timers = ManualTimers<TimedPlayerTimer>()

    /// Ten seconds into Buffering, the snapshot holds both running timers with the time
    /// each has left; restored on other timers, Buffering's falls due 20 s later, not 30 s,
    /// and no entry action runs on the way. "Using a machine" quotes the middle of it.
    @Test func aPendingTimerResumesWithTheTimeItHadLeft() async throws {
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log), timers: timers)
        player.load()
        await timers.advance(by: .seconds(10))
        #expect(player.snapshot.timers == [PendingTimer(.activeAfter10min, timeLeft: .seconds(590)),
                                           PendingTimer(.bufferingAfter30s, timeLeft: .seconds(20))])
        #expect(try json(player.snapshot) == #"{"state":"Buffering","timers":[{"millisecondsLeft":590000,"timer":"Active after(10min)"},"#
                + #"{"millisecondsLeft":20000,"timer":"Buffering after(30s)"}]}"#)
        let laterLog = TimedPlayerLog()
        let laterTimers = ManualTimers<TimedPlayerTimer>()

        // Ten seconds into Buffering: Active's timer has 590 s left, Buffering's 20 s.
        let saved: Data = try JSONEncoder().encode(player.snapshot)
        let snapshot = try JSONDecoder().decode(TimedPlayerSnapshot.self, from: saved)
        let restored = TimedPlayer(actions: TimedPlayerRecorder(log: laterLog), snapshot: snapshot, timers: laterTimers)
        #expect(restored.state == .buffering)     // no entry action ran
        await laterTimers.advance(by: .seconds(20))
        #expect(restored.state == .failed)        // Buffering's timeout, 20 s after the restore

        #expect(laterLog.lines.prefix(2) == ["start Active after(10min) to fire after 590.0 seconds",
                                             "start Buffering after(30s) to fire after 20.0 seconds"])
        #expect(laterLog.lines.last == "timeout Buffering after(30s): transitioned from Buffering to Failed")
        // The original, left alone, does the same 20 s later.
        await timers.advance(by: .seconds(20))
        #expect(player.state == .failed)
    }

    /// Nineteen seconds after the restore, Buffering's timer has not fired yet.
    @Test func aRestoredTimerDoesNotFireEarly() async {
        let snapshot = TimedPlayerSnapshot(state: .buffering, timers: [PendingTimer(.bufferingAfter30s, timeLeft: .seconds(20))])
        let restored = TimedPlayer(actions: TimedPlayerRecorder(log: log), snapshot: snapshot, timers: timers)
        await timers.advance(by: .seconds(19))
        #expect(restored.state == .buffering && timers.running == [.bufferingAfter30s: .seconds(1)])
        await timers.advance(by: .seconds(1))
        #expect(restored.state == .failed)
    }

    /// Only running timers are saved: in Paused, Active's and Paused's; in Playing, only
    /// Active's (leaving Paused cancelled its timer); none once Active's has fired.
    @Test func onlyRunningTimersAreSaved() async {
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log), state: .paused, timers: timers)
        #expect(player.snapshot.timers.map(\.timer) == [.activeAfter10min, .pausedAfter5min])
        player.play()
        #expect(player.snapshot == TimedPlayerSnapshot(state: .playing, timers: [PendingTimer(.activeAfter10min, timeLeft: .seconds(600))]))
        await timers.advance(by: .seconds(600))
        #expect(player.snapshot == TimedPlayerSnapshot(state: .idle, timers: []))
    }

    /// `advanced(by:)` counts time that passed between saving and restoring: a timer that
    /// fell due meanwhile fires as soon as time moves, none less than zero.
    @Test func advancedSnapshotsFireOverdueTimersAtOnce() async {
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log), timers: timers)
        player.load()
        let later = player.snapshot.advanced(by: .seconds(45))
        #expect(later.timers == [PendingTimer(.activeAfter10min, timeLeft: .seconds(555)),
                                 PendingTimer(.bufferingAfter30s, timeLeft: .zero)])
        let laterTimers = ManualTimers<TimedPlayerTimer>()
        let restored = TimedPlayer(actions: TimedPlayerRecorder(log: TimedPlayerLog()), snapshot: later, timers: laterTimers)
        #expect(restored.state == .buffering)
        await laterTimers.advance(by: .zero)
        #expect(restored.state == .failed)
    }

    /// Actions that run timers their own way and cannot say how long one has left: the
    /// snapshot saves it with its whole duration, and it restarts.
    @Test func aTimerWhoseTimeLeftIsUnknownIsSavedWhole() async {
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: log, usesScheduler: false), state: .paused, timers: timers)
        await timers.advance(by: .seconds(60))
        #expect(player.snapshot.timers == [PendingTimer(.activeAfter10min, timeLeft: .seconds(600)),
                                           PendingTimer(.pausedAfter5min, timeLeft: .seconds(300))])
    }

    /// Time left is saved to the millisecond, rounded up so that a timer never fires early;
    /// a negative time left does not decode.
    @Test func timeLeftIsSavedInWholeMilliseconds() throws {
        let snapshot = TimedPlayerSnapshot(state: .paused, timers: [PendingTimer(.pausedAfter5min, timeLeft: .microseconds(1_500))])
        #expect(try json(snapshot) == #"{"state":"Paused","timers":[{"millisecondsLeft":2,"timer":"Paused after(5min)"}]}"#)
        let negative = #"{"state":"Paused","timers":[{"millisecondsLeft":-1,"timer":"Paused after(5min)"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TimedPlayerSnapshot.self, from: Data(negative.utf8)) }
    }

    /// The default scheduler knows each running timer's time left, and forgets a cancelled one.
    @Test func clockTimersTellTheTimeLeft() throws {
        let clockTimers = ClockTimers<TimedPlayerTimer, ContinuousClock>()
        clockTimers.start(.pausedAfter5min, after: .seconds(300), fire: {})
        let left = try #require(clockTimers.timeLeft(.pausedAfter5min))
        #expect(left <= .seconds(300) && left > .seconds(290))
        #expect(clockTimers.timeLeft(.bufferingAfter30s) == nil)
        clockTimers.cancel(.pausedAfter5min)
        #expect(clockTimers.timeLeft(.pausedAfter5min) == nil)
    }

    /// An async machine (public, inlinable) saves and resumes its timers the same way.
    @Test func anAsyncMachineResumesItsTimers() async {
        let heartbeatTimers = ManualTimers<HeartbeatTimer>()
        let machine = Heartbeat(actions: HeartbeatRecorder(), timers: heartbeatTimers)
        await heartbeatTimers.advance(by: .seconds(5))
        let saved = machine.snapshot
        #expect(saved == HeartbeatSnapshot(state: .connected, timers: [PendingTimer(.connectedAfter15s, timeLeft: .seconds(10))]))
        let restoredTimers = ManualTimers<HeartbeatTimer>()
        let restored = Heartbeat(actions: HeartbeatRecorder(), snapshot: saved, timers: restoredTimers)
        #expect(restored.snapshot == saved)
        await restoredTimers.advance(by: .seconds(10))
        #expect(restored.state == .waiting && restored.actions.lines == ["ping"])
    }
}

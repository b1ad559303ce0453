import FSMRuntime
import Foundation
import Testing

// The generated player with regions (Tests/FSMCompilerTests/Fixtures/Machines/RegionPlayer.sm,
// the player of Language reference › Regions; golden file Generated/RegionPlayer.swift),
// held to that section and to The generated Swift › Regions case by case: its lines,
// outcomes, one region per event, every configuration, printing, JSON, restoring without
// entry actions, and an event sent from a region's action. These tests were first written
// against a hand-written target of the generator, before it generated regions.

struct PlayerRegionsRecorder: PlayerRegionsActions {
    var log: [String] = []
    var traced: [String] = []
    mutating func offEn() { log.append("offEn") }
    mutating func offEx() { log.append("offEx") }
    mutating func mEn() { log.append("mEn") }
    mutating func mEx() { log.append("mEx") }
    mutating func pbEn() { log.append("pbEn") }
    mutating func pbEx() { log.append("pbEx") }
    mutating func sEn() { log.append("sEn") }
    mutating func sEx() { log.append("sEx") }
    mutating func start() { log.append("start") }
    mutating func plEn() { log.append("plEn") }
    mutating func plEx() { log.append("plEx") }
    mutating func stop() { log.append("stop") }
    mutating func vEn() { log.append("vEn") }
    mutating func vEx() { log.append("vEx") }
    mutating func nEn() { log.append("nEn") }
    mutating func nEx() { log.append("nEx") }
    mutating func mute() { log.append("mute") }
    mutating func muEn() { log.append("muEn") }
    mutating func muEx() { log.append("muEx") }
    mutating func unmute() { log.append("unmute") }
    mutating func unhandledEvent(_ event: PlayerRegionsEvent, in state: PlayerRegionsState) {
        log.append("unhandled \(event) in \(state)")
    }
    mutating func trace(_ event: PlayerRegionsEvent, outcome: Outcome<PlayerRegionsState>) {
        traced.append("\(event): \(outcome)")
    }
}

/// `Media` with `playback` and `volume`, for short.
private func media(_ playback: PlayerRegionsState.Media.Playback, _ volume: PlayerRegionsState.Media.Volume)
    -> PlayerRegionsState
{
    .media(PlayerRegionsState.Media(playback: playback, volume: volume))
}

/// Every configuration of `Media`, in the order of `allCases`.
private let mediaConfigurations = [
    media(.stopped, .normal), media(.stopped, .muted), media(.playing, .normal), media(.playing, .muted),
]

/// The exit actions of `Media`'s regions from their states, in the order `exit(Media)` runs them:
/// Volume's state and Volume, then Playback's state and Playback.
private func regionExits(_ state: PlayerRegionsState) -> [String] {
    guard case .media(let media) = state else { return [] }
    return [media.volume == .normal ? "nEx" : "muEx", "vEx", media.playback == .stopped ? "sEx" : "plEx", "pbEx"]
}

@Suite struct PlayerRegionsTests {
    /// Sends `event` and prints what happened as `fsmc simulate` prints a step whose source is
    /// a configuration: `Off Power -> Media(Stopped, Normal) {offEx mEn …}`.
    func step(_ machine: PlayerRegions<PlayerRegionsRecorder>, _ event: PlayerRegionsEvent) -> String {
        let before = machine.actions.log.count
        let from = machine.state
        switch machine.handle(event) {
        case .transitioned(let source, let target):
            #expect(source == from && target == machine.state)
            return "\(from) \(event) -> \(target) {\(machine.actions.log[before...].joined(separator: " "))}"
        case let outcome:
            return "\(from) \(event) \(outcome)"
        }
    }

    /// Language reference › Regions, and Commands › fsmc simulate: entering `Media` runs
    /// its entry actions, then each region's down to its initial state, in declaration
    /// order; `Play` and `Mute` each run inside one region; `Power` leaves `Media` from its
    /// regions' states, in reverse region order.
    @Test func specFivesRun() {
        let machine = PlayerRegions(actions: PlayerRegionsRecorder())
        #expect(machine.state == .off)
        #expect(
            [PlayerRegionsEvent.power, .play, .mute, .power].map { step(machine, $0) } == [
                "Off Power -> Media(Stopped, Normal) {offEx mEn pbEn sEn vEn nEn}",
                "Media(Stopped, Normal) Play -> Media(Playing, Normal) {sEx start plEn}",
                "Media(Playing, Normal) Mute -> Media(Playing, Muted) {nEx mute muEn}",
                "Media(Playing, Muted) Power -> Off {muEx vEx plEx pbEx mEx offEn}",
            ])
        #expect(machine.state == .off)
    }

    @Test func outcomesNameTheConfigurations() {
        let machine = PlayerRegions(actions: PlayerRegionsRecorder())
        #expect(machine.power() == .transitioned(from: .off, to: media(.stopped, .normal)))
        #expect(machine.play() == .transitioned(from: media(.stopped, .normal), to: media(.playing, .normal)))
        #expect(machine.mute() == .transitioned(from: media(.playing, .normal), to: media(.playing, .muted)))
        #expect(machine.mute() == .transitioned(from: media(.playing, .muted), to: media(.playing, .normal)))
        #expect(machine.stop() == .transitioned(from: media(.playing, .normal), to: media(.stopped, .normal)))
        #expect(machine.power() == .transitioned(from: media(.stopped, .normal), to: .off))
        #expect(
            machine.actions.traced == [
                "Power: transitioned from Off to Media(Stopped, Normal)",
                "Play: transitioned from Media(Stopped, Normal) to Media(Playing, Normal)",
                "Mute: transitioned from Media(Playing, Normal) to Media(Playing, Muted)",
                "Mute: transitioned from Media(Playing, Muted) to Media(Playing, Normal)",
                "Stop: transitioned from Media(Playing, Normal) to Media(Stopped, Normal)",
                "Power: transitioned from Media(Stopped, Normal) to Off",
            ])
    }

    /// From every configuration, `Play` and `Stop` change `Playback` alone and `Mute` changes
    /// `Volume` alone, running only the actions of the region's states: never `Media`'s nor
    /// a region's own.
    @Test func playStopAndMuteEachChangeOneRegion() {
        for case .media(let before) in mediaConfigurations {
            let play = PlayerRegions(actions: PlayerRegionsRecorder(), state: .media(before))
            play.play()
            let stop = PlayerRegions(actions: PlayerRegionsRecorder(), state: .media(before))
            stop.stop()
            let mute = PlayerRegions(actions: PlayerRegionsRecorder(), state: .media(before))
            mute.mute()
            var afterMute = before
            afterMute.volume = before.volume == .normal ? .muted : .normal
            #expect(mute.state == .media(afterMute))
            #expect(
                mute.actions.log == (before.volume == .normal ? ["nEx", "mute", "muEn"] : ["muEx", "unmute", "nEn"]))
            switch before.playback {
            case .stopped:
                #expect(play.state == media(.playing, before.volume))
                #expect(play.actions.log == ["sEx", "start", "plEn"])
                #expect(stop.state == .media(before))
                #expect(stop.actions.log == ["unhandled Stop in \(before)"])
            case .playing:
                #expect(stop.state == media(.stopped, before.volume))
                #expect(stop.actions.log == ["plEx", "stop", "sEn"])
                #expect(play.state == .media(before))
                #expect(play.actions.log == ["unhandled Play in \(before)"])
            }
        }
    }

    /// `Power` leaves `Media` from each of its four configurations, exiting each region from
    /// the state it is in, and enters it from `Off` in its initial configuration.
    @Test func powerFromEveryConfiguration() {
        for state in PlayerRegionsState.allCases {
            let machine = PlayerRegions(actions: PlayerRegionsRecorder(), state: state)
            machine.power()
            switch state {
            case .off:
                #expect(machine.state == media(.stopped, .normal))
                #expect(machine.actions.log == ["offEx", "mEn", "pbEn", "sEn", "vEn", "nEn"])
            case .media:
                #expect(machine.state == .off)
                #expect(machine.actions.log == regionExits(state) + ["mEx", "offEn"], "\(state)")
            }
        }
        #expect(regionExits(media(.playing, .muted)) == ["muEx", "vEx", "plEx", "pbEx"])
    }

    /// An event no region's state and no row of `Media` handles is unhandled: the hook is
    /// called with the configuration, nothing else runs, and the configuration stays.
    @Test func unhandledEventsKeepTheConfiguration() {
        let cases: [(PlayerRegionsState, PlayerRegionsEvent)] = [
            (media(.stopped, .normal), .stop), (media(.stopped, .muted), .stop),
            (media(.playing, .normal), .play), (media(.playing, .muted), .play),
            (.off, .play), (.off, .stop), (.off, .mute),
        ]
        for (state, event) in cases {
            let machine = PlayerRegions(actions: PlayerRegionsRecorder(), state: state)
            #expect(machine.handle(event) == .unhandled(in: state))
            #expect(machine.state == state)
            #expect(machine.actions.log == ["unhandled \(event) in \(state)"])
            #expect(machine.actions.traced == ["\(event): unhandled in \(state)"])
        }
        let machine = PlayerRegions(actions: PlayerRegionsRecorder(), state: media(.stopped, .normal))
        #expect(step(machine, .stop) == "Media(Stopped, Normal) Stop unhandled in Media(Stopped, Normal)")
    }

    /// `canHandle` is true exactly where `handle` does not return `.unhandled`, in every
    /// configuration, and `handledEvents` lists those events in the order of `allCases`.
    @Test func canHandleAndHandledEventsAgreeWithHandle() {
        for state in PlayerRegionsState.allCases {
            var handled: [PlayerRegionsEvent] = []
            for event in PlayerRegionsEvent.allCases {
                let machine = PlayerRegions(actions: PlayerRegionsRecorder(), state: state)
                let expected = machine.canHandle(event)
                #expect(expected == !machine.handle(event).isUnhandled, "\(state) \(event)")
                if expected { handled.append(event) }
            }
            #expect(state.handledEvents == handled, "\(state)")
        }
        #expect(PlayerRegionsState.off.handledEvents == [.power])
        #expect(media(.stopped, .normal).handledEvents == [.power, .play, .mute])
        #expect(media(.stopped, .muted).handledEvents == [.power, .play, .mute])
        #expect(media(.playing, .normal).handledEvents == [.power, .stop, .mute])
        #expect(media(.playing, .muted).handledEvents == [.power, .stop, .mute])
        let machine = PlayerRegions(actions: PlayerRegionsRecorder(), state: media(.playing, .muted))
        #expect(
            machine.canHandle(.stop) && machine.canHandle(.mute) && machine.canHandle(.power)
                && !machine.canHandle(.play))
        #expect(machine.actions.log.isEmpty)
    }

    @Test func configurationsPrintAsTheSMFileNamesThem() {
        #expect(
            PlayerRegionsState.allCases.map(\.description) == [
                "Off", "Media(Stopped, Normal)", "Media(Stopped, Muted)", "Media(Playing, Normal)",
                "Media(Playing, Muted)",
            ])
        #expect(PlayerRegionsState.allCases == [.off] + mediaConfigurations)
        #expect(PlayerRegionsState.Media.allCases.map { PlayerRegionsState.media($0) } == mediaConfigurations)
        #expect(PlayerRegionsState.Media.Playback.allCases.map(\.description) == ["Stopped", "Playing"])
        #expect(PlayerRegionsState.Media.Volume.allCases.map(\.description) == ["Normal", "Muted"])
        #expect(PlayerRegionsState.Media.Volume(rawValue: "Muted") == .muted)
        #expect(PlayerRegionsEvent.allCases.map(\.description) == ["Power", "Play", "Stop", "Mute"])
        #expect("\(media(.playing, .muted))" == "Media(Playing, Muted)")
        // By default `Media`'s regions are in the states their initial rows enter.
        #expect(PlayerRegionsState.media(PlayerRegionsState.Media()) == media(.stopped, .normal))
        #expect(Set(PlayerRegionsState.allCases).count == 5)
    }

    /// Every configuration goes through JSON as the text it prints as and comes back equal;
    /// `Media` alone encodes the same way, the regions' states as their names. Text that is
    /// no configuration does not decode.
    @Test func configurationsGoThroughJSONAsTheirText() throws {
        for state in PlayerRegionsState.allCases {
            let text = try json([state])
            #expect(text == "[\"\(state)\"]")
            #expect(try JSONDecoder().decode([PlayerRegionsState].self, from: Data(text.utf8)) == [state])
            let snapshot = PlayerRegionsSnapshot(state: state)
            let saved = try json(snapshot)
            #expect(saved == "{\"state\":\"\(state)\"}")
            #expect(try JSONDecoder().decode(PlayerRegionsSnapshot.self, from: Data(saved.utf8)) == snapshot)
        }
        #expect(
            try json(PlayerRegionsSnapshot(state: media(.playing, .muted))) == #"{"state":"Media(Playing, Muted)"}"#)
        for configuration in PlayerRegionsState.Media.allCases {
            let text = try json([configuration])
            #expect(text == "[\"\(configuration)\"]")
            #expect(try JSONDecoder().decode([PlayerRegionsState.Media].self, from: Data(text.utf8)) == [configuration])
        }
        #expect(try json([PlayerRegionsState.Media.Playback.playing]) == #"["Playing"]"#)
        #expect(try json([PlayerRegionsState.Media.Volume.muted]) == #"["Muted"]"#)

        for text in [
            "Media(Playing)", "Media(Playing, Loud)", "Media(Muted, Playing)", "Media(Playing,Muted)",
            "Media", "Playing", "off", "", "Media(Playing, Muted) ",
        ] {
            #expect(throws: DecodingError.self, "\(text)") {
                try JSONDecoder().decode([PlayerRegionsState].self, from: Data(try json([text]).utf8))
            }
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PlayerRegionsState.Media.self, from: Data(#""Off""#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PlayerRegionsSnapshot.self, from: Data(#"{"state":"Media(Paused, Muted)"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PlayerRegionsState].self, from: Data("[3]".utf8))
        }
    }

    /// Restoring a configuration, with `init(actions:state:)` or from a snapshot, runs no entry
    /// action; the restored machine then leaves each region from the state it was restored in.
    @Test func restoringAConfigurationRunsNoEntryActions() throws {
        for state in PlayerRegionsState.allCases {
            let machine = PlayerRegions(actions: PlayerRegionsRecorder(), state: state)
            #expect(machine.state == state && machine.actions.log.isEmpty)
            #expect(machine.snapshot == PlayerRegionsSnapshot(state: state))
            let snapshot = try JSONDecoder().decode(
                PlayerRegionsSnapshot.self, from: Data(try json(machine.snapshot).utf8))
            let restored = PlayerRegions(actions: PlayerRegionsRecorder(), snapshot: snapshot)
            #expect(restored.state == state && restored.actions.log.isEmpty)
        }
        let restored = PlayerRegions(
            actions: PlayerRegionsRecorder(), snapshot: PlayerRegionsSnapshot(state: media(.playing, .muted)))
        #expect(step(restored, .power) == "Media(Playing, Muted) Power -> Off {muEx vEx plEx pbEx mEx offEn}")
        #expect(PlayerRegionsSnapshot() == PlayerRegionsSnapshot(state: .off))
    }

    /// An event sent from a region's action is queued and handled after the whole step, in
    /// the configuration the step left; the outcome of the first event is its own.
    @Test func anEventSentFromARegionsActionIsHandledAfterTheStep() {
        let actions = SendingPlayerRegionsActions()
        let machine = PlayerRegions(actions: actions, state: media(.stopped, .normal))
        actions.machine = machine
        actions.sendOnStart = .mute
        #expect(machine.play() == .transitioned(from: media(.stopped, .normal), to: media(.playing, .normal)))
        #expect(
            actions.log == [
                "sEx", "start in Media(Stopped, Normal)", "sent Mute: queued", "plEn in Media(Playing, Normal)",
                "nEx", "mute", "muEn in Media(Playing, Muted)",
            ])
        #expect(machine.state == media(.playing, .muted))
    }
}

/// Actions that send an event to their machine from `start`, and note the configuration some
/// of them see: a region's entry actions see its new state.
final class SendingPlayerRegionsActions: PlayerRegionsActions {
    weak var machine: PlayerRegions<SendingPlayerRegionsActions>?
    var log: [String] = []
    var sendOnStart: PlayerRegionsEvent?

    func start() {
        log.append("start in \(machine!.state)")
        if let event = sendOnStart { log.append("sent \(event): \(machine!.handle(event))") }
    }
    func plEn() { log.append("plEn in \(machine!.state)") }
    func muEn() { log.append("muEn in \(machine!.state)") }
    func offEn() { log.append("offEn") }
    func offEx() { log.append("offEx") }
    func mEn() { log.append("mEn") }
    func mEx() { log.append("mEx") }
    func pbEn() { log.append("pbEn") }
    func pbEx() { log.append("pbEx") }
    func sEn() { log.append("sEn") }
    func sEx() { log.append("sEx") }
    func plEx() { log.append("plEx") }
    func stop() { log.append("stop") }
    func vEn() { log.append("vEn") }
    func vEx() { log.append("vEx") }
    func nEn() { log.append("nEn") }
    func nEx() { log.append("nEx") }
    func mute() { log.append("mute") }
    func muEx() { log.append("muEx") }
    func unmute() { log.append("unmute") }
}

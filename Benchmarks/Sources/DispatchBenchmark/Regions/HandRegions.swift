// The dispatch benchmark's region machine, the player of Language reference › Regions with
// entry and exit actions:
//
//   FSM: Regions
//   Initial: Off
//   Parallel: Media
//   {
//     Off <offEn >offEx                 { Power Media - }
//     (Media) <mEn >mEx                 { Power Off - }
//     (Playback) : Media <pbEn >pbEx    { - Stopped - }
//     Stopped : Playback <sEn >sEx      { Play Playing start }
//     Playing : Playback <plEn >plEx    { Stop Stopped stop }
//     (Volume) : Media <vEn >vEx        { - Normal - }
//     Normal : Volume <nEn >nEx         { Mute Muted mute }
//     Muted : Volume <muEn >muEx        { Mute Normal unmute }
//   }
//
// Its shapes: `generated` (this text as Machines/Regions.sm, compiled by fsmc like every .sm
// in Machines/), `hand-written` (below) and `flattened` (Machines/FlatRegions.sm, the product
// machine compiled by fsmc).

/// A configuration of the region machine: `Off`, or `Media` with a state per region.
enum HandRegionsState: CaseIterable, Hashable {
    case off
    case media(Media)

    /// The state of each of `Media`'s regions.
    struct Media: Hashable {
        enum Playback { case stopped, playing }
        enum Volume { case normal, muted }
        var playback: Playback
        var volume: Volume
    }

    /// In the order of `RegionsState.allCases` and `FlatRegionsState.allCases`, so that the
    /// checksums of the shapes agree.
    static let allCases: [HandRegionsState] = [
        .off,
        .media(Media(playback: .stopped, volume: .normal)),
        .media(Media(playback: .stopped, volume: .muted)),
        .media(Media(playback: .playing, volume: .normal)),
        .media(Media(playback: .playing, volume: .muted)),
    ]
}

/// The region machine's events; their raw values name them as the .sm files do.
enum HandRegionsEvent: String, CaseIterable {
    case power = "Power"
    case play = "Play"
    case stop = "Stop"
    case mute = "Mute"
}

/// The region machine's actions, as `FlatRegionsActions` has them.
protocol HandRegionsActions {
    mutating func offEn()
    mutating func offEx()
    mutating func mEn()
    mutating func mEx()
    mutating func pbEn()
    mutating func pbEx()
    mutating func sEn()
    mutating func sEx()
    mutating func start()
    mutating func plEn()
    mutating func plEx()
    mutating func stop()
    mutating func vEn()
    mutating func vEx()
    mutating func nEn()
    mutating func nEx()
    mutating func mute()
    mutating func muEn()
    mutating func muEx()
    mutating func unmute()
}

/// The region machine written by hand, as a person writes orthogonal regions in Swift: a
/// `switch` on `Off` or `Media`; in `Media`, one `switch` per region on its state, then on the
/// event, each running its actions and noting that it took the event, the configuration
/// written back once; `Media`'s own row only when no region took the event, leaving each
/// region from its state, in reverse order. The baseline for the `generated` shape.
final class HandRegions<Actions: HandRegionsActions> {
    private(set) var state: HandRegionsState
    var actions: Actions

    init(actions: Actions, state: HandRegionsState = .off) {
        self.actions = actions
        self.state = state
    }

    func handle(_ event: HandRegionsEvent) {
        switch state {
        case .off:
            switch event {
            case .power:
                actions.offEx()
                actions.mEn()
                actions.pbEn()
                actions.sEn()
                actions.vEn()
                actions.nEn()
                state = .media(HandRegionsState.Media(playback: .stopped, volume: .normal))
            case .play, .stop, .mute:
                break
            }
        case .media(var media):
            var handled = false
            switch media.playback {
            case .stopped:
                switch event {
                case .play:
                    actions.sEx()
                    actions.start()
                    actions.plEn()
                    media.playback = .playing
                    handled = true
                case .power, .stop, .mute:
                    break
                }
            case .playing:
                switch event {
                case .stop:
                    actions.plEx()
                    actions.stop()
                    actions.sEn()
                    media.playback = .stopped
                    handled = true
                case .power, .play, .mute:
                    break
                }
            }
            switch media.volume {
            case .normal:
                switch event {
                case .mute:
                    actions.nEx()
                    actions.mute()
                    actions.muEn()
                    media.volume = .muted
                    handled = true
                case .power, .play, .stop:
                    break
                }
            case .muted:
                switch event {
                case .mute:
                    actions.muEx()
                    actions.unmute()
                    actions.nEn()
                    media.volume = .normal
                    handled = true
                case .power, .play, .stop:
                    break
                }
            }
            if handled {
                state = .media(media)
                return
            }
            switch event {
            case .power:
                switch media.volume {
                case .normal:
                    actions.nEx()
                case .muted:
                    actions.muEx()
                }
                actions.vEx()
                switch media.playback {
                case .stopped:
                    actions.sEx()
                case .playing:
                    actions.plEx()
                }
                actions.pbEx()
                actions.mEx()
                actions.offEn()
                state = .off
            case .play, .stop, .mute:
                break
            }
        }
    }
}

/// What the region machine does, counted: each action adds its own weight, so that two shapes
/// that run the same actions end with the same count.
protocol CountingRegions {
    var count: Int { get set }
}

extension CountingRegions {
    mutating func offEn() { count &+= 2 }
    mutating func offEx() { count &+= 3 }
    mutating func mEn() { count &+= 5 }
    mutating func mEx() { count &+= 7 }
    mutating func pbEn() { count &+= 11 }
    mutating func pbEx() { count &+= 13 }
    mutating func sEn() { count &+= 17 }
    mutating func sEx() { count &+= 19 }
    mutating func start() { count &+= 23 }
    mutating func plEn() { count &+= 29 }
    mutating func plEx() { count &+= 31 }
    mutating func stop() { count &+= 37 }
    mutating func vEn() { count &+= 41 }
    mutating func vEx() { count &+= 43 }
    mutating func nEn() { count &+= 47 }
    mutating func nEx() { count &+= 53 }
    mutating func mute() { count &+= 59 }
    mutating func muEn() { count &+= 61 }
    mutating func muEx() { count &+= 67 }
    mutating func unmute() { count &+= 71 }
}

struct CountingHandRegionsActions: HandRegionsActions, CountingRegions {
    var count = 0
}

struct CountingFlatRegionsActions<Declaration: SendsEventsDeclaration>: FlatRegionsActions, CountingRegions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
}

struct CountingRegionsActions<Declaration: SendsEventsDeclaration>: RegionsActions, CountingRegions {
    static var sendsEvents: Bool { Declaration.sendsEvents }
    var count = 0
}

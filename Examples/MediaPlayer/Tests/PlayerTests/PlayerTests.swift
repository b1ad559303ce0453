import FSMRuntime
import Foundation
import Player
import Testing

@Suite struct PlayerTests {
    let track = URL(string: "https://example.com/music/song.m4a")!

    @Test func loadingCarriesTheURLThenTheDurationAndTitle() {
        let player = MediaPlayer(actions: PlayerEngine())
        #expect(player.load(url: track) == .transitioned(from: .idle, to: .loading))
        #expect(player.loaded(duration: 215, title: "Song") == .transitioned(from: .loading, to: .paused))
        #expect(player.actions.url == track)
        #expect(player.actions.duration == 215)
        #expect(player.actions.title == "Song")
        #expect(player.actions.effects == ["startLoading(song.m4a)", "setDuration(215.0)", "showTitle(Song)"])
    }

    /// `Seek [isInTrack(position)]` beside `Seek`: the condition, asked with the event's
    /// position, decides between seeking and refusing, as `if`/`else` would.
    @Test func aSeekInsideTheTrackSeeksAndOneOutsideIsRefused() {
        let player = MediaPlayer(actions: PlayerEngine(), state: .loading)
        player.loaded(duration: 100, title: "Song")
        player.play()
        #expect(player.seek(position: 30) == .transitioned(from: .playing, to: .playing))
        #expect(player.seek(position: 130) == .transitioned(from: .playing, to: .playing))
        #expect(player.actions.position == 30)
        #expect(player.actions.effects.suffix(2) == ["seek(30.0)", "refuseSeek(130.0)"])
    }

    /// Only `Volume` looks at the network, so only `volume(level:network:)` asks for it.
    @Test func loudVolumeOnCellularWarnsAboutData() {
        let player = MediaPlayer(actions: PlayerEngine(), state: .loading)
        player.loaded(duration: 100, title: "Song")
        player.volume(level: 9, network: .wifi)
        player.volume(level: 9, network: .cellular)
        player.volume(level: 3, network: .cellular)
        #expect(player.actions.level == 3)
        #expect(player.actions.effects.suffix(4) == ["setLevel(9)", "setLevel(9)", "warnAboutData", "setLevel(3)"])
    }

    @Test func aFailureCarriesItsError() throws {
        let player = MediaPlayer(actions: PlayerEngine())
        player.load(url: track)
        #expect(player.failed(error: LoadError.unsupportedFormat("m4a")) == .transitioned(from: .loading, to: .broken))
        #expect(try #require(player.actions.lastError as? LoadError) == .unsupportedFormat("m4a"))
        #expect(player.load(url: track) == .transitioned(from: .broken, to: .loading))
    }

    /// `handle(_:)` takes the whole event; its name, without values, is for logs and sets.
    @Test func eventsPrintWithTheirValuesAndHaveANameWithout() {
        let event = MediaPlayerEvent.loaded(duration: 1.5, title: "Intro")
        #expect(event.description == #"Loaded(duration: 1.5, title: "Intro")"#)
        #expect(event.name == .loaded)
        #expect(Set(MediaPlayerEventName.allCases).count == 8)

        let player = MediaPlayer(actions: PlayerEngine())
        #expect(player.handle(.seek(position: 3), network: .wifi) == .unhandled(in: .idle))
        #expect(player.handle(event, network: .wifi) == .unhandled(in: .idle))
        #expect(player.actions.ignored == [.seek, .loaded])
    }
}

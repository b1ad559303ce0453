import FSMRuntime
import Foundation

/// What the player does to the outside world. A real app drives AVFoundation here; this
/// one keeps what the screen would show and records each effect, which is what the tests
/// look at. The values each action takes come from the event that triggered it.
public struct PlayerEngine: MediaPlayerActions {
    public private(set) var effects: [String] = []
    public private(set) var url: URL?
    public private(set) var duration: Double = 0
    public private(set) var title = ""
    public private(set) var position: Double = 0
    public private(set) var level = 5
    public private(set) var lastError: (any Error)?
    public var muted = false
    /// The events that arrived in a state that does not handle them, by name.
    public private(set) var ignored: [MediaPlayerEventName] = []

    public init() {}

    public mutating func startLoading(_ url: URL) {
        self.url = url
        effects.append("startLoading(\(url.lastPathComponent))")
    }
    public mutating func cancelLoading() { effects.append("cancelLoading") }
    public mutating func setDuration(_ duration: Double) {
        self.duration = duration
        effects.append("setDuration(\(duration))")
    }
    public mutating func showTitle(_ title: String) {
        self.title = title
        effects.append("showTitle(\(title))")
    }
    public mutating func report(_ error: any Error) {
        lastError = error
        effects.append("report(\(error))")
    }
    public mutating func seek(_ position: Double) {
        self.position = position
        effects.append("seek(\(position))")
    }
    public mutating func refuseSeek(_ position: Double) { effects.append("refuseSeek(\(position))") }
    public mutating func setLevel(_ level: Int) {
        self.level = level
        effects.append("setLevel(\(level))")
    }
    public mutating func warnAboutData() { effects.append("warnAboutData") }
    public mutating func unmute() {
        muted = false
        effects.append("unmute")
    }
    public mutating func startProgress() { effects.append("startProgress") }
    public mutating func stopProgress() { effects.append("stopProgress") }

    public func isInTrack(_ position: Double) -> Bool { (0...duration).contains(position) }
    public func isLoud(_ level: Int) -> Bool { level > 7 }
    public func isMuted() -> Bool { muted }

    public mutating func unhandledEvent(_ event: MediaPlayerEvent, in state: MediaPlayerState) {
        ignored.append(event.name)
    }

    /// No action sends an event to the machine: dispatch is a plain `switch`.
    public static var sendsEvents: Bool { false }
}

/// Why loading failed.
public enum LoadError: Error, Equatable {
    case notFound
    case unsupportedFormat(String)
}

import FSMRuntime

/// What the app does as an upload moves on, written down in order. A real app starts and
/// stops its network task and its checks here and shows the progress bar; the program
/// prints these names and the tests read them.
public struct UploadEffects: UploadActions {
    public private(set) var effects: [String] = []

    public init() {}

    public mutating func showProgress() { effects.append("showProgress") }
    public mutating func hideProgress() { effects.append("hideProgress") }
    public mutating func startSending() { effects.append("startSending") }
    public mutating func stopSending() { effects.append("stopSending") }
    public mutating func startChecks() { effects.append("startChecks") }
    public mutating func stopChecks() { effects.append("stopChecks") }
    public mutating func showProblem() { effects.append("showProblem") }
    public mutating func publish() { effects.append("publish") }
    public mutating func discard() { effects.append("discard") }

    /// No action sends an event to the machine: dispatch is a plain `switch` per region.
    public static var sendsEvents: Bool { false }
}

/// The names generated Swift takes for itself, which the checks keep the machine's own
/// names away from (Analyzer+SwiftNames) and `GeneratedNames` chooses around: known to
/// both stages, so they live below both.
enum ReservedNames {
    /// What the generated bodies refer to unqualified, other than the predicate parameters
    /// and the per-state functions: the machine's members and the bodies' locals.
    /// `GeneratedNamesTests` checks that it lists every name the generated class declares.
    static let members: Set<String> = [
        "event", "state", "actions", "eventQueue", "from", "code", "outcome", "queued", "handling",
        "handle", "handleEvent", "enqueue", "dispatch", "handleWaitingEvents", "unhandled", "history",
        "currentState", "observationRegistrar", "changeState", "currentHistory", "stateKeyPath",
        "snapshot", "canHandle",
    ]

    /// What the bodies of a machine with `after` rows add: its timer members and their locals.
    /// A machine without timers does not take them, and generates what it did before them.
    static let timerMembers: Set<String> = [
        "timers", "timerTokens", "startTimers", "startTimer", "cancelTimer", "timerFired", "dispatchTimer",
        "timer", "token", "duration", "pending",
    ]

    /// What the bodies of a machine with `start()` add. A machine without it does not take
    /// them, and generates what it did before.
    static let startMembers: Set<String> = ["start", "isStarted", "started", "enterInitialConfiguration"]

    /// What the bodies of a machine with `always` rows add (`taken` is the loop's local).
    static let alwaysMembers: Set<String> = [
        "takeAlwaysRows", "dispatchAlways", "traceAlways", "stepGoesOn", "taken",
    ]

    /// What the bodies of a machine that raises events add (`raised` and `handled` are the
    /// loop's locals).
    static let raiseMembers: Set<String> = ["raisedEvents", "completeStep", "raised", "handled", "stepGoesOn"]

    /// Type names the generated file takes, which no type of the machine may have: the
    /// modules it qualifies names with (`Swift`, `FSMRuntime`) and the private
    /// `RequiredRuntime` of every file.
    static let typeNames: Set<String> = ["Swift", "FSMRuntime", "RequiredRuntime"]

    /// The types the machine declares inside itself: its generic parameter `Actions`,
    /// `Outcome`, and the `AlwaysStep` of a machine with regions and `always` rows (kept
    /// from every machine's names, so that adding an `always` row never makes a name
    /// wrong). The actions protocol cannot have one of these names: inside the machine it
    /// would be hidden.
    static let memberTypeNames: Set<String> = ["Actions", "Outcome", "AlwaysStep"]
}

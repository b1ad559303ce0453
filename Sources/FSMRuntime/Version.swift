/// The version of the API that generated code uses. Each generated file names the
/// version it needs (`private typealias RequiredRuntime = FSMRuntime.APIVersion1`), so
/// code generated for another version fails to compile at that line, next to a comment
/// that says to regenerate it. A release that changes what generated code relies on adds
/// a new version and removes the old ones; a release that only adds to the API adds a
/// new version and keeps the old ones, which still describe what they did.
public enum APIVersion1 {}

/// Version 1 and `AsyncEventQueue` and `EventQueue.begin(sendsEvents:actions:)`, which
/// machines with `Isolation:` or `Async:` headers use; code that names it does not compile
/// against a runtime without them.
public enum APIVersion2 {}

/// Version 2 and the timers of `after` rows (`TimerScheduler` with `timeLeft`,
/// `ClockTimers`, `ManualTimers`, `TimerTokens`, `PendingTimer`), which machines with
/// `after` rows use.
public enum APIVersion3 {}

/// Version 3 and `RaisedEvents`, which machines that raise events (`^Saved`) use.
public enum APIVersion4 {}

/// Version 4 and `RaisedEvents.isEmpty`, which machines with parallel states that raise
/// events use to decide whether a step goes on.
public enum APIVersion5 {}

/// Version 5, with `Outcome`, `MachineActions.State` and `EventQueue` no longer requiring
/// `Hashable` and `Sendable` states (`Outcome` is as `Hashable` and `Sendable` as its states
/// are), which machines whose states hold data use.
public enum APIVersion6 {}

/// Runs the timers of a machine's `after` rows (SPEC 1.5). The machine asks its actions to
/// start a timer when it enters a state with `after` rows and to cancel it when it leaves
/// the state; their default implementations call `start` and `cancel` here. `fire` hands the
/// timeout back to the machine, which ignores a firing of a timer it has since cancelled
/// or restarted, so a scheduler need not guarantee that a cancelled timer never fires.
///
/// A scheduler belongs to its machine's isolation (the machine's global actor, or its
/// owner's): it is not `Sendable`, and `start` and `cancel` are called there. `fire` is
/// `@Sendable` and `async`, so that it can hop back to that isolation from wherever the
/// scheduler's time passes.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public protocol TimerScheduler<Timer>: AnyObject {
    associatedtype Timer: Hashable & Sendable

    /// Calls `fire` once `duration` has passed, unless `cancel(timer)` comes first.
    /// Starting a running timer restarts it.
    func start(_ timer: Timer, after duration: Duration, fire: @escaping @Sendable () async -> Void)

    /// Stops `timer`; nothing happens when it is not running.
    func cancel(_ timer: Timer)
}

/// Timers on a `Clock`, `ContinuousClock` by default: each running timer is a task that
/// sleeps until its deadline, then calls `fire`. Cancelling cancels the task.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ClockTimers<Timer: Hashable & Sendable, C: Clock>: TimerScheduler where C.Duration == Duration {
    private let clock: C
    /// The task of each timer started and not cancelled (a finished one stays until the
    /// timer is started or cancelled again).
    private var tasks: [Timer: Task<Void, Never>] = [:]

    public init(clock: C) {
        self.clock = clock
    }

    public func start(_ timer: Timer, after duration: Duration, fire: @escaping @Sendable () async -> Void) {
        let clock = clock
        let deadline = clock.now.advanced(by: duration)
        tasks.updateValue(Task {
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await fire()
        }, forKey: timer)?.cancel()
    }

    public func cancel(_ timer: Timer) {
        tasks.removeValue(forKey: timer)?.cancel()
    }

    deinit {
        for task in tasks.values { task.cancel() }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ClockTimers where C == ContinuousClock {
    public convenience init() {
        self.init(clock: ContinuousClock())
    }
}

/// Timers whose time passes only when a test says so. `advance(by:)` fires every timer
/// that falls due, in deadline order (those of one deadline in the order they were
/// started), each after the previous one's `fire` has returned, so that a test of a
/// 30-second timeout runs at once and the same way every time. A timer started by a
/// `fire` fires in the same call if it falls due within it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ManualTimers<Timer: Hashable & Sendable>: TimerScheduler {
    private struct Pending {
        var timer: Timer
        var deadline: Duration
        var order: Int
        var fire: @Sendable () async -> Void
    }

    /// How much time has passed since the timers were made.
    public private(set) var now: Duration = .zero
    private var pending: [Pending] = []
    private var started = 0

    public init() {}

    /// The running timers, each with the time left until it fires.
    public var running: [Timer: Duration] {
        Dictionary(uniqueKeysWithValues: pending.map { ($0.timer, $0.deadline - now) })
    }

    public func start(_ timer: Timer, after duration: Duration, fire: @escaping @Sendable () async -> Void) {
        pending.removeAll { $0.timer == timer }
        started += 1
        pending.append(Pending(timer: timer, deadline: now + duration, order: started, fire: fire))
    }

    public func cancel(_ timer: Timer) {
        pending.removeAll { $0.timer == timer }
    }

    /// Lets `duration` pass, firing what falls due; runs in the caller's isolation.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) async {
        let end = now + duration
        while let index = pending.indices.filter({ pending[$0].deadline <= end })
            .min(by: { (pending[$0].deadline, pending[$0].order) < (pending[$1].deadline, pending[$1].order) }) {
            let due = pending.remove(at: index)
            now = due.deadline
            await due.fire()
        }
        now = end
    }
}

/// The bookkeeping of a machine's running timers: the token of each timer's latest start.
/// A firing carries the token of the start it belongs to; a firing of a timer that was
/// cancelled or restarted since has another token, or none, and is ignored (stale).
///
/// Tokens count up from 1 across all timers and never repeat in practice (2^64 starts).
public struct TimerTokens<Timer: Hashable> {
    @usableFromInline var lastToken: UInt64 = 0
    @usableFromInline var running: [Timer: UInt64] = [:]

    @inlinable
    public init() {}

    /// Starts (or restarts) `timer` and returns the token of this start.
    @inlinable
    public mutating func start(_ timer: Timer) -> UInt64 {
        lastToken &+= 1
        running[timer] = lastToken
        return lastToken
    }

    /// Stops `timer`; returns whether it was running.
    @inlinable
    public mutating func cancel(_ timer: Timer) -> Bool {
        running.removeValue(forKey: timer) != nil
    }

    /// Whether a firing of `timer` with `token` belongs to its running start; if it does,
    /// the timer is spent (not running) from then on.
    @inlinable
    public mutating func fire(_ timer: Timer, token: UInt64) -> Bool {
        guard running[timer] == token else { return false }
        running[timer] = nil
        return true
    }
}

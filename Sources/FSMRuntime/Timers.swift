/// Runs the timers of a machine's `after` rows (Language reference › Timers). The machine
/// asks its actions to start a timer when it enters a state with `after` rows and to cancel
/// it when it leaves the state; their default implementations call `start` and `cancel`
/// here. `fire` hands the timeout back to the machine, which ignores a firing of a timer it
/// has since cancelled or restarted, so a scheduler need not guarantee that a cancelled
/// timer never fires.
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

    /// The time until `timer` fires: zero once it has fallen due (its `fire` may still be on
    /// its way to the machine), nil when it is not running. A machine's snapshot saves it,
    /// so that the restored machine resumes the timer where it was.
    func timeLeft(_ timer: Timer) -> Duration?
}

/// Timers on a `Clock`, `ContinuousClock` by default: each running timer is a task that
/// sleeps until its deadline, then calls `fire`. Cancelling cancels the task.
///
/// Timers that fall due together fire in the order of their deadlines (those of one
/// deadline in the order they were started), each after the previous one's `fire` has
/// returned, as `ManualTimers` fires them, however late their tasks run: a timer's task
/// first waits for the tasks of the timers that fall due before it. Without that, an
/// executor busy for longer than two timers' durations runs their tasks in the order they
/// were made, and a machine would take a superstate's ten-minute timeout before the
/// thirty-second one of its substate that fell due first.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ClockTimers<Timer: Hashable & Sendable, C: Clock>: TimerScheduler where C.Duration == Duration {
    /// A timer started and not cancelled, and its task.
    private struct Running {
        var deadline: C.Instant
        /// Its start's place among all starts: of two timers of one deadline, the one
        /// started first fires first.
        var order: UInt64
        var fire: @Sendable () async -> Void
        var task: Task<Void, Never>

        /// Whether it falls due before a timer of `deadline` started `order`th.
        func fallsDue(before deadline: C.Instant, _ order: UInt64) -> Bool {
            (self.deadline, self.order) < (deadline, order)
        }
    }

    private let clock: C
    /// Each timer started and not cancelled (a finished one stays until the timer is
    /// started or cancelled again).
    private var running: [Timer: Running] = [:]
    private var started: UInt64 = 0

    public init(clock: C) {
        self.clock = clock
    }

    public func start(_ timer: Timer, after duration: Duration, fire: @escaping @Sendable () async -> Void) {
        running.removeValue(forKey: timer)?.task.cancel()
        started += 1
        let (deadline, order) = (clock.now.advanced(by: max(duration, .zero)), started)
        let task = task(until: deadline, order, fire: fire)
        running[timer] = Running(deadline: deadline, order: order, fire: fire, task: task)
        // The timers that fall due after it wait for it too: the task of each (not woken, as
        // its deadline is to come) is replaced by one that does, earliest first, so that each
        // replacement waits for the replacements before it.
        let later = running.filter { $0.key != timer && !$0.value.fallsDue(before: deadline, order) }
            .sorted { $0.value.fallsDue(before: $1.value.deadline, $1.value.order) }
        for (key, entry) in later {
            entry.task.cancel()
            let replacement = self.task(until: entry.deadline, entry.order, fire: entry.fire)
            running[key]?.task = replacement
        }
    }

    public func cancel(_ timer: Timer) {
        running.removeValue(forKey: timer)?.task.cancel()
    }

    public func timeLeft(_ timer: Timer) -> Duration? {
        guard let deadline = running[timer]?.deadline else { return nil }
        return max(clock.now.duration(to: deadline), .zero)
    }

    /// The task of a timer of `deadline` started `order`th: it waits for the tasks of the
    /// running timers that fall due before it (each fires or is cancelled), sleeps until
    /// `deadline`, and fires.
    private func task(until deadline: C.Instant, _ order: UInt64, fire: @escaping @Sendable () async -> Void)
        -> Task<Void, Never>
    {
        let earlier = running.values.filter { $0.fallsDue(before: deadline, order) }.map(\.task)
        let clock = clock
        return Task {
            for task in earlier { await task.value }
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await fire()
        }
    }

    deinit {
        for timer in running.values { timer.task.cancel() }
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

    public func timeLeft(_ timer: Timer) -> Duration? {
        pending.first { $0.timer == timer }.map { $0.deadline - now }
    }

    /// Lets `duration` pass, firing what falls due; runs in the caller's isolation.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) async {
        let end = now + duration
        while let index = pending.indices.filter({ pending[$0].deadline <= end })
            .min(by: { (pending[$0].deadline, pending[$0].order) < (pending[$1].deadline, pending[$1].order) })
        {
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

    /// Whether `timer` is running: started, and since neither cancelled nor fired.
    @inlinable
    public func isRunning(_ timer: Timer) -> Bool {
        running[timer] != nil
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

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension TimerTokens where Timer: CaseIterable & Sendable {
    /// The running timers, in the order of `Timer.allCases`, each with `timeLeft(timer)`:
    /// what a machine's snapshot saves.
    @inlinable
    public func pendingTimers(timeLeft: (Timer) -> Duration) -> [PendingTimer<Timer>] {
        Timer.allCases.filter(isRunning).map { PendingTimer($0, timeLeft: timeLeft($0)) }
    }
}

/// A timer that was running when a machine's snapshot was taken, and the time it had left
/// then: the restored machine starts it to fire after that time. `advanced(by:)` counts
/// time that passed between saving and restoring, which a snapshot cannot know.
///
/// It encodes as `{"timer": …, "millisecondsLeft": 12000}`, the time left rounded up to
/// a whole millisecond (timers are written in whole milliseconds or coarser).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct PendingTimer<Timer: Hashable & Sendable>: Hashable, Sendable {
    public var timer: Timer
    /// How long after the restore the timer fires; zero fires it as soon as it can.
    public var timeLeft: Duration

    public init(_ timer: Timer, timeLeft: Duration) {
        self.timer = timer
        self.timeLeft = timeLeft
    }

    /// The timer as it is `elapsed` later: that much less time left, and none less than zero.
    public func advanced(by elapsed: Duration) -> PendingTimer {
        PendingTimer(timer, timeLeft: max(timeLeft - elapsed, .zero))
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PendingTimer: Codable where Timer: Codable {
    private enum CodingKeys: String, CodingKey {
        case timer, millisecondsLeft
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let milliseconds = try container.decode(Int64.self, forKey: .millisecondsLeft)
        guard milliseconds >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .millisecondsLeft, in: container,
                debugDescription: "a timer cannot have less than no time left")
        }
        self.init(try container.decode(Timer.self, forKey: .timer), timeLeft: .milliseconds(milliseconds))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timer, forKey: .timer)
        try container.encode(Self.milliseconds(roundingUp: timeLeft), forKey: .millisecondsLeft)
    }

    /// `duration` in whole milliseconds, rounded up so that a timer never fires early.
    private static func milliseconds(roundingUp duration: Duration) -> Int64 {
        let (seconds, attoseconds) = max(duration, .zero).components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let (whole, part) = attoseconds.quotientAndRemainder(dividingBy: attosecondsPerMillisecond)
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        let (total, overflowAgain) = milliseconds.addingReportingOverflow(whole + (part > 0 ? 1 : 0))
        return overflow || overflowAgain ? .max : total
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processor time the current thread uses. Unlike the wall clock, it does not count
/// the time other processes of a loaded machine take, so bounds on it do not flake.
public enum ProcessorTime {
    /// The processor time this thread has used since it started.
    public static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// `body`'s result and the processor time this thread spent in it.
    public static func measure<Result>(_ body: () throws -> Result) rethrows -> (result: Result, time: Duration) {
        let start = now
        let result = try body()
        return (result, now - start)
    }

    /// The processor time of the fastest of `runs` runs of `body`.
    public static func fastest(of runs: Int = 3, _ body: () -> Void) -> Duration {
        (0..<runs).map { _ in measure(body).time }.min() ?? .zero
    }
}

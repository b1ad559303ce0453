/// Machines more than one test target checks.
public enum Samples {
    /// A turnstile with four errors of four checks (a duplicate, a clash, an implicit clash
    /// and an undefined state), each with its notes: what `fsmc check` reports, sorted by line.
    public static let fourErrors = """
        FSM: Turnstile
        Initial: Locked
        Predicate: Enforcement = weak | strong
        Predicate: Reward = positive | negative
        {
          Locked {
            Coin  Unlocked  unlock
            Coin  Unlocked  lock
            Pass [Enforcement = weak]  Locked    smile
            Pass [Enforcement = weak]  Alarming  -
            Kick [Enforcement = strong]  Locked    -
            Kick [Reward = positive]     Alarming  -
          }
          Unlocked { Pass Lockd lock }
          Alarming { Reset Locked - }
        }
        """

}

import FSMCompiler
import FSMTestSupport
import Testing

/// `fsmc coverage` (Commands › fsmc coverage): the rows a record of the trace hook shows
/// taken, the rest printed as `fsmc table` prints them, and records that are no trace of
/// the machine refused at their line.
@Suite struct TraceCoverageTests {
    @Test func turnstileRecordLeavesTheRowsItDidNotTake() throws {
        let machine = try #require(PathCoverTests.load("Examples/Turnstile/Turnstile.sm"))
        var coverage = TraceCoverage(machine)
        try coverage.read(
            "Locked\tCoin\t-> Unlocked\nUnlocked\tCoin\t-> Unlocked\n# a comment\n\nUnlocked\tPass\t-> Locked\n")
        #expect(
            coverage.untakenLines == [
                "Locked Reset -> Locked {lock}",
                "Locked Pass -> Alarming {alarmOn}",
                "Unlocked Reset -> Locked {lock}",
                "Alarming Reset -> Locked {alarmOff lock}",
            ])
        #expect(coverage.lineCount == 3)
    }

    /// A new machine may start at any line: its configuration is where the line says.
    @Test func recordsOfSeveralMachines() throws {
        let machine = try #require(PathCoverTests.load("Examples/Turnstile/Turnstile.sm"))
        var coverage = TraceCoverage(machine)
        try coverage.read("Locked\tPass\t-> Alarming\nLocked\tReset\t-> Locked\nAlarming\tReset\t-> Locked\n")
        #expect(coverage.taken.count == 3)
    }

    /// The record does not say which predicate values or answers a step had: rows that end
    /// alike both count; a rejection takes no row.
    @Test func predicatesAndConditionsAreInferred() throws {
        let machine = try #require(PathCoverTests.load("Examples/EnforcedTurnstile/EnforcedTurnstile.sm"))
        var coverage = TraceCoverage(machine)
        try coverage.read(
            "Locked\tPass\t-> Alarming\nAlarming\tReset\t-> Alarming\nAlarming\tReset\t-> Locked\nLocked\tCoin\t-> Unlocked\n"
        )
        let taken = coverage.taken.map { coverage.rows.lines[$0] }.sorted()
        #expect(
            taken == [
                "Alarming Reset -> Alarming {logRefusedReset}",
                "Alarming Reset [isSupervisorPresent] -> Locked {alarmOff logReset lock}",
                "Locked Coin -> Unlocked {unlock}",
                "Locked Pass [Enforcement=strong] -> Alarming {defconOne alarmOn}",
            ])
    }

    /// Regions: configurations as the generated state prints them, several rows per event.
    @Test func regionRecords() throws {
        let machine = try #require(PathCoverTests.load("Tests/FSMCompilerTests/Fixtures/Machines/RegionPlayer.sm"))
        let space = try StateSpace(machine)
        let cover = PathCover(space, criterion: .transitions)
        // The trace of every path of the transition cover takes every row.
        var record = ""
        for path in cover.paths {
            var before = space.nodes[0].leaves
            for step in path.steps {
                record +=
                    space.describe(before) + "\t" + machine.events[step.choice.event].name + "\t-> "
                    + space.describe(step.leaves) + "\n"
                before = step.leaves
            }
        }
        var coverage = TraceCoverage(machine)
        try coverage.read(record)
        #expect(coverage.untakenLines.isEmpty)
    }

    @Test func linesThatAreNoTraceOfTheMachine() throws {
        let machine = try #require(PathCoverTests.load("Examples/Turnstile/Turnstile.sm"))
        for (record, failure) in [
            (
                "Locked Coin -> Unlocked\n",
                TraceCoverage.Failure(
                    line: 1, column: 1,
                    message:
                        "expected a configuration, an event and an outcome separated by tabs, as TraceRecord writes them"
                )
            ),
            (
                "Locked\tCoin\t-> Unlocked\nLocked\tKick\tunhandled\n",
                .init(line: 2, column: 8, message: "unknown event 'Kick'")
            ),
            ("Lockd\tCoin\t-> Unlocked\n", .init(line: 1, column: 1, message: "unknown state 'Lockd' in 'Lockd'")),
            (
                "Locked\tCoin\tdone\n",
                .init(line: 1, column: 13, message: "expected '-> State', 'rejected' or 'unhandled', found 'done'")
            ),
            (
                "Locked\tCoin\t-> Alarming\n",
                .init(
                    line: 1, column: 13,
                    message:
                        "'Turnstile' cannot do this: 'Coin' in Locked is never '-> Alarming', whatever the values and answers"
                )
            ),
        ] {
            var coverage = TraceCoverage(machine)
            #expect(throws: failure) { try coverage.read(record) }
        }
    }
}

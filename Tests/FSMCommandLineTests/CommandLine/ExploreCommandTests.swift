import FSMCommandLine
import FSMTestSupport
import Foundation
import Testing

/// `fsmc paths`, `fsmc verify` and `fsmc coverage` (Commands › fsmc paths, fsmc verify,
/// fsmc coverage), run in-process: their forms, options and exit statuses.
@Suite struct ExploreCommandTests {
    static let turnstile = Paths.examples + "/Turnstile/Turnstile.sm"
    static let uploader = Paths.fixtures + "/Machines/Uploader.sm"
    static let checkout = Paths.examples + "/PathTesting/Sources/Checkout/Checkout.sm"
    static let retry = Paths.fixtures + "/Machines/Retry.sm"

    /// Each path of the text form, run through `fsmc simulate`, prints the rows its
    /// comments promise.
    @Test func textPathsPasteIntoSimulate() {
        let run = ToolTranscript.run(["paths", Self.checkout])
        #expect(run.status == .success && run.errors.isEmpty)
        let paths = run.output.components(separatedBy: "\n\n").dropFirst()
        #expect(paths.count == 6)
        for path in paths {
            let promised = path.split(separator: "\n").filter { $0.hasPrefix("#   ") && !$0.hasPrefix("#   now ") }
                .map { String($0.dropFirst(4)) }
            let simulated = ToolTranscript.run(["simulate", Self.checkout], input: path)
            #expect(simulated.status == .success)
            #expect(simulated.outputLines == promised)
        }
    }

    @Test func jsonPaths() {
        let run = ToolTranscript.run(["paths", Self.turnstile, "--format", "json", "--cover", "states"])
        #expect(run.status == .success)
        #expect(
            run.output == """
                {
                  "machine": "Turnstile",
                  "cover": "states",
                  "rows": 7,
                  "configurations": 3,
                  "unreachable": [],
                  "paths": [
                    {"goal": "Unlocked", "steps": [
                        {"event": "Coin", "timer": null, "predicates": {}, "conditions": {}, "rows": [{"number": 2, "row": "Locked Coin -> Unlocked {unlock}"}], "configuration": "Unlocked"}
                    ]},
                    {"goal": "Alarming", "steps": [
                        {"event": "Pass", "timer": null, "predicates": {}, "conditions": {}, "rows": [{"number": 3, "row": "Locked Pass -> Alarming {alarmOn}"}], "configuration": "Alarming"}
                    ]}
                  ]
                }

                """)
        #expect((try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil)
    }

    /// The example's committed paths are what `fsmc paths --format swift` writes now
    /// (CI checks the same with the built fsmc).
    @Test func examplePathsAreCurrent() {
        let run = ToolTranscript.run(["paths", Self.checkout, "--format", "swift"])
        #expect(run.status == .success)
        let committed = String(
            decoding: readBytes(Paths.examples + "/PathTesting/Tests/CheckoutTests/CheckoutPaths.swift"), as: UTF8.self)
        #expect(run.output == committed)
        #expect(run.output.contains("static let transitionCover: [Path] = ["))
        #expect(run.output.contains("static let configurationCover: [Path] = ["))
    }

    @Test func verifyAnswersQuestions() {
        let asked = ToolTranscript.run(["verify", Self.uploader, "--reach", "Done", "--never", "in(Waiting), in(Done)"])
        #expect(asked.status == .success)
        #expect(asked.output.contains("note: 'Done' is reachable: Done [reachableGoal]"))
        #expect(!asked.output.contains("error:"))
        let forbidden = ToolTranscript.run(["verify", Self.uploader, "--never", "in(Done)"])
        #expect(forbidden.status == .failure)
        #expect(
            forbidden.output.contains(
                "Uploader.sm:18:3: error: 'Done' is reachable, and --never 'in(Done)' forbids it [forbiddenConfiguration]"
            ))
        let strict = ToolTranscript.run(["verify", Self.uploader, "--warnings-as-errors"])
        #expect(strict.status == .failure && strict.output.contains("error: from 'Uploading'"))
        let clean = ToolTranscript.run(["verify", Self.turnstile])
        #expect(clean.status == .success && clean.output.isEmpty)
    }

    /// The witness of a livelock, its indented lines pasted into `fsmc simulate`, makes it
    /// stop with its error at the event that never comes to rest.
    @Test func livelockWitnessStopsSimulate() {
        let verified = ToolTranscript.run(["verify", Self.retry])
        #expect(verified.status == .success)
        #expect(verified.output.contains("warning: 'always' rows lead from 'Connecting' back to it"))
        let witness = verified.outputLines.filter { $0.hasPrefix("    ") }
        #expect(witness.count == 7)
        let simulated = ToolTranscript.run(["simulate", Self.retry], input: witness.joined(separator: "\n") + "\n")
        #expect(simulated.status == .failure && simulated.output.isEmpty)
        #expect(
            simulated.errors
                == "<stdin>:3:5: error: event 'Connect' in Idle fired more than 1000 rows without coming to rest ('always' rows that keep moving, the last from Waiting); give their cycle a way out\n"
        )
    }

    @Test func usageErrors() {
        let unknown = ToolTranscript.run(["verify", Self.turnstile, "--reach", "Lockd"])
        #expect(unknown.status == .usage)
        #expect(unknown.errors.hasPrefix("fsmc: error: unknown state 'Lockd'; did you mean 'Locked'?\n"))
        let malformed = ToolTranscript.run(["verify", Self.turnstile, "--never", "Locked"])
        #expect(malformed.status == .usage)
        #expect(malformed.errors.hasPrefix("fsmc: error: expected 'in(State)' or '!in(State)', found 'Locked'\n"))
        let limit = ToolTranscript.run(["paths", Self.turnstile, "--limit", "zero"])
        #expect(limit.status == .usage)
        let format = ToolTranscript.run(["paths", Self.turnstile, "--format", "yaml"])
        #expect(format.status == .usage)
    }

    @Test func limitIsAnErrorAtTheMachine() {
        let run = ToolTranscript.run(["paths", Self.turnstile, "--limit", "2"])
        #expect(run.status == .failure && run.output.isEmpty)
        #expect(
            run.errors == Self.turnstile
                + ":4:6: error: 'Turnstile' allows up to 3 configurations (its parallel states multiply their regions' states), more than the limit of 2; explore fewer with smaller regions, or raise --limit to search anyway [stateSpaceLimit]\n"
        )
        // Two configurations, four situations: a superstate's timer runs or is spent.
        let timed = "FSM: T\nInitial: A\n{\n  (Top) { after(5s) B - }\n  A : Top { Go B - }\n  B : Top { Go A - }\n}\n"
        let search = ToolTranscript.run(["verify", "-", "--limit", "3"], input: timed)
        #expect(search.status == .failure)
        #expect(
            search.errors
                == "<stdin>:1:6: error: 'T' can reach more than 3 situations (configurations with their stored histories and running timers; 3 found within 2 steps); explore fewer with smaller regions, or raise --limit [stateSpaceLimit]\n"
        )
    }

    @Test func coverageOfARecord() {
        let record = "Locked\tCoin\t-> Unlocked\nUnlocked\tPass\t-> Locked\nLocked\tPass\t-> Alarming\n"
        let run = ToolTranscript.run(["coverage", Self.turnstile, "-"], input: record)
        #expect(run.status == .success)
        #expect(
            run.outputLines == [
                "Locked Reset -> Locked {lock}", "Unlocked Reset -> Locked {lock}",
                "Unlocked Coin -> Unlocked {thankyou}", "Alarming Reset -> Locked {alarmOff lock}",
            ])
        #expect(run.errors == "coverage: 3 of 7 rows taken by 3 recorded events\n")
        let wrong = ToolTranscript.run(["coverage", Self.turnstile, "-"], input: "Locked\tCoin\t-> Alarming\n")
        #expect(wrong.status == .failure)
        #expect(
            wrong.errors
                == "<stdin>:1:13: error: 'Turnstile' cannot do this: 'Coin' in Locked is never '-> Alarming', whatever the values and answers\n"
        )
    }
}

import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// The paths of `fsmc paths` mean the same in generated code: random machines of the
/// differential test are compiled with its driver, and every path of each machine's
/// transition cover runs from a new machine; the generated code's trace must be the
/// interpreter's, line by line (which names the configuration after each step), and the
/// interpreter's must take the rows and reach the configurations the path promises.
@Suite(.serialized) struct GeneratedPathTests {
    @Test func generatedCodeTakesEveryPath() throws {
        let toolchain = try SwiftToolchain.shared.get()
        var subjects: [(subject: DifferentialSubject, paths: [[DifferentialStep]])] = []
        var regions = 0
        var timers = 0
        for number in 7_000..<7_030 {
            let output = MachineGenerator.generate(seed: SplitMix64.derive(4040, number), number: number)
            let subject = try DifferentialSubject(number: number, source: output.rendered.text, steps: [])
            let space = try StateSpace(subject.model)
            let cover = PathCover(space, criterion: .transitions)
            for path in cover.paths {
                let problems = PathReplay.problems(path.steps, rows: space.rows, machine: subject.model)
                #expect(problems.isEmpty, "M\(number): \(problems)")
            }
            subjects.append((subject, cover.paths.map { Self.steps($0, of: subject.model) }))
            if subject.model.hasRegions { regions += 1 }
            if subject.model.hasTimers { timers += 1 }
        }
        #expect(regions > 0 && timers > 0, "the machines include regions and timers")
        var files = ["main.swift": Driver.mainSource(subjects.map { ($0.subject.number, $0.subject.model) })]
        for (subject, _) in subjects {
            files["M\(subject.number).swift"] = subject.swift
            files["M\(subject.number)Driver.swift"] = Driver.machineSource(subject.model, number: subject.number)
        }
        let executable = try toolchain.buildExecutable(named: "paths", files: files)
        defer { toolchain.remove(executable) }
        let runs = subjects.flatMap { subject, paths in paths.map { (subject, $0) } }
        let input = runs.map { Driver.script($0.1, for: $0.0.model, number: $0.0.number) }.joined()
        let blocks = Self.blocks(try toolchain.execute(executable, input: input))
        #expect(blocks.count == runs.count)
        #expect(runs.count > 150 && runs.map(\.1.count).reduce(0, +) > 300, "the paths are worth running")
        for (run, actual) in zip(runs, blocks) {
            let expected = DifferentialTrace.interpret(run.1, on: run.0.model)
            #expect(
                actual == expected,
                "M\(run.0.number): generated code \(actual), interpreter \(expected)\n\(run.0.source)")
        }
    }

    /// `fsmc paths --format swift` compiles without warnings in Swift 6 mode with complete
    /// concurrency checking, at every access level, for machines of every kind.
    @Test func swiftPathsCompileWithoutWarnings() throws {
        let toolchain = try SwiftToolchain.shared.get()
        var files: [String: String] = [:]
        let sources = [
            "Examples/Turnstile/Turnstile.sm", "Examples/EnforcedTurnstile/EnforcedTurnstile.sm",
            "Examples/MediaPlayer/Sources/Player/MediaPlayer.sm",
            "Tests/FSMCompilerTests/Fixtures/Machines/TimedPlayer.sm",
            "Tests/FSMCompilerTests/Fixtures/Machines/Theater.sm",
            "Tests/FSMCompilerTests/Fixtures/Machines/Keywords.sm",
        ]
        for (source, access) in zip(sources, [SwiftAccess.internal, .public, .package, .internal, .public, .public]) {
            let machine = try #require(PathCoverTests.load(source))
            let space = try StateSpace(machine)
            let covers = PathCover.Criterion.allCases.map { PathCover(space, criterion: $0) }
            let name = String(source.split(separator: "/").last!.dropLast(3))
            files[name + "Paths.swift"] = PathWriter.swift(covers, sourceName: name + ".sm", access: access)
        }
        files["Use.swift"] = """
            func countSteps() -> Int {
                TurnstilePaths.transitionCover.map(\\.steps.count).reduce(0, +)
                    + TheaterPaths.configurationCover.count + TimedPlayerPaths.stateCover.count
            }
            let turnstileTimer: String? = TimedPlayerPaths.transitionCover.first?.steps.first?.timer

            """
        #expect(try toolchain.typecheck(named: "paths-swift", files: files) == "")
    }

    /// A path's steps as the driver takes them: every predicate value and condition answer,
    /// and a value of its type for each value the event carries.
    static func steps(_ path: PathCover.Path, of machine: StateMachine) -> [DifferentialStep] {
        path.steps.map { step in
            DifferentialStep(
                event: step.choice.event, predicates: step.choice.predicateValues,
                conditions: conditionAnswers(of: step.choice, in: machine),
                values: machine.eventParameters[step.choice.event].map { $0.type == "Int" ? "0" : "w0" })
        }
    }

    /// The driver's output, one block of lines per `M <number>` line, in order.
    static func blocks(_ output: String) -> [[String]] {
        var blocks: [[String]] = []
        for line in output.split(separator: "\n") {
            if line.hasPrefix("M "), Int(line.dropFirst(2)) != nil {
                blocks.append([])
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].append(String(line))
            }
        }
        return blocks
    }

    /// A step's answers by condition, as the driver's actions give them: each condition's
    /// answer is that of the first of its calls the step asks (false when none is asked).
    static func conditionAnswers(of choice: Choice, in machine: StateMachine) -> IDArray<ConditionID, Bool> {
        var answers = machine.conditions.mapElements { _ in false }
        for call in choice.asked.reversed() { answers[machine.conditionCalls[call].condition] = choice.answers[call] }
        return answers
    }
}

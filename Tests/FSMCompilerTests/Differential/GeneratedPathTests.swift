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
        var subjects: [DifferentialSubject] = []
        for number in 7_000..<7_030 {
            let output = MachineGenerator.generate(seed: SplitMix64.derive(4040, number), number: number)
            subjects.append(try DifferentialSubject(number: number, source: output.rendered.text, steps: []))
        }
        #expect(
            subjects.contains { $0.model.hasRegions } && subjects.contains { $0.model.hasTimers },
            "the machines include regions and timers")
        let runs = try Self.takeEveryPath(subjects, executable: "paths")
        #expect(runs.count > 150 && runs.map(\.steps.count).reduce(0, +) > 300, "the paths are worth running")
    }

    /// Events that carry Foundation's `URL` and `Double` values, which the random machines
    /// never draw, in a machine without regions and one with them: the values each step
    /// passes reach the actions and conditions of generated code as the interpreter's.
    @Test func pathsWithURLAndDoubleValues() throws {
        let subjects = try ["Downloader", "Streamer"].enumerated().map { offset, name in
            let source = String(decoding: readBytes(Paths.fixtures + "/Machines/\(name).sm"), as: UTF8.self)
            return try DifferentialSubject(number: 7_100 + offset, source: source, steps: [])
        }
        let runs = try Self.takeEveryPath(subjects, executable: "value-paths")
        let values = runs.flatMap(\.steps).flatMap(\.values)
        #expect(values.contains { $0.hasPrefix("https://") } && values.contains { $0.hasSuffix(".5") })
        #expect(runs.count >= 10)
    }

    /// Runs every path of each subject's transition cover through its generated code, built
    /// into one executable named `executable`, and expects the interpreter's lines; each
    /// path must first replay through the interpreter as promised. Returns the runs.
    static func takeEveryPath(
        _ subjects: [DifferentialSubject], executable name: String
    ) throws -> [(subject: DifferentialSubject, steps: [DifferentialStep])] {
        let toolchain = try SwiftToolchain.shared.get()
        var runs: [(subject: DifferentialSubject, steps: [DifferentialStep])] = []
        for subject in subjects {
            let space = try StateSpace(subject.model)
            let cover = PathCover(space, criterion: .transitions)
            for path in cover.paths {
                let problems = PathReplay.problems(path.steps, rows: space.rows, machine: subject.model)
                #expect(problems.isEmpty, "M\(subject.number): \(problems)")
                runs.append((subject, Self.steps(path, of: subject.model)))
            }
        }
        var files = ["main.swift": Driver.mainSource(subjects.map { ($0.number, $0.model) })]
        for subject in subjects {
            files["M\(subject.number).swift"] = subject.swift
            files["M\(subject.number)Driver.swift"] = Driver.machineSource(subject.model, number: subject.number)
        }
        let executable = try toolchain.buildExecutable(named: name, files: files)
        defer { toolchain.remove(executable) }
        let input = runs.map { Driver.script($0.steps, for: $0.subject.model, number: $0.subject.number) }.joined()
        let blocks = Self.blocks(try toolchain.execute(executable, input: input))
        #expect(blocks.count == runs.count)
        for (run, actual) in zip(runs, blocks) {
            let expected = DifferentialTrace.interpret(run.steps, on: run.subject.model)
            #expect(
                actual == expected,
                "M\(run.subject.number): generated code \(actual), interpreter \(expected)\n\(run.subject.source)")
        }
        return runs
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
    /// and a value of its type for each value the event carries, made from the step's
    /// number, so that a value passed late shows.
    static func steps(_ path: PathCover.Path, of machine: StateMachine) -> [DifferentialStep] {
        path.steps.enumerated().map { number, step in
            DifferentialStep(
                event: step.choice.event, predicates: step.choice.predicateValues,
                conditions: conditionAnswers(of: step.choice, in: machine),
                values: machine.eventParameters[step.choice.event].map { DifferentialStep.value(of: $0.type, number) })
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

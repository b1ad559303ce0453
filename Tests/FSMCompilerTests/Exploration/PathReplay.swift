import FSMCompiler

/// Replays paths of `fsmc paths` and witnesses of `fsmc verify` independently of the search
/// that found them: each through a new `Interpreter`, and as text through `Simulation`, the
/// reader of `fsmc simulate`'s standard input.
enum PathReplay {
    /// What is wrong with the steps: each must take exactly the rows it promises and end
    /// in its configuration, from a new machine. Empty when all is well. The last step of
    /// a `livelock` witness (`neverRests`) must instead fire past the firing limit, its
    /// first rows those it promises.
    static func problems(
        _ steps: [PathCover.Step], rows: TableRows, machine: StateMachine, neverRests: Bool = false
    ) -> [String] {
        var interpreter = Interpreter(machine)
        var problems: [String] = []
        for (number, step) in steps.enumerated() {
            let handled = interpreter.handle(
                step.choice.event, predicates: step.choice.predicateValues, conditions: step.choice.answers)
            let taken = handled.allFirings.map { rows.id(of: $0) }
            if neverRests && number == steps.count - 1 {
                if !handled.exceedsLimit || !taken.starts(with: step.rows) {
                    problems.append(
                        "step \(number + 1): took \(taken.count) rows, \(handled.exceedsLimit ? "past" : "within") the firing limit; promised \(step.rows) first, for ever"
                    )
                }
                break
            }
            if taken != step.rows {
                problems.append("step \(number + 1): took rows \(taken), promised \(step.rows)")
            }
            if interpreter.leaves != step.leaves {
                problems.append(
                    "step \(number + 1): in \(interpreter.chart.describe(interpreter.leaves)), promised \(interpreter.chart.describe(step.leaves))"
                )
            }
        }
        return problems
    }

    /// Runs `fsmc paths`'s text through `Simulation`, a new one per path (paths are separated
    /// by blank lines), and checks each `#   now X` comment against the configuration the
    /// simulation is in after the event before it. Returns the problems and the number of
    /// events run.
    static func simulate(_ text: String, machine: StateMachine) -> (problems: [String], events: Int) {
        var problems: [String] = []
        var events = 0
        var simulation = Simulation(machine)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty {
                simulation = Simulation(machine)
                continue
            }
            if line.hasPrefix("#   now ") {
                let now = simulation.interpreter.chart.describe(simulation.interpreter.leaves)
                if now != line.dropFirst("#   now ".count) {
                    problems.append("line \(number + 1): simulate is in \(now), the path says '\(line)'")
                }
                continue
            }
            do {
                if try simulation.run(line: String(line)) != nil { events += 1 }
            } catch {
                problems.append("line \(number + 1): simulate refuses '\(line)': \(error.message)")
            }
        }
        return (problems, events)
    }
}

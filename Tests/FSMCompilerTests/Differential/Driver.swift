import FSMCompiler
import FSMTestSupport

/// One event of a differential run, with the predicate values and condition results it is
/// handled with.
struct DifferentialStep: Hashable, Sendable {
    /// Index into the model's events.
    var event: Int
    /// A case index per predicate type.
    var predicates: [Int]
    /// A result per condition.
    var conditions: [Bool]

    /// Random steps for `model`; conditions are true three times in four, so that runs
    /// get past guarded rows as well as being rejected by them.
    static func random(_ count: Int, for model: StateMachine, seed: UInt64) -> [DifferentialStep] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            DifferentialStep(event: random.below(model.events.count),
                             predicates: model.predicateTypes.map { random.below($0.cases.count) },
                             conditions: model.conditions.map { _ in random.chance(75) })
        }
    }
}

/// The line both sides print for a step, without the guard, which generated code does
/// not report: `S0 E1 -> S2 {a0 a1}`, `S0 E1 rejected`, `S0 E1 unhandled`, then the
/// conditions asked, in order (`?k1,k0`).
enum DifferentialTrace {
    static func line(for step: Interpreter.Step, of machine: StateMachine) -> String {
        let asked = step.askedConditions.map { machine.conditions[$0].name }.joined(separator: ",")
        return outcomeLine(for: step, of: machine) + (asked.isEmpty ? "" : " ?" + asked)
    }

    private static func outcomeLine(for step: Interpreter.Step, of machine: StateMachine) -> String {
        let head = machine.states[step.state].name + " " + machine.events[step.event].name
        switch step.outcome {
        case .transitioned(let transition):
            let effects = transition.effects.map { machine.actions[$0].name }.joined(separator: " ")
            return head + " -> " + machine.states[transition.target].name + " {" + effects + "}"
        case .rejected:
            return head + " rejected"
        case .unhandled:
            return head + " unhandled"
        }
    }

    /// The interpreter's lines for `steps`, from the initial state. A step with two
    /// applicable rows of equal rank (an implicit clash the checks missed) is marked.
    static func interpret(_ steps: [DifferentialStep], on machine: StateMachine) -> [String] {
        var interpreter = Interpreter(machine)
        return steps.map { step in
            let rows = Interpreter.applicableRows(in: machine.states[interpreter.state], event: step.event,
                                                  predicates: step.predicates, conditions: step.conditions)
            let line = line(for: interpreter.handle(step.event, predicates: step.predicates, conditions: step.conditions),
                            of: machine)
            return rows.count > 1 ? line + " !\(rows.count) rows of equal rank" : line
        }
    }
}

/// Writes the Swift that drives generated machines: per machine, actions that record
/// what runs and answer conditions as the script says, and a function that runs a script
/// and prints a `DifferentialTrace` line per step; and a `main.swift` that reads the
/// scripts of several machines from standard input.
///
/// The driver also checks what the trace line cannot show: the outcome returned agrees
/// with the state before and after, `trace(_:outcome:)` is called once per event with that
/// outcome, and `unhandledEvent(_:in:)` exactly when the outcome is unhandled. Any
/// disagreement is appended to the line after `!`, so that it shows up as a divergence.
enum Driver {
    /// Standard input for the driver: `M <number>`, then one line per step:
    /// the event, a case per predicate type, then `1` or `0` per condition.
    static func script(_ steps: [DifferentialStep], for machine: StateMachine, number: Int) -> String {
        var text = "M \(number)\n"
        for step in steps {
            let words = [machine.events[step.event].name]
                + zip(machine.predicateTypes, step.predicates).map { $0.cases[$1].name }
                + step.conditions.map { $0 ? "1" : "0" }
            text += words.joined(separator: " ") + "\n"
        }
        return text
    }

    /// The same steps as standard input for `fsmc simulate`, to reproduce a divergence by hand.
    static func simulateScript(_ steps: [DifferentialStep], for machine: StateMachine) -> String {
        var text = ""
        var predicates: [Int?] = machine.predicateTypes.map { _ in nil }
        var conditions: [Bool?] = machine.conditions.map { _ in nil }
        for step in steps {
            for (index, value) in step.predicates.enumerated() where predicates[index] != value {
                text += "\(machine.predicateTypes[index].type.name)=\(machine.predicateTypes[index].cases[value].name)\n"
                predicates[index] = value
            }
            for (index, value) in step.conditions.enumerated() where conditions[index] != value {
                text += "\(machine.conditions[index].name)=\(value)\n"
                conditions[index] = value
            }
            text += machine.events[step.event].name + "\n"
        }
        return text
    }

    /// The recording actions of `machine` and the function that runs its script.
    static func machineSource(_ machine: StateMachine, number: Int) -> String {
        let type = machine.typeName
        let state = machine.stateTypeName
        let event = machine.eventTypeName
        var lines = [
            "import FSMRuntime",
            "",
            "struct \(type)Recorder: \(machine.actionsProtocolName) {",
            "    var log: [String] = []",
            "    var hooks: [String] = []",
            "    var traces: [String] = []",
            "    var results: [Bool] = []",
            "    let asked = AskedConditions()",
        ]
        for action in machine.actions {
            lines.append("    mutating func \(action.swiftName)() { log.append(\(literal(action.name))) }")
        }
        for (index, condition) in machine.conditions.enumerated() {
            lines.append("    func \(condition.swiftName)() -> Bool { asked.names.append(\(literal(condition.name))); return results[\(index)] }")
        }
        lines += [
            "    mutating func unhandledEvent(_ event: \(event), in state: \(state)) { hooks.append(\"\\(event) in \\(state)\") }",
            "    mutating func trace(_ event: \(event), outcome: FSMRuntime.Outcome<\(state)>) { traces.append(\"\\(event) \\(outcome)\") }",
            "}",
            "",
            "func run\(type)(_ steps: [[Substring]]) -> [String] {",
            "    let machine = \(type)(actions: \(type)Recorder())",
            "    var lines: [String] = []",
            "    for step in steps {",
            "        machine.actions.log = []",
            "        machine.actions.hooks = []",
            "        machine.actions.traces = []",
            "        machine.actions.asked.names = []",
            "        machine.actions.results = step.dropFirst(\(machine.predicateTypes.count + 1)).map { $0 == \"1\" }",
            "        let before = machine.state",
            "        let event = \(event)(rawValue: String(step[0]))!",
        ]
        let predicateArguments = machine.predicateTypes.enumerated().map { index, predicate in
            ", \(predicate.parameterName): \(predicate.type.swiftName)(rawValue: String(step[\(index + 1)]))!"
        }.joined()
        lines += [
            "        let outcome = machine.handle(event\(predicateArguments))",
            "        lines.append(describe(before: before, after: machine.state, event: event, outcome: outcome,",
            "                              log: machine.actions.log, hooks: machine.actions.hooks, traces: machine.actions.traces)",
            "                     + (machine.actions.asked.names.isEmpty ? \"\" : \" ?\" + machine.actions.asked.names.joined(separator: \",\")))",
            "    }",
            "    return lines",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `main.swift`: reads `M <number>` sections and runs each with its machine's function.
    static func mainSource(numbers: [Int], typeNames: [Int: String]) -> String {
        let cases = numbers.map { "        case \($0): lines = run\(typeNames[$0]!)(steps)" }.joined(separator: "\n")
        return """
        import FSMRuntime

        /// The conditions a machine asked while handling one event, in order.
        final class AskedConditions {
            var names: [String] = []
        }

        func describe<State: Equatable & CustomStringConvertible, Event: CustomStringConvertible>(
            before: State, after: State, event: Event, outcome: FSMRuntime.Outcome<State>,
            log: [String], hooks: [String], traces: [String]
        ) -> String {
            var line = "\\(before) \\(event)"
            var expectedHooks: [String] = []
            switch outcome {
            case .transitioned(let from, let to):
                line += " -> \\(after) {\\(log.joined(separator: " "))}"
                if from != before || to != after { line += " !outcome says from \\(from) to \\(to)" }
            case .rejected(let state):
                line += " rejected"
                if state != before || after != before || !log.isEmpty { line += " !rejected in \\(state), now \\(after), ran \\(log)" }
            case .unhandled(let state):
                line += " unhandled"
                expectedHooks = ["\\(event) in \\(before)"]
                if state != before || after != before || !log.isEmpty { line += " !unhandled in \\(state), now \\(after), ran \\(log)" }
            case .queued:
                line += " !queued"
            }
            if hooks != expectedHooks { line += " !unhandledEvent calls \\(hooks)" }
            if traces != ["\\(event) \\(outcome)"] { line += " !trace calls \\(traces)" }
            return line
        }

        func runScripts() {
            var number = -1
            var steps: [[Substring]] = []
            func flush() {
                guard number >= 0 else { return }
                let lines: [String]
                switch number {
        \(cases)
                default: fatalError("no machine \\(number) in this driver")
                }
                print("M \\(number)")
                for line in lines { print(line) }
            }
            while let line = readLine() {
                if line.hasPrefix("M ") {
                    flush()
                    number = Int(line.dropFirst(2))!
                    steps = []
                } else {
                    steps.append(line.split(separator: " "))
                }
            }
            flush()
        }

        runScripts()

        """
    }

    /// Splits the driver's output into each machine's lines.
    static func parseOutput(_ output: String) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        var number: Int?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("M "), let parsed = Int(line.dropFirst(2)) {
                number = parsed
                result[parsed] = []
            } else if let number {
                result[number]!.append(String(line))
            }
        }
        return result
    }

    private static func literal(_ text: String) -> String {
        "\"" + text + "\""
    }
}

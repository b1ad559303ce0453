import FSMCompiler
import FSMTestSupport

/// One event of a differential run, with the predicate values and condition results it is
/// handled with.
struct DifferentialStep: Hashable, Sendable {
    /// Index into the model's events.
    var event: Int
    /// A case index per predicate type.
    var predicates: [Int]
    /// A result per condition, whatever values it is asked with.
    var conditions: [Bool]
    /// The event's values, in the order declared, as text without blanks: an `Int` in
    /// decimal, a `String` as its characters.
    var values: [String] = []

    /// Random steps for `model`; conditions are true three times in four, so that runs
    /// get past guarded rows as well as being rejected by them.
    static func random(_ count: Int, for model: StateMachine, seed: UInt64) -> [DifferentialStep] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let event = random.below(model.events.count)
            return DifferentialStep(event: event,
                                    predicates: model.predicateTypes.map { random.below($0.cases.count) },
                                    conditions: model.conditions.map { _ in random.chance(75) },
                                    values: model.eventParameters[event].map { parameter in
                                        parameter.type == "Int" ? String(random.below(100)) : "w\(random.below(100))"
                                    })
        }
    }

    /// `vi(7)` for an action or condition called with the labels `arguments`.
    func call(_ name: String, _ arguments: [String], of machine: StateMachine) -> String {
        guard !arguments.isEmpty else { return name }
        let labels = machine.eventParameters[event].map(\.label)
        return name + "(" + arguments.map { label in labels.firstIndex(of: label).map { values[$0] } ?? "?" }
            .joined(separator: ",") + ")"
    }
}

/// The line both sides print for a step, without the guard, which generated code does
/// not report: `S0 E1 -> S2 {a0 a1}`, `S0 E1 rejected`, `S0 E1 unhandled`, then the
/// conditions asked, in order (`?k1,k0`).
enum DifferentialTrace {
    /// Actions and conditions called with values show them: `{a0 vi(7)}`, `?q(7),k0`.
    static func line(for step: Interpreter.Step, _ input: DifferentialStep, of machine: StateMachine) -> String {
        let asked = step.askedConditions.map { call in
            let call = machine.conditionCalls[call]
            return input.call(machine.conditions[call.condition].name, call.arguments, of: machine)
        }.joined(separator: ",")
        return outcomeLine(for: step, input, of: machine) + (asked.isEmpty ? "" : " ?" + asked)
    }

    private static func outcomeLine(for step: Interpreter.Step, _ input: DifferentialStep, of machine: StateMachine) -> String {
        let head = machine.states[step.state].name + " " + machine.events[step.event].name
        switch step.outcome {
        case .transitioned(let transition):
            // What the interpreter did, read from the hierarchy and the histories at run
            // time, not the transition's effects computed at compile time (which, for a
            // transition that resumes a history, are those of finding it empty).
            let own = step.exitCount..<(step.exitCount + transition.actions.count)
            let effects = step.effects.indices.map { position in
                let arguments = own.contains(position) ? transition.actionArguments[position - own.lowerBound] : []
                return input.call(machine.actions[step.effects[position]].name, arguments, of: machine)
            }.joined(separator: " ")
            return head + " -> " + machine.states[step.target ?? transition.target].name + " {" + effects + "}"
        case .rejected:
            return head + " rejected"
        case .unhandled:
            return head + " unhandled"
        }
    }

    /// What the interpreter's transitions did with superstates, beyond the trace lines.
    struct StatechartCounts: Sendable {
        /// Transitions whose row names a superstate with an initial row.
        var enteringSuperstates = 0
        /// Transitions that read a stored history holding a state (not the first entry).
        var resumingHistory = 0
    }

    /// The interpreter's lines for `steps`, from the initial state. A step with two
    /// applicable rows of equal rank (an implicit clash the checks missed) is marked.
    static func interpret(_ steps: [DifferentialStep], on machine: StateMachine) -> [String] {
        var counts = StatechartCounts()
        return interpret(steps, on: machine, counts: &counts)
    }

    static func interpret(_ steps: [DifferentialStep], on machine: StateMachine, counts: inout StatechartCounts) -> [String] {
        var interpreter = Interpreter(machine)
        return steps.map { step in
            let rows = Interpreter.applicableRows(in: machine.states[interpreter.state], event: step.event,
                                                  predicates: step.predicates, conditions: step.conditions)
            let history = interpreter.history
            let handled = interpreter.handle(step.event, predicates: step.predicates, conditions: step.conditions)
            if case .transitioned(let transition) = handled.outcome {
                if let named = transition.namedTarget, machine.states[named].initialSubstate != nil {
                    counts.enteringSuperstates += 1
                }
                // The way of ending that the histories stored before the step select.
                let arrival = transition.arrivals.first { $0.history.allSatisfy { history[$0.superstate] == $0.state } }
                if arrival?.history.contains(where: { $0.state != nil }) == true { counts.resumingHistory += 1 }
            }
            let line = line(for: handled, step, of: machine)
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
    /// the event, its values, a case per predicate type, then `1` or `0` per condition.
    static func script(_ steps: [DifferentialStep], for machine: StateMachine, number: Int) -> String {
        var text = "M \(number)\n"
        for step in steps {
            let words = [machine.events[step.event].name] + step.values
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
            text += machine.events[step.event].name
            let parameters = machine.eventParameters[step.event]
            if !parameters.isEmpty {
                text += "(" + zip(parameters, step.values).map { parameter, value in
                    parameter.label + ": " + (parameter.type == "Int" ? value : "\"" + value + "\"")
                }.joined(separator: ", ") + ")"
            }
            text += "\n"
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
        // Called with values, an action logs them as `vi(7)`, `vis(7,w3)`.
        func signature(_ parameters: [EventParameter]) -> (parameters: String, logged: String) {
            guard !parameters.isEmpty else { return ("", "") }
            let names = parameters.indices.map { "v\($0)" }
            return (zip(parameters, names).map { "_ \($1): \($0.type)" }.joined(separator: ", "),
                    "(" + names.map { "\\(\($0))" }.joined(separator: ",") + ")")
        }
        for (action, parameters) in zip(machine.actions, machine.actionParameters) {
            let (declared, logged) = signature(parameters)
            lines.append("    mutating func \(action.swiftName)(\(declared)) { log.append(\"\(action.name)\(logged)\") }")
        }
        for (index, (condition, parameters)) in zip(machine.conditions, machine.conditionParameters).enumerated() {
            let (declared, logged) = signature(parameters)
            lines.append("    func \(condition.swiftName)(\(declared)) -> Bool { asked.names.append(\"\(condition.name)\(logged)\"); return results[\(index)] }")
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
            "        let (event, name, first) = make\(type)Event(step)",
            "        machine.actions.results = step.dropFirst(first + \(machine.predicateTypes.count)).map { $0 == \"1\" }",
            "        let before = machine.state",
        ]
        let predicateArguments = machine.predicateTypes.enumerated().map { index, predicate in
            ", \(predicate.parameterName): \(predicate.type.swiftName)(rawValue: String(step[first + \(index)]))!"
        }.joined()
        lines += [
            "        let outcome = machine.handle(event\(predicateArguments))",
            "        lines.append(describe(before: before, after: machine.state, event: event, name: name, outcome: outcome,",
            "                              log: machine.actions.log, hooks: machine.actions.hooks, traces: machine.actions.traces)",
            "                     + (machine.actions.asked.names.isEmpty ? \"\" : \" ?\" + machine.actions.asked.names.joined(separator: \",\")))",
            "    }",
            "    return lines",
            "}",
            "",
        ]
        // The event of a step, its name, and where the predicate values start.
        lines.append("func make\(type)Event(_ step: [Substring]) -> (\(event), String, Int) {")
        if machine.hasEventValues {
            lines.append("    switch step[0] {")
            for (named, parameters) in zip(machine.events, machine.eventParameters) {
                let values = parameters.enumerated().map { index, parameter in
                    "\(parameter.label): " + (parameter.type == "Int" ? "Int(step[\(index + 1)])!" : "String(step[\(index + 1)])")
                }
                let value = parameters.isEmpty ? ".\(named.swiftName)" : ".\(named.swiftName)(\(values.joined(separator: ", ")))"
                lines.append("    case \(literal(named.name)): return (\(value), \(literal(named.name)), \(parameters.count + 1))")
            }
            lines += ["    default: fatalError(\"no event \\(step[0])\")", "    }"]
        } else {
            lines.append("    let event = \(event)(rawValue: String(step[0]))!")
            lines.append("    return (event, event.description, 1)")
        }
        lines.append("}")
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
            before: State, after: State, event: Event, name: String, outcome: FSMRuntime.Outcome<State>,
            log: [String], hooks: [String], traces: [String]
        ) -> String {
            var line = "\\(before) \\(name)"
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

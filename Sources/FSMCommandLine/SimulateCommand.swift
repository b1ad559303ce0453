import FSMCompiler

extension CommandLineTool {
    static let simulate = Command(
        spec: CommandSpec(
            name: "simulate", summary: "run events through a machine and print what each one does",
            usage:
                "fsmc simulate FILE [--events E1,E2,...] [--predicate TYPE=CASE ...] [--condition NAME=true|false ...] [--initial VALUES]",
            details: """
                Runs the machine, from its initial state, through the events of --events or,
                without it, through the lines of standard input, and prints one line per event:
                    Locked Coin -> Unlocked {unlock}
                    Locked Pass unhandled
                    Alarming Reset [isSupervisorPresent] rejected
                A transition is printed as 'fsmc table' prints its row, with every action it runs;
                'unhandled' means no row applies, 'rejected' that the row that applies has a false
                condition. This is the reference meaning of the machine, computed from its table,
                independently of the generated Swift.
                An event that carries values may be given with them, as in Swift:
                Loaded(duration: 3, title: "x"); its labels in order, each value any Swift
                expression text (not evaluated). Values take no part in matching, and the trace
                line names the event alone, so the event's name alone will do too. In --events,
                commas inside parentheses, brackets and string literals belong to the values.
                A step needs a value for every predicate type that its event's rows test in the
                current states, and for every condition it asks (conditions are asked lazily, as
                the generated code asks them); give them with --predicate and --condition. A step
                that lacks one stops the run, naming the event, the state and what to give.
                'after(30s)' fires the timer of that duration running when its turn comes.
                In a machine with state data, a data state prints with the values it holds after
                the row, and actions with the texts of what they are called with:
                    Idle Begin -> Downloading(url: "https://x", received: 0) {begin("https://x")}
                A value is text: a literal as written, an event's value as given, a computing
                action's value its call (added(0, 512)), and a value not given its label. The
                values the initial state starts with are given with --initial, as labels and
                values: --initial 'url: "https://x", received: 0'. On
                standard input, one line is an event name, or 'Type=case' or
                'condition=true|false', which changes a value for the events after it; blank lines,
                '//' comments and lines starting with '#' are skipped, so that the output of
                'fsmc paths' and the witnesses of 'fsmc verify' paste in.
                Exit status: 0 success; 1 errors in the input, an unknown event (in --events or on
                standard input) or a bad line on standard input, which is reported at its line and
                column; 2 usage, such as a missing or unknown --predicate or --condition (after the
                lines of the events before the step that needed it); 3 I/O failure.
                """,
            options: [
                OptionSpec(
                    name: "--events", valueName: "EVENTS",
                    help: "the events, separated by commas; without it, one per line from standard input"),
                OptionSpec(
                    name: "--predicate", valueName: "TYPE=CASE", isRepeatable: true,
                    help: "the value of a predicate type, such as Enforcement=strong (one per type)"),
                OptionSpec(
                    name: "--condition", valueName: "NAME=true|false", isRepeatable: true,
                    help: "the result of a condition, such as isRushHour=false (one per condition)"),
                OptionSpec(
                    name: "--initial", valueName: "VALUES",
                    help: "the values the initial state starts with, such as 'url: \"https://x\", received: 0'"),
                warningsAsErrors,
            ],
            operandName: "FILE", operandCount: 1...1),
        run: { tool, arguments in tool.simulate(arguments) })

    private func simulate(_ arguments: ParsedArguments) -> ExitCode {
        let usage = Self.simulate.spec.usage + "\nrun 'fsmc help simulate' for more"
        let input = arguments.operands[0]
        if input == "-" && !arguments.has("--events") {
            return usageError(
                "with the machine on standard input ('-'), the events must be given with --events",
                usage: usage)
        }
        let machine: StateMachine
        switch load(input, warningsAsErrors: arguments.has("--warnings-as-errors")) {
        case .failure(let stop): return stop.code
        case .success(let loaded): machine = loaded
        }
        var initialValues: [String: String] = [:]
        if let text = arguments.value("--initial") {
            do {
                initialValues = try Simulation.initialValues(text, of: machine)
            } catch {
                return usageError("--initial, column \(error.column): \(error.message)", usage: usage)
            }
        }
        var simulation = Simulation(machine, initialValues: initialValues)
        var given: Set<String> = []
        for (option, text) in arguments.all("--predicate").map({ ("--predicate", $0) })
            + arguments.all("--condition").map({ ("--condition", $0) })
        {
            let name = String(text.prefix { $0 != "=" }).trimmingBlanks
            guard given.insert(name).inserted else {
                return usageError("'\(name)' is given twice", usage: usage)
            }
            do {
                try simulation.assign(text)
            } catch {
                return usageError("\(option) \(text): \(error.message)", usage: usage)
            }
        }
        guard let eventList = arguments.value("--events") else {
            return simulateStandardInput(&simulation)
        }
        let events: [(text: String, column: Int)]
        do throws(Simulation.Failure) {
            events = eventList.isEmpty ? [] : try Simulation.eventList(eventList)
            for (position, event) in events.enumerated() {
                do throws(Simulation.Failure) {
                    guard !event.text.isEmpty else { throw Simulation.Failure("empty event name") }
                    _ = try simulation.event(event.text)
                } catch {
                    console.fail("event \(position + 1) of --events: \(error.message)")
                    return .failure
                }
            }
        } catch {
            console.fail("--events, column \(error.column): \(error.message)")
            return .failure
        }
        // Each event is resolved again when its turn comes: `after(30s)` means the timer of
        // that duration running then, which the events before it decide.
        for (position, event) in events.enumerated() {
            do throws(Simulation.Failure) {
                let given = try simulation.givenEvent(event.text)
                console.writeOutput(try simulation.handle(given.event, values: given.values) + "\n")
            } catch {
                guard !error.missingOptions.isEmpty else {
                    console.fail("event \(position + 1) of --events: \(error.message)")
                    return .failure
                }
                let need = String(error.message.prefix { $0 != ";" })
                return usageError(
                    "event \(position + 1) of --events: \(need); give \(DiagnosticText.list(error.missingOptions, conjunction: "and"))",
                    usage: usage)
            }
        }
        return .success
    }

    /// Runs standard input line by line, printing each trace line as it goes; stops at the
    /// first line it cannot run, with its location.
    private func simulateStandardInput(_ simulation: inout Simulation) -> ExitCode {
        // Split bytes, not a String, in which "\r\n" is one Character that "\n" does not match.
        let lines = console.readInput().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            do {
                if let trace = try simulation.run(line: String(decoding: line, as: UTF8.self)) {
                    console.writeOutput(trace + "\n")
                }
            } catch {
                console.writeError("<stdin>:\(number + 1):\(error.column): error: \(error.message)\n")
                return .failure
            }
        }
        return .success
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...lastIndex { !isBlank($0) }!])
    }
}

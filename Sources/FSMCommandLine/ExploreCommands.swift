import FSMCompiler

extension CommandLineTool {
    static let limitOption = OptionSpec(
        name: "--limit", valueName: "N",
        help: "stop with an error past N reachable situations (default \(defaultLimit))")
    static let defaultLimit = 200_000

    static let paths = Command(
        spec: CommandSpec(
            name: "paths", summary: "print event sequences that take every row (or reach every state)",
            usage:
                "fsmc paths FILE [--cover transitions|states|configurations] [--format text|json|swift] [--access LEVEL] [-o OUTPUT] [--limit N]",
            details: """
                Explores every configuration the machine can reach, trying every event with every
                predicate value and condition answer that makes a difference, and timers as events,
                and prints paths from the start that together take every row of 'fsmc table'
                (--cover transitions, the default), make every state current (states), or reach
                every configuration (configurations). Each path is a shortest one to what it was
                made for. Rows, states or configurations no path can reach are listed as '# never:'.
                --format text (the default) prints each path in the form 'fsmc simulate' reads on
                standard input: settings such as 'Enforcement=weak' or 'isRushHour=true' where they
                change, then the event; '#' lines say which rows each step takes and the
                configuration after it; a blank line separates paths, and each path pasted into
                'fsmc simulate FILE' runs from a new machine.
                --format json prints the same for tools. --format swift writes a Swift file that
                declares <Machine>Paths with the paths of every criterion as static properties
                (transitionCover, stateCover, configurationCover), for
                '@Test(arguments: TurnstilePaths.transitionCover)'; --access sets its access level.
                Exit status: 0 success, 1 errors in the input or more than --limit situations
                (configurations with their histories and timers), 2 usage, 3 I/O failure.
                """,
            options: [
                OptionSpec(
                    name: "--cover", valueName: "CRITERION",
                    allowedValues: PathCover.Criterion.allCases.map(\.rawValue),
                    help: "transitions (the default), states or configurations"),
                OptionSpec(
                    name: "--format", valueName: "FORMAT", allowedValues: ["text", "json", "swift"],
                    help: "text (the default), json or swift"),
                OptionSpec(
                    name: "--access", valueName: "LEVEL", allowedValues: SwiftAccess.allCases.map(\.rawValue),
                    help: "the access level of the Swift declarations (default internal)"),
                OptionSpec(
                    name: "--output", shortName: "-o", valueName: "OUTPUT",
                    help: "write to OUTPUT instead of standard output"),
                limitOption, warningsAsErrors,
            ],
            operandName: "FILE", operandCount: 1...1),
        run: { tool, arguments in tool.paths(arguments) })

    private func paths(_ arguments: ParsedArguments) -> ExitCode {
        let input = arguments.operands[0]
        guard let limit = limit(arguments, usage: Self.paths.spec.usage) else { return .usage }
        let machine: StateMachine
        switch load(input, warningsAsErrors: arguments.has("--warnings-as-errors")) {
        case .failure(let stop): return stop.code
        case .success(let loaded): machine = loaded
        }
        guard let space = explore(machine, limit: limit) else { return .failure }
        let name = sourceName(input)
        let text: String
        switch arguments.value("--format") ?? "text" {
        case "json":
            text = PathWriter.json(PathCover(space, criterion: criterion(arguments)))
        case "swift":
            let access = arguments.value("--access").flatMap(SwiftAccess.init(rawValue:)) ?? .internal
            let covers = PathCover.Criterion.allCases.map { PathCover(space, criterion: $0) }
            text = PathWriter.swift(covers, sourceName: name, access: access)
        default:
            text = PathWriter.text(PathCover(space, criterion: criterion(arguments)), sourceName: name)
        }
        guard let output = arguments.value("--output"), output != "-" else {
            console.writeOutput(text)
            return .success
        }
        return writeFile(Array(text.utf8), to: output) ? .success : .ioFailure
    }

    private func criterion(_ arguments: ParsedArguments) -> PathCover.Criterion {
        arguments.value("--cover").flatMap(PathCover.Criterion.init(rawValue:)) ?? .transitions
    }

    /// `1000001`, or `1.2e+20` past what a whole number shows.
    static func count(_ value: Double) -> String {
        value < 1e15 ? String(Int(value)) : String(value)
    }

    /// `--limit N`, a positive number; nil after a usage error.
    func limit(_ arguments: ParsedArguments, usage: String) -> Int? {
        guard let text = arguments.value("--limit") else { return Self.defaultLimit }
        guard let limit = Int(text), limit > 0 else {
            _ = usageError("--limit takes a positive number, not '\(text)'", usage: usage)
            return nil
        }
        return limit
    }

    /// `Turnstile.sm` for a path, `<stdin>` for standard input.
    func sourceName(_ input: String) -> String {
        input == "-" ? "<stdin>" : String(input.split(separator: "/").last.map(String.init) ?? input)
    }

    /// The machine's state space, or nil after printing why it is too large.
    func explore(_ machine: StateMachine, limit: Int) -> StateSpace? {
        do throws(StateSpace.LimitExceeded) {
            return try StateSpace(machine, limit: limit)
        } catch {
            if let bound = error.bound {
                console.writeError(
                    "\(machine.name.location): error: '\(machine.name.name)' allows up to \(Self.count(bound)) configurations (its parallel states multiply their regions' states), more than the limit of \(error.limit); explore fewer with smaller regions, or raise --limit to search anyway [stateSpaceLimit]\n"
                )
                return nil
            }
            console.writeError(
                "\(machine.name.location): error: '\(machine.name.name)' can reach more than \(error.limit) situations (configurations with their stored histories and running timers; \(error.found) found within \(error.depth) steps); explore fewer with smaller regions, or raise --limit [stateSpaceLimit]\n"
            )
            return nil
        }
    }
}

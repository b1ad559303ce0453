import FSMCompiler

extension CommandLineTool {
    static let verify = Command(
        spec: CommandSpec(
            name: "verify",
            summary: "check every reachable configuration: traps, ways home, rejections, livelocks, questions",
            usage: "fsmc verify FILE [--home STATE] [--never 'in(A), in(B)' ...] [--reach STATE ...] [--limit N]",
            details: """
                Explores every configuration the machine can reach from its start, with predicate
                values and condition answers as free choices and timers as events, and reports, each
                at its line in the .sm file with a shortest path that shows it, in the form 'fsmc
                simulate' reads on standard input (indented; '#' lines name the rows each step takes):
                  warning [trapConfiguration]  a reachable configuration that no row leaves;
                  warning [noWayHome]          a configuration from which the initial configuration,
                                               or with --home a configuration where STATE is active,
                                               can never be reached again;
                  warning [rejectedEvent]      an event rejected for some condition answers: no row
                                               of its state applies to them (an if/else with a hole),
                                               or of one region while another region takes it;
                  warning [livelock]           'always' rows, or rows for raised events, that lead
                                               back to where they started for some answers: the
                                               event never comes to rest;
                  error [forbiddenConfiguration]  a configuration that --never forbids is reachable;
                  error [unreachableGoal]      a state that --reach asks for is never active;
                  note [reachableGoal]         how a state that --reach asks for is reached.
                --never takes state tests separated by commas, as in a guard: 'in(Playing), !in(Muted)'
                forbids every configuration in which all of them hold. Each --never and --reach is
                answered on its own; both may be repeated.
                Exit status: 0 when every question is answered as asked (warnings do not fail), 1 when
                one is not, for errors in the input or past --limit situations, 2 usage, 3 I/O failure.
                """,
            options: [
                OptionSpec(name: "--home", valueName: "STATE", help: "the state every configuration must lead back to"),
                OptionSpec(
                    name: "--never", valueName: "TESTS", isRepeatable: true,
                    help: "state tests, such as 'in(A), in(B)', that no reachable configuration may satisfy"),
                OptionSpec(
                    name: "--reach", valueName: "STATE", isRepeatable: true, help: "a state that must be reachable"),
                limitOption,
                OptionSpec(
                    name: "--warnings-as-errors",
                    help: "treat warnings, of the input and of the search, as errors: print them as errors and fail"),
            ],
            operandName: "FILE", operandCount: 1...1),
        run: { tool, arguments in tool.verify(arguments) })

    private func verify(_ arguments: ParsedArguments) -> ExitCode {
        let usage = Self.verify.spec.usage + "\nrun 'fsmc help verify' for more"
        let input = arguments.operands[0]
        guard let limit = limit(arguments, usage: usage) else { return .usage }
        let machine: StateMachine
        switch load(input, warningsAsErrors: arguments.has("--warnings-as-errors")) {
        case .failure(let stop): return stop.code
        case .success(let loaded): machine = loaded
        }
        var questions = Verifier.Questions()
        do throws(Verifier.Questions.Failure) {
            questions.home = try arguments.value("--home").map { name throws(Verifier.Questions.Failure) in
                try Verifier.Questions.state(named: name, in: machine)
            }
            for text in arguments.all("--never") {
                questions.never.append(try Verifier.Questions.terms(text, in: machine))
            }
            for name in arguments.all("--reach") {
                questions.reach.append(try Verifier.Questions.state(named: name, in: machine))
            }
        } catch {
            return usageError(error.message, usage: usage)
        }
        guard let space = explore(machine, limit: limit) else { return .failure }
        var verifier = Verifier(space, questions: questions)
        if arguments.has("--warnings-as-errors") { verifier.treatWarningsAsErrors() }
        console.writeOutput(verifier.text(sourceName: sourceName(input)))
        return verifier.failed ? .failure : .success
    }
}

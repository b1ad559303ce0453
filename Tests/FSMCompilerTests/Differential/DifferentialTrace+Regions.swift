import FSMCompiler
import FSMTestSupport

/// The lines of a machine with parallel states (or `in(…)` terms), from `Interpreter`:
/// the configuration as generated code prints its state, `P(S3, A7(S8, S9)) E1 -> P(S4,
/// A7(S8, S9)) {a0 vi(7)}`; a step in which several regions took the event lists the
/// actions of their rows in the order they ran, one region after another. In a machine
/// with data states, each prints with its values, as the generated `description` does:
/// `P(S3(v: 13, w: 2), S5)`.
extension DifferentialTrace {
    /// What the interpreter's steps did with regions, beyond the trace lines.
    struct RegionCounts: Sendable {
        /// Steps in which a region took the event (a row held inside a region fired).
        var transitionsInRegions = 0
        /// Rows fired that fork into several regions.
        var forks = 0
        /// Level rows of a parallel state (or rows above it) fired with `in(…)` terms: joins.
        var joins = 0
    }

    static func interpretConfigurations(
        _ steps: [DifferentialStep], on machine: StateMachine,
        counts: inout StatechartCounts
    ) -> [String] {
        var interpreter = Interpreter(
            machine, initialValues: Dictionary(initialValues(of: machine), uniquingKeysWith: { first, _ in first }))
        let chart = interpreter.chart
        let reached = { (firing: Interpreter.Firing) in
            configurationText(firing.move.leaves, values: firing.values, chart: chart, of: machine)
        }
        return initialLines(of: &interpreter, first: steps.first)
            + steps.map { input in
                let before = configurationText(
                    interpreter.leaves, values: interpreter.stateValues, chart: chart, of: machine)
                let asking = askingScope(interpreter.leaves, values: interpreter.stateValues, of: machine)
                var history = interpreter.history
                let step = interpreter.handle(
                    input.event, predicates: input.predicates, conditions: input.callAnswers(of: machine),
                    values: machine.hasStateData ? input.values : nil)
                if machine.hasStateData { counts.data.add(step.allFirings, of: machine) }
                var line = before + " " + machine.events[input.event].name
                let always = alwaysText(step.completion, input, of: machine, describe: reached)
                switch step.outcome {
                case .transitioned(let firings):
                    let ran = firings.flatMap { effects(of: $0, input, of: machine) } + always.effects
                    line +=
                        " -> " + reached(firings.last!) + " {" + ran.joined(separator: " ") + "}"
                        + always.suffix
                    var resumes = false
                    for firing in firings {
                        history.merge(firing.move.historyWrites) { $1 }
                        resumes = resumes || Self.resumesHistory(firing, stored: history, of: machine, chart: chart)
                    }
                    if resumes { counts.resumingHistory += 1 }
                    if firings.contains(where: {
                        $0.transition.namedTarget.map {
                            machine.states[$0].initialSubstate != nil
                                || machine.states[$0].isParallel
                        } ?? false
                    }) {
                        counts.enteringSuperstates += 1
                    }
                    if firings.contains(where: { firing in
                        !machine.states[firing.source].isParallel
                            && machine.states[firing.source].ancestors.contains { machine.states[$0].isParallel }
                    }) {
                        counts.regions.transitionsInRegions += 1
                    }
                    counts.regions.forks += firings.filter { !$0.transition.forkTargets.isEmpty }.count
                    counts.regions.joins +=
                        firings.filter { firing in
                            machine.states[firing.source].isParallel
                                && !firing.transition.guardClause.stateTests.isEmpty
                        }.count
                case .rejected:
                    line += " rejected" + always.suffix + always.braced
                case .unhandled:
                    line += " unhandled" + always.suffix + always.braced
                }
                return line
                    + askedText(
                        step.askedConditions, input, of: machine, state: asking,
                        raised: raisedAskedTexts(step, input, of: machine))
            }
    }

    /// Whether the firing entered a state by its stored history: a state with history,
    /// entered with a history stored and no state named inside it, whose history decides
    /// (deep, or shallow of a superstate that is not parallel).
    private static func resumesHistory(
        _ firing: Interpreter.Firing, stored: [StateID: [StateID]], of machine: StateMachine, chart: Statechart
    ) -> Bool {
        let named = firing.transition.namedTarget.map { [$0] + firing.transition.forkTargets } ?? []
        return firing.move.entered.contains { state in
            let info = machine.states[state]
            guard let kind = info.history, !(stored[state] ?? []).isEmpty, kind == .deep || !info.isParallel else {
                return false
            }
            return !named.contains { $0 != state && chart.isWithin($0, state) }
        }
    }
}

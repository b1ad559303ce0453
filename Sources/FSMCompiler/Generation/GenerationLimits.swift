// What this version of the generator cannot write yet, for machines `check` accepts.

/// The machines the Translator does not generate, each refused with a located `stateData`
/// error (The generated Swift › State data). `Compiler.compile`, `fsmc compile` and the
/// fuzz oracle ask it through `Compiler.generationRefusal(_:)`.
enum GenerationLimits {
    /// Why `compile` generates no Swift for a machine `check` accepts, nil when it does. In a
    /// machine with parallel states, a state is entered by its own rules in a helper that
    /// never suspends and takes the labels its initial rows read from the entering row: an
    /// async computing action in an initial row into a data state is refused, and so is a
    /// label that only a substate a shallow history resumes reads (the checks see only the
    /// initial rows' way). An error is better than a machine that loses the values.
    static func refusal(of machine: StateMachine) -> Diagnostic? {
        guard machine.hasRegions && machine.hasStateData else { return nil }
        for state in machine.states.indices {
            if let target = machine.states[state].initialSubstate, !machine.parameters(of: target).isEmpty,
                let awaited = machine.states[state].initialValues.lazy.compactMap({ value -> ActionID? in
                    guard case .computed(let call) = value.source, let action = call.action,
                        machine.asyncActions[action]
                    else { return nil }
                    return action
                }).first
            {
                return Diagnostic(
                    .stateData, .error,
                    "this version of fsmc generates no Swift for a machine with parallel states whose initial row into '\(machine.states[target].name)' calls the async computing action '\(machine.actions[awaited].name)': write a literal there, or name '\(machine.states[target].name)' with the value in the rows that enter it; 'check', 'simulate', 'table' and 'graph' read it",
                    at: machine.states[state].named.location)
            }
            guard machine.states[state].history == .shallow else { continue }
            let onTheWay = machine.labelsEnteringByRules(state, resumingShallowHistory: false).map(\.label)
            if let extra = machine.labelsEnteringByRules(state, resumingShallowHistory: true).first(where: {
                !onTheWay.contains($0.label)
            }) {
                return Diagnostic(
                    .stateData, .error,
                    "this version of fsmc generates no Swift for a machine with parallel states where a substate that the shallow history of '\(machine.states[state].name)' resumes carries '\(extra.label)' by label in its initial rows: write that value there as a literal; 'check', 'simulate', 'table' and 'graph' read it",
                    at: machine.states[state].named.location)
            }
        }
        return nil
    }
}

/// How the reports, the simulation and the diagrams write a row's parts as text
/// (Commands › fsmc table).
package enum RowText {
    /// `in(Saved), Enforcement=weak|strong, Reward=positive, isRushHour, !isJammed`: state
    /// tests first, where dispatch reads them (before any condition is asked), then
    /// predicate terms as written, then condition terms as written.
    package static func guardText(_ guardClause: Guard, in machine: StateMachine) -> String {
        let predicates = guardClause.predicates.map { match in
            let type = machine.predicateTypes[match.type]
            return type.type.name + "=" + match.cases.map { type.cases[$0].name }.joined(separator: "|")
        }
        let conditions = guardClause.conditions.map { term in
            (term.isNegated ? "!" : "") + callText(machine.conditions[term.condition].name, arguments: term.arguments)
        }
        let stateTests = guardClause.stateTests.map {
            ($0.isNegated ? "!" : "") + "in(" + machine.states[$0.state].name + ")"
        }
        return (stateTests + predicates + conditions).joined(separator: ", ")
    }

    /// `Locked Pass [Enforcement=weak]`: where a line of `table` and `simulate` starts, the
    /// row's source as `source` names it.
    public static func head(_ source: String, _ transition: Transition, in machine: StateMachine) -> String {
        let head = source + " " + machine.events[transition.event].name
        return transition.guardClause.isEmpty
            ? head : head + " [" + guardText(transition.guardClause, in: machine) + "]"
    }

    /// The actions of `effects` as calls, the row's own (which follow `exitCount` exit
    /// actions) with the labels of the values they are called with: `lock`,
    /// `setDuration(duration)`.
    package static func calls(
        _ effects: [ActionID], exitCount: Int, of transition: Transition, in machine: StateMachine
    )
        -> [String]
    {
        effects.indices.map { position in
            callText(
                machine.actions[effects[position]].name,
                arguments: transition.arguments(ofEffectAt: position, exitCount: exitCount))
        }
    }
}

/// The flattened transition table as text (SPEC §5) or as a Markdown table.
public enum TransitionTable {
    /// One line per transition: `Locked Pass [Enforcement=weak] -> Locked {smile}`.
    public static func text(_ machine: StateMachine) -> String {
        var lines: [String] = []
        for state in machine.states where !state.isAbstract {
            for transition in state.transitions {
                lines.append(line(for: transition, in: state, of: machine))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The line for one transition, as `table` and `simulate` print it.
    public static func line(for transition: Transition, in state: State, of machine: StateMachine) -> String {
        var parts = [state.name, machine.events[transition.event].name]
        if !transition.guardClause.isEmpty { parts.append("[\(guardText(transition.guardClause, in: machine))]") }
        parts += ["->", machine.states[transition.target].name, "{\(effectsText(transition, in: machine))}"]
        return parts.joined(separator: " ")
    }

    /// `Enforcement=weak|strong, Reward=positive, isRushHour`: predicate terms as written, then conditions.
    public static func guardText(_ guardClause: Guard, in machine: StateMachine) -> String {
        let predicates = guardClause.predicates.map { match in
            let type = machine.predicateTypes[match.type]
            return type.type.name + "=" + match.cases.map { type.cases[$0].name }.joined(separator: "|")
        }
        return (predicates + guardClause.conditions.map { machine.conditions[$0].name }).joined(separator: ", ")
    }

    static func effectsText(_ transition: Transition, in machine: StateMachine) -> String {
        transition.effects.map { machine.actions[$0].name }.joined(separator: " ")
    }

    /// A Markdown table grouped by state: the state's name on its first row only.
    public static func markdown(_ machine: StateMachine) -> String {
        var lines = ["| State | Event | Guard | Next state | Actions |", "|---|---|---|---|---|"]
        for state in machine.states where !state.isAbstract {
            for (position, transition) in state.transitions.enumerated() {
                let cells = [
                    position == 0 ? "**\(state.name)**" : "",
                    machine.events[transition.event].name,
                    guardText(transition.guardClause, in: machine),
                    machine.states[transition.target].name,
                    effectsText(transition, in: machine),
                ]
                lines.append("| " + cells.map(markdownCell).joined(separator: " | ") + " |")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `|` would end the cell (as in `A=x|y`); an empty cell keeps a space.
    private static func markdownCell(_ text: String) -> String {
        text.isEmpty ? " " : text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}

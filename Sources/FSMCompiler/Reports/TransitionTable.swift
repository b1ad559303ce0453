/// The flattened transition table as text (Commands › fsmc table) or as a Markdown table.
public enum TransitionTable {
    /// One line per transition: `Locked Pass [Enforcement=weak] -> Locked {smile}`.
    public static func text(_ machine: StateMachine) -> String {
        if machine.hasRegions { return regionText(machine) }
        var lines: [String] = []
        for state in machine.states where !state.isAbstract {
            for transition in state.transitions {
                lines.append(line(for: transition, in: state, of: machine))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The line for one transition, as `table` prints it: its resolved target, or for a
    /// transition that resumes a history `Active(history)` and the actions that do not
    /// depend on it (exit actions and the row's own).
    package static func line(for transition: Transition, in state: State, of machine: StateMachine) -> String {
        head(of: transition, in: state, of: machine) + " -> " + targetText(transition, in: machine)
            + " {" + effects(transition, of: machine).joined(separator: " ") + "}"
    }

    /// `Locked Pass [Enforcement=weak]`: where a line starts.
    static func head(of transition: Transition, in state: State, of machine: StateMachine) -> String {
        RowText.head(state.name, transition, in: machine)
    }

    /// `Locked`, or `Active(history)` when the history of `Active` decides; a data state
    /// with the values the row writes for it, `Downloading(received: 0)`, also after `-`:
    /// `Downloading(received: added(received, bytes))` (Language reference › State data).
    package static func targetText(_ transition: Transition, in machine: StateMachine) -> String {
        guard let superstate = transition.arrivals[0].history.first?.superstate else {
            return nameWithWrittenValues(of: transition.target, by: transition, in: machine)
        }
        return machine.states[superstate].name + "(history)"
    }

    /// `Downloading(received: 0)`: the state's name, with the values `transition` writes
    /// for it if it writes any.
    static func nameWithWrittenValues(of state: StateID, by transition: Transition, in machine: StateMachine)
        -> String
    {
        let name = machine.states[state].name
        return machine.writtenValuesText(of: state, by: transition).map { name + "(" + $0 + ")" } ?? name
    }

    /// Every action the transition runs, in order, each with its arguments: `lock`,
    /// `setDuration(duration)`, `retry(3)`. For a transition that
    /// resumes a history, what follows the row's actions depends on it and is left out.
    static func effects(_ transition: Transition, of machine: StateMachine) -> [String] {
        let effects =
            transition.resumesHistory
            ? Array(transition.effects.prefix(transition.exitCount + transition.actions.count)) : transition.effects
        return RowText.calls(effects, in: machine)
    }

    /// A Markdown table grouped by state: the state's name in bold on its first row only,
    /// each transition's actions in the order they run, separated by commas. A concrete state
    /// without transitions gets a row of its own, so that the table names every state.
    public static func markdown(_ machine: StateMachine) -> String {
        var lines = ["| State | Event | Guard | Next state | Actions |", "|---|---|---|---|---|"]
        if machine.hasRegions {
            let chart = Statechart(machine)
            var previous: StateID?
            for (source, transition) in regionRows(machine) {
                let (target, effects) = regionCells(transition, from: source, of: machine, chart: chart)
                lines.append(
                    markdownRow([
                        previous == source ? "" : "**\(markdownText(machine.states[source].name))**",
                        markdownText(machine.events[transition.event].name),
                        markdownText(RowText.guardText(transition.guardClause, in: machine)),
                        markdownText(target),
                        markdownText(effects.joined(separator: ", ")),
                    ]))
                previous = source
            }
            return lines.map { $0 + "\n" }.joined()
        }
        for state in machine.states where !state.isAbstract {
            guard !state.transitions.isEmpty else {
                lines.append(markdownRow(["**\(markdownText(state.name))**", "*no transitions*", "", "", ""]))
                continue
            }
            for (position, transition) in state.transitions.enumerated() {
                lines.append(
                    markdownRow([
                        position == 0 ? "**\(markdownText(state.name))**" : "",
                        markdownText(machine.events[transition.event].name),
                        markdownText(RowText.guardText(transition.guardClause, in: machine)),
                        markdownText(targetText(transition, in: machine)),
                        markdownText(effects(transition, of: machine).joined(separator: ", ")),
                    ]))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// An empty cell keeps a space, so that every row has the same shape.
    private static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |"
    }

    /// `|` would end the cell (as in `A=x|y`), and an underscore at either end of a word
    /// (`_draft`, `__init__`) would start emphasis; both are escaped. Underscores inside a
    /// word (`is_open`) are left alone, as GitHub reads them literally.
    static func markdownText(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "_" else {
                if characters[index] == "|" { result += "\\" }
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count && characters[end] == "_" { end += 1 }
            let isInsideWord =
                index > 0 && isWordCharacter(characters[index - 1])
                && end < characters.count && isWordCharacter(characters[end])
            result += String(repeating: isInsideWord ? "_" : "\\_", count: end - index)
            index = end
        }
        return result
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}

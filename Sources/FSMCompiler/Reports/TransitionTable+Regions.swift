/// The table of a machine with parallel states (Language reference › Regions;
/// Commands › fsmc table): each leaf's rows held inside its region, then, once, the rows of
/// each parallel state (its own and its superstates'), with the parallel state as their
/// source.
///
/// What a row leaves of other regions depends on the configuration, so it is named: a
/// parallel state the row leaves prints as `exit(Media)`, every active state inside it
/// leaf first in reverse region order and then `Media`'s own exit actions; a parallel
/// state's row to a state inside it leaves every region, each printed `exit(Volume)`.
/// A target prints as the part of the configuration the row enters: `Media(Stopped, Normal)`;
/// a state whose history decides prints as `Active(history)`, and the actions after the
/// row's own, which depend on it, are left out.
extension TransitionTable {
    /// The rows of a machine with regions, in table order: each with its source state.
    static func regionRows(_ machine: StateMachine) -> [(source: StateID, transition: Transition)] {
        machine.states.indices.flatMap { index -> [(source: StateID, transition: Transition)] in
            let state = machine.states[index]
            guard state.isParallel || (!state.isAbstract && state.substates.isEmpty) else { return [] }
            return state.transitions.map { (index, $0) }
        }
    }

    static func regionText(_ machine: StateMachine) -> String {
        let chart = Statechart(machine)
        return regionRows(machine).map { row in
            let (target, effects) = regionCells(row.transition, from: row.source, of: machine, chart: chart)
            return head(of: row.transition, in: machine.states[row.source], of: machine) + " -> " + target
                + " {" + effects.joined(separator: " ") + "}\n"
        }.joined()
    }

    /// The next-state text and the actions of one row.
    static func regionCells(_ transition: Transition, from source: StateID, of machine: StateMachine, chart: Statechart)
        -> (
            target: String, effects: [String]
        )
    {
        let leaves = chart.defaultConfiguration(containing: source)
        let targets = transition.namedTarget.map { [$0] + transition.forkTargets } ?? []
        let move = chart.move(from: leaves, source: source, targets: targets, history: [:])
        let targetLineages = Set(targets.flatMap(chart.lineage(of:)))
        // States whose history decides where the row ends: entered, with a history, and
        // not on the way to a named target.
        let resumes = Set(
            move.entered.filter { state in
                machine.states[state].history != nil && (targets.contains(state) || !targetLineages.contains(state))
            })
        var exits: [String] = []
        var printed = Set<StateID>()
        let exited = Set(move.exited)
        for state in move.exited {
            let cover =
                chart.lineage(of: state).first { exited.contains($0) && machine.states[$0].isParallel }
                ?? (machine.states[source].isParallel && state != source && chart.isWithin(state, source)
                    ? machine.states[source].substates.first { chart.isWithin(state, $0) } : nil)
            if let cover {
                if printed.insert(cover).inserted { exits.append("exit(" + machine.states[cover].name + ")") }
            } else {
                exits += RowText.calls(machine.states[state].ownExitActions, in: machine)
            }
        }
        let own = RowText.calls(transition.actions, in: machine)
        let entries = resumes.isEmpty ? RowText.calls(chart.entryActions(of: move), in: machine) : []
        let target: String
        if let reached = move.reached {
            target = chart.describe(reached, leaves: move.leaves, resuming: resumes) {
                nameWithWrittenValues(of: $0, by: transition, in: machine)
            }
        } else {
            target = nameWithWrittenValues(of: source, by: transition, in: machine)
        }
        return (target, exits + own + entries)
    }
}

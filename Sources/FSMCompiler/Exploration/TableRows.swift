/// The rows of a machine's flattened table, numbered in the order `fsmc table` prints them
/// (from 0), each with its line: what `paths` covers, `coverage` counts and `verify` names.
package struct TableRows: Sendable {
    /// A row's number: its position in the table.
    package typealias ID = Int

    /// Per row: the state whose flattened rows hold it (a concrete state, or for a machine
    /// with regions a parallel state) and the row.
    package private(set) var rows: [(source: StateID, transition: Transition)] = []
    /// Per row: the line `fsmc table` prints for it.
    package private(set) var lines: [String] = []
    /// By source state: its rows' numbers, in the order of its flattened `transitions`.
    private var bySource: IDArray<StateID, [ID]>

    package init(_ machine: StateMachine) {
        bySource = IDArray(repeating: [], count: machine.states.count)
        for index in machine.states.indices {
            let state = machine.states[index]
            let listed =
                machine.hasRegions
                ? state.isParallel || (!state.isAbstract && state.substates.isEmpty) : !state.isAbstract
            guard listed else { continue }
            for transition in state.transitions {
                bySource[index].append(rows.count)
                rows.append((index, transition))
            }
        }
        lines = TransitionTable.text(machine).split(separator: "\n").map(String.init)
        precondition(lines.count == rows.count, "the table prints one line per row")
    }

    package var count: Int { rows.count }

    /// The number of the row that `firing` took.
    package func id(of firing: Interpreter.Firing) -> ID {
        bySource[firing.source][firing.row]
    }

    /// The number of `transition`, one of the flattened rows of `source`.
    package func id(of transition: Transition, from source: StateID) -> ID {
        guard let id = bySource[source].first(where: { rows[$0].transition == transition }) else {
            preconditionFailure("a row that fired is a row of the table")
        }
        return id
    }
}

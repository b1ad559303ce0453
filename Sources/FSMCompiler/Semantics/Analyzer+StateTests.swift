extension Analysis {
    /// Warns about rows that a state test rules out in a state that has them: in a machine
    /// without parallel states, the current state and its superstates are the whole
    /// configuration, so `in(X)` is decided in each state, and a row whose test fails there
    /// is never taken there (the generated code leaves it out; it only rejects the event
    /// when no other row takes it, as a false condition does). `table` and `graph` still
    /// list the row, so the warning says where it never applies.
    func checkStateTestsNeverHold(log: inout DiagnosticLog) {
        guard !resolution.isParallel.contains(true) else { return }
        // Per row, per failing test: the states where the row never applies, in table order.
        var deadIn: [Int: [(test: StateTest, states: [StateID])]] = [:]
        var rowOrder: [Int] = []
        for state in states.indices
        where !states[state].isAbstract && resolution.initialSubstate[state] == nil {
            let active = Set(resolution.ancestors[state] + [state])
            for row in flattening.effectiveRows[state] where rows[row].hasValidGuard {
                guard
                    let failing = rows[row].guardClause.stateTests.first(where: {
                        active.contains($0.state) == $0.isNegated
                    })
                else { continue }
                if deadIn[row] == nil { rowOrder.append(row) }
                if let index = deadIn[row, default: []].firstIndex(where: { $0.test == failing }) {
                    deadIn[row]![index].states.append(state)
                } else {
                    deadIn[row, default: []].append((failing, [state]))
                }
            }
        }
        for row in rowOrder {
            for (test, dead) in deadIn[row]! {
                let term = (test.isNegated ? "!" : "") + "in(\(states[test.state].name))"
                let names = DiagnosticText.list(dead.map { "'\(states[$0].name)'" }, conjunction: "and")
                let place = dead.count == 1 ? "state \(names), where" : "states \(names), in each of which"
                log.warning(
                    .stateTestNeverHolds,
                    "row for event '\(rows[row].event)' never applies in \(place) '\(term)' is false; the generated code leaves it out there",
                    at: rows[row].location,
                    notes: dead.filter { $0 != rows[row].owner }.map {
                        .init(
                            "'\(states[$0].name)' inherits the row; it is declared here", at: states[$0].name.location)
                    })
            }
        }
    }
}

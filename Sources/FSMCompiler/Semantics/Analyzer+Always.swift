/// `always` rows (Language reference › Always rows): the rows a machine takes without an
/// event, whenever their guard holds in a configuration it has reached. Their checks: what
/// a row of them cannot have, a cycle of them without conditions, and a decision state
/// whose rows leave some condition answers without a row.
package enum AlwaysRows {
    /// The event of an `always` row. An event of that name (a CC_SMC file may have one)
    /// is refused where only an event can stand, with a fix-it that renames it.
    package static let keyword = "always"
    /// What the rename is called, as `fsmc check --fix` makes it.
    static let renamed = "Always"

    /// The end of a message about `always` where a CC_SMC file may mean an event (the
    /// fix-it renames it).
    static let renameHint = "; if 'always' is an event of this machine, as in a CC_SMC file, rename it"

    /// An `always` row has no predicate values to match and must move: `-` would take it
    /// again at once, for ever.
    static func check(
        _ row: RowSyntax, event: NameSyntax, guardClause: Guard, headers: Headers, log: inout DiagnosticLog
    ) {
        if let match = guardClause.predicates.first {
            let type = headers.predicateTypes[match.type].name.text
            log.error(
                .alwaysRow,
                "an 'always' row is taken without an event, so no predicate values come with it: it cannot match '\(type)'; ask a condition instead"
                    + renameHint,
                at: row.guardClause?.location ?? event.location)
        }
        if row.nextState == nil {
            log.error(
                .alwaysRow,
                "an 'always' row must name its next state: with '-' it would be taken again at once, for ever"
                    + renameHint,
                at: row.nextStateLocation)
        }
    }
}

extension Analysis {
    /// The `always` event, if some row has it.
    var alwaysEvent: EventID? { declarations.events.lookup(AlwaysRows.keyword) }

    /// A cycle of `always` rows without conditions or state tests: each state on it moves
    /// on at once to the next, so the machine would never stop. Reported once per cycle,
    /// at the row of the state declared first, with a note at each other row.
    func checkAlwaysCycles(log: inout DiagnosticLog) {
        guard let always = alwaysEvent else { return }
        // Per state, its unconditional `always` row (the first, if several clash) and where
        // the row can end.
        var next: [StateID: (row: Int, targets: [StateID])] = [:]
        for state in states.indices where !states[state].isAbstract {
            for row in flattening.effectiveRows[state]
            where rows[row].eventIndex == always && rows[row].guardClause.isEmpty {
                guard case .state(let target) = resolution.destinations[row] else { continue }
                let targets = statechart.arrivals(from: state, to: target, rowActions: []).map(\.target)
                next[state] = (row, targets)
                break
            }
        }
        var reported: Set<StateID> = []
        for start in next.keys.sorted() where !reported.contains(start) {
            // A walk along the first target of each unconditional row: a state met twice
            // closes a cycle.
            var path: [StateID] = [start]
            var current = start
            while let step = next[current], let target = step.targets.first(where: { next[$0] != nil }) {
                if let closing = path.firstIndex(of: target) {
                    let cycle = Array(path[closing...])
                    if cycle.allSatisfy({ !reported.contains($0) }) {
                        report(cycle, next.mapValues(\.row), log: &log)
                    }
                    reported.formUnion(path)
                    break
                }
                path.append(target)
                current = target
            }
            reported.insert(start)
        }
    }

    private func report(_ cycle: [StateID], _ rowOf: [StateID: Int], log: inout DiagnosticLog) {
        let first = cycle.min()!
        let ordered = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!])
        let names = (ordered + [first]).map { states[$0].name.text }
        log.error(
            .alwaysCycle,
            "'always' rows without conditions lead from '\(names[0])' back to it (\(names.joined(separator: " -> "))): the machine would never stop moving; give one of them a condition",
            at: rows[rowOf[first]!].location,
            notes: ordered.dropFirst().map {
                .init("'always' row of '\(states[$0].name)'", at: rows[rowOf[$0]!].location)
            })
    }

    /// A state whose rows are all `always` rows is a decision; when some answers of its
    /// conditions leave it no row, it stays there until an event comes, which is rarely
    /// what a decision means. Rows with state tests cover nothing for certain.
    func checkIncompleteDecisions(log: inout DiagnosticLog) {
        guard let always = alwaysEvent else { return }
        for state in states.indices where !states[state].isAbstract {
            let own = flattening.effectiveRows[state]
            guard !own.isEmpty, own.allSatisfy({ rows[$0].eventIndex == always }) else { continue }
            let guards = own.map { rows[$0].guardClause }.filter(\.stateTests.isEmpty)
            guard !guards.contains(where: \.isEmpty) else { continue }
            var calls: [ConditionCallID] = []
            for term in guards.flatMap(\.conditions) where !calls.contains(term.call) { calls.append(term.call) }
            // Too many conditions to try every answer is too many for a decision to read.
            guard calls.count <= 12 else { continue }
            for combination in 0..<(1 << calls.count) {
                let answer = { (call: ConditionCallID) in combination & (1 << calls.firstIndex(of: call)!) != 0 }
                guard !guards.contains(where: { $0.conditionsHold(answer) }) else { continue }
                // Rows that all test states leave no answer to name: their tests may all fail.
                let answers =
                    calls.isEmpty
                    ? "its state tests fail"
                    : calls.map { conditionText($0) + "=" + String(answer($0)) }.joined(separator: ", ")
                log.warning(
                    .incompleteDecision,
                    "decision state '\(states[state].name)' takes no 'always' row when \(answers): it then stays until an event comes; add a row without a condition, as in 'always Next -'",
                    at: states[state].name.location)
                break
            }
        }
    }

    /// `isValid`, `atLeast(3)`: a condition call as written.
    private func conditionText(_ call: ConditionCallID) -> String {
        let condition = declarations.conditionCalls[call]
        return callText(declarations.conditions.names[condition.condition].text, arguments: condition.arguments)
    }
}

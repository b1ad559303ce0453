/// Every state's effective rows, with duplicates, clashes and override errors reported
/// where they arise, once each: the fourth phase of analysis.
///
/// A state's effective rows are those it inherits (each superstate's effective rows, in
/// adoption order, a row reached along two paths once) followed by its own. An own row in
/// `override { }` replaces the inherited rows with its key; a plain own row with the key
/// of an inherited row is an error. After an error the first row is kept, so that
/// substates do not report the same problem again.
struct Flattening {
    /// Per state: its effective rows (own plus inherited), in table order; indices into
    /// `Declarations.rows`.
    var effectiveRows: IDArray<StateID, [Int]>
    /// Per row: the rows this override replaces, transitively through chains of overrides.
    private var replaces: [Set<Int>]

    init(flattening declarations: Declarations, _ resolution: Resolution, headers: Headers, log: inout DiagnosticLog) {
        effectiveRows = IDArray(repeating: [], count: declarations.states.count)
        replaces = Array(repeating: [], count: declarations.rows.count)
        let flattener = Flattener(
            declarations: declarations, resolution: resolution,
            predicateTypes: headers.predicateTypes)
        for state in resolution.superstatesFirst {
            flattener.flatten(state, into: &self, log: &log)
        }
    }

    /// Walks the states superstates first, reading what `Flattening` holds so far.
    private struct Flattener {
        let declarations: Declarations
        let resolution: Resolution
        let predicateTypes: IDArray<PredicateTypeID, PredicateTypeRecord>
        var states: IDArray<StateID, StateRecord> { declarations.states }
        var rows: [RowRecord] { declarations.rows }

        func flatten(_ state: StateID, into flattening: inout Flattening, log: inout DiagnosticLog) {
            let (own, dropped) = checkOwnRows(of: state, log: &log)
            var inherited = inheritedRows(of: state, flattening)
            let inheritedByKey = Dictionary(grouping: inherited) { rows[$0].key }
            var replacedKeys = Set<RowKey>()
            for row in own {
                let key = rows[row].key
                let matches = inheritedByKey[key] ?? []
                if rows[row].isOverride {
                    guard !matches.isEmpty else {
                        reportNothingToOverride(row, log: &log)
                        continue
                    }
                } else if let first = matches.first {
                    reportUnmarkedReplacement(row, of: matches.first { rows[$0].isOverride } ?? first, log: &log)
                }
                flattening.replaces[row] = matches.reduce(into: Set(matches)) { $0.formUnion(flattening.replaces[$1]) }
                if !matches.isEmpty { replacedKeys.insert(key) }
            }
            // An override that is also a second row with its key was reported as such; if
            // it replaces nothing inherited, that is an error of its own
            // (Language reference › Overrides).
            for row in dropped where rows[row].isOverride && inheritedByKey[rows[row].key] == nil {
                reportNothingToOverride(row, log: &log)
            }
            inherited.removeAll { replacedKeys.contains(rows[$0].key) }
            inherited = checkSuperstateConflicts(inherited, of: state, flattening, log: &log)
            flattening.effectiveRows[state] = inherited + own
        }

        /// The state's own rows without the second of any two with the same key, and those
        /// second rows.
        private func checkOwnRows(of state: StateID, log: inout DiagnosticLog) -> (kept: [Int], dropped: [Int]) {
            var firstByKey: [RowKey: Int] = [:]
            var kept: [Int] = []
            var dropped: [Int] = []
            for row in states[state].rows where rows[row].hasValidGuard {
                let key = rows[row].key
                guard let first = firstByKey[key] else {
                    firstByKey[key] = row
                    kept.append(row)
                    continue
                }
                reportSameKey(row, first, in: state, log: &log)
                dropped.append(row)
            }
            return (kept, dropped)
        }

        /// The superstates' effective rows in adoption order, each once, without rows that
        /// an override reached along another path replaces.
        private func inheritedRows(of state: StateID, _ flattening: Flattening) -> [Int] {
            var seen = Set<Int>()
            var inherited: [Int] = []
            // A region inherits nothing from its parallel state: that state's rows fire
            // only when no region takes the event (Language reference › Regions).
            for superstate in resolution.superstates[state] where !resolution.isParallel[superstate] {
                for row in flattening.effectiveRows[superstate] where seen.insert(row).inserted {
                    inherited.append(row)
                }
            }
            let replaced = inherited.reduce(into: Set<Int>()) { $0.formUnion(flattening.replaces[$1]) }
            return inherited.filter { !replaced.contains($0) }
        }

        /// Two inherited rows with one key that the state does not override: reported at the
        /// adoption of the superstate that brings the second; the first is kept.
        private func checkSuperstateConflicts(
            _ inherited: [Int], of state: StateID, _ flattening: Flattening,
            log: inout DiagnosticLog
        ) -> [Int] {
            var firstByKey: [RowKey: Int] = [:]
            var kept: [Int] = []
            let superstates = resolution.superstates[state]
            /// The position, among the state's superstates, of the first one that brings `row`.
            func adoptionPosition(bringing row: Int) -> Int {
                superstates.firstIndex { flattening.effectiveRows[$0].contains(row) } ?? 0
            }
            for row in inherited {
                let key = rows[row].key
                guard let first = firstByKey[key] else {
                    firstByKey[key] = row
                    kept.append(row)
                    continue
                }
                let firstSource = superstates[adoptionPosition(bringing: first)]
                let secondPosition = adoptionPosition(bringing: row)
                let secondSource = superstates[secondPosition]
                let name = states[state].name.text
                log.error(
                    .superstateConflict,
                    "state '\(name)' inherits two transitions for event '\(rows[row].event)'\(describeGuard(of: row)) from '\(states[firstSource].name)' and '\(states[secondSource].name)'; choose one with 'override { }' in '\(name)'",
                    at: resolution.superstateRefs[state][secondPosition].location,
                    notes: [
                        .init(
                            "transition inherited from '\(states[firstSource].name)' is here", at: rows[first].location),
                        .init(
                            "transition inherited from '\(states[secondSource].name)' is here", at: rows[row].location),
                    ])
            }
            return kept
        }

        private func reportSameKey(_ row: Int, _ first: Int, in state: StateID, log: inout DiagnosticLog) {
            let event = rows[row].event.text
            let name = states[state].name.text
            let guardText = describeGuard(of: row)
            if outcomeText(row) == outcomeText(first) {
                log.error(
                    .duplicateTransition,
                    "duplicate transition for event '\(event)'\(guardText) in state '\(name)'",
                    at: rows[row].location,
                    notes: [.init("first transition for '\(event)' is here", at: rows[first].location)])
            } else {
                log.error(
                    .transitionClash,
                    "transition for event '\(event)'\(guardText) in state '\(name)' goes to '\(outcomeText(row))', but an earlier one goes to '\(outcomeText(first))'",
                    at: rows[row].location,
                    notes: [.init("the other transition for '\(event)' is here", at: rows[first].location)])
            }
        }

        /// Where a row goes, with the values it writes: `Downloading(received: 0)`, `-`; two
        /// rows of one key that write different values clash as rows with different targets do.
        private func outcomeText(_ row: Int) -> String {
            let values = rows[row].writtenValues.first { $0.target?.text == rows[row].nextState?.text }
            return (rows[row].nextState?.text ?? "-") + (values?.text ?? "")
        }

        private func reportNothingToOverride(_ row: Int, log: inout DiagnosticLog) {
            let state = rows[row].owner
            let reason =
                resolution.superstates[state].isEmpty
                ? "'\(states[state].name)' has no superstates"
                : "no superstate of '\(states[state].name)' has a transition for it"
            log.error(
                .nothingToOverride,
                "override of event '\(rows[row].event)'\(describeGuard(of: row)) has nothing to override: \(reason)",
                at: rows[row].location)
        }

        /// A plain row with the key of an inherited one: a missing `override`, or, when the
        /// inherited row is itself an override, overrides out of order.
        private func reportUnmarkedReplacement(_ row: Int, of inherited: Int, log: inout DiagnosticLog) {
            let state = states[rows[row].owner].name.text
            let event = rows[row].event.text
            let source = states[rows[inherited].owner].name.text
            if rows[inherited].isOverride {
                log.error(
                    .overrideOutOfOrder,
                    "transition for event '\(event)'\(describeGuard(of: row)) in state '\(state)' replaces an override inherited from '\(source)'; overrides are out of order: put this row in 'override { }' too",
                    at: rows[row].location,
                    notes: [.init("the override in '\(source)' is here", at: rows[inherited].location)])
            } else {
                log.error(
                    .missingOverride,
                    "transition for event '\(event)'\(describeGuard(of: row)) in state '\(state)' replaces the one inherited from '\(source)'; put it in 'override { }' if that is intended",
                    at: rows[row].location,
                    notes: [.init("inherited transition for '\(event)' is here", at: rows[inherited].location)])
            }
        }

        private func describeGuard(of row: Int) -> String {
            declarations.describeGuard(of: row, predicateTypes: predicateTypes)
        }
    }
}

extension Declarations {
    /// ` [Enforcement=weak, !isJammed]` for a row with a guard (its key's part), nothing otherwise.
    func describeGuard(of row: Int, predicateTypes: IDArray<PredicateTypeID, PredicateTypeRecord>) -> String {
        let clause = rows[row].guardClause
        guard !clause.isEmpty else { return "" }
        let terms =
            clause.predicates.map { match in
                let type = predicateTypes[match.type]
                return "\(type.name)=" + match.cases.map { type.cases[$0].text }.joined(separator: "|")
            } + clause.conditions.map(describe)
            + clause.stateTests.map { ($0.isNegated ? "!" : "") + "in(" + states[$0.state].name.text + ")" }
        return " [" + terms.joined(separator: ", ") + "]"
    }
}

extension Analyzer {
    /// Computes every state's effective rows, superstates before their substates, and
    /// reports duplicates, clashes and override errors where they arise, once each.
    ///
    /// A state's effective rows are those it inherits (each superstate's effective rows,
    /// in adoption order, a row reached along two paths once) followed by its own. An own
    /// row in `override { }` replaces the inherited rows with its key; a plain own row
    /// with the key of an inherited row is an error. After an error the first row is kept,
    /// so that substates do not report the same problem again.
    mutating func flattenRows() {
        effectiveRows = Array(repeating: [], count: states.count)
        for state in superstatesFirst {
            let own = checkOwnRows(of: state)
            var inherited = inheritedRows(of: state)
            let inheritedByKey = Dictionary(grouping: inherited) { rows[$0].key }
            var replacedKeys = Set<RowKey>()
            for row in own {
                let key = rows[row].key
                let matches = inheritedByKey[key] ?? []
                if rows[row].isOverride {
                    guard !matches.isEmpty else {
                        reportNothingToOverride(row)
                        continue
                    }
                } else if let first = matches.first {
                    reportUnmarkedReplacement(row, of: matches.first { rows[$0].isOverride } ?? first)
                }
                rows[row].replaces = matches.reduce(into: Set(matches)) { $0.formUnion(rows[$1].replaces) }
                if !matches.isEmpty { replacedKeys.insert(key) }
            }
            inherited.removeAll { replacedKeys.contains(rows[$0].key) }
            inherited = checkSuperstateConflicts(inherited, of: state)
            effectiveRows[state] = inherited + own
        }
    }

    /// The state's own rows, without the second of any two with the same key.
    private mutating func checkOwnRows(of state: Int) -> [Int] {
        var firstByKey: [RowKey: Int] = [:]
        var kept: [Int] = []
        for row in states[state].rows where rows[row].hasValidGuard {
            let key = rows[row].key
            guard let first = firstByKey[key] else {
                firstByKey[key] = row
                kept.append(row)
                continue
            }
            reportSameKey(row, first, in: state)
        }
        return kept
    }

    /// The superstates' effective rows in adoption order, each once, without rows that an
    /// override reached along another path replaces.
    private func inheritedRows(of state: Int) -> [Int] {
        var seen = Set<Int>()
        var inherited: [Int] = []
        for superstate in states[state].superstates {
            for row in effectiveRows[superstate] where seen.insert(row).inserted {
                inherited.append(row)
            }
        }
        let replaced = inherited.reduce(into: Set<Int>()) { $0.formUnion(rows[$1].replaces) }
        return inherited.filter { !replaced.contains($0) }
    }

    /// Two inherited rows with one key that the state does not override: reported at the
    /// adoption of the superstate that brings the second; the first is kept.
    private mutating func checkSuperstateConflicts(_ inherited: [Int], of state: Int) -> [Int] {
        var firstByKey: [RowKey: Int] = [:]
        var kept: [Int] = []
        for row in inherited {
            let key = rows[row].key
            guard let first = firstByKey[key] else {
                firstByKey[key] = row
                kept.append(row)
                continue
            }
            let firstSource = states[state].superstates[adoptionPosition(bringing: first, to: state)]
            let secondPosition = adoptionPosition(bringing: row, to: state)
            let secondSource = states[state].superstates[secondPosition]
            let name = states[state].name.text
            error(.superstateConflict,
                  "state '\(name)' inherits two transitions for event '\(rows[row].event)'\(describeGuard(of: row)) from '\(states[firstSource].name)' and '\(states[secondSource].name)'; choose one with 'override { }' in '\(name)'",
                  at: states[state].superstateRefs[secondPosition].location,
                  notes: [.init("transition inherited from '\(states[firstSource].name)' is here", at: rows[first].location),
                          .init("transition inherited from '\(states[secondSource].name)' is here", at: rows[row].location)])
        }
        return kept
    }

    /// The position, among the state's superstates, of the first one that brings `row`.
    private func adoptionPosition(bringing row: Int, to state: Int) -> Int {
        states[state].superstates.firstIndex { effectiveRows[$0].contains(row) } ?? 0
    }

    private mutating func reportSameKey(_ row: Int, _ first: Int, in state: Int) {
        let event = rows[row].event.text
        let name = states[state].name.text
        let guardText = describeGuard(of: row)
        if rows[row].nextState?.text == rows[first].nextState?.text {
            error(.duplicateTransition,
                  "duplicate transition for event '\(event)'\(guardText) in state '\(name)'",
                  at: rows[row].location, notes: [.init("first transition for '\(event)' is here", at: rows[first].location)])
        } else {
            error(.transitionClash,
                  "transition for event '\(event)'\(guardText) in state '\(name)' goes to '\(rows[row].nextState?.text ?? "-")', but an earlier one goes to '\(rows[first].nextState?.text ?? "-")'",
                  at: rows[row].location, notes: [.init("the other transition for '\(event)' is here", at: rows[first].location)])
        }
    }

    private mutating func reportNothingToOverride(_ row: Int) {
        let state = rows[row].owner
        let reason = states[state].superstates.isEmpty
            ? "'\(states[state].name)' has no superstates"
            : "no superstate of '\(states[state].name)' has a transition for it"
        error(.nothingToOverride,
              "override of event '\(rows[row].event)'\(describeGuard(of: row)) has nothing to override: \(reason)",
              at: rows[row].location)
    }

    /// A plain row with the key of an inherited one: a missing `override`, or, when the
    /// inherited row is itself an override, overrides out of order.
    private mutating func reportUnmarkedReplacement(_ row: Int, of inherited: Int) {
        let state = states[rows[row].owner].name.text
        let event = rows[row].event.text
        let source = states[rows[inherited].owner].name.text
        if rows[inherited].isOverride {
            error(.overrideOutOfOrder,
                  "transition for event '\(event)'\(describeGuard(of: row)) in state '\(state)' replaces an override inherited from '\(source)'; overrides are out of order: put this row in 'override { }' too",
                  at: rows[row].location, notes: [.init("the override in '\(source)' is here", at: rows[inherited].location)])
        } else {
            error(.missingOverride,
                  "transition for event '\(event)'\(describeGuard(of: row)) in state '\(state)' replaces the one inherited from '\(source)'; put it in 'override { }' if that is intended",
                  at: rows[row].location, notes: [.init("inherited transition for '\(event)' is here", at: rows[inherited].location)])
        }
    }

    /// ` [Enforcement=weak]` for a row with predicate matches, nothing otherwise.
    func describeGuard(of row: Int) -> String {
        let predicates = rows[row].guardClause.predicates
        guard !predicates.isEmpty else { return "" }
        let terms = predicates.map { match in
            let type = predicateTypes[match.type]
            return "\(type.name)=" + match.cases.map { type.cases[$0].text }.joined(separator: "|")
        }
        return " [" + terms.joined(separator: ", ") + "]"
    }
}

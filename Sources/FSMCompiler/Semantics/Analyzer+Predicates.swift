extension Analysis {
    /// For every state and event: reports implicit clashes between rows of equal rank over
    /// the combinations of predicate values and condition results, and predicate
    /// combinations too many to check or to spell out as dispatch.
    func checkPredicates(log: inout DiagnosticLog) {
        let space = PredicateSpace(
            predicateTypes.map(\.cases.count), conditionCount: declarations.conditionCalls.count,
            testedStates: declarations.testedStates)
        var effectiveSets: [StateID: Set<Int>] = [:]
        for state in states.indices {
            var eventOrder: [EventID] = []
            var rowsByEvent: [EventID: [Int]] = [:]
            for row in flattening.effectiveRows[state] {
                let event = rows[row].eventIndex
                if rowsByEvent[event] == nil { eventOrder.append(event) }
                rowsByEvent[event, default: []].append(row)
            }
            for event in eventOrder {
                let candidates = rowsByEvent[event] ?? []
                // One row without predicate terms matches every combination: nothing to check.
                if candidates.count == 1, rows[candidates[0]].guardClause.predicates.isEmpty { continue }
                // Conditions are dimensions as predicate types are
                // (Language reference › Ranking).
                let matches = candidates.map { space.matches(of: rows[$0].guardClause) }
                let dimensions = Array(Set(matches.flatMap { $0.map(\.dimension) })).sorted()
                let boxes = matches.map { space.box(of: $0, over: dimensions) }
                let isWithinLimit = checkImplicitClashes(
                    candidates, boxes: boxes, dimensions: dimensions, space: space,
                    in: state, effectiveSets: &effectiveSets, log: &log)
                guard isWithinLimit, !states[state].isAbstract else { continue }
                // Dispatch spells out each row's alternatives and tells whether the rows
                // cover every combination of predicate values; both must stay within bounds.
                let types = dimensions.filter { $0 < space.conditionBase }.map(PredicateTypeID.init)
                let predicateBoxes = candidates.map { space.box(of: rows[$0].guardClause.predicates, over: types) }
                if alternativeCount(of: candidates) > Self.maximumAlternatives
                    || space.covers(predicateBoxes, over: types) == nil
                {
                    reportPredicateLimit(event: event, state: state, log: &log)
                }
            }
        }
    }

    /// The most alternatives one event's dispatch may spell out. Each is compared with the
    /// ones before it, so the work grows with the square of this; real machines need tens.
    static let maximumAlternatives = 4_096

    /// How many alternatives dispatch would spell out for `candidates`, counted without
    /// building them (a guard over many types multiplies its case counts), and capped
    /// just past the limit.
    private func alternativeCount(of candidates: [Int]) -> Int {
        let limit = Self.maximumAlternatives + 1
        var total = 0
        for row in candidates {
            let count = rows[row].guardClause.predicates.reduce(1) { min($0 * $1.cases.count, limit) }
            total = min(total + count, limit)
        }
        return total
    }

    /// Two rows of equal rank clash where both match and no row of higher rank does.
    /// A pair that both come from one superstate was checked, and reported, there.
    /// Returns false after reporting that the combinations are too many to check.
    private func checkImplicitClashes(
        _ candidates: [Int], boxes: [PredicateBox], dimensions: [Int], space: PredicateSpace,
        in state: StateID, effectiveSets: inout [StateID: Set<Int>], log: inout DiagnosticLog
    ) -> Bool {
        guard !dimensions.isEmpty else { return true }
        let ranks = candidates.map { rows[$0].guardClause.rank }
        for later in candidates.indices {
            for earlier in 0..<later where ranks[earlier] == ranks[later] {
                guard let overlap = boxes[earlier].intersection(boxes[later]) else { continue }
                let checkedInSuperstate = resolution.superstates[state].contains { superstate in
                    let effective = effectiveSets[superstate] ?? Set(flattening.effectiveRows[superstate])
                    effectiveSets[superstate] = effective
                    return effective.isSuperset(of: [candidates[earlier], candidates[later]])
                }
                if checkedInSuperstate { continue }
                var region = PredicateRegion(overlap)
                for higher in candidates.indices where ranks[higher] > ranks[later] {
                    guard region.subtract(boxes[higher]) else {
                        reportPredicateLimit(event: rows[candidates[later]].eventIndex, state: state, log: &log)
                        return false
                    }
                    if region.isEmpty { break }
                }
                guard let witness = region.pieces.first?.witness else { continue }
                let combination = zip(dimensions, witness).map { dimension, value in
                    if dimension < space.conditionBase {
                        let type = predicateTypes[PredicateTypeID(dimension)]
                        return "\(type.name)=\(type.cases[value])"
                    }
                    if dimension >= space.stateTestBase {
                        let state = declarations.testedStates[dimension - space.stateTestBase]
                        return "in(\(states[state].name))=\(value == 1)"
                    }
                    return
                        "\(declarations.describe(declarations.conditionCalls[ConditionCallID(dimension - space.conditionBase)]))=\(value == 1)"
                }.joined(separator: ", ")
                let row = candidates[later]
                log.error(
                    .implicitClash,
                    "implicit clash for event '\(rows[row].event)' in state '\(states[state].name)': this row and another of the same rank both match when \(combination); make one of them more specific",
                    at: rows[row].location,
                    notes: [.init("the other row is here", at: rows[candidates[earlier]].location)])
            }
        }
        return true
    }

    private func reportPredicateLimit(event: EventID, state: StateID, log: inout DiagnosticLog) {
        log.error(
            .predicateLimit,
            "the predicate combinations for event '\(declarations.events.names[event])' in state '\(states[state].name)' are too many to check; split the predicate types or simplify the guards",
            at: states[state].name.location)
    }

    /// A declared type that no guard uses only widens the pool.
    func checkUnusedPredicateTypes(log: inout DiagnosticLog) {
        for (index, type) in zip(predicateTypes.indices, predicateTypes)
        where !declarations.usedPredicateTypes.contains(index) {
            log.warning(
                .unusedPredicateType,
                "predicate type '\(type.name)' is not used by any guard; every call to handle(_:) must still pass it",
                at: type.name.location)
        }
    }
}

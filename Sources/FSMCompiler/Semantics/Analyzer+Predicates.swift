extension Analyzer {
    /// For every state and event: reports implicit clashes between rows of equal rank,
    /// and, for concrete states, decides the order in which dispatch tries the rows.
    mutating func checkPredicates() {
        var effectiveSets: [Int: Set<Int>] = [:]
        for state in states.indices {
            var eventOrder: [Int] = []
            var rowsByEvent: [Int: [Int]] = [:]
            for row in effectiveRows[state] {
                let event = rows[row].eventIndex
                if rowsByEvent[event] == nil { eventOrder.append(event) }
                rowsByEvent[event, default: []].append(row)
            }
            var dispatch: [EventDispatch] = []
            let positions = Dictionary(uniqueKeysWithValues: effectiveRows[state].enumerated().map { ($1, $0) })
            for event in eventOrder {
                let candidates = rowsByEvent[event]!
                if candidates.count == 1, rows[candidates[0]].guardClause.predicates.isEmpty {
                    // The common case, and what the general path below works out for it at
                    // more cost: one row without predicate terms matches every combination.
                    if !states[state].isAbstract {
                        dispatch.append(EventDispatch(
                            event: event, predicateTypes: [],
                            branches: [EventDispatch.Branch(transition: positions[candidates[0]]!, patterns: [[]])],
                            isExhaustive: true))
                    }
                    continue
                }
                let types = Array(Set(candidates.flatMap { rows[$0].guardClause.predicates.map(\.type) })).sorted()
                let boxes = candidates.map { box(of: $0, over: types) }
                checkImplicitClashes(candidates, boxes: boxes, types: types, in: state, effectiveSets: &effectiveSets)
                guard !states[state].isAbstract else { continue }
                let order = candidates.indices.sorted {
                    (-rows[candidates[$0]].guardClause.rank, $0) < (-rows[candidates[$1]].guardClause.rank, $1)
                }
                let ordered = order.map { candidates[$0] }
                guard alternativeCount(of: ordered) <= Self.maximumAlternatives else {
                    reportPredicateLimit(event: event, state: state)
                    continue
                }
                let branches = makeBranches(ordered, types: types, positions: positions)
                guard let isExhaustive = covers(boxes, types: types, event: event, state: state) else { continue }
                dispatch.append(EventDispatch(event: event, predicateTypes: types, branches: branches,
                                              isExhaustive: isExhaustive))
            }
            if !states[state].isAbstract { dispatches[state] = dispatch }
        }
    }

    /// The branches of one event's dispatch, most specific row first. Each row's guard is
    /// spelt out as alternatives (one case or any, per type); those that earlier branches
    /// cover entirely are dropped, since Swift would warn that they are never executed.
    private func makeBranches(_ ordered: [Int], types: [Int], positions: [Int: Int]) -> [EventDispatch.Branch] {
        var covered: [PredicateBox] = []
        var branches: [EventDispatch.Branch] = []
        for row in ordered {
            let matches = rows[row].guardClause.predicates
            let choices: [[Int?]] = types.map { type in
                matches.first { $0.type == type }.map { $0.cases.sorted().map(Optional.some) } ?? [nil]
            }
            // Only earlier alternatives that meet this row's guard can cover one of its own.
            let rowBox = box(of: row, over: types)
            let overlapping = covered.filter { rowBox.intersection($0) != nil }
            var kept: [[Int?]] = []
            var keptBoxes: [PredicateBox] = []
            for alternative in Self.product(choices) {
                let box = PredicateBox(dimensions: zip(types, alternative).map { type, value in
                    let count = predicateTypes[type].cases.count
                    return value.map { CaseSet([$0], of: count) } ?? CaseSet(allOf: count)
                })
                var region = PredicateRegion(box)
                for earlier in overlapping where !region.isEmpty {
                    guard region.subtract(earlier) else { break }
                }
                if !region.isEmpty {
                    kept.append(alternative)
                    keptBoxes.append(box)
                }
            }
            covered += keptBoxes
            if !kept.isEmpty {
                branches.append(EventDispatch.Branch(transition: positions[row]!, patterns: kept))
            }
        }
        return branches
    }

    /// The most alternatives one event's dispatch may spell out. Each is compared with the
    /// ones before it, so the work grows with the square of this; real machines need tens.
    static let maximumAlternatives = 4_096

    /// How many alternatives `makeBranches` would spell out for `ordered`, counted without
    /// building them (a guard over many types multiplies its case counts), and capped
    /// just past the limit on pieces of a predicate region.
    private func alternativeCount(of ordered: [Int]) -> Int {
        let limit = Self.maximumAlternatives + 1
        var total = 0
        for row in ordered {
            let count = rows[row].guardClause.predicates.reduce(1) { min($0 * $1.cases.count, limit) }
            total = min(total + count, limit)
        }
        return total
    }

    /// Every combination of one choice from each list, the first list varying slowest.
    static func product<T>(_ lists: [[T]]) -> [[T]] {
        lists.reduce([[]]) { partial, list in partial.flatMap { prefix in list.map { prefix + [$0] } } }
    }

    /// The combinations of `types` that a row's guard matches.
    private func box(of row: Int, over types: [Int]) -> PredicateBox {
        let matches = rows[row].guardClause.predicates
        return PredicateBox(dimensions: types.map { type in
            let count = predicateTypes[type].cases.count
            guard let match = matches.first(where: { $0.type == type }) else { return CaseSet(allOf: count) }
            return CaseSet(match.cases, of: count)
        })
    }

    /// Two rows of equal rank clash where both match and no row of higher rank does.
    /// A pair that both come from one superstate was checked, and reported, there.
    private mutating func checkImplicitClashes(_ candidates: [Int], boxes: [PredicateBox], types: [Int],
                                               in state: Int, effectiveSets: inout [Int: Set<Int>]) {
        guard !types.isEmpty else { return }
        let ranks = candidates.map { rows[$0].guardClause.rank }
        for later in candidates.indices {
            for earlier in 0..<later where ranks[earlier] == ranks[later] {
                guard let overlap = boxes[earlier].intersection(boxes[later]) else { continue }
                let checkedInSuperstate = states[state].superstates.contains { superstate in
                    if effectiveSets[superstate] == nil { effectiveSets[superstate] = Set(effectiveRows[superstate]) }
                    return effectiveSets[superstate]!.isSuperset(of: [candidates[earlier], candidates[later]])
                }
                if checkedInSuperstate { continue }
                var region = PredicateRegion(overlap)
                for higher in candidates.indices where ranks[higher] > ranks[later] {
                    guard region.subtract(boxes[higher]) else {
                        reportPredicateLimit(event: rows[candidates[later]].eventIndex, state: state)
                        return
                    }
                    if region.isEmpty { break }
                }
                guard let witness = region.pieces.first?.witness else { continue }
                let combination = zip(types, witness).map { type, value in
                    "\(predicateTypes[type].name)=\(predicateTypes[type].cases[value])"
                }.joined(separator: ", ")
                let row = candidates[later]
                error(.implicitClash,
                      "implicit clash for event '\(rows[row].event)' in state '\(states[state].name)': this row and another of the same rank both match when \(combination); make one of them more specific",
                      at: rows[row].location,
                      notes: [.init("the other row is here", at: rows[candidates[earlier]].location)])
            }
        }
    }

    /// Whether the rows together match every combination of `types`; nil after reporting
    /// that the combinations are too many to tell.
    private mutating func covers(_ boxes: [PredicateBox], types: [Int], event: Int, state: Int) -> Bool? {
        var region = PredicateRegion(PredicateBox(dimensions: types.map { CaseSet(allOf: predicateTypes[$0].cases.count) }))
        for box in boxes {
            guard region.subtract(box) else {
                reportPredicateLimit(event: event, state: state)
                return nil
            }
            if region.isEmpty { return true }
        }
        return region.isEmpty
    }

    private mutating func reportPredicateLimit(event: Int, state: Int) {
        error(.predicateLimit,
              "the predicate combinations for event '\(events.names[event])' in state '\(states[state].name)' are too many to check; split the predicate types or simplify the guards",
              at: states[state].name.location)
    }

    /// A declared type that no guard uses only widens the pool.
    mutating func checkUnusedPredicateTypes() {
        for (index, type) in predicateTypes.enumerated() where !usedPredicateTypes.contains(index) {
            warning(.unusedPredicateType,
                    "predicate type '\(type.name)' is not used by any guard; every call to handle(_:) must still pass it",
                    at: type.name.location)
        }
    }
}

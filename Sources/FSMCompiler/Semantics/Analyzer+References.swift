extension Analyzer {
    /// Resolves superstates, next states and the initial state to declared states.
    mutating func resolveReferences() {
        for index in states.indices {
            for name in states[index].superstateNames {
                guard let superstate = lookupState(name, role: "superstate") else { continue }
                states[index].superstates.append(superstate)
                states[index].superstateRefs.append(name)
            }
        }
        for index in rows.indices {
            guard let next = rows[index].nextState, let target = lookupState(next, role: "next state") else { continue }
            if states[target].isAbstract {
                error(.abstractTarget, "abstract state '\(next)' cannot be a next state; only concrete states can be current",
                      at: next.location, notes: [.init("'\(next)' is declared abstract here", at: abstractLocation(target))])
            }
            rows[index].target = target
        }
        if let initial = header.initialState, let target = lookupState(initial, role: "initial state"),
           states[target].isAbstract {
            error(.abstractTarget, "abstract state '\(initial)' cannot be the initial state",
                  at: initial.location, notes: [.init("'\(initial)' is declared abstract here", at: abstractLocation(target))])
        }
    }

    private mutating func lookupState(_ name: NameSyntax, role: String) -> Int? {
        if let index = stateIndex[name.text] { return index }
        let hint = Self.suggestion(for: name.text, among: states.map(\.name.text))
        error(.undefinedState, "\(role) '\(name)' is not defined\(hint)", at: name.location)
        return nil
    }

    private func abstractLocation(_ state: Int) -> SourceLocation {
        states[state].abstractAt ?? states[state].name.location
    }

    /// Turns each row's guard terms into a `Guard`: predicate types and cases resolved,
    /// one match per type, conditions registered in order of first appearance.
    mutating func resolveGuards() {
        for index in rows.indices {
            let errorsBefore = errorCount
            defer { rows[index].hasValidGuard = errorsBefore == errorCount }
            var predicates: [PredicateMatch] = []
            var matchedAt: [Int: SourceLocation] = [:]
            var conditionIndices: [Int] = []
            var conditionAt: [Int: SourceLocation] = [:]
            for term in rows[index].terms {
                switch term {
                case .predicate(let typeName, let caseNames):
                    guard let type = resolvePredicateType(typeName) else { continue }
                    let cases = resolveCases(caseNames, of: type)
                    if let first = matchedAt[type] {
                        error(.repeatedPredicateType,
                              "predicate type '\(typeName)' is matched twice for one row; list its cases once, as in '\(typeName) = a | b'",
                              at: typeName.location, notes: [.init("first matched here", at: first)])
                        continue
                    }
                    matchedAt[type] = typeName.location
                    if !cases.isEmpty { predicates.append(PredicateMatch(type: type, cases: cases)) }
                case .condition(let name):
                    let condition = conditions.index(of: name)
                    if let first = conditionAt[condition] {
                        warning(.repeatedCondition, "condition '\(name)' is repeated in one guard",
                                at: name.location, notes: [.init("first given here", at: first)])
                        continue
                    }
                    conditionAt[condition] = name.location
                    conditionIndices.append(condition)
                }
            }
            rows[index].guardClause = Guard(predicates: predicates, conditions: conditionIndices)
            rows[index].key = RowKey(event: rows[index].eventIndex, predicates: predicates)
        }
    }

    private mutating func resolvePredicateType(_ name: NameSyntax) -> Int? {
        if let type = predicateIndex[name.text] {
            usedPredicateTypes.insert(type)
            return type
        }
        let hint = Self.suggestion(for: name.text, among: predicateTypes.map(\.name.text))
        error(.undefinedPredicateType,
              "predicate type '\(name)' is not declared\(hint.isEmpty ? "; declare it with 'Predicate: \(name) = a | b'" : hint)",
              at: name.location)
        return nil
    }

    private mutating func resolveCases(_ names: [NameSyntax], of type: Int) -> [Int] {
        let declared = predicateTypes[type]
        var cases: [Int] = []
        var firstAt: [Int: SourceLocation] = [:]
        for name in names {
            guard let index = declared.cases.firstIndex(where: { $0.text == name.text }) else {
                let hint = Self.suggestion(for: name.text, among: declared.cases.map(\.text))
                error(.undefinedPredicateCase, "predicate type '\(declared.name)' has no case '\(name)'\(hint)",
                      at: name.location, notes: [.init("'\(declared.name)' is declared here", at: declared.name.location)])
                continue
            }
            if let first = firstAt[index] {
                error(.repeatedPredicateCase, "case '\(name)' is repeated in the match for '\(declared.name)'",
                      at: name.location, notes: [.init("first given here", at: first)])
                continue
            }
            firstAt[index] = name.location
            cases.append(index)
        }
        return cases
    }

    /// `; did you mean 'X'?` for the closest candidate, or nothing when none is close.
    static func suggestion(for name: String, among candidates: [String]) -> String {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        // Short names are only ever misspelt in case: 'B' is no typo for 'A'.
        let limit = name.count <= 3 ? 0 : name.count <= 6 ? 1 : 2
        let length = name.utf8.count
        // Names are ASCII, so a candidate whose length differs by more than the limit is
        // too far: skipping it first keeps thousands of errors against thousands of states fast.
        for candidate in candidates where candidate != name && abs(candidate.utf8.count - length) <= limit {
            let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased(), limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best.map { "; did you mean '\($0.name)'?" } ?? ""
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}

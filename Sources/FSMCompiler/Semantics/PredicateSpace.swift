/// A set of cases of one predicate type, as a bit set.
struct CaseSet: Hashable {
    private var words: [UInt64]

    /// Every case of a type with `count` cases.
    init(allOf count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
        for index in 0..<count { insert(index) }
    }

    init(_ indices: [Int], of count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
        for index in indices { insert(index) }
    }

    private init(words: [UInt64]) {
        self.words = words
    }

    private mutating func insert(_ index: Int) {
        words[index / 64] |= 1 << UInt64(index % 64)
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The lowest case in the set.
    var first: Int? {
        for (position, word) in words.enumerated() where word != 0 {
            return position * 64 + word.trailingZeroBitCount
        }
        return nil
    }

    func intersection(_ other: CaseSet) -> CaseSet {
        CaseSet(words: zip(words, other.words).map { $0 & $1 })
    }

    func subtracting(_ other: CaseSet) -> CaseSet {
        CaseSet(words: zip(words, other.words).map { $0 & ~$1 })
    }
}

/// A product of case sets, one per predicate type: the combinations a guard matches.
/// A guard that does not mention a type matches all of its cases.
struct PredicateBox: Hashable {
    var dimensions: [CaseSet]

    /// The common combinations, or nil when there are none.
    func intersection(_ other: PredicateBox) -> PredicateBox? {
        var result = self
        for index in dimensions.indices {
            result.dimensions[index] = dimensions[index].intersection(other.dimensions[index])
            if result.dimensions[index].isEmpty { return nil }
        }
        return result
    }

    /// The combinations of `self` not in `other`, as disjoint boxes (at most one per type).
    func subtracting(_ other: PredicateBox) -> [PredicateBox] {
        guard intersection(other) != nil else { return [self] }
        var pieces: [PredicateBox] = []
        var rest = self
        for index in dimensions.indices {
            let outside = rest.dimensions[index].subtracting(other.dimensions[index])
            if !outside.isEmpty {
                var piece = rest
                piece.dimensions[index] = outside
                pieces.append(piece)
            }
            rest.dimensions[index] = rest.dimensions[index].intersection(other.dimensions[index])
        }
        return pieces
    }

    /// One combination in the box: the lowest case of each type.
    var witness: [Int] { dimensions.map { $0.first ?? 0 } }
}

/// A union of disjoint boxes that `subtract` can shrink, up to a size limit that keeps
/// pathological predicate pools from taking unbounded time and memory.
struct PredicateRegion {
    static let maximumPieces = 100_000
    private(set) var pieces: [PredicateBox]

    init(_ box: PredicateBox) {
        pieces = [box]
    }

    var isEmpty: Bool { pieces.isEmpty }

    /// Removes `box`; returns false when the region grew past `maximumPieces`.
    mutating func subtract(_ box: PredicateBox) -> Bool {
        pieces = pieces.flatMap { $0.subtracting(box) }
        return pieces.count <= Self.maximumPieces
    }
}

/// A term of a guard as a set of cases of one dimension of a `PredicateSpace`.
struct DimensionMatch: Hashable {
    var dimension: Int
    var cases: [Int]
}

/// The combinations of a machine's predicate values and condition results, by the number of
/// cases of each dimension: first one per predicate type, then, when conditions take part
/// (Language reference › Ranking), one per condition call (`isOpen`, `isEnough(amount)`)
/// with the cases false (0) and true (1), then one per state that an `in(State)` term
/// tests, alike.
struct PredicateSpace {
    /// By dimension: the predicate types' case counts, then 2 per condition call and per
    /// tested state.
    let caseCounts: [Int]
    /// The dimension of condition call 0.
    let conditionBase: Int
    /// The dimension of the first tested state.
    let stateTestBase: Int
    /// By state index: its dimension's offset from `stateTestBase`.
    private let stateTestOffsets: [StateID: Int]

    init(_ predicateCaseCounts: [Int], conditionCount: Int = 0, testedStates: [StateID] = []) {
        caseCounts = predicateCaseCounts + Array(repeating: 2, count: conditionCount + testedStates.count)
        conditionBase = predicateCaseCounts.count
        stateTestBase = conditionBase + conditionCount
        stateTestOffsets = Dictionary(uniqueKeysWithValues: testedStates.enumerated().map { ($1, $0) })
    }

    /// A guard's terms as matches on dimensions: its predicate matches, then one per
    /// condition term, on its call's dimension (`c` takes case 1, `!c` case 0), then one
    /// per state test alike.
    func matches(of guardClause: Guard) -> [DimensionMatch] {
        guardClause.predicates.map { DimensionMatch(dimension: Self.dimension(of: $0.type), cases: $0.cases) }
            + guardClause.conditions.map {
                DimensionMatch(dimension: conditionBase + $0.call.index, cases: [$0.isNegated ? 0 : 1])
            }
            + guardClause.stateTests.map {
                DimensionMatch(
                    dimension: stateTestBase + stateTestOffsets[$0.state]!, cases: [$0.isNegated ? 0 : 1])
            }
    }

    /// The dimension of a predicate type: predicate types come first, in declaration order.
    static func dimension(of type: PredicateTypeID) -> Int { type.index }

    /// The combinations of the predicate types `types` that `predicates` allow.
    func box(of predicates: [PredicateMatch], over types: [PredicateTypeID]) -> PredicateBox {
        box(
            of: predicates.map { DimensionMatch(dimension: Self.dimension(of: $0.type), cases: $0.cases) },
            over: types.map(Self.dimension(of:)))
    }

    /// Every combination of the predicate types `types`.
    func everything(over types: [PredicateTypeID]) -> PredicateBox {
        everything(over: types.map(Self.dimension(of:)))
    }

    /// Whether `boxes` together hold every combination of the predicate types `types`.
    func covers(_ boxes: [PredicateBox], over types: [PredicateTypeID]) -> Bool? {
        covers(boxes, over: types.map(Self.dimension(of:)))
    }

    /// The combinations of `dimensions` that `matches` allow: all of a dimension's cases
    /// where no match constrains it.
    func box(of matches: [DimensionMatch], over dimensions: [Int]) -> PredicateBox {
        PredicateBox(
            dimensions: dimensions.map { dimension in
                guard let match = matches.first(where: { $0.dimension == dimension }) else {
                    return CaseSet(allOf: caseCounts[dimension])
                }
                return CaseSet(match.cases, of: caseCounts[dimension])
            })
    }

    /// Every combination of `types`.
    func everything(over types: [Int]) -> PredicateBox {
        PredicateBox(dimensions: types.map { CaseSet(allOf: caseCounts[$0]) })
    }

    /// Whether `boxes` together hold every combination of `types`; nil when the pieces
    /// left to cover grow past `PredicateRegion.maximumPieces`.
    func covers(_ boxes: [PredicateBox], over types: [Int]) -> Bool? {
        var region = PredicateRegion(everything(over: types))
        for box in boxes {
            guard region.subtract(box) else { return nil }
            if region.isEmpty { return true }
        }
        return region.isEmpty
    }
}

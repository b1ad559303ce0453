extension MachineDescription {
    /// `states` × `events` with a row for each pair with probability `density`, to a random
    /// state (`-` when it is the same one), running one or two of eight actions.
    public static func random(states: Int, events: Int, density: Double = 0.75, seed: UInt64 = 2024) -> Self {
        var random = Xorshift(seed: seed)
        let threshold = Int(density * 1_000)
        var rows: [Row] = []
        for state in 0..<states {
            for event in 0..<events where random.next(below: 1_000) < threshold {
                let first = random.next(below: 8)
                let actions = random.next(below: 2) == 0 ? [first] : [first, (first + 1 + random.next(below: 7)) % 8]
                rows.append(
                    Row(
                        state: state, event: event, guardCases: [],
                        target: random.next(below: states), actions: actions))
            }
        }
        return MachineDescription(
            name: "Random\(states)x\(events)",
            states: (0..<states).map { "S\($0)" }, events: (0..<events).map { "E\($0)" },
            actions: (0..<8).map { "act\($0)" }, predicateTypes: [], rows: rows)
    }

    /// The dispatch benchmark's predicate machine: 4 states × 4 events, 3 predicate types
    /// of 4 cases. Each state and event has five rows of ranks 0 to 2, as swift-fsm users
    /// write them: a default, two single-case rows, and two rows of two terms that override
    /// parts of the others but do not overlap each other.
    public static func predicates(seed: UInt64 = 7) -> Self {
        var random = Xorshift(seed: seed)
        let types = [("Mode", "m"), ("Level", "l"), ("Phase", "p")].map { name, prefix in
            PredicateType(name: name, cases: (0..<4).map { "\(prefix)\($0)" })
        }
        var rows: [Row] = []
        for state in 0..<4 {
            for event in 0..<4 {
                func row(_ guardCases: [Int?]) -> Row {
                    Row(
                        state: state, event: event, guardCases: guardCases,
                        target: random.next(below: 4), actions: [random.next(below: 8)])
                }
                let modes = distinct(2, below: 4, &random)
                let levels = distinct(2, below: 4, &random)
                rows += [
                    row([nil, nil, nil]),
                    row([modes[0], nil, nil]),
                    row([modes[1], nil, nil]),
                    row([modes[0], levels[0], nil]),
                    row([nil, levels[1], random.next(below: 4)]),
                ]
            }
        }
        return MachineDescription(
            name: "Guarded", states: (0..<4).map { "S\($0)" }, events: (0..<4).map { "E\($0)" },
            actions: (0..<8).map { "act\($0)" }, predicateTypes: types, rows: rows)
    }

    /// The predicate expansion benchmark: 3 predicate types × 10 cases, 100 transitions
    /// (5 states × 2 events × 10 rows of ranks 0 to 3, each rank overriding part of the one
    /// below). A runtime library expands each row
    /// over the 1,000 combinations of predicate values when the app starts.
    public static func expansion(seed: UInt64 = 11) -> Self {
        var random = Xorshift(seed: seed)
        let types = [("Region", "r"), ("Tier", "t"), ("Channel", "c")].map { name, prefix in
            PredicateType(name: name, cases: (0..<10).map { "\(prefix)\($0)" })
        }
        var rows: [Row] = []
        for state in 0..<5 {
            for event in 0..<2 {
                func row(_ guardCases: [Int?]) -> Row {
                    Row(
                        state: state, event: event, guardCases: guardCases,
                        target: random.next(below: 5), actions: [random.next(below: 8)])
                }
                let regions = distinct(5, below: 10, &random)
                let tiers = distinct(3, below: 10, &random)
                rows.append(row([nil, nil, nil]))
                rows += regions.map { row([$0, nil, nil]) }
                rows += (0..<3).map { row([regions[$0], tiers[$0], nil]) }
                rows.append(row([regions[0], tiers[0], random.next(below: 10)]))
            }
        }
        return MachineDescription(
            name: "Expansion", states: (0..<5).map { "S\($0)" }, events: (0..<2).map { "E\($0)" },
            actions: (0..<8).map { "act\($0)" }, predicateTypes: types, rows: rows)
    }

    /// `count` different numbers below `bound`, in random order.
    private static func distinct(_ count: Int, below bound: Int, _ random: inout Xorshift) -> [Int] {
        var numbers = Array(0..<bound)
        for index in 0..<count {
            numbers.swapAt(index, index + random.next(below: bound - index))
        }
        return Array(numbers.prefix(count))
    }
}

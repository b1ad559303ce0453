import FSMTestSupport

/// Machines with parallel states (Language reference › Regions), which `MachineGenerator`
/// draws for one machine in five from a random stream of their own.
///
/// Each has one or two parallel states, abstract or concrete, the second sometimes inside
/// a region of the first or itself one of its regions; two or three regions each, abstract
/// or concrete, each with an initial row (to a direct or deeper substate, to the nested
/// parallel state or a state inside it), leaves, and now and then a superstate with an
/// initial row of its own (which may name a state inside a parallel state below it). Outside the parallel
/// states: a few states, sometimes under a superstate that also holds a parallel state (its
/// rows are then above the parallel state). Rows stay mostly inside their region, and may
/// name any state no region boundary forbids: the region itself, its parallel state
/// (re-entering the region), states outside (leaving the parallel state). Parallel states
/// have level rows, some guarded by `in(…)` and `!in(…)` terms (joins); rows outside and
/// level rows fork into several regions (`S3 & S7`). `History:` headers, deep and shallow,
/// go on parallel states, regions and superstates. Predicates, conditions, event values,
/// entry and exit actions, `-` rows and states written twice are drawn as for other
/// machines; no `after(…)` rows, no `Async:`, and the default (UML) entry and exit, which
/// regions need.
///
/// Rows that break the region checks are repaired like the others: a row that leads into
/// another region is removed, one that leaves its parallel state while another region has
/// a row for its event moves to the parallel state (the check's remedy), one that names its
/// parallel state (and so leaves its region too) gets an event of its own instead, so that
/// such rows stay in regions; a fork that names two states of one region loses its other
/// states.
extension MachineGenerator {
    /// The hierarchy of a machine with regions as it is drawn: every state has at most one
    /// superstate.
    private struct RegionTree {
        var states: [RandomState] = []
        var parent: [Int?] = []
        var parallels: [Int] = []

        mutating func add(isAbstract: Bool, under superstate: Int?) -> Int {
            let index = states.count
            states.append(
                RandomState(
                    name: (isAbstract ? "A" : "S") + "\(index)", isAbstract: isAbstract,
                    superstates: superstate.map { [states[$0].name] } ?? [], entryActions: [],
                    exitActions: [], rows: [], splitAt: nil, repeatsActionsWhenSplit: false))
            parent.append(superstate)
            return index
        }

        /// Whether `state` is `container` or inside it.
        func isWithin(_ state: Int, _ container: Int) -> Bool {
            var current: Int? = state
            while let next = current {
                if next == container { return true }
                current = parent[next]
            }
            return false
        }

        /// The parallel states strictly above `state`, each with the region that holds it.
        func enclosingRegions(of state: Int) -> [(parallel: Int, region: Int)] {
            var result: [(Int, Int)] = []
            var child = state
            while let up = parent[child] {
                if parallels.contains(up) { result.append((up, child)) }
                child = up
            }
            return result
        }

        /// States a row or the `Initial:` header may name: concrete states, states with an
        /// initial row, parallel states.
        var enterable: [Int] {
            states.indices.filter {
                !states[$0].isAbstract || !states[$0].initialRows.isEmpty || parallels.contains($0)
            }
        }

        /// The states a row held by `holder` may name: none inside another region of a
        /// parallel state that holds `holder`.
        func targets(of holder: Int) -> [Int] {
            let regions = enclosingRegions(of: holder)
            return enterable.filter { target in
                regions.allSatisfy {
                    !isWithin(target, $0.parallel) || target == $0.parallel || isWithin(target, $0.region)
                }
            }
        }

        /// The regions of `parallel`, in declaration order.
        func regions(of parallel: Int) -> [Int] { states.indices.filter { parent[$0] == parallel } }
    }

    /// A machine with one or two parallel states.
    mutating func drawWithRegions() -> RandomMachine {
        var predicateTypes: [RandomPredicateType] = []
        for type in 0..<random.element(of: [0, 0, 1, 1, 2]) {
            predicateTypes.append(
                RandomPredicateType(name: "P\(type)M\(number)", cases: (0..<random.inRange(2...3)).map { "c\($0)" }))
        }
        let events = (0..<random.inRange(2...7)).map { "E\($0)" }
        let eventValues = drawEventValues(events)
        let labelsOf = Dictionary(eventValues.map { ($0.event, $0.labels) }, uniquingKeysWith: { first, _ in first })
        let actions = (0..<random.inRange(3...8)).map { "a\($0)" }
        let conditions = (0..<random.element(of: [0, 0, 1, 2])).map { "k\($0)" }

        var tree = RegionTree()
        let base = random.chance(40) ? tree.add(isAbstract: true, under: nil) : nil
        func maybeBase(_ percent: Int) -> Int? { base != nil && random.chance(percent) ? base : nil }
        let outside = (0..<random.inRange(1...3)).map { _ in tree.add(isAbstract: false, under: maybeBase(50)) }
        func initialRow(_ state: Int, to target: Int) {
            let rowActions = random.sample(random.element(of: [0, 0, 1, 2]), of: actions).shuffledBy(&random)
            tree.states[state].initialRows = [RandomInitialRow(target: tree.states[target].name, actions: rowActions)]
            tree.states[state].initialRowPlacement = random.element(of: [.first, .first, .afterRows, .last])
        }
        /// A parallel state and what is inside it; returns it and the states inside it.
        func drawParallel(under superstate: Int?, nests: Bool) -> [Int] {
            let parallel = tree.add(isAbstract: random.chance(70), under: superstate)
            tree.parallels.append(parallel)
            var within = [parallel]
            let regionCount = random.element(of: [2, 2, 2, 3])
            let host = nests ? random.below(regionCount) : -1
            for position in 0..<regionCount {
                if position == host && random.chance(50) {
                    // A region that is itself a parallel state.
                    within += drawParallel(under: parallel, nests: false)
                    continue
                }
                let region = tree.add(isAbstract: random.chance(70), under: parallel)
                var inside = (0..<random.inRange(1...3)).map { _ in tree.add(isAbstract: false, under: region) }
                if random.chance(40) {
                    let superstate = tree.add(isAbstract: random.chance(60), under: region)
                    let leaves = (0..<random.inRange(1...2)).map { _ in tree.add(isAbstract: false, under: superstate) }
                    initialRow(superstate, to: random.element(of: leaves))
                    inside += [superstate] + leaves
                }
                let nested = position == host ? drawParallel(under: region, nests: false) : []
                initialRow(region, to: random.element(of: inside + nested))
                within += [region] + inside + nested
            }
            return within
        }
        var inParallel = drawParallel(under: maybeBase(50), nests: random.chance(45))
        if random.chance(25) { inParallel += drawParallel(under: maybeBase(30), nests: false) }
        let inBase = tree.states.indices.filter { state in base.map { state != $0 && tree.isWithin(state, $0) } ?? false
        }
        if let base, !inBase.isEmpty, random.chance(50) { initialRow(base, to: random.element(of: inBase)) }

        for state in tree.states.indices {
            if random.chance(45) { tree.states[state].entryActions = random.sample(random.inRange(1...2), of: actions) }
            if random.chance(45) { tree.states[state].exitActions = random.sample(random.inRange(1...2), of: actions) }
        }
        let names = tree.states.map(\.name)
        // The events whose rows may test states.
        let tested = random.sample(random.inRange(1...max(1, events.count / 2)), of: events)
        for state in tree.states.indices {
            let isParallel = tree.parallels.contains(state)
            let regions = tree.enclosingRegions(of: state)
            let isLeaf = !tree.parent.contains(state)
            let rowCount =
                isParallel
                ? random.element(of: [0, 1, 1, 2, 3])
                : !regions.isEmpty && isLeaf
                    ? random.element(of: [0, 1, 1, 2, 2, 3, 4])
                    : regions.isEmpty && isLeaf
                        ? random.element(of: [1, 1, 2, 3]) : random.element(of: [0, 1, 1, 2, 3])
            let allowed = tree.targets(of: state)
            let local = regions.first.map { innermost in allowed.filter { tree.isWithin($0, innermost.region) } } ?? []
            let leaving =
                regions.last.map { outermost in allowed.filter { !tree.isWithin($0, outermost.parallel) } } ?? []
            let intoParallel = allowed.filter(inParallel.contains)
            for _ in 0..<rowCount {
                // Mostly rows that stay in their region, some that leave its parallel state;
                // outside, often rows into a parallel state.
                let targets =
                    !local.isEmpty && random.chance(55)
                    ? local
                    : !leaving.isEmpty && random.chance(40)
                        ? leaving
                        : regions.isEmpty && !intoParallel.isEmpty && random.chance(50) ? intoParallel : allowed
                // Joins: level rows of a parallel state that test its regions.
                let isJoin = isParallel && random.chance(55)
                var row = drawRow(
                    events: isJoin ? [random.element(of: tested)] : events, labels: labelsOf,
                    actions: actions, conditions: conditions,
                    predicateTypes: predicateTypes, targets: targets.map { names[$0] })
                if row.next != nil, random.chance(25), let fork = drawFork(from: state, in: tree) {
                    row.next = names[fork[0]]
                    row.forkTargets = fork.dropFirst().map { names[$0] }
                }
                // Now and then a state test in other rows too.
                if row.events.allSatisfy(tested.contains), isJoin || random.chance(15) {
                    let candidates =
                        isParallel
                        ? inParallel.filter { $0 != state && tree.isWithin($0, state) }
                        : inParallel.filter { !tree.parallels.contains($0) }
                    row.conditions += random.sample(random.inRange(1...2), of: candidates).shuffledBy(&random)
                        .map { (random.chance(35) ? "!" : "") + "in(\(names[$0]))" }
                }
                tree.states[state].rows.append(row)
            }
            let hasInitialRow = !tree.states[state].initialRows.isEmpty
            if tree.states[state].rows.count >= 2 && random.chance(hasInitialRow ? 30 : 10) {
                tree.states[state].splitAt = random.inRange(1...(tree.states[state].rows.count - 1))
                tree.states[state].repeatsActionsWhenSplit = random.chance(50)
                tree.states[state].initialRowsInSecondDefinition = random.chance(50)
            }
        }
        var histories: [RandomHistory] = []
        for state in tree.states.indices
        where random.chance(tree.parallels.contains(state) ? 45 : tree.states[state].initialRows.isEmpty ? 0 : 30) {
            histories.append(RandomHistory(state: names[state], kind: random.chance(50) ? "shallow" : "deep"))
        }
        let initial = random.chance(50) ? random.element(of: outside) : random.element(of: tree.enterable)
        return RandomMachine(
            number: number, entryExit: nil, predicateTypes: predicateTypes, eventValues: eventValues,
            states: tree.states, initial: names[initial], histories: histories.shuffledBy(&random),
            parallelStates: tree.parallels.map { names[$0] })
    }

    /// The states of a fork from a row of `holder`: one in each of two or more regions of a
    /// parallel state the row may name, in any order; nil when there is none.
    private mutating func drawFork(from holder: Int, in tree: RegionTree) -> [Int]? {
        let allowed = tree.targets(of: holder)
        let hosts = tree.parallels.filter { allowed.contains($0) && ($0 == holder || !tree.isWithin(holder, $0)) }
        guard !hosts.isEmpty else { return nil }
        let regions = tree.regions(of: random.element(of: hosts))
        let named = random.sample(random.inRange(2...regions.count), of: regions).map { region in
            random.element(of: tree.enterable.filter { tree.isWithin($0, region) })
        }
        return named.shuffledBy(&random)
    }
}

extension RandomMachine {
    /// The innermost parallel state above `state` whose region `row`, one of its rows,
    /// leaves (the region holding `state` does not hold every state the row names), and
    /// whether the row stays inside that parallel state (it names the parallel state).
    func parallelState(left row: RandomRow, from state: Int) -> (parallel: Int, staysInside: Bool)? {
        guard let next = row.next else { return nil }
        let indexOf = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.name, $0) })
        func superstate(of state: Int) -> Int? { states[state].superstates.first.flatMap { indexOf[$0] } }
        func isWithin(_ name: String, _ container: Int) -> Bool {
            var current = indexOf[name]
            while let candidate = current, candidate != container { current = superstate(of: candidate) }
            return current != nil
        }
        // The row leaves the region of a parallel state above it when it names a state
        // outside that region: outside the parallel state, or the parallel state itself.
        var below = state
        var current = superstate(of: state)
        while let candidate = current {
            if parallelStates.contains(states[candidate].name),
                ([next] + row.forkTargets).contains(where: { !isWithin($0, below) })
            {
                return (candidate, ([next] + row.forkTargets).allSatisfy { isWithin($0, candidate) })
            }
            below = candidate
            current = superstate(of: candidate)
        }
        return nil
    }
}

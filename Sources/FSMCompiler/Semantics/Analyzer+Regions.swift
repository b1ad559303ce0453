/// Parallel states and their regions (Language reference › Regions): the structure is
/// checked while the hierarchy is resolved, the rows that cross regions once every row is
/// known.
extension Resolution {
    /// `Parallel:` headers: each names a state with two or more direct substates and no
    /// initial row of its own, in a machine with UML entry and exit; the states inside it
    /// have one superstate each, so that a configuration holds one state per region.
    mutating func resolveParallelStates(_ declarations: Declarations, headers: Headers, log: inout DiagnosticLog) {
        let states = declarations.states
        isParallel = IDArray(repeating: false, count: states.count)
        parallelHeaders = IDArray(repeating: nil, count: states.count)
        for name in headers.parallelStates {
            guard let state = Self.lookup(name, role: "parallel state", in: declarations, log: &log) else { continue }
            let regions = substates[state]
            namedParallel.insert(state)
            guard regions.count >= 2 else {
                let has = regions.first.map { "one substate, '\(states[$0].name)'" } ?? "no substates"
                log.error(
                    .parallelWithoutRegions,
                    "parallel state '\(name)' has \(has); its direct substates are its regions, and it needs two or more, declared as 'Region : \(name)'",
                    at: name.location, notes: [.init("'\(name)' is declared here", at: states[state].name.location)])
                continue
            }
            isParallel[state] = true
            parallelHeaders[state] = name.location
            for initial in states[state].initialRows {
                let names = regions.map { "'\(states[$0].name)'" }.joined(separator: ", ")
                log.error(
                    .initialInParallel,
                    "parallel state '\(name)' has an initial row, but each of its regions (\(names)) enters its own initial substate; remove it",
                    at: initial.location, notes: [.init("'\(name)' is declared parallel here", at: name.location)])
            }
        }
        if headers.entryExit != .uml,
            let first = headers.parallelStates.first(where: {
                declarations.stateIndex[$0.text].map { isParallel[$0] } ?? false
            })
        {
            log.error(
                .regionsNeedUML,
                "parallel state '\(first)' needs the default (UML) entry and exit, where a region's row exits and enters only inside its region; remove the 'EntryExit: \(headers.entryExit.rawValue)' header",
                at: first.location)
        }
        for state in states.indices where superstates[state].count > 1 {
            guard let parallel = ancestors[state].last(where: { isParallel[$0] }) else { continue }
            let names = superstates[state].map { "'\(states[$0].name)'" }.joined(separator: " and ")
            log.error(
                .regionInheritance,
                "state '\(states[state].name)' has the superstates \(names), but inside parallel state '\(states[parallel].name)' each state has one superstate, so that each region is in one state at a time",
                at: superstateRefs[state][1].location,
                notes: [.init("'\(states[parallel].name)' is declared parallel here", at: parallelHeaders[parallel]!)])
        }
    }

    /// Each region enters an initial substate whenever its parallel state is entered.
    mutating func checkRegionsHaveInitialRows(_ declarations: Declarations, log: inout DiagnosticLog) {
        let states = declarations.states
        for parallel in states.indices where isParallel[parallel] {
            for region in substates[parallel]
            where !isParallel[region] && initialSubstate[region] == nil
                && states[region].initialRows.isEmpty
            {
                let name = states[region].name
                let remedy =
                    substates[region].first.map { "add one, as in '- \(states[$0].name)' in its body" }
                    ?? "a region is a superstate: give it substates, declared as 'State : \(name)', and an initial row"
                log.error(
                    .regionWithoutInitial,
                    "region '\(name)' of parallel state '\(states[parallel].name)' has no initial substate, which it enters whenever '\(states[parallel].name)' is entered; \(remedy)",
                    at: name.location,
                    notes: [
                        .init("'\(states[parallel].name)' is declared parallel here", at: parallelHeaders[parallel]!)
                    ])
            }
        }
    }
}

extension Analysis {
    /// Forks name one state in each of several regions of one parallel state; no row leads
    /// from one region into another of the same parallel state; and no row leaves its
    /// region for an event that another region of that parallel state also handles.
    func checkRegions(log: inout DiagnosticLog) {
        guard resolution.isParallel.contains(true) else { return }
        var crossing = Set<Int>()
        for row in rows.indices {
            guard case .state(let first) = resolution.destinations[row] else { continue }
            let targets = [first] + resolution.forkTargets[row]
            let names = [rows[row].nextState!] + rows[row].forkTargets
            if targets.count > 1 { checkFork(targets, names: names, log: &log) }
            if checkCrossing(row, targets, names: names, log: &log) { crossing.insert(row) }
        }
        for parallel in states.indices where resolution.isParallel[parallel] {
            checkConflicts(in: parallel, skipping: crossing, log: &log)
        }
    }

    private func checkFork(_ targets: [StateID], names: [NameSyntax], log: inout DiagnosticLog) {
        for (position, target) in targets.enumerated() {
            if let earlier = targets[..<position].firstIndex(of: target) {
                log.error(
                    .invalidFork, "fork names '\(names[position])' twice; it names one state in each region it enters",
                    at: names[position].location, notes: [.init("first named here", at: names[earlier].location)])
                return
            }
        }
        let common = resolution.ancestors[targets[0]].filter { candidate in
            resolution.isParallel[candidate] && targets.allSatisfy { resolution.ancestors[$0].contains(candidate) }
        }
        guard let parallel = common.last else {
            let list = names.map { "'\($0)'" }.joined(separator: " & ")
            log.error(
                .invalidFork,
                "the states of fork \(list) are not inside one parallel state; a fork enters one state in each of several regions of a parallel state",
                at: names[0].location)
            return
        }
        var regionAt: [StateID: Int] = [:]
        for (position, target) in targets.enumerated() {
            let region = statechart.region(of: target, in: parallel)!
            if let earlier = regionAt[region] {
                log.error(
                    .invalidFork,
                    "'\(names[earlier])' and '\(names[position])' are both in region '\(states[region].name)' of parallel state '\(states[parallel].name)'; a fork names one state per region",
                    at: names[position].location,
                    notes: [.init("'\(names[earlier])' is named here", at: names[earlier].location)])
                return
            }
            regionAt[region] = position
        }
    }

    /// A row held inside one region of a parallel state that names a state inside another
    /// region of it; true when reported.
    private func checkCrossing(_ row: Int, _ targets: [StateID], names: [NameSyntax], log: inout DiagnosticLog) -> Bool
    {
        let holder = rows[row].owner
        for parallel in resolution.ancestors[holder] where resolution.isParallel[parallel] {
            let own = statechart.region(of: holder, in: parallel)!
            for (position, target) in targets.enumerated() {
                guard let other = statechart.region(of: target, in: parallel), other != own else { continue }
                let name = states[parallel].name
                log.error(
                    .crossRegionTransition,
                    "row of '\(states[holder].name)' in region '\(states[own].name)' of parallel state '\(name)' leads into its region '\(states[other].name)'; regions are orthogonal: move the row to '\(name)', where a fork can enter both",
                    at: names[position].location,
                    notes: [.init("region '\(states[other].name)' is declared here", at: states[other].name.location)])
                return true
            }
        }
        return false
    }

    /// A row of one region that leaves its region (for `parallel` or a state outside it) while
    /// another region has a row for its event: both would fire, and the order would decide
    /// what happens.
    private func checkConflicts(in parallel: StateID, skipping crossing: Set<Int>, log: inout DiagnosticLog) {
        let regions = resolution.substates[parallel]
        // Per region, per event: the first row held inside it.
        var firstRow = Array(repeating: [EventID: Int](), count: regions.count)
        var rowsInRegion = Array(repeating: [Int](), count: regions.count)
        for row in rows.indices where resolution.destinations[row] != .undefined {
            guard let region = statechart.region(of: rows[row].owner, in: parallel),
                let position = regions.firstIndex(of: region)
            else { continue }
            rowsInRegion[position].append(row)
            if firstRow[position][rows[row].eventIndex] == nil { firstRow[position][rows[row].eventIndex] = row }
        }
        for (position, region) in regions.enumerated() {
            for row in rowsInRegion[position] where !crossing.contains(row) {
                guard case .state(let first) = resolution.destinations[row] else { continue }
                // A row that names its parallel state leaves its region too: it enters the
                // parallel state anew (Language reference › Regions).
                let leaves = ([first] + resolution.forkTargets[row]).contains { !statechart.isWithin($0, region) }
                guard leaves else { continue }
                let event = rows[row].eventIndex
                guard let otherPosition = regions.indices.first(where: { $0 != position && firstRow[$0][event] != nil })
                else { continue }
                let other = firstRow[otherPosition][event]!
                let name = states[parallel].name
                log.error(
                    .regionConflict,
                    "row for event '\(rows[row].event)' of '\(states[rows[row].owner].name)' leaves region '\(states[region].name)' of parallel state '\(name)', while region '\(states[regions[otherPosition]].name)' has a row for '\(rows[row].event)' too; move the row to '\(name)', where it fires when no region takes the event",
                    at: rows[row].location,
                    notes: [
                        .init(
                            "the row of region '\(states[regions[otherPosition]].name)' is here",
                            at: rows[other].location)
                    ])
            }
        }
    }
}

/// Superstates, next states and the initial state resolved to declared states, and the
/// superstate hierarchy made acyclic: the third phase of analysis.
struct Resolution {
    /// Per state: its direct superstates in adoption order, cycles removed, each with
    /// where it is named.
    var superstates: IDArray<StateID, [StateID]>
    var superstateRefs: IDArray<StateID, [NameSyntax]>
    /// Per state: every state it inherits from, each once, in adoption order with each
    /// superstate's own superstates before it (the order of entry actions).
    var ancestors: IDArray<StateID, [StateID]> = []
    /// Every state, each after all of its superstates.
    var superstatesFirst: [StateID] = []
    /// Per row: where it goes.
    var destinations: [Destination] = []
    /// The initial state, when it names a declared state that can be current or has an
    /// initial substate. It may be a superstate: the model resolves it to a concrete state.
    var initialState: StateID?
    /// Per state: its direct substates, in declaration order.
    var substates: IDArray<StateID, [StateID]> = []
    /// Per state: the target of its initial row `- Substate`, when that row is valid.
    var initialSubstate: IDArray<StateID, StateID?> = []
    var initialActions: IDArray<StateID, [ActionCall]> = []
    /// Per state: its `History:` kind, when the header is valid.
    var history: IDArray<StateID, HistoryKind?> = []
    /// Per state: whether a valid `Parallel:` header names it, and where that header names it.
    var isParallel: IDArray<StateID, Bool> = []
    var parallelHeaders: IDArray<StateID, SourceLocation?> = []
    /// The states a `Parallel:` header names, valid or not: entering one is not reported
    /// again as entering an abstract state.
    var namedParallel = Set<StateID>()
    /// Per row: the states after `&` of a fork that are defined.
    var forkTargets: [[StateID]] = []

    /// Where a row goes.
    enum Destination: Equatable {
        /// `-`: the state that handles the event.
        case stay
        case state(StateID)
        /// The next state is not defined (an error was reported).
        case undefined
    }

    init(resolving declarations: Declarations, headers: Headers, log: inout DiagnosticLog) {
        let states = declarations.states
        superstates = IDArray(repeating: [], count: states.count)
        superstateRefs = IDArray(repeating: [], count: states.count)
        for index in states.indices {
            for name in states[index].superstateNames {
                guard let superstate = Self.lookup(name, role: "superstate", in: declarations, log: &log) else {
                    continue
                }
                superstates[index].append(superstate)
                superstateRefs[index].append(name)
            }
        }
        removeSuperstateCycles(states, log: &log)
        computeAncestors()
        substates = IDArray(repeating: [], count: states.count)
        for state in states.indices {
            for superstate in superstates[state] { substates[superstate].append(state) }
        }
        resolveParallelStates(declarations, headers: headers, log: &log)
        resolveInitialRows(declarations, log: &log)
        checkRegionsHaveInitialRows(declarations, log: &log)
        resolveHistories(declarations, headers: headers, log: &log)
        for row in declarations.rows {
            forkTargets.append(
                row.forkTargets.compactMap { Self.lookup($0, role: "fork target", in: declarations, log: &log) })
            guard let next = row.nextState else {
                destinations.append(.stay)
                continue
            }
            guard let target = Self.lookup(next, role: "next state", in: declarations, log: &log) else {
                destinations.append(.undefined)
                continue
            }
            checkEnterable(target, named: next, as: "a next state", states, log: &log)
            destinations.append(.state(target))
        }
        if let initial = headers.initialState,
            let target = Self.lookup(initial, role: "initial state", in: declarations, log: &log)
        {
            if checkEnterable(target, named: initial, as: "the initial state", states, log: &log) {
                initialState = target
            }
        }
    }

    /// An abstract state can be entered only through its initial row.
    @discardableResult
    private func checkEnterable(
        _ state: StateID, named name: NameSyntax, as role: String, _ states: IDArray<StateID, StateRecord>,
        log: inout DiagnosticLog
    ) -> Bool {
        guard states[state].isAbstract && initialSubstate[state] == nil && !namedParallel.contains(state) else {
            return true
        }
        // An initial row with an error was reported; entering its state is not one more.
        guard states[state].initialRows.isEmpty else { return false }
        let hint =
            substates[state].first.map { "; give it an initial substate, as in '- \(states[$0].name)' in its body" }
            ?? "; only concrete states can be current"
        log.error(
            .abstractTarget, "abstract state '\(name)' cannot be \(role)\(hint)",
            at: name.location,
            notes: [.init("'\(name)' is declared abstract here", at: Self.abstractLocation(states[state]))])
        return false
    }

    /// Each state's initial row: one per state, naming one of its substates, the rows
    /// never leading back to where they started.
    private mutating func resolveInitialRows(_ declarations: Declarations, log: inout DiagnosticLog) {
        let states = declarations.states
        initialSubstate = IDArray(repeating: nil, count: states.count)
        initialActions = IDArray(repeating: [], count: states.count)
        var candidates: [StateID: (target: StateID, record: InitialRecord)] = [:]
        for state in states.indices where !isParallel[state] {
            guard let first = states[state].initialRows.first else { continue }
            for second in states[state].initialRows.dropFirst() {
                log.error(
                    .duplicateInitial,
                    "state '\(states[state].name)' has a second initial row; a superstate has one initial substate",
                    at: second.location, notes: [.init("the first initial row is here", at: first.location)])
            }
            guard let target = Self.lookup(first.target, role: "initial substate", in: declarations, log: &log) else {
                continue
            }
            candidates[state] = (target, first)
        }
        // Rows that lead back to where they started, reported once per loop.
        var onLoop = Set<StateID>()
        for start in candidates.keys.sorted() where !onLoop.contains(start) {
            var path: [StateID] = []
            var state = start
            while let next = candidates[state], !path.contains(state), !onLoop.contains(state) {
                path.append(state)
                state = next.target
            }
            guard let loopStart = path.firstIndex(of: state) else { continue }
            let loop = Array(path[loopStart...])
            let names = (loop + [state]).map { "'\(states[$0].name)'" }.joined(separator: " -> ")
            let last = candidates[loop[loop.count - 1]]!.record
            log.error(
                .initialCycle, "initial rows lead back to where they start: \(names)", at: last.target.location,
                notes: loop.dropLast().map {
                    .init("initial row of '\(states[$0].name)' is here", at: candidates[$0]!.record.location)
                })
            onLoop.formUnion(loop)
        }
        for (state, candidate) in candidates.sorted(by: { $0.key < $1.key }) where !onLoop.contains(state) {
            guard ancestors[candidate.target].contains(state) else {
                log.error(
                    .initialNotSubstate,
                    "initial substate '\(candidate.record.target)' of '\(states[state].name)' is not one of its substates; declare it as '\(candidate.record.target) : \(states[state].name)'",
                    at: candidate.record.target.location,
                    notes: [
                        .init(
                            "'\(states[candidate.target].name)' is declared here",
                            at: states[candidate.target].name.location)
                    ])
                continue
            }
            initialSubstate[state] = candidate.target
            initialActions[state] = candidate.record.actions
        }
        for (state, candidate) in candidates.sorted(by: { $0.key < $1.key }) where initialSubstate[state] != nil {
            checkEnterable(
                candidate.target, named: candidate.record.target, as: "an initial substate", states, log: &log)
        }
    }

    /// `History:` headers name superstates that have an initial row.
    private mutating func resolveHistories(_ declarations: Declarations, headers: Headers, log: inout DiagnosticLog) {
        let states = declarations.states
        history = IDArray(repeating: nil, count: states.count)
        for (name, kind) in headers.histories {
            guard let state = Self.lookup(name, role: "history state", in: declarations, log: &log) else { continue }
            if substates[state].isEmpty {
                log.error(
                    .historyWithoutSubstates,
                    "'\(name)' has no substates, so it has no history; history is for superstates, which other states adopt with ': \(name)'",
                    at: name.location, notes: [.init("'\(name)' is declared here", at: states[state].name.location)])
            } else if initialSubstate[state] == nil && states[state].initialRows.isEmpty && !isParallel[state] {
                log.error(
                    .historyWithoutInitial,
                    "'\(name)' has a history but no initial substate, which it enters before it has a history; add one, as in '- \(states[substates[state][0]].name)' in its body",
                    at: name.location, notes: [.init("'\(name)' is declared here", at: states[state].name.location)])
            } else {
                history[state] = kind
                if kind == .shallow && !isParallel[state] {
                    checkShallowHistoryResumes(state, named: name, states, log: &log)
                }
            }
        }
    }

    /// Shallow history resumes a direct substate by its own initial rule, so each direct
    /// substate must have one: an abstract superstate without an initial row has none
    /// (Language reference › History).
    private func checkShallowHistoryResumes(
        _ state: StateID, named name: NameSyntax, _ states: IDArray<StateID, StateRecord>, log: inout DiagnosticLog
    ) {
        // An abstract state without substates is never active, so never resumed; one whose
        // initial row has an error was reported already.
        for substate in substates[state]
        where states[substate].isAbstract && !substates[substate].isEmpty && !isParallel[substate]
            && initialSubstate[substate] == nil && states[substate].initialRows.isEmpty
        {
            let sub = states[substate].name
            log.error(
                .shallowHistoryAbstract,
                "shallow history of '\(name)' may resume its substate '\(sub)', an abstract superstate without an initial substate, which it cannot enter; give '\(sub)' one, as in '- \(states[substates[substate][0]].name)' in its body, or make the history deep",
                at: name.location,
                notes: [.init("'\(sub)' is declared abstract here", at: Self.abstractLocation(states[substate]))])
        }
    }

    static func lookup(
        _ name: NameSyntax, role: String, in declarations: Declarations,
        log: inout DiagnosticLog
    ) -> StateID? {
        if let index = declarations.stateIndex[name.text] { return index }
        let hint = Suggestions.suggestion(for: name.text, among: declarations.states.map(\.name.text))
        log.error(.undefinedState, "\(role) '\(name)' is not defined\(hint)", at: name.location)
        return nil
    }

    private static func abstractLocation(_ state: StateRecord) -> SourceLocation {
        state.abstractAt ?? state.name.location
    }

    /// Reports each superstate cycle once, at the `: S` that closes it, and drops that
    /// edge; records an order in which every state follows its superstates.
    ///
    /// The walk keeps its own stack: a chain of thousands of superstates must not
    /// overflow the thread's.
    private mutating func removeSuperstateCycles(_ states: IDArray<StateID, StateRecord>, log: inout DiagnosticLog) {
        enum Mark { case unvisited, onPath, done }
        var marks = IDArray<StateID, Mark>(repeating: Mark.unvisited, count: states.count)
        var cycleEdges: [(state: StateID, position: Int)] = []
        for root in states.indices where marks[root] == .unvisited {
            var path: [(state: StateID, next: Int)] = [(root, 0)]
            marks[root] = .onPath
            while let (state, next) = path.last {
                guard next < superstates[state].count else {
                    marks[state] = .done
                    superstatesFirst.append(state)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let superstate = superstates[state][next]
                switch marks[superstate] {
                case .unvisited:
                    marks[superstate] = .onPath
                    path.append((superstate, 0))
                case .onPath:
                    let start = path.firstIndex { $0.state == superstate } ?? 0
                    let names = (path[start...].map(\.state) + [superstate]).map { "'\(states[$0].name)'" }
                    log.error(
                        .superstateCycle,
                        "superstate cycle: \(names.joined(separator: " -> ")); a state cannot be its own superstate",
                        at: superstateRefs[state][next].location)
                    cycleEdges.append((state, next))
                case .done:
                    break
                }
            }
        }
        for edge in cycleEdges.sorted(by: { ($0.state, $0.position) > ($1.state, $1.position) }) {
            superstates[edge.state].remove(at: edge.position)
            superstateRefs[edge.state].remove(at: edge.position)
        }
    }

    /// Each state's superstates, transitively, in adoption order with each one's own
    /// superstates before it; a superstate reached along two paths counts once.
    private mutating func computeAncestors() {
        ancestors = IDArray(repeating: [], count: superstates.count)
        for state in superstatesFirst {
            var seen = Set<StateID>()
            var list: [StateID] = []
            for superstate in superstates[state] {
                for ancestor in ancestors[superstate] + [superstate] where seen.insert(ancestor).inserted {
                    list.append(ancestor)
                }
            }
            ancestors[state] = list
        }
    }
}

// The labels of initial rows' calls (Language reference › State data): an initial row reads
// the labels of the row that entered its superstate, its event's values and its source
// state's, so a label there is resolved against every row that may follow that initial row.

extension Analysis {
    /// The uses of the calls in initial rows that pass labels, for the signature check: each
    /// label has the type of the value of that name that every row following the initial
    /// row carries, one type among them all. A new machine follows the initial rows of its
    /// `Initial:` chain with no row's values, so a label there is an error.
    func initialRowUses(log: inout DiagnosticLog) -> [CallUse] {
        let calls = declarations.initialRowCalls
        guard !calls.isEmpty else { return [] }
        let entering = rowsFollowingInitialRows(of: Set(calls.map(\.owner)))
        let atStart = initialRowsFollowedAtStart
        var uses: [CallUse] = []
        calls: for call in calls {
            if atStart.contains(call.owner) {
                reportStart(call, log: &log)
                continue
            }
            var arguments: [CallUse.Argument] = []
            for argument in call.arguments {
                switch argument {
                case .literal(let literal, let location):
                    arguments.append(.literal(literal, at: location))
                case .label(let label):
                    // A state no row enters afresh never runs its initial row: nothing to check.
                    guard let type = type(of: label, in: call, enteredBy: entering[call.owner] ?? [], log: &log)
                    else { continue calls }
                    arguments.append(.value(label, type: type))
                }
            }
            uses.append(
                CallUse(
                    name: call.name, isCondition: false, arguments: arguments, result: call.result,
                    isComputing: call.isComputing))
        }
        return uses
    }

    /// For each of `owners`, the rows that may follow its initial row, each with the state
    /// that takes it.
    func rowsFollowingInitialRows(of owners: Set<StateID>) -> [StateID: [FreshEntry]] {
        var entering: [StateID: [FreshEntry]] = [:]
        for entry in freshEntries {
            for state in initialRowsFollowed(enteringAfresh: entry.entered) where owners.contains(state) {
                entering[state, default: []].append(entry)
            }
        }
        return entering
    }

    /// The states whose initial rows a new machine follows when it starts.
    var initialRowsFollowedAtStart: Set<StateID> {
        resolution.initialState.map { statechart.initialConfiguration(entering: $0).initialRowsFollowed } ?? []
    }

    /// The states whose initial rows entering `state` afresh may follow: down its initial
    /// chain, into every region of a parallel state, and into every substate a shallow
    /// history may resume (which it enters by its own rules).
    func initialRowsFollowed(enteringAfresh state: StateID) -> [StateID] {
        var followed: [StateID] = []
        var pending = [state]
        var visited: Set<StateID> = []
        while let next = pending.popLast() {
            guard visited.insert(next).inserted else { continue }
            if resolution.isParallel[next] {
                pending += resolution.substates[next]
            } else if let initial = resolution.initialSubstate[next] {
                followed.append(next)
                pending.append(initial)
                if resolution.history[next] == .shallow { pending += resolution.substates[next] }
            }
        }
        return followed
    }

    /// The type of `label` in `call` of an initial row: what each row in `entries` carries
    /// under that name, one type for all; nil after reporting a row that carries none, or
    /// two types, and when no row enters the state.
    private func type(
        of label: NameSyntax, in call: InitialRowCall, enteredBy entries: [FreshEntry], log: inout DiagnosticLog
    ) -> String? {
        let ownerName = states[call.owner].name.text
        var first: (type: String, owner: String, row: Int)?
        for entry in entries {
            let row = rows[entry.row]
            let rowNote = Diagnostic.Note(
                "row of '\(states[entry.source].name)' for '\(row.event)' enters '\(ownerName)' here",
                at: row.nextState?.location ?? row.location)
            guard let found = carried(label.text, row: entry.row, source: entry.source) else {
                log.error(
                    .unknownLabel,
                    "'\(label)' in the initial row of '\(ownerName)' names a value of the row that enters it, but neither event '\(row.event)' nor state '\(states[entry.source].name)' has a value '\(label)'; give one of them the value, or pass a literal",
                    at: label.location, notes: [rowNote])
                return nil
            }
            guard let known = first else {
                first = (found.type, found.owner, entry.row)
                continue
            }
            guard known.type == found.type else {
                log.error(
                    .argumentMismatch,
                    "'\(label)' in the initial row of '\(ownerName)' is '\(known.type)' in \(known.owner) but '\(found.type)' in \(found.owner); the rows that enter '\(ownerName)' must give it one type",
                    at: label.location, notes: [rowNote])
                return nil
            }
        }
        return first?.type
    }

    /// A label in an initial row a new machine follows when it starts, where no row enters.
    private func reportStart(_ call: InitialRowCall, log: inout DiagnosticLog) {
        guard let label = call.arguments.first(where: { $0.literal == nil }) else { return }
        let ownerName = states[call.owner].name.text
        let notes: [Diagnostic.Note] =
            headers.initialState.map { [.init("the machine starts in '\($0)' here", at: $0.location)] } ?? []
        log.error(
            .stateData,
            "'\(call.name)' takes '\(label)' in the initial row of '\(ownerName)', which a new machine follows when it starts, where no row's values are; pass a literal, or give the value to a state by label and read it there",
            at: label.location, notes: notes)
    }
}

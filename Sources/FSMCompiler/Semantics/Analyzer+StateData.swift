// The checks of state data (Language reference › State data), once superstates, next states
// and the flattened rows are known: which states may hold values, what a row may write, and
// that every state a row enters is given each of its values with a type that fits.

extension Analysis {
    func checkStateData(log: inout DiagnosticLog) {
        if let header = headers.stateDataHeader, headers.stateDeclarations.isEmpty {
            log.error(
                .stateData,
                "'StateData' says what the values of data states conform to, but no 'State:' header declares any",
                at: header.location)
        }
        guard !headers.stateDeclarations.isEmpty || rows.contains(where: { !$0.writtenValues.isEmpty }) else { return }
        checkStateHeaders(log: &log)
        for row in rows.indices { checkWrittenValues(of: row, log: &log) }
        for state in states.indices where states[state].initialRows.first?.values != nil {
            checkInitialValues(of: state, log: &log)
        }
        checkEnteredStates(log: &log)
        checkInitialChain(log: &log)
    }

    /// The values of the state a new machine starts in are given to its initializer, by
    /// label, or written as literals in the initial rows on the way: no computing action can
    /// give one, since no action runs before the machine starts.
    private func checkInitialChain(log: inout DiagnosticLog) {
        guard let initial = resolution.initialState else { return }
        // Every initial row the start follows: the `Initial:` chain's, and in a machine with
        // parallel states those of each region the start enters by its own rules.
        for state in statechart.initialConfiguration(entering: initial).initialRowsFollowed.sorted() {
            for value in states[state].initialRows.first?.values?.values ?? [] where value.computing != nil {
                log.error(
                    .stateData,
                    "'\(value.computing!)' would give '\(value.label)' when the machine is created, before any action runs: the initial state's values are given to the machine's initializer; write a literal, or a label the initializer takes",
                    at: value.location)
            }
        }
    }

    /// The state of a `State:` header: declared, concrete, with no substates, not parallel.
    private func checkStateHeaders(log: inout DiagnosticLog) {
        for declaration in headers.stateDeclarations {
            guard let state = declarations.stateIndex[declaration.name.text] else {
                log.error(
                    .undefinedState,
                    "state '\(declaration.name)' in a 'State:' header is not defined"
                        + Suggestions.suggestion(for: declaration.name.text, among: states.map(\.name.text)),
                    at: declaration.name.location)
                continue
            }
            let kind: String? =
                resolution.isParallel[state]
                ? "a parallel state"
                : states[state].isAbstract
                    ? "an abstract state" : !resolution.substates[state].isEmpty ? "a superstate" : nil
            guard let kind else { continue }
            log.error(
                .stateData,
                "'\(declaration.name)' is \(kind), which holds no values: only a state without substates does; declare them on the states below it",
                at: declaration.name.location,
                notes: [.init("'\(declaration.name)' is defined here", at: states[state].name.location)])
        }
    }

    /// The values `state` holds, by its `State:` header, if it may hold any.
    func parameters(of state: StateID) -> [ParameterSyntax] {
        guard !resolution.isParallel[state], !states[state].isAbstract, resolution.substates[state].isEmpty else {
            return []
        }
        return headers.stateDeclaration(states[state].name.text)?.parameters ?? []
    }

    /// What a row writes: values of the state it names, each once, each fitting; after `-`,
    /// values of the states that take it.
    private func checkWrittenValues(of row: Int, log: inout DiagnosticLog) {
        let record = rows[row]
        for written in record.writtenValues {
            let owner = states[record.owner].name.text
            guard let targetName = written.target else {
                if declarations.scopes.readsNoValues(owner) {
                    log.error(
                        .stateData,
                        "'\(owner)' is a parallel state or holds one: its rows read and rewrite no state values",
                        at: written.location)
                    continue
                }
                for leaf in declarations.scopes.leaves(under: owner) {
                    guard let declaration = headers.stateDeclaration(leaf) else {
                        let taken = leaf == owner ? "" : ", which takes this row of '\(owner)',"
                        log.error(
                            .stateData, "'\(leaf)'\(taken) holds no values: '-(…)' has none to rewrite",
                            at: written.location)
                        continue
                    }
                    check(written, against: declaration.parameters, of: leaf, log: &log)
                }
                continue
            }
            guard let target = declarations.stateIndex[targetName.text] else { continue }
            let parameters = parameters(of: target)
            guard !parameters.isEmpty else {
                let reason =
                    resolution.initialSubstate[target] != nil || resolution.isParallel[target]
                    ? "; the state its initial rows enter is given its values in the initial row, or by label"
                    : "; declare them with 'State: \(targetName)(\(written.values.first?.label.text ?? "label"): Type)'"
                log.error(
                    .stateData, "'\(targetName)' holds no values\(reason)", at: written.location)
                continue
            }
            check(written, against: parameters, of: targetName.text, log: &log)
        }
    }

    /// `- Downloading(received: 0)`: its target holds values; each written once and fitting.
    private func checkInitialValues(of state: StateID, log: inout DiagnosticLog) {
        guard let written = states[state].initialRows.first?.values, let targetName = written.target,
            let target = declarations.stateIndex[targetName.text]
        else { return }
        let parameters = parameters(of: target)
        guard !parameters.isEmpty else {
            log.error(.stateData, "'\(targetName)' holds no values", at: written.location)
            return
        }
        check(written, against: parameters, of: targetName.text, log: &log)
    }

    /// Each written label a value of the state, once; each literal, label or computing
    /// action fitting its type.
    private func check(
        _ written: WrittenValues, against parameters: [ParameterSyntax], of state: String, log: inout DiagnosticLog
    ) {
        var seen: [String: SourceLocation] = [:]
        for value in written.values {
            if let first = seen[value.label.text] {
                log.error(
                    .stateValue, "'\(value.label)' is given twice", at: value.label.location,
                    notes: [.init("first given here", at: first)])
                continue
            }
            seen[value.label.text] = value.label.location
            guard let parameter = parameters.first(where: { $0.label.text == value.label.text }) else {
                log.error(
                    .stateValue,
                    "'\(value.label)' is not a value of state '\(state)'; its values are "
                        + parameters.map(\.label.text).joined(separator: ", ")
                        + Suggestions.suggestion(for: value.label.text, among: parameters.map(\.label.text)),
                    at: value.label.location)
                continue
            }
            if let literal = value.literal, !LiteralFit.literal(literal, fits: parameter.type) {
                log.error(
                    .literalMismatch,
                    "\(LiteralFit.describe(literal)) does not fit value '\(parameter.label)' of state '\(state)', which is '\(parameter.type)'",
                    at: value.location, notes: [.init("declared here", at: parameter.label.location)])
            } else if value.computing == nil, let type = value.type, !LiteralFit.value(of: type, fits: parameter.type) {
                log.error(
                    .stateValue,
                    "'\(value.sourceText)' is '\(type)' but value '\(parameter.label)' of state '\(state)' is '\(parameter.type)'"
                        + (type.hasSuffix("?") ? "; unwrap it in a computing action" : ""),
                    at: value.location, notes: [.init("declared here", at: parameter.label.location)])
            }
        }
    }

    /// Every state a row enters afresh (the state it names, or the one its initial chain
    /// ends in) is given each of its values: written, or carried by label from the row's
    /// event or the state that takes it. Checked in each state's flattened rows, once per
    /// row, value and state.
    ///
    /// In a machine with parallel states, so is every state a row enters by initial rows in
    /// a region it enters by its own rules beside what it names (a region of a parallel
    /// state it enters, without a target), as on the first entry, when no history is stored;
    /// and so is every state entered by initial rows below a superstate a shallow history
    /// may resume.
    private func checkEnteredStates(log: inout DiagnosticLog) {
        var reported: Set<String> = []
        for entry in freshEntries {
            for (leaf, initialRow) in leavesGivenValues(enteringAfresh: entry.entered) {
                let writer =
                    leaf == entry.entered && entry.isNamed
                    ? rows[entry.row].writtenValues.first { $0.target?.text == states[leaf].name.text }
                    : initialRow
                checkGiven(
                    leaf, writer: writer, isInitialRow: leaf != entry.entered || !entry.isNamed, row: entry.row,
                    source: entry.source, reported: &reported, log: &log)
            }
        }
    }

    /// A state a row enters afresh, by initial rows below it, where no history is stored.
    struct FreshEntry {
        var row: Int
        /// The state that takes the row.
        var source: StateID
        /// A state the row names (its target or a fork's), or, in a machine with parallel
        /// states, a region it enters by its own rules beside them.
        var entered: StateID
        var isNamed: Bool
    }

    /// Every state each flattened row enters afresh, row by row.
    var freshEntries: [FreshEntry] {
        var entries: [FreshEntry] = []
        let hasRegions = resolution.isParallel.contains(true)
        for state in states.indices where !states[state].isAbstract || resolution.isParallel[state] {
            for row in flattening.effectiveRows[state] {
                guard case .state(let named) = resolution.destinations[row] else { continue }
                let targets = [named] + resolution.forkTargets[row]
                entries += targets.map { FreshEntry(row: row, source: state, entered: $0, isNamed: true) }
                guard hasRegions, resolution.isParallel[state] || statechart.canBeCurrent(state) else { continue }
                for case .byRules(let entered) in statechart.plan(source: state, targets: targets).entries
                where !targets.contains(where: { statechart.isWithin(entered, $0) }) {
                    entries.append(FreshEntry(row: row, source: state, entered: entered, isNamed: false))
                }
            }
        }
        return entries
    }

    /// The states without substates that entering `state` afresh gives values by initial
    /// rows, each with the values the initial row naming it writes: those the initial rows
    /// it may follow name (`initialRowsFollowed(enteringAfresh:)`; a state without
    /// substates that a shallow history resumes keeps its values). `state` itself, without a
    /// writer, when it has no substates.
    private func leavesGivenValues(enteringAfresh state: StateID) -> [(leaf: StateID, writer: WrittenValues?)] {
        func isLeaf(_ state: StateID) -> Bool {
            !resolution.isParallel[state] && resolution.initialSubstate[state] == nil
        }
        guard !isLeaf(state) else { return [(state, nil)] }
        return initialRowsFollowed(enteringAfresh: state).compactMap { superstate in
            let named = resolution.initialSubstate[superstate]!
            return isLeaf(named) ? (named, states[superstate].initialRows.first?.values) : nil
        }
    }

    /// The values of `leaf`, entered by `row` taken in `source`, that `writer` does not
    /// write are carried by label; an initial row's written labels are resolved likewise.
    private func checkGiven(
        _ leaf: StateID, writer: WrittenValues?, isInitialRow: Bool, row: Int, source: StateID,
        reported: inout Set<String>, log: inout DiagnosticLog
    ) {
        let parameters = parameters(of: leaf)
        guard !parameters.isEmpty else { return }
        var needed: [(label: String, wanted: ParameterSyntax, at: SourceLocation?)] = []
        for parameter in parameters {
            if let value = writer?.values.first(where: { $0.label.text == parameter.label.text }) {
                // An initial row's label is resolved against the entering row.
                if isInitialRow, case .argument(.label(let label)) = value.source {
                    needed.append((label, parameter, value.location))
                }
            } else {
                needed.append((parameter.label.text, parameter, nil))
            }
        }
        for (label, parameter, location) in needed {
            let found = carried(label, row: row, source: source)
            if let found, LiteralFit.value(of: found.type, fits: parameter.type) { continue }
            let key = "\(row) \(leaf) \(parameter.label.text) \(found == nil)"
            guard reported.insert(key).inserted else { continue }
            let leafName = states[leaf].name.text
            let event = rows[row].event.text
            let sourceName = states[source].name.text
            let at = location ?? rows[row].nextState?.location ?? rows[row].location
            let declared = Diagnostic.Note(
                "'\(parameter.label)' of '\(leafName)' is declared here", at: parameter.label.location)
            if let found {
                log.error(
                    .stateValue,
                    "'\(label)' is '\(found.type)' in \(found.owner) but value '\(parameter.label)' of state '\(leafName)' is '\(parameter.type)'"
                        + (found.type.hasSuffix("?") ? "; unwrap it in a computing action" : ""),
                    at: at, notes: [declared])
            } else {
                let shown = parameter.label.text == label ? "'\(label)'" : "'\(parameter.label)' ('\(label)')"
                log.error(
                    .stateValue,
                    "state '\(leafName)' needs its value \(shown) here: write it, as in '\(isInitialRow ? "- " : "")\(leafName)(\(parameter.label): …)'\(isInitialRow ? " in the initial row that enters it" : ""), or give event '\(event)' or state '\(sourceName)' a value '\(label)'",
                    at: at, notes: [declared])
            }
        }
    }

    /// What `label` names in `row` taken in `source`: the row's event value, else the
    /// source's value (none in a parallel state's rows); nil when neither has it.
    func carried(_ label: String, row: Int, source: StateID) -> (type: String, owner: String)? {
        let event = rows[row].event.text
        if let declaration = headers.eventDeclarationIndex[event].map({ headers.eventDeclarations[$0] }),
            let parameter = declaration.parameter(label)
        {
            return (parameter.type, "event '\(event)'")
        }
        if let parameter = parameters(of: source).first(where: { $0.label.text == label }) {
            return (parameter.type, "state '\(states[source].name.text)'")
        }
        return nil
    }
}

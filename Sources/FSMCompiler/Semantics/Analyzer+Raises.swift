/// Raised events (Language reference › Raised events): `^Saved` queues the event `Saved`
/// for the machine itself. It must name an event the machine has, one without predicate
/// values, and find each value the event carries where it is raised.
extension Analysis {
    func checkRaises(log: inout DiagnosticLog) {
        guard !declarations.raises.isEmpty else { return }
        let rowEvents = Set(rows.map(\.eventIndex))
        for raise in declarations.raises {
            let name = raise.syntax.name
            if name.text == AlwaysRows.keyword {
                log.error(
                    .raisedEvent,
                    "'always' is not an event that can be raised: 'always' rows are taken without one, whenever their guard holds",
                    at: raise.syntax.location)
                continue
            }
            let declaration = headers.eventDeclarationIndex[name.text].map { headers.eventDeclarations[$0] }
            guard rowEvents.contains(raise.event) || declaration != nil else {
                log.error(
                    .undefinedEvent,
                    "'^\(name)' raises an event that no row takes and no 'Event:' header declares"
                        + (meant(by: raise.event, among: rowEvents).map { "; did you mean '\($0)'?" } ?? ""),
                    at: raise.syntax.location)
                continue
            }
            checkNoPredicates(raise, log: &log)
            checkCarriedValues(raise, declaration: declaration, log: &log)
        }
    }

    /// The event of a row that `event`, which no row takes, is likely a slip of the
    /// keyboard for: a misspelling as `similarEventName` finds them, or a name close enough.
    private func meant(by event: EventID, among rowEvents: Set<EventID>) -> String? {
        let names = declarations.events.names
        let known = names.indices.filter { rowEvents.contains($0) && declarations.timers[$0] == nil }
        let partners = Self.nearMisses(among: (known + [event]).map { (event: $0, name: names[$0].text) })
        if let partner = partners[event]?.first { return names[partner].text }
        return Suggestions.closest(to: names[event].text, among: known.map { names[$0].text })
    }

    /// A raised event comes without predicate values, so a row that matches them could
    /// never be taken by it.
    private func checkNoPredicates(_ raise: RaiseUse, log: inout DiagnosticLog) {
        guard let row = rows.first(where: { $0.eventIndex == raise.event && !$0.guardClause.predicates.isEmpty })
        else { return }
        let type = headers.predicateTypes[row.guardClause.predicates[0].type].name.text
        log.error(
            .raisedEvent,
            "'^\(raise.syntax.name)' cannot be raised: a raised event comes without predicate values, and a row for it matches '\(type)'; ask a condition in that row instead",
            at: raise.syntax.location,
            notes: [.init("row matching '\(type)' for '\(raise.syntax.name)'", at: row.location)])
    }

    /// Each value of the raised event is found by its label where the event is raised
    /// (Language reference › Raised events): in a row, a value of the same label and type
    /// that every event of the row carries, else the value of the state that takes the row
    /// (every state below it, for a superstate's row); in an entry or exit list, a value of
    /// that state; in an initial row, a value that every row following it carries, as its
    /// other actions read them (`initialRowUses`).
    private func checkCarriedValues(_ raise: RaiseUse, declaration: EventDeclaration?, log: inout DiagnosticLog) {
        guard let declaration, let first = declaration.parameters.first else { return }
        let name = raise.syntax.name
        let note = Diagnostic.Note("event '\(name)' is declared here", at: declaration.name.location)
        switch raise.context {
        case .initialRow(let owner):
            checkCarriedValues(raise, of: declaration, inInitialRowOf: owner, log: &log)
        case .entryExit(let place, let state):
            let stateName = states[state].name.text
            guard let stateDeclaration = headers.stateDeclaration(stateName) else {
                log.error(
                    .raisedEvent,
                    "'^\(name)' is raised by \(place), where no event's values are, but '\(name)' carries '\(first.label)'; raise it from the rows",
                    at: raise.syntax.location, notes: [note])
                return
            }
            for parameter in declaration.parameters {
                guard let held = stateDeclaration.parameter(parameter.label.text) else {
                    log.error(
                        .raisedEvent,
                        "'^\(name)' is raised by \(place) of '\(stateName)', which holds no value '\(parameter.label)' for it to carry; raise it from the rows, or give '\(stateName)' the value",
                        at: raise.syntax.location, notes: [note])
                    return
                }
                guard held.type == parameter.type else {
                    log.error(
                        .raisedEvent,
                        "'^\(name)' carries '\(parameter.label)' as '\(parameter.type)', but state '\(stateName)' holds it as '\(held.type)'",
                        at: raise.syntax.location,
                        notes: [
                            .init("'\(parameter.label)' of '\(stateName)' is declared here", at: held.label.location)
                        ])
                    return
                }
            }
        case .row(let events, let owner):
            for parameter in declaration.parameters {
                for event in events {
                    guard
                        checkCarried(
                            parameter, raise: raise, event: event, owner: owner, declarationNote: note, log: &log)
                    else { return }
                }
            }
        }
    }

    /// Each value of an event raised in the initial row of `owner`, carried by every row that
    /// follows that initial row with the event's type; none where a new machine starts.
    private func checkCarriedValues(
        _ raise: RaiseUse, of declaration: EventDeclaration, inInitialRowOf owner: StateID, log: inout DiagnosticLog
    ) {
        let name = raise.syntax.name
        let ownerName = states[owner].name.text
        if initialRowsFollowedAtStart.contains(owner) {
            log.error(
                .raisedEvent,
                "'^\(name)' is raised by the initial row of '\(ownerName)', which a new machine follows when it starts, where no row's values are, but '\(name)' carries '\(declaration.parameters[0].label)'; raise it from the rows",
                at: raise.syntax.location,
                notes: [.init("event '\(name)' is declared here", at: declaration.name.location)])
            return
        }
        for entry in rowsFollowingInitialRows(of: [owner])[owner] ?? [] {
            let row = rows[entry.row]
            for parameter in declaration.parameters {
                let found = carried(parameter.label.text, row: entry.row, source: entry.source)
                guard found?.type != parameter.type else { continue }
                let message =
                    found.map {
                        "'^\(name)' carries '\(parameter.label)' as '\(parameter.type)', but \($0.owner) of the row that enters '\(ownerName)' gives it as '\($0.type)'"
                    }
                    ?? "'^\(name)' carries '\(parameter.label)' from the row that enters '\(ownerName)', but neither event '\(row.event)' nor state '\(states[entry.source].name)' has a value '\(parameter.label)'; raise it from the rows, or give one of them the value"
                log.error(
                    .raisedEvent, message,
                    at: raise.syntax.location,
                    notes: [
                        .init(
                            "row of '\(states[entry.source].name)' for '\(row.event)' enters '\(ownerName)' here",
                            at: row.nextState?.location ?? row.location)
                    ])
                return
            }
        }
    }

    /// Whether a row of `owner` for `event` gives the raised event's value `parameter`: from
    /// the event, else from the state that takes the row; reported when it does not.
    private func checkCarried(
        _ parameter: ParameterSyntax, raise: RaiseUse, event: NameSyntax, owner: StateID,
        declarationNote note: Diagnostic.Note, log: inout DiagnosticLog
    ) -> Bool {
        let name = raise.syntax.name
        let label = parameter.label.text
        let source = headers.eventDeclarationIndex[event.text].map { headers.eventDeclarations[$0] }
        if let given = source?.parameter(label) {
            guard given.type == parameter.type else {
                log.error(
                    .raisedEvent,
                    "'^\(name)' carries '\(label)' as '\(parameter.type)', but event '\(event)' of the row gives it as '\(given.type)'",
                    at: raise.syntax.location,
                    notes: [.init("'\(label)' of '\(event)' is declared here", at: given.label.location)])
                return false
            }
            return true
        }
        let ownerName = states[owner].name.text
        let scopes = declarations.scopes
        switch scopes.hasData ? scopes.lookup(label, inRowsOf: ownerName) : .missing(state: ownerName) {
        case .value(let type) where type == parameter.type:
            return true
        case .value(let type):
            let leaves = scopes.leaves(under: ownerName)
            let holder = leaves == [ownerName] ? "state '\(ownerName)'" : "the states below '\(ownerName)'"
            let held = headers.stateDeclaration(leaves[0])?.parameter(label)
            log.error(
                .raisedEvent,
                "'^\(name)' carries '\(label)' as '\(parameter.type)', but \(holder) hold\(leaves.count == 1 ? "s" : "") it as '\(type)'",
                at: raise.syntax.location,
                notes: held.map { [.init("'\(label)' of '\(leaves[0])' is declared here", at: $0.label.location)] } ?? [
                    note
                ])
        case .typesDiffer(let first, let other):
            log.error(
                .raisedEvent,
                "'^\(name)' carries '\(label)', which states '\(first.state)' and '\(other.state)' below '\(ownerName)' hold with different types",
                at: raise.syntax.location,
                notes: [
                    .init("'\(label)' of '\(first.state)' is declared here", at: first.parameter.label.location),
                    .init("'\(label)' of '\(other.state)' is declared here", at: other.parameter.label.location),
                ])
        case .missing where !scopes.hasData:
            log.error(
                .raisedEvent,
                "'^\(name)' carries '\(label)', which event '\(event)' of the row does not: a raised event takes its values by label from the row's event",
                at: raise.syntax.location, notes: [note])
        case .missing(let state):
            let holder = state == ownerName ? "state '\(state)'" : "state '\(state)' below '\(ownerName)'"
            log.error(
                .raisedEvent,
                "'^\(name)' carries '\(label)', which neither event '\(event)' of the row nor \(holder) has: a raised event takes its values by label from the row's event, else from the state",
                at: raise.syntax.location, notes: [note])
        case .parallel:
            log.error(
                .raisedEvent,
                "'^\(name)' carries '\(label)', which event '\(event)' of the row does not, and a row of parallel state '\(ownerName)' (or of a state above one) reads no state values",
                at: raise.syntax.location, notes: [note])
        }
        return false
    }
}

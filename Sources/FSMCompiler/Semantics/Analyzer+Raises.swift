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

    /// Each value of the raised event is a value of the same label and type that every
    /// event of the row carries; an entry, exit or initial row's action has none to give.
    private func checkCarriedValues(_ raise: RaiseUse, declaration: EventDeclaration?, log: inout DiagnosticLog) {
        guard let declaration, let first = declaration.parameters.first else { return }
        let name = raise.syntax.name
        let note = Diagnostic.Note("event '\(name)' is declared here", at: declaration.name.location)
        let events: [NameSyntax]
        switch raise.context {
        case .withoutValues(let place):
            log.error(
                .raisedEvent,
                "'^\(name)' is raised by \(place), where no event's values are, but '\(name)' carries '\(first.label)'; raise it from the rows",
                at: raise.syntax.location, notes: [note])
            return
        case .row(let rowEvents):
            events = rowEvents
        }
        for parameter in declaration.parameters {
            for event in events {
                let source = headers.eventDeclarationIndex[event.text].map { headers.eventDeclarations[$0] }
                guard let given = source?.parameter(parameter.label.text) else {
                    log.error(
                        .raisedEvent,
                        "'^\(name)' carries '\(parameter.label)', which event '\(event)' of the row does not: a raised event takes its values by label from the row's event",
                        at: raise.syntax.location, notes: [note])
                    return
                }
                guard given.type == parameter.type else {
                    log.error(
                        .raisedEvent,
                        "'^\(name)' carries '\(parameter.label)' as '\(parameter.type)', but event '\(event)' of the row gives it as '\(given.type)'",
                        at: raise.syntax.location,
                        notes: [.init("'\(parameter.label)' of '\(event)' is declared here", at: given.label.location)])
                    return
                }
            }
        }
    }
}

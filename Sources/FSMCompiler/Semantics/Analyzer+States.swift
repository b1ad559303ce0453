extension Analyzer {
    /// Merges every definition of each state name and collects its rows, one per event,
    /// with the events and guards of enclosing blocks folded in.
    mutating func declareStates(_ syntax: StateMachineSyntax) {
        for spec in syntax.states {
            let index = declare(spec)
            let modifierActions = (spec.entry?.names ?? []) + (spec.exit?.names ?? [])
            for action in modifierActions.sorted(by: { $0.location < $1.location }) {
                _ = actions.index(of: action)
            }
            collectRows(spec.items, owner: index, events: [], terms: [], isOverride: false)
        }
    }

    /// The record for `spec`'s name, created on first sight; later definitions add
    /// superstates and must repeat the entry and exit lists exactly, if they give them.
    private mutating func declare(_ spec: StateSyntax) -> Int {
        let index: Int
        if let existing = stateIndex[spec.name.text] {
            index = existing
        } else {
            index = states.count
            stateIndex[spec.name.text] = index
            states.append(StateRecord(name: spec.name, isAbstract: spec.isAbstract))
        }
        markAbstractOrConcrete(index, spec)
        for superstate in spec.superstates where !states[index].superstateNames.contains(where: { $0.text == superstate.text }) {
            states[index].superstateNames.append(superstate)
        }
        mergeActions(spec.entry, into: \.entry, of: index, kind: "entry")
        mergeActions(spec.exit, into: \.exit, of: index, kind: "exit")
        return index
    }

    private mutating func markAbstractOrConcrete(_ index: Int, _ spec: StateSyntax) {
        let wasMixed = states[index].abstractAt != nil && states[index].concreteAt != nil
        if spec.isAbstract {
            states[index].abstractAt = states[index].abstractAt ?? spec.name.location
            states[index].isAbstract = true
        } else {
            states[index].concreteAt = states[index].concreteAt ?? spec.name.location
        }
        guard !wasMixed, let abstractAt = states[index].abstractAt, let concreteAt = states[index].concreteAt else { return }
        let name = spec.name.text
        let (later, earlier) = abstractAt < concreteAt ? (concreteAt, abstractAt) : (abstractAt, concreteAt)
        warning(.abstractAndConcrete,
                "state '\(name)' is written both as '(\(name))' and as '\(name)'; it is abstract",
                at: later, notes: [.init("also written here", at: earlier)])
    }

    /// A later definition may repeat a state's entry or exit list, but not change it.
    private mutating func mergeActions(_ list: ActionListSyntax?, into field: WritableKeyPath<StateRecord, ActionListSyntax?>,
                                       of index: Int, kind: String) {
        guard let list else { return }
        guard let first = states[index][keyPath: field] else {
            states[index][keyPath: field] = list
            return
        }
        guard list.names.map(\.text) != first.names.map(\.text) else { return }
        error(.inconsistentEntryExit,
              "state '\(states[index].name)' is given different \(kind) actions; give them once, or repeat them exactly",
              at: list.location, notes: [.init("\(kind) actions first given here", at: first.location)])
    }

    /// Walks a block's items with the context of the blocks around them.
    private mutating func collectRows(_ items: [BodyItemSyntax], owner: Int, events: [NameSyntax],
                                      terms: [GuardTermSyntax], isOverride: Bool) {
        for item in items {
            switch item {
            case .row(let row):
                if let guardClause = row.guardClause { checkNotEmpty(guardClause) }
                let rowTerms = terms + (row.guardClause?.terms ?? [])
                for event in row.events.isEmpty ? events : row.events {
                    let eventIndex = self.events.index(of: event)
                    for action in row.actions { _ = actions.index(of: action) }
                    states[owner].rows.append(rows.count)
                    rows.append(RowRecord(owner: owner, event: event, eventIndex: eventIndex, terms: rowTerms,
                                          nextState: row.nextState, actions: row.actions, isOverride: isOverride,
                                          location: row.events.isEmpty ? row.location : event.location))
                }
            case .eventBlock(let blockEvents, let blockItems, let location):
                if blockItems.isEmpty {
                    let names = blockEvents.map(\.text).joined(separator: " | ")
                    error(.emptyBlock, "event block for '\(names)' is empty; give it rows or remove it", at: location)
                }
                collectRows(blockItems, owner: owner, events: blockEvents, terms: terms, isOverride: isOverride)
            case .guardBlock(let guardClause, let blockItems):
                checkNotEmpty(guardClause)
                if blockItems.isEmpty {
                    error(.emptyBlock, "guard block is empty; give it rows or remove it", at: guardClause.location)
                }
                collectRows(blockItems, owner: owner, events: events, terms: terms + guardClause.terms,
                            isOverride: isOverride)
            case .overrideBlock(let blockItems, let location):
                if blockItems.isEmpty {
                    error(.emptyBlock, "override block is empty; give it rows or remove it", at: location)
                }
                collectRows(blockItems, owner: owner, events: events, terms: terms, isOverride: true)
            case .placeholder:
                break
            }
        }
    }

    private mutating func checkNotEmpty(_ guardClause: GuardSyntax) {
        if guardClause.terms.isEmpty {
            error(.emptyGuard, "empty guard '[]'; add predicate matches or conditions, or remove it",
                  at: guardClause.location)
        }
    }
}

extension Analyzer {
    /// Assembles the model from tables that the checks have left free of errors.
    func makeStateMachine() -> StateMachine {
        let types = typeNames
        let actionIndex = { (name: NameSyntax) in actions.lookup(name.text)! }
        var machineStates: [State] = states.map { record in
            State(named: named(record.name, SwiftNames.lowerCamel(record.name.text)),
                  isAbstract: record.isAbstract,
                  superstates: record.superstates,
                  ownEntryActions: (record.entry?.names ?? []).map(actionIndex),
                  ownExitActions: (record.exit?.names ?? []).map(actionIndex),
                  entryActions: [], exitActions: [], transitions: [], dispatch: [])
        }
        for index in machineStates.indices {
            let lineage = ancestors[index] + [index]
            machineStates[index].entryActions = lineage.flatMap { machineStates[$0].ownEntryActions }
            machineStates[index].exitActions = lineage.reversed().flatMap { machineStates[$0].ownExitActions }
        }
        for index in machineStates.indices where !machineStates[index].isAbstract {
            machineStates[index].transitions = effectiveRows[index].map { transition(for: $0, in: index, machineStates) }
            machineStates[index].dispatch = dispatches[index] ?? []
        }
        return StateMachine(
            name: named(header.fsmName!, types.machine),
            typeName: types.machine,
            actionsProtocolName: types.actions,
            stateTypeName: types.state,
            eventTypeName: types.event,
            entryExit: header.entryExit,
            initialState: stateIndex[header.initialState!.text]!,
            states: machineStates,
            events: events.names.map { named($0, SwiftNames.lowerCamel($0.text)) },
            actions: actions.names.map { named($0, SwiftNames.lowerCamel($0.text)) },
            conditions: conditions.names.map { named($0, SwiftNames.lowerCamel($0.text)) },
            predicateTypes: predicateTypes.map { type in
                PredicateType(type: named(type.name, SwiftNames.upperCamel(type.name.text)),
                              cases: type.cases.map { named($0, SwiftNames.lowerCamel($0.text)) },
                              parameterName: SwiftNames.lowerCamel(type.name.text))
            })
    }

    /// Reads the row's fields in place: a copy of the whole `RowRecord` per transition
    /// retains and releases each of its arrays and strings.
    private func transition(for row: Int, in state: Int, _ machineStates: [State]) -> Transition {
        let staysInState = rows[row].nextState == nil
        let target = staysInState ? state : rows[row].target!
        let runsExitAndEntry = switch header.entryExit {
        case .uml: !staysInState
        case .always: true
        case .onChange: target != state
        }
        let rowActions = rows[row].actions.map { actions.lookup($0.text)! }
        var effects = rowActions
        if runsExitAndEntry {
            effects = machineStates[state].exitActions
            effects.reserveCapacity(effects.count + rowActions.count + machineStates[target].entryActions.count)
            effects += rowActions
            effects += machineStates[target].entryActions
        }
        return Transition(event: rows[row].eventIndex, guardClause: rows[row].guardClause, target: target,
                          staysInState: staysInState, actions: rowActions,
                          runsExitAndEntry: runsExitAndEntry, effects: effects,
                          declaredIn: rows[row].owner, location: rows[row].location)
    }

    private func named(_ name: NameSyntax, _ swiftName: String) -> Named {
        Named(name: name.text, swiftName: swiftName, location: name.location)
    }
}

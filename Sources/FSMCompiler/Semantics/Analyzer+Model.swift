extension Analysis {
    /// Assembles the model from phases that reported no errors; nil if a piece it needs is
    /// missing (which an error has then reported).
    func makeStateMachine() -> StateMachine? {
        guard let fsmName = headers.fsmName, let initialTarget = resolution.initialState else { return nil }
        let types = typeNames
        let statechart = statechart
        let initialState = statechart.entering(initialTarget, from: nil)[0].leaf
        var machineStates = IDArray<StateID, State>(
            states.indices.map { index in
                let record = states[index]
                return State(
                    named: named(record.name, SwiftNames.lowerCamel(record.name.text)),
                    isAbstract: record.isAbstract,
                    superstates: resolution.superstates[index],
                    ownEntryActions: record.entry?.actions ?? [],
                    ownExitActions: record.exit?.actions ?? [],
                    entryActions: [], exitActions: [], transitions: [],
                    initialSubstate: resolution.initialSubstate[index],
                    initialActions: resolution.initialActions[index],
                    history: resolution.history[index])
            })
        for index in machineStates.indices {
            machineStates[index].ancestors = resolution.ancestors[index]
            let lineage = resolution.ancestors[index] + [index]
            machineStates[index].entryActions = lineage.flatMap { machineStates[$0].ownEntryActions }
            machineStates[index].exitActions = lineage.reversed().flatMap { machineStates[$0].ownExitActions }
        }
        for index in machineStates.indices {
            machineStates[index].isParallel = resolution.isParallel[index]
            machineStates[index].substates = resolution.substates[index]
        }
        // A parallel state's transitions are its level rows, which fire when no region
        // takes the event.
        for index in machineStates.indices where !machineStates[index].isAbstract || machineStates[index].isParallel {
            var transitions: [Transition] = []
            transitions.reserveCapacity(flattening.effectiveRows[index].count)
            for row in flattening.effectiveRows[index] {
                guard let transition = transition(for: row, in: index, statechart) else { return nil }
                transitions.append(transition)
            }
            machineStates[index].transitions = transitions
        }
        var machine = StateMachine(
            name: named(fsmName, types.machine),
            actionsHeader: headers.actionsName?.text,
            entryExit: headers.entryExit,
            initialState: initialState,
            initialTarget: initialTarget,
            states: machineStates,
            events: IDArray(
                declarations.events.names.indices.map { index in
                    let name = declarations.events.names[index]
                    return named(
                        name, declarations.timers[index].map(timerCaseName) ?? SwiftNames.lowerCamel(name.text))
                }),
            actions: IDArray(declarations.actions.names.map { named($0, SwiftNames.lowerCamel($0.text)) }),
            conditions: IDArray(declarations.conditions.names.map { named($0, SwiftNames.lowerCamel($0.text)) }),
            predicateTypes: predicateTypes.mapElements { type in
                PredicateType(
                    type: named(type.name, predicateTypeName(type.name)),
                    cases: type.cases.map { named($0, SwiftNames.lowerCamel($0.text)) },
                    parameterName: SwiftNames.lowerCamel(type.name.text))
            })
        machine.eventParameters = declarations.events.names.mapElements { name in
            let declared = headers.eventDeclarationIndex[name.text].map { headers.eventDeclarations[$0].parameters }
            return (declared ?? []).map { EventParameter(label: $0.label.text, type: $0.type) }
        }
        func parameters(_ key: String) -> [EventParameter] { signatures.parameters[key] ?? [] }
        machine.conditionCalls = declarations.conditionCalls
        if !declarations.timers.isEmpty {
            machine.eventTimers = IDArray(declarations.events.names.indices.map { declarations.timers[$0] })
        }
        machine.imports = headers.imports.map(\.text)
        machine.isolation = headers.isolation?.text
        let asyncNames = Set(headers.asyncNames.map(\.text))
        machine.asyncActions = declarations.actions.names.mapElements { asyncNames.contains($0.text) }
        machine.asyncConditions = declarations.conditions.names.mapElements { asyncNames.contains($0.text) }
        machine.isObservable = headers.isObservable
        machine.hasStart = hasStart
        machine.alwaysEvent = alwaysEvent
        machine.raisesEvents = !declarations.raises.isEmpty
        if hasStart { machine.startActions = statechart.entryActions(of: statechart.starting(at: initialTarget)) }
        if machine.hasRegions {
            machine.initialConfiguration = statechart.initialConfiguration(entering: initialTarget).leaves
            machine.initialState = machine.initialConfiguration[0]
        } else {
            machine.initialConfiguration = [initialState]
        }
        machine.actionParameters = declarations.actions.names.mapElements { parameters($0.text) }
        if !headers.stateDeclarations.isEmpty {
            machine.stateParameters = IDArray(
                states.indices.map { state in
                    self.parameters(of: state).map { EventParameter(label: $0.label.text, type: $0.type) }
                })
            machine.actionResults = declarations.actions.names.mapElements { signatures.results[$0.text] }
            machine.stateDataConformances = headers.stateDataConformances.map(\.text)
            machine.stateDataLocation = headers.stateDataHeader?.location
            for index in machine.states.indices {
                machine.states[index].initialValues = states[index].initialRows.first?.values?.values.map(\.model) ?? []
            }
        }
        machine.conditionParameters = declarations.conditions.names.mapElements { parameters("?" + $0.text) }
        return machine
    }

    /// Reads the row's fields in place: a copy of the whole `RowRecord` per transition
    /// retains and releases each of its arrays and strings.
    private func transition(for row: Int, in state: StateID, _ statechart: Statechart) -> Transition? {
        let namedTarget: StateID?
        switch resolution.destinations[row] {
        case .stay: namedTarget = nil
        case .state(let next): namedTarget = next
        case .undefined: return nil
        }
        let arrivals = statechart.arrivals(from: state, to: namedTarget, rowActions: rows[row].actions)
        let runsExitAndEntry =
            switch headers.entryExit {
            case .uml: namedTarget != nil
            case .always: true
            case .onChange: arrivals[0].target != state
            }
        var transition = Transition(
            event: rows[row].eventIndex, guardClause: rows[row].guardClause,
            staysInState: namedTarget == nil, actions: rows[row].actions,
            runsExitAndEntry: runsExitAndEntry,
            namedTarget: namedTarget, arrivals: arrivals,
            declaredIn: rows[row].owner, location: rows[row].location)
        transition.forkTargets = resolution.forkTargets[row]
        transition.givenValues = rows[row].writtenValues.compactMap { written in
            let target = written.target.map { declarations.stateIndex[$0.text] } ?? state
            return target.map { GivenValues(state: $0, values: written.values.map(\.model)) }
        }
        return transition
    }

    private func named(_ name: NameSyntax, _ swiftName: String) -> Named {
        Named(name: name.text, swiftName: swiftName, location: name.location)
    }
}

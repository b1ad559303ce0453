/// How a generated machine holds its configuration, and so what the parts of the machine
/// class that read or write it look like (The generated Swift › The state enum, Regions).
/// The Translator is generic over it: the mode is a type, chosen once per machine, and the
/// parts that differ are this protocol's requirements.
///
/// - `EnumLayout`: a machine without parallel states is in one state at a time, a case of
///   the state enum; dispatch is a `switch` on it, and a transition's exits, entries and
///   histories are decided at compile time, one way per history it may find stored.
/// - `ConfigurationLayout`: a machine with parallel states holds a configuration, an enum
///   whose parallel cases carry a struct of region values; dispatch switches region by
///   region, and what depends on other regions or on a history runs in helpers.
protocol StateLayout {
    /// The declaration of the state type.
    func stateDeclaration(in translator: Translator<Self>) -> SwiftDeclaration
    /// Where states hold data, the declarations of the states without their values (what
    /// `state.name` is) and the conformances the `StateData:` header claims.
    func stateNameDeclarations(in translator: Translator<Self>) -> [SwiftDeclaration]
    /// The entry actions and initial rows' actions a new machine runs when it starts.
    func startActionStatements(in translator: Translator<Self>) -> [SwiftStatement]
    /// The initial configuration as a value: `.off`, `.media(PlayerState.Media(…))`.
    func initialValue(in translator: Translator<Self>) -> SwiftExpression
    /// The Swift type a history of `state` stores (without the optional).
    func historyType(of state: StateID, in translator: Translator<Self>) -> String
    /// What the history struct's documentation says a history of `state` holds.
    func historyDocumentation(of state: StateID, in translator: Translator<Self>) -> String
    /// Every event dispatch the machine generates, in any state.
    func eventDispatches(in translator: Translator<Self>) -> [EventDispatch]
    /// The condition calls whose answers two rows share, with those of the layout's own
    /// functions.
    func sharedConditionCalls(in translator: Translator<Self>) -> [ConditionCallID]
    /// `canHandle(_:)`.
    func canHandleFunction(in translator: Translator<Self>) -> SwiftDeclaration
    /// The functions that dispatch an event from the state.
    func dispatchFunctions(in translator: Translator<Self>) -> [SwiftDeclaration]
    /// The functions that start, cancel and dispatch the timers.
    func timerFunctions(in translator: Translator<Self>) -> [SwiftDeclaration]
    /// The helpers the transitions call (leaving and entering regions and superstates by
    /// what is active or stored at run time), after every other member.
    func helperFunctions(in translator: Translator<Self>) -> [SwiftDeclaration]
    /// Statements that run `failure` when the configuration `state` has a state that an
    /// `always` row without a condition leaves at once; none when no state has one.
    func refusingStatesThatMoveOn(
        _ state: SwiftExpression, with failure: SwiftStatement, in translator: Translator<Self>
    )
        -> [SwiftStatement]
    /// Whether the step that did `outcome` goes on (Language reference › Run to completion),
    /// as a condition: `stepGoesOn(after: outcome)`, decided by the outcome, or `stepGoesOn()`,
    /// decided by the configuration and the raised events; nil when no step goes on.
    func stepGoesOn(after outcome: SwiftExpression, in translator: Translator<Self>) -> SwiftExpression?
}

/// A machine without parallel states: one state at a time, a case of the state enum.
struct EnumLayout: StateLayout {
    func stateDeclaration(in translator: Translator<Self>) -> SwiftDeclaration { translator.stateEnum }

    func stateNameDeclarations(in translator: Translator<Self>) -> [SwiftDeclaration] { translator.stateNameEnums }

    func startActionStatements(in translator: Translator<Self>) -> [SwiftStatement] {
        translator.startActionStatements
    }

    func initialValue(in translator: Translator<Self>) -> SwiftExpression {
        .implicitMember(translator.initialState.swiftName)
    }

    func historyType(of state: StateID, in translator: Translator<Self>) -> String { translator.names.types.state }

    func historyDocumentation(of state: StateID, in translator: Translator<Self>) -> String {
        let info = translator.machine.states[state]
        return "`\(info.name)`: the state last current in it when it was left (\(info.history!.rawValue) history)."
    }

    func eventDispatches(in translator: Translator<Self>) -> [EventDispatch] {
        Array(translator.dispatch.values.joined())
    }

    func sharedConditionCalls(in translator: Translator<Self>) -> [ConditionCallID] {
        eventDispatches(in: translator).flatMap(\.sharedConditions)
    }

    func canHandleFunction(in translator: Translator<Self>) -> SwiftDeclaration { translator.canHandleFunction }

    func dispatchFunctions(in translator: Translator<Self>) -> [SwiftDeclaration] {
        [translator.dispatchFunction] + translator.dispatchedStates.map(translator.stateFunction)
            + translator.alwaysFunctions
    }

    func timerFunctions(in translator: Translator<Self>) -> [SwiftDeclaration] {
        [
            translator.startTimersFunction, translator.startTimerFunction, translator.cancelTimerFunction,
            translator.timerFiredFunction, translator.timerDispatchFunction,
        ]
    }

    func helperFunctions(in translator: Translator<Self>) -> [SwiftDeclaration] { [] }

    func refusingStatesThatMoveOn(
        _ state: SwiftExpression, with failure: SwiftStatement, in translator: Translator<Self>
    )
        -> [SwiftStatement]
    {
        translator.refusingStatesThatMoveOn(state, with: failure)
    }

    func stepGoesOn(after outcome: SwiftExpression, in translator: Translator<Self>) -> SwiftExpression? {
        translator.stepGoesOn(after: outcome)
    }
}

extension ConfigurationLayout: StateLayout {
    func stateDeclaration(in translator: Translator<Self>) -> SwiftDeclaration { translator.configurationEnum }

    func stateNameDeclarations(in translator: Translator<Self>) -> [SwiftDeclaration] {
        translator.configurationNameDeclarations
    }

    func startActionStatements(in translator: Translator<Self>) -> [SwiftStatement] {
        translator.regionStartActionStatements
    }

    func initialValue(in translator: Translator<Self>) -> SwiftExpression {
        value(of: machine.initialConfiguration, in: nil, given: translator.initialLeafValues.values)
    }

    func historyType(of state: StateID, in translator: Translator<Self>) -> String { historyType(of: state) }

    func historyDocumentation(of state: StateID, in translator: Translator<Self>) -> String {
        let info = machine.states[state]
        return
            "`\(info.name)`: what was active in it when the machine last left it or states inside it (\(info.history!.rawValue) history)."
    }

    func eventDispatches(in translator: Translator<Self>) -> [EventDispatch] { translator.regionPlans }

    func sharedConditionCalls(in translator: Translator<Self>) -> [ConditionCallID] {
        translator.regionPlans.flatMap(\.sharedConditions)
            + machine.states.indices.filter { machine.states[$0].isParallel }.flatMap(translator.functionMemo)
    }

    func canHandleFunction(in translator: Translator<Self>) -> SwiftDeclaration {
        translator.regionCanHandleFunction
    }

    func dispatchFunctions(in translator: Translator<Self>) -> [SwiftDeclaration] {
        translator.regionDispatchFunctions + translator.regionAlwaysFunctions
    }

    func timerFunctions(in translator: Translator<Self>) -> [SwiftDeclaration] {
        [
            translator.regionStartTimersFunction, translator.startTimerFunction, translator.cancelTimerFunction,
            translator.timerFiredFunction,
        ] + translator.regionTimerDispatchFunctions
    }

    func helperFunctions(in translator: Translator<Self>) -> [SwiftDeclaration] { translator.regionHelpers }

    func refusingStatesThatMoveOn(
        _ state: SwiftExpression, with failure: SwiftStatement, in translator: Translator<Self>
    )
        -> [SwiftStatement]
    {
        translator.regionRefusingStatesThatMoveOn(state, with: failure)
    }

    func stepGoesOn(after outcome: SwiftExpression, in translator: Translator<Self>) -> SwiftExpression? {
        guard machine.alwaysEvent != nil || machine.raisesEvents else { return nil }
        return .call(.identifier(translator.names.stepGoesOn), [])
    }
}

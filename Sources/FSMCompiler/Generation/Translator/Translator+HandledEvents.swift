// What a machine without regions says it handles: the state enum's `handledEvents` and the
// machine's `canHandle(_:)`.

/// What a user interface asks before it offers an event (issue 19): `canHandle(_:)` on the
/// machine and `handledEvents` on the state enum. Both are read off the flattened rows at
/// compile time and written as `switch` statements: no table at run time. A row counts
/// whatever its conditions: they are asked only when the event is handled, and may reject it.
extension Translator {
    /// The payload-free type of the events: the event enum, or where events carry values,
    /// the enum of their names.
    var eventNamesType: String { machine.hasEventValues ? names.types.eventName : names.types.event }

    /// How one concrete state answers for one app event.
    private enum Answer {
        case always, never
        /// Its rows have predicate guards that do not cover every combination.
        case depends(EventDispatch)
    }

    /// By app event (in `machine.appEvents` order): how `state` answers.
    private func answers(_ state: StateID) -> [(event: EventID, answer: Answer)] {
        let dispatches = Dictionary(
            (dispatch[state] ?? []).map { ($0.event, $0) }, uniquingKeysWith: { first, _ in first })
        return machine.appEvents.map { event in
            guard let dispatch = dispatches[event] else { return (event, .never) }
            return (event, dispatch.isExhaustive ? .always : .depends(dispatch))
        }
    }

    /// The events each concrete state has a row for, in the event enum's order: the state
    /// enum's `handledEvents`. States with one list share a `case`. None for a machine
    /// without app events, whose event enum has no cases.
    var handledEventsProperty: [SwiftDeclaration] {
        guard !machine.appEvents.isEmpty else { return [] }
        var lists: [[EventID]] = []
        var statesByList: [[EventID]: [StateID]] = [:]
        for state in machine.currentStates {
            let list = answers(state).filter { if case .never = $0.answer { false } else { true } }.map(\.event)
            if statesByList[list] == nil { lists.append(list) }
            statesByList[list, default: []].append(state)
        }
        let cases = lists.map { list in
            SwiftCase(
                patterns: statesByList[list]!.map { .enumCase(machine.states[$0].named.swiftName) },
                body: [.returnStatement(.arrayLiteral(list.map { .implicitMember(machine.events[$0].swiftName) }))])
        }
        return [
            .property(
                SwiftProperty(
                    documentation: Self.wrapped(
                        "The events the state has a row for, its own or a superstate's, in the order of"
                            + " `\(eventNamesType).allCases`: those a user interface may offer. A row counts whatever"
                            + " its condition (a false one rejects the event when it is handled)"
                            + (machine.predicateTypes.isEmpty
                                ? "."
                                : ", and so does a row with a predicate guard, for"
                                    + " some of the predicate values: the machine's `canHandle(_:)` takes the values and answers exactly.")
                    ),
                    access: modifier, isVariable: true, name: "handledEvents", type: "[\(eventNamesType)]",
                    getterBody: [.switchStatement(SwiftSwitch(subject: .identifier("self"), cases: cases))]))
        ]
    }

    /// `canHandle(_:)`: a `switch` on the state, then on the event, then, where predicate
    /// guards decide, on the predicate values. States that handle every event (or none)
    /// whatever the values share a `case`. It reads `state` through its getter, so that an
    /// observable machine's observers see the read.
    var canHandleFunction: SwiftDeclaration {
        var always: [SwiftPattern] = []
        var never: [SwiftPattern] = []
        var cases: [SwiftCase] = []
        for state in machine.currentStates {
            let pattern = SwiftPattern.enumCase(machine.states[state].named.swiftName)
            let answers = answers(state)
            if answers.allSatisfy({ if case .always = $0.answer { true } else { false } }) {
                always.append(pattern)
            } else if answers.allSatisfy({ if case .never = $0.answer { true } else { false } }) {
                never.append(pattern)
            } else {
                cases.append(SwiftCase(patterns: [pattern], body: [eventSwitch(answers)]))
            }
        }
        if !never.isEmpty {
            cases.insert(SwiftCase(patterns: never, body: [.returnStatement(.identifier("false"))]), at: 0)
        }
        if !always.isEmpty {
            cases.insert(SwiftCase(patterns: always, body: [.returnStatement(.identifier("true"))]), at: 0)
        }
        let values = machine.predicateTypes.isEmpty ? "" : " with these predicate values"
        return .function(
            SwiftFunction(
                documentation: Self.wrapped(
                    "Whether the current state has a row for `event`\(values), its own or a superstate's:"
                        + " whether `handle` would not return `.unhandled`. A row counts whatever its condition,"
                        + " which `canHandle` does not ask: a false one rejects the event when it is handled."),
                access: modifier, name: "canHandle",
                parameters: [SwiftParameter(label: "_", name: "event", type: eventNamesType)] + predicateParameters,
                returnType: "Swift.Bool",
                body: [.switchStatement(SwiftSwitch(subject: .identifier("state"), cases: cases))]))
    }

    /// `switch event { … }` for a state whose answer differs by event: the events always
    /// handled share a case, those never handled another, and each event whose predicate
    /// values decide has a `switch` on them.
    private func eventSwitch(_ answers: [(event: EventID, answer: Answer)]) -> SwiftStatement {
        var always: [SwiftPattern] = []
        var never: [SwiftPattern] = []
        var depending: [SwiftCase] = []
        for (event, answer) in answers {
            let pattern = SwiftPattern.enumCase(machine.events[event].swiftName)
            switch answer {
            case .always: always.append(pattern)
            case .never: never.append(pattern)
            case .depends(let dispatch):
                let valueSwitch = SwiftSwitch(
                    subject: predicateSubject(of: dispatch),
                    cases: [
                        SwiftCase(
                            patterns: dispatch.handled.map { predicatePattern($0, of: dispatch) },
                            body: [.returnStatement(.identifier("true"))]),
                        SwiftCase(patterns: [], body: [.returnStatement(.identifier("false"))]),
                    ])
                depending.append(SwiftCase(patterns: [pattern], body: [.switchStatement(valueSwitch)]))
            }
        }
        var cases: [SwiftCase] = []
        if !always.isEmpty { cases.append(SwiftCase(patterns: always, body: [.returnStatement(.identifier("true"))])) }
        cases += depending
        if !never.isEmpty { cases.append(SwiftCase(patterns: never, body: [.returnStatement(.identifier("false"))])) }
        return .switchStatement(SwiftSwitch(subject: .identifier("event"), cases: cases))
    }
}

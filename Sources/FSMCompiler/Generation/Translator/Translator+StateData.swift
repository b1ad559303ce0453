// State data in the generated machine (Language reference › State data): a data state is an
// enum case with its values; each state's function receives them, bound by the dispatch's
// `switch`, under their `GeneratedNames.stateValues` names; a row's labels are the event's
// values, else the state's; a transition computes its new values after the exit actions,
// runs the row's actions, writes the new state, and runs the entry actions with the new values.

/// What the labels of a call mean where it is generated: label → the Swift expression of the
/// value (a bound event value, a state's value, a computed local, a literal). A label not in
/// it is an event's value by its `GeneratedNames.values` name, as in machines without data.
typealias ValueScope = [String: SwiftExpression]

extension Translator {
    /// The conformances of a type that holds states (the snapshot, the histories): all of
    /// `Hashable`, `Sendable` and `Codable` without data; with data, those the `StateData:`
    /// header claims (`Equatable` where it claims that and not `Hashable`).
    var stateHolderConformances: [String] {
        guard machine.hasStateData else { return ["Swift.Hashable", "Swift.Sendable", "Swift.Codable"] }
        let claimed = Set(machine.stateDataConformances)
        var conformances: [String] = []
        if claimed.contains("Hashable") {
            conformances.append("Swift.Hashable")
        } else if claimed.contains("Equatable") {
            conformances.append("Swift.Equatable")
        }
        if claimed.contains("Sendable") { conformances.append("Swift.Sendable") }
        if claimed.contains("Codable") { conformances.append("Swift.Codable") }
        return conformances
    }

    /// Whether states can be compared: always without data; with data, where the
    /// `StateData:` header claims `Equatable` or `Hashable`.
    var statesAreEquatable: Bool {
        stateHolderConformances.contains("Swift.Hashable") || stateHolderConformances.contains("Swift.Equatable")
    }

    /// Whether a type that holds states is `Codable`.
    var statesAreCodable: Bool { stateHolderConformances.contains("Swift.Codable") }

    /// The values a new machine's initial state is given: the initial rows' literals, and
    /// each label the initializer takes (`init(actions:url:)`), with its type; nothing for an
    /// initial state without data. In a machine without regions.
    var initialValues: (state: SwiftExpression, parameters: [SwiftParameter])? {
        let leaf = machine.initialState
        let given = initialLeafValues
        guard let state = given.values[leaf] else { return nil }
        return (state, given.parameters)
    }

    /// The data states of the initial configuration with the values a new machine gives
    /// them: the initial rows' literals, and each label the initializer takes
    /// (`init(actions:url:)`), with its type, the first state's that holds it.
    var initialLeafValues: (values: [StateID: SwiftExpression], parameters: [SwiftParameter]) {
        var taken: [SwiftParameter] = []
        var states: [StateID: SwiftExpression] = [:]
        for leaf in machine.initialConfiguration {
            let parameters = machine.parameters(of: leaf)
            guard !parameters.isEmpty else { continue }
            var values: ValueScope = [:]
            for value in machine.enteringValues(of: leaf, by: nil) {
                switch value.source {
                case .argument(.literal(let literal)):
                    values[value.label] = .literal(literal.text)
                case .argument(.label(let label)):
                    let name = names.stateValues[label] ?? label
                    if !taken.contains(where: { $0.name == name }) {
                        let type = parameters.first { $0.label == value.label }!.type
                        taken.append(SwiftParameter(label: label == name ? nil : label, name: name, type: type))
                    }
                    values[value.label] = .identifier(name)
                case .computed:
                    // Refused by the checks: the initializer takes the initial state's values.
                    break
                }
            }
            states[leaf] = stateValue(leaf) { values[$0] ?? .identifier($0) }
        }
        return (states, taken)
    }

    /// `.downloading(url: url, received: received)`: the state `state` with the values its
    /// function has bound; `.idle` for a state without data.
    func currentStateValue(_ state: StateID) -> SwiftExpression {
        stateValue(state) { .identifier(names.stateValues[$0]!) }
    }

    /// The case of `state` with, for each of its values in declaration order, `value(label)`.
    func stateValue(_ state: StateID, _ value: (String) -> SwiftExpression) -> SwiftExpression {
        let name = machine.states[state].named.swiftName
        let parameters = machine.parameters(of: state)
        guard !parameters.isEmpty else { return .implicitMember(name) }
        return .call(.implicitMember(name), parameters.map { SwiftArgument($0.label, value($0.label)) })
    }

    /// `.downloading(let url, let received)`, binding every value under its name in the
    /// bodies; `.idle` for a state without data.
    func statePattern(_ state: StateID) -> SwiftPattern {
        let name = machine.states[state].named.swiftName
        let parameters = machine.parameters(of: state)
        guard !parameters.isEmpty else { return .enumCase(name) }
        return .enumCaseBinding(name, parameters.map { names.stateValues[$0.label] })
    }

    /// `.downloading(_, let received)`: the values the statements read bound, the others
    /// skipped; `.downloading` when they read none.
    func statePattern(_ state: StateID, bindingWhatIsMentionedIn statements: [SwiftStatement]) -> SwiftPattern {
        let name = machine.states[state].named.swiftName
        let bound = machine.parameters(of: state).map { parameter -> String? in
            let local = names.stateValues[parameter.label]!
            return statements.contains { $0.mentions(local) } ? local : nil
        }
        return bound.allSatisfy { $0 == nil } ? .enumCase(name) : .enumCaseBinding(name, bound)
    }

    /// `"Playing(url: \(String(reflecting: url)))"`, or `"Stopped"` for a state without data.
    func stateDescription(_ state: StateID) -> SwiftExpression {
        valuesDescription(
            machine.states[state].named.name,
            machine.parameters(of: state).map { ($0.label, names.stateValues[$0.label]!) })
    }

    /// `"Name(label: \(String(reflecting: local)), …)"` for a state's or an event's values,
    /// each label with the local it is bound to; `"Name"` without values.
    func valuesDescription(_ name: String, _ values: [(label: String, local: String)]) -> SwiftExpression {
        guard !values.isEmpty else { return .stringLiteral(name) }
        var parts: [SwiftStringPart] = [.text(name + "(")]
        for (position, value) in values.enumerated() {
            parts.append(.text((position > 0 ? ", " : "") + value.label + ": "))
            parts.append(
                .value(.call(.typeName("Swift.String"), [SwiftArgument("reflecting", .identifier(value.local))])))
        }
        parts.append(.text(")"))
        return .interpolatedString(parts)
    }

    /// Whether an initial row that `arrival` follows names its target: it gives the values.
    func initialRowNamesTarget(of arrival: Arrival) -> Bool {
        arrival.initialRowsFollowed.contains { machine.states[$0].initialSubstate == arrival.target }
    }

    /// The values of `state` as the parameters of its function.
    func stateValueParameters(_ state: StateID) -> [SwiftParameter] {
        machine.parameters(of: state).map { parameter in
            SwiftParameter(name: names.stateValues[parameter.label]!, type: parameter.type)
        }
    }

    /// The values of `state` passed to its function: `url: url, received: received`.
    func stateValueArguments(_ state: StateID) -> [SwiftArgument] {
        machine.parameters(of: state).map { parameter in
            let name = names.stateValues[parameter.label]!
            return SwiftArgument(name, .identifier(name))
        }
    }

    /// The state's own values: what its exit actions take.
    func stateScope(_ state: StateID) -> ValueScope {
        var scope: ValueScope = [:]
        for parameter in machine.parameters(of: state) {
            scope[parameter.label] = .identifier(names.stateValues[parameter.label]!)
        }
        return scope
    }

    /// The labels of a row of `event` taken in `state`: the event's values, else the state's.
    func rowScope(event: EventID?, state: StateID) -> ValueScope {
        var scope = stateScope(state)
        if let event, machine.eventParameters.indices.contains(event) {
            for parameter in machine.eventParameters[event] {
                scope[parameter.label] = .identifier(names.values[parameter.label] ?? parameter.label)
            }
        }
        return scope
    }

    /// Where a transition writes values: the computing actions' locals, in the order the
    /// values are written (`let newReceived = actions.added(received, bytes)`), and the
    /// state it reaches with its new values, with the scope its entry actions see; nil when
    /// it writes none (a state without data, or `-` that rewrites nothing). A state resumed
    /// by history takes its stored value, and its entry actions no scope: they bind the
    /// values from the state. `writtenByInitialRow` says an initial row wrote them, whose
    /// computing actions run after the row's actions.
    func newValues(
        of transition: Transition, arrival: Arrival, in index: StateID, scope: ValueScope
    ) -> (computations: [SwiftStatement], state: SwiftExpression, entryScope: ValueScope?, writtenByInitialRow: Bool)? {
        let target = arrival.target
        guard !machine.parameters(of: target).isEmpty else { return nil }
        let values: [StateValue]
        var kept: ValueScope = [:]
        let namedByInitialRow = initialRowNamesTarget(of: arrival)
        if target == index && !transition.runsExitAndEntry && transition.namedTarget != target
            || transition.staysInState
        {
            // `-` or `-(…)`: the values it rewrites, the others kept.
            values = transition.givenValues.first { $0.state == index }?.values ?? []
            guard !values.isEmpty || transition.runsExitAndEntry else { return nil }
            kept = stateScope(index)
        } else if transition.namedTarget == target || namedByInitialRow {
            values = machine.enteringValues(
                of: target, by: transition, followingInitialRowsOf: arrival.initialRowsFollowed)
        } else if target == index {
            // The source resumed by the history of a superstate that holds it: its values.
            return ([], currentStateValue(index), stateScope(index), false)
        } else if let restored = arrival.history.first(where: { $0.state == target }) {
            // Resumed by history: the values it held when it was left, which its entry
            // actions read from the state itself. (A shallow history that resumes a
            // superstate of it enters it by an initial row, which gives its values.)
            let stored = SwiftExpression.member(.identifier(historyStorage), historyProperty(restored.superstate))
            return ([], .forceUnwrapped(stored), nil, false)
        } else {
            values = machine.enteringValues(
                of: target, by: transition, followingInitialRowsOf: arrival.initialRowsFollowed)
        }
        var entryScope = kept
        var declared: Set<String> = []
        let computations = writing(values, of: target, into: &entryScope, reading: scope, declared: &declared)
        return (
            computations, stateValue(target) { entryScope[$0]! }, entryScope,
            transition.namedTarget != target && namedByInitialRow
        )
    }

    /// `actions.added(received, bytes)`: a computing action's call, its labels read in
    /// `scope`, awaited where the action is async.
    func computingCall(_ call: ActionCall, scope: ValueScope) -> SwiftExpression {
        let action = call.action!
        let expression = SwiftExpression.call(
            .member(.identifier("actions"), machine.actions[action].swiftName),
            valueArguments(call.arguments, parameters: machine.actionParameters[action], scope: scope))
        return machine.asyncActions[action] ? .await(expression) : expression
    }

    /// Writes `values` of `state` into `written` (label → expression), their labels read in
    /// `scope`: a literal as written, a label as `scope` has it, a computing action's value
    /// as a local (`let newReceived = actions.added(received, bytes)`), whose declarations
    /// it returns in the order the values are written. A local already in `declared` (a
    /// fork's other target) takes the state's name after it.
    func writing(
        _ values: [StateValue], of state: StateID, into written: inout ValueScope, reading scope: ValueScope,
        declared: inout Set<String>
    ) -> [SwiftStatement] {
        var computations: [SwiftStatement] = []
        for value in values {
            switch value.source {
            case .argument(.label(let label)):
                written[value.label] = scope[label] ?? .identifier(names.values[label] ?? label)
            case .argument(.literal(let literal)):
                written[value.label] = .literal(literal.text)
            case .computed(let call):
                var local = names.computedValues[value.label]!
                if declared.contains(local) {
                    local += SwiftNames.unescaped(SwiftNames.upperCamel(machine.states[state].name))
                }
                declared.insert(local)
                computations.append(
                    .declaration(isVariable: false, name: local, type: nil, value: computingCall(call, scope: scope)))
                written[value.label] = .identifier(local)
            }
        }
        return computations
    }

    /// The labels a row's calls and values read, and the actions of the initial rows it
    /// follows (Language reference › State data): the event values its pattern must bind.
    func labelsRead(by transition: Transition) -> Set<String> {
        var labels = Set(transition.actions.flatMap { $0.arguments.compactMap(\.label) })
        for arrival in transition.arrivals {
            for state in arrival.initialRowsFollowed {
                for call in machine.states[state].initialActions {
                    labels.formUnion(call.arguments.compactMap(\.label))
                }
            }
        }
        for given in transition.givenValues {
            for value in given.values {
                switch value.source {
                case .argument(let argument): labels.formUnion([argument.label].compactMap { $0 })
                case .computed(let call): labels.formUnion(call.arguments.compactMap(\.label))
                }
            }
        }
        // A row that names no state (`-`) keeps or rewrites the values: it carries none; nor
        // does a way that resumes the state by history, with the values it held (unless the
        // row or an initial row names it, as `newValues` says).
        for arrival in transition.arrivals
        where !transition.staysInState && !machine.parameters(of: arrival.target).isEmpty {
            let target = arrival.target
            let named = transition.namedTarget == target || initialRowNamesTarget(of: arrival)
            if !named && arrival.history.contains(where: { $0.state == target }) { continue }
            for value in machine.enteringValues(of: arrival.target, by: transition) {
                if case .argument(.label(let label)) = value.source { labels.insert(label) }
                if case .computed(let call) = value.source { labels.formUnion(call.arguments.compactMap(\.label)) }
            }
        }
        return labels
    }
}

extension Translator {
    /// The new value of `target`, which `transition` names (as its target or a fork's), taken
    /// with the labels of `scope`: the computing actions' locals, declared in the order the
    /// values are written, the state with its values, and the scope its entry actions see.
    /// `declared` keeps the locals of the transition's other targets apart.
    func namedValue(
        of target: StateID, by transition: Transition, scope: ValueScope, declared: inout Set<String>
    ) -> (computations: [SwiftStatement], state: SwiftExpression, entryScope: ValueScope) {
        var entryScope: ValueScope = [:]
        let computations = writing(
            machine.enteringValues(of: target, by: transition), of: target, into: &entryScope, reading: scope,
            declared: &declared)
        return (computations, stateValue(target) { entryScope[$0]! }, entryScope)
    }

    /// The new value of `state` after `transition`, a `-(…)` row taken in it, rewrites some
    /// of its values: its computing actions' locals and the state with its values, the
    /// others kept; nil when the row rewrites none.
    func rewrittenValue(of state: StateID, by transition: Transition, scope: ValueScope)
        -> (computations: [SwiftStatement], state: SwiftExpression)?
    {
        guard let given = transition.givenValues.first(where: { $0.state == state }), !given.values.isEmpty else {
            return nil
        }
        var values = stateScope(state)
        var declared: Set<String> = []
        let computations = writing(given.values, of: state, into: &values, reading: scope, declared: &declared)
        return (computations, stateValue(state) { values[$0]! })
    }
}

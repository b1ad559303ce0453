/// State data as the reports, the diagrams and `fsmc simulate` write it (Language
/// reference › State data): the values a row writes, a data state's labels, and what a
/// new machine's initializer takes.
extension StateMachine {
    /// `received: 0, url: url, received: added(received, bytes)`: values as written.
    package func valuesText(_ values: [StateValue]) -> String {
        values.map { $0.text { self.actions[$0].name } }.joined(separator: ", ")
    }

    /// The values `transition` writes for `state` as written, `received: 0`; nil when it
    /// writes none for it.
    package func writtenValuesText(of state: StateID, by transition: Transition) -> String? {
        guard let given = transition.givenValues.first(where: { $0.state == state }), !given.values.isEmpty else {
            return nil
        }
        return valuesText(given.values)
    }

    /// `Downloading(url, received)`: a data state's name with the labels of its values, as
    /// the diagrams name it; the name alone for a state without data.
    package func nameWithLabels(of state: StateID) -> String {
        let parameters = parameters(of: state)
        guard !parameters.isEmpty else { return states[state].name }
        return states[state].name + "(" + parameters.map(\.label).joined(separator: ", ") + ")"
    }

    /// The labels a new machine's initializer takes, in order of first use: the values of
    /// the data states its initial configuration holds that no initial row writes, and
    /// the labels initial rows write them from (Language reference › State data).
    package var initialLabels: [String] {
        var labels: [String] = []
        for leaf in initialConfiguration {
            for value in enteringValues(of: leaf, by: nil) {
                guard case .argument(.label(let label)) = value.source, !labels.contains(label) else { continue }
                labels.append(label)
            }
        }
        return labels
    }

    /// The labels that entering `state` by its own rules reads from the row that enters it,
    /// with their types, in order of first use: those the initial rows on its way carry into
    /// data states or write them from (each region of a parallel state on the way), and with
    /// `resumingShallowHistory`, those of the other substates a shallow history may resume,
    /// each entered by its own rules.
    ///
    /// With `readByActions`, instead: the labels the initial rows' actions on that way read,
    /// with the types of the actions' parameters.
    package func labelsEnteringByRules(_ state: StateID, resumingShallowHistory: Bool, readByActions: Bool = false)
        -> [EventParameter]
    {
        var labels: [EventParameter] = []
        func add(_ label: String, _ type: String) {
            if !labels.contains(where: { $0.label == label }) {
                labels.append(EventParameter(label: label, type: type))
            }
        }
        var visited: Set<StateID> = []
        func walk(_ state: StateID) {
            guard visited.insert(state).inserted else { return }
            let info = states[state]
            if info.isParallel {
                info.substates.forEach(walk)
                return
            }
            guard let target = info.initialSubstate else { return }
            if readByActions {
                for call in info.initialActions {
                    let declared =
                        call.action.map { actionParameters[$0] } ?? call.raisedEvent.map { eventParameters[$0] } ?? []
                    for (argument, parameter) in zip(call.arguments, declared) {
                        if let label = argument.label { add(label, parameter.type) }
                    }
                }
            }
            for parameter in parameters(of: target) where !readByActions {
                guard let value = info.initialValues.first(where: { $0.label == parameter.label }) else {
                    add(parameter.label, parameter.type)
                    continue
                }
                switch value.source {
                case .argument(.label(let label)):
                    add(label, parameter.type)
                case .argument(.literal):
                    break
                case .computed(let call):
                    for (argument, declared) in zip(call.arguments, call.action.map { actionParameters[$0] } ?? []) {
                        if let label = argument.label { add(label, declared.type) }
                    }
                }
            }
            walk(target)
            if resumingShallowHistory && info.history == .shallow {
                for child in info.substates where child != target { walk(child) }
            }
        }
        walk(state)
        return labels
    }
}

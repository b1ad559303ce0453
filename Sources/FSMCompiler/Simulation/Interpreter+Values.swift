/// The values of data states as the interpreter keeps them (Language reference › State
/// data): text, never evaluated. A literal is its text, an event's value the text given
/// with the event, a computing action's value its call with its arguments' texts
/// (`added(0, 512)`), and a value no one gave (an event given by its name alone, a
/// machine restored in a state) its label.
extension Interpreter {
    /// What a label names where an action, a computing action or a raised event reads it.
    struct ValueScope {
        /// The labels of the values of the row's event, each with its text if it was given.
        var event: [String: String?] = [:]
        /// The values the labels name next: of the state that takes the row, of the state an
        /// entry or exit list belongs to, or those a new machine is given.
        var state: [String: String] = [:]

        /// The scope of a row for `event`, given with the texts `values` (nil: by its name
        /// alone), taken in `source`.
        init(event: EventID, values: [String]?, source: StateID, of machine: StateMachine, stored: [StateID: [String]])
        {
            self.init(source, of: machine, stored: stored)
            let labels =
                machine.eventParameters.indices.contains(event) ? machine.eventParameters[event].map(\.label) : []
            for (position, label) in labels.enumerated() {
                self.event[label] = values.flatMap { position < $0.count ? $0[position] : nil }
            }
        }

        /// The scope of `state`'s own values, as `stored` holds them.
        init(_ state: StateID, of machine: StateMachine, stored: [StateID: [String]]) {
            let labels = machine.parameters(of: state).map(\.label)
            let texts = stored[state] ?? labels
            for (label, text) in zip(labels, texts) { self.state[label] = text }
        }

        init(state: [String: String]) {
            self.state = state
        }

        /// The event's value if the event carries the label, else the state's, else the
        /// label itself.
        func text(of label: String) -> String {
            if let given = event[label] { return given ?? label }
            return state[label] ?? label
        }

        func text(of argument: Argument) -> String {
            switch argument {
            case .label(let label): text(of: label)
            case .literal(let literal): literal.text
            }
        }

        /// A value's literal, what its label names, or its computing action's call.
        func text(of value: StateValue, in machine: StateMachine) -> String {
            switch value.source {
            case .argument(let argument): text(of: argument)
            case .computed(let call): text(of: call, in: machine)
            }
        }

        /// `begin("https://x")`, `added(0, 512)`, `^Saved`: a call with its arguments' texts;
        /// `added(…)` when they are longer than `Interpreter.valueTextLimit`.
        func text(of call: ActionCall, in machine: StateMachine) -> String {
            switch call.callee {
            case .raise(let event):
                return "^" + machine.events[event].name
            case .action(let action):
                let name = machine.actions[action].name
                guard !call.arguments.isEmpty else { return name }
                let arguments = call.arguments.map(text(of:)).joined(separator: ", ")
                return name + "(" + (arguments.utf8.count > Interpreter.valueTextLimit ? "…" : arguments) + ")"
            }
        }

        /// The values of `state` that `values` give (the first of a label wins), in the
        /// order of its `State:` header; one not given is its label.
        func texts(of values: [StateValue], for state: StateID, in machine: StateMachine) -> [String] {
            var texts: [String: String] = [:]
            for value in values where texts[value.label] == nil { texts[value.label] = text(of: value, in: machine) }
            return machine.parameters(of: state).map { texts[$0.label] ?? $0.label }
        }
    }

    /// The longest text of a call's arguments that a value keeps (Commands › fsmc simulate):
    /// a value rewritten from itself nests a call per rewrite, `added(added(0, 1), 1)`, and
    /// one computed from itself twice, `f(v, v)`, doubles on every rewrite; past this many
    /// UTF-8 bytes its arguments are shown as `…`, so that every text stays this short.
    package static let valueTextLimit = 100_000

    /// The values of the data states among `leaves` when a new machine is in them: those
    /// its initial rows write, the others taken by label from `initialValues`.
    static func startingValues(of machine: StateMachine, leaves: [StateID], initialValues: [String: String])
        -> [StateID: [String]]
    {
        let scope = ValueScope(state: initialValues)
        var values: [StateID: [String]] = [:]
        for leaf in leaves where !machine.parameters(of: leaf).isEmpty {
            values[leaf] = scope.texts(of: machine.enteringValues(of: leaf, by: nil), for: leaf, in: machine)
        }
        return values
    }

    /// The values of the data states among `leaves` of a restored machine: their labels.
    static func restoredValues(of machine: StateMachine, leaves: [StateID]) -> [StateID: [String]] {
        var values: [StateID: [String]] = [:]
        for leaf in leaves where !machine.parameters(of: leaf).isEmpty {
            values[leaf] = machine.parameters(of: leaf).map(\.label)
        }
        return values
    }

    /// What a row or a start runs, as `fsmc simulate` prints it, and where the values
    /// of data states stand after it.
    struct ValueEffects {
        /// The calls of the effects, in order, with their arguments' texts.
        var calls: [String] = []
        /// Per raised event, in order, the texts of the values it carries.
        var raised: [[String]] = []
        /// The values of every data state that has been active, after the move.
        var values: [StateID: [String]] = [:]
    }

    /// The values after `move`, made by `transition` (nil when the machine starts) taken
    /// in `source` with the row's `scope`, and the calls it runs: exit actions with the
    /// values of their state before the move, the row's actions and initial rows' with the
    /// row's labels, entry actions with their state's values after it (Language reference ›
    /// State data). A state the move enters by naming it, or by an initial row that names
    /// it, is given the values written there and the others by label; one entered by its
    /// history keeps those it had when it was left; a `-(…)` row rewrites the values it
    /// writes of its source.
    func valueEffects(
        of transition: Transition?, from source: StateID?, move: Statechart.Move, scope: ValueScope
    ) -> ValueEffects {
        let machine = self.machine
        var effects = ValueEffects(values: stateValues)
        if let transition, let source {
            if transition.namedTarget == nil {
                if let given = transition.givenValues.first(where: { $0.state == source }) {
                    var rewritten = ValueScope(source, of: machine, stored: stateValues).state
                    for value in given.values { rewritten[value.label] = scope.text(of: value, in: machine) }
                    effects.values[source] = machine.parameters(of: source).map { rewritten[$0.label] ?? $0.label }
                }
            } else {
                for leaf in move.leaves where !machine.parameters(of: leaf).isEmpty {
                    let isNamed = transition.namedTarget == leaf || transition.forkTargets.contains(leaf)
                    let isEntered = move.entered.contains(leaf)
                    let byInitialRow =
                        isEntered && move.initialRowsFollowed.contains { chart.initialSubstate[$0] == leaf }
                    if isNamed || byInitialRow {
                        effects.values[leaf] = scope.texts(
                            of: machine.enteringValues(
                                of: leaf, by: transition, followingInitialRowsOf: move.initialRowsFollowed.sorted()),
                            for: leaf, in: machine)
                    } else if isEntered && effects.values[leaf] == nil {
                        effects.values[leaf] = machine.parameters(of: leaf).map(\.label)
                    }
                }
            }
        }
        func run(_ calls: [ActionCall], in scope: ValueScope) {
            for call in calls {
                effects.calls.append(scope.text(of: call, in: machine))
                if call.raisedEvent != nil { effects.raised.append(call.arguments.map(scope.text(of:))) }
            }
        }
        for state in move.exited {
            run(chart.ownExitActions[state], in: ValueScope(state, of: machine, stored: stateValues))
        }
        if let transition { run(transition.actions, in: scope) }
        for state in move.active {
            if move.entered.contains(state) {
                run(chart.ownEntryActions[state], in: ValueScope(state, of: machine, stored: effects.values))
            }
            if move.initialRowsFollowed.contains(state) { run(chart.initialActions[state], in: scope) }
        }
        return effects
    }
}

/// The names the generated machine class declares for itself, and the names its function
/// bodies give the predicate parameters, chosen so that a user's name never hides one of
/// the generator's and never has to avoid one: where a predicate type would become a
/// parameter named like a member or local of the generated code (`from`, `handle`), the
/// parameter keeps its argument label and takes another name inside the bodies
/// (`from fromValue: From`).
struct GeneratedNames {
    /// The machine's types.
    let types: MachineTypeNames
    /// The property that holds the events actions send, `eventQueue` unless an event
    /// method has that name.
    let eventQueue: String
    /// An observable machine's stored state, its registrar, the key path of its state and
    /// the function that changes the state, named like that unless an event method has the
    /// name.
    let currentState: String
    /// An inlinable machine's stored history, which inlinable code can write.
    let currentHistory: String
    let observationRegistrar: String
    let stateKeyPath: String
    let changeState: String
    /// A machine with `after` rows: the scheduler it was made with and the tokens of its
    /// running timers, named like that unless an event method has the name.
    let timers: String
    let timerTokens: String
    /// A machine with `start()`: whether it has started, and the function that starts it in
    /// its turn, named like that unless an event method has the name.
    let started: String
    let enterInitialConfiguration: String
    /// A machine that raises events: the queue of the events it raised, and the function
    /// that takes a step's `always` rows and then handles those events, named like that
    /// unless an event method has the name.
    let raisedEvents: String
    let completeStep: String
    /// A machine with `always` rows or that raises events: the test of whether a step goes
    /// on, which calls the function that completes it only then, named like that unless an
    /// event method has the name.
    let stepGoesOn: String
    /// A machine with `always` rows: the function that takes them after a step, and (without
    /// regions) the one that dispatches them, named like that unless an event method has
    /// the name.
    let takeAlwaysRows: String
    let dispatchAlways: String
    /// By index into `StateMachine.states` (concrete states only): the state's function.
    let stateFunctions: [StateID: String]
    /// By index into `StateMachine.predicateTypes`: the parameter's name in function
    /// bodies, which is its argument label (`PredicateType.parameterName`) where it can be.
    let predicateParameters: IDArray<PredicateTypeID, String>
    /// By index into `StateMachine.conditionCalls`: the local that keeps a condition's
    /// answer where two rows of one event ask it (`var isRushHour: Swift.Bool? = nil`),
    /// the condition's name where it can be, followed by its arguments' labels
    /// (`isEnoughAmount`) where it has some.
    let conditionAnswers: IDArray<ConditionCallID, String>
    /// By label: the name an event's value has in the bodies (`case .loaded(let duration)`,
    /// and the event method's parameter), which is the label where it can be: not a Swift
    /// keyword, nor a name the bodies use otherwise.
    let values: [String: String]
    /// By label: the name a state's value has in the bodies (`case .downloading(let url, …)`,
    /// and the parameter of the state's function), which is the label where it can be: not a
    /// name an event's value has, so that exit actions and the outcome always reach the
    /// state's own value (Language reference › State data).
    let stateValues: [String: String]
    /// By label: the local that keeps what a computing action returns for a new value
    /// (`let newReceived = actions.added(received, bytes)`).
    let computedValues: [String: String]

    init(_ machine: StateMachine) {
        types = MachineTypeNames(machine)
        let eventMethods = Set(machine.appEvents.map { SwiftNames.unescaped(machine.events[$0].swiftName) })
        eventQueue = Self.unique("eventQueue", suffix: "Storage", avoiding: eventMethods)
        currentState = Self.unique("currentState", suffix: "Storage", avoiding: eventMethods)
        currentHistory = Self.unique("currentHistory", suffix: "Storage", avoiding: eventMethods)
        observationRegistrar = Self.unique("observationRegistrar", suffix: "Storage", avoiding: eventMethods)
        stateKeyPath = Self.unique("stateKeyPath", suffix: "Storage", avoiding: eventMethods)
        changeState = Self.unique("changeState", suffix: "Function", avoiding: eventMethods)
        timers = Self.unique("timers", suffix: "Storage", avoiding: eventMethods)
        timerTokens = Self.unique("timerTokens", suffix: "Storage", avoiding: eventMethods)
        started = Self.unique("started", suffix: "Storage", avoiding: eventMethods)
        enterInitialConfiguration = Self.unique(
            "enterInitialConfiguration", suffix: "Function", avoiding: eventMethods)
        raisedEvents = Self.unique("raisedEvents", suffix: "Storage", avoiding: eventMethods)
        completeStep = Self.unique("completeStep", suffix: "Function", avoiding: eventMethods)
        stepGoesOn = Self.unique("stepGoesOn", suffix: "Function", avoiding: eventMethods)
        takeAlwaysRows = Self.unique("takeAlwaysRows", suffix: "Function", avoiding: eventMethods)
        dispatchAlways = Self.unique("dispatchAlways", suffix: "Function", avoiding: eventMethods)
        var functions: [StateID: String] = [:]
        for state in machine.concreteStates {
            let name = SwiftNames.unescaped(machine.states[state].named.swiftName)
            functions[state] = "handleIn" + name.prefix(1).uppercased() + name.dropFirst()
        }
        stateFunctions = functions
        var taken = ReservedNames.members.union(functions.values).union(
            machine.hasTimers ? ReservedNames.timerMembers : []
        ).union(machine.hasStart ? ReservedNames.startMembers : [])
            .union(machine.raisesEvents ? ReservedNames.raiseMembers : [])
            .union(machine.alwaysEvent != nil ? ReservedNames.alwaysMembers : [])
        predicateParameters = machine.predicateTypes.mapElements { type in
            let label = SwiftNames.unescaped(type.parameterName)
            let name = Self.unique(label, suffix: "Value", avoiding: taken)
            taken.insert(name)
            return name == label ? type.parameterName : name
        }
        taken.formUnion(predicateParameters.map(SwiftNames.unescaped))
        conditionAnswers = machine.conditionCalls.mapElements { call in
            let condition = machine.conditions[call.condition]
            let preferred =
                SwiftNames.unescaped(condition.swiftName)
                + call.arguments.map(Self.namePart).joined()
            let name = Self.unique(preferred, suffix: "Answer", avoiding: taken)
            taken.insert(name)
            return name == preferred && call.arguments.isEmpty ? condition.swiftName : name
        }
        // A value's name is a local of bodies that also name the modules (`Swift.Bool`).
        taken.formUnion(ReservedNames.typeNames)
        var values: [String: String] = [:]
        for label in machine.eventParameters.joined().map(\.label) where values[label] == nil {
            let name = Self.unique(label, suffix: "Value", avoiding: taken.union(SwiftNames.keywords))
            taken.insert(name)
            values[label] = name
        }
        self.values = values
        taken.formUnion(values.values)
        taken.formUnion(machine.eventParameters.joined().map(\.label))
        var stateValues: [String: String] = [:]
        for label in machine.stateParameters.joined().map(\.label) where stateValues[label] == nil {
            let name = Self.unique(label, suffix: "InState", avoiding: taken.union(SwiftNames.keywords))
            taken.insert(name)
            stateValues[label] = name
        }
        self.stateValues = stateValues
        var computedValues: [String: String] = [:]
        for label in machine.stateParameters.joined().map(\.label) where computedValues[label] == nil {
            let name = Self.unique(
                "new" + label.prefix(1).uppercased() + label.dropFirst(), suffix: "Value", avoiding: taken)
            taken.insert(name)
            computedValues[label] = name
        }
        self.computedValues = computedValues
    }

    /// `preferred`, or it with `suffix` (and then a number) until no name in `taken` is it.
    static func unique(_ preferred: String, suffix: String, avoiding taken: Set<String>) -> String {
        guard taken.contains(preferred) else { return preferred }
        var candidate = preferred + suffix
        var number = 1
        while taken.contains(candidate) {
            number += 1
            candidate = preferred + suffix + String(number)
        }
        return candidate
    }

    /// How an argument reads in the name of a condition's kept answer: `isEnough(amount)`
    /// keeps `isEnoughAmount`, `atLeast(3)` `atLeast3`, `is(.open)` `isOpen`, `has("a b")`
    /// `hasAB`, `over(-1.5)` `overMinus1_5`.
    private static func namePart(_ argument: Argument) -> String {
        let text =
            switch argument {
            case .label(let label): label
            case .literal(let literal):
                literal.text.map { character in
                    switch character {
                    case "-": "minus "
                    case ".": literal.kind == .decimal ? "_" : " "
                    default: String(character)
                    }
                }.joined()
            }
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") || !$0.isASCII }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

import FSMCompiler
import FSMTestSupport

/// One event of a differential run, with the predicate values and condition results it is
/// handled with.
struct DifferentialStep: Hashable, Sendable {
    /// Index into the model's events.
    var event: EventID
    /// A case index per predicate type.
    var predicates: IDArray<PredicateTypeID, Int>
    /// A result per condition, whatever values it is asked with.
    var conditions: IDArray<ConditionID, Bool>
    /// The event's values, in the order declared, as text without blanks: an `Int` or a
    /// `Double` in decimal, a `URL` as its text, a `String` as its characters.
    var values: [String] = []

    /// A value of type `type` made from `number`, as text that the driver reads back and
    /// that the generated code prints the same: `7`, `7.5`, `https://example.com/w7`,
    /// `w7`.
    static func value(of type: String, _ number: Int) -> String {
        switch type {
        case "Int": String(number)
        case "Double": "\(number).5"
        case "URL": "https://example.com/w\(number)"
        default: "w\(number)"
        }
    }

    /// Swift that makes a value of type `type` from the text `text` (a `Substring`).
    static func parse(_ text: String, as type: String) -> String {
        switch type {
        case "Int": "Int(\(text))!"
        case "Double": "Double(\(text))!"
        case "URL": "URL(string: String(\(text)))!"
        default: "String(\(text))"
        }
    }

    /// Random steps for `model`; conditions are true three times in four, so that runs
    /// get past guarded rows as well as being rejected by them. In a machine with timers,
    /// one step in four fires a timer, running or not.
    static func random(_ count: Int, for model: StateMachine, seed: UInt64) -> [DifferentialStep] {
        var random = SplitMix64(seed: seed)
        let timers = model.timerEvents
        let appEvents = model.appEvents
        return (0..<count).map { _ in
            let event =
                !timers.isEmpty && random.chance(25)
                ? random.element(of: timers) : appEvents[random.below(appEvents.count)]
            return DifferentialStep(
                event: event,
                predicates: model.predicateTypes.mapElements { random.below($0.cases.count) },
                conditions: model.conditions.mapElements { _ in random.chance(75) },
                values: model.eventParameters[event].map { value(of: $0.type, random.below(100)) })
        }
    }

    /// `vi(7)` for an action or condition called with the labels `arguments`: the event's
    /// values, else those of `state` (a data state's, by label).
    func call(_ name: String, _ arguments: [Argument], of machine: StateMachine, state: [String: String] = [:])
        -> String
    {
        guard !arguments.isEmpty else { return name }
        let labels = machine.eventParameters[event].map(\.label)
        return name + "("
            + arguments.map { argument in
                switch argument {
                case .label(let label): labels.firstIndex(of: label).map { values[$0] } ?? state[label] ?? "?"
                case .literal(let literal): literal.text
                }
            }
            .joined(separator: ",") + ")"
    }

    /// `li(3)` for a call that passes literals only, as entry lists and initial rows do.
    static func literalCall(_ name: String, _ arguments: [Argument]) -> String {
        guard !arguments.isEmpty else { return name }
        return name + "(" + arguments.map(\.text).joined(separator: ",") + ")"
    }

    /// The answer of each condition call: its condition's, as the driver's actions answer
    /// whatever values a condition is asked with.
    func callAnswers(of machine: StateMachine) -> IDArray<ConditionCallID, Bool> {
        IDArray(machine.conditionCalls.map { conditions[$0.condition] })
    }
}

extension StateMachine {
    /// `event` as trace lines and scripts name it: as written, or for a timer, its state
    /// and its event, `A1.after(1s)`, since a state and its superstate may each have one
    /// of a duration.
    func traceName(of event: EventID) -> String {
        guard let timer = timer(of: event) else { return events[event].name }
        return states[timer.owner].name + "." + events[event].name
    }
}

/// The line both sides print for a step, without the guard, which generated code does
/// not report: `S0 E1 -> S2 {a0 a1}`, `S0 E1 rejected`, `S0 E1 unhandled`, then the
/// conditions asked, in order (`?k1,k0`). A timer fires as `S1 A0.after(1s) -> S2 {…}`;
/// the timers a transition cancels and starts are among its actions where the machine
/// calls for them: `{a0 -S1.after(500ms) a1 +S2.after(2min)}`. A machine with timers
/// starts some when it is made: its trace begins `init {+A0.after(1s)}`.
enum DifferentialTrace {
    /// Actions and conditions called with values show them: `{a0 vi(7)}`, `?q(7),k0`.
    /// In a machine with data, `before` are the texts of the values of the state the event
    /// arrived in, which its head shows (`S3(v: 13) E1 -> …`) and its conditions read.
    static func line(
        for step: Interpreter.Step, _ input: DifferentialStep, of machine: StateMachine, before: [String]? = nil
    ) -> String {
        let state = stateScope(step.leaves[0], values: before, of: machine)
        return outcomeLine(for: step, input, of: machine, before: before)
            + askedText(
                step.askedConditions, input, of: machine, state: state,
                raised: raisedAskedTexts(step, input, of: machine))
    }

    /// ` ?k1,q(7)` for the condition calls asked (indices into `machine.conditionCalls`), or "".
    /// A call whose labels neither the event nor `state` gives was asked by a raised event:
    /// `raised` gives its text, with the values that event carried.
    static func askedText(
        _ calls: [ConditionCallID], _ input: DifferentialStep, of machine: StateMachine, state: [String: String] = [:],
        raised: [ConditionCallID: String] = [:]
    ) -> String {
        let labels = Set(machine.eventParameters[input.event].map(\.label))
        let asked = calls.map { id in
            let call = machine.conditionCalls[id]
            let isOwn = call.arguments.allSatisfy { argument in
                argument.label.map { labels.contains($0) || state[$0] != nil } ?? true
            }
            return (isOwn ? nil : raised[id])
                ?? input.call(machine.conditions[call.condition].name, call.arguments, of: machine, state: state)
        }.joined(separator: ",")
        return asked.isEmpty ? "" : " ?" + asked
    }

    /// The texts of the condition calls that raised events asked, with the values each
    /// carried (kept by the interpreter in a machine with data), by call: the first wins.
    /// The raised events are taken in the order they were raised, as the interpreter's queue
    /// takes them, `always` steps between them.
    static func raisedAskedTexts(_ step: Interpreter.Step, _ input: DifferentialStep, of machine: StateMachine)
        -> [ConditionCallID: String]
    {
        func carried(_ firing: Interpreter.Firing) -> [[String]?] {
            firing.raisedValues.count == firing.raisedEvents.count
                ? firing.raisedValues.map { $0 } : firing.raisedEvents.map { _ in nil }
        }
        var queue = step.firings.flatMap(carried)
        var texts: [ConditionCallID: String] = [:]
        for completion in step.completion {
            if completion.event != machine.alwaysEvent, !queue.isEmpty, let values = queue.removeFirst() {
                let event = DifferentialStep(
                    event: completion.event, predicates: input.predicates, conditions: input.conditions,
                    values: values.map(evaluated))
                for id in completion.askedConditions where texts[id] == nil {
                    let call = machine.conditionCalls[id]
                    texts[id] = event.call(machine.conditions[call.condition].name, call.arguments, of: machine)
                }
            }
            queue += completion.firings.flatMap(carried)
        }
        return texts
    }

    private static func outcomeLine(
        for step: Interpreter.Step, _ input: DifferentialStep, of machine: StateMachine, before: [String]?
    ) -> String {
        let head = stateText(step.leaves[0], values: before, of: machine) + " " + machine.traceName(of: step.event)
        let always = alwaysText(step.completion, input, of: machine) { reachedText($0, of: machine) }
        switch step.outcome {
        case .transitioned(let firings):
            // What the interpreter did, read from the hierarchy and the histories at run
            // time, not the transition's effects computed at compile time (which, for a
            // transition that resumes a history, are those of finding it empty).
            let firing = firings[0]
            return head + " -> " + reachedText(firing, of: machine) + " {"
                + (effects(of: firing, input, of: machine) + always.effects).joined(separator: " ") + "}"
                + always.suffix
        case .rejected:
            return head + " rejected" + always.suffix + always.braced
        case .unhandled:
            return head + " unhandled" + always.suffix + always.braced
        }
    }

    /// What a firing ran, as the driver logs it: its actions, with the timers it cancels
    /// right after its exit actions and those it starts after all the rest.
    static func effects(of firing: Interpreter.Firing, _ input: DifferentialStep?, of machine: StateMachine)
        -> [String]
    {
        if machine.hasStateData { return dataEffects(of: firing, of: machine) }
        // A raised event calls no action: it shows where it is handled (`completionText`).
        var effects = firing.effects.compactMap { call -> String? in
            guard let action = call.action else { return nil }
            return input.map { $0.call(machine.actions[action].name, call.arguments, of: machine) }
                ?? DifferentialStep.literalCall(machine.actions[action].name, call.arguments)
        }
        // `exitCount` counts the exit lists' raises too, which `effects` leaves out.
        let exits = firing.effects.prefix(firing.exitCount).filter { $0.action != nil }.count
        effects.insert(contentsOf: firing.cancelledTimers.map { "-" + machine.traceName(of: $0) }, at: exits)
        return effects + firing.startedTimers.map { "+" + machine.traceName(of: $0) }
    }

    /// What followed an event (its `always` steps and the events raised), as the driver
    /// prints them: their actions, which join the event's in its `{…}`; ` ~> X` per `always`
    /// step and ` ^E -> X`, ` ^E rejected` or ` ^E unhandled` per raised event, `X` the
    /// state or configuration it reached as `describe` prints it; `braced`, their actions
    /// in braces for an event that took no row ("" when nothing followed).
    static func alwaysText(
        _ steps: [Interpreter.Step], _ input: DifferentialStep?, of machine: StateMachine,
        describe: (Interpreter.Firing) -> String
    ) -> (effects: [String], suffix: String, braced: String) {
        // A raised event's values show in the actions of the rows that take it.
        let ran = steps.flatMap { step in
            step.firings.flatMap { effects(of: $0, step.event == machine.alwaysEvent ? input : nil, of: machine) }
        }
        let suffix = steps.map { step in
            let reached = step.firings.last.map(describe)
            guard step.event != machine.alwaysEvent else { return " ~> " + reached! }
            let raised = " ^" + machine.events[step.event].name
            switch step.outcome {
            case .transitioned: return raised + " -> " + reached!
            case .rejected: return raised + " rejected"
            case .unhandled: return raised + " unhandled"
            }
        }.joined()
        return (ran, suffix, steps.isEmpty ? "" : " {" + ran.joined(separator: " ") + "}")
    }

    /// What the interpreter's transitions did with superstates and timers, beyond the
    /// trace lines.
    struct StatechartCounts: Sendable {
        /// Transitions whose row names a superstate with an initial row.
        var enteringSuperstates = 0
        /// Transitions that read a stored history holding a state (not the first entry).
        var resumingHistory = 0
        /// Firings of running timers, which the machine handles, and of timers that do not
        /// run (cancelled, fired, or never started), which it ignores.
        var timeouts = 0
        var ignoredFirings = 0
        var regions = RegionCounts()
        var data = DataCounts()
    }

    /// The interpreter's lines for `steps`, from the initial state, after the `init` line of
    /// a machine with timers. A step with two applicable rows of equal rank (an implicit
    /// clash the checks missed) is marked.
    static func interpret(_ steps: [DifferentialStep], on machine: StateMachine) -> [String] {
        var counts = StatechartCounts()
        return interpret(steps, on: machine, counts: &counts)
    }

    static func interpret(_ steps: [DifferentialStep], on machine: StateMachine, counts: inout StatechartCounts)
        -> [String]
    {
        if machine.hasRegions { return interpretConfigurations(steps, on: machine, counts: &counts) }
        var interpreter = Interpreter(
            machine, initialValues: Dictionary(initialValues(of: machine), uniquingKeysWith: { first, _ in first }))
        return initialLines(of: &interpreter, first: steps.first)
            + steps.map { step in
                let before = interpreter.stateValues[interpreter.state]
                let rows = Interpreter.applicableRows(
                    in: machine.states[interpreter.state], event: step.event,
                    predicates: step.predicates, conditions: step.callAnswers(of: machine),
                    active: Set(interpreter.activeStates))
                let history = interpreter.history
                let handled = interpreter.handle(
                    step.event, predicates: step.predicates, conditions: step.callAnswers(of: machine),
                    values: step.values)
                if let transition = handled.firings.first?.transition {
                    if let named = transition.namedTarget, machine.states[named].initialSubstate != nil {
                        counts.enteringSuperstates += 1
                    }
                    // The way of ending that the histories stored before the step select.
                    let arrival = transition.arrivals.first {
                        $0.history.allSatisfy { history[$0.superstate]?.first == $0.state }
                    }
                    if arrival?.history.contains(where: { $0.state != nil }) == true { counts.resumingHistory += 1 }
                }
                if machine.hasStateData { counts.data.add(handled.allFirings, of: machine) }
                if machine.timer(of: step.event) != nil {
                    if handled.outcome == .unhandled { counts.ignoredFirings += 1 } else { counts.timeouts += 1 }
                }
                let line = line(for: handled, step, of: machine, before: before)
                return rows.count > 1 ? line + " !\(rows.count) rows of equal rank" : line
            }
    }

    /// For a machine with `start()`, the line of what starting it ran, which the driver
    /// calls first: `start {li(3) a0 +A0.after(1s)}`, the entry and initial rows' actions,
    /// then the timers started. For a machine without it but with timers, the line of
    /// those it starts when it is made: the timers of its state and the state's
    /// superstates, outermost first (the order of entry), each state's in the order of the
    /// machine's events.
    /// The start answers conditions as `first`, the first step, does.
    static func initialLines(of interpreter: inout Interpreter, first: DifferentialStep?) -> [String] {
        let machine = interpreter.machine
        if machine.hasStart {
            let chart = interpreter.chart
            // Only the entry actions of data states take labels: their own values, in the
            // order `Statechart.entryActions(of:)` lists the start's entry and initial actions.
            let move = chart.starting(at: machine.initialTarget)
            var scopes: [[String: String]] = []
            for state in move.active {
                if move.entered.contains(state) {
                    let scope = stateScope(state, values: interpreter.stateValues[state], of: machine)
                    scopes += machine.states[state].ownEntryActions.map { _ in scope }
                }
                if move.initialRowsFollowed.contains(state) {
                    scopes += machine.states[state].initialActions.map { _ in [:] }
                }
            }
            let start = interpreter.start(conditions: first?.callAnswers(of: machine))
            if scopes.count != start.effects.count { scopes = start.effects.map { _ in [:] } }
            let calls = zip(start.effects, scopes).compactMap { call, scope in
                call.action.map { action in
                    machine.hasStateData
                        ? callText(
                            machine.actions[action].name
                                + (call.arguments.isEmpty
                                    ? ""
                                    : "("
                                        + call.arguments.map { $0.label.flatMap { scope[$0] } ?? $0.text }
                                        .joined(separator: ",") + ")"))
                        : DifferentialStep.literalCall(machine.actions[action].name, call.arguments)
                }
            }
            let timers = start.startedTimers.map { "+" + machine.traceName(of: $0) }
            let always = alwaysText(start.completion, first, of: machine) { firing in
                machine.hasRegions
                    ? configurationText(firing.move.leaves, values: firing.values, chart: chart, of: machine)
                    : reachedText(firing, of: machine)
            }
            let asked = start.askedConditions.map { call in
                DifferentialStep.literalCall(
                    machine.conditions[machine.conditionCalls[call].condition].name,
                    machine.conditionCalls[call].arguments)
            }
            return [
                "start {" + (calls + timers + always.effects).joined(separator: " ") + "}" + always.suffix
                    + (asked.isEmpty ? "" : " ?" + asked.joined(separator: ","))
            ]
        }
        guard machine.hasTimers else { return [] }
        let lineage = machine.states[interpreter.state].ancestors + [interpreter.state]
        let order = { (timer: EventID) in
            (lineage.firstIndex(of: machine.eventTimers[timer]!.owner) ?? lineage.count, timer)
        }
        let started = interpreter.runningTimers.sorted { order($0) < order($1) }
        return ["init {" + started.map { "+" + machine.traceName(of: $0) }.joined(separator: " ") + "}"]
    }

    /// How many lines a trace has before those of the steps: the `start` line of a machine
    /// with `start()`, or the `init` line of one with timers.
    static func initialLineCount(of machine: StateMachine) -> Int { machine.hasStart || machine.hasTimers ? 1 : 0 }
}

/// Writes the Swift that drives generated machines: per machine, actions that record
/// what runs and answer conditions as the script says, and a function that runs a script
/// and prints a `DifferentialTrace` line per step; and a `main.swift` that reads the
/// scripts of several machines from standard input.
///
/// The driver also checks what the trace line cannot show: the outcome returned agrees
/// with the state before and after, `trace(_:outcome:)` is called once per event with that
/// outcome, and `unhandledEvent(_:in:)` exactly when the outcome is unhandled. Any
/// disagreement is appended to the line after `!`, so that it shows up as a divergence.
///
/// A machine with timers runs them on `ScriptedTimers`, whose time never passes. A step
/// that fires a timer first calls the stale `fire`s the scheduler holds for it, as a
/// scheduler that woke late would: that of a start a restart replaced, and that of the
/// latest start when it no longer runs; the machine must ignore them. Then, if the timer
/// runs, it calls its `fire`, and the timeout's `trace(_:outcome:)` gives the outcome,
/// checked as an event's is (but the unhandled-event hook, which takes only the app's
/// events, must not be called); if not, the line says `unhandled`, as the interpreter's does.
enum Driver {
    /// Standard input for the driver: `M <number>`, then one line per step: the event, by
    /// its `traceName`, its values, a case per predicate type, then `1` or `0` per condition.
    static func script(_ steps: [DifferentialStep], for machine: StateMachine, number: Int) -> String {
        var text = "M \(number)\n"
        for step in steps {
            let words =
                [machine.traceName(of: step.event)] + step.values
                + zip(machine.predicateTypes, step.predicates).map { $0.cases[$1].name }
                + step.conditions.map { $0 ? "1" : "0" }
            text += words.joined(separator: " ") + "\n"
        }
        return text
    }

    /// The same steps as standard input for `fsmc simulate`, to reproduce a divergence by
    /// hand. A timer fires as `after(1s)`, which `simulate` takes to be the running timer of
    /// that duration of the outermost state; a comment says which one the step fires.
    static func simulateScript(_ steps: [DifferentialStep], for machine: StateMachine) -> String {
        var text = ""
        var predicates: IDArray<PredicateTypeID, Int?> = machine.predicateTypes.mapElements { _ in nil }
        var conditions: IDArray<ConditionID, Bool?> = machine.conditions.mapElements { _ in nil }
        for step in steps {
            for (index, value) in zip(step.predicates.indices, step.predicates) where predicates[index] != value {
                text +=
                    "\(machine.predicateTypes[index].type.name)=\(machine.predicateTypes[index].cases[value].name)\n"
                predicates[index] = value
            }
            for (index, value) in zip(step.conditions.indices, step.conditions) where conditions[index] != value {
                text += "\(machine.conditions[index].name)=\(value)\n"
                conditions[index] = value
            }
            text += machine.events[step.event].name
            if let timer = machine.timer(of: step.event) {
                text += "  // the timer of \(machine.states[timer.owner].name)"
            }
            let parameters = machine.eventParameters[step.event]
            if !parameters.isEmpty {
                text +=
                    "("
                    + zip(parameters, step.values).map { parameter, value in
                        parameter.label + ": "
                            + (["Int", "Double"].contains(parameter.type) ? value : "\"" + value + "\"")
                    }.joined(separator: ", ") + ")"
            }
            text += "\n"
        }
        return text
    }

    /// The recording actions of `machine` and the function that runs its script. The
    /// actions and the function of a machine isolated to a global actor are isolated to it;
    /// the function is then `async`, and awaits the timeouts of a machine with timers.
    static func machineSource(_ machine: StateMachine, number: Int) -> String {
        let type = MachineTypeNames(machine).machine
        let state = MachineTypeNames(machine).state
        let event = MachineTypeNames(machine).event
        let timer = MachineTypeNames(machine).timer
        let isolation = machine.isolation.map { "@\($0) " } ?? ""
        var lines = [
            "import FSMRuntime",
            "import Foundation",
            "",
            "\(isolation)struct \(type)Recorder: \(MachineTypeNames(machine).actions) {",
            "    var log: [String] = []",
            "    var hooks: [String] = []",
            "    var traces: [String] = []",
        ]
        if machine.hasTimers { lines.append("    var timeouts: [FSMRuntime.Outcome<\(state)>] = []") }
        let hasAlways = machine.alwaysEvent != nil
        // A machine that raises events records what followed each event in one list, in
        // order: its `always` steps (without an event) and the raised events it handled.
        let raises = machine.raisesEvents
        // A condition may be asked again by each `always` step or raised event: the
        // interpreter lists it once.
        let askedExpression =
            hasAlways || raises
            ? "askedText(machine.actions.asked.names)"
            : "(machine.actions.asked.names.isEmpty ? \"\" : \" ?\" + machine.actions.asked.names.joined(separator: \",\"))"
        if raises { lines.append("    var completion: [(event: String?, outcome: FSMRuntime.Outcome<\(state)>)] = []") }
        if hasAlways {
            lines += [
                "    var alwaysSteps: [FSMRuntime.Outcome<\(state)>] = []",
                "    mutating func traceAlways(outcome: FSMRuntime.Outcome<\(state)>) {",
                "        alwaysSteps.append(outcome)" + (raises ? "; completion.append((nil, outcome))" : ""),
                "    }",
            ]
        }
        lines += [
            "    var results: [Bool] = []",
            "    let asked = AskedConditions()",
        ]
        // Called with values, an action logs them as `vi(7)`, `vis(7,w3)`.
        func signature(_ parameters: [EventParameter]) -> (parameters: String, logged: String) {
            guard !parameters.isEmpty else { return ("", "") }
            let names = parameters.indices.map { "v\($0)" }
            return (
                zip(parameters, names).map { "_ \($1): \($0.type)" }.joined(separator: ", "),
                "(" + names.map { "\\(\($0))" }.joined(separator: ",") + ")"
            )
        }
        for id in machine.actions.indices {
            let (action, (declared, logged)) = (machine.actions[id], signature(machine.actionParameters[id]))
            // A computing action (`cv(a, b)`, two `Int`s) returns what the trace evaluates it to.
            let result = machine.actionResults.indices.contains(id) ? machine.actionResults[id] : nil
            lines.append(
                result == nil
                    ? "    mutating func \(action.swiftName)(\(declared)) { log.append(\"\(action.name)\(logged)\") }"
                    : "    mutating func \(action.swiftName)(\(declared)) -> \(result!) { log.append(\"\(action.name)\(logged)\"); return (v0 * 3 + v1) % 1000 }"
            )
        }
        for (index, (condition, parameters)) in zip(machine.conditions, machine.conditionParameters).enumerated() {
            let (declared, logged) = signature(parameters)
            lines.append(
                "    func \(condition.swiftName)(\(declared)) -> Bool { asked.names.append(\"\(condition.name)\(logged)\"); return results[\(index)] }"
            )
        }
        lines += [
            "    mutating func unhandledEvent(_ event: \(event), in state: \(state)) { hooks.append(\"\\(event) in \\(state)\") }",
            "    mutating func trace(_ event: \(event), outcome: FSMRuntime.Outcome<\(state)>) {",
            "        traces.append(\"\\(event) \\(outcome)\")"
                + (raises ? "; completion.append((\"\\(event)\", outcome))" : ""),
            "    }",
        ]
        if machine.hasTimers {
            // Timers start and stop on the machine's scheduler, as by default, and are logged
            // among the actions.
            let scheduler = "any FSMRuntime.TimerScheduler<\(timer)>"
            lines += [
                "    mutating func trace(_ timer: \(timer), outcome: FSMRuntime.Outcome<\(state)>) {",
                "        traces.append(\"\\(timer) \\(outcome)\")",
                "        timeouts.append(outcome)",
                "    }",
                "    mutating func startTimer(_ timer: \(timer), after duration: Duration, on timers: \(scheduler), fire: @escaping @Sendable () async -> Void) {",
                "        log.append(\"+\" + traceName(timer))",
                "        timers.start(timer, after: duration, fire: fire)",
                "    }",
                "    mutating func cancelTimer(_ timer: \(timer), on timers: \(scheduler)) {",
                "        log.append(\"-\" + traceName(timer))",
                "        timers.cancel(timer)",
                "    }",
            ]
        }
        lines += [
            "}",
            "",
            "\(isolation)func run\(type)(_ steps: [[Substring]]) \(isolation.isEmpty ? "" : "async ")-> [String] {",
        ]
        // A machine whose initial state holds values is given them, as the interpreter is.
        let values = DifferentialTrace.initialValues(of: machine).map { label, value in
            ", \(label): " + (Int(value) == nil ? literal(value) : value)
        }.joined()
        lines.append(
            machine.hasTimers
                ? "    let timers = ScriptedTimers<\(timer)>()\n    var machine = \(type)(actions: \(type)Recorder()\(values), timers: timers)"
                : "    var machine = \(type)(actions: \(type)Recorder()\(values))")
        if machine.hasStart {
            // The start answers conditions as the first step does, which would start it.
            let conditionCount = machine.conditions.count
            lines += [
                "    machine.actions.results = steps.first.map { $0.suffix(\(conditionCount)).map { $0 == \"1\" } } ?? Array(repeating: false, count: \(conditionCount))",
                "    \(machine.isAsync ? "await " : "")machine.start()",
                "    var lines = [\"start {\" + machine.actions.log.joined(separator: \" \") + \"}\""
                    + (raises
                        ? " + completionSuffix(machine.actions.completion, after: machine.state).suffix + askedText(machine.actions.asked.names)"
                        : hasAlways
                            ? " + alwaysSuffix(machine.actions.alwaysSteps, after: machine.state).suffix + askedText(machine.actions.asked.names)"
                            : "") + "]",
            ]
        } else if machine.hasTimers {
            lines.append("    var lines = [\"init {\" + machine.actions.log.joined(separator: \" \") + \"}\"]")
        } else {
            lines.append("    var lines: [String] = []")
        }
        // Every third step, the machine goes on as one restored from its snapshot, through
        // JSON: what it does next shows whether the snapshot held all it needed, and the
        // snapshot must come back from JSON equal (`restored` marks the step's line if not).
        lines +=
            [
                "    for (index, step) in steps.enumerated() {",
                "        var restored = \"\"",
                "        if index % 3 == 2 {",
                "            let saved = try! JSONEncoder().encode(machine.snapshot)",
                "            let snapshot = try! JSONDecoder().decode(\(MachineTypeNames(machine).snapshot).self, from: saved)",
                "            if snapshot != machine.snapshot { restored = \" !snapshot through JSON is \\(snapshot)\" }",
                "            machine = \(type)(actions: machine.actions, snapshot: snapshot\(machine.hasTimers ? ", timers: timers" : ""))",
                "        }",
                "        machine.actions.log = []",
                "        machine.actions.hooks = []",
                "        machine.actions.traces = []",
                "        machine.actions.asked.names = []",
            ] + (hasAlways ? ["        machine.actions.alwaysSteps = []"] : [])
            + (raises ? ["        machine.actions.completion = []"] : [])
        // What followed the event or timeout (`completion`, without the event's own trace),
        // and the hooks and traces that were the event's own: the unhandled-event hooks of
        // raised events come after its own, and their traces after its trace.
        func followed(_ completion: String) -> [String] {
            guard raises else {
                return [
                    hasAlways
                        ? "        let (ownAfter, always) = alwaysSuffix(machine.actions.alwaysSteps, after: machine.state)"
                        : "        let (ownAfter, always) = (machine.state, \"\")",
                    "        let (hooks, traces, raisedHooks) = (machine.actions.hooks, machine.actions.traces, \"\")",
                ]
            }
            return [
                "        let (ownAfter, always, raised) = completionSuffix(\(completion), after: machine.state)",
                "        let hooks = Array(machine.actions.hooks.dropLast(raised.count))",
                "        let traces = Array(machine.actions.traces.prefix(1))",
                "        let raisedHooks = machine.actions.hooks.suffix(raised.count) == raised[...] ? \"\" : \" !hooks \\(machine.actions.hooks)\"",
            ]
        }
        if machine.hasTimers {
            lines +=
                [
                    "        machine.actions.timeouts = []",
                    "        if let timer = make\(type)Timer(step) {",
                    "            machine.actions.results = step.dropFirst(\(1 + machine.predicateTypes.count)).map { $0 == \"1\" }",
                    "            let before = machine.state",
                    "            let firing = timers.firing(timer)",
                    "            for stale in firing.stale { await stale() }",
                    "            let staleFirings = staleFiringMark(before: before, after: machine.state, log: machine.actions.log,",
                    "                                               hooks: machine.actions.hooks, traces: machine.actions.traces,",
                    "                                               asked: machine.actions.asked.names)",
                    "            guard let fire = firing.running else {",
                    "                lines.append(\"\\(before) \\(traceName(timer)) unhandled\" + staleFirings + restored)",
                    "                continue",
                    "            }",
                    "            await fire()",
                ] + followed("machine.actions.completion").map { "    " + $0 } + [
                    "            lines.append(describeTimeout(before: before, after: ownAfter, timer: timer, outcomes: machine.actions.timeouts,",
                    "                                         log: machine.actions.log, hooks: hooks, traces: traces, always: always)",
                    "                         + \(askedExpression)",
                    "                         + raisedHooks + staleFirings + restored)",
                    "            continue",
                    "        }",
                ]
        }
        lines += [
            "        let (event, name, first) = make\(type)Event(step)",
            "        machine.actions.results = step.dropFirst(first + \(machine.predicateTypes.count)).map { $0 == \"1\" }",
            "        let before = machine.state",
        ]
        let predicateArguments = machine.predicateTypes.enumerated().map { index, predicate in
            ", \(predicate.parameterName): \(predicate.type.swiftName)(rawValue: String(step[first + \(index)]))!"
        }.joined()
        // What `canHandle` and `handledEvents` said before the event, against what it did.
        let eventName = machine.hasEventValues ? "event.name" : "event"
        lines +=
            [
                "        let canHandle = machine.canHandle(\(eventName)\(predicateArguments))",
                "        let listed = before.handledEvents.contains(\(eventName))",
                "        let outcome = machine.handle(event\(predicateArguments))",
            ] + followed("Array(machine.actions.completion.dropFirst())") + [
                "        lines.append(describe(before: before, after: ownAfter, event: event, name: name, outcome: outcome,",
                "                              log: machine.actions.log, hooks: hooks, traces: traces, always: always)",
                "                     + \(askedExpression)",
                "                     + raisedHooks + handledMark(outcome, canHandle: canHandle, listed: listed) + restored)",
                "    }",
                "    return lines",
                "}",
                "",
            ]
        // The event of a step, its name, and where the predicate values start.
        lines.append("func make\(type)Event(_ step: [Substring]) -> (\(event), String, Int) {")
        if machine.hasEventValues {
            lines.append("    switch step[0] {")
            for index in machine.appEvents {
                let (named, parameters) = (machine.events[index], machine.eventParameters[index])
                let values = parameters.enumerated().map { index, parameter in
                    "\(parameter.label): " + DifferentialStep.parse("step[\(index + 1)]", as: parameter.type)
                }
                let value =
                    parameters.isEmpty
                    ? ".\(named.swiftName)" : ".\(named.swiftName)(\(values.joined(separator: ", ")))"
                lines.append(
                    "    case \(literal(named.name)): return (\(value), \(literal(named.name)), \(parameters.count + 1))"
                )
            }
            lines += ["    default: fatalError(\"no event \\(step[0])\")", "    }"]
        } else {
            lines.append("    let event = \(event)(rawValue: String(step[0]))!")
            lines.append("    return (event, event.description, 1)")
        }
        lines.append("}")
        if machine.hasTimers {
            // The timer a step fires, by its trace name; nil for an event the app sends.
            lines += ["", "func make\(type)Timer(_ step: [Substring]) -> \(timer)? {", "    switch step[0] {"]
            for index in machine.timerEvents {
                lines.append(
                    "    case \(literal(machine.traceName(of: index))): return .\(machine.events[index].swiftName)")
            }
            lines += ["    default: return nil", "    }", "}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `main.swift`: reads `M <number>` sections and runs each with its machine's function,
    /// awaiting those of isolated machines.
    static func mainSource(_ machines: [(number: Int, model: StateMachine)]) -> String {
        let cases = machines.map { number, model in
            "        case \(number): lines = \(model.isolation == nil ? "" : "await ")run\(MachineTypeNames(model).machine)(steps)"
        }.joined(separator: "\n")
        return """
            import FSMRuntime

            /// The conditions a machine asked while handling one event, in order.
            final class AskedConditions {
                var names: [String] = []
            }

            /// Timers whose time never passes: a script fires them. Per timer, the `fire` of its
            /// latest start and whether that start runs (started, and neither cancelled nor fired
            /// since), and the `fire` of a running start that a restart replaced.
            final class ScriptedTimers<Timer: Hashable & Sendable>: TimerScheduler {
                private var latest: [Timer: @Sendable () async -> Void] = [:]
                private var running: Set<Timer> = []
                private var replaced: [Timer: @Sendable () async -> Void] = [:]
                private var durations: [Timer: Duration] = [:]

                func start(_ timer: Timer, after duration: Duration, fire: @escaping @Sendable () async -> Void) {
                    if running.contains(timer) { replaced[timer] = latest[timer] }
                    latest[timer] = fire
                    running.insert(timer)
                    durations[timer] = duration
                }

                func cancel(_ timer: Timer) {
                    running.remove(timer)
                }

                /// Time never passes: a running timer has the whole time it was started with.
                func timeLeft(_ timer: Timer) -> Duration? {
                    running.contains(timer) ? durations[timer] : nil
                }

                /// What firing `timer` calls: first the `fire`s the machine must ignore (a replaced
                /// start's, and the latest start's when it does not run), then the `fire` of the
                /// running start, if there is one, which then runs no more.
                func firing(_ timer: Timer) -> (stale: [@Sendable () async -> Void], running: (@Sendable () async -> Void)?) {
                    let stale = replaced.removeValue(forKey: timer).map { [$0] } ?? []
                    guard running.remove(timer) != nil else { return (stale + (latest[timer].map { [$0] } ?? []), nil) }
                    return (stale, latest[timer])
                }
            }

            /// A timer as trace lines name it: its raw value `A1 after(1s)` written `A1.after(1s)`.
            func traceName<Timer: RawRepresentable>(_ timer: Timer) -> String where Timer.RawValue == String {
                String(timer.rawValue.map { $0 == " " ? "." : $0 })
            }

            /// ` ?k0,ka`: the conditions asked, each once, in the order first asked.
            func askedText(_ names: [String]) -> String {
                var seen: Set<String> = []
                let once = names.filter { seen.insert($0).inserted }
                return once.isEmpty ? "" : " ?" + once.joined(separator: ",")
            }

            /// What the `always` steps after an event did, from their traces: ` ~> X` per step,
            /// each from where the one before ended, the last where the machine is; and the
            /// state the event's own rows left it in, where the first began.
            func alwaysSuffix<State: Equatable & CustomStringConvertible>(
                _ steps: [FSMRuntime.Outcome<State>], after: State
            ) -> (ownAfter: State, suffix: String) {
                var suffix = ""
                var ownAfter: State? = nil
                var at: State? = nil
                for step in steps {
                    guard case .transitioned(let from, let to) = step else {
                        suffix += " !always step \\(step)"
                        continue
                    }
                    if let at, at != from { suffix += " !always step from \\(from), not \\(at)" }
                    if ownAfter == nil { ownAfter = from }
                    suffix += " ~> \\(to)"
                    at = to
                }
                if let at, at != after { suffix += " !now \\(after)" }
                return (ownAfter ?? after, suffix)
            }

            /// What followed an event in a machine that raises events, from its traces in the
            /// order they came: ` ~> X` per `always` step, ` ^E -> X`, ` ^E rejected` or
            /// ` ^E unhandled` per raised event, each from where the one before ended; the
            /// state the event's own rows left it in; and the unhandled-event hook calls the
            /// raised events must have made.
            func completionSuffix<State: Equatable & CustomStringConvertible>(
                _ steps: [(event: String?, outcome: FSMRuntime.Outcome<State>)], after: State
            ) -> (ownAfter: State, suffix: String, hooks: [String]) {
                var suffix = ""
                var hooks: [String] = []
                // A raised event by its name: the values it carries show in the actions of
                // the row that takes it.
                func named(_ event: String) -> String { String(event.prefix { $0 != "(" }) }
                var ownAfter: State? = nil
                var at: State? = nil
                for step in steps {
                    let from: State
                    let to: State
                    switch step.outcome {
                    case .transitioned(let start, let end):
                        from = start
                        to = end
                        suffix += step.event.map { " ^\\(named($0)) -> \\(end)" } ?? " ~> \\(end)"
                    case .rejected(let state) where step.event != nil:
                        from = state
                        to = state
                        suffix += " ^\\(named(step.event!)) rejected"
                    case .unhandled(let state) where step.event != nil:
                        from = state
                        to = state
                        suffix += " ^\\(named(step.event!)) unhandled"
                        hooks.append("\\(step.event!) in \\(state)")
                    default:
                        suffix += " !step \\(step.outcome)"
                        continue
                    }
                    if let at, at != from { suffix += " !step from \\(from), not \\(at)" }
                    if ownAfter == nil { ownAfter = from }
                    at = to
                }
                if let at, at != after { suffix += " !now \\(after)" }
                return (ownAfter ?? after, suffix, hooks)
            }

            /// The line of an event, or of a timeout (whose unhandled-event hook is never called);
            /// `always`, what `always` steps after it did, whose actions `log` holds too.
            func describe<State: Equatable & CustomStringConvertible, Event: CustomStringConvertible>(
                before: State, after: State, event: Event, name: String, outcome: FSMRuntime.Outcome<State>,
                log: [String], hooks: [String], traces: [String], isTimeout: Bool = false, always: String = ""
            ) -> String {
                var line = "\\(before) \\(name)"
                var expectedHooks: [String] = []
                let stepsLog = always.isEmpty ? [] : log
                switch outcome {
                case .transitioned(let from, let to):
                    line += " -> \\(after) {\\(log.joined(separator: " "))}" + always
                    if from != before || to != after { line += " !outcome says from \\(from) to \\(to)" }
                case .rejected(let state):
                    line += " rejected" + always + (always.isEmpty ? "" : " {\\(log.joined(separator: " "))}")
                    if state != before || after != before || log.count != stepsLog.count { line += " !rejected in \\(state), now \\(after), ran \\(log)" }
                case .unhandled(let state):
                    line += " unhandled" + always + (always.isEmpty ? "" : " {\\(log.joined(separator: " "))}")
                    if !isTimeout { expectedHooks = ["\\(event) in \\(before)"] }
                    if state != before || after != before || log.count != stepsLog.count { line += " !unhandled in \\(state), now \\(after), ran \\(log)" }
                case .queued:
                    line += " !queued"
                }
                if hooks != expectedHooks { line += " !unhandledEvent calls \\(hooks)" }
                if traces != ["\\(event) \\(outcome)"] { line += " !trace calls \\(traces)" }
                return line
            }

            /// The line of a running timer's firing: `describe`'s, with the outcome the timeout's
            /// trace gave, which must have been given once.
            func describeTimeout<State: Equatable & CustomStringConvertible, Timer: RawRepresentable & CustomStringConvertible>(
                before: State, after: State, timer: Timer, outcomes: [FSMRuntime.Outcome<State>],
                log: [String], hooks: [String], traces: [String], always: String = ""
            ) -> String where Timer.RawValue == String {
                guard outcomes.count == 1 else {
                    return "\\(before) \\(traceName(timer)) !\\(outcomes.count) timeout traces \\(traces), now \\(after), ran \\(log)"
                }
                return describe(before: before, after: after, event: timer, name: traceName(timer), outcome: outcomes[0],
                                log: log, hooks: hooks, traces: traces, isTimeout: true, always: always)
            }

            /// Whether `canHandle` answered true exactly when the event was not unhandled, and
            /// `handledEvents` listed every event that was: "", or else a mark for the trace line.
            func handledMark<State>(_ outcome: FSMRuntime.Outcome<State>, canHandle: Bool, listed: Bool) -> String {
                let unhandled: Bool
                if case .unhandled = outcome { unhandled = true } else { unhandled = false }
                var mark = ""
                if canHandle == unhandled { mark += " !canHandle said \\(canHandle)" }
                if !unhandled && !listed { mark += " !not in handledEvents" }
                return mark
            }

            /// What stale firings did, which must be nothing: "", or else a mark for the trace line.
            func staleFiringMark<State: Equatable & CustomStringConvertible>(
                before: State, after: State, log: [String], hooks: [String], traces: [String], asked: [String]
            ) -> String {
                guard after != before || !(log + hooks + traces + asked).isEmpty else { return "" }
                return " !stale firing ran \\(log + hooks + traces + asked), now \\(after)"
            }

            @MainActor func runScripts() async {
                var number = -1
                var steps: [[Substring]] = []
                func flush() async {
                    guard number >= 0 else { return }
                    let lines: [String]
                    switch number {
            \(cases)
                    default: fatalError("no machine \\(number) in this driver")
                    }
                    print("M \\(number)")
                    for line in lines { print(line) }
                }
                while let line = readLine() {
                    if line.hasPrefix("M ") {
                        await flush()
                        number = Int(line.dropFirst(2))!
                        steps = []
                    } else {
                        steps.append(line.split(separator: " "))
                    }
                }
                await flush()
            }

            await runScripts()

            """
    }

    /// Splits the driver's output into each machine's lines.
    static func parseOutput(_ output: String) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        var number: Int?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("M "), let parsed = Int(line.dropFirst(2)) {
                number = parsed
                result[parsed] = []
            } else if let number {
                result[number]!.append(String(line))
            }
        }
        return result
    }

    private static func literal(_ text: String) -> String {
        "\"" + text + "\""
    }
}

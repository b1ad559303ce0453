/// A run of the interpreter driven by text, as `fsmc simulate` reads it: events (by name,
/// or with their values: `Loaded(duration: 3)`), and
/// settings of predicate values (`Enforcement=strong`) and condition results
/// (`isRushHour=false`) that hold until changed.
///
/// A step needs a value for every predicate type that a row for its event in the active
/// states tests, and for every condition it asks, so that a trace never depends on a
/// default the user did not choose; values no step needs need never be given.
package struct Simulation: Sendable {
    package private(set) var interpreter: Interpreter
    /// The case index of each predicate type, in declaration order; nil until set.
    package private(set) var predicateValues: IDArray<PredicateTypeID, Int?>
    /// The result of each condition, by index into `machine.conditions`, for every call of
    /// it (`isEnough=true`); nil until set.
    package private(set) var conditionResults: IDArray<ConditionID, Bool?>
    /// The result of one call of a condition (`atLeast(3)=true`), by index into
    /// `machine.conditionCalls`, which wins over the condition's; nil until set.
    package private(set) var callResults: IDArray<ConditionCallID, Bool?>

    package var machine: StateMachine { interpreter.machine }

    /// Why a line or a value was refused, and where in it (1-based, in UTF-8 bytes).
    package struct Failure: Error, Hashable, Sendable {
        package var message: String
        package var column: Int
        /// The options that give what a step needed and did not have
        /// (`--condition isAllowed=true|false`), if that is why it failed.
        package var missingOptions: [String] = []

        package init(_ message: String, column: Int = 1, missingOptions: [String] = []) {
            self.message = message
            self.column = column
            self.missingOptions = missingOptions
        }
    }

    /// A run from a new machine; `initialValues` gives, by label, the values of the data
    /// states it starts in that its initializer takes (`initialValues(_:of:)` reads them).
    package init(_ machine: StateMachine, initialValues: [String: String] = [:]) {
        interpreter = Interpreter(machine, initialValues: initialValues)
        predicateValues = IDArray(repeating: nil, count: machine.predicateTypes.count)
        conditionResults = IDArray(repeating: nil, count: machine.conditions.count)
        callResults = IDArray(repeating: nil, count: machine.conditionCalls.count)
    }

    /// Sets a value from `Type=case`, `condition=true|false` or, for one call of a condition
    /// with arguments, `atLeast(3)=true|false`; blanks around `=` are allowed.
    package mutating func assign(_ text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        guard let equals = bytes.lastIndex(of: UInt8(ascii: "=")) else {
            throw Failure("expected 'Type=case' or 'condition=true|false', found '\(text)'")
        }
        let (name, nameColumn) = Self.trimmed(bytes[..<equals], startingAt: 1)
        let (value, valueColumn) = Self.trimmed(bytes[(equals + 1)...], startingAt: equals + 2)
        if let type = machine.predicateTypes.firstIndex(where: { $0.type.name == name }) {
            let cases = machine.predicateTypes[type].cases
            guard let value = cases.firstIndex(where: { $0.name == value }) else {
                throw Failure(
                    "'\(value)' is not a case of predicate type '\(name)'; its cases are \(DiagnosticText.list(cases.map(\.name)))",
                    column: valueColumn)
            }
            predicateValues[type] = value
        } else if let condition = machine.conditions.firstIndex(where: { $0.name == name }) {
            guard value == "true" || value == "false" else {
                throw Failure("condition '\(name)' is 'true' or 'false', not '\(value)'", column: valueColumn)
            }
            conditionResults[condition] = value == "true"
        } else if let call = machine.conditionCalls.indices.first(where: {
            Self.unblank(RowText.conditionCallText($0, in: machine)) == Self.unblank(name)
        }),
            !machine.conditionCalls[call].arguments.isEmpty
        {
            guard value == "true" || value == "false" else {
                throw Failure("condition '\(name)' is 'true' or 'false', not '\(value)'", column: valueColumn)
            }
            callResults[call] = value == "true"
        } else {
            let known = machine.predicateTypes.map(\.type.name) + machine.conditions.map(\.name)
            let hint =
                known.isEmpty
                ? "the machine has no predicate types or conditions"
                : "predicate types and conditions are \(DiagnosticText.list(known))"
            throw Failure("unknown predicate type or condition '\(name)'; \(hint)", column: nameColumn)
        }
    }

    /// The index of the event the app sends spelt `name` exactly as in the `.sm` file.
    package func event(named name: String) throws(Failure) -> EventID {
        guard let event = machine.appEvents.first(where: { machine.events[$0].name == name }) else {
            let hint = Suggestions.suggestion(for: name, among: eventNames)
            throw Failure(
                "unknown event '\(name)'" + (hint.isEmpty ? "; events are \(DiagnosticText.list(eventNames))" : hint))
        }
        return event
    }

    /// The events as `simulate` takes them: the app's, then each timer duration once.
    private var eventNames: [String] {
        var names = machine.appEvents.map { machine.events[$0].name }
        for timer in machine.timerEvents where !names.contains(machine.events[timer].name) {
            names.append(machine.events[timer].name)
        }
        return names
    }

    /// `after(30s)`, with blanks anywhere: the timer that duration means now.
    private func delayedEvent(_ text: String) throws(Failure) -> EventID {
        let compact = text.filter { $0 != " " && $0 != "\t" }
        guard compact.hasSuffix(")") else {
            throw Failure("expected a delayed event such as 'after(30s)', found '\(text)'")
        }
        switch TimerDuration.parse(String(compact.dropFirst("after(".count).dropLast())) {
        case .failure(let error): throw Failure(error.message)
        case .success(let duration): return try timer(duration, written: compact)
        }
    }

    /// The timer `after(30s)` fires now: of the running timers of that duration, the one
    /// of the outermost state, which was entered first and so falls due first (one of its
    /// substates' would fall due no earlier); when none runs, one of that duration of the
    /// current state or a superstate, or else of any state, for which the event is unhandled.
    private func timer(_ duration: TimerDuration, written name: String) throws(Failure) -> EventID {
        let timers = machine.timerEvents.filter {
            machine.eventTimers[$0]!.duration.milliseconds == duration.milliseconds
        }
        let active = interpreter.activeStates
        let running = interpreter.runningTimers
        let owned = active.flatMap { owner in timers.filter { machine.eventTimers[$0]!.owner == owner } }
        if let running = owned.first(where: { running.contains($0) }) ?? owned.first ?? timers.first {
            return running
        }
        throw Failure("no row waits for '\(name)'; events are \(DiagnosticText.list(eventNames))")
    }

    /// The index of the event `text` names: `Coin`, or an event with its values as in a
    /// Swift call, `Loaded(duration: 3, title: "x")`. Values take no part in matching
    /// (Language reference › Events with values), so an event that carries values may also
    /// be given by its name alone; given values must have the event's labels, in order,
    /// each with a value. A value is Swift expression text, which is not evaluated: commas
    /// and parentheses inside brackets or string literals belong to it.
    package func event(_ text: String) throws(Failure) -> EventID {
        try givenEvent(text).event
    }

    /// `event(_:)`, with the texts of the values given, in order; nil for an event given by
    /// its name alone.
    package func givenEvent(_ text: String) throws(Failure) -> (event: EventID, values: [String]?) {
        let bytes = Array(text.utf8)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return (try event(named: text), nil) }
        let (name, _) = Self.trimmed(bytes[..<open], startingAt: 1)
        if name == "after" && machine.hasTimers { return (try delayedEvent(text), nil) }
        let event = try event(named: name)
        let declared =
            machine.eventParameters.indices.contains(event) ? machine.eventParameters[event].map(\.label) : []
        guard bytes.last == UInt8(ascii: ")") else {
            throw Failure("the values of event '\(name)' end with ')'", column: bytes.count + 1)
        }
        let inner = bytes[(open + 1)..<(bytes.count - 1)]
        let values = try Self.split(inner, separator: UInt8(ascii: ","), startingAt: open + 2)
        if declared.isEmpty {
            throw Failure("event '\(name)' carries no values; give it as '\(name)'", column: open + 1)
        }
        if values.count == 1, values[0].text.isEmpty {
            throw Failure(
                "event '\(name)' carries \(Self.valueList(declared)); give them all, or just '\(name)'",
                column: open + 2)
        }
        var texts: [String] = []
        for (position, value) in values.enumerated() {
            let valueBytes = Array(value.text.utf8)
            guard let colon = valueBytes.firstIndex(of: UInt8(ascii: ":")) else {
                throw Failure(
                    "expected 'label: value' in the values of event '\(name)', found '\(value.text)'",
                    column: value.column)
            }
            let (label, _) = Self.trimmed(valueBytes[..<colon], startingAt: value.column)
            let (valueText, valueColumn) = Self.trimmed(
                valueBytes[(colon + 1)...], startingAt: value.column + colon + 1)
            guard position < declared.count, label == declared[position] else {
                let expected = position < declared.count ? "'\(declared[position])'" : "nothing more"
                throw Failure(
                    "event '\(name)' carries \(Self.valueList(declared)), in this order; expected \(expected), found '\(label)'",
                    column: value.column)
            }
            if valueText.isEmpty { throw Failure("'\(label)' of event '\(name)' has no value", column: valueColumn) }
            texts.append(valueText)
        }
        if values.count < declared.count {
            throw Failure(
                "event '\(name)' carries \(Self.valueList(declared)); '\(declared[values.count])' is missing",
                column: bytes.count)
        }
        return (event, texts)
    }

    /// The values of `--initial`, `url: "https://x", received: 0`, by label: labels the
    /// machine's initializer takes (`StateMachine.initialLabels`), each once, in any order,
    /// each with a value (Swift expression text, not evaluated).
    package static func initialValues(_ text: String, of machine: StateMachine) throws(Failure) -> [String: String] {
        let labels = machine.initialLabels
        guard !labels.isEmpty else {
            throw Failure(
                "the initial state '\(machine.states[machine.initialState].name)' is given no values; leave out --initial"
            )
        }
        var values: [String: String] = [:]
        for value in try split(Array(text.utf8)[...], separator: UInt8(ascii: ","), startingAt: 1) {
            let valueBytes = Array(value.text.utf8)
            guard let colon = valueBytes.firstIndex(of: UInt8(ascii: ":")) else {
                throw Failure("expected 'label: value', found '\(value.text)'", column: value.column)
            }
            let (label, _) = trimmed(valueBytes[..<colon], startingAt: value.column)
            let (valueText, valueColumn) = trimmed(valueBytes[(colon + 1)...], startingAt: value.column + colon + 1)
            guard labels.contains(label) else {
                throw Failure(
                    "'\(label)' is not a value the machine starts with; it starts with \(valueList(labels))",
                    column: value.column)
            }
            guard values[label] == nil else { throw Failure("'\(label)' is given twice", column: value.column) }
            if valueText.isEmpty { throw Failure("'\(label)' has no value", column: valueColumn) }
            values[label] = valueText
        }
        return values
    }

    /// `the values 'a' and 'b'`, or `the value 'a'`.
    private static func valueList(_ labels: [String]) -> String {
        (labels.count == 1 ? "the value " : "the values ")
            + DiagnosticText.list(labels.map { "'\($0)'" }, conjunction: "and")
    }

    /// The events of `--events`, separated by commas outside parentheses, brackets and
    /// string literals (`Loaded(duration: 3, title: "a, b"),Play`), each with its column.
    package static func eventList(_ text: String) throws(Failure) -> [(text: String, column: Int)] {
        try split(Array(text.utf8)[...], separator: UInt8(ascii: ","), startingAt: 1)
    }

    /// `bytes` split at each `separator` that no bracket or string literal holds, each piece
    /// trimmed, with its column; fails on a bracket that does not close.
    private static func split(
        _ bytes: ArraySlice<UInt8>, separator: UInt8,
        startingAt column: Int
    ) throws(Failure) -> [(text: String, column: Int)] {
        var pieces: [(text: String, column: Int)] = []
        var closers: [UInt8] = []
        var start = bytes.startIndex
        func columnOf(_ index: Int) -> Int { column + index - bytes.startIndex }
        let code = outsideStrings(bytes)
        for index in code.indices {
            let byte = bytes[index]
            if let closer = [
                UInt8(ascii: "("): UInt8(ascii: ")"), UInt8(ascii: "["): UInt8(ascii: "]"),
                UInt8(ascii: "{"): UInt8(ascii: "}"),
            ][byte] {
                closers.append(closer)
            } else if [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(byte) {
                guard closers.last == byte else {
                    throw Failure("unexpected '\(Character(Unicode.Scalar(byte)))'", column: columnOf(index))
                }
                closers.removeLast()
            } else if byte == separator && closers.isEmpty {
                pieces.append(trimmed(bytes[start..<index], startingAt: columnOf(start)))
                start = index + 1
            }
        }
        if code.endsInString { throw Failure("a string literal does not end", column: columnOf(bytes.endIndex)) }
        if let closer = closers.last {
            throw Failure(
                "expected '\(Character(Unicode.Scalar(closer)))' before the end", column: columnOf(bytes.endIndex))
        }
        pieces.append(trimmed(bytes[start..<bytes.endIndex], startingAt: columnOf(start)))
        return pieces
    }

    /// The indices of `bytes` outside string literals (a `"` opens and closes one, inside
    /// which `\` escapes the next byte; the quotes belong to the literal), and whether a
    /// literal is still open at the end.
    private static func outsideStrings(_ bytes: ArraySlice<UInt8>) -> (indices: [Int], endsInString: Bool) {
        var indices: [Int] = []
        var inString = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else {
                indices.append(index)
            }
            index += 1
        }
        return (indices, inString)
    }

    /// Handles `event` with the current values and returns its trace: a line per row that
    /// fired (one, but for a machine with regions), separated by line breaks. Fails, and
    /// changes nothing, when the step needs a value not given: a predicate type that a row
    /// for the event in the active states tests, or a condition the step asks.
    /// `values`: the texts of the event's values, as `givenEvent(_:)` reads them.
    package mutating func handle(_ event: EventID, values: [String]? = nil) throws(Failure) -> String {
        let active = interpreter.activeStates
        let tested = Set(
            active.flatMap { state in
                machine.states[state].transitions.filter { $0.event == event }
                    .flatMap { $0.guardClause.predicates.map(\.type) }
            })
        let missingTypes = machine.predicateTypes.indices.filter { tested.contains($0) && predicateValues[$0] == nil }
        guard missingTypes.isEmpty else {
            throw missingValues(missingTypes.map { ("--predicate", predicateSetting($0)) }, before: event)
        }
        // Conditions are asked lazily, in a fixed order: a trial step that answers the
        // missing ones `false` asks what the real step would ask, up to the first missing one.
        var trial = interpreter
        let step = trial.handle(
            event, predicates: predicateValues.mapElements { $0 ?? 0 },
            conditions: IDArray(machine.conditionCalls.indices.map { answer($0) ?? false }), values: values)
        if let missing = step.askedConditions.first(where: { answer($0) == nil }) {
            throw missingValues(
                [("--condition", RowText.answerName(of: missing, in: machine) + "=true|false")], before: event)
        }
        if step.exceedsLimit {
            let last = step.completion.last ?? step
            let place = trial.chart.describe(last.leaves)
            let cause =
                last.event == machine.alwaysEvent
                ? "'always' rows that keep moving, the last from \(place)"
                : "rows that keep raising events, the last '\(machine.events[last.event].name)' in \(place)"
            throw Failure(
                "event '\(machine.events[event].name)' in \(interpreter.chart.describe(interpreter.leaves)) fired more than \(Interpreter.firingLimit) rows without coming to rest (\(cause)); give their cycle a way out"
            )
        }
        interpreter = trial
        return interpreter.line(for: step)
    }

    /// The result of a condition call: its own, else its condition's.
    private func answer(_ call: ConditionCallID) -> Bool? {
        callResults[call] ?? conditionResults[machine.conditionCalls[call].condition]
    }

    /// The text without the blanks outside string literals: `atLeast( 3 )` is `atLeast(3)`.
    private static func unblank(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let blanks = Set(
            outsideStrings(bytes[...]).indices.filter { bytes[$0] == 0x20 || bytes[$0] == 0x09 })
        return String(decoding: bytes.indices.filter { !blanks.contains($0) }.map { bytes[$0] }, as: UTF8.self)
    }

    /// `Enforcement=weak|strong`: what setting predicate type `type` takes.
    private func predicateSetting(_ type: PredicateTypeID) -> String {
        machine.predicateTypes[type].type.name + "="
            + machine.predicateTypes[type].cases.map(\.name).joined(separator: "|")
    }

    /// The failure of a step that needs `settings` (`Mode=slow|fast`, `isAllowed=true|false`),
    /// each with the option that gives it.
    private func missingValues(_ settings: [(option: String, setting: String)], before event: EventID) -> Failure {
        let names = DiagnosticText.list(settings.map { "'\($0.setting)'" }, conjunction: "and")
        return Failure(
            "event '\(machine.events[event].name)' in \(interpreter.chart.describe(interpreter.leaves)) needs a value for \(names); set \(settings.count == 1 ? "it" : "each") on a line before the event",
            missingOptions: settings.map { $0.option + " " + $0.setting })
    }

    /// Runs one line of a script: a blank line, a `//` comment or a line starting with `#`
    /// does nothing, `Name=value`
    /// sets a value, anything else is an event (`Coin`, `Loaded(duration: 3)`), whose trace
    /// line is returned.
    /// Columns in failures count from the start of `line`.
    package mutating func run(line: String) throws(Failure) -> String? {
        var bytes = Array(line.utf8)
        if let comment = Self.commentStart(in: bytes) { bytes.removeSubrange(comment...) }
        let (text, column) = Self.trimmed(bytes[...], startingAt: 1)
        // `#` lines are comments too: `fsmc paths` and `fsmc verify` write them.
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        do throws(Failure) {
            // `Type=case`, `condition=…` and `atLeast(3)=…` are assignments; `Name(label: value)`
            // is an event, whose values may hold '=' but which ends with its ')'.
            if text.utf8.contains(UInt8(ascii: "=")), text.utf8.last != UInt8(ascii: ")") {
                try assign(text)
                return nil
            }
            let given = try givenEvent(text)
            return try handle(given.event, values: given.values)
        } catch {
            var located = error
            located.column = column + error.column - 1
            throw located
        }
    }

    /// Where a `//` comment starts, outside the string literals of event values.
    private static func commentStart(in bytes: [UInt8]) -> Int? {
        outsideStrings(bytes[...]).indices.first { index in
            index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
        }
    }

    /// The text between leading and trailing blanks, and the column where it starts.
    private static func trimmed(_ bytes: ArraySlice<UInt8>, startingAt column: Int) -> (String, Int) {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }) else { return ("", column) }
        let last = bytes.lastIndex { !isBlank($0) }!
        return (String(decoding: bytes[first...last], as: UTF8.self), column + first - bytes.startIndex)
    }
}

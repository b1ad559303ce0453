/// A run of the interpreter driven by text, as `fsmc simulate` reads it: event names, and
/// settings of predicate values (`Enforcement=strong`) and condition results
/// (`isRushHour=false`) that hold until changed.
///
/// Every predicate type and every condition needs a value before the first event, so
/// that a trace never depends on a default the user did not choose.
public struct Simulation: Sendable {
    public private(set) var interpreter: Interpreter
    /// The case index of each predicate type, in declaration order; nil until set.
    public private(set) var predicateValues: [Int?]
    /// The result of each condition, by index into `machine.conditions`; nil until set.
    public private(set) var conditionResults: [Bool?]

    public var machine: StateMachine { interpreter.machine }

    /// Why a line or a value was refused, and where in it (1-based, in UTF-8 bytes).
    public struct Failure: Error, Hashable, Sendable {
        public var message: String
        public var column: Int

        public init(_ message: String, column: Int = 1) {
            self.message = message
            self.column = column
        }
    }

    public init(_ machine: StateMachine) {
        interpreter = Interpreter(machine)
        predicateValues = Array(repeating: nil, count: machine.predicateTypes.count)
        conditionResults = Array(repeating: nil, count: machine.conditions.count)
    }

    /// The predicate types still without a value, each with its cases: `Enforcement=weak|strong`.
    public var missingPredicateValues: [String] {
        machine.predicateTypes.indices.filter { predicateValues[$0] == nil }.map { index in
            let type = machine.predicateTypes[index]
            return type.type.name + "=" + type.cases.map(\.name).joined(separator: "|")
        }
    }

    /// The conditions still without a result: `isRushHour=true|false`.
    public var missingConditionResults: [String] {
        machine.conditions.indices.filter { conditionResults[$0] == nil }.map { machine.conditions[$0].name + "=true|false" }
    }

    /// Sets a value from `Type=case` or `condition=true|false`; blanks around `=` are allowed.
    public mutating func assign(_ text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
            throw Failure("expected 'Type=case' or 'condition=true|false', found '\(text)'")
        }
        let (name, nameColumn) = Self.trimmed(bytes[..<equals], startingAt: 1)
        let (value, valueColumn) = Self.trimmed(bytes[(equals + 1)...], startingAt: equals + 2)
        if let type = machine.predicateTypes.firstIndex(where: { $0.type.name == name }) {
            let cases = machine.predicateTypes[type].cases
            guard let value = cases.firstIndex(where: { $0.name == value }) else {
                throw Failure("'\(value)' is not a case of predicate type '\(name)'; its cases are \(Self.list(cases.map(\.name)))",
                              column: valueColumn)
            }
            predicateValues[type] = value
        } else if let condition = machine.conditions.firstIndex(where: { $0.name == name }) {
            guard value == "true" || value == "false" else {
                throw Failure("condition '\(name)' is 'true' or 'false', not '\(value)'", column: valueColumn)
            }
            conditionResults[condition] = value == "true"
        } else {
            let known = machine.predicateTypes.map(\.type.name) + machine.conditions.map(\.name)
            let hint = known.isEmpty ? "the machine has no predicate types or conditions"
                                     : "predicate types and conditions are \(Self.list(known))"
            throw Failure("unknown predicate type or condition '\(name)'; \(hint)", column: nameColumn)
        }
    }

    /// The index of the event spelt `name` exactly as in the `.sm` file.
    public func event(named name: String) throws(Failure) -> Int {
        guard let event = machine.events.firstIndex(where: { $0.name == name }) else {
            throw Failure("unknown event '\(name)'; events are \(Self.list(machine.events.map(\.name)))")
        }
        return event
    }

    /// Handles `event` with the current values and returns its trace line.
    public mutating func handle(_ event: Int) throws(Failure) -> String {
        let missing = missingPredicateValues + missingConditionResults
        guard missing.isEmpty else {
            throw Failure("no value for \(Self.list(missing.map { "'\($0)'" })) before event '\(machine.events[event].name)'; set each before the first event")
        }
        let step = interpreter.handle(event, predicates: predicateValues.map { $0! },
                                      conditions: conditionResults.map { $0! })
        return interpreter.line(for: step)
    }

    /// Runs one line of a script: a blank line or a `//` comment does nothing, `Name=value`
    /// sets a value, anything else is an event name, whose trace line is returned.
    /// Columns in failures count from the start of `line`.
    public mutating func run(line: String) throws(Failure) -> String? {
        var bytes = Array(line.utf8)
        if let comment = bytes.indices.dropLast().first(where: { bytes[$0] == UInt8(ascii: "/") && bytes[$0 + 1] == UInt8(ascii: "/") }) {
            bytes.removeSubrange(comment...)
        }
        let (text, column) = Self.trimmed(bytes[...], startingAt: 1)
        guard !text.isEmpty else { return nil }
        do throws(Failure) {
            if text.utf8.contains(UInt8(ascii: "=")) {
                try assign(text)
                return nil
            }
            return try handle(try event(named: text))
        } catch {
            throw Failure(error.message, column: column + error.column - 1)
        }
    }

    /// The text between leading and trailing blanks, and the column where it starts.
    private static func trimmed(_ bytes: ArraySlice<UInt8>, startingAt column: Int) -> (String, Int) {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }) else { return ("", column) }
        let last = bytes.lastIndex { !isBlank($0) }!
        return (String(decoding: bytes[first...last], as: UTF8.self), column + first - bytes.startIndex)
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

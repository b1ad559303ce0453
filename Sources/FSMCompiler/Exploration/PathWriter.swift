/// The forms `fsmc paths` prints a cover in (Commands › fsmc paths): `simulate`'s standard
/// input, JSON, and a Swift file of values for Swift Testing's `@Test(arguments:)`.
package enum PathWriter {
    /// `fsmc simulate`'s standard input: per path, `#` comments that say what the path is
    /// for, then per step the settings it needs that differ from those before it
    /// (`Enforcement=weak`, `isRushHour=true`), the event, and `#` comments with the rows
    /// it takes and the configuration it leads to. Paths are separated by a blank line, and
    /// each starts from a new machine, as a run of `simulate` does.
    package static func text(_ cover: PathCover, sourceName: String) -> String {
        let machine = cover.space.machine
        var lines = [
            "# fsmc paths \(sourceName) --cover \(cover.criterion.rawValue): \(summary(cover))"
        ]
        lines += cover.unreachable.map { "# never: \($0)" }
        for (number, path) in cover.paths.enumerated() {
            lines.append("")
            lines.append("# path \(number + 1) of \(cover.paths.count), for \(path.goal)")
            var settings = Settings(machine: machine)
            for step in path.steps {
                lines += settings.lines(for: step.choice)
                lines.append(machine.events[step.choice.event].name)
                lines += step.rows.map { "#   " + cover.space.rows.lines[$0] }
                lines.append("#   now " + cover.space.describe(step.leaves))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `3 paths, 7 steps; 7 of 7 rows taken`.
    static func summary(_ cover: PathCover) -> String {
        let steps = cover.paths.map(\.steps.count).reduce(0, +)
        let taken = cover.rowsTaken.count
        return "\(cover.paths.count) path\(cover.paths.count == 1 ? "" : "s"), \(steps) step\(steps == 1 ? "" : "s"); "
            + "\(taken) of \(cover.space.rows.count) row\(cover.space.rows.count == 1 ? "" : "s") taken, "
            + "\(cover.space.configurations.count) configuration\(cover.space.configurations.count == 1 ? "" : "s") reachable"
    }

    /// What `simulate` holds set while a path runs, to print only the settings that change.
    struct Settings {
        let machine: StateMachine
        var predicates: [PredicateTypeID: Int] = [:]
        var conditions: [ConditionCallID: Bool] = [:]

        /// `Type=case` and `condition=true|false` lines for what `choice` needs and is not set.
        mutating func lines(for choice: Choice) -> [String] {
            var lines: [String] = []
            for type in choice.neededTypes where predicates[type] != choice.predicateValues[type] {
                predicates[type] = choice.predicateValues[type]
                let predicate = machine.predicateTypes[type]
                lines.append(predicate.type.name + "=" + predicate.cases[choice.predicateValues[type]].name)
            }
            for call in choice.asked where conditions[call] != choice.answers[call] {
                conditions[call] = choice.answers[call]
                lines.append(RowText.answerName(of: call, in: machine) + "=" + String(choice.answers[call]))
            }
            return lines
        }
    }

    /// The values of a step as names: the predicate cases and condition answers it needs.
    static func values(of choice: Choice, in machine: StateMachine) -> (
        predicates: [(String, String)], conditions: [(String, Bool)]
    ) {
        (
            choice.neededTypes.map { type in
                let predicate = machine.predicateTypes[type]
                return (predicate.type.name, predicate.cases[choice.predicateValues[type]].name)
            },
            choice.asked.map { (RowText.answerName(of: $0, in: machine), choice.answers[$0]) }
        )
    }

    /// The timer case (`Buffering after(30s)`) of a step that fires a timer.
    static func timerName(of choice: Choice, in machine: StateMachine) -> String? {
        machine.timer(of: choice.event) == nil ? nil : machine.timerName(of: choice.event)
    }

    /// The cover as a JSON object, for tools: the machine, the criterion, the row count,
    /// the paths (each step with its event, timer, values, rows by number from 1 and line,
    /// and the configuration after it) and what no path reaches.
    package static func json(_ cover: PathCover) -> String {
        let machine = cover.space.machine
        func string(_ text: String) -> String { JSONText.string(text) }
        let paths = cover.paths.map { path in
            let steps = path.steps.map { step in
                let values = values(of: step.choice, in: machine)
                let rows = step.rows.map { "{\"number\": \($0 + 1), \"row\": \(string(cover.space.rows.lines[$0]))}" }
                let fields = [
                    "\"event\": " + string(machine.events[step.choice.event].name),
                    "\"timer\": " + (timerName(of: step.choice, in: machine).map(string) ?? "null"),
                    "\"predicates\": {"
                        + values.predicates.map { string($0.0) + ": " + string($0.1) }
                        .joined(separator: ", ") + "}",
                    "\"conditions\": {"
                        + values.conditions.map { string($0.0) + ": " + String($0.1) }
                        .joined(separator: ", ") + "}",
                    "\"rows\": [" + rows.joined(separator: ", ") + "]",
                    "\"configuration\": " + string(cover.space.describe(step.leaves)),
                ]
                return "        {" + fields.joined(separator: ", ") + "}"
            }
            return "    {\"goal\": \(string(path.goal)), \"steps\": [\n" + steps.joined(separator: ",\n")
                + (steps.isEmpty ? "]}" : "\n    ]}")
        }
        return "{\n  \"machine\": \(string(machine.name.name)),\n  \"cover\": \(string(cover.criterion.rawValue)),\n"
            + "  \"rows\": \(cover.space.rows.count),\n"
            + "  \"configurations\": \(cover.space.configurations.count),\n"
            + "  \"unreachable\": [" + cover.unreachable.map(string).joined(separator: ", ") + "],\n"
            + "  \"paths\": [\n" + paths.joined(separator: ",\n") + (paths.isEmpty ? "" : "\n") + "  ]\n}\n"
    }
}

/// JSON text of a string: quoted, with `"`, `\` and control characters escaped.
enum JSONText {
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

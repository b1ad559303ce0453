extension Verifier {
    /// A finding's witness in `simulate`'s input form: per step the settings that change,
    /// the event, and the rows it takes as `#` comments.
    package func witnessLines(of finding: Finding) -> [String] {
        var settings = PathWriter.Settings(machine: machine)
        var lines: [String] = []
        if finding.witness.isEmpty && finding.kind != .unreachableGoal {
            lines.append("# the initial configuration: no events")
        }
        for step in finding.witness {
            lines += settings.lines(for: step.choice)
            lines.append(machine.events[step.choice.event].name)
            lines += step.rows.map { "#   " + space.rows.lines[$0] }
        }
        if finding.kind == .livelock { lines.append("#   and so on, for ever: simulate stops with an error") }
        return lines
    }

    /// `in(A), in(B)` as written in `--never`.
    func termsText(_ terms: [StateTest]) -> String {
        terms.map { ($0.isNegated ? "!in(" : "in(") + machine.states[$0.state].name + ")" }.joined(separator: ", ")
    }

    /// The nearest node whose configuration holds every term of a `--never` question.
    mutating func findForbidden() {
        for terms in questions.never {
            let node = space.nodes.indices.first { node in
                let active = Set(chart.activeStates(of: space.nodes[node].leaves))
                return terms.allSatisfy { active.contains($0.state) != $0.isNegated }
            }
            guard let node else { continue }
            report(
                Finding(
                    kind: .forbiddenConfiguration, severity: .error,
                    message:
                        "'\(space.describe(space.nodes[node].leaves))' is reachable, and --never '\(termsText(terms))' forbids it",
                    location: location(of: node), witness: witness(to: node)))
        }
    }

    /// For each `--reach` state, the nearest node where it is active, or an error.
    mutating func findGoals() {
        for goal in questions.reach {
            let name = machine.states[goal].name
            let node = space.nodes.indices.first { chart.activeStates(of: space.nodes[$0].leaves).contains(goal) }
            if let node {
                report(
                    Finding(
                        kind: .reachableGoal, severity: nil,
                        message: "'\(name)' is reachable: \(space.describe(space.nodes[node].leaves))",
                        location: machine.states[goal].named.location, witness: witness(to: node)))
            } else {
                report(
                    Finding(
                        kind: .unreachableGoal, severity: .error,
                        message: "'\(name)' is not reachable from the start, whatever events, values and answers",
                        location: machine.states[goal].named.location, witness: []))
            }
        }
    }

    /// Whether a question was answered otherwise than asked: a forbidden configuration is
    /// reachable or a goal is not.
    package var failed: Bool { findings.contains { $0.severity == .error } }

    /// For `--warnings-as-errors`: every warning becomes an error.
    package mutating func treatWarningsAsErrors() {
        for index in findings.indices where findings[index].severity == .warning { findings[index].severity = .error }
    }

    /// The findings as `verify` prints them: `file:line:col: warning: message [kind]`, its
    /// notes as `file:line:col: note: message`, then the witness in `simulate`'s input form, indented (`simulate` skips the blanks), with
    /// the rows each step takes as `#` comments; a reachable goal as a `note`.
    package func text(sourceName: String) -> String {
        var lines: [String] = []
        for finding in findings.sorted(by: { ($0.location, $0.kind.rawValue) < ($1.location, $1.kind.rawValue) }) {
            let severity = finding.severity?.rawValue ?? "note"
            lines.append("\(finding.location): \(severity): \(finding.message) [\(finding.kind.rawValue)]")
            lines += finding.notes.map { "\($0.location): note: \($0.message)" }
            lines += witnessLines(of: finding).map { "    " + $0 }
        }
        for kind in Finding.Kind.allCases {
            if let count = omitted[kind] {
                lines.append("\(sourceName): note: \(count) more \(kind.rawValue) findings")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

extension Verifier.Questions {
    /// Why a question could not be read.
    package struct Failure: Error, Hashable, Sendable {
        package var message: String
    }

    /// The state named `name` exactly as in the `.sm` file.
    package static func state(named name: String, in machine: StateMachine) throws(Failure) -> StateID {
        guard let state = machine.states.firstIndex(where: { $0.name == name }) else {
            let hint = Suggestions.suggestion(for: name, among: machine.states.map(\.name))
            throw Failure(message: "unknown state '\(name)'" + hint)
        }
        return state
    }

    /// `in(A), !in(B)`: state tests separated by commas, as in a guard.
    package static func terms(_ text: String, in machine: StateMachine) throws(Failure) -> [StateTest] {
        var terms: [StateTest] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            var term = piece.filter { $0 != " " && $0 != "\t" }
            let isNegated = term.hasPrefix("!")
            if isNegated { term.removeFirst() }
            guard term.hasPrefix("in("), term.hasSuffix(")"), term.count > 4 else {
                throw Failure(message: "expected 'in(State)' or '!in(State)', found '\(piece.trimmingBlanks)'")
            }
            let name = String(term.dropFirst(3).dropLast())
            terms.append(StateTest(state: try state(named: name, in: machine), isNegated: isNegated))
        }
        return terms
    }
}

extension Substring {
    fileprivate var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

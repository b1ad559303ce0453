extension Verifier {
    /// Steps that never come to rest: with one answer per condition for the whole step, as
    /// `simulate` answers them, the machine's `always` steps are decided by where it is and
    /// what its histories hold, so a run past `Interpreter.firingLimit` has met a situation
    /// again. Each cycle is reported once, with the shortest witness: the path to the node,
    /// then the event with the answers that keep the cycle turning, its rows up to the
    /// cycle's close (Commands › fsmc verify).
    ///
    /// A cycle that needs a condition to answer one way at one step and the other way at
    /// another is not reported: `simulate` could not show it, and conditions that read what
    /// the app holds answer alike until an action changes it.
    mutating func findLivelocks() {
        var seen = Set<[TableRows.ID]>()
        let sorted = space.livelocks.sorted { space.depth(of: $0.node) < space.depth(of: $1.node) }
        for livelock in sorted {
            var interpreter = space.nodes[livelock.node].interpreter
            let history = interpreter.history
            let choice = livelock.choice
            let step = interpreter.handle(choice.event, predicates: choice.predicateValues, conditions: choice.answers)
            guard let turn = Self.cycle(of: step, history: history) else {
                reportEndless(livelock, step: step)
                continue
            }
            let cycleRows = turn.cycle.flatMap(\.firings).map { space.rows.id(of: $0) }
            guard seen.insert(cycleRows.sorted()).inserted else { continue }
            let firedRows = turn.firings.map { space.rows.id(of: $0) }
            let last = PathCover.Step(choice: choice, rows: firedRows, leaves: turn.cycle[0].leaves)
            report(cycle: turn.cycle, answers: choice, witness: witness(to: livelock.node, then: last))
        }
    }

    /// What a step that never came to rest ran until its `always` steps met a situation
    /// again: its rows up to that point, and the steps from the first visit of that
    /// situation to just before the second.
    private static func cycle(
        of step: Interpreter.Step, history: [StateID: [StateID]]
    ) -> (firings: [Interpreter.Firing], cycle: [Interpreter.Step])? {
        var history = history
        var firings: [Interpreter.Firing] = []
        func record(_ fired: [Interpreter.Firing]) {
            for firing in fired {
                history.merge(firing.move.historyWrites) { $1 }
                firings.append(firing)
            }
        }
        func repetition(in steps: [Interpreter.Step]) -> [Interpreter.Step]? {
            var seen: [Situation: Int] = [:]
            for (index, always) in steps.enumerated() {
                let situation = Situation(leaves: always.leaves, history: history)
                if let first = seen[situation] { return Array(steps[first..<index]) }
                seen[situation] = index
                record(always.firings)
            }
            return nil
        }
        // The start's `always` steps, which ran before the event, may be the ones that never
        // ended; the event's rows come after them.
        if let cycle = repetition(in: step.before) { return (firings, cycle) }
        record(step.firings)
        return repetition(in: step.completion).map { (firings, $0) }
    }

    /// What decides the `always` steps from a configuration: it, and the histories stored.
    private struct Situation: Hashable {
        var leaves: [StateID]
        var history: [StateID: [StateID]]
    }

    /// A cycle of `always` steps, at its row declared first, with a note at each other row.
    private mutating func report(cycle: [Interpreter.Step], answers choice: Choice, witness: [PathCover.Step]) {
        let rows = cycle.indices.flatMap { step in cycle[step].firings.map { (step: step, firing: $0) } }
        let first = rows.min { $0.firing.transition.location < $1.firing.transition.location }!
        let turn = Array(cycle[first.step...] + cycle[..<first.step])
        let names = (turn + [turn[0]]).map { space.describe($0.leaves) }
        var asked: [ConditionCallID] = []
        for call in cycle.flatMap(\.askedConditions) where !asked.contains(call) { asked.append(call) }
        let answers =
            asked.isEmpty
            ? "whatever the answers"
            : "when "
                + asked.map { RowText.answerName(of: $0, in: machine) + "=" + String(choice.answers[$0]) }
                .joined(separator: ", ")
        let location = first.firing.transition.location
        var located = [location]
        var notes: [Diagnostic.Note] = []
        for firing in turn.flatMap(\.firings) where !located.contains(firing.transition.location) {
            located.append(firing.transition.location)
            notes.append(
                .init("'always' row of '\(machine.states[firing.source].name)'", at: firing.transition.location))
        }
        report(
            Finding(
                kind: .livelock, severity: .warning,
                message:
                    "'always' rows lead from '\(names[0])' back to it (\(names.joined(separator: " -> "))) \(answers), and never come to rest; give the cycle a way out\(asked.isEmpty ? "" : ", or make sure these answers change on the way")",
                location: location, notes: notes, witness: witness))
    }

    /// A step that fired more rows than `Interpreter.firingLimit` without meeting a
    /// situation again among its `always` steps: at the last row it fired.
    private mutating func reportEndless(_ livelock: StateSpace.Livelock, step: Interpreter.Step) {
        guard let lastFiring = step.allFirings.last else { return }
        let last = PathCover.Step(choice: livelock.choice, rows: [], leaves: space.nodes[livelock.node].leaves)
        report(
            Finding(
                kind: .livelock, severity: .warning,
                message:
                    "'\(machine.events[livelock.choice.event].name)' in '\(space.describe(step.leaves))' fires more than \(Interpreter.firingLimit) rows without coming to rest; give its rows a way out",
                location: lastFiring.transition.location, witness: witness(to: livelock.node, then: last)))
    }
}

extension Verifier {
    /// Steps that never come to rest: with one answer per condition for the whole step, as
    /// `simulate` answers them, what follows an event (its `always` steps and the events
    /// its rows raise) is decided by where the machine is, what its histories hold and
    /// which raised events wait, so a run past `Interpreter.firingLimit` has met such a
    /// situation again, unless its queue of raised events keeps growing. Each cycle is
    /// reported once, with the shortest witness: the path to the node, then the event with
    /// the answers that keep the cycle turning, its rows up to the cycle's close
    /// (Commands › fsmc verify).
    ///
    /// A cycle that needs a condition to answer one way at one step and the other way at
    /// another is not reported: `simulate` could not show it, and conditions that read what
    /// the app holds answer alike until an action changes it.
    mutating func findLivelocks() {
        var seen = Set<[TableRows.ID]>()
        var endless = Set<SourceLocation>()
        let sorted = space.livelocks.sorted { space.depth(of: $0.node) < space.depth(of: $1.node) }
        for livelock in sorted {
            let choice = livelock.choice
            var interpreter = space.nodes[livelock.node].interpreter
            let history = interpreter.history
            // A new machine starts first, as `handle` would start it: only `start` tells
            // which events its entry actions raise.
            let start = interpreter.isStarted ? nil : interpreter.start(conditions: choice.answers)
            let step = interpreter.handle(choice.event, predicates: choice.predicateValues, conditions: choice.answers)
            guard let turn = cycle(after: start, step, history: history) else {
                if let lastFiring = step.allFirings.last, endless.insert(lastFiring.transition.location).inserted {
                    reportEndless(livelock, step: step, at: lastFiring.transition.location)
                }
                continue
            }
            let cycleRows = turn.cycle.flatMap(\.firings).map { space.rows.id(of: $0) }
            guard seen.insert(cycleRows.sorted()).inserted else { continue }
            let firedRows = turn.firings.map { space.rows.id(of: $0) }
            let last = PathCover.Step(choice: choice, rows: firedRows, leaves: turn.cycle[0].leaves)
            report(cycle: turn.cycle, answers: choice, witness: witness(to: livelock.node, then: last))
        }
    }

    /// What a step that never came to rest ran until what followed its event met a
    /// situation again: its rows up to that point, and the steps from the first visit of
    /// that situation to just before the second. `start` is what starting the machine ran,
    /// when the step started it.
    private func cycle(
        after start: Interpreter.Start?, _ step: Interpreter.Step, history: [StateID: [StateID]]
    ) -> (firings: [Interpreter.Firing], cycle: [Interpreter.Step])? {
        let always = machine.alwaysEvent
        var history = history
        var queue: [EventID] = []
        var firings: [Interpreter.Firing] = []
        func record(_ fired: [Interpreter.Firing]) {
            for firing in fired {
                history.merge(firing.move.historyWrites) { $1 }
                queue += firing.raisedEvents
                firings.append(firing)
            }
        }
        func repetition(in steps: [Interpreter.Step]) -> [Interpreter.Step]? {
            var seen: [Situation: Int] = [:]
            for (index, taken) in steps.enumerated() {
                let situation = Situation(leaves: taken.leaves, history: history, queue: queue)
                if let first = seen[situation] { return Array(steps[first..<index]) }
                seen[situation] = index
                // A step that is not an `always` step handles the oldest raised event.
                if taken.event != always && !queue.isEmpty { queue.removeFirst() }
                record(taken.firings)
            }
            return nil
        }
        // The start's steps, which ran before the event, may be the ones that never ended.
        if let start {
            queue = start.effects.compactMap(\.raisedEvent)
            if let cycle = repetition(in: start.completion) { return (firings, cycle) }
            queue = []
        }
        record(step.firings)
        return repetition(in: step.completion).map { (firings, $0) }
    }

    /// What decides the steps that follow an event: the configuration, the histories
    /// stored, and the raised events waiting.
    private struct Situation: Hashable {
        var leaves: [StateID]
        var history: [StateID: [StateID]]
        var queue: [EventID]
    }

    /// A cycle of steps, at its row declared first, with a note at each other row.
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
        var raised: [String] = []
        for step in turn where step.event != machine.alwaysEvent {
            let name = "'\(machine.events[step.event].name)'"
            if !raised.contains(name) { raised.append(name) }
        }
        let hasAlways = turn.contains { $0.event == machine.alwaysEvent }
        let rowsText =
            raised.isEmpty
            ? "'always' rows"
            : (hasAlways ? "'always' rows and " : "") + "rows taken for raised events ("
                + raised.joined(separator: ", ") + ")"
        let location = first.firing.transition.location
        var located = [location]
        var notes: [Diagnostic.Note] = []
        for step in turn {
            for firing in step.firings where !located.contains(firing.transition.location) {
                located.append(firing.transition.location)
                notes.append(
                    .init(
                        "'\(machine.events[step.event].name)' row of '\(machine.states[firing.source].name)'",
                        at: firing.transition.location))
            }
        }
        report(
            Finding(
                kind: .livelock, severity: .warning,
                message:
                    "\(rowsText) lead from '\(names[0])' back to it (\(names.joined(separator: " -> "))) \(answers), and never come to rest; give the cycle a way out\(asked.isEmpty ? "" : ", or make sure these answers change on the way")",
                location: location, notes: notes, witness: witness))
    }

    /// A step that fired more rows than `Interpreter.firingLimit` without meeting a
    /// situation again (its raised events keep growing in number): at `location`, the last
    /// row it fired, once.
    private mutating func reportEndless(
        _ livelock: StateSpace.Livelock, step: Interpreter.Step, at location: SourceLocation
    ) {
        let last = PathCover.Step(choice: livelock.choice, rows: [], leaves: space.nodes[livelock.node].leaves)
        report(
            Finding(
                kind: .livelock, severity: .warning,
                message:
                    "'\(machine.events[livelock.choice.event].name)' in '\(space.describe(step.leaves))' fires more than \(Interpreter.firingLimit) rows without coming to rest; give its rows a way out",
                location: location, witness: witness(to: livelock.node, then: last)))
    }
}

extension Verifier {
    /// Some answers that leave a state's if/else tree for an event without a row: where the
    /// step was tried, the row tried first and the state whose rows hold it, the step as
    /// the witness's last, and what to say.
    private struct Hole {
        var node: Int
        var transition: Transition
        var source: StateID
        var last: PathCover.Step
        var message: String
    }

    /// Each row that some answers leave rejected (no row of its state and event applies to
    /// them), once, with the shortest witness: the step that rejects is its last.
    mutating func findRejections() {
        var seen = Set<TableRows.ID>()
        let holes = rejectedEvents().enumerated().sorted {
            (space.depth(of: $0.element.node), $0.offset) < (space.depth(of: $1.element.node), $1.offset)
        }
        for hole in holes.map(\.element) {
            guard seen.insert(space.rows.id(of: hole.transition, from: hole.source)).inserted else { continue }
            report(
                Finding(
                    kind: .rejectedEvent, severity: .warning, message: hole.message,
                    location: hole.transition.location, witness: witness(to: hole.node, then: hole.last)))
        }
    }

    /// The steps whose event was rejected for their answers.
    private func rejectedEvents() -> [Hole] {
        // A rejection that asked no condition is decided by the configuration (a join
        // waiting for its regions): no answer could change it.
        space.rejections.filter { !$0.choice.asked.isEmpty }.map { rejection in
            let leaves = space.nodes[rejection.node].leaves
            let state =
                machine.states[rejection.source].isParallel
                ? space.describe(leaves) : machine.states[rejection.source].name
            let event = machine.events[rejection.choice.event].name
            return Hole(
                node: rejection.node, transition: rejection.transition, source: rejection.source,
                last: PathCover.Step(choice: rejection.choice, rows: [], leaves: leaves),
                message:
                    "'\(event)' in '\(state)' is rejected when \(answersText(rejection.choice)): no row applies; add a row for these answers, such as one without the failing terms"
            )
        }
    }

    /// `isLive=false (with Mode=fast)`: the answers and predicate values of a step.
    private func answersText(_ choice: Choice) -> String {
        let values = PathWriter.values(of: choice, in: machine)
        let predicates = values.predicates.map { "\($0.0)=\($0.1)" }
        return values.conditions.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
            + (predicates.isEmpty ? "" : " (with " + predicates.joined(separator: ", ") + ")")
    }
}

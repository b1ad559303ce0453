/// The runtime-library model: a dictionary from (state, event, predicate values) to a
/// closure and a target state, filled row by row and expanded over every combination of
/// predicate values before the first event, as Swift state-machine libraries do.
final class ClosureMachine<State: Hashable, Event: Hashable, Predicates: Hashable, Actions> {
    struct Key: Hashable {
        var state: State
        var event: Event
        var predicates: Predicates
    }

    struct Transition {
        var target: State
        var rank: Int
        var action: (inout Actions) -> Void
    }

    /// A row as registered: it matches the predicate values for which `matches` is true.
    private struct Row {
        var state: State
        var event: Event
        var matches: (Predicates) -> Bool
        var transition: Transition
    }

    private(set) var state: State
    var actions: Actions
    private var rows: [Row] = []
    private var table: [Key: Transition] = [:]
    /// How many (row, combination) pairs `expand(over:)` tried: its start-up work.
    private(set) var expansionChecks = 0

    init(actions: Actions, state: State) {
        self.actions = actions
        self.state = state
    }

    var tableCount: Int { table.count }

    func add(
        _ state: State, _ event: Event, rank: Int = 0, when matches: @escaping (Predicates) -> Bool = { _ in true },
        to target: State, _ action: @escaping (inout Actions) -> Void
    ) {
        rows.append(
            Row(
                state: state, event: event, matches: matches,
                transition: Transition(target: target, rank: rank, action: action)))
    }

    /// Fills the table: for each row and each combination it matches, the most specific row.
    func expand(over combinations: [Predicates]) {
        for row in rows {
            for predicates in combinations {
                expansionChecks += 1
                guard row.matches(predicates) else { continue }
                let key = Key(state: row.state, event: row.event, predicates: predicates)
                if let existing = table[key], existing.rank >= row.transition.rank { continue }
                table[key] = row.transition
            }
        }
        rows = []
    }

    func handle(_ event: Event, _ predicates: Predicates) {
        guard let transition = table[Key(state: state, event: event, predicates: predicates)] else { return }
        transition.action(&actions)
        state = transition.target
    }
}

/// The predicate values of a machine without predicates.
struct NoPredicates: Hashable {}

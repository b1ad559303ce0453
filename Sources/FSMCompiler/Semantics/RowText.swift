/// How the reports, the simulation and the diagrams write a row's parts as text
/// (Commands › fsmc table).
package enum RowText {
    /// `in(Saved), Enforcement=weak|strong, Reward=positive, isRushHour, !isJammed`: state
    /// tests first, where dispatch reads them (before any condition is asked), then
    /// predicate terms as written, then condition terms as written.
    package static func guardText(_ guardClause: Guard, in machine: StateMachine) -> String {
        let predicates = guardClause.predicates.map { match in
            let type = machine.predicateTypes[match.type]
            return type.type.name + "=" + match.cases.map { type.cases[$0].name }.joined(separator: "|")
        }
        let conditions = guardClause.conditions.map { term in
            (term.isNegated ? "!" : "") + callText(machine.conditions[term.condition].name, arguments: term.arguments)
        }
        let stateTests = guardClause.stateTests.map {
            ($0.isNegated ? "!" : "") + "in(" + machine.states[$0.state].name + ")"
        }
        return (stateTests + predicates + conditions).joined(separator: ", ")
    }

    /// `Locked Pass [Enforcement=weak]`: where a line of `table` and `simulate` starts, the
    /// row's source as `source` names it.
    public static func head(_ source: String, _ transition: Transition, in machine: StateMachine) -> String {
        let head = source + " " + machine.events[transition.event].name
        return transition.guardClause.isEmpty
            ? head : head + " [" + guardText(transition.guardClause, in: machine) + "]"
    }

    /// How `simulate` and `paths` name the answer of a condition call: the call as written
    /// (`atLeast(3)`, `isEnough(tip)`) when it passes a literal or its condition is asked in
    /// more than one way, else the condition's name (`isRushHour`, `isEnough`).
    package static func answerName(of call: ConditionCallID, in machine: StateMachine) -> String {
        let asked = machine.conditionCalls[call]
        let isOnlyCall = machine.conditionCalls.filter { $0.condition == asked.condition }.count == 1
        return isOnlyCall && asked.arguments.allSatisfy({ $0.label != nil })
            ? machine.conditions[asked.condition].name : conditionCallText(call, in: machine)
    }

    /// `atLeast(3)`, `isEnough(amount)`: a condition call as guards write it.
    package static func conditionCallText(_ call: ConditionCallID, in machine: StateMachine) -> String {
        let asked = machine.conditionCalls[call]
        return callText(machine.conditions[asked.condition].name, arguments: asked.arguments)
    }

    /// The actions of `effects` as calls, with what they are called with: `lock`,
    /// `setDuration(duration)`, `retry(3)`; a raised event as `^Saved`, whose values are
    /// those its labels name.
    package static func calls(_ effects: [ActionCall], in machine: StateMachine) -> [String] {
        effects.map { call(text: $0, in: machine) }
    }

    /// `lock`, `retry(3)` or `^Saved`.
    package static func call(text call: ActionCall, in machine: StateMachine) -> String {
        switch call.callee {
        case .action(let action): callText(machine.actions[action].name, arguments: call.arguments)
        case .raise(let event): "^" + machine.events[event].name
        }
    }
}

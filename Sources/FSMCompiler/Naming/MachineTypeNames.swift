/// The Swift names of the types a machine's file declares (The generated Swift › Names),
/// from its `FSM:` and `Actions:` headers: the checks look for clashes among them and with
/// the machine's own names, and the generator declares them.
package struct MachineTypeNames: Hashable, Sendable {
    /// The machine: `FSM:` in UpperCamelCase.
    package var machine: String
    /// The actions protocol: the `Actions:` header, else `<machine>Actions`.
    package var actions: String
    /// `<machine>State`, `<machine>Event`: the enums of states and events.
    package var state: String
    package var event: String
    /// `<machine>EventName`: the event names without values, of a machine whose events carry some.
    package var eventName: String
    /// `<machine>StateName`: the state names without values, of a machine whose states hold some.
    package var stateName: String
    /// `<machine>History`: the stored histories, of a machine with `History:` headers.
    package var history: String
    /// `<machine>Timer`: the timers, of a machine with `after` rows.
    package var timer: String
    /// `<machine>Snapshot`: the machine as data.
    package var snapshot: String

    /// The names for the `FSM:` header `fsmName` (as written) and the `Actions:` header, if any.
    package init(fsmName: String, actionsHeader: String?) {
        machine = SwiftNames.upperCamel(fsmName)
        let base = SwiftNames.unescaped(machine)
        actions = actionsHeader.map(SwiftNames.escaped) ?? "\(base)Actions"
        state = "\(base)State"
        event = "\(base)Event"
        eventName = "\(base)EventName"
        stateName = "\(base)StateName"
        history = "\(base)History"
        timer = "\(base)Timer"
        snapshot = "\(base)Snapshot"
    }

    /// The names of a checked machine's types.
    package init(_ machine: StateMachine) {
        self.init(fsmName: machine.name.name, actionsHeader: machine.actionsHeader)
    }
}

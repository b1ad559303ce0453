extension MachineDescription {
    /// The machine in the `.sm` language, for fsmc.
    public var smText: String {
        var lines = ["// written by generate-machines; do not edit", "FSM: \(name)", "Initial: \(states[0])"]
        lines += predicateTypes.map { "Predicate: \($0.name) = " + $0.cases.joined(separator: " | ") }
        lines.append("{")
        let rowsByState = Dictionary(grouping: rows, by: \.state)
        for state in states.indices {
            let stateRows = rowsByState[state] ?? []
            guard !stateRows.isEmpty else {
                lines.append("  \(states[state]) - - -")
                continue
            }
            lines.append("  \(states[state]) {")
            for row in stateRows {
                let terms = zip(predicateTypes, row.guardCases).compactMap { type, value in
                    value.map { "\(type.name) = \(type.cases[$0])" }
                }
                let guardText = terms.isEmpty ? "" : " [" + terms.joined(separator: ", ") + "]"
                let target = row.target == state ? "-" : states[row.target]
                let actionNames = row.actions.map { actions[$0] }
                let actionText =
                    actionNames.count == 1 ? actionNames[0] : "{" + actionNames.joined(separator: " ") + "}"
                lines.append("    \(events[row.event])\(guardText) \(target) \(actionText)")
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same machine as a person writes it in Swift: one `switch` on the state, then on
    /// the event (then on the predicate values it depends on), then the actions and the
    /// new state. It uses the enums and the actions protocol that fsmc generates.
    public var handWrittenSwift: String {
        var writer = SwiftWriter()
        writer.line("// written by generate-machines; do not edit")
        writer.line()
        writer.line("/// `\(name)` written by hand as nested switches, over the generated enums and actions protocol.")
        writer.line("final class Hand\(name)<Actions: \(actionsProtocol)> {")
        writer.indented { writer in
            writer.line("private(set) var state: \(stateType)")
            writer.line("var actions: Actions")
            writer.line()
            writer.line("init(actions: Actions, state: \(stateType) = .\(swiftName(states[0]))) {")
            writer.indented {
                $0.line("self.actions = actions")
                $0.line("self.state = state")
            }
            writer.line("}")
            writer.line()
            let predicateParameters = predicateTypes.map { ", \(swiftName($0.name)): \(swiftType(of: $0))" }.joined()
            writer.line("func handle(_ event: \(eventType)\(predicateParameters)) {")
            writer.indented { writer in
                writer.line("switch state {")
                for state in states.indices {
                    writer.line("case .\(swiftName(states[state])):")
                    writer.indented { writeHandledEvents(of: state, into: &$0) }
                }
                writer.line("}")
            }
            writer.line("}")
        }
        writer.line("}")
        return writer.text
    }

    private func writeHandledEvents(of state: Int, into writer: inout SwiftWriter) {
        let handled = handledEvents(of: state)
        guard !handled.isEmpty else { return writer.line("break") }
        writer.line("switch event {")
        for event in handled {
            writer.line("case .\(swiftName(events[event])):")
            writer.indented { writeRows(rows(of: state, event), into: &$0) }
        }
        if handled.count < events.count {
            writer.line("default:")
            writer.indented { $0.line("break") }
        }
        writer.line("}")
    }

    private func writeRows(_ eventRows: [Row], into writer: inout SwiftWriter) {
        guard eventRows.count > 1 || eventRows[0].rank > 0 else { return writeTransition(eventRows[0], into: &writer) }
        let used = predicateTypes.indices.filter { type in eventRows.contains { $0.guardCases[type] != nil } }
        let subject = used.map { swiftName(predicateTypes[$0].name) }
        writer.line("switch " + (used.count == 1 ? subject[0] : "(" + subject.joined(separator: ", ") + ")") + " {")
        for row in eventRows {
            if row.rank == 0 {
                writer.line("default:")
            } else {
                let elements = used.map { type in
                    row.guardCases[type].map { "." + predicateTypes[type].cases[$0] } ?? "_"
                }
                writer.line(
                    "case " + (used.count == 1 ? elements[0] : "(" + elements.joined(separator: ", ") + ")") + ":")
            }
            writer.indented { writeTransition(row, into: &$0) }
        }
        if eventRows.last?.rank != 0 {
            writer.line("default:")
            writer.indented { $0.line("break") }
        }
        writer.line("}")
    }

    private func writeTransition(_ row: Row, into writer: inout SwiftWriter) {
        for action in row.actions { writer.line("actions.\(actions[action])()") }
        if row.target != row.state { writer.line("state = .\(swiftName(states[row.target]))") }
    }

    /// The machine registered with `ClosureMachine`, the dictionary-of-closures dispatcher
    /// that models a runtime state-machine library, as that library's user writes it.
    public var closureRegistrationSwift: String {
        var writer = SwiftWriter()
        writer.line("// written by generate-machines; do not edit")
        writer.line()
        let predicatesType = predicateTypes.isEmpty ? "NoPredicates" : name + "Predicates"
        if !predicateTypes.isEmpty {
            writer.line("/// The predicate values of `\(name)`, one part of the dispatcher's key.")
            writer.line("struct \(predicatesType): Hashable {")
            writer.indented { writer in
                for type in predicateTypes { writer.line("var \(swiftName(type.name)): \(swiftType(of: type))") }
                writer.line()
                writer.line("/// Every combination, which the dispatcher expands each row over.")
                let names = predicateTypes.map { swiftName($0.name) }
                var expression = "Self(" + names.map { "\($0): \($0)" }.joined(separator: ", ") + ")"
                for (index, type) in predicateTypes.enumerated().reversed() {
                    let method = index == predicateTypes.count - 1 ? "map" : "flatMap"
                    expression = "\(swiftType(of: type)).allCases.\(method) { \(names[index]) in \(expression) }"
                }
                writer.line("static let all: [Self] = " + expression)
            }
            writer.line("}")
            writer.line()
        }
        writer.line(
            "extension ClosureMachine where State == \(stateType), Event == \(eventType), Predicates == \(predicatesType),"
        )
        writer.line("                              Actions: \(actionsProtocol) {")
        writer.indented { writer in
            writer.line("/// `\(name)` registered row by row, then expanded into the dispatch table.")
            writer.line("static func make\(name)(actions: Actions) -> ClosureMachine {")
            writer.indented { writer in
                writer.line("let machine = ClosureMachine(actions: actions, state: .\(swiftName(states[0])))")
                for row in rows {
                    let terms = zip(predicateTypes, row.guardCases).compactMap { type, value in
                        value.map { "$0.\(swiftName(type.name)) == .\(type.cases[$0])" }
                    }
                    let condition =
                        terms.isEmpty ? "" : "rank: \(row.rank), when: { " + terms.joined(separator: " && ") + " }, "
                    let body = row.actions.map { "$0.\(actions[$0])()" }.joined(separator: "; ")
                    writer.line(
                        "machine.add(.\(swiftName(states[row.state])), .\(swiftName(events[row.event])), \(condition)"
                            + "to: .\(swiftName(states[row.target]))) { \(body) }")
                }
                writer.line(
                    "machine.expand(over: " + (predicateTypes.isEmpty ? "[NoPredicates()]" : "\(predicatesType).all")
                        + ")")
                writer.line("return machine")
            }
            writer.line("}")
        }
        writer.line("}")
        return writer.text
    }

    /// What the counting actions of every machine use to declare `sendsEvents`: the
    /// benchmark measures generated dispatch both with the queue (the default) and
    /// without it (actions that declare they send no events).
    public static let sendsEventsDeclarationsSwift = """
        // written by generate-machines; do not edit

        /// What counting actions declare as `sendsEvents`; they never send any event.
        protocol SendsEventsDeclaration {
            static var sendsEvents: Bool { get }
        }

        /// `sendsEvents` false: no queue, the contract of a hand-written switch.
        enum DeclaresNoEvents: SendsEventsDeclaration {
            static var sendsEvents: Bool { false }
        }

        /// `sendsEvents` true, the default: events sent from actions would be queued.
        enum MaySendEvents: SendsEventsDeclaration {
            static var sendsEvents: Bool { true }
        }

        """

    /// Actions that add a different number to a counter each, so that the optimizer
    /// cannot drop them and every dispatcher can be checked to have run the same ones.
    /// `Declaration` says what they declare as `sendsEvents`.
    public var countingActionsSwift: String { countingActionsSwift(importing: []) }

    /// `countingActionsSwift` in a file that imports `modules`, the machine's among them
    /// when it is generated in another module.
    public func countingActionsSwift(importing modules: [String]) -> String {
        var writer = SwiftWriter()
        writer.line("// written by generate-machines; do not edit")
        writer.line()
        for module in modules { writer.line("import \(module)") }
        if !modules.isEmpty { writer.line() }
        writer.line("/// Counts what `\(name)` does: each action adds its own number.")
        writer.line("struct Counting\(name)Actions<Declaration: SendsEventsDeclaration>: \(actionsProtocol) {")
        writer.indented { writer in
            writer.line("static var sendsEvents: Bool { Declaration.sendsEvents }")
            writer.line("var count = 0")
            for (index, action) in actions.enumerated() {
                writer.line("mutating func \(action)() { count &+= \(index + 1) }")
            }
        }
        writer.line("}")
        return writer.text
    }

    /// A function that creates the machine with counting actions (with the default
    /// `sendsEvents`) and sends it every event, so that a module that contains it
    /// specializes the generated machine, as an app does.
    public var useSwift: String {
        var writer = SwiftWriter()
        writer.line()
        writer.line("/// Creates the machine and handles `events`, to specialize it for its actions.")
        let predicateValues = predicateTypes.map { ", \(swiftName($0.name)): .\(swiftName($0.cases[0]))" }.joined()
        writer.line("public func use\(name)(_ events: [Int]) -> Int {")
        writer.indented { writer in
            writer.line("let machine = \(name)(actions: Counting\(name)Actions<MaySendEvents>())")
            writer.line("let all = \(eventType).allCases")
            writer.line("for event in events { machine.handle(all[event % all.count]\(predicateValues)) }")
            writer.line("return machine.actions.count")
        }
        writer.line("}")
        return writer.text
    }

    /// `Locked` → `locked`, as fsmc names cases and functions (the benchmark names need no escaping).
    func swiftName(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }
}

/// Collects Swift source with four-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}

import FSMCompiler
import FSMTestSupport

/// What a Mermaid or DOT diagram that fsmc wrote shows, read back from its text, so that
/// tests can check it against the model without trusting the code that drew it.
struct DrawnDiagram {
    enum Endpoint: Hashable {
        case state(String)
        case box(String)
    }

    struct Edge: Hashable {
        var from: Endpoint
        var to: String
        var label: String
    }

    /// By superstate name: the box it is drawn in, or nil at the top level.
    var boxParents: [String: String?] = [:]
    /// By state name: the innermost box around its node, or nil; a state drawn twice is a bug.
    var stateBoxes: [String: String?] = [:]
    var drawnTwice: [String] = []
    var stateNotes: [String: [String]] = [:]
    var boxNotes: [String: [String]] = [:]
    /// One per transition line (DOT labels of several lines are split).
    var edges: [Edge] = []
    var initialStates: [String] = []
    /// Problems with the text itself: unbalanced braces, unknown lines, bad identifiers.
    var problems: [String] = []

    /// The boxes around a state, innermost first.
    func enclosingBoxes(of state: String) -> [String] {
        var boxes: [String] = []
        var next = stateBoxes[state] ?? nil
        while let box = next, !boxes.contains(box) {
            boxes.append(box)
            next = boxParents[box] ?? nil
        }
        return boxes
    }

    mutating func place(_ state: String, in box: String?) {
        if stateBoxes[state] != nil { drawnTwice.append(state) }
        stateBoxes[state] = .some(box)
    }

    // MARK: Mermaid

    static let mermaidKeywords: Set<String> = [
        "accdescr", "acctitle", "as", "class", "classdef", "click", "default", "direction",
        "end", "hide", "left", "note", "of", "right", "scale", "state", "statediagram", "style",
    ]

    init(mermaid text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() } else { problems.append("no line break at the end") }
        guard lines.first == "stateDiagram-v2" else {
            problems.append("first line is not 'stateDiagram-v2'")
            return
        }
        var names: [String: String] = [:]
        var boxNames: [String: String] = [:]
        var stack: [String] = []
        var noteBox: String?
        func name(_ id: String) -> String { names[id] ?? id }
        func checkIdentifier(_ id: String) {
            if id.wholeMatch(of: /[A-Za-z0-9_]+/) == nil || Self.mermaidKeywords.contains(id.lowercased()) {
                problems.append("invalid identifier '\(id)'")
            }
        }
        for line in lines.dropFirst() {
            let content = line.drop { $0 == " " }
            let indentation = line.count - content.count
            if let box = noteBox {
                if content == "end note" { noteBox = nil } else { boxNotes[box, default: []].append(String(content)) }
                continue
            }
            if indentation != 4 * (content == "}" ? stack.count : stack.count + 1) {
                problems.append("unexpected indentation: '\(line)'")
            }
            if let match = content.wholeMatch(of: /state (?:"([^"]+)" as )?(\w+) \{/) {
                let id = String(match.2)
                checkIdentifier(id)
                let label = match.1.map(String.init) ?? id
                boxNames[id] = label
                boxParents[label] = .some(stack.last)
                stack.append(label)
            } else if content == "}" {
                if stack.popLast() == nil { problems.append("unbalanced '}'") }
            } else if let match = content.wholeMatch(of: /state "(\w+)" as (\w+)/) {
                checkIdentifier(String(match.2))
                names[String(match.2)] = String(match.1)
                place(String(match.1), in: stack.last)
            } else if let match = content.wholeMatch(of: /note right of (\w+)/) {
                noteBox = boxNames[String(match.1)] ?? String(match.1)
                if boxNames[String(match.1)] == nil { problems.append("note on '\(match.1)', which is no composite state") }
            } else if let match = content.wholeMatch(of: /\[\*\] --> (\w+)/) {
                initialStates.append(name(String(match.1)))
            } else if let match = content.wholeMatch(of: /(\w+) --> (\w+) : ([^:;#]+)/) {
                if !stack.isEmpty { problems.append("transition inside a composite state: '\(line)'") }
                let from = String(match.1)
                edges.append(Edge(from: boxNames[from].map(Endpoint.box) ?? .state(name(from)),
                                  to: name(String(match.2)), label: String(match.3)))
            } else if let match = content.wholeMatch(of: /(\w+) : ([^:;#]+)/) {
                let state = name(String(match.1))
                if stateNotes[state] == nil {
                    if match.2 != state { problems.append("the first description of '\(state)' is not its name") }
                    if names[String(match.1)] == nil { checkIdentifier(String(match.1)); place(state, in: stack.last) }
                    stateNotes[state] = []
                } else {
                    stateNotes[state]!.append(String(match.2))
                }
            } else if let match = content.wholeMatch(of: /\w+/) {
                checkIdentifier(String(match.0))
                place(String(match.0), in: stack.last)
            } else {
                problems.append("unknown line '\(line)'")
            }
        }
        if !stack.isEmpty { problems.append("unclosed composite states \(stack)") }
        if noteBox != nil { problems.append("unclosed note") }
    }

    // MARK: DOT

    init(dot text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() } else { problems.append("no line break at the end") }
        guard lines.first?.hasPrefix("digraph ") == true, lines.last == "}" else {
            problems.append("not a digraph")
            return
        }
        var stack: [String] = []
        for line in lines.dropFirst().dropLast() {
            let content = String(line.drop { $0 == " " })
            if let match = content.wholeMatch(of: /subgraph "cluster_(\w+)" \{/) {
                boxParents[String(match.1)] = .some(stack.last)
                stack.append(String(match.1))
            } else if content == "}" {
                if stack.popLast() == nil { problems.append("unbalanced '}'") }
            } else if content.hasPrefix("graph [") || content.hasPrefix("node [") || content.hasPrefix("edge [") {
                continue
            } else if content == "\"[*]\" [shape=point, width=0.15, style=filled, fillcolor=black];" {
                continue
            } else if let match = content.wholeMatch(of: /"\[\*\]" -> "(\w+)";/) {
                initialStates.append(String(match.1))
            } else if let match = content.wholeMatch(of: /"(\w+):notes" \[shape=plain, label=<(.*)>\];/) {
                if stack.last != String(match.1) { problems.append("notes of '\(match.1)' outside its cluster") }
                boxNotes[String(match.1)] = Self.rows(String(match.2))
            } else if content.wholeMatch(of: /"\w+:notes" -> "\w+" \[style=invis(, minlen=0)?\];/) != nil {
                continue
            } else if let match = content.wholeMatch(of: /"(\w+)" \[label="(\w+)"\];/) {
                if match.1 != match.2 { problems.append("'\(match.1)' is labelled '\(match.2)'") }
                place(String(match.1), in: stack.last)
            } else if let match = content.wholeMatch(of: /"(\w+)" \[label=<(.*)>\];/) {
                if !match.2.hasPrefix("<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD><B>\(match.1)</B></TD></TR><HR/>") {
                    problems.append("'\(match.1)' has no title row")
                }
                place(String(match.1), in: stack.last)
                stateNotes[String(match.1)] = Self.rows(String(match.2))
            } else if let match = content.wholeMatch(of: /"(\w+)" -> "(\w+)" \[(?:ltail="cluster_(\w+)", )?label="(.*)"\];/) {
                if let box = match.3, !boxParents.keys.contains(String(box)) { problems.append("ltail to unknown cluster '\(box)'") }
                let from = match.3.map { Endpoint.box(String($0)) } ?? .state(String(match.1))
                var label = String(match.4).replacingOccurrences(of: "\\\"", with: "\"")
                if label.hasSuffix("\\l") { label.removeLast(2) }
                for part in label.components(separatedBy: "\\l") {
                    edges.append(Edge(from: from, to: String(match.2), label: part))
                }
            } else {
                problems.append("unknown line '\(line)'")
            }
        }
        if !stack.isEmpty { problems.append("unclosed clusters \(stack)") }
    }

    /// The left-aligned rows of an HTML-like table, unescaped.
    private static func rows(_ table: String) -> [String] {
        table.matches(of: /<TR><TD ALIGN="LEFT">(.*?)<\/TD><\/TR>/).map { match in
            String(match.1).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}

extension DrawnDiagram {
    /// Whether the diagram shows `machine` completely and each thing once: every concrete
    /// state drawn once, the initial state marked, every flattened transition covered by
    /// exactly one arrow or line (from its state or from a box around it), nothing drawn
    /// that no transition explains, and each state's entry and exit actions shown on it and
    /// the boxes around it. Returns what is wrong.
    func mismatches(with machine: StateMachine) -> [String] {
        var found = problems + drawnTwice.map { "state '\($0)' drawn twice" }
        let names = machine.states.map(\.name)
        for state in machine.concreteStates where stateBoxes[names[state]] == nil {
            found.append("state '\(names[state])' is not drawn")
        }
        if initialStates != [names[machine.initialState]] { found.append("initial marker on \(initialStates)") }
        var usedEdges: Set<Int> = []
        var usedLines: Set<String> = []
        for state in machine.concreteStates {
            let name = names[state]
            let boxes = enclosingBoxes(of: name)
            for transition in machine.states[state].transitions {
                let label = Self.label(of: transition, in: machine)
                let target = names[transition.target]
                var count = 0
                for (index, edge) in edges.enumerated() where edge.to == target && edge.label == label
                    && (edge.from == .state(name) || boxes.contains { edge.from == .box($0) }) {
                    count += 1
                    usedEdges.insert(index)
                }
                if target == name {
                    count += (stateNotes[name] ?? []).count(where: { $0 == label })
                    if stateNotes[name]?.contains(label) == true { usedLines.insert(name + ": " + label) }
                }
                for box in boxes {
                    for line in boxNotes[box] ?? [] where line == label && target == name || line == label + " → " + target {
                        count += 1
                        usedLines.insert(box + ": " + line)
                    }
                }
                if count != 1 {
                    found.append("\(name) \(label) -> \(target) is drawn \(count) times")
                }
            }
            for (kind, actions) in [("entry", machine.states[state].entryActions), ("exit", machine.states[state].exitActions)] {
                let shown = ((stateNotes[name] ?? []) + boxes.flatMap { boxNotes[$0] ?? [] })
                    .filter { $0.hasPrefix(kind + " / ") }
                    .flatMap { $0.dropFirst(kind.count + 3).components(separatedBy: ", ") }
                if shown.sorted() != actions.map({ machine.actions[$0].name }).sorted() {
                    found.append("\(name) shows \(kind) actions \(shown)")
                }
            }
        }
        for (index, edge) in edges.enumerated() where !usedEdges.contains(index) {
            found.append("arrow \(edge) stands for no transition")
        }
        for (owner, lines) in stateNotes.map({ ($0.key, $0.value) }) + boxNotes.map({ ($0.key, $0.value) }) {
            for line in lines where !line.hasPrefix("entry / ") && !line.hasPrefix("exit / ")
                && !usedLines.contains(owner + ": " + line) {
                found.append("line '\(line)' in '\(owner)' stands for no transition")
            }
        }
        return found.sorted()
    }

    /// `Event [guard] / actions`, the label SPEC'd for arrows.
    static func label(of transition: Transition, in machine: StateMachine) -> String {
        var label = machine.events[transition.event].name
        if !transition.guardClause.isEmpty {
            label += " [" + TransitionTable.guardText(transition.guardClause, in: machine) + "]"
        }
        if !transition.actions.isEmpty {
            label += " / " + transition.actions.indices.map { position in
                let name = machine.actions[transition.actions[position]].name
                let labels = transition.actionArguments.indices.contains(position) ? transition.actionArguments[position] : []
                return labels.isEmpty ? name : name + "(" + labels.joined(separator: ", ") + ")"
            }.joined(separator: ", ")
        }
        return label
    }
}

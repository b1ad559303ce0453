import FSMCompiler
import FSMTestSupport

/// What a Mermaid or DOT diagram that fsmc wrote shows, read back from its text, so that
/// tests can check it against the model without trusting the code that drew it.
struct DrawnDiagram {
    enum Endpoint: Hashable {
        case state(String)
        case box(String)
        /// The history marker (`H` or `H*`) in the box of this superstate.
        case history(String)
        /// A fork's bar, with an unlabelled arrow from it to each of these, in order.
        case fork([Endpoint])

        var isStateOrBox: Bool {
            switch self {
            case .state, .box: true
            case .history, .fork: false
            }
        }

        /// The state, or the superstate whose box or marker it is; a fork's, joined by ` & `.
        var name: String {
            switch self {
            case .state(let name), .box(let name), .history(let name): name
            case .fork(let targets): targets.map(\.name).joined(separator: " & ")
            }
        }
    }

    struct Edge: Hashable {
        var from: Endpoint
        var to: Endpoint
        var label: String
    }

    /// A superstate's initial arrow, from the initial marker in its box.
    struct InitialEdge: Hashable {
        var to: Endpoint
        /// `/ actions`, or empty.
        var label: String
        /// Written as a line in the box's note (`[*] → A / go`), which names the target
        /// without saying whether it is a state or a box.
        var isNoteLine = false
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
    /// Where each start arrow (from the initial marker outside every box) ends.
    var startEnds: [Endpoint] = []
    /// By superstate name: the initial arrows drawn in its box.
    var boxInitials: [String: [InitialEdge]] = [:]
    /// By superstate name: the history markers drawn in its box.
    var historyMarkers: [String: [String]] = [:]
    /// By box name: the boxes drawn as its compartments, its regions: in DOT, the dashed
    /// clusters in its cluster; in Mermaid, the composite state alone in each part of a
    /// composite divided by `--` lines.
    var compartments: [String: [String]] = [:]
    /// By id: the box each fork's bar is drawn in, nil at the top level.
    var forkBars: [String: String?] = [:]
    /// The states drawn as choices: Mermaid's `<<choice>>`, DOT's diamonds.
    var choices: Set<String> = []
    /// By state name: the labels its title names after its name, `(url, received)`, for a
    /// data state (Commands › fsmc graph).
    var titleLabels: [String: String] = [:]

    /// Mermaid's text with its entity codes read: `#58;` is a colon, which a label cannot
    /// hold as it is.
    static func mermaidText(_ text: Substring) -> String {
        String(text.replacing("#58;", with: ":"))
    }
    /// Problems with the text itself: unbalanced braces, unknown lines, bad identifiers.
    var problems: [String] = []

    /// Whether the box is drawn as a compartment of another, a region.
    func isCompartment(_ box: String) -> Bool {
        compartments.values.contains { $0.contains(box) }
    }

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

    /// Edges into and out of fork bars, read as one edge per fork, labelled on its way in,
    /// to the bar's targets: `incoming` by bar, the tail and label; `outgoing` by bar, the
    /// heads in order, each with its label (which a fork's arrows on have not).
    mutating func readForks(
        incoming: [String: [(from: Endpoint, label: String)]],
        outgoing: [String: [(to: Endpoint, label: String?)]]
    ) {
        for bar in Set(incoming.keys).union(outgoing.keys).sorted() {
            if forkBars[bar] == nil { problems.append("an edge to or from the undeclared fork bar '\(bar)'") }
        }
        for bar in forkBars.keys.sorted() {
            let targets = outgoing[bar] ?? []
            if targets.count < 2 { problems.append("fork bar '\(bar)' has \(targets.count) arrows on") }
            for target in targets where target.label != nil {
                problems.append("fork bar '\(bar)' has a labelled arrow on to \(target.to)")
            }
            let arrivals = incoming[bar] ?? []
            if arrivals.count != 1 { problems.append("fork bar '\(bar)' has \(arrivals.count) arrows in, not one") }
            for arrival in arrivals {
                edges.append(Edge(from: arrival.from, to: .fork(targets.map(\.to)), label: arrival.label))
            }
        }
    }

    /// A box's note line `[*] → A / go`, read as an initial arrow.
    mutating func readInitialNoteLine(_ line: String, in box: String) -> Bool {
        guard let match = line.wholeMatch(of: /\[\*\] → (\w+)(?: (\/ .+))?/) else { return false }
        boxInitials[box, default: []].append(
            InitialEdge(
                to: .state(String(match.1)), label: match.2.map(String.init) ?? "",
                isNoteLine: true))
        return true
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
        /// By id: the superstate whose history marker it is.
        var historyIDs: [String: String] = [:]
        var stack: [String] = []
        var noteBox: String?
        /// Initial arrows inside composites, read once every id is known: (box, id, label).
        var pendingInitials: [(box: String, id: String, label: String)] = []
        /// Arrows, read once every id is known; a fork's arrows on have no label.
        var pendingEdges: [(from: String, to: String, label: String?, line: String)] = []
        /// By composite state: its parts, split by `--` lines, each with the boxes and states
        /// declared directly in it.
        var parts: [String: [[Endpoint]]] = [:]
        func declare(_ member: Endpoint, in box: String?) {
            guard let box else { return }
            if parts[box] == nil { parts[box] = [[]] }
            parts[box]![parts[box]!.count - 1].append(member)
        }
        func name(_ id: String) -> String { names[id] ?? id }
        func endpoint(_ id: String) -> Endpoint {
            if let box = historyIDs[id] { return .history(box) }
            return boxNames[id].map(Endpoint.box) ?? .state(name(id))
        }
        func checkIdentifier(_ id: String) {
            if id.wholeMatch(of: /[A-Za-z0-9_]+/) == nil || Self.mermaidKeywords.contains(id.lowercased()) {
                problems.append("invalid identifier '\(id)'")
            }
        }
        for line in lines.dropFirst() {
            let content = line.drop { $0 == " " }
            let indentation = line.count - content.count
            if let box = noteBox {
                if content == "end note" {
                    noteBox = nil
                } else if !readInitialNoteLine(String(content), in: box) {
                    boxNotes[box, default: []].append(String(content))
                }
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
                declare(.box(label), in: stack.last)
                stack.append(label)
            } else if content == "}" {
                if stack.popLast() == nil { problems.append("unbalanced '}'") }
            } else if content == "--" {
                if let box = stack.last {
                    parts[box, default: [[]]].append([])
                } else {
                    problems.append("'--' outside a composite state")
                }
            } else if let match = content.wholeMatch(of: /state (\w+) <<choice>>/) {
                // A choice shows no name, so one that Mermaid reads as a keyword keeps its
                // alias, the name with underscores after it.
                let id = String(match.1)
                checkIdentifier(id)
                let bare = String(id.reversed().drop { $0 == "_" }.reversed())
                let name = Self.mermaidKeywords.contains(bare.lowercased()) ? bare : id
                names[id] = name
                place(name, in: stack.last)
                declare(.state(name), in: stack.last)
                choices.insert(name)
            } else if let match = content.wholeMatch(of: /state (\w+) <<fork>>/) {
                checkIdentifier(String(match.1))
                forkBars[String(match.1)] = .some(stack.last)
            } else if let match = content.wholeMatch(of: /state "(H\*?)" as (\w+)/) {
                checkIdentifier(String(match.2))
                if let box = stack.last {
                    historyIDs[String(match.2)] = box
                    historyMarkers[box, default: []].append(String(match.1))
                } else {
                    problems.append("history marker outside a composite state: '\(line)'")
                }
            } else if let match = content.wholeMatch(of: /state "(\w+)" as (\w+)/) {
                checkIdentifier(String(match.2))
                names[String(match.2)] = String(match.1)
                place(String(match.1), in: stack.last)
                declare(.state(String(match.1)), in: stack.last)
            } else if let match = content.wholeMatch(of: /note right of (\w+)/) {
                noteBox = boxNames[String(match.1)] ?? String(match.1)
                if boxNames[String(match.1)] == nil {
                    problems.append("note on '\(match.1)', which is no composite state")
                }
            } else if let match = content.wholeMatch(of: /\[\*\] --> (\w+)(?: : (\/ (?:[^:;#]|#58;)+))?/) {
                if let box = stack.last {
                    pendingInitials.append((box, String(match.1), match.2.map(Self.mermaidText) ?? ""))
                } else {
                    if match.2 != nil { problems.append("a label on the start arrow: '\(line)'") }
                    let target = String(match.1)
                    startEnds.append(boxNames[target].map(Endpoint.box) ?? .state(name(target)))
                }
            } else if let match = content.wholeMatch(of: /(\w+) --> (\w+)(?: : ((?:[^:;#]|#58;)+))?/) {
                if !stack.isEmpty { problems.append("transition inside a composite state: '\(line)'") }
                pendingEdges.append((String(match.1), String(match.2), match.3.map(Self.mermaidText), line))
            } else if let match = content.wholeMatch(of: /(\w+) : ((?:[^:;#]|#58;)+)/) {
                let state = name(String(match.1))
                if stateNotes[state] == nil {
                    if let title = match.2.wholeMatch(of: /(\w+)(\([\w, ]+\))/), title.1 == state {
                        titleLabels[state] = String(title.2)
                    } else if match.2 != state {
                        problems.append("the first description of '\(state)' is not its name")
                    }
                    if names[String(match.1)] == nil {
                        checkIdentifier(String(match.1))
                        place(state, in: stack.last)
                        declare(.state(state), in: stack.last)
                    }
                    stateNotes[state] = []
                } else {
                    stateNotes[state]!.append(Self.mermaidText(match.2))
                }
            } else if let match = content.wholeMatch(of: /\w+/) {
                checkIdentifier(String(match.0))
                place(String(match.0), in: stack.last)
                declare(.state(String(match.0)), in: stack.last)
            } else {
                problems.append("unknown line '\(line)'")
            }
        }
        if !stack.isEmpty { problems.append("unclosed composite states \(stack)") }
        if noteBox != nil { problems.append("unclosed note") }
        for initial in pendingInitials {
            let to = endpoint(initial.id)
            if case .history = to { problems.append("an initial arrow to a history marker in '\(initial.box)'") }
            boxInitials[initial.box, default: []].append(InitialEdge(to: to, label: initial.label))
        }
        var incoming: [String: [(from: Endpoint, label: String)]] = [:]
        var outgoing: [String: [(to: Endpoint, label: String?)]] = [:]
        for edge in pendingEdges {
            if historyIDs[edge.from] != nil { problems.append("an arrow from a history marker: '\(edge.line)'") }
            if forkBars[edge.from] != nil {
                outgoing[edge.from, default: []].append((endpoint(edge.to), edge.label))
                continue
            }
            let from = boxNames[edge.from].map(Endpoint.box) ?? .state(name(edge.from))
            guard let label = edge.label else {
                problems.append("an arrow without a label: '\(edge.line)'")
                continue
            }
            if forkBars[edge.to] != nil {
                incoming[edge.to, default: []].append((from, label))
            } else {
                edges.append(Edge(from: from, to: endpoint(edge.to), label: label))
            }
        }
        readForks(incoming: incoming, outgoing: outgoing)
        // A composite divided by `--` holds one region in each part, and nothing else but
        // its history marker and fork bars.
        for (bar, box) in forkBars where box.map({ (parts[$0]?.count ?? 0) > 1 }) == true {
            problems.append("fork bar '\(bar)' in the divided composite state '\(box!)'")
        }
        for (box, boxParts) in parts where boxParts.count > 1 {
            for part in boxParts {
                guard part.count == 1, case .box(let region) = part[0] else {
                    problems.append("a part of '\(box)' holds \(part), not one composite state")
                    continue
                }
                compartments[box, default: []].append(region)
            }
        }
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
        /// Where each initial point and history marker sits, checked against its cluster.
        var initialPoints: Set<String> = []
        /// The parallel states' clusters with a border point, which arrows start and end at.
        var borderPoints: Set<String> = []
        /// Edges, read once every node's cluster is known.
        var pendingEdges: [(tail: String, head: String, attributes: [String: String], line: String)] = []
        for line in lines.dropFirst().dropLast() {
            let content = String(line.drop { $0 == " " })
            if let match = content.wholeMatch(of: /subgraph "cluster_(\w+)" \{/) {
                boxParents[String(match.1)] = .some(stack.last)
                stack.append(String(match.1))
            } else if content == "}" {
                if stack.popLast() == nil { problems.append("unbalanced '}'") }
            } else if content.hasPrefix("graph [") {
                // A dashed cluster is a compartment of the cluster around it: a region.
                guard content.contains("style=\"dashed") else { continue }
                if stack.count >= 2 {
                    compartments[stack[stack.count - 2], default: []].append(stack[stack.count - 1])
                } else {
                    problems.append("a dashed cluster outside every cluster: '\(line)'")
                }
            } else if content.hasPrefix("node [") || content.hasPrefix("edge [") {
                continue
            } else if content == "\"[*]\" [shape=point, width=0.15, style=filled, fillcolor=black];" {
                continue
            } else if let match = content.wholeMatch(
                of: /"(\w+):\[\*\]" \[shape=point, width=0.1, style=filled, fillcolor=black\];/)
            {
                if stack.last != String(match.1) {
                    problems.append("initial point of '\(match.1)' outside its cluster")
                }
                initialPoints.insert(String(match.1))
            } else if let match = content.wholeMatch(of: /"(\w+):border" \[shape=point, style=invis, width=0.01\];/) {
                if stack.last != String(match.1) { problems.append("border point of '\(match.1)' outside its cluster") }
                borderPoints.insert(String(match.1))
            } else if let match = content.wholeMatch(
                of:
                    /"fork:(\d+)" \[shape=box, style=filled, fillcolor=black, label="", width=0.06, height=0.4, fixedsize=true\];/
            ) {
                forkBars["fork:" + match.1] = .some(stack.last)
            } else if let match = content.wholeMatch(
                of:
                    /"(\w+):H" \[shape=circle, label="(H\*?)", width=0.3, height=0.3, fixedsize=true, fontsize=9, margin=0\];/
            ) {
                if stack.last != String(match.1) {
                    problems.append("history marker of '\(match.1)' outside its cluster")
                }
                historyMarkers[String(match.1), default: []].append(String(match.2))
            } else if let match = content.wholeMatch(of: /"(\w+):notes" \[shape=plain, label=<(.*)>\];/) {
                if stack.last != String(match.1) { problems.append("notes of '\(match.1)' outside its cluster") }
                boxNotes[String(match.1)] = Self.rows(String(match.2))
            } else if let match = content.wholeMatch(
                of: /"(\w+)" \[shape=diamond, style=filled, label="(\w+)(\([\w, ]+\))?"\];/)
            {
                if match.1 != match.2 { problems.append("choice '\(match.1)' is labelled '\(match.2)'") }
                if let labels = match.3 { titleLabels[String(match.1)] = String(labels) }
                place(String(match.1), in: stack.last)
                choices.insert(String(match.1))
            } else if let match = content.wholeMatch(of: /"(\w+)" \[label="(\w+)(\([\w, ]+\))?"\];/) {
                if match.1 != match.2 { problems.append("'\(match.1)' is labelled '\(match.2)'") }
                if let labels = match.3 { titleLabels[String(match.1)] = String(labels) }
                place(String(match.1), in: stack.last)
            } else if let match = content.wholeMatch(of: /"(\w+)" \[label=<(.*)>\];/) {
                let table = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
                if let title = match.2.prefixMatch(
                    of: /<TABLE[^>]*><TR><TD><B>(\w+)(\([\w, ]+\))?<\/B><\/TD><\/TR><HR\/>/),
                    title.1 == match.1, match.2.hasPrefix(table)
                {
                    if let labels = title.2 { titleLabels[String(match.1)] = String(labels) }
                } else {
                    problems.append("'\(match.1)' has no title row")
                }
                place(String(match.1), in: stack.last)
                stateNotes[String(match.1)] = Self.rows(String(match.2))
            } else if let match = content.wholeMatch(of: /"([^"]+)" -> "([^"]+)"(?: \[(.*)\])?;/) {
                var attributes: [String: String] = [:]
                for attribute in (match.3.map(String.init) ?? "").matches(of: /(\w+)=("(?:[^"\\]|\\.)*"|[^,]+)(?:, |$)/)
                {
                    attributes[String(attribute.1)] = String(attribute.2)
                }
                pendingEdges.append((String(match.1), String(match.2), attributes, line))
            } else {
                problems.append("unknown line '\(line)'")
            }
        }
        if !stack.isEmpty { problems.append("unclosed clusters \(stack)") }
        var forks = ForkEdges()
        for edge in pendingEdges {
            readEdge(
                tail: edge.tail, head: edge.head, attributes: edge.attributes, line: edge.line,
                points: Points(initial: initialPoints, border: borderPoints), forks: &forks)
        }
        readForks(incoming: forks.incoming, outgoing: forks.outgoing)
    }

    /// The initial and border points of the clusters, by box.
    private struct Points {
        var initial: Set<String>
        var border: Set<String>
    }

    /// The DOT edges into and out of fork bars, by bar.
    private struct ForkEdges {
        var incoming: [String: [(from: Endpoint, label: String)]] = [:]
        var outgoing: [String: [(to: Endpoint, label: String?)]] = [:]
    }

    /// One DOT edge: the start arrow, a box's initial arrow, an invisible edge that only
    /// places nodes, an edge into or out of a fork bar, or a transition arrow (several
    /// transitions when its label has lines).
    private mutating func readEdge(
        tail: String, head: String, attributes: [String: String], line: String,
        points: Points, forks: inout ForkEdges
    ) {
        func unquoted(_ value: String?) -> String? {
            value.map { $0.hasPrefix("\"") ? String($0.dropFirst().dropLast()) : $0 }
        }
        if attributes["style"] == "invis" {
            if attributes.keys.contains("label") || !(tail.hasSuffix(":notes") || tail.hasSuffix(":[*]")) {
                problems.append("unexpected invisible edge '\(line)'")
            }
            return
        }
        var tailBox: String?
        if tail.hasSuffix(":[*]") { tailBox = String(tail.dropLast(4)) }
        let tailBoxes: [String]
        if let box = tailBox {
            tailBoxes = [box] + enclosingBoxes(ofBox: box)
        } else if tail.hasSuffix(":border") {
            let box = String(tail.dropLast(":border".count))
            tailBoxes = [box] + enclosingBoxes(ofBox: box)
        } else if let bar = forkBars[tail] {
            tailBoxes = bar.map { [$0] + enclosingBoxes(ofBox: $0) } ?? []
        } else {
            tailBoxes = enclosingBoxes(of: tail)
        }
        // The head: a state, a box (its initial or border point, entered at the border), a
        // history marker, a fork bar.
        let to: Endpoint
        let lhead = unquoted(attributes["lhead"])
        if head.hasSuffix(":[*]") || head.hasSuffix(":border") {
            let isBorder = head.hasSuffix(":border")
            let box = String(head.dropLast(isBorder ? ":border".count : 4))
            if !(isBorder ? points.border : points.initial).contains(box) {
                problems.append("an edge to the missing \(isBorder ? "border" : "initial") point of '\(box)'")
            }
            if tailBoxes.contains(box) {
                if lhead != nil { problems.append("lhead from inside its cluster: '\(line)'") }
            } else if lhead != "cluster_" + box {
                problems.append(
                    "an edge to the \(isBorder ? "border" : "initial") point of '\(box)' without lhead: '\(line)'")
            }
            to = .box(box)
        } else if head.hasSuffix(":H") {
            let box = String(head.dropLast(2))
            if historyMarkers[box] == nil { problems.append("an edge to the missing history marker of '\(box)'") }
            if lhead != nil { problems.append("lhead on an edge to a history marker: '\(line)'") }
            to = .history(box)
        } else if head.hasPrefix("fork:") {
            if lhead != nil { problems.append("lhead on an edge to a fork bar: '\(line)'") }
            to = .fork([])
        } else {
            if lhead != nil { problems.append("lhead on an edge to a state: '\(line)'") }
            to = .state(head)
        }
        let label = unquoted(attributes["label"]).map { $0.replacingOccurrences(of: "\\\"", with: "\"") }
        if tail == "[*]" {
            if label == nil, to.isStateOrBox { startEnds.append(to) } else { problems.append("start arrow '\(line)'") }
            return
        }
        if let box = tailBox {
            if points.initial.contains(box) == false {
                problems.append("an edge from the missing initial point of '\(box)'")
            }
            boxInitials[box, default: []].append(InitialEdge(to: to, label: label ?? ""))
            return
        }
        if forkBars[tail] != nil || tail.hasPrefix("fork:") {
            if attributes["ltail"] != nil { problems.append("ltail on an edge from a fork bar: '\(line)'") }
            forks.outgoing[tail, default: []].append((to, label))
            return
        }
        guard var label else {
            problems.append("an arrow without a label: '\(line)'")
            return
        }
        let from: Endpoint
        if tail.hasSuffix(":border") {
            // A parallel state's arrow, which leaves its cluster at the border unless it
            // ends inside.
            let box = String(tail.dropLast(":border".count))
            if !points.border.contains(box) { problems.append("an edge from the missing border point of '\(box)'") }
            let headBoxes: [String] =
                switch to {
                case .state(let state): enclosingBoxes(of: state)
                case .box(let inner), .history(let inner): [inner] + enclosingBoxes(ofBox: inner)
                case .fork: (forkBars[head] ?? nil).map { [$0] + enclosingBoxes(ofBox: $0) } ?? []
                }
            if unquoted(attributes["ltail"]) != (headBoxes.contains(box) ? nil : "cluster_" + box) {
                problems.append("an edge from the border point of '\(box)' with the wrong ltail: '\(line)'")
            }
            from = .box(box)
        } else if let ltail = unquoted(attributes["ltail"]) {
            let box = String(ltail.dropFirst("cluster_".count))
            if !boxParents.keys.contains(box) { problems.append("ltail to unknown cluster '\(box)'") }
            if !tailBoxes.contains(box) { problems.append("ltail from outside its cluster: '\(line)'") }
            from = .box(box)
        } else {
            from = .state(tail)
        }
        if head.hasPrefix("fork:") {
            if label.hasSuffix("\\l") { problems.append("a fork's arrow with several labels: '\(line)'") }
            forks.incoming[head, default: []].append((from, label))
            return
        }
        if label.hasSuffix("\\l") { label.removeLast(2) }
        for part in label.components(separatedBy: "\\l") {
            edges.append(Edge(from: from, to: to, label: part))
        }
    }

    /// The boxes around a box, innermost first, not the box itself.
    func enclosingBoxes(ofBox box: String) -> [String] {
        var boxes: [String] = []
        var next = boxParents[box] ?? nil
        while let outer = next, !boxes.contains(outer), outer != box {
            boxes.append(outer)
            next = boxParents[outer] ?? nil
        }
        return boxes
    }

    /// The left-aligned rows of an HTML-like table, unescaped.
    /// `show(book, page), clear` → `show(book, page)`, `clear`: the calls of an action list,
    /// split at the commas between them, not those between arguments.
    static func calls(in list: Substring) -> [String] {
        var calls: [String] = []
        var current = ""
        var depth = 0
        var characters = list[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 {
                calls.append(current)
                current = ""
                if characters.first == " " { characters = characters.dropFirst() }
            } else {
                current.append(character)
            }
        }
        return calls + [current]
    }

    private static func rows(_ table: String) -> [String] {
        table.matches(of: /<TR><TD ALIGN="LEFT">(.*?)<\/TD><\/TR>/).map { match in
            String(match.1).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}

extension DrawnDiagram {
    /// Whether the diagram shows `machine` completely and each thing once: every concrete
    /// state drawn once (but a parallel state, which is its box alone), in the box of its
    /// first superstate, and every box in the box of its superstate's first superstate; each
    /// parallel state's regions, and nothing else, drawn as its compartments; the initial
    /// state marked; every box of a superstate with an initial row holding one initial arrow
    /// to its initial substate, and one history marker if it has history; every flattened
    /// transition of a state, and every row of a parallel state, covered by exactly one arrow
    /// or line (from its state, or from a box around it whose rows it has: none beyond its
    /// region) to the state it names, or to the box or history marker of the superstate or
    /// parallel state it names, or for a fork to a bar with one arrow on to each state it
    /// names; nothing drawn that no transition explains; and each state's entry and exit
    /// actions shown on it and the boxes around it. Returns what is wrong.
    func mismatches(with machine: StateMachine) -> [String] {
        var found = problems + drawnTwice.map { "state '\($0)' drawn twice" }
        let names = IDArray<StateID, String>(machine.states.map(\.name))
        for state in machine.concreteStates where !machine.states[state].isParallel && stateBoxes[names[state]] == nil {
            found.append("state '\(names[state])' is not drawn")
        }
        for state in machine.states where state.isParallel && stateBoxes[state.name] != nil {
            found.append("parallel state '\(state.name)' is drawn as a state")
        }
        for state in machine.concreteStates {
            let labels = machine.parameters(of: state).map(\.label)
            let expected = labels.isEmpty ? nil : "(" + labels.joined(separator: ", ") + ")"
            if titleLabels[names[state]] != expected && !choices.contains(names[state]) {
                found.append("'\(names[state])' is titled with \(titleLabels[names[state]] ?? "no labels")")
            }
        }
        found +=
            nestingMismatches(with: machine) + regionMismatches(with: machine)
            + initialArrowMismatches(with: machine) + historyMismatches(with: machine)
            + choiceMismatches(with: machine)
        // The start arrow ends where `Initial:` leads: the box of the first parallel state or
        // superstate on the way down its initial rows that is drawn as a box, else the
        // initial leaf.
        let expectedStart = entrance(of: machine.initialTarget, in: machine, resumingHistory: false)
        if startEnds != [expectedStart] { found.append("start arrow to \(startEnds), expected \(expectedStart)") }
        var usedEdges: Set<Int> = []
        var usedLines: Set<String> = []
        for state in machine.states.indices where !machine.states[state].isAbstract || machine.states[state].isParallel
        {
            let name = names[state]
            let isParallel = machine.states[state].isParallel
            let source: Endpoint = isParallel ? .box(name) : .state(name)
            // The boxes whose rows the source has: a region's are the last.
            var boxes: [String] = []
            for box in isParallel ? [name] + enclosingBoxes(ofBox: name) : enclosingBoxes(of: name) {
                boxes.append(box)
                if isCompartment(box) { break }
            }
            for transition in machine.states[state].transitions {
                let label = Self.label(of: transition, in: machine)
                let target = expectedTarget(of: transition, from: state, in: machine)
                let targetText = text(of: target, in: machine)
                var count = 0
                for (index, edge) in edges.enumerated()
                where edge.to == target && edge.label == label
                    && (edge.from == source || boxes.contains { edge.from == .box($0) })
                {
                    count += 1
                    usedEdges.insert(index)
                }
                if target == .state(name) {
                    count += (stateNotes[name] ?? []).count(where: { $0 == label })
                    if stateNotes[name]?.contains(label) == true { usedLines.insert(name + ": " + label) }
                }
                for box in boxes {
                    for line in boxNotes[box] ?? []
                    where line == label && target == source || line == label + " → " + targetText {
                        count += 1
                        usedLines.insert(box + ": " + line)
                    }
                }
                if count != 1 {
                    found.append("\(name) \(label) -> \(targetText) is drawn \(count) times")
                }
            }
            guard !isParallel else { continue }
            let allBoxes = enclosingBoxes(of: name)
            for (kind, actions) in [
                ("entry", machine.states[state].entryActions), ("exit", machine.states[state].exitActions),
            ] {
                let shown = ((stateNotes[name] ?? []) + allBoxes.flatMap { boxNotes[$0] ?? [] })
                    .filter { $0.hasPrefix(kind + " / ") }
                    .flatMap { Self.calls(in: $0.dropFirst(kind.count + 3)) }
                if shown.sorted()
                    != actions.map({ RowText.call(text: $0, in: machine) }).sorted()
                {
                    found.append("\(name) shows \(kind) actions \(shown)")
                }
            }
        }
        for (index, edge) in edges.enumerated() where !usedEdges.contains(index) {
            found.append("arrow \(edge) stands for no transition")
        }
        for (owner, lines) in stateNotes.map({ ($0.key, $0.value) }) + boxNotes.map({ ($0.key, $0.value) }) {
            for line in lines
            where !line.hasPrefix("entry / ") && !line.hasPrefix("exit / ")
                && !usedLines.contains(owner + ": " + line)
            {
                found.append("line '\(line)' in '\(owner)' stands for no transition")
            }
        }
        return found.sorted()
    }

    /// Whether the diagram draws a box for the state.
    func hasBox(_ state: String) -> Bool { boxParents.keys.contains(state) }

    /// Where the arrow of a transition from `source` ends: at the box of a parallel state
    /// or of a superstate with an initial row that it names, or at that box's history marker
    /// when the state keeps history; for a fork, at a bar with an arrow on to each state it
    /// names, so; for a parallel state's `-` row, at its own box; else at the state it ends
    /// in (its own for `-`).
    func expectedTarget(of transition: Transition, from source: StateID, in machine: StateMachine) -> Endpoint {
        guard let named = transition.namedTarget else {
            let state = machine.states[source]
            return state.isParallel ? .box(state.name) : .state(machine.states[transition.target].name)
        }
        if !transition.forkTargets.isEmpty {
            return .fork(
                ([named] + transition.forkTargets).map { entrance(of: $0, in: machine, resumingHistory: true) })
        }
        let info = machine.states[named]
        if info.isParallel || info.initialSubstate != nil, hasBox(info.name) {
            return info.history == nil ? .box(info.name) : .history(info.name)
        }
        return .state(machine.states[transition.target].name)
    }

    /// Where an arrow into `state` ends when it names it: the box of the first parallel
    /// state or superstate with an initial row on the way down its initial rows that has a
    /// box, or its history marker when it keeps history and `resumingHistory`; else the state
    /// those rows end in.
    func entrance(of state: StateID, in machine: StateMachine, resumingHistory: Bool) -> Endpoint {
        var state = state
        var seen: Set<StateID> = []
        while seen.insert(state).inserted {
            let info = machine.states[state]
            if info.isParallel || info.initialSubstate != nil, hasBox(info.name) {
                return resumingHistory && info.history != nil ? .history(info.name) : .box(info.name)
            }
            guard let next = info.initialSubstate else { break }
            state = next
        }
        return .state(machine.states[state].name)
    }

    /// How a line in a box names where a row leads: `Locked`, `Media`, `Media (H*)`, and for
    /// a fork `Playing & Muted`.
    func text(of endpoint: Endpoint, in machine: StateMachine) -> String {
        switch endpoint {
        case .state, .box: return endpoint.name
        case .history(let box):
            let kind = machine.states.first { $0.name == box }?.history
            return box + (kind == .deep ? " (H*)" : " (H)")
        case .fork(let targets):
            return targets.map { text(of: $0, in: machine) }.joined(separator: " & ")
        }
    }

    /// Each parallel state's box holds its regions as its compartments, in declaration
    /// order, and no state of its own; no other box is divided.
    func regionMismatches(with machine: StateMachine) -> [String] {
        var found: [String] = []
        for state in machine.states {
            let drawn = compartments[state.name] ?? []
            guard state.isParallel else {
                if !drawn.isEmpty { found.append("'\(state.name)' is not parallel, but has compartments \(drawn)") }
                continue
            }
            let regions = state.substates.map { machine.states[$0].name }
            if drawn != regions {
                found.append("parallel state '\(state.name)' has compartments \(drawn), expected \(regions)")
            }
            for (inner, parent) in stateBoxes where parent == state.name {
                found.append("state '\(inner)' is drawn in parallel state '\(state.name)', outside its regions")
            }
        }
        return found
    }

    /// Each box inside the box of its superstate's first superstate, and each state's node
    /// in its own box (a concrete superstate) or else the box of its first superstate.
    func nestingMismatches(with machine: StateMachine) -> [String] {
        var found: [String] = []
        for state in machine.states {
            let first = state.superstates.first.map { machine.states[$0].name }
            if hasBox(state.name), boxParents[state.name] != .some(first) {
                found.append(
                    "box '\(state.name)' is drawn in \(String(describing: boxParents[state.name] ?? nil)), not in \(String(describing: first))"
                )
            }
            if !state.isAbstract, let drawnIn = stateBoxes[state.name],
                drawnIn != (hasBox(state.name) ? state.name : first)
            {
                found.append("state '\(state.name)' is drawn in \(String(describing: drawnIn))")
            }
        }
        return found
    }

    /// One initial arrow in the box of each superstate with an initial row, labelled with
    /// its actions, to the box of its initial substate when that is a parallel state or a
    /// superstate with an initial row and a box, else to the state its initial rows lead to;
    /// none elsewhere.
    func initialArrowMismatches(with machine: StateMachine) -> [String] {
        var found: [String] = []
        for state in machine.states where hasBox(state.name) || boxInitials[state.name] != nil {
            let drawn = boxInitials[state.name] ?? []
            guard let substate = state.initialSubstate, hasBox(state.name) else {
                found += drawn.map { "initial arrow \($0) in '\(state.name)', which has no initial row or no box" }
                continue
            }
            let to = entrance(of: substate, in: machine, resumingHistory: false)
            let label =
                state.initialActions.isEmpty
                ? ""
                : "/ "
                    + state.initialActions.map { RowText.call(text: $0, in: machine) }
                    .joined(separator: ", ")
            let matching = drawn.filter { ($0.isNoteLine ? $0.to.name == to.name : $0.to == to) && $0.label == label }
            if drawn.count != 1 || matching.count != 1 {
                found.append(
                    "box '\(state.name)' has initial arrows \(drawn), expected one to \(to) labelled '\(label)'")
            }
        }
        return found
    }

    /// Each decision, a concrete state whose rows are all `always` rows, drawn as a choice
    /// unless it shows lines (a choice cannot; its entry and exit actions are checked
    /// apart); no other state.
    func choiceMismatches(with machine: StateMachine) -> [String] {
        machine.states.indices.compactMap { index in
            let state = machine.states[index]
            guard stateBoxes[state.name] != nil else { return nil }
            let isDecision =
                !state.isAbstract && !state.transitions.isEmpty
                && state.transitions.allSatisfy { machine.events[$0.event].name == "always" }
            let expected = isDecision && (stateNotes[state.name] ?? []).isEmpty
            guard choices.contains(state.name) != expected else { return nil }
            return "state '\(state.name)' is \(expected ? "not " : "")drawn as a choice"
        }
    }

    /// An `H` marker in the box of each superstate with shallow history, `H*` for deep;
    /// none elsewhere.
    func historyMismatches(with machine: StateMachine) -> [String] {
        var found: [String] = []
        for state in machine.states where hasBox(state.name) || historyMarkers[state.name] != nil {
            let expected: [String] =
                switch state.history {
                case .shallow: ["H"]
                case .deep: ["H*"]
                case nil: []
                }
            let drawn = historyMarkers[state.name] ?? []
            if drawn != expected || !hasBox(state.name) {
                found.append("box '\(state.name)' has history markers \(drawn), expected \(expected)")
            }
        }
        return found
    }

    /// `Event [guard] / actions`, the label of arrows (Commands › fsmc graph); a delayed
    /// event is `after 30s`.
    static func label(of transition: Transition, in machine: StateMachine) -> String {
        let event = machine.events[transition.event].name
        var label =
            machine.timer(of: transition.event) == nil
            ? event
            : "after " + event.dropFirst("after(".count).dropLast()
        if !transition.guardClause.isEmpty {
            label += " [" + RowText.guardText(transition.guardClause, in: machine) + "]"
        }
        // The values the row writes, `(received: 0)`; of several states, each named.
        let written = transition.givenValues.filter { !$0.values.isEmpty }.map { given in
            (
                machine.states[given.state].name,
                given.values.map { $0.text { machine.actions[$0].name } }.joined(separator: ", ")
            )
        }
        if written.count == 1 {
            label += " (" + written[0].1 + ")"
        } else if !written.isEmpty {
            label += " (" + written.map { $0.0 + "(" + $0.1 + ")" }.joined(separator: ", ") + ")"
        }
        if !transition.actions.isEmpty {
            label +=
                " / "
                + transition.actions.map { RowText.call(text: $0, in: machine) }.joined(separator: ", ")
        }
        return label
    }
}

/// What a diagram of a machine shows, whatever the notation: which states sit in which
/// superstate boxes, the arrows between them, and the lines written inside states and boxes.
///
/// - A superstate is drawn as a box around the states that adopt it **first**; a state
///   with several superstates can sit in only one box, and what it inherits from the others
///   is drawn from the state itself. A concrete superstate is a state inside its own box.
///   An abstract state that no concrete state adopts first has no box.
/// - A row that a box's superstate declares is drawn once, from the box, when every state
///   in the box inherits it unchanged and it leads out of the box; a `-` row that runs no
///   exit or entry actions is then written inside the box instead, and so, when
///   `listsRowsIntoTheBox` is set, is a row leading to a state inside the box
///   (`Reset → Locked`), which no arrow can start from the box's border to reach.
///   Otherwise (overridden in some state, or adopted other than first) the row is drawn
///   from each state that has it.
/// - A row that stays in its state without running exit and entry actions (an internal
///   transition in UML) is written inside the state, not drawn as a loop.
/// - Each state and box lists its own `entry /` and `exit /` actions; a state also lists those
///   of superstates that have no box around it, so every action that runs is shown once.
/// - Everything is in declaration order, so the output is deterministic.
struct DiagramLayout {
    /// Something drawn at the top level or inside a box.
    enum Member: Hashable {
        case state(Int)
        /// The box of the superstate at this index; `contents` says what it holds.
        case box(Int)
    }

    /// An arrow labelled `Event [guard] / actions`.
    struct Arrow: Hashable {
        var from: Member
        var to: Int
        var label: String
    }

    let machine: StateMachine
    /// What is drawn outside every box, in declaration order.
    private(set) var topLevel: [Member] = []
    /// By state index: what the state's box holds, in declaration order; empty without a box.
    private(set) var contents: [[Member]]
    /// By state index: whether the state is drawn as a box.
    private(set) var isBox: [Bool]
    /// By state index: the concrete states inside the state's box, at any depth.
    private(set) var members: [[Int]]
    /// By state index: lines written inside the state's node: `entry / …`, `exit / …`, then
    /// internal transitions. Empty for abstract states.
    private(set) var stateNotes: [[String]]
    /// By state index: the same for the state's box, which holds what all its states share.
    private(set) var boxNotes: [[String]]
    private(set) var arrows: [Arrow] = []

    /// Whether a row of a superstate that leads into its own box is one line in the box
    /// rather than an arrow from each state in it.
    let listsRowsIntoTheBox: Bool

    init(_ machine: StateMachine, listsRowsIntoTheBox: Bool) {
        self.machine = machine
        self.listsRowsIntoTheBox = listsRowsIntoTheBox
        let count = machine.states.count
        contents = Array(repeating: [], count: count)
        isBox = Array(repeating: false, count: count)
        members = Array(repeating: [], count: count)
        stateNotes = Array(repeating: [], count: count)
        boxNotes = Array(repeating: [], count: count)
        placeStates()
        writeEntryAndExitNotes()
        placeTransitions()
    }

    /// The box that holds the state's node: its own box for a concrete superstate, else
    /// the box of its first superstate.
    func container(ofState state: Int) -> Int? {
        isBox[state] ? state : machine.states[state].superstates.first
    }

    /// The box that holds a box: the box of its superstate's first superstate.
    func container(ofBox box: Int) -> Int? {
        machine.states[box].superstates.first
    }

    /// The boxes around a state's node, innermost first.
    func enclosingBoxes(ofState state: Int) -> [Int] {
        var boxes: [Int] = []
        var next = container(ofState: state)
        while let box = next, !boxes.contains(box) {
            boxes.append(box)
            next = container(ofBox: box)
        }
        return boxes
    }

    /// `Coin [Enforcement=weak] / smile, unlock`, or `Loaded / setDuration(duration), play`
    func label(of transition: Transition) -> String {
        var label = machine.events[transition.event].name
        if !transition.guardClause.isEmpty {
            label += " [" + TransitionTable.guardText(transition.guardClause, in: machine) + "]"
        }
        if !transition.actions.isEmpty {
            label += " / " + zip(transition.actions.indices, transition.actions).map { position, action in
                let labels = transition.actionArguments.indices.contains(position) ? transition.actionArguments[position] : []
                return machine.actions[action].name + (labels.isEmpty ? "" : "(" + labels.joined(separator: ", ") + ")")
            }.joined(separator: ", ")
        }
        return label
    }

    // MARK: Building

    private mutating func placeStates() {
        for state in machine.concreteStates {
            var seen: Set<Int> = []
            var next = machine.states[state].superstates.first
            while let superstate = next, seen.insert(superstate).inserted {
                isBox[superstate] = true
                next = machine.states[superstate].superstates.first
            }
        }
        for index in machine.states.indices {
            if isBox[index] {
                append(.box(index), to: container(ofBox: index))
            }
            if !machine.states[index].isAbstract {
                append(.state(index), to: container(ofState: index))
                for box in enclosingBoxes(ofState: index) { members[box].append(index) }
            }
        }
    }

    private mutating func append(_ member: Member, to box: Int?) {
        if let box { contents[box].append(member) } else { topLevel.append(member) }
    }

    /// A box lists its superstate's own actions; a state lists its own and those of
    /// every superstate without a box around it (a concrete superstate's are on its box).
    private mutating func writeEntryAndExitNotes() {
        for index in machine.states.indices {
            if isBox[index] {
                boxNotes[index] = entryAndExitLines(of: [index])
            }
            if !machine.states[index].isAbstract {
                let boxes = Set(enclosingBoxes(ofState: index))
                stateNotes[index] = entryAndExitLines(of: (ancestors(of: index) + [index]).filter { !boxes.contains($0) })
            }
        }
    }

    private func entryAndExitLines(of owners: [Int]) -> [String] {
        let entry = owners.flatMap { machine.states[$0].ownEntryActions }
        let exit = owners.reversed().flatMap { machine.states[$0].ownExitActions }
        return (entry.isEmpty ? [] : ["entry / " + actionList(entry)]) + (exit.isEmpty ? [] : ["exit / " + actionList(exit)])
    }

    /// Superstates, transitively, each one's own superstates before it, each once.
    private func ancestors(of state: Int) -> [Int] {
        var result: [Int] = []
        func visit(_ index: Int, depth: Int) {
            guard depth <= machine.states.count else { return }
            for superstate in machine.states[index].superstates where !result.contains(superstate) {
                visit(superstate, depth: depth + 1)
                if !result.contains(superstate) { result.append(superstate) }
            }
        }
        visit(state, depth: 0)
        return result
    }

    /// One source row as it appears in every state that has it.
    private struct RowID: Hashable {
        var declaredIn: Int
        var location: SourceLocation
        var event: Int
        var guardClause: Guard

        init(_ transition: Transition) {
            declaredIn = transition.declaredIn
            location = transition.location
            event = transition.event
            guardClause = transition.guardClause
        }
    }

    /// How a row declared in a boxed superstate is drawn.
    private enum BoxDrawing: Equatable {
        case arrow
        /// A line in the box: the label, with `→ Target` when the row leads elsewhere.
        case line(String)
        case perState
    }

    private mutating func placeTransitions() {
        var decisions: [RowID: BoxDrawing] = [:]
        for state in machine.concreteStates {
            let enclosing = enclosingBoxes(ofState: state)
            for transition in machine.states[state].transitions {
                let row = RowID(transition)
                let owner = transition.declaredIn
                if enclosing.contains(owner) {
                    let known = decisions[row]
                    let drawing = known ?? boxDrawing(of: row)
                    decisions[row] = drawing
                    switch drawing {
                    case .arrow:
                        if known == nil { arrows.append(Arrow(from: .box(owner), to: transition.target, label: label(of: transition))) }
                        continue
                    case .line(let line):
                        if known == nil { boxNotes[owner].append(line) }
                        continue
                    case .perState:
                        break
                    }
                }
                if isInternal(transition, in: state) {
                    stateNotes[state].append(label(of: transition))
                } else {
                    arrows.append(Arrow(from: .state(state), to: transition.target, label: label(of: transition)))
                }
            }
        }
    }

    /// Whether every state in the box has the row, all in the same way: leading out of the
    /// box (one arrow from the box), internal or leading to one state inside the box (one line
    /// in the box).
    private func boxDrawing(of row: RowID) -> BoxDrawing {
        let inside = members[row.declaredIn]
        var copies: [(state: Int, transition: Transition)] = []
        for state in inside {
            guard let copy = machine.states[state].transitions.first(where: { RowID($0) == row }) else {
                return .perState
            }
            copies.append((state, copy))
        }
        guard let first = copies.first?.transition else { return .perState }
        if copies.allSatisfy({ isInternal($0.transition, in: $0.state) }) { return .line(label(of: first)) }
        guard copies.allSatisfy({ !$0.transition.staysInState && $0.transition.target == first.target }) else {
            return .perState
        }
        if !inside.contains(first.target) { return .arrow }
        return listsRowsIntoTheBox ? .line(label(of: first) + " → " + machine.states[first.target].name) : .perState
    }

    /// A transition that stays in the state and runs no exit or entry actions.
    private func isInternal(_ transition: Transition, in state: Int) -> Bool {
        transition.target == state && !transition.runsExitAndEntry
    }

    private func actionList(_ actions: [Int]) -> String {
        actions.map { machine.actions[$0].name }.joined(separator: ", ")
    }
}

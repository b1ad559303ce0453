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
/// - Boxes nest: a box sits in the box of its superstate's first superstate, so a
///   three-level hierarchy is three boxes, one inside the other.
/// - A superstate with an initial row (`- Substate actions`) has an initial arrow inside its
///   box, labelled `/ actions`, to its initial substate (to that substate's box when it is a
///   superstate entered by its own initial row).
/// - A row that names a superstate entered by initial rows is drawn to the superstate's box,
///   not to the state its initial rows finally reach. A superstate with history (`History:`)
///   has a marker in its box, `H` for shallow and `H*` for deep, and rows naming it are
///   drawn to the marker: entering it resumes where it was left, and follows its initial
///   arrow only while its history is empty.
/// - A parallel state (`Parallel:`) is a box whose regions are boxes inside it, drawn as its
///   compartments. Its rows (its own and its superstates', which fire when no region takes
///   the event) are drawn from its box, as a superstate's are, and no region inherits them;
///   a row naming it ends at its box (at its history marker when it keeps history).
/// - A fork (`Playing & Muted`) is one arrow, labelled, to a bar, with an arrow from the bar
///   to each state it names (UML's fork). The bar sits in the box around the parallel state
///   whose regions it enters (the first one that is not parallel itself).
/// - A decision (a state whose rows are all `always` rows) is UML's choice, a diamond that
///   only chooses where to go, its `always` arrows labelled as any. A decision with lines
///   to show (entry or exit actions, an internal transition) is drawn as a state, since a
///   choice shows nothing inside it.
/// - Everything is in declaration order, so the output is deterministic.
struct DiagramLayout {
    /// Something drawn at the top level or inside a box.
    enum Member: Hashable {
        case state(StateID)
        /// The box of the superstate at this index; `contents` says what it holds.
        case box(StateID)
        /// The bar of the fork at this index into `forks`.
        case fork(Int)
    }

    /// Where an arrow ends.
    enum Target: Hashable {
        /// A state's node.
        case state(StateID)
        /// The box of the superstate at this index, entered by its initial arrow.
        case box(StateID)
        /// The history marker (`H` or `H*`) in the box of the superstate at this index.
        case history(StateID)
        /// The bar of the fork at this index into `forks`, with an arrow on to each target.
        case fork(Int)
    }

    /// A row that names a state in each of several regions, drawn as one arrow to a bar
    /// with an arrow on from the bar to each state it enters.
    struct Fork: Hashable {
        /// Where the arrows from the bar end, in the order the row names the states.
        var targets: [Target]
        /// The box the bar sits in: the innermost box around the parallel state whose regions
        /// the fork enters that is not itself parallel, since a parallel state holds nothing
        /// but its regions in Mermaid; nil at the top level.
        var container: StateID?
    }

    /// An arrow labelled `Event [guard] / actions`, from a state's node or from a box.
    struct Arrow: Hashable {
        var from: Member
        var to: Target
        var label: String
    }

    /// A superstate's initial row, drawn from an initial marker inside its box.
    struct InitialArrow: Hashable {
        var to: Target
        /// `/ actions`, or empty when the row has no actions.
        var label: String
        /// Whether the target is drawn inside the box; an initial row can name a substate
        /// that sits in the box of another of its superstates.
        var staysInBox: Bool
    }

    let machine: StateMachine
    /// What is drawn outside every box, in declaration order.
    private(set) var topLevel: [Member] = []
    /// By state index: what the state's box holds, in declaration order; empty without a box.
    private(set) var contents: IDArray<StateID, [Member]>
    /// By state index: whether the state is drawn as a box.
    private(set) var isBox: IDArray<StateID, Bool>
    /// By state index: the states with a node inside the state's box, at any depth.
    private(set) var members: IDArray<StateID, [StateID]>
    /// By state index: the sources inside the state's box (itself included) that have its
    /// rows: all but those inside a region strictly inside the box, since a region inherits
    /// none of its parallel state's rows.
    private(set) var heirs: IDArray<StateID, [Member]>
    /// By state index: lines written inside the state's node: `entry / …`, `exit / …`, then
    /// internal transitions. Empty for abstract states.
    private(set) var stateNotes: IDArray<StateID, [String]>
    /// By state index: the same for the state's box, which holds what all its states share.
    private(set) var boxNotes: IDArray<StateID, [String]>
    private(set) var arrows: [Arrow] = []
    /// By state index: the initial arrow of a box whose superstate has an initial row.
    private(set) var initialArrows: IDArray<StateID, InitialArrow?>
    /// The forks that arrows end at, which `.fork` members and targets index.
    private(set) var forks: [Fork] = []
    /// By state index: whether the state's node is drawn as a choice.
    private(set) var isChoice: IDArray<StateID, Bool>

    /// Whether a row of a superstate that leads into its own box is one line in the box
    /// rather than an arrow from each state in it.
    let listsRowsIntoTheBox: Bool

    init(_ machine: StateMachine, listsRowsIntoTheBox: Bool) {
        self.machine = machine
        self.listsRowsIntoTheBox = listsRowsIntoTheBox
        let count = machine.states.count
        contents = IDArray(repeating: [], count: count)
        isBox = IDArray(repeating: false, count: count)
        members = IDArray(repeating: [], count: count)
        heirs = IDArray(repeating: [], count: count)
        stateNotes = IDArray(repeating: [], count: count)
        boxNotes = IDArray(repeating: [], count: count)
        initialArrows = IDArray(repeating: nil, count: count)
        isChoice = IDArray(repeating: false, count: count)
        placeStates()
        writeEntryAndExitNotes()
        placeInitialArrows()
        placeTransitions()
        markChoices()
    }

    /// Where the start marker's arrow ends: what `Initial:` names. A superstate with a box
    /// is entered at its box, whose own initial arrow goes on, as UML draws it; one without
    /// a box is passed through to where its initial rows lead.
    var start: Target { entrance(of: machine.initialTarget) }

    /// The marker of the superstate's history in its box, `H` or `H*`; nil without history
    /// or without a box.
    func historyMarker(of box: StateID) -> String? {
        guard isBox[box], let kind = machine.states[box].history else { return nil }
        return switch kind {
        case .shallow: "H"
        case .deep: "H*"
        }
    }

    /// The boxes around what the target points at, innermost first: for a box or its
    /// history marker, the box itself first; for a fork, the boxes around its bar.
    func enclosingBoxes(of target: Target) -> [StateID] {
        switch target {
        case .state(let state):
            return enclosingBoxes(ofState: state)
        case .box(let box), .history(let box):
            return boxes(from: box)
        case .fork(let fork):
            return boxes(from: forks[fork].container)
        }
    }

    /// `Locked`, a box's name, `Media (H*)` for its history marker, or `Playing & Muted`
    /// for a fork: how a line in a box names where a row leads.
    func name(of target: Target) -> String {
        switch target {
        case .state(let state), .box(let state):
            machine.states[state].name
        case .history(let box):
            machine.states[box].name + " (" + (historyMarker(of: box) ?? "H") + ")"
        case .fork(let fork):
            forks[fork].targets.map(name(of:)).joined(separator: " & ")
        }
    }

    /// Whether the state is drawn as a node: a concrete state that is not parallel. A
    /// parallel state is never current (its regions are), so it is its box alone.
    func hasNode(_ state: StateID) -> Bool {
        !machine.states[state].isAbstract && !machine.states[state].isParallel
    }

    /// What rows are drawn from, in declaration order: each state's node, and each parallel
    /// state's box, whose rows fire when no region takes the event.
    var sources: [Member] {
        machine.states.indices.compactMap { index in
            if machine.states[index].isParallel { return .box(index) }
            return hasNode(index) ? .state(index) : nil
        }
    }

    /// The boxes around a source, innermost first: a parallel state's own box first.
    func enclosingBoxes(ofSource source: Member) -> [StateID] {
        switch source {
        case .state(let state): enclosingBoxes(ofState: state)
        case .box(let box): boxes(from: box)
        case .fork(let fork): boxes(from: forks[fork].container)
        }
    }

    /// The box that holds the state's node: its own box for a concrete superstate, else
    /// the box of its first superstate.
    func container(ofState state: StateID) -> StateID? {
        isBox[state] ? state : machine.states[state].superstates.first
    }

    /// The box that holds a box: the box of its superstate's first superstate.
    func container(ofBox box: StateID) -> StateID? {
        machine.states[box].superstates.first
    }

    /// The boxes around a state's node, innermost first.
    func enclosingBoxes(ofState state: StateID) -> [StateID] {
        boxes(from: container(ofState: state))
    }

    /// `first` and the boxes that hold it, innermost first.
    private func boxes(from first: StateID?) -> [StateID] {
        var boxes: [StateID] = []
        var next = first
        while let box = next, !boxes.contains(box) {
            boxes.append(box)
            next = container(ofBox: box)
        }
        return boxes
    }

    /// `Coin [Enforcement=weak] / smile, unlock`, `Loaded / setDuration(duration), play`, or
    /// for an `after(30s)` row `after 30s / showTimeout`, as UML writes a time event. The
    /// values a row writes follow the guard, `Begin (received: 0) / begin(url)`, each
    /// state's named when the row writes values of several (a fork):
    /// `Go (Playing(url: url), Muted(level: 0))`.
    func label(of transition: Transition) -> String {
        var label =
            machine.timer(of: transition.event).map { "after " + $0.duration.text }
            ?? machine.events[transition.event].name
        if !transition.guardClause.isEmpty {
            label += " [" + RowText.guardText(transition.guardClause, in: machine) + "]"
        }
        let written = transition.givenValues.filter { !$0.values.isEmpty }
        if written.count == 1 {
            label += " (" + machine.valuesText(written[0].values) + ")"
        } else if !written.isEmpty {
            label +=
                " ("
                + written.map { machine.states[$0.state].name + "(" + machine.valuesText($0.values) + ")" }
                .joined(separator: ", ") + ")"
        }
        if !transition.actions.isEmpty {
            // The row's own actions, as the effects of a transition without exit actions.
            label +=
                " / "
                + RowText.calls(transition.actions, in: machine).joined(separator: ", ")
        }
        return label
    }

    // MARK: Building

    private mutating func placeStates() {
        for state in machine.states.indices where hasNode(state) {
            var seen: Set<StateID> = []
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
            if hasNode(index) {
                append(.state(index), to: container(ofState: index))
                for box in enclosingBoxes(ofState: index) { members[box].append(index) }
            }
        }
        for source in sources {
            for box in enclosingBoxes(ofSource: source) where inherits(source, from: box) {
                heirs[box].append(source)
            }
        }
    }

    /// Whether a source has the rows of a box around it: its own box's, or those of a box
    /// with no region between: a region inherits none of its parallel state's rows, nor do
    /// the states inside it.
    private func inherits(_ source: Member, from box: StateID) -> Bool {
        let state: StateID
        switch source {
        case .state(let index), .box(let index): state = index
        case .fork: return false
        }
        return !([state] + machine.states[state].ancestors).contains { between in
            between != box && machine.states[between].ancestors.contains(box) && machine.isRegion(between)
        }
    }

    /// The initial arrow of every box whose superstate has an initial row.
    private mutating func placeInitialArrows() {
        for box in machine.states.indices where isBox[box] {
            guard let substate = machine.states[box].initialSubstate else { continue }
            let to = entrance(of: substate)
            let actions = machine.states[box].initialActions
            initialArrows[box] = InitialArrow(
                to: to, label: actions.isEmpty ? "" : "/ " + actionList(actions),
                staysInBox: enclosingBoxes(of: to).contains(box))
        }
    }

    /// Where an arrow into `state` ends when it names it: the box of a parallel state or of
    /// a superstate that its initial row enters, or that box's history marker when the
    /// state keeps history and `resumingHistory`; else the node of the state. A superstate
    /// with an initial row but no box is passed through to where its initial rows lead.
    private func entrance(of state: StateID, resumingHistory: Bool = false) -> Target {
        var state = state
        var seen: Set<StateID> = []
        while seen.insert(state).inserted {
            let info = machine.states[state]
            if isBox[state], info.isParallel || info.initialSubstate != nil {
                return resumingHistory && historyMarker(of: state) != nil ? .history(state) : .box(state)
            }
            guard let substate = info.initialSubstate else { break }
            state = substate
        }
        return .state(state)
    }

    /// Where a transition's arrows end: the state or box its row names (its history marker
    /// for a superstate with history), the state it stays in for `-`; one per state of a
    /// fork. A row naming a superstate without a box ends at the state the model resolved.
    func destinations(of transition: Transition) -> [Target] {
        guard let named = transition.namedTarget else { return [.state(transition.target)] }
        guard transition.forkTargets.isEmpty else {
            return ([named] + transition.forkTargets).map { entrance(of: $0, resumingHistory: true) }
        }
        if isBox[named], machine.states[named].isParallel || machine.states[named].initialSubstate != nil {
            return [entrance(of: named, resumingHistory: true)]
        }
        return [.state(transition.target)]
    }

    /// The boxes around every one of the destinations, innermost first: for a fork, the
    /// parallel state whose regions it enters and the boxes around it.
    private func boxes(around destinations: [Target]) -> [StateID] {
        let around = destinations.map(enclosingBoxes(of:))
        return around[0].filter { box in around.allSatisfy { $0.contains(box) } }
    }

    /// Where an arrow to the destinations ends: the one target, or a new fork's bar.
    private mutating func arrowTarget(to destinations: [Target]) -> Target {
        guard destinations.count > 1 else { return destinations[0] }
        let container = boxes(around: destinations).dropFirst().first { !machine.states[$0].isParallel }
        forks.append(Fork(targets: destinations, container: container))
        append(.fork(forks.count - 1), to: container)
        return .fork(forks.count - 1)
    }

    /// `Locked`, or `Playing & Muted` for a fork: how a line in a box names where a row leads.
    private func name(of destinations: [Target]) -> String {
        destinations.map(name(of:)).joined(separator: " & ")
    }

    private mutating func append(_ member: Member, to box: StateID?) {
        if let box { contents[box].append(member) } else { topLevel.append(member) }
    }

    /// The decisions whose nodes have no lines to show: known once the rows are placed,
    /// since an internal transition is a line in its state.
    private mutating func markChoices() {
        for state in machine.states.indices where hasNode(state) {
            isChoice[state] = machine.isDecision(state) && stateNotes[state].isEmpty
        }
    }

    /// A box lists its superstate's own actions; a state lists its own and those of
    /// every superstate without a box around it (a concrete superstate's are on its box).
    private mutating func writeEntryAndExitNotes() {
        for index in machine.states.indices {
            if isBox[index] {
                boxNotes[index] = entryAndExitLines(of: [index])
            }
            if hasNode(index) {
                let boxes = Set(enclosingBoxes(ofState: index))
                stateNotes[index] = entryAndExitLines(
                    of: (machine.states[index].ancestors + [index]).filter { !boxes.contains($0) })
            }
        }
    }

    private func entryAndExitLines(of owners: [StateID]) -> [String] {
        let entry = owners.flatMap { machine.states[$0].ownEntryActions }
        let exit = owners.reversed().flatMap { machine.states[$0].ownExitActions }
        return (entry.isEmpty ? [] : ["entry / " + actionList(entry)])
            + (exit.isEmpty ? [] : ["exit / " + actionList(exit)])
    }

    /// One source row as it appears in every state that has it.
    private struct RowID: Hashable {
        var declaredIn: StateID
        var location: SourceLocation
        var event: EventID
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
        for source in sources {
            let enclosing = enclosingBoxes(ofSource: source)
            for transition in transitions(of: source) {
                let row = RowID(transition)
                let owner = transition.declaredIn
                if enclosing.contains(owner), heirs[owner].contains(source) {
                    let known = decisions[row]
                    let drawing = known ?? boxDrawing(of: row)
                    decisions[row] = drawing
                    switch drawing {
                    case .arrow:
                        if known == nil {
                            let to = arrowTarget(to: destinations(of: transition))
                            arrows.append(Arrow(from: .box(owner), to: to, label: label(of: transition)))
                        }
                        continue
                    case .line(let line):
                        if known == nil { boxNotes[owner].append(line) }
                        continue
                    case .perState:
                        break
                    }
                }
                let destinations = destinations(of: transition)
                switch source {
                case .state(let state) where isInternal(transition, in: source):
                    stateNotes[state].append(label(of: transition))
                case .box(let box) where isInternal(transition, in: source):
                    boxNotes[box].append(label(of: transition))
                case .box(let box) where listsRowsIntoTheBox && boxes(around: destinations).contains(box):
                    // No arrow can start at the box's border and end inside it.
                    boxNotes[box].append(label(of: transition) + " → " + name(of: destinations))
                default:
                    arrows.append(Arrow(from: source, to: arrowTarget(to: destinations), label: label(of: transition)))
                }
            }
        }
    }

    /// The rows drawn from a source: a state's flattened rows, a parallel state's level rows.
    private func transitions(of source: Member) -> [Transition] {
        switch source {
        case .state(let state), .box(let state): machine.states[state].transitions
        case .fork: []
        }
    }

    /// Whether every heir of the box has the row, all in the same way: leading out of the
    /// box (one arrow from the box), internal or leading to one state inside the box (one line
    /// in the box).
    private func boxDrawing(of row: RowID) -> BoxDrawing {
        var copies: [(source: Member, transition: Transition)] = []
        for heir in heirs[row.declaredIn] {
            guard let copy = transitions(of: heir).first(where: { RowID($0) == row }) else {
                return .perState
            }
            copies.append((heir, copy))
        }
        guard let first = copies.first?.transition else { return .perState }
        if copies.allSatisfy({ isInternal($0.transition, in: $0.source) }) { return .line(label(of: first)) }
        let to = destinations(of: first)
        guard copies.allSatisfy({ !$0.transition.staysInState && destinations(of: $0.transition) == to }) else {
            return .perState
        }
        if !boxes(around: to).contains(row.declaredIn) { return .arrow }
        return listsRowsIntoTheBox ? .line(label(of: first) + " → " + name(of: to)) : .perState
    }

    /// A transition that stays in the state and runs no exit or entry actions; for a
    /// parallel state's box, a `-` row.
    private func isInternal(_ transition: Transition, in source: Member) -> Bool {
        switch source {
        case .state(let state): transition.target == state && !transition.runsExitAndEntry
        case .box: transition.staysInState && !transition.runsExitAndEntry
        case .fork: false
        }
    }

    private func actionList(_ actions: [ActionCall]) -> String {
        RowText.calls(actions, in: machine).joined(separator: ", ")
    }
}

/// Superstates, next states and the initial state resolved to declared states, and the
/// superstate hierarchy made acyclic: the third phase of analysis.
struct Resolution {
    /// Per state: its direct superstates in adoption order, cycles removed, each with
    /// where it is named.
    var superstates: [[Int]]
    var superstateRefs: [[NameSyntax]]
    /// Per state: every state it inherits from, each once, in adoption order with each
    /// superstate's own superstates before it (the order of entry actions).
    var ancestors: [[Int]] = []
    /// Every state, each after all of its superstates.
    var superstatesFirst: [Int] = []
    /// Per row: where it goes.
    var destinations: [Destination]
    /// The initial state, when it names a declared concrete state.
    var initialState: Int?

    /// Where a row goes.
    enum Destination: Equatable {
        /// `-`: the state that handles the event.
        case stay
        case state(Int)
        /// The next state is not defined (an error was reported).
        case undefined
    }

    init(resolving declarations: Declarations, headers: Headers, log: inout DiagnosticLog) {
        let states = declarations.states
        superstates = Array(repeating: [], count: states.count)
        superstateRefs = Array(repeating: [], count: states.count)
        for index in states.indices {
            for name in states[index].superstateNames {
                guard let superstate = Self.lookup(name, role: "superstate", in: declarations, log: &log) else { continue }
                superstates[index].append(superstate)
                superstateRefs[index].append(name)
            }
        }
        destinations = declarations.rows.map { row in
            guard let next = row.nextState else { return .stay }
            guard let target = Self.lookup(next, role: "next state", in: declarations, log: &log) else { return .undefined }
            if states[target].isAbstract {
                log.error(.abstractTarget, "abstract state '\(next)' cannot be a next state; only concrete states can be current",
                          at: next.location, notes: [.init("'\(next)' is declared abstract here", at: Self.abstractLocation(states[target]))])
            }
            return .state(target)
        }
        if let initial = headers.initialState, let target = Self.lookup(initial, role: "initial state", in: declarations, log: &log) {
            if states[target].isAbstract {
                log.error(.abstractTarget, "abstract state '\(initial)' cannot be the initial state",
                          at: initial.location, notes: [.init("'\(initial)' is declared abstract here", at: Self.abstractLocation(states[target]))])
            } else {
                initialState = target
            }
        }
        removeSuperstateCycles(states, log: &log)
        computeAncestors()
    }

    private static func lookup(_ name: NameSyntax, role: String, in declarations: Declarations,
                               log: inout DiagnosticLog) -> Int? {
        if let index = declarations.stateIndex[name.text] { return index }
        let hint = Suggestions.suggestion(for: name.text, among: declarations.states.map(\.name.text))
        log.error(.undefinedState, "\(role) '\(name)' is not defined\(hint)", at: name.location)
        return nil
    }

    private static func abstractLocation(_ state: StateRecord) -> SourceLocation {
        state.abstractAt ?? state.name.location
    }

    /// Reports each superstate cycle once, at the `: S` that closes it, and drops that
    /// edge; records an order in which every state follows its superstates.
    ///
    /// The walk keeps its own stack: a chain of thousands of superstates must not
    /// overflow the thread's.
    private mutating func removeSuperstateCycles(_ states: [StateRecord], log: inout DiagnosticLog) {
        enum Mark { case unvisited, onPath, done }
        var marks = Array(repeating: Mark.unvisited, count: states.count)
        var cycleEdges: [(state: Int, position: Int)] = []
        for root in states.indices where marks[root] == .unvisited {
            var path: [(state: Int, next: Int)] = [(root, 0)]
            marks[root] = .onPath
            while let (state, next) = path.last {
                guard next < superstates[state].count else {
                    marks[state] = .done
                    superstatesFirst.append(state)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let superstate = superstates[state][next]
                switch marks[superstate] {
                case .unvisited:
                    marks[superstate] = .onPath
                    path.append((superstate, 0))
                case .onPath:
                    let start = path.firstIndex { $0.state == superstate } ?? 0
                    let names = (path[start...].map(\.state) + [superstate]).map { "'\(states[$0].name)'" }
                    log.error(.superstateCycle,
                              "superstate cycle: \(names.joined(separator: " -> ")); a state cannot be its own superstate",
                              at: superstateRefs[state][next].location)
                    cycleEdges.append((state, next))
                case .done:
                    break
                }
            }
        }
        for edge in cycleEdges.sorted(by: { ($0.state, $0.position) > ($1.state, $1.position) }) {
            superstates[edge.state].remove(at: edge.position)
            superstateRefs[edge.state].remove(at: edge.position)
        }
    }

    /// Each state's superstates, transitively, in adoption order with each one's own
    /// superstates before it; a superstate reached along two paths counts once.
    private mutating func computeAncestors() {
        ancestors = Array(repeating: [], count: superstates.count)
        for state in superstatesFirst {
            var seen = Set<Int>()
            var list: [Int] = []
            for superstate in superstates[state] {
                for ancestor in ancestors[superstate] + [superstate] where seen.insert(ancestor).inserted {
                    list.append(ancestor)
                }
            }
            ancestors[state] = list
        }
    }
}

/// `; did you mean 'X'?` hints for names that are not defined.
enum Suggestions {
    /// `; did you mean 'X'?` for the closest candidate, or nothing when none is close.
    static func suggestion(for name: String, among candidates: [String]) -> String {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        // Short names are only ever misspelt in case: 'B' is no typo for 'A'.
        let limit = name.count <= 3 ? 0 : name.count <= 6 ? 1 : 2
        let length = name.utf8.count
        // Names are ASCII, so a candidate whose length differs by more than the limit is
        // too far: skipping it first keeps thousands of errors against thousands of states fast.
        for candidate in candidates where candidate != name && abs(candidate.utf8.count - length) <= limit {
            let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased(), limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best.map { "; did you mean '\($0.name)'?" } ?? ""
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}

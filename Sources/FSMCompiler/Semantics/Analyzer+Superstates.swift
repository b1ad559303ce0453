extension Analyzer {
    /// Reports each superstate cycle once, at the `: S` that closes it, and drops that
    /// edge; records an order in which every state follows its superstates.
    ///
    /// The walk keeps its own stack: a chain of thousands of superstates must not
    /// overflow the thread's.
    mutating func checkSuperstateCycles() {
        enum Mark { case unvisited, onPath, done }
        var marks = Array(repeating: Mark.unvisited, count: states.count)
        var cycleEdges: [(state: Int, position: Int)] = []
        for root in states.indices where marks[root] == .unvisited {
            var path: [(state: Int, next: Int)] = [(root, 0)]
            marks[root] = .onPath
            while let (state, next) = path.last {
                guard next < states[state].superstates.count else {
                    marks[state] = .done
                    superstatesFirst.append(state)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let superstate = states[state].superstates[next]
                switch marks[superstate] {
                case .unvisited:
                    marks[superstate] = .onPath
                    path.append((superstate, 0))
                case .onPath:
                    let start = path.firstIndex { $0.state == superstate }!
                    let names = (path[start...].map(\.state) + [superstate]).map { "'\(states[$0].name)'" }
                    error(.superstateCycle,
                          "superstate cycle: \(names.joined(separator: " -> ")); a state cannot be its own superstate",
                          at: states[state].superstateRefs[next].location)
                    cycleEdges.append((state, next))
                case .done:
                    break
                }
            }
        }
        for edge in cycleEdges.sorted(by: { ($0.state, $0.position) > ($1.state, $1.position) }) {
            states[edge.state].superstates.remove(at: edge.position)
            states[edge.state].superstateRefs.remove(at: edge.position)
        }
    }

    /// Each state's superstates, transitively, in adoption order with each one's own
    /// superstates before it; a superstate reached along two paths counts once.
    mutating func computeAncestors() {
        ancestors = Array(repeating: [], count: states.count)
        for state in superstatesFirst {
            var seen = Set<Int>()
            var list: [Int] = []
            for superstate in states[state].superstates {
                for ancestor in ancestors[superstate] + [superstate] where seen.insert(ancestor).inserted {
                    list.append(ancestor)
                }
            }
            ancestors[state] = list
        }
    }
}

/// Which state values a label in a row can name (Language reference › State data): in a row,
/// a label names the row's event value if the event carries it, else the value of that label
/// of the state that takes the row. A row held by a superstate is taken by every state below
/// it that has no substates, so its label must be a value of each of them, with one type.
/// Rows held by a parallel state, or by a state above one, read no state values.
///
/// It is read from the syntax, before superstates are resolved, so that the labels of a row
/// are checked where the row is declared, with the other arguments of its calls.
struct DataScopes {
    /// By state name: the names of its direct substates, in the order written.
    private var substates: [String: [String]] = [:]
    private var parallel: Set<String>
    private let headers: Headers

    init(syntax: StateMachineSyntax, headers: Headers) {
        self.headers = headers
        parallel = Set(headers.parallelStates.map(\.text))
        for spec in syntax.states {
            for superstate in spec.superstates where substates[superstate.text]?.contains(spec.name.text) != true {
                substates[superstate.text, default: []].append(spec.name.text)
            }
        }
    }

    /// Whether some state holds values: without `State:` headers every lookup fails at once.
    var hasData: Bool { !headers.stateDeclarations.isEmpty }

    /// The states a row of `owner` is taken in: `owner` itself when nothing is below it,
    /// else every state below it with no substates, in the order written, each once.
    func leaves(under owner: String) -> [String] {
        var result: [String] = []
        var visited: Set<String> = []
        func visit(_ name: String) {
            guard visited.insert(name).inserted else { return }
            let below = substates[name] ?? []
            if below.isEmpty { result.append(name) }
            below.forEach(visit)
        }
        visit(owner)
        return result
    }

    /// Whether rows of `owner` read no state values: it is a parallel state or holds one.
    func readsNoValues(_ owner: String) -> Bool {
        var visited: Set<String> = []
        func holdsParallel(_ name: String) -> Bool {
            guard visited.insert(name).inserted else { return false }
            return parallel.contains(name) || (substates[name] ?? []).contains(where: holdsParallel)
        }
        return holdsParallel(owner)
    }

    /// What `label` names in a row of `owner`, where no event of the row carries it.
    enum Lookup {
        /// Every state the row is taken in holds it, with this type.
        case value(type: String)
        /// The first state the row is taken in that does not hold it.
        case missing(state: String)
        /// Two states hold it with different types.
        case typesDiffer(
            first: (state: String, parameter: ParameterSyntax), other: (state: String, parameter: ParameterSyntax))
        /// The owner is a parallel state or holds one.
        case parallel
    }

    func lookup(_ label: String, inRowsOf owner: String) -> Lookup {
        if readsNoValues(owner) { return .parallel }
        var found: (state: String, parameter: ParameterSyntax)?
        for leaf in leaves(under: owner) {
            guard let parameter = headers.stateDeclaration(leaf)?.parameter(label) else { return .missing(state: leaf) }
            if let first = found, first.parameter.type != parameter.type {
                return .typesDiffer(first: first, other: (leaf, parameter))
            }
            found = found ?? (leaf, parameter)
        }
        return found.map { .value(type: $0.parameter.type) } ?? .missing(state: owner)
    }
}

/// How a machine with parallel states lays out its configuration as Swift values
/// (The generated Swift › Regions): the state enum has a case per state that can be current
/// outside every parallel state and per outermost parallel state, whose case carries a
/// struct with one stored value per region; a region's value is an enum of the states that
/// can be current in it, a parallel state among them carrying its own struct, and so on
/// down.
///
/// A *scope* is the top level (nil) or a region; its *nodes* are the cases of its enum:
/// its states that can be current outside nested parallel states (concrete, without an
/// initial row: a state with one is never current, so no value names it), and its
/// outermost parallel states. A region that is itself a parallel state has no nodes: its
/// value is its struct.
struct ConfigurationLayout {
    let machine: StateMachine
    let chart: Statechart
    /// Per state: whether it is a region, a direct substate of a parallel state.
    let isRegion: IDArray<StateID, Bool>
    /// Per state: the innermost region it is inside, nil at the top level.
    let container: IDArray<StateID, StateID?>
    /// Per scope: its nodes in declaration order.
    private let nodesByScope: [StateID?: [StateID]]

    init(_ machine: StateMachine) {
        self.machine = machine
        let chart = Statechart(machine)
        self.chart = chart
        let states = machine.states
        isRegion = chart.regions
        let container = IDArray<StateID, StateID?>(states.indices.map(chart.region(around:)))
        self.container = container
        var nodes: [StateID?: [StateID]] = [:]
        for index in states.indices where !isRegion[index] && (states[index].isParallel || chart.canBeCurrent(index)) {
            nodes[container[index], default: []].append(index)
        }
        nodesByScope = nodes
    }

    /// The cases of `scope`'s enum, in declaration order.
    func nodes(in scope: StateID?) -> [StateID] { nodesByScope[scope] ?? [] }

    /// The parallel state whose region `region` is.
    func parallel(of region: StateID) -> StateID { machine.states[region].superstates[0] }

    /// The Swift type of `scope`'s value: the state enum, or a region's enum inside its
    /// parallel state's struct (`PlayerState.Media.Playback`).
    /// `root` names the state enum, or with state data the enum of configurations without
    /// values (`PlayerStateName`), whose types nest as the state enum's do.
    func scopeType(_ scope: StateID?, root: String? = nil) -> String {
        guard let scope else { return root ?? MachineTypeNames(machine).state }
        return structType(parallel(of: scope), root: root) + "." + typeName(of: scope)
    }

    /// The Swift type of a parallel state's struct (`PlayerState.Media`); a region's is
    /// nested in its parallel state's struct, as a region's enum is.
    func structType(_ parallel: StateID, root: String? = nil) -> String {
        isRegion[parallel]
            ? scopeType(parallel, root: root)
            : scopeType(container[parallel], root: root) + "." + typeName(of: parallel)
    }

    /// Whether a data state can be current inside `state` (itself included): where none
    /// can, the value of `state` (a region's enum, a parallel state's struct) is its value
    /// without data.
    func holdsData(_ state: StateID?) -> Bool {
        machine.states.indices.contains { leaf in
            !machine.parameters(of: leaf).isEmpty && (state.map { chart.isWithin(leaf, $0) } ?? true)
        }
    }

    /// A region's or parallel state's type name inside its enclosing type: `Media`, `Playback`.
    func typeName(of state: StateID) -> String {
        SwiftNames.escaped(SwiftNames.upperCamel(machine.states[state].name))
    }

    /// A node's case, a region's stored property: the state's Swift name (`playing`, `volume`).
    func caseName(of state: StateID) -> String { machine.states[state].named.swiftName }

    /// The scope whose enum holds what is active inside `state`: itself for a region, else
    /// the scope it is in. (For a parallel state, its struct holds it.)
    func contentScope(of state: StateID) -> StateID? { isRegion[state] ? state : container[state] }

    /// The type a history of `state` stores: the value of what was active inside it.
    func historyType(of state: StateID) -> String {
        machine.states[state].isParallel ? structType(state) : scopeType(contentScope(of: state))
    }

    /// The nodes of `scope` inside `state` (itself included when it is one).
    func nodes(in scope: StateID?, within state: StateID) -> [StateID] {
        nodes(in: scope).filter { chart.isWithin($0, state) }
    }

    /// The node of `scope` that holds `state` (on its lineage), if any: the innermost one,
    /// since a concrete superstate is a node as well as the states inside it.
    func node(in scope: StateID?, holding state: StateID) -> StateID? {
        nodes(in: scope).filter { chart.isWithin(state, $0) }.max {
            machine.states[$0].ancestors.count < machine.states[$1].ancestors.count
        }
    }

    /// The value of `scope` in the configuration `leaves` (which holds a node of it):
    /// `.off`, `.media(PlayerState.Media(playback: .stopped, volume: .normal))`.
    /// A data state among `leaves` has the value `given` has for it.
    /// `root` names the types as `scopeType(_:root:)` does.
    func value(
        of leaves: [StateID], in scope: StateID?, given: [StateID: SwiftExpression] = [:], root: String? = nil
    ) -> SwiftExpression {
        if let scope, machine.states[scope].isParallel {
            return structValue(of: leaves, parallel: scope, given: given, root: root)
        }
        let node = leaves.lazy.compactMap { self.node(in: scope, holding: $0) }.first!
        guard machine.states[node].isParallel else { return given[node] ?? .implicitMember(caseName(of: node)) }
        return .call(
            .implicitMember(caseName(of: node)),
            [SwiftArgument(structValue(of: leaves, parallel: node, given: given, root: root))])
    }

    /// `PlayerState.Media(playback: .stopped, volume: .normal)` for `leaves`.
    func structValue(
        of leaves: [StateID], parallel: StateID, given: [StateID: SwiftExpression] = [:], root: String? = nil
    ) -> SwiftExpression {
        .call(
            .typeName(structType(parallel, root: root)),
            machine.states[parallel].substates.map { region in
                SwiftArgument(caseName(of: region), value(of: leaves, in: region, given: given, root: root))
            })
    }
}

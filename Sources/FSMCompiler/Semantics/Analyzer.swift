/// Checks a parsed file and builds the `StateMachine` model from it.
///
/// The analysis is a sequence of phases, each a value computed from the ones before it:
///
/// ```
/// StateMachineSyntax ─headers─▶ Headers ─declarations─▶ Declarations (rows, guards resolved)
///   ─resolution─▶ Resolution (superstates, next states) ─flattening─▶ Flattening (effective rows)
///   ─signatures─▶ Signatures (parameters of actions and conditions) ─checks─▶ diagnostics ─model─▶ StateMachine
/// ```
/// The signatures come after the flattening: an initial row's labels name values of the
/// rows that enter its superstate, whose types are known only then.
/// Each phase reports every problem it finds and leaves out what it could not resolve,
/// so that later phases can go on and report theirs; the model is built only when no
/// phase reported an error.
package enum Analyzer {
    /// Analyzes one parsed file. The model is nil when any diagnostic is an error.
    package static func analyze(_ syntax: StateMachineSyntax) -> (machine: StateMachine?, diagnostics: [Diagnostic]) {
        var log = DiagnosticLog()
        let headers = Headers(reading: syntax, log: &log)
        let declarations = Declarations(declaring: syntax, headers: headers, log: &log)
        let resolution = Resolution(resolving: declarations, headers: headers, log: &log)
        let flattening = Flattening(flattening: declarations, resolution, headers: headers, log: &log)
        let analysis = Analysis(
            headers: headers, declarations: declarations, resolution: resolution, flattening: flattening, log: &log)
        analysis.checkRegions(log: &log)
        analysis.checkPredicates(log: &log)
        analysis.checkAlwaysCycles(log: &log)
        analysis.checkIncompleteDecisions(log: &log)
        analysis.checkRaises(log: &log)
        analysis.checkStateData(log: &log)
        analysis.checkUnusedPredicateTypes(log: &log)
        analysis.checkReachability(log: &log)
        analysis.checkStateTestsNeverHold(log: &log)
        analysis.checkSimilarEventNames(log: &log)
        analysis.checkSwiftNames(log: &log)
        analysis.checkAsyncNames(log: &log)
        guard !log.diagnostics.hasErrors else { return (nil, log.diagnostics) }
        return (analysis.makeStateMachine(), log.diagnostics)
    }
}

/// The phases' results together, which the checks and the model read.
struct Analysis {
    let headers: Headers
    let declarations: Declarations
    /// Computed last, once the rows entering each initial row are known.
    private(set) var signatures = Signatures()
    let resolution: Resolution
    let flattening: Flattening

    var states: IDArray<StateID, StateRecord> { declarations.states }
    var rows: [RowRecord] { declarations.rows }
    var predicateTypes: IDArray<PredicateTypeID, PredicateTypeRecord> { headers.predicateTypes }

    /// The hierarchy, initial rows and histories, for where transitions go.
    let statechart: Statechart

    /// Whether the machine uses the language of version 3 (literal arguments, `Action:`
    /// headers, `always` rows, raised events, state data), and so is created unstarted and started by
    /// `start()` or its first event (Language reference › Starting a machine). Machines
    /// without it keep what they did.
    var hasStart: Bool {
        signatures.passesLiterals || !headers.actionDeclarations.isEmpty || alwaysEvent != nil
            || !declarations.raises.isEmpty || !headers.stateDeclarations.isEmpty
    }

    init(
        headers: Headers, declarations: Declarations, resolution: Resolution, flattening: Flattening,
        log: inout DiagnosticLog
    ) {
        self.headers = headers
        self.declarations = declarations
        self.resolution = resolution
        self.flattening = flattening
        let states = declarations.states
        statechart = Statechart(
            entryExit: headers.entryExit, names: IDArray(states.map(\.name.text)),
            isAbstract: IDArray(states.map(\.isAbstract)), isParallel: resolution.isParallel,
            ancestors: resolution.ancestors, substates: resolution.substates,
            ownEntryActions: IDArray(states.map { $0.entry?.actions ?? [] }),
            ownExitActions: IDArray(states.map { $0.exit?.actions ?? [] }),
            initialSubstate: resolution.initialSubstate, initialActions: resolution.initialActions,
            history: resolution.history)
        signatures = Signatures(
            resolving: declarations, initialRowUses: initialRowUses(log: &log), headers: headers, log: &log)
    }
}

/// The diagnostics the phases report, in the order they report them.
struct DiagnosticLog {
    private(set) var diagnostics: [Diagnostic] = []
    /// How many errors so far: a phase compares counts to tell whether a piece had any.
    private(set) var errorCount = 0

    mutating func error(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation,
        notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(id, .error, message, at: location, notes: notes))
        errorCount += 1
    }

    mutating func warning(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation,
        notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(id, .warning, message, at: location, notes: notes))
    }
}

/// The names of one kind (events, actions, conditions) in order of first appearance.
struct NameTable<ID: ModelID> {
    private(set) var names: IDArray<ID, NameSyntax> = []
    private var indices: [String: ID] = [:]

    /// The index of `name`, adding it on first sight.
    mutating func index(of name: NameSyntax) -> ID {
        index(of: name, key: name.text)
    }

    /// The index of the name known by `key`, adding `name` under it on first sight: names
    /// written alike may stand for different things (`after(30s)` in two states).
    mutating func index(of name: NameSyntax, key: String) -> ID {
        if let index = indices[key] { return index }
        let index = names.add(name)
        indices[key] = index
        return index
    }

    func lookup(_ text: String) -> ID? { indices[text] }
}

/// A predicate type as declared.
struct PredicateTypeRecord {
    var name: NameSyntax
    var cases: [NameSyntax]
}

/// The identity of a row for duplicates, clashes and overrides: its event, predicate guard
/// and condition literals (`[c]` and `[!c]` differ: Language reference › Flattening,
/// Conditions); next state and actions are not part of it.
struct RowKey: Hashable {
    var event: EventID
    /// By type index, each with its cases ascending: `[A = y | x]` and `[A = x | y]` are one key.
    var predicates: [PredicateMatch]
    /// By condition call: `[a, b]` and `[b, a]` are one key.
    var conditions: [ConditionTerm]
    /// By state: `[in(A), in(B)]` and `[in(B), in(A)]` are one key.
    var stateTests: [StateTest]

    init(event: EventID, guardClause: Guard) {
        self.event = event
        self.predicates = guardClause.predicates
            .map { PredicateMatch(type: $0.type, cases: $0.cases.sorted()) }
            .sorted { $0.type < $1.type }
        self.conditions = guardClause.conditions.sorted { $0.call < $1.call }
        self.stateTests = guardClause.stateTests.sorted { $0.state < $1.state }
    }
}

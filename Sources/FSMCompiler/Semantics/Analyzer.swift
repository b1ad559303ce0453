/// Checks a parsed file and builds the `StateMachine` model from it.
///
/// The analysis runs in passes, each in its own `Analyzer+<Pass>.swift`: headers, state
/// declarations and their rows, references, guards, superstates, inheritance and
/// overrides, predicates, reachability and Swift names. Each pass reports every problem
/// it finds and leaves the tables consistent, so that later passes can go on and report
/// theirs; the model is built only when no pass reported an error.
public struct Analyzer {
    var diagnostics: [Diagnostic] = []
    var errorCount = 0

    // Tables filled by the passes, read by later ones.
    var header = HeaderInfo()
    var states: [StateRecord] = []
    var stateIndex: [String: Int] = [:]
    var rows: [RowRecord] = []
    var events = NameTable()
    var actions = NameTable()
    var conditions = NameTable()
    var predicateTypes: [PredicateTypeRecord] = []
    var predicateIndex: [String: Int] = [:]
    /// Per state: its effective rows (own plus inherited), in table order.
    var effectiveRows: [[Int]] = []
    /// Per state: every state it inherits from, each once, in adoption order with each
    /// superstate's own superstates before it (the order of entry actions).
    var ancestors: [[Int]] = []
    /// Every state, each after all of its superstates.
    var superstatesFirst: [Int] = []
    /// The predicate types some guard uses.
    var usedPredicateTypes: Set<Int> = []
    /// Per concrete state: its dispatch, keyed by state index.
    var dispatches: [Int: [EventDispatch]] = [:]

    public init() {}

    /// Analyzes one parsed file. The model is nil when any diagnostic is an error.
    public static func analyze(_ syntax: StateMachineSyntax) -> (machine: StateMachine?, diagnostics: [Diagnostic]) {
        var analyzer = Analyzer()
        let machine = analyzer.analyze(syntax)
        return (machine, analyzer.diagnostics)
    }

    mutating func analyze(_ syntax: StateMachineSyntax) -> StateMachine? {
        checkHeaders(syntax)
        declareStates(syntax)
        resolveReferences()
        resolveGuards()
        checkSuperstateCycles()
        computeAncestors()
        flattenRows()
        checkPredicates()
        checkUnusedPredicateTypes()
        checkReachability()
        checkSwiftNames()
        guard !diagnostics.hasErrors else { return nil }
        return makeStateMachine()
    }

    // MARK: Reporting

    mutating func error(_ id: DiagnosticID, _ message: String, at location: SourceLocation,
                        notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(id, .error, message, at: location, notes: notes))
        errorCount += 1
    }

    mutating func warning(_ id: DiagnosticID, _ message: String, at location: SourceLocation,
                          notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(id, .warning, message, at: location, notes: notes))
    }
}

/// The names of one kind (events, actions, conditions) in order of first appearance.
struct NameTable {
    private(set) var names: [NameSyntax] = []
    private var indices: [String: Int] = [:]

    /// The index of `name`, adding it on first sight.
    mutating func index(of name: NameSyntax) -> Int {
        if let index = indices[name.text] { return index }
        indices[name.text] = names.count
        names.append(name)
        return names.count - 1
    }

    func lookup(_ text: String) -> Int? { indices[text] }
}

/// What the headers said.
struct HeaderInfo {
    var fsmName: NameSyntax?
    var initialState: NameSyntax?
    var actionsName: NameSyntax?
    var entryExit: EntryExitMode = .uml
}

/// A predicate type as declared.
struct PredicateTypeRecord {
    var name: NameSyntax
    var cases: [NameSyntax]
}

/// Everything the definitions of one state name say, merged.
struct StateRecord {
    var name: NameSyntax
    var isAbstract: Bool
    /// Where it was first written as `(X)` and as `X`.
    var abstractAt: SourceLocation?
    var concreteAt: SourceLocation?
    var superstateNames: [NameSyntax] = []
    /// Resolved superstates, in adoption order, cycles removed, with where each is named.
    var superstates: [Int] = []
    var superstateRefs: [NameSyntax] = []
    /// The entry and exit actions of the first definition that gives them.
    var entry: ActionListSyntax?
    var exit: ActionListSyntax?
    /// Own rows, in source order; indices into `Analyzer.rows`.
    var rows: [Int] = []
}

/// One row for one event, as declared in one state, with its context folded in.
struct RowRecord {
    var owner: Int
    var event: NameSyntax
    var eventIndex: Int
    /// Guard terms of enclosing guard blocks (outer first), then the row's own.
    var terms: [GuardTermSyntax]
    var nextState: NameSyntax?
    var actions: [NameSyntax]
    var isOverride: Bool
    /// The row's first token.
    var location: SourceLocation

    // Resolved by later passes.
    var target: Int?
    var guardClause = Guard()
    /// False when the guard had an error: the row then takes no part in later checks,
    /// which would only report consequences of that error.
    var hasValidGuard = true
    /// What an override must match; set with `guardClause`.
    var key = RowKey(event: 0, predicates: [])
    /// Rows this override replaces, transitively through chains of overrides.
    var replaces: Set<Int> = []
}

/// The identity of a row for duplicates, clashes and overrides: next state, actions and
/// conditions are not part of it.
struct RowKey: Hashable {
    var event: Int
    /// By type index, each with its cases ascending: `[A = y | x]` and `[A = x | y]` are one key.
    var predicates: [PredicateMatch]

    init(event: Int, predicates: [PredicateMatch]) {
        self.event = event
        self.predicates = predicates
            .map { PredicateMatch(type: $0.type, cases: $0.cases.sorted()) }
            .sorted { $0.type < $1.type }
    }
}

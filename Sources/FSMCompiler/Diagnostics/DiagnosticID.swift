/// The stable name of each kind of diagnostic, printed as `[id]` after the message.
///
/// Code and tests refer to diagnostics by these names; the Diagnostics article of the
/// documentation catalog explains each one, with an example that triggers it. Cases are
/// alphabetical; never rename one, since users may search for it.
public enum DiagnosticID: String, CaseIterable, Hashable, Sendable {
    case abstractAndConcrete
    case abstractTarget
    case alwaysCycle
    case alwaysRow
    case argumentMismatch
    case contradictoryCondition
    case crossRegionTransition
    case duplicateHeader
    case duplicateInitial
    case duplicateTransition
    case emptyBlock
    case emptyGuard
    case entryExitArguments
    case historyWithoutInitial
    case historyWithoutSubstates
    case implicitClash
    case incompleteDecision
    case inconsistentEntryExit
    case initialCycle
    case initialInParallel
    case initialNotSubstate
    case invalidConfiguration
    case invalidDuration
    case invalidFork
    case invalidHeader
    case invalidSwiftName
    case libraryTypeName
    case literalMismatch
    case misplacedAfter
    case misplacedOverride
    case misplacedPlaceholder
    case missingHeader
    case missingOverride
    case nestingTooDeep
    case noEvents
    case nothingToOverride
    case overrideOutOfOrder
    case parallelWithoutRegions
    case predicateLimit
    case raisedEvent
    case regionConflict
    case regionInheritance
    case regionWithoutInitial
    case regionsNeedUML
    case repeatedCondition
    case repeatedPredicateCase
    case repeatedPredicateType
    case shallowHistoryAbstract
    case similarEventName
    case stateData
    case stateTestNeverHolds
    case stateValue
    case superstateConflict
    case superstateCycle
    case swiftNameCollision
    case syntaxError
    case timerPredicate
    case tooManyErrors
    case transitionClash
    case undefinedAction
    case undefinedAsync
    case undefinedEvent
    case undefinedPredicateCase
    case undefinedPredicateType
    case undefinedState
    case unexpectedCharacter
    case unknownHeader
    case unknownLabel
    case unreachableState
    case unusedEvent
    case unusedPredicateType

    /// One line for `fsmc help diagnostics`.
    public var summary: String {
        switch self {
        case .abstractAndConcrete: "warning: a state is written both as `(X)` and as `X`; it is treated as abstract"
        case .abstractTarget:
            "an abstract state `(X)` without an initial row `- Substate` is used as a next state, an initial substate or the initial state"
        case .alwaysCycle:
            "`always` rows without conditions lead from a state back to it: the machine would never stop moving"
        case .alwaysRow:
            "an `always` row has a predicate guard or the next state `-`, or `always` is declared as an event: since version 3 it is a keyword"
        case .argumentMismatch:
            "an action or condition is given arguments of other types or number than at its first use or in its `Action:` header, or the events of a multi-event row give one label different types"
        case .contradictoryCondition: "a guard asks for a condition and its negation, as in `[c, !c]`"
        case .crossRegionTransition:
            "a row leads from one region of a parallel state into another region of it, which UML forbids"
        case .duplicateHeader: "a header (or a `Predicate` type) is given twice"
        case .duplicateInitial: "a superstate has two initial rows `- Substate`"
        case .duplicateTransition: "two rows share state, event, predicate guard and next state"
        case .emptyBlock: "an event block, guard block or `override` block has no rows"
        case .emptyGuard: "a guard `[]` has no terms"
        case .entryExitArguments:
            "an entry, exit or initial action is given a label, as in `<show(error)`: no event's values are there when it runs (literals are allowed)"
        case .historyWithoutInitial: "a `History:` header names a superstate without an initial row `- Substate`"
        case .historyWithoutSubstates: "a `History:` header names a state that no state adopts as its superstate"
        case .implicitClash: "rows of equal rank match one predicate combination; the message names it"
        case .incompleteDecision:
            "warning: a state whose rows are all `always` rows takes none for some condition answers, and then stays until an event comes"
        case .inconsistentEntryExit: "a state written twice gives two different entry or exit lists"
        case .initialCycle: "initial rows lead from a state back to itself"
        case .initialInParallel:
            "a parallel state has an initial row `- Substate`: each of its regions enters its own initial substate"
        case .initialNotSubstate:
            "an initial row `- X` names a state that is not a substate of the state whose body holds it"
        case .invalidConfiguration:
            "`fsmc-config.json` is not JSON, has a key fsmc does not know (such as `\"acess\"`) or a value it does not accept (such as `\"access\": \"open\"`)"
        case .invalidDuration:
            "the duration of `after(…)` is not a whole number of `ms`, `s`, `min` or `h` between 1 ms and 100 days"
        case .invalidFork: "the states of a fork `A & B` are not each in another region of one parallel state"
        case .invalidHeader:
            "a header has the wrong form, such as `EntryExit: sometimes` or `Predicate: A` without cases"
        case .invalidSwiftName: "a name cannot be used in the generated Swift, such as a type called `Self`"
        case .libraryTypeName:
            "a generated type would take the name of a standard library or Foundation type, such as a machine called `Timer`, and hide it in the whole module"
        case .literalMismatch:
            "a literal argument does not fit its parameter's type (`retry(\"x\")` for an `Int`), or `nil` or `.name` has no declared type to stand for"
        case .misplacedAfter:
            "`after(30s)` is written as an action, or as an entry or exit action, rather than as the event of a row"
        case .misplacedOverride: "`override { }` appears somewhere other than the top level of a state body"
        case .misplacedPlaceholder:
            "the event `-` appears outside the placeholder row `- - -` and initial rows `- Substate`, at the top of a state body"
        case .missingHeader: "the `FSM` or `Initial` header is missing"
        case .missingOverride: "a row replaces an inherited row without `override { }`"
        case .nestingTooDeep: "blocks are nested more deeply than fsmc accepts (64 levels)"
        case .noEvents: "warning: no row names an event yet; the generated machine handles none"
        case .nothingToOverride: "a row in `override { }` matches no inherited row"
        case .overrideOutOfOrder: "a plain row replaces a row that a superstate marked `override`"
        case .parallelWithoutRegions:
            "a `Parallel:` header names a state with fewer than two direct substates (its regions)"
        case .predicateLimit: "the predicate combinations of one event in one state are too many to check"
        case .raisedEvent:
            "a raised event `^E` cannot be raised there: a row for it matches predicates, it carries a value the row's event does not give, or it is `always`"
        case .regionConflict:
            "for one event, a row of one region leaves its region (or names its parallel state) while another region has a row for that event; the message names both rows"
        case .regionInheritance:
            "a state inside a parallel state (or a parallel state) has more than one superstate: a region's states form a tree"
        case .regionWithoutInitial: "a region of a parallel state has no initial row `- Substate`"
        case .regionsNeedUML:
            "a machine with `Parallel:` states has `EntryExit: always` or `onChange`; regions need the default UML entry and exit"
        case .repeatedCondition: "warning: a condition appears twice in one guard"
        case .repeatedPredicateCase: "a case is repeated in `Type = a | a`, or in a `Predicate` header"
        case .repeatedPredicateType: "one predicate type is AND-ed twice, as in `[A = x, A = y]`"
        case .shallowHistoryAbstract:
            "a superstate with shallow history has a direct substate that is an abstract superstate without an initial row: resuming it enters nothing"
        case .similarEventName:
            "warning: an event's name is a near miss of another event's (a letter left out, added or swapped): a misspelling creates a new event"
        case .stateData:
            "a `State:` header on an abstract, super- or parallel state, or values written where no state can take them"
        case .stateTestNeverHolds:
            "warning: in a machine without parallel states, an `in(…)` test rules a row out in a state that has it"
        case .stateValue:
            "a value of an entered data state is given nowhere, or with a type that does not fit; or a row writes a value the state does not hold"
        case .superstateConflict:
            "two superstates give one event (and guard) two rows and the state does not override them"
        case .superstateCycle: "a state is, through its superstates, its own superstate"
        case .swiftNameCollision:
            "two names become the same Swift identifier, or one name is both an action and a condition"
        case .syntaxError: "the text does not follow the grammar: expected X, found Y"
        case .timerPredicate:
            "an `after` row has a predicate guard (`[Network = wifi]`): a timer fires without predicate values; use a condition"
        case .tooManyErrors: "fsmc stopped after 100 errors in one file"
        case .transitionClash: "two rows share state, event and predicate guard but go to different states"
        case .undefinedAction:
            "an `Action:` header declares parameters for a name that no row, entry or exit list calls"
        case .undefinedAsync:
            "an `Async:` header names something that is neither an action nor a condition of the machine"
        case .undefinedEvent: "a raised event `^E` names an event that no row takes and no `Event:` header declares"
        case .undefinedPredicateCase: "a guard names a case its predicate type does not declare"
        case .undefinedPredicateType: "a guard names a predicate type no `Predicate` header declares"
        case .undefinedState: "a next state, superstate or initial state is never defined"
        case .unexpectedCharacter: "a character that is not part of the language"
        case .unknownHeader:
            "a header other than FSM, Initial, Actions, EntryExit, Isolation, Async, Observable, Predicate, Event, Action, State, StateData, Import, History or Parallel"
        case .unknownLabel: "an argument names a label that the row's event does not carry"
        case .unreachableState: "warning: no sequence of events leads from the initial state to this state"
        case .unusedEvent: "warning: an `Event:` header declares an event that no row uses"
        case .unusedPredicateType: "warning: a declared predicate type is used by no guard"
        }
    }
}

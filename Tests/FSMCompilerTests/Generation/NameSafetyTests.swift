import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Every name fsmc accepts gives Swift that compiles and leaves the user's module as it was:
/// about 200 names (Swift keywords, standard-library and Foundation types, the generated
/// code's own names, case variants, digit-first and 10,000-character names) in each of ten
/// positions of a small machine. Each accepted machine's Swift is type-checked (Swift 6,
/// complete concurrency checking, warnings as errors), many machines per `swiftc` run;
/// each rejected one must say why with a naming diagnostic.
@Suite struct NameSafetyTests {
    enum Position: String, CaseIterable, Sendable {
        case fsm, actions, state, superstate, event, predicateType, predicateCase, action, condition, entryAction
        /// The label of a value (`Event: Qgo(NAME: Int)`, passed to an action and a condition),
        /// and the name of an event that carries a value.
        case valueLabel, valueEvent
    }

    static let keywords = """
        associatedtype borrowing class consuming deinit enum extension fileprivate func import init inout internal let
        nonisolated open operator private precedencegroup protocol public rethrows static struct subscript typealias var
        break case catch continue default defer do else fallthrough for guard if in repeat return throw switch where while
        Any as await false is nil self Self super throws true try _ associativity convenience didSet dynamic final get
        indirect infix lazy left mutating none nonmutating optional override package postfix precedence prefix required
        right set some any each Type Protocol unowned weak willSet async actor macro isolated sending consume copy discard
        then In Default Return Import Nil True
        """
    static let libraryTypes = """
        String Int Bool Double Array Optional Void Never Error Sendable Hashable Equatable CaseIterable
        CustomStringConvertible Result Task MainActor Actor Character Float Set Dictionary Substring Range Sequence
        Collection Encodable Decodable Codable Identifiable RawRepresentable AnyObject AnyHashable Comparable Duration
        Clock Regex Mutex Observable Data Date URL UUID Notification Timer NSObject DispatchQueue Predicate Expression
        """
    static let generatedNames = """
        RequiredRuntime Outcome FSMRuntime Swift Foundation handle state actions eventQueue dispatch trace
        unhandledEvent sendsEvents description rawValue allCases hashValue hash MachineActions APIVersion1 EventQueue
        OutcomeCode from code outcome queued handling enqueue handleEvent handleWaitingEvents unhandled Actions Event
        State debugDescription
        """
    static let variants = "string STRING sTRING int INT bool actions ACTIONS outcome OUTCOME handle HANDLE Handle"
    static let oddShapes = "1st 42 0 9lives 2nd_state __ _x x_ a__b"

    static let names: [String] = {
        let words = [keywords, libraryTypes, generatedNames, variants, oddShapes]
            .flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        var seen = Set<String>()
        return (words + ["N" + String(repeating: "x", count: 9_999), "n" + String(repeating: "y", count: 9_999)])
            .filter { seen.insert($0).inserted }
    }()

    /// A machine with every kind of name, `name` in `position` and fixed names elsewhere
    /// that no probe name equals. `index` keeps the other top-level types unique.
    static func machine(_ name: String, at position: Position, index: Int) -> String {
        func slot(_ slot: Position, _ fixed: String) -> String { slot == position ? name : fixed }
        let actions = position == .actions ? "Actions: \(name)\n" : ""
        let predicate = slot(.predicateType, "P\(index)")
        let match = slot(.predicateCase, "qx")
        let state = slot(.state, "Qb")
        let superstate = slot(.superstate, "Qsuper")
        let event = position == .valueEvent ? name : slot(.event, "Qgo")
        let carriesValue = position == .valueLabel || position == .valueEvent
        let label = slot(.valueLabel, "qvalue")
        let values = carriesValue ? "Event: \(event)(\(label): Int)\n" : ""
        let arguments = carriesValue ? "(\(label))" : ""
        return """
            FSM: \(slot(.fsm, "M\(index)"))
            Initial: Qa
            \(actions)\(values)Predicate: \(predicate) = \(match) | qother
            {
              (\(superstate)) { Qreset Qa - }
              Qa : \(superstate) <\(slot(.entryAction, "qenter")) {
                \(event) [\(predicate) = \(match), \(slot(.condition, "qcond"))\(arguments)] \(state) \(slot(.action, "qact"))\(arguments)
                \(event) \(state) -
              }
              \(state) : \(superstate) { \(event) Qa - }
            }

            """
    }

    /// The types a generated file declares at the top level of the module.
    static func topLevelTypes(_ swift: String) -> Set<String> {
        let declaration = /^(?:public |package )?(?:enum|protocol|final class|struct) `?(\w+)`?/
            .anchorsMatchLineEndings()
        return Set(swift.matches(of: declaration).map { String($0.output.1) })
    }

    static let namingDiagnostics: Set<DiagnosticID> = [.invalidSwiftName, .libraryTypeName, .swiftNameCollision]

    @Test func everyAcceptedNameCompilesAndHidesNoLibraryType() throws {
        var accepted: [(file: String, label: String, swift: String, types: Set<String>)] = []
        var rejected: [String: [String]] = [:]
        var index = 0
        for position in Position.allCases {
            for name in Self.names {
                index += 1
                let label = "\(position.rawValue) '\(name.prefix(24))'"
                let output = Compiler.compile(
                    SourceFile(name: "c\(index).sm", text: Self.machine(name, at: position, index: index)))
                guard let swift = output.swift else {
                    let errors = output.diagnostics.filter { $0.severity == .error }
                    #expect(
                        errors.contains { Self.namingDiagnostics.contains($0.id) && $0.location.line > 0 },
                        "\(label) is rejected without a naming diagnostic: \(errors.map(\.description))")
                    rejected[position.rawValue, default: []].append(name)
                    continue
                }
                let types = Self.topLevelTypes(swift)
                #expect(
                    types.isDisjoint(with: SwiftNames.standardLibraryTypeNames),
                    "\(label) declares \(types.intersection(SwiftNames.standardLibraryTypeNames).sorted()), hiding library types"
                )
                accepted.append(("c\(index).swift", label, swift, types))
            }
        }
        // The names Swift allows are accepted, in the positions the issue found broken too.
        #expect(accepted.count > 2_150, "accepted \(accepted.count) of \(Self.names.count * Position.allCases.count)")
        for name in ["In", "Default", "Return", "Import", "Nil", "True", "in", "class", "inout", "let"] {
            #expect(!(rejected["predicateType"] ?? []).contains(name), "predicate type \(name) is rejected")
        }
        // A library type's name is refused where the generated type would take it, and
        // accepted for a predicate type, whose Swift name starts with the machine's.
        for name in ["String", "Int", "optional", "Sendable", "CustomStringConvertible", "Timer", "Data", "Result"] {
            #expect((rejected["fsm"] ?? []).contains(name), "FSM \(name) is accepted")
            #expect(!(rejected["predicateType"] ?? []).contains(name), "predicate type \(name) is rejected")
        }
        for name in ["some", "any", "each", "1st", "42", "Actions", "RequiredRuntime", "String"] {
            #expect((rejected["actions"] ?? []).contains(name), "Actions: \(name) is accepted")
        }
        // Any identifier Swift allows as an argument label labels a value, keywords included.
        for name in ["default", "in", "self", "Self", "Type", "String", "handle", "state", "actions", "event", "name"] {
            #expect(!(rejected["valueLabel"] ?? []).contains(name), "value label \(name) is rejected")
        }
        #expect(Set(rejected["valueLabel"] ?? []).isSuperset(of: ["_", "1st", "42"]))

        // Groups in which no two files declare one type, so that each group is one module.
        var groups: [(types: Set<String>, files: [Int])] = []
        for (position, file) in accepted.enumerated() {
            if let group = groups.firstIndex(where: { $0.types.isDisjoint(with: file.types) }) {
                groups[group].types.formUnion(file.types)
                groups[group].files.append(position)
            } else {
                groups.append((file.types, [position]))
            }
        }
        let toolchain = try SwiftToolchain.shared.get()
        for (number, group) in groups.enumerated() {
            let files = Dictionary(uniqueKeysWithValues: group.files.map { (accepted[$0].file, accepted[$0].swift) })
            let diagnostics = try toolchain.typecheck(named: "names-\(number)", files: files)
            let lines = diagnostics.split(separator: "\n")
            for file in group.files.map({ accepted[$0] }) {
                let own = lines.filter { $0.hasPrefix(file.file + ":") || $0.contains("/" + file.file + ":") }
                #expect(
                    own.isEmpty,
                    "\(file.label) gives Swift that does not compile: \(own.prefix(3).joined(separator: "\n"))")
            }
            // Whatever no file claims fails too (a file with a syntax error stops the others'
            // type checking, so fix what is reported and run again).
            #expect(diagnostics.isEmpty, "\(diagnostics.prefix(2_000))")
        }
    }

    /// The private names of run to completion (`takeAlwaysRows`, `dispatchAlways`,
    /// `completeStep`, `raisedEvents`, `stepGoesOn`) give way to event methods of those
    /// names, and predicate parameters give way to them, in a flat machine and one with
    /// regions.
    @Test(arguments: [false, true]) func runToCompletionNamesGiveWay(regions: Bool) throws {
        let rows = """
              A { TakeAlwaysRows [TakeAlwaysRows = x] B ^DispatchAlways  DispatchAlways - -
                  CompleteStep [CompleteStep = p] B -  RaisedEvents B ^TraceAlways  TraceAlways - -
                  StepGoesOn [StepGoesOn = s, Handled = h] B ^StepGoesOn2  StepGoesOn2 - - }
              B { always [ok] A -  always A - }
            """
        let body =
            regions
            ? "  (P) { Go A - }\n  (R) : P { - A - }\n"
                + rows.replacingOccurrences(of: "  A {", with: "  A : R {")
                .replacingOccurrences(of: "  B {", with: "  B : R {") + "  (S) : P { - C - }\n  C : S { Go C - }\n"
            : rows
        let source = """
            FSM: RunNames\(regions ? "Regions" : "")
            Initial: \(regions ? "P" : "A")
            \(regions ? "Parallel: P\n" : "")Predicate: TakeAlwaysRows = x | y
            Predicate: CompleteStep = p | q
            Predicate: StepGoesOn = s | t
            Predicate: Handled = h | i
            {
            \(body)}

            """
        let swift = try #require(Compiler.compile(SourceFile(name: "RunNames.sm", text: source)).swift, "\(source)")
        let toolchain = try SwiftToolchain.shared.get()
        let diagnostics = try toolchain.typecheck(
            named: "run-names-\(regions)", files: ["RunNames.swift": swift])
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(2_000))")
    }

    /// Where only `always` rows raise, the event raised is a local of `completeStep()` and a
    /// parameter of `takeAlwaysRows` and `dispatchAlways`: it gives way to an event method of
    /// its name, and a state value of that name gives way to it.
    @Test func raisedEventLocalGivesWay() throws {
        let source = """
            FSM: RaisedLocal
            Initial: A
            State: B(raisedEvents: Int)
            {
              A { RaisedEvents B(raisedEvents: 1) -  TakeAlwaysRows - -  DispatchAlways - - }
              B { always [ok(raisedEvents)] A ^TakeAlwaysRows  always A ^DispatchAlways }
            }

            """
        let swift = try #require(Compiler.compile(SourceFile(name: "RaisedLocal.sm", text: source)).swift, "\(source)")
        #expect(swift.contains("var raisedEventsStorage: RaisedLocalEvent? = nil"), "\(swift)")
        let toolchain = try SwiftToolchain.shared.get()
        let diagnostics = try toolchain.typecheck(named: "raised-local", files: ["RaisedLocal.swift": swift])
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(2_000))")
    }
}

import FSMTestSupport
import Foundation
import Testing

@testable import FSMCompiler

@Suite struct GeneratedNamesTests {
    /// `ReservedNames.members` is what predicate parameters are renamed around; this
    /// catches a name the generator starts to declare (a local, a private function, a
    /// property) without listing it there, which a parameter of that name would then hide.
    @Test func everyNameTheMachineDeclaresIsKnownToGeneratedNames() throws {
        let source = try String(
            contentsOfFile: Paths.examples + "/EnforcedTurnstile/EnforcedTurnstile.sm", encoding: .utf8)
        let swift = try #require(Compiler.compile(SourceFile(name: "EnforcedTurnstile.sm", text: source)).swift)
        let machineClass = try #require(swift.range(of: "final class ")).lowerBound
        let declaration = /(?:let|var|func) (\w+)/
        let declared = Set(swift[machineClass...].matches(of: declaration).map { String($0.output.1) })
        let unknown = declared.filter { !ReservedNames.members.contains($0) && !$0.hasPrefix("handleIn") }
        // What remains are the event methods, which no generated body calls.
        #expect(unknown == ["reset", "coin", "pass"])
        #expect(declared.isSuperset(of: ["handle", "from", "code", "handling", "outcome", "handleEvent", "dispatch"]))
    }

    /// A machine with timers declares the timer members too, and `timerMembers` lists them.
    @Test func everyNameATimedMachineDeclaresIsKnownToGeneratedNames() throws {
        let source = try String(contentsOfFile: Paths.fixtures + "/Machines/TimedPlayer.sm", encoding: .utf8)
        let swift = try #require(Compiler.compile(SourceFile(name: "TimedPlayer.sm", text: source)).swift)
        let machineClass = try #require(swift.range(of: "final class ")).lowerBound
        let declared = Set(swift[machineClass...].matches(of: /(?:let|var|func) (\w+)/).map { String($0.output.1) })
        let known = ReservedNames.members.union(ReservedNames.timerMembers)
        let unknown = declared.filter { !known.contains($0) && !$0.hasPrefix("handleIn") }
        #expect(unknown == ["load", "stop", "ready", "progress", "pause", "play"])
        #expect(
            declared.isSuperset(of: [
                "timers", "timerTokens", "startTimer", "cancelTimer", "timerFired", "dispatchTimer", "token",
            ]))
    }

    /// A machine with `always` rows or raised events declares the members of run to
    /// completion too, and `alwaysMembers` and `raiseMembers` list them.
    @Test(arguments: [
        ("Autosave", ["edit", "changed", "written", "tick", "save", "text"]),
        ("Review", ["signIn", "quit", "submit", "edit"]),
    ])
    func everyNameARunToCompletionMachineDeclaresIsKnownToGeneratedNames(machine: String, events: [String]) throws {
        let source = try String(contentsOfFile: Paths.fixtures + "/Machines/\(machine).sm", encoding: .utf8)
        let swift = try #require(Compiler.compile(SourceFile(name: "\(machine).sm", text: source)).swift)
        let machineClass = try #require(swift.range(of: "final class ")).lowerBound
        let declared = Set(swift[machineClass...].matches(of: /(?:let|var|func|for) (\w+)/).map { String($0.output.1) })
        let known = ReservedNames.members.union(ReservedNames.startMembers).union(ReservedNames.alwaysMembers)
            .union(ReservedNames.raiseMembers).union(["_"])
        let unknown = declared.filter { !known.contains($0) && !$0.hasPrefix("handleIn") }
        // What remains are the event methods and their parameters, which no generated body uses.
        #expect(unknown == Set(events))
        #expect(declared.isSuperset(of: ["stepGoesOn", "takeAlwaysRows", "dispatchAlways"]))
    }

    /// A parameter keeps its name unless it meets one of the generator's, a state
    /// function's, or a name an earlier parameter took.
    @Test func parameterNamesAvoidTheGeneratorsAndEachOther() throws {
        let model = try #require(
            machine(
                """
                FSM: M
                Initial: S
                Predicate: Enforcement = a | b
                Predicate: From = a | b
                Predicate: FromValue = a | b
                Predicate: HandleInS = a | b
                {
                  S { E [Enforcement = a, From = a, FromValue = a, HandleInS = a] S -  EventQueue S - }
                }
                """))
        let names = GeneratedNames(model)
        #expect(names.predicateParameters == ["enforcement", "fromValue", "fromValueValue", "handleInSValue"])
        #expect(names.eventQueue == "eventQueueStorage")
        #expect(names.stateFunctions == [0: "handleInS"])
    }
}

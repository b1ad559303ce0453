import Foundation
import Testing
import FSMCompiler

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("Locked", "locked"), ("locked", "locked"), ("URLReady", "urlReady"), ("IOError", "ioError"),
        ("ALARM", "alarm"), ("A", "a"), ("PutChar", "putChar"), ("EOL", "eol"), ("URL2", "url2"),
        ("put_char", "put_char"), ("_x", "_x"), ("2nd", "_2nd"), ("2ND", "_2ND"), ("default", "`default`"),
        ("Self", "`self`"), ("Init", "`init`"), ("Type", "type"),
    ])
    func lowerCamel(name: String, swift: String) {
        #expect(SwiftNames.lowerCamel(name) == swift)
    }

    @Test(arguments: [
        ("turnstile", "Turnstile"), ("Turnstile", "Turnstile"), ("eNFORCEMENT", "ENFORCEMENT"),
        ("2Fast", "_2Fast"), ("self", "`Self`"), ("any", "`Any`"),
    ])
    func upperCamel(name: String, swift: String) {
        #expect(SwiftNames.upperCamel(name) == swift)
    }

    /// The reserved parameter names are kept by hand; this catches a name the generator
    /// starts to declare (a local, a private function, a property) without reserving it,
    /// which a predicate parameter of that name would then shadow.
    @Test func everyNameTheMachineDeclaresIsReservedForPredicateParameters() throws {
        let source = try String(contentsOfFile: Paths.examples + "/EnforcedTurnstile/EnforcedTurnstile.sm", encoding: .utf8)
        let swift = try #require(Compiler.compile(SourceFile(name: "EnforcedTurnstile.sm", text: source)).swift)
        let machineClass = try #require(swift.range(of: "final class ")).lowerBound
        let declaration = /(?:let|var|func) (\w+)/
        let declared = Set(swift[machineClass...].matches(of: declaration).map { String($0.output.1) })
        let unreserved = declared.filter {
            !SwiftNames.reservedParameterNames.contains($0) && !$0.hasPrefix(SwiftNames.stateFunctionPrefix)
        }
        // What remains are the event methods, which no generated body calls.
        #expect(unreserved == ["reset", "coin", "pass"])
        #expect(declared.isSuperset(of: ["handle", "from", "code", "handling", "outcome", "handleEvent", "dispatch"]))
    }

    @Test func spellingsThatMeetAreReportedWhereTheSecondIs() {
        let source = """
            FSM: T
            Initial: Locked
            {
              Locked { coin locked - }
              locked { Coin Locked - }
            }
            """
        #expect(diagnosticLines(compiling: source) == [
            "5:3: error: state 'locked' and state 'Locked' both become the Swift name 'locked' [swiftNameCollision]",
            "4:3: note: 'Locked' is here",
            "5:12: error: event 'Coin' and event 'coin' both become the Swift name 'coin' [swiftNameCollision]",
            "4:12: note: 'coin' is here",
        ])
    }
}

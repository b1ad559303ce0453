import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

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

    @Test func spellingsThatMeetAreReportedWhereTheSecondIs() {
        let source = """
            FSM: T
            Initial: Locked
            {
              Locked { coin locked - }
              locked { Coin Locked - }
            }
            """
        #expect(
            diagnosticLines(compiling: source) == [
                "5:3: error: state 'locked' and state 'Locked' both become the Swift name 'locked' [swiftNameCollision]",
                "4:3: note: 'Locked' is here",
                "5:12: error: event 'Coin' and event 'coin' both become the Swift name 'coin' [swiftNameCollision]",
                "4:12: note: 'coin' is here",
            ])
    }
}

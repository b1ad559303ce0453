import FSMRuntime
import FSMTestSupport
import Testing

/// A machine whose names are Swift keywords or start with digits compiles and runs.
struct KeywordLog: KeywordsActions {
    var log: [String] = []
    var condition = true
    mutating func `func`() { log.append("func") }
    mutating func `repeat`() { log.append("repeat") }
    mutating func `return`() { log.append("return") }
    mutating func `in`() { log.append("in") }
    mutating func `is`() { log.append("is") }
    mutating func _underscore() { log.append("_underscore") }
    func `if`() -> Bool { condition }
}

@Suite struct KeywordTests {
    @Test func escapedNamesWork() {
        let machine = Keywords(actions: KeywordLog())
        #expect(machine.state == .default)
        #expect(machine.`init`(kind: .struct) == .transitioned(from: .default, to: .default))
        #expect(machine.`init`(kind: .class) == .transitioned(from: .default, to: .`self`))
        #expect(machine.return() == .transitioned(from: .`self`, to: .default))
        #expect(machine.actions.log == ["in", "is", "repeat", "return", "func"])
        #expect(KeywordsState.allCases.map(\.rawValue) == ["default", "Self"])
        #expect(KeywordsKind.allCases.map(\.description) == ["class", "struct", "2nd"])
    }
}

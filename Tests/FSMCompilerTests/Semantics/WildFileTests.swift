import FSMCompiler
import FSMTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The real CC_SMC files in Fixtures/Wild behave as their SOURCE.txt says.
@Suite struct WildFileTests {
    static func check(_ name: String) -> [String] {
        let path = Paths.wild + "/" + name
        let result = Compiler.check(SourceFile(name: name, bytes: readBytes(path)))
        return result.diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) }
    }

    @Test(arguments: ["ice.override.sm", "twoCoinTurnstile.sm", "turnstile.sm"])
    func compilesCleanly(name: String) {
        #expect(Self.check(name) == [])
    }

    @Test func iceRequiresOverrides() {
        let lines = Self.check("ice.sm")
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors.map { $0.split(separator: ":")[1] } == ["101", "102", "111", "112"])
        #expect(errors.allSatisfy { $0.contains("put it in 'override { }'") && $0.hasSuffix("[missingOverride]") })
        let notes = lines.filter { $0.contains(": note: ") && !$0.contains("fix-it") }
        #expect(notes.map { $0.split(separator: ":")[1] } == ["90", "92", "90", "92"])
        let fixIts = lines.filter { $0.contains(": note: fix-it: ") }
        #expect(fixIts.map { $0.split(separator: ":")[1] } == ["101", "102", "111", "112"])
    }

    @Test func convertedStripperRequiresOverrides() {
        let errors = Self.check("stripfsm_cs.converted.sm").filter { $0.contains(": error: ") }
        #expect(
            errors.map { $0.split(separator: ":").prefix(3).joined(separator: ":") } == [
                "stripfsm_cs.converted.sm:24:2", "stripfsm_cs.converted.sm:37:2", "stripfsm_cs.converted.sm:42:2",
                "stripfsm_cs.converted.sm:43:2", "stripfsm_cs.converted.sm:44:2",
            ])
        #expect(errors.allSatisfy { $0.hasSuffix("[missingOverride]") })
    }

    @Test(arguments: ["stripfsm_cs.sm", "stripfsm_java.sm"])
    func oldHeaderFormatIsRejectedAtTheFirstHeaderLine(name: String) {
        #expect(
            Self.check(name) == [
                "\(name):1:9: error: expected ':' after header 'FSMName', found 'StripFSM'; headers are written 'Name: value' [syntaxError]"
            ])
    }
}

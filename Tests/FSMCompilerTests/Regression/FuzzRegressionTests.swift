import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Every input the fuzzer reported (Fixtures/Fuzz, one file each, minimized) goes through
/// the whole pipeline quickly, with the same expectations as the fuzz target's oracle:
/// Swift exactly when there is no error, diagnostics inside the file and sorted.
@Suite struct FuzzRegressionTests {
    static let folder = Paths.testsDirectory + "/Fixtures/Fuzz"

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".md") }.sorted()
    }

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs) func pipelineHandlesFuzzInput(name: String) {
        let bytes = readBytes(Self.folder + "/" + name)
        let (output, time) = ProcessorTime.measure { Compiler.compile(SourceFile(name: name, bytes: bytes)) }
        // Each takes milliseconds; the bound catches a hang, not a slow run on a loaded
        // machine (the one input here was reported as a timeout while the machine swapped).
        #expect(time < .seconds(60))
        #expect((output.swift == nil) == output.diagnostics.hasErrors)
        #expect(output.diagnostics == output.diagnostics.sortedByLocation())
        let lines = bytes.filter { $0 == 0x0A }.count + 1
        for diagnostic in output.diagnostics {
            #expect((1...lines).contains(diagnostic.location.line) && diagnostic.location.column >= 1, "\(diagnostic)")
        }
    }
}

import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// Fuzz/Seeds holds random valid machines from `MachineGenerator`, so that the fuzzer
/// starts from inputs that reach the analyzer and the generator with every feature of
/// the language, not only from the few examples. Rewrite them with
/// `FSMC_WRITE_FUZZ_SEEDS=1 swift test --filter FuzzSeedTests`.
@Suite struct FuzzSeedTests {
    static let folder = Paths.repository + "/Fuzz/Seeds"
    static let count = 64

    static var isWriting: Bool { ProcessInfo.processInfo.environment["FSMC_WRITE_FUZZ_SEEDS"] == "1" }

    @Test(.enabled(if: isWriting)) func writeSeeds() throws {
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        for number in 0..<Self.count {
            let output = MachineGenerator.generate(seed: SplitMix64.derive(0xF022, number), number: number)
            try Data(output.rendered.text.utf8).write(to: URL(fileURLWithPath: Self.folder + "/generated-\(number).sm"))
        }
    }

    @Test(.disabled(if: isWriting)) func seedsAreValidMachines() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".sm") }
        #expect(names.count == Self.count)
        for name in names {
            let result = Compiler.compile(SourceFile(name: name, bytes: readBytes(Self.folder + "/" + name)))
            #expect(result.swift != nil, "\(name): \(result.diagnostics.map(\.description))")
        }
    }
}

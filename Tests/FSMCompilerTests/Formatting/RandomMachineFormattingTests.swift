import FSMCompiler
import FSMTestSupport
import Testing

/// The formatter's properties on the differential suite's random machines, which use every
/// construct of the language: formatting keeps the meaning and is idempotent.
@Suite struct RandomMachineFormattingTests {
    @Test(arguments: 0..<100)
    func formattingRandomMachinesKeepsTheirTableAndIsIdempotent(number: Int) throws {
        let generated = MachineGenerator.generate(seed: SplitMix64.derive(0xF0_4D_A7, number), number: number)
        let source = SourceFile(name: "random.sm", text: generated.rendered.text)
        let once = try #require(SourceFormatter.format(source).text)
        let twice = try #require(SourceFormatter.format(SourceFile(name: "random.sm", text: once)).text)
        #expect(twice == once)
        let formatted = try #require(Compiler.check(SourceFile(name: "random.sm", text: once)).machine)
        #expect(TransitionTable.text(formatted) == TransitionTable.text(generated.model))
    }
}

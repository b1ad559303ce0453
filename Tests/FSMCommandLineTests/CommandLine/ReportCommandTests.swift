import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc graph` and `fsmc table --format markdown` print what the compiler's reports
/// render, from a file or standard input, with the usual exit statuses.
@Suite struct ReportCommandTests {
    /// The model of a repository file that checks without errors.
    static func machine(at path: String) -> StateMachine? {
        Compiler.check(SourceFile(name: path, bytes: readBytes(Paths.repository + "/" + path))).machine
    }

    @Test func graphCommandReadsStandardInputAndWritesStandardOutput() throws {
        let source = String(decoding: readBytes(Paths.examples + "/Turnstile/Turnstile.sm"), as: UTF8.self)
        let machine = try #require(Self.machine(at: "Examples/Turnstile/Turnstile.sm"))
        let (status, output, errors) = InProcessTool.run(["graph", "-"], input: source)
        #expect(status == .success && errors.isEmpty && output == StateGraph.mermaid(machine))
        let (dotStatus, dot, _) = InProcessTool.run([
            "graph", "--format", "dot", Paths.examples + "/Turnstile/Turnstile.sm",
        ])
        #expect(dotStatus == .success && dot == StateGraph.dot(machine))
    }

    @Test func graphCommandExitStatuses() {
        let (status, output, errors) = InProcessTool.run(
            ["graph", "-"], input: "FSM: T\nInitial: A\n{\n  A Go B -\n}\n")
        #expect(status == .failure && output.isEmpty)
        #expect(errors == "<stdin>:4:8: error: next state 'B' is not defined [undefinedState]\n")
        #expect(InProcessTool.run(["graph", "--format", "png", "-"]).0 == .usage)
        #expect(InProcessTool.run(["graph"]).0 == .usage)
        #expect(InProcessTool.run(["graph", "/nonexistent.sm"]).0 == .ioFailure)
    }

    @Test func tableCommandPrintsMarkdown() throws {
        let machine = try #require(Self.machine(at: "Examples/Turnstile/Turnstile.sm"))
        let (status, output, errors) = InProcessTool.run([
            "table", "--format", "markdown", Paths.examples + "/Turnstile/Turnstile.sm",
        ])
        #expect(status == .success && errors.isEmpty && output == TransitionTable.markdown(machine))
        let (stdinStatus, stdinOutput, _) = InProcessTool.run(
            ["table", "--format=markdown", "-"],
            input: String(decoding: readBytes(Paths.examples + "/Turnstile/Turnstile.sm"), as: UTF8.self))
        #expect(stdinStatus == .success && stdinOutput == output)
    }
}

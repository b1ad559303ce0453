/// The pipeline in one readable place: lex and parse, then analyze.
///
/// ```
/// .sm text ─Lexer─▶ [Token] ─Parser─▶ StateMachineSyntax ─Analyzer─▶ StateMachine
/// ```
/// Syntax errors stop the pipeline before analysis, whose checks would mostly report
/// consequences of them; every stage reports all it finds.
public enum Compiler {
    /// What checking a file produced: the model when there were no errors, and every
    /// diagnostic, sorted by location.
    public struct Result: Sendable {
        public var machine: StateMachine?
        public var diagnostics: [Diagnostic]
    }

    public static func check(_ file: SourceFile) -> Result {
        let (syntax, syntaxDiagnostics) = Parser.parse(file)
        guard !syntaxDiagnostics.hasErrors else {
            return Result(machine: nil, diagnostics: syntaxDiagnostics.sortedByLocation())
        }
        let (machine, diagnostics) = Analyzer.analyze(syntax)
        return Result(machine: machine, diagnostics: (syntaxDiagnostics + diagnostics).uniqued().sortedByLocation())
    }
}

extension Array where Element == Diagnostic {
    /// Without repeats: a guard shared by the rows of a block is checked once per row.
    func uniqued() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return filter { seen.insert($0).inserted }
    }
}

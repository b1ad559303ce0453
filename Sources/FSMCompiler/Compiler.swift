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
        return Result(machine: machine, diagnostics: (syntaxDiagnostics + diagnostics).sortedByLocation())
    }
}

extension Compiler {
    /// What compiling a file produced: the Swift source when there were no errors.
    public struct Output: Sendable {
        public var swift: String?
        public var diagnostics: [Diagnostic]
    }

    /// Checks `file` and, when it has no errors, generates its Swift source.
    ///
    /// ```
    /// StateMachine ─Translator─▶ SwiftFile (code model) ─Renderer─▶ String
    /// ```
    public static func compile(_ file: SourceFile, access: SwiftAccess = .internal) -> Output {
        let result = check(file)
        guard let machine = result.machine else { return Output(swift: nil, diagnostics: result.diagnostics) }
        return Output(swift: generate(machine, access: access), diagnostics: result.diagnostics)
    }

    /// The Swift source of a machine that `check` produced, headed with its file's name.
    public static func generate(_ machine: StateMachine, access: SwiftAccess = .internal) -> String {
        let file = machine.name.location.file
        let sourceName = String(file.split(separator: "/").last ?? Substring(file))
        return Renderer.render(Translator.translate(machine, sourceName: sourceName, access: access))
    }
}

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
            let diagnostics = FixItPlanner.attach(to: syntaxDiagnostics, in: file, syntax: syntax)
            return Result(machine: nil, diagnostics: diagnostics.sortedByLocation())
        }
        let (machine, diagnostics) = Analyzer.analyze(syntax)
        let all = FixItPlanner.attach(to: syntaxDiagnostics + diagnostics, in: file, syntax: syntax)
        return Result(machine: machine, diagnostics: all.sortedByLocation())
    }
}

extension Compiler {
    /// What `fix` made of a file: its new text, how many fix-its that took, and the
    /// check of the new text.
    public struct Fixed: Sendable {
        public var bytes: [UInt8]
        public var applied: Int
        public var result: Result
    }

    /// Applies every fix-it of `file`, then checks the result again and applies the fix-its
    /// that appear then (a file whose missing `}` is added can be analyzed, and its rows
    /// that replace inherited ones found), until no fix-it is left.
    public static func fix(_ file: SourceFile) -> Fixed {
        var current = file
        var applied = 0
        var result = check(file)
        // Each round makes progress (a fix-it removes its diagnostic); the bound only
        // guards against a fix-it that would not.
        for _ in 0..<8 {
            let fixIts = result.diagnostics.compactMap(\.fixIt)
            guard !fixIts.isEmpty else { break }
            let (bytes, count) = FixIt.apply(fixIts, to: current.bytes)
            guard count > 0, bytes != current.bytes else { break }
            applied += count
            current.bytes = bytes
            result = check(current)
        }
        return Fixed(bytes: current.bytes, applied: applied, result: result)
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
        return Renderer.render(Translation.translate(machine, sourceName: sourceName, access: access))
    }
}

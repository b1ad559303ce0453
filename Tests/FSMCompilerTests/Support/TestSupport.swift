import FSMCompiler

/// Folders of the repository, found from this file so that tests run from any directory.
enum Paths {
    static let testsDirectory: String = {
        let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        return components.dropLast(2).joined(separator: "/")
    }()
    static let repository = testsDirectory.split(separator: "/", omittingEmptySubsequences: false)
        .dropLast(2).joined(separator: "/")
    static let examples = repository + "/Examples"
    static let wild = testsDirectory + "/Fixtures/Wild"
}

/// Checks `source` as a file named `test.sm` and returns the diagnostics as printed,
/// without the file name: `5:10: error: … [id]`, then `4:10: note: …`.
func diagnosticLines(compiling source: String) -> [String] {
    let result = Compiler.check(SourceFile(name: "test.sm", text: source))
    return result.diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) }
        .map { $0.hasPrefix("test.sm:") ? String($0.dropFirst("test.sm:".count)) : $0 }
}

/// The model of `source`, which must check without errors.
func machine(_ source: String) -> StateMachine? {
    Compiler.check(SourceFile(name: "test.sm", text: source)).machine
}

/// `fsmc table`'s lines for `source`, or the diagnostics when it has errors.
func tableLines(_ source: String) -> [String] {
    let result = Compiler.check(SourceFile(name: "test.sm", text: source))
    guard let machine = result.machine else { return diagnosticLines(compiling: source) }
    return TransitionTable.text(machine).split(separator: "\n").map(String.init)
}

import FSMCompiler

/// Checks `source` as a file named `test.sm` and returns the diagnostics as printed,
/// without the file name: `5:10: error: … [id]`, then `4:10: note: …`.
public func diagnosticLines(compiling source: String) -> [String] {
    let result = Compiler.check(SourceFile(name: "test.sm", text: source))
    return result.diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) }
        .map { $0.hasPrefix("test.sm:") ? String($0.dropFirst("test.sm:".count)) : $0 }
}

/// The model of `source`, which must check without errors.
public func machine(_ source: String) -> StateMachine? {
    Compiler.check(SourceFile(name: "test.sm", text: source)).machine
}

/// `fsmc table`'s lines for `source`, or the diagnostics when it has errors.
public func tableLines(_ source: String) -> [String] {
    let result = Compiler.check(SourceFile(name: "test.sm", text: source))
    guard let machine = result.machine else { return diagnosticLines(compiling: source) }
    return TransitionTable.text(machine).split(separator: "\n").map(String.init)
}

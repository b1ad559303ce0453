import FSMCompiler

// Go to definition, find references and rename, over the names of one file.

extension LanguageServer {
    func definition(_ params: JSONValue) throws -> JSONValue {
        let (document, position) = try documentAndPosition(params)
        guard let occurrence = document.occurrence(at: position),
            let definition = document.index.definition(of: occurrence.key)
        else { return .null }
        return location(definition.name, in: document)
    }

    func references(_ params: JSONValue) throws -> JSONValue {
        let (document, position) = try documentAndPosition(params)
        guard let occurrence = document.occurrence(at: position) else { return .null }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        let definition = document.index.definition(of: occurrence.key)
        return .array(
            document.index.occurrences(of: occurrence.key)
                .filter { includeDeclaration || $0 != definition }
                .map { location($0.name, in: document) })
    }

    func prepareRename(_ params: JSONValue) throws -> JSONValue {
        let (document, position) = try documentAndPosition(params)
        guard let occurrence = document.occurrence(at: position) else { return .null }
        return ["range": document.span(of: occurrence.name).json, "placeholder": .string(occurrence.name.text)]
    }

    /// Renames every occurrence of the symbol under the cursor. A name the check would then
    /// reject is refused with the check's own message: the renamed text is checked, and an
    /// error that it has and the text before did not is the answer.
    func rename(_ params: JSONValue) throws -> JSONValue {
        let (document, position) = try documentAndPosition(params)
        guard let newName = params["newName"]?.string else { throw ResponseError.invalidParams("rename needs newName") }
        guard let occurrence = document.occurrence(at: position) else {
            throw ResponseError.requestFailed("there is no state, event, action, condition or predicate here to rename")
        }
        let key = occurrence.key
        guard newName != key.name else { return ["changes": .object([document.uri: []])] }
        var renamedKey = key
        renamedKey.name = newName
        if !document.index.occurrences(of: renamedKey).isEmpty {
            throw ResponseError.requestFailed(
                "cannot rename \(key.kind.noun) '\(key.name)' to '\(newName)': the machine already has a \(key.kind.noun) '\(newName)'"
            )
        }
        let occurrences = document.index.occurrences(of: key)
        let lines = document.lines
        let ranges = occurrences.map { occurrence -> Range<Int> in
            let start = lines.offset(of: occurrence.name.location)
            return start..<min(start + occurrence.length, lines.bytes.count)
        }
        if let problem = Self.problem(renaming: ranges, to: newName, in: document) {
            throw ResponseError.requestFailed(
                "cannot rename \(key.kind.noun) '\(key.name)' to '\(newName)': \(problem)")
        }
        let edits = ranges.map { range -> JSONValue in
            ["range": lines.span(of: range).json, "newText": .string(newName)]
        }
        return ["changes": .object([document.uri: .array(edits)])]
    }

    /// The message of the first error that renaming `ranges` to `newName` brings, or nil.
    private static func problem(renaming ranges: [Range<Int>], to newName: String, in document: Document) -> String? {
        var bytes = document.bytes
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(newName.utf8))
        }
        let before = document.check.diagnostics.filter { $0.severity == .error }
        var countBefore: [DiagnosticID: Int] = [:]
        for diagnostic in before { countBefore[diagnostic.id, default: 0] += 1 }
        let after = Compiler.check(SourceFile(name: document.fileName, bytes: bytes)).diagnostics
            .filter { $0.severity == .error }
        var countAfter: [DiagnosticID: Int] = [:]
        for diagnostic in after {
            countAfter[diagnostic.id, default: 0] += 1
            if countAfter[diagnostic.id, default: 0] > countBefore[diagnostic.id, default: 0] {
                return "\(diagnostic.message) [\(diagnostic.id.rawValue)]"
            }
        }
        return nil
    }
}

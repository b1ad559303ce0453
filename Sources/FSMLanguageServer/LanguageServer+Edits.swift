import FSMCompiler

// Diagnostics as `fsmc check` reports them, the fix-its as code actions, and `fsmc format`.

extension LanguageServer {
    /// A protocol `Diagnostic`: underlined from fsmc's location to the end of the name
    /// there, with the ID as its code and each note (the fix-it's included, as `check`
    /// prints it) as related information.
    func json(_ diagnostic: Diagnostic, in document: Document) -> JSONValue {
        let lines = document.lines
        return [
            "range": lines.span(ofTokenAt: diagnostic.location).json,
            "severity": diagnostic.severity == .error ? 1 : 2,
            "code": .string(diagnostic.id.rawValue),
            "source": "fsmc",
            "message": .string(diagnostic.message),
            "relatedInformation": .array(
                diagnostic.printedNotes.map { note in
                    [
                        "location": [
                            "uri": .string(document.uri), "range": lines.span(ofTokenAt: note.location).json,
                        ],
                        "message": .string(note.message),
                    ]
                }),
        ]
    }

    /// The edits of a fix-it, as a `WorkspaceEdit` of the document.
    private func workspaceEdit(_ edits: [FixIt.Edit], in document: Document) -> JSONValue {
        let lines = document.lines
        let textEdits = edits.map { edit -> JSONValue in
            let range = min(edit.range.lowerBound, lines.bytes.count)..<min(edit.range.upperBound, lines.bytes.count)
            return ["range": lines.span(of: range).json, "newText": .string(edit.replacement)]
        }
        return ["changes": .object([document.uri: .array(textEdits)])]
    }

    /// One quick fix per diagnostic with a fix-it in the requested range, and, when there is
    /// any fix-it in the file, a `source.fixAll` action that does what `fsmc check --fix` does.
    func codeActions(_ params: JSONValue) throws -> JSONValue {
        let document = try document(params)
        guard let range = Span(params["range"]) else { throw ResponseError.invalidParams("the request needs a range") }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            only.map { kinds in kinds.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        let lines = document.lines
        var actions: [JSONValue] = []
        let fixable = document.check.diagnostics.filter { $0.fixIt != nil }
        if wanted("quickfix") {
            for diagnostic in fixable {
                let span = lines.span(ofTokenAt: diagnostic.location)
                guard let fixIt = diagnostic.fixIt, span.start <= range.end && range.start <= span.end else { continue }
                actions.append([
                    "title": .string(Self.capitalized(fixIt.message)),
                    "kind": "quickfix",
                    "isPreferred": true,
                    "diagnostics": [json(diagnostic, in: document)],
                    "edit": workspaceEdit(fixIt.edits, in: document),
                ])
            }
        }
        if wanted("source.fixAll") && !fixable.isEmpty {
            let fixed = Compiler.fix(document.file)
            if fixed.bytes != document.bytes {
                actions.append([
                    "title": "Apply every fix-it (fsmc check --fix)",
                    "kind": "source.fixAll",
                    "edit": workspaceEdit(
                        [FixIt.Edit(0..<document.bytes.count, String(decoding: fixed.bytes, as: UTF8.self))],
                        in: document),
                ])
            }
        }
        return .array(actions)
    }

    /// The document as `fsmc format` writes it: one edit of the whole text, or none when it
    /// is already formatted. A document with syntax errors is not formatted (as `format`
    /// refuses it): the answer is an error that says so.
    func formatting(_ params: JSONValue) throws -> JSONValue {
        let document = try document(params)
        let result = SourceFormatter.format(document.file)
        guard let bytes = result.bytes else {
            let first = result.diagnostics.first.map { ": \($0.location.line):\($0.location.column): \($0.message)" }
            throw ResponseError.requestFailed("cannot format a file with syntax errors\(first ?? "")")
        }
        guard bytes != document.bytes else { return [] }
        return [
            ["range": document.lines.wholeDocument.json, "newText": .string(String(decoding: bytes, as: UTF8.self))]
        ]
    }

    /// `Put lines 3-4 in 'override { }'` for a fix-it's `put lines 3-4 in …`.
    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

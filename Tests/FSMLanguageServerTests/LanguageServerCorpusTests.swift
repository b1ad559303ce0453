import FSMCompiler
import FSMLanguageServer
import FSMTestSupport
import Foundation
import Testing

/// Every machine of the examples and fixtures (the wild CC_SMC files included), and the
/// VS Code extension that starts the server.
@Suite struct LanguageServerCorpusTests {
    /// Each file gets check's diagnostics; every name's definition is a name of the same
    /// text, and every request about the file is answered, none with an error but
    /// formatting a file with syntax errors.
    @Test(arguments: Paths.machineFiles)
    func everyMachineIsAnswered(path: String) throws {
        let text = String(decoding: readBytes(Paths.repository + "/" + path), as: UTF8.self)
        let client = InMemoryClient()
        let uri = "file://" + Paths.repository + "/" + path
        let diagnostics = client.open(text, uri: uri)
        let check = Compiler.check(SourceFile(name: Paths.repository + "/" + path, text: text))
        #expect(diagnostics.compactMap { $0["code"]?.string } == check.diagnostics.map(\.id.rawValue))
        let document = try #require(client.server.document(uri))
        let textDocument: JSONValue = ["textDocument": ["uri": .string(uri)]]
        for method in ["textDocument/documentSymbol", "textDocument/semanticTokens/full"] {
            #expect(client.request(method, textDocument)["error"] == nil, "\(method)")
        }
        let formatting = client.request("textDocument/formatting", textDocument)
        #expect((formatting["error"] != nil) == (SourceFormatter.format(document.file).bytes == nil))
        for occurrence in document.index.occurrences.prefix(60) {
            let at = InMemoryClient.at(document.span(of: occurrence.name).start, uri: uri)
            let definition = client.request("textDocument/definition", at)
            let target = try #require(Span(definition["result"]?["range"]))
            let lines = LineIndex(Array(text.utf8))
            let name = String(
                decoding: lines.bytes[lines.offset(of: target.start)..<lines.offset(of: target.end)], as: UTF8.self)
            #expect(name == occurrence.name.text)
            #expect(client.request("textDocument/hover", at)["result"]?["contents"] != nil)
            #expect(client.request("textDocument/completion", at)["error"] == nil)
        }
    }

    @Test func theVSCodeExtensionStartsTheServer() throws {
        let folder = Paths.repository + "/Editors/VSCode"
        let manifest = try JSONValue.parse(readBytes(folder + "/package.json"))
        #expect(manifest["main"] == "./extension.js")
        #expect(manifest["activationEvents"] == ["onLanguage:sm"])
        #expect(manifest["dependencies"]?["vscode-languageclient"] != nil)
        #expect(manifest["contributes"]?["configuration"]?["properties"]?["fsmc.path"]?["default"] == "fsmc")
        // The grammar stays for highlighting.
        #expect(manifest["contributes"]?["grammars"]?[0]?["path"] == "./syntaxes/sm.tmLanguage.json")
        let script = String(decoding: readBytes(folder + "/extension.js"), as: UTF8.self)
        #expect(script.contains("concat(['lsp'])") && script.contains("documentSelector: [{ language: 'sm' }]"))
    }
}

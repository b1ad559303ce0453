import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `SwiftNames.standardLibraryTypeNames` lists every type and protocol the Swift standard
/// library, its concurrency and string-processing parts, Observation, Synchronization,
/// Dispatch and Foundation declare: a machine that declared one of them at the top level of
/// the user's module would change its meaning for the whole module. This test reads them
/// from the toolchain it runs with; `FSMC_UPDATE_GOLDEN=1` rewrites the list.
@Suite struct StandardLibraryNamesTests {
    static let listPath = Paths.repository + "/Sources/FSMCompiler/Semantics/StandardLibraryNames.swift"

    /// Modules with a textual interface in the toolchain, and those read as symbol graphs.
    static let interfaceModules = ["Swift", "_Concurrency", "_StringProcessing", "Observation", "Synchronization"]
    static let symbolGraphModules = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch",
    ]

    static var toolchainLibrary: String? {
        guard
            let swift = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
                .map({ $0 + "/swift" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        let library = resolved.deletingLastPathComponent().deletingLastPathComponent().path + "/lib/swift/linux"
        return FileManager.default.fileExists(atPath: library + "/Swift.swiftmodule") ? library : nil
    }

    @Test(.enabled(if: toolchainLibrary != nil, "reads the Linux toolchain's modules"))
    func listMatchesTheToolchain() throws {
        let library = try #require(Self.toolchainLibrary)
        var names = Set<String>()
        let declaration =
            /^(?:@[\w.]+(?:\([^)\n]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect|nonisolated)\s+)*(?:struct|class|enum|protocol|typealias|actor)\s+(\w+)/
            .anchorsMatchLineEndings()
        for module in Self.interfaceModules {
            let interface = try String(
                contentsOfFile: library + "/\(module).swiftmodule/x86_64-unknown-linux-gnu.swiftinterface",
                encoding: .utf8)
            for match in interface.matches(of: declaration) { names.insert(String(match.output.1)) }
        }
        let folder = try TemporaryFolder("fsmc-symbols")
        defer { folder.remove() }
        for module in Self.symbolGraphModules {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swift", "symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
                "-minimum-access-level", "public", "-output-dir", folder.path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "symbolgraph-extract \(module)")
            let data = try Data(contentsOf: folder.url.appendingPathComponent("\(module).symbols.json"))
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            for symbol in graph.symbols
            where symbol.pathComponents.count == 1 && SymbolGraph.typeKinds.contains(symbol.kind.identifier) {
                names.insert(symbol.pathComponents[0])
            }
        }
        names = names.filter { !$0.hasPrefix("_") }
        let expected = Self.listFile(names)
        if ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1" {
            try Data(expected.utf8).write(to: URL(fileURLWithPath: Self.listPath))
            Issue.record("FSMC_UPDATE_GOLDEN=1: rewrote \(Self.listPath); review git diff")
            return
        }
        let missing = names.subtracting(SwiftNames.standardLibraryTypeNames).sorted()
        let extra = SwiftNames.standardLibraryTypeNames.subtracting(names).sorted()
        #expect(
            missing.isEmpty && extra.isEmpty,
            "the toolchain's names differ; run FSMC_UPDATE_GOLDEN=1 swift test --filter StandardLibraryNames. Missing: \(missing); gone: \(extra)"
        )
        #expect(names.count > 600)
    }

    struct SymbolGraph: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable { var identifier: String }
            var kind: Kind
            var pathComponents: [String]
        }
        var symbols: [Symbol]
        static let typeKinds: Set<String> = [
            "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
        ]
    }

    /// The Swift source of the list.
    static func listFile(_ names: Set<String>) -> String {
        var lines = ""
        var line = "       "
        for name in names.sorted() {
            let item = " \"\(name)\","
            if line.count + item.count > 100 {
                lines += line + "\n"
                line = "       "
            }
            line += item
        }
        lines += line + "\n"
        return """
            // The types and protocols of the Swift standard library, _Concurrency, _StringProcessing,
            // Observation, Synchronization, Dispatch and Foundation, as the Linux toolchain declares
            // them. Written by StandardLibraryNamesTests (FSMC_UPDATE_GOLDEN=1), which checks it
            // against the toolchain it runs with: do not edit.

            extension SwiftNames {
                /// Names a generated declaration at the top level of the user's module must not
                /// have: it would hide the library's type everywhere in that module.
                public static let standardLibraryTypeNames: Set<String> = [

            """ + lines + """
                    ]
                }

                """
    }
}

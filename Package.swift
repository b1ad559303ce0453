// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "fsmc",
    // FSMRuntime's run to completion for async and isolated machines uses Swift
    // concurrency, which Apple platforms have from these versions on (Linux: any).
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .macCatalyst(.v13)],
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .library(name: "FSMCompiler", targets: ["FSMCompiler"]),
        .plugin(name: "FSMCPlugin", targets: ["FSMCPlugin"]),
        .plugin(name: "FSMCCommandPlugin", targets: ["FSMCCommandPlugin"]),
        .plugin(name: "FSMCCheckPlugin", targets: ["FSMCCheckPlugin"]),
    ],
    targets: [
        // Text in, model, Swift text and diagnostics out; no file I/O, no Foundation.
        .target(name: "FSMCompiler"),
        // `fsmc lsp`: the Language Server Protocol over standard streams, its JSON read and
        // written with Foundation; every answer comes from FSMCompiler.
        .target(name: "FSMLanguageServer", dependencies: ["FSMCompiler"]),
        // The commands: arguments, files, standard streams, exit status.
        .target(name: "FSMCommandLine", dependencies: ["FSMCompiler", "FSMLanguageServer"]),
        .executableTarget(name: "fsmc", dependencies: ["FSMCommandLine"]),
        // What generated code imports: the outcome type, the hooks, the event queue.
        .target(name: "FSMRuntime"),
        // Compiles a target's .sm files at build time.
        .plugin(name: "FSMCPlugin", capability: .buildTool(), dependencies: ["fsmc"]),
        // Writes generated Swift next to each .sm file, for teams that commit it.
        .plugin(
            name: "FSMCCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "generate-state-machines",
                    description: "Write the Swift of every .sm file next to it"),
                permissions: [.writeToPackageDirectory(reason: "fsmc writes <name>.swift next to each <name>.sm")]),
            dependencies: ["fsmc"]),
        // Checks that committed generated code is up to date; writes nothing, so it needs
        // no permission (its --help too). Shares StateMachineCommand.swift with the above.
        .plugin(
            name: "FSMCCheckPlugin",
            capability: .command(
                intent: .custom(
                    verb: "check-state-machines",
                    description: "Check that the committed Swift of every .sm file is up to date")),
            dependencies: ["fsmc"]),
        // What the test targets share: paths, a file reader that fails the test, the
        // checking helpers, a seeded generator, temporary folders.
        .target(name: "FSMTestSupport", dependencies: ["FSMCompiler"], path: "Tests/FSMTestSupport"),
        // The compiler, stage by stage; Fixtures holds the .sm inputs of every test target.
        .testTarget(
            name: "FSMCompilerTests",
            dependencies: ["FSMCompiler", "FSMTestSupport"],
            exclude: ["Fixtures"]
        ),
        // The commands: in-process runs of the tool and runs of the built fsmc.
        .testTarget(
            name: "FSMCommandLineTests",
            dependencies: ["FSMCommandLine", "FSMCompiler", "FSMLanguageServer", "FSMTestSupport"]
        ),
        // The language server's requests, over an in-memory transport.
        .testTarget(
            name: "FSMLanguageServerTests",
            dependencies: ["FSMLanguageServer", "FSMCompiler", "FSMTestSupport"]
        ),
        // The golden files of FSMCompilerTests, compiled as generated code is meant to be
        // (Swift 6, complete concurrency checking, no warnings) and driven by tests.
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["FSMRuntime", "FSMCompiler", "FSMTestSupport"],
            exclude: ["Goldens.txt"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors", "-strict-concurrency=complete"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)

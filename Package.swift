// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fsmc",
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .library(name: "FSMCompiler", targets: ["FSMCompiler"]),
    ],
    targets: [
        // Text in, model, Swift text and diagnostics out; no file I/O, no Foundation.
        .target(name: "FSMCompiler"),
        // The commands: arguments, files, standard streams, exit status.
        .target(name: "FSMCommandLine", dependencies: ["FSMCompiler"]),
        .executableTarget(name: "fsmc", dependencies: ["FSMCommandLine"]),
        // What generated code imports: the outcome type, the hooks, the event queue.
        .target(name: "FSMRuntime"),
        .testTarget(
            name: "FSMCompilerTests",
            dependencies: ["FSMCompiler", "FSMCommandLine"],
            exclude: ["Fixtures"]
        ),
        // The golden files of FSMCompilerTests, compiled as generated code is meant to be
        // (Swift 6, complete concurrency checking, no warnings) and driven by tests.
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["FSMRuntime", "FSMCompiler"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors", "-strict-concurrency=complete"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)

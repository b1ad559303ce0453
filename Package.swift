// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fsmc",
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMCompiler", targets: ["FSMCompiler"]),
    ],
    targets: [
        // Text in, model, Swift text and diagnostics out; no file I/O, no Foundation.
        .target(name: "FSMCompiler"),
        // The commands: arguments, files, standard streams, exit status.
        .target(name: "FSMCommandLine", dependencies: ["FSMCompiler"]),
        .executableTarget(name: "fsmc", dependencies: ["FSMCommandLine"]),
        .testTarget(
            name: "FSMCompilerTests",
            dependencies: ["FSMCompiler", "FSMCommandLine"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// An application state machine: a network connection with a retry policy, using state
// data, a decision, a raised event, predicates, conditions, an override and entry/exit
// actions. Connection.sm is compiled
// at build time by fsmc's build-tool plugin; fsmc-config.json makes the generated code public.
let package = Package(
    name: "NetworkConnection",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Connection", targets: ["Connection"])
    ],
    dependencies: [
        .package(name: "fsmc", path: "../..")
    ],
    targets: [
        .target(
            name: "Connection",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            exclude: ["fsmc-config.json"],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .testTarget(
            name: "ConnectionTests",
            dependencies: ["Connection"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

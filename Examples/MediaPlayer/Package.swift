// swift-tools-version: 6.1
import PackageDescription

// An application state machine whose events carry values: a media player that loads a
// URL, learns the duration and title, seeks, changes volume and reports errors.
// MediaPlayer.sm is compiled at build time by fsmc's build-tool plugin; fsmc-config.json
// makes the generated code public.
let package = Package(
    name: "MediaPlayer",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Player", targets: ["Player"])
    ],
    dependencies: [
        .package(name: "fsmc", path: "../..")
    ],
    targets: [
        .target(
            name: "Player",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            exclude: ["fsmc-config.json"],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .testTarget(
            name: "PlayerTests",
            dependencies: ["Player"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

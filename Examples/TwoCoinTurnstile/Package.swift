// swift-tools-version: 6.1
import PackageDescription

// The two-coin turnstile as a command-line program: type event names, one per line, and
// it prints the actions the machine performs. TwoCoinTurnstile.sm is compiled at build
// time by fsmc's build-tool plugin.
let package = Package(
    name: "TwoCoinTurnstile",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "fsmc", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "two-coin-turnstile",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .testTarget(
            name: "TwoCoinTurnstileTests",
            dependencies: ["two-coin-turnstile"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

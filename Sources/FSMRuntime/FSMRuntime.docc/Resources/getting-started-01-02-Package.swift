// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Turnstile",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(url: "https://github.com/<owner>/fsmc.git", branch: "main")
    ],
    targets: [
        .executableTarget(
            name: "turnstile",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .testTarget(
            name: "TurnstileTests",
            dependencies: ["turnstile"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// A checkout whose tests take every row of its machine: `fsmc paths --format swift` wrote
// Tests/CheckoutTests/CheckoutPaths.swift from Checkout.sm, and a Swift Testing test drives
// the app's own type, CheckoutModel, along each path. Checkout.sm is compiled at build
// time by fsmc's build-tool plugin.
let package = Package(
    name: "PathTesting",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Checkout", targets: ["Checkout"])
    ],
    dependencies: [
        .package(name: "fsmc", path: "../..")
    ],
    targets: [
        .target(
            name: "Checkout",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .testTarget(
            name: "CheckoutTests",
            dependencies: ["Checkout", .product(name: "FSMRuntime", package: "fsmc")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

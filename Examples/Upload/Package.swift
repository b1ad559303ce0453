// swift-tools-version: 6.1
import PackageDescription

// A file upload whose transfer and validation run side by side as two orthogonal
// regions, with a fork, a join and a cancel that leaves both; a command-line program
// sends it events by name and prints each configuration it reaches. Upload.sm is compiled
// at build time by fsmc's build-tool plugin; fsmc-config.json makes the generated code public.
let package = Package(
    name: "Upload",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "FileUpload", targets: ["FileUpload"]),
        .executable(name: "upload", targets: ["upload"]),
    ],
    dependencies: [
        .package(name: "fsmc", path: "../..")
    ],
    targets: [
        .target(
            name: "FileUpload",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            exclude: ["fsmc-config.json"],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .executableTarget(
            name: "upload",
            dependencies: ["FileUpload"]
        ),
        .testTarget(
            name: "FileUploadTests",
            dependencies: ["FileUpload"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.2
import PackageDescription

// A SwiftUI app's state machines, used on Linux from a command-line program and tests:
// a main-actor @Observable model owning a main-actor machine whose async action loads a
// feed within a time limit and reports back with an event carrying the titles, and an
// actor owning a machine that runs in the actor's isolation. Like a new Xcode app target,
// the targets isolate to the main actor by default; fsmc's build-tool plugin compiles the
// .sm files, public (fsmc-config.json).
let package = Package(
    name: "FeedReader",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    dependencies: [
        .package(name: "fsmc", path: "../..")
    ],
    targets: [
        .target(
            name: "Feed",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            exclude: ["fsmc-config.json"],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "FSMCPlugin", package: "fsmc")]
        ),
        .executableTarget(
            name: "feed-reader",
            dependencies: ["Feed"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: ["Feed"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

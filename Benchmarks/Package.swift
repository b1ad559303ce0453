// swift-tools-version: 6.0
import PackageDescription

// The benchmark suite: run `Benchmarks/run.sh` from the repository root (see BENCHMARKS.md).
// It is its own package so that fsmc itself keeps no dependencies and no benchmark targets.
let package = Package(
    name: "fsmc-benchmarks",
    platforms: [.macOS(.v14)],
    products: [
        // Preloaded with LD_PRELOAD to count allocations; never linked into a benchmark.
        .library(name: "MallocCounter", type: .dynamic, targets: ["MallocCounter"])
    ],
    dependencies: [
        .package(name: "fsmc", path: "..")
    ],
    targets: [
        // The benchmark machines, described once and written as .sm, as hand-written Swift
        // and as registrations with a dictionary-of-closures dispatcher.
        .target(name: "MachineGenerator"),
        // Writes the machines' sources into DispatchBenchmark, compiling each .sm with fsmc.
        .executableTarget(
            name: "generate-machines",
            dependencies: ["MachineGenerator", .product(name: "FSMCompiler", package: "fsmc")]
        ),
        // The turnstile and the 50 × 20 machine compiled with public access, as the build
        // plugin compiles a library target's machines; the benchmark drives them from its own
        // module, as an app drives a library's machine. SwiftPM's default release settings.
        .target(
            name: "LibraryMachines",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            exclude: ["Machines"]
        ),
        // Runs the four shapes of each machine over a fixed event sequence. LLVM's merging
        // of similar functions is off: it would turn the event loops, alike but for the
        // machine each calls, into one loop that calls through a function pointer.
        .executableTarget(
            name: "DispatchBenchmark",
            dependencies: ["MachineGenerator", "LibraryMachines", .product(name: "FSMRuntime", package: "fsmc")],
            exclude: ["Machines"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-llvm-merge-functions-pass"])]
        ),
        .target(name: "MallocCounter"),
        // Runs every benchmark and prints the tables.
        .executableTarget(
            name: "fsmc-bench",
            dependencies: ["MachineGenerator", .product(name: "FSMCompiler", package: "fsmc")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

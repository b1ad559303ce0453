// swift-tools-version: 6.0
import PackageDescription

// The coverage-guided fuzz target of fsmc, in a package of its own so that sanitizer and
// fuzzer flags never reach the main build. It only builds with libFuzzer:
//
//     swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
//
// (not -parse-as-library: main.swift hands the command line to libFuzzer itself, because
// SwiftPM links every executable with its own `main`).
//
// CONTRIBUTING.md ("Fuzzing") says how to run it: fuzz.sh fuzzes, and `fuzz.sh --replay` is
// CI's deterministic run of the corpus and the past findings.
let package = Package(
    name: "fsmc-fuzz",
    dependencies: [
        .package(name: "fsmc", path: "..")
    ],
    targets: [
        // Declares libFuzzer's LLVMFuzzerMutate, which the custom mutator falls back on.
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzCompiler",
            dependencies: [.product(name: "FSMCompiler", package: "fsmc"), "FuzzSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

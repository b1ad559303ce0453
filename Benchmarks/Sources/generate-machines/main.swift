import FSMCompiler
import Foundation
import MachineGenerator

// Writes the dispatch benchmark's machines into the package's Sources folder, the one
// argument. Into DispatchBenchmark: each described machine as .sm, hand-written Swift,
// closure registrations and counting actions (with the types those use to declare
// `sendsEvents`), and the turnstile with each concurrency header; then every .sm in its
// Machines/ compiled by fsmc, as `fsmc compile` does.
// Into LibraryMachines: the turnstile and the 50 × 20 machine renamed `Library…` and
// compiled with public access, as the build plugin compiles a library target's machines,
// for the benchmark to drive from its own module. Files are rewritten only when their
// content changes, so that an unchanged generator does not rebuild the benchmark.

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: generate-machines SOURCES-FOLDER\n".utf8))
    exit(2)
}
let sources = URL(fileURLWithPath: CommandLine.arguments[1])
let benchmark = sources.appendingPathComponent("DispatchBenchmark")
let library = sources.appendingPathComponent("LibraryMachines")

func write(_ text: String, to relativePath: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(relativePath)
    if FileManager.default.contents(atPath: url.path) == Data(text.utf8) { return }
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
}

/// Compiles every .sm in `folder`'s Machines/ into its Generated/.
func compileMachines(in folder: URL, access: SwiftAccess) throws {
    let machines = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Machines").path)
        .filter { $0.hasSuffix(".sm") }.sorted()
    for fileName in machines {
        let path = "Machines/" + fileName
        let source = SourceFile(name: path, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(path))))
        let output = Compiler.compile(source, access: access)
        for diagnostic in output.diagnostics { print(diagnostic) }
        guard let swift = output.swift else { exit(1) }
        try write(swift, to: "Generated/\(source.baseName).swift", in: folder)
    }
}

try write(MachineDescription.sendsEventsDeclarationsSwift, to: "Actions/SendsEventsDeclarations.swift", in: benchmark)
let random = MachineDescription.random(states: 50, events: 20)
let described: [MachineDescription] = [random, .predicates(), .expansion()]
for machine in described {
    try write(machine.smText, to: "Machines/\(machine.name).sm", in: benchmark)
    try write(machine.handWrittenSwift, to: "HandWritten/Hand\(machine.name).swift", in: benchmark)
    try write(machine.closureRegistrationSwift, to: "Closures/\(machine.name)+Closures.swift", in: benchmark)
    try write(machine.countingActionsSwift, to: "Actions/Counting\(machine.name)Actions.swift", in: benchmark)
}
// The turnstile with the concurrency headers, for what isolation, async dispatch and
// observation cost.
let turnstile = try String(contentsOf: benchmark.appendingPathComponent("Machines/Turnstile.sm"), encoding: .utf8)

/// `Turnstile.sm` as the machine `name`, with `headers` added.
func turnstile(named name: String, adding headers: [String] = []) -> String {
    turnstile.replacingOccurrences(
        of: "FSM: Turnstile\n", with: (["FSM: \(name)"] + headers).map { $0 + "\n" }.joined()
    )
    .replacingOccurrences(of: "Actions: TurnstileActions", with: "Actions: \(name)Actions")
}

let asyncActions = "Async: lock unlock thankyou alarmOn alarmOff"
for (name, headers) in [
    ("MainActorTurnstile", ["Isolation: MainActor"]),
    ("AsyncTurnstile", [asyncActions]),
    ("MainActorAsyncTurnstile", ["Isolation: MainActor", asyncActions]),
    ("ObservedTurnstile", ["Observable: true"]),
] {
    try write(turnstile(named: name, adding: headers), to: "Machines/\(name).sm", in: benchmark)
}
try compileMachines(in: benchmark, access: .internal)

// The library's machines: the same rows under other names, so that the benchmark can use
// both copies; their counting actions are the benchmark's, as an app's actions are its own.
var libraryRandom = random
libraryRandom.name = "Library" + random.name
try write(libraryRandom.smText, to: "Machines/\(libraryRandom.name).sm", in: library)
try write(
    libraryRandom.countingActionsSwift(importing: ["LibraryMachines"]),
    to: "Actions/Counting\(libraryRandom.name)Actions.swift", in: benchmark)
try write(turnstile(named: "LibraryTurnstile"), to: "Machines/LibraryTurnstile.sm", in: library)
try compileMachines(in: library, access: .public)

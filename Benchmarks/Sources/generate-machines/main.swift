import FSMCompiler
import Foundation
import MachineGenerator

// Writes the dispatch benchmark's machines into the DispatchBenchmark target whose folder
// is the one argument: each described machine as .sm, hand-written Swift, closure
// registrations and counting actions (with the types those use to declare `sendsEvents`);
// then every .sm in Machines/ compiled by fsmc, as `fsmc compile` does. Files are
// rewritten only when their content changes, so that an unchanged generator does not
// rebuild the benchmark.

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: generate-machines DISPATCH-BENCHMARK-FOLDER\n".utf8))
    exit(2)
}
let target = URL(fileURLWithPath: CommandLine.arguments[1])

func write(_ text: String, to relativePath: String) throws {
    let url = target.appendingPathComponent(relativePath)
    if FileManager.default.contents(atPath: url.path) == Data(text.utf8) { return }
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
}

try write(MachineDescription.sendsEventsDeclarationsSwift, to: "Actions/SendsEventsDeclarations.swift")
let described: [MachineDescription] = [.random(states: 50, events: 20), .predicates(), .expansion()]
for machine in described {
    try write(machine.smText, to: "Machines/\(machine.name).sm")
    try write(machine.handWrittenSwift, to: "HandWritten/Hand\(machine.name).swift")
    try write(machine.closureRegistrationSwift, to: "Closures/\(machine.name)+Closures.swift")
    try write(machine.countingActionsSwift, to: "Actions/Counting\(machine.name)Actions.swift")
}

let machines = try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("Machines").path)
    .filter { $0.hasSuffix(".sm") }.sorted()
for fileName in machines {
    let path = "Machines/" + fileName
    let source = SourceFile(name: path, bytes: Array(try Data(contentsOf: target.appendingPathComponent(path))))
    let output = Compiler.compile(source)
    for diagnostic in output.diagnostics { print(diagnostic) }
    guard let swift = output.swift else { exit(1) }
    try write(swift, to: "Generated/\(source.baseName).swift")
}

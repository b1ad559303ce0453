import FSMTestSupport
import Foundation
import Testing

/// The build plugin names each generated file after its `.sm` file's path in the target
/// (Plugins/FSMCPlugin/OutputName.swift, a link to the copy `fsmc compile --source-root`
/// uses, Sources/FSMCommandLine/OutputName.swift). A plugin is no module a test can import, so the
/// test compiles that very file with a driver and runs it.
@Suite struct PluginOutputNameTests {
    static let driver = #"""
        let alphabet = ["a", "b", "_", "-", "a_", "_a", "a-", "-a", "_-", "-_", "__", "--", "a.b", "a_b"]
        var paths: [[String]] = alphabet.map { [$0 + ".sm"] }
        for first in alphabet { for last in alphabet { paths.append([first, last + ".sm"]) } }
        for first in alphabet { for second in alphabet { for last in alphabet { paths.append([first, second, last + ".sm"]) } } }
        var owner: [String: [String]] = [:]
        for path in paths {
            let name = OutputName.forSource(atComponents: path)
            if let other = owner[name] { print("collision: \(other.joined(separator: "/")) and \(path.joined(separator: "/")) -> \(name)") }
            owner[name] = path
            if name.contains("/") || !name.hasSuffix(".swift") { print("bad name: \(name)") }
        }
        print("paths: \(paths.count), names: \(owner.count)")
        for path in [["Turnstile.sm"], ["Machines", "Turnstile.sm"], ["A", "B", "c.sm"], ["A", "B_c.sm"], ["my-machine.sm"]] {
            print(path.joined(separator: "/") + " -> " + OutputName.forSource(atComponents: path))
        }
        """#

    @Test func everyPathGetsItsOwnName() throws {
        let toolchain = try SwiftToolchain.shared.get()
        let source = try String(
            contentsOfFile: Paths.repository + "/Plugins/FSMCPlugin/OutputName.swift", encoding: .utf8)
        let executable = try toolchain.buildExecutable(
            named: "PluginOutputName",
            files: ["OutputName.swift": source, "main.swift": Self.driver])
        defer { toolchain.remove(executable) }
        let output = try toolchain.execute(executable, input: "")
        #expect(
            output == """
                paths: 2954, names: 2954
                Turnstile.sm -> Turnstile.swift
                Machines/Turnstile.sm -> Machines_Turnstile.swift
                A/B/c.sm -> A_B_c.swift
                A/B_c.sm -> A_B-_c.swift
                my-machine.sm -> my--machine.swift

                """)
    }
}

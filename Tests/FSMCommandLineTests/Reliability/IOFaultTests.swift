import FSMCommandLine
import FSMTestSupport
import Foundation
import Testing

/// File-system faults: each is a clear `fsmc: error:` line and exit status 3, and output
/// written before stays as it was. Tests that take permissions away are skipped when the
/// tests run as root, whom permissions do not stop; the directory and file-size cases
/// stop root as well.
@Suite struct IOFaultTests {
    static let turnstile = readBytes(Paths.examples + "/Turnstile/Turnstile.sm")
    static let previous = Array("// output of an earlier run\n".utf8)
    static var isRoot: Bool { geteuid() == 0 }

    @Test func missingInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for command in [["compile"], ["check"], ["table"], ["simulate"]] {
            let run = ToolTranscript.run(
                command + [folder.path + "/Missing.sm"] + (command == ["simulate"] ? ["--events", "Coin"] : []))
            #expect(run.status == .ioFailure, "\(command)")
            #expect(run.errors == "fsmc: error: cannot read '\(folder.path)/Missing.sm': no such file\n", "\(command)")
        }
    }

    @Test func inputThatIsADirectoryOrBelowAFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/Folder.sm", withIntermediateDirectories: false)
        let directory = ToolTranscript.run(["compile", folder.path + "/Folder.sm"])
        #expect(directory.status == .ioFailure)
        #expect(directory.errors == "fsmc: error: cannot read '\(folder.path)/Folder.sm': it is a directory\n")
        let file = try folder.write("Plain.sm", Self.turnstile)
        let below = ToolTranscript.run(["check", file + "/Inner.sm"])
        #expect(below.status == .ioFailure)
        #expect(below.errors.hasPrefix("fsmc: error: cannot read '\(file)/Inner.sm': "))
    }

    @Test(.disabled(if: isRoot, "root reads files whatever their permissions"))
    func unreadableInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("Locked.sm", Self.turnstile)
        try folder.write("Locked.swift", Self.previous)
        chmod(input, 0)
        let run = ToolTranscript.run(["compile", input])
        #expect(run.status == .ioFailure)
        #expect(run.errors == "fsmc: error: cannot read '\(input)': permission denied\n")
        #expect(folder.read("Locked.swift") == Self.previous)
    }

    @Test func outputDirectoryMissing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("Turnstile.sm", Self.turnstile)
        let run = ToolTranscript.run(["compile", input, "-o", folder.path + "/Nowhere/Turnstile.swift"])
        #expect(run.status == .ioFailure)
        #expect(
            run.errors
                == "fsmc: error: cannot write '\(folder.path)/Nowhere/Turnstile.swift': no such directory '\(folder.path)/Nowhere'\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Nowhere"))
    }

    @Test func outputThatIsADirectoryIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("Turnstile.sm", Self.turnstile)
        try FileManager.default.createDirectory(
            atPath: folder.path + "/Turnstile.swift", withIntermediateDirectories: false)
        try folder.write("Turnstile.swift/Kept.swift", Self.previous)
        let run = ToolTranscript.run(["compile", input])
        #expect(run.status == .ioFailure)
        #expect(run.errors.hasPrefix("fsmc: error: cannot write '\(folder.path)/Turnstile.swift': "))
        #expect(folder.read("Turnstile.swift/Kept.swift") == Self.previous)
    }

    @Test(.disabled(if: isRoot, "root writes into read-only directories"))
    func readOnlyOutputDirectory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("Turnstile.sm", Self.turnstile)
        try folder.write("Turnstile.swift", Self.previous)
        chmod(folder.path, 0o555)
        let run = ToolTranscript.run(["compile", input])
        chmod(folder.path, 0o755)
        #expect(run.status == .ioFailure)
        #expect(run.errors == "fsmc: error: cannot write '\(folder.path)/Turnstile.swift': permission denied\n")
        #expect(folder.read("Turnstile.swift") == Self.previous)
    }

    /// A write that fails half-way (here: a file-size limit of 512 bytes, which stops root
    /// too, and leaves room for the error message in the captured standard error)
    /// leaves the previous output whole, because output is written to a temporary file
    /// and renamed.
    @Test(.enabled(if: FSMCProcess.isAvailable)) func failedWriteLeavesPreviousOutputIntact() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Turnstile.sm", Self.turnstile)
        try folder.write("Turnstile.swift", Self.previous)
        let run = try FSMCProcess.run(
            ["compile", "Turnstile.sm"], in: folder.url, shellPrefix: "trap '' XFSZ; ulimit -f 1;")
        #expect(run.status == 3, "\(run.errors)")
        #expect(run.errors.hasPrefix("fsmc: error: cannot write 'Turnstile.swift': "))
        #expect(folder.read("Turnstile.swift") == Self.previous)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix(".fsmc-std")
        }
        #expect(leftovers.sorted() == ["Turnstile.sm", "Turnstile.swift"])
    }

    @Test func inputWithErrorsLeavesPreviousOutputIntact() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write(
            "Turnstile.sm",
            Array(
                String(decoding: Self.turnstile, as: UTF8.self)
                    .replacingOccurrences(of: "Pass  Alarming", with: "Pass  Nowhere").utf8))
        try folder.write("Turnstile.swift", Self.previous)
        let run = ToolTranscript.run(["compile", input])
        #expect(run.status == .failure)
        #expect(run.errors.contains("[undefinedState]"))
        #expect(folder.read("Turnstile.swift") == Self.previous)
    }

    /// The exit statuses are distinct: 1 input errors, 2 usage, 3 I/O.
    @Test func exitStatusesAreDistinct() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = try folder.write("Broken.sm", "FSM: X\n{ }\n")
        #expect(ToolTranscript.run(["check", broken]).status.rawValue == 1)
        #expect(ToolTranscript.run(["check", broken, "--no-such-option"]).status.rawValue == 2)
        #expect(ToolTranscript.run(["check", folder.path + "/Missing.sm"]).status.rawValue == 3)
        #expect(ToolTranscript.run(["check", broken, folder.path + "/Missing.sm"]).status.rawValue == 3)
    }
}

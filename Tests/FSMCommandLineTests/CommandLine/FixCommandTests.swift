import FSMCommandLine
import FSMCompiler
import FSMTestSupport
import Foundation
import Testing

/// `fsmc check --fix` and `fsmc format --fix`: files rewritten in place, standard input
/// printed, what is left reported.
@Suite struct FixCommandTests {
    static let replacing = "FSM: T\nInitial: A\n{\n  (S) {\n    Go A -\n  }\n  A : S {\n    Go A x\n  }\n}\n"
    static let replaced =
        "FSM: T\nInitial: A\n{\n  (S) {\n    Go A -\n  }\n  A : S {\n    override {\n      Go A x\n    }\n  }\n}\n"

    /// The wild ice.sm, copied: one command makes it check clean, and its table is then
    /// ice.override.sm's.
    @Test func checkFixMigratesIce() throws {
        let folder = try TemporaryFolder("fsmc-fix")
        defer { folder.remove() }
        let path = try folder.write("ice.sm", readBytes(Paths.wild + "/ice.sm"))
        let (status, output, errors) = InProcessTool.run(["check", "--fix", path])
        #expect(status == .success && errors.isEmpty)
        #expect(output == "fixed '\(path)': 2 fix-its applied\n")
        #expect(InProcessTool.run(["check", path]).0 == .success)
        let (_, table, _) = InProcessTool.run(["table", path])
        let (_, expected, _) = InProcessTool.run(["table", Paths.wild + "/ice.override.sm"])
        #expect(table == expected && !table.isEmpty)
    }

    /// A file without fix-its is not rewritten; the errors left are printed, located in
    /// the fixed file, and fail the command.
    @Test func onlyFilesWithFixItsAreRewritten() throws {
        let folder = try TemporaryFolder("fsmc-fix")
        defer { folder.remove() }
        let clean = try folder.write("clean.sm", Self.replaced)
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: clean)
        let broken = try folder.write(
            "broken.sm", Self.replacing.replacingOccurrences(of: "Go A x", with: "Go A x\n    Stop Nowhere -"))
        let (status, output, errors) = InProcessTool.run(["check", "--fix", clean, broken])
        #expect(status == .failure)
        #expect(output == "fixed '\(broken)': 1 fix-it applied\n")
        #expect(errors.contains("\(broken):11:10: error: next state 'Nowhere' is not defined [undefinedState]"))
        #expect(!errors.contains("missingOverride"))
        #expect(try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate] as? Date == old)
        #expect(
            folder.read("broken.sm").map { String(decoding: $0, as: UTF8.self) }?.contains(
                "override {\n      Go A x\n      Stop Nowhere -\n    }") == false)
        #expect(
            folder.read("broken.sm").map { String(decoding: $0, as: UTF8.self) }?.contains(
                "override {\n      Go A x\n    }\n    Stop Nowhere -") == true)
    }

    /// `--fix -` prints the fixed text of standard input; diagnostics go to standard error.
    @Test func dashPrintsTheFixedText() {
        let (status, output, errors) = InProcessTool.run(["check", "--fix", "-"], input: Self.replacing)
        #expect(status == .success && errors.isEmpty)
        #expect(output == Self.replaced)
        let unfixable = InProcessTool.run(["check", "--fix", "-"], input: "FSM: T\nInitial: A\n{\n  A Go B -\n}\n")
        #expect(unfixable.0 == .failure)
        #expect(unfixable.1 == "FSM: T\nInitial: A\n{\n  A Go B -\n}\n")
        #expect(unfixable.2.contains("<stdin>:4:8: error: next state 'B' is not defined"))
    }

    /// Without --fix, the fix-it is a note that says how to apply it.
    @Test func checkNamesTheFixIt() {
        let (status, _, errors) = InProcessTool.run(["check", "-"], input: Self.replacing)
        #expect(status == .failure)
        #expect(
            errors.hasSuffix(
                "<stdin>:8:5: note: fix-it: wrap line 8 in 'override { }'; 'fsmc check --fix' applies it\n"))
    }

    @Test func formatFixAppliesTheFixItsThenFormats() {
        let (status, output, errors) = InProcessTool.run(
            ["format", "--fix", "-"], input: Self.replacing.replacingOccurrences(of: "Go A x", with: "Go  A   x"))
        #expect(status == .success && errors.isEmpty)
        #expect(output == InProcessTool.run(["format", "-"], input: Self.replaced).1)
        #expect(output.contains("    override {\n      Go  A  x\n    }\n"))
        let (checkStatus, _, checkErrors) = InProcessTool.run(
            ["format", "--fix", "--check", "-"], input: Self.replacing)
        #expect(checkStatus == .failure)
        #expect(checkErrors == "fsmc: error: '<stdin>' is not formatted; run 'fsmc format --in-place --fix -'\n")
    }

    /// A write that fails (here the file-size limit, which stops root too) is an I/O
    /// failure and leaves the file whole: it is written to a temporary file and renamed.
    @Test(.enabled(if: FSMCProcess.isAvailable)) func aFailedWriteLeavesTheFileWhole() throws {
        let folder = try TemporaryFolder("fsmc-fix")
        defer { folder.remove() }
        let ice = readBytes(Paths.wild + "/ice.sm")
        try folder.write("ice.sm", ice)
        let run = try FSMCProcess.run(
            ["check", "--fix", "ice.sm"], in: folder.url, shellPrefix: "trap '' XFSZ; ulimit -f 1;")
        #expect(run.status == 3, "\(run.errors)")
        #expect(run.errors.hasPrefix("fsmc: error: cannot write 'ice.sm': "))
        #expect(folder.read("ice.sm") == ice)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix(".fsmc-std")
        }
        #expect(leftovers == ["ice.sm"])
    }
}

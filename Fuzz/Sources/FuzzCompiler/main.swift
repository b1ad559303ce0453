import FSMCompiler
import FuzzSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// SwiftPM links every executable with its own `main`, which would replace libFuzzer's:
// this one hands the command line to libFuzzer, as libFuzzer's `main` does.
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzzTestOneInput(data, size) })

/// libFuzzer's entry point: runs every input through the whole pipeline (lex, parse,
/// check, generate, and the reports and interpreter that read the model) and checks what
/// must hold for any input. A broken expectation stops the run as a crash does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    PipelineOracle.run(bytes)
    return 0
}

/// libFuzzer's hook for structure-aware mutation: edits `.sm` text a token at a time
/// (`TokenMutator`), and sometimes hands over to libFuzzer's byte-level mutations.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(
    _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int,
    _ seed: CUnsignedInt
) -> Int {
    guard let data else { return 0 }
    var random = FuzzRandom(seed: UInt64(seed))
    if size == 0 || random.below(100) < 20 {
        return LLVMFuzzerMutate(data, size, maxSize)
    }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let mutated = TokenMutator.mutate(input, random: &random)
    guard !mutated.isEmpty, mutated.count <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
    mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
    return mutated.count
}

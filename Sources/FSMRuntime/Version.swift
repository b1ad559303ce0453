/// The version of the API that generated code uses. Each generated file names the
/// version it needs (`private typealias RequiredRuntime = FSMRuntime.APIVersion1`), so
/// code generated for another version fails to compile at that line, next to a comment
/// that says to regenerate it. A release that changes what generated code relies on adds
/// `APIVersion2` and removes `APIVersion1`.
public enum APIVersion1 {}

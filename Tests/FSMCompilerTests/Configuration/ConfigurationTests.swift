import FSMCompiler
import Testing

/// `fsmc-config.json`: what it accepts, and each mistake located in the file.
@Suite struct ConfigurationTests {
    static func read(_ text: String) -> (Configuration?, [String]) {
        let (configuration, diagnostics) = Configuration.read(SourceFile(name: "fsmc-config.json", text: text))
        return (configuration, diagnostics.map(\.description))
    }

    @Test(arguments: [
        ("{}", nil), ("{ \"access\": \"public\" }", SwiftAccess.public),
        ("\u{FEFF}{\"access\":\"package\"}\n", .package), ("{\r\n\t\"access\" : \"internal\"\r\n}", .internal),
    ])
    func accepted(text: String, access: SwiftAccess?) {
        let (configuration, diagnostics) = Self.read(text)
        #expect(diagnostics == [])
        #expect(configuration == Configuration(access: access))
    }

    @Test(arguments: [
        (
            "{\n  \"acess\": \"public\"\n}",
            "fsmc-config.json:2:3: error: unknown key 'acess'; did you mean 'access'? [invalidConfiguration]"
        ),
        (
            "{ \"visibility\": \"public\" }",
            "fsmc-config.json:1:3: error: unknown key 'visibility'; the keys are 'access' [invalidConfiguration]"
        ),
        (
            "{ \"access\": \"open\" }",
            "fsmc-config.json:1:13: error: 'access' is 'open'; it must be \"public\", \"package\" or \"internal\" [invalidConfiguration]"
        ),
        (
            "{ \"access\": true }",
            "fsmc-config.json:1:13: error: 'access' is true; it must be \"public\", \"package\" or \"internal\" [invalidConfiguration]"
        ),
        (
            "{ \"access\": [\"public\"] }",
            "fsmc-config.json:1:13: error: 'access' is an array; it must be \"public\", \"package\" or \"internal\" [invalidConfiguration]"
        ),
        (
            "[\"access\"]",
            "fsmc-config.json:1:1: error: a configuration is a JSON object, such as { \"access\": \"public\" }; found an array [invalidConfiguration]"
        ),
        (
            "",
            "fsmc-config.json:1:1: error: not valid JSON: expected a value, found the end of the file [invalidConfiguration]"
        ),
        (
            "{ access: \"public\" }",
            "fsmc-config.json:1:3: error: not valid JSON: expected a key in double quotes, found 'a' [invalidConfiguration]"
        ),
        (
            "{ \"access\": \"public\" } }",
            "fsmc-config.json:1:24: error: not valid JSON: expected the end of the file after the value, found '}' [invalidConfiguration]"
        ),
        (
            "{ \"access\": \"pub\nlic\" }",
            "fsmc-config.json:1:17: error: not valid JSON: a string does not end on its line; close it with '\"' [invalidConfiguration]"
        ),
        (
            "{ \"access\": 1e }",
            "fsmc-config.json:1:15: error: not valid JSON: expected a digit in the exponent, found a space [invalidConfiguration]"
        ),
    ])
    func rejected(text: String, expected: String) {
        let (configuration, diagnostics) = Self.read(text)
        #expect(configuration == nil)
        #expect(diagnostics == [expected])
    }

    /// Bytes that are not UTF-8 inside a string are an error, not a repaired value.
    @Test func invalidUTF8() {
        let bytes = Array("{ \"access\": \"".utf8) + [0xFF] + Array("\" }".utf8)
        let (configuration, diagnostics) = Configuration.read(SourceFile(name: "fsmc-config.json", bytes: bytes))
        #expect(configuration == nil)
        #expect(
            diagnostics.map(\.description) == [
                "fsmc-config.json:1:16: error: not valid JSON: a string is not valid UTF-8 [invalidConfiguration]"
            ])
    }

    /// A key given twice is one error, with a note at the first.
    @Test func repeatedKey() {
        let (configuration, diagnostics) = Self.read("{\n  \"access\": \"public\",\n  \"access\": \"package\"\n}")
        #expect(configuration == nil)
        #expect(
            diagnostics == [
                "fsmc-config.json:3:3: error: 'access' is given twice [invalidConfiguration]\nfsmc-config.json:2:3: note: first given here"
            ])
    }

    /// Every mistake in the file is reported, not only the first.
    @Test func everyMistakeIsReported() {
        let (_, diagnostics) = Self.read("{ \"acess\": \"public\", \"access\": \"open\", \"colour\": 1 }")
        #expect(diagnostics.count == 3)
    }

    /// No JSON makes the reader crash or recurse without end.
    @Test func deepNestingIsAnError() {
        let (configuration, diagnostics) = Self.read(String(repeating: "[", count: 100_000))
        #expect(configuration == nil)
        #expect(
            diagnostics == [
                "fsmc-config.json:1:65: error: not valid JSON: objects and arrays are nested too deeply [invalidConfiguration]"
            ])
    }
}

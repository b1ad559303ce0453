import FSMCompiler

/// What a command accepts: its options and how many operands.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    /// `fsmc table FILE [--format text|markdown]`
    var usage: String
    /// Paragraphs after the usage line in `fsmc help <command>`.
    var details: String
    var options: [OptionSpec]
    var operandName: String
    var operandCount: ClosedRange<Int>
}

/// One `--option`, a flag or one that takes a value.
struct OptionSpec: Sendable {
    var name: String
    var shortName: String?
    /// The placeholder in help (`FORMAT`), or nil for a flag.
    var valueName: String?
    /// The values accepted, or nil for any.
    var allowedValues: [String]?
    var isRepeatable = false
    var help: String
    /// Left out of help and of did-you-mean hints: an option for fsmc's own use.
    var isHidden = false
}

/// A command line split into operands and options, checked against a `CommandSpec`.
struct ParsedArguments {
    var operands: [String] = []
    private(set) var values: [String: [String]] = [:]

    func has(_ option: String) -> Bool { values[option] != nil }
    func value(_ option: String) -> String? { values[option]?.last }
    func all(_ option: String) -> [String] { values[option] ?? [] }

    /// A usage error: what is wrong, for `fsmc: error: …`.
    struct UsageError: Error {
        var message: String
    }

    init(_ arguments: [String], for spec: CommandSpec) throws(UsageError) {
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = spec.options.first(where: { $0.name == name || $0.shortName == name }) else {
                let hint = Self.closest(to: name, among: spec.options.filter { !$0.isHidden }.map(\.name))
                throw UsageError(message: "unknown option '\(name)' for '\(spec.name)'\(hint)")
            }
            if values[option.name] != nil && !option.isRepeatable {
                throw UsageError(message: "option '\(option.name)' is given twice")
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw UsageError(message: "option '\(option.name)' takes no value") }
                values[option.name, default: []].append("")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "option '\(option.name)' needs a value: \(option.name) \(valueName)")
            }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                throw UsageError(
                    message:
                        "'\(value)' is not a valid value for '\(option.name)'; expected \(DiagnosticText.list(allowed))"
                )
            }
            values[option.name, default: []].append(value)
        }
        guard spec.operandCount.contains(operands.count) else {
            if operands.count < spec.operandCount.lowerBound {
                throw UsageError(
                    message:
                        "'\(spec.name)' needs \(spec.operandCount.lowerBound == 1 ? "a" : "\(spec.operandCount.lowerBound)") \(spec.operandName)"
                )
            }
            throw UsageError(
                message:
                    "'\(spec.name)' takes \(spec.operandCount.upperBound == 1 ? "one" : "at most \(spec.operandCount.upperBound)") \(spec.operandName), but was given \(operands.count): \(operands.joined(separator: " "))"
            )
        }
    }

    /// `--format=dot` → (`--format`, `dot`); `--format` → (`--format`, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// `; did you mean '--format'?` when one option differs by a little.
    static func closest(to name: String, among candidates: [String]) -> String {
        let match = candidates.first { candidate in
            candidate.hasPrefix(name) || name.hasPrefix(candidate)
                || Set(candidate).symmetricDifference(Set(name)).count <= 2 && abs(candidate.count - name.count) <= 2
        }
        return match.map { "; did you mean '\($0)'?" } ?? ""
    }
}

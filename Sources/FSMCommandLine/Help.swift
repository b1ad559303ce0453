import FSMCompiler

/// The text of `fsmc --help` and `fsmc help <command>`.
enum Help {
    static var overview: String {
        let width = CommandLineTool.commands.map(\.spec.name.count).max() ?? 0
        let lines = CommandLineTool.commands.map { command in
            "  " + command.spec.name.padding(to: width) + "  " + command.spec.summary
        }
        return """
            fsmc \(CommandLineTool.version): a state-machine compiler for Swift

            usage: fsmc <command> [options] FILE...

            commands:
            \(lines.joined(separator: "\n"))

            Run 'fsmc help <command>' for a command's options, 'fsmc help diagnostics' for
            the list of diagnostic IDs, 'fsmc --version' for the version.

            """
    }

    static func text(for spec: CommandSpec) -> String {
        var text = "usage: \(spec.usage)\n\n\(spec.details)\n"
        let options = spec.options.filter { !$0.isHidden }
        if !options.isEmpty {
            let labels = options.map { option in
                [option.shortName.map { "\($0), " } ?? "", option.name, option.valueName.map { " \($0)" } ?? ""]
                    .joined()
            }
            let width = labels.map(\.count).max() ?? 0
            text += "\noptions:\n"
            for (label, option) in zip(labels, options) {
                text += "  " + label.padding(to: width) + "  " + option.help + "\n"
            }
        }
        return text
    }

    static var diagnostics: String {
        let width = DiagnosticID.allCases.map(\.rawValue.count).max() ?? 0
        return "Diagnostic IDs, printed in brackets after each message:\n\n"
            + DiagnosticID.allCases.map { "  " + $0.rawValue.padding(to: width) + "  " + $0.summary + "\n" }.joined()
    }
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}

// A compact, canonical printed form of the syntax tree: one line per header and per
// state spec. Tests compare a whole parse with one string (CC_SMC's `toString`).

extension StateMachineSyntax: CustomStringConvertible {
    package var description: String {
        (headers.map(\.description) + states.map(\.description)).joined(separator: "\n")
    }
}

extension HeaderSyntax: CustomStringConvertible {
    package var description: String {
        "\(name):\(value)" + moreValues.map { " " + $0.text }.joined()
            + (cases.map { "=" + $0.map(\.text).joined(separator: "|") } ?? "")
            + (parameters.map { "(" + $0.map { "\($0.label):\($0.type)" }.joined(separator: ",") + ")" } ?? "")
    }
}

extension StateSyntax: CustomStringConvertible {
    package var description: String {
        var parts = [isAbstract ? "(\(name))" : name.text]
        parts += superstates.map { ":\($0)" }
        if let entry { parts.append("<{" + entry.actions.map(\.text).joined(separator: " ") + "}") }
        if let exit { parts.append(">{" + exit.actions.map(\.text).joined(separator: " ") + "}") }
        parts.append(BodyItemSyntax.braced(items))
        return parts.joined(separator: " ")
    }
}

extension BodyItemSyntax: CustomStringConvertible {
    package var description: String {
        switch self {
        case .row(let row):
            return row.description
        case .eventBlock(let events, let items, _, _):
            return events.map(\.text).joined(separator: "|") + " " + Self.braced(items)
        case .guardBlock(let guardClause, let items, _):
            return guardClause.description + " " + Self.braced(items)
        case .overrideBlock(let items, _, _):
            return "override " + Self.braced(items)
        case .placeholder:
            return "- - -"
        case .initial(let row):
            return "- " + row.description
        }
    }

    static func braced(_ items: [BodyItemSyntax]) -> String {
        "{" + items.map(\.description).joined(separator: " ") + "}"
    }
}

extension RowSyntax: CustomStringConvertible {
    package var description: String {
        var parts: [String] = []
        if !events.isEmpty { parts.append(events.map(\.text).joined(separator: "|")) }
        if let guardClause { parts.append(guardClause.description) }
        let targets =
            [(nextState?.text ?? "-") + (nextStateValues.map(StateValueSyntax.text) ?? "")]
            + zip(forkTargets, forkTargetValues).map { $0.text + ($1.map(StateValueSyntax.text) ?? "") }
        parts.append(targets.joined(separator: "&"))
        parts.append("{" + actions.map(\.text).joined(separator: " ") + "}")
        return parts.joined(separator: " ")
    }
}

extension GuardSyntax: CustomStringConvertible {
    package var description: String {
        "[" + terms.map(\.description).joined(separator: ",") + "]"
    }
}

extension GuardTermSyntax: CustomStringConvertible {
    package var description: String {
        switch self {
        case .predicate(let type, let cases): "\(type)=" + cases.map(\.text).joined(separator: "|")
        case .condition(let name, let isNegated, let arguments):
            (isNegated ? "!" : "") + name.text
                + (arguments.map { "(" + $0.map(\.text).joined(separator: ",") + ")" } ?? "")
        case .stateTest(let state, let isNegated, _): (isNegated ? "!" : "") + "in(" + state.text + ")"
        }
    }
}

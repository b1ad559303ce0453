/// The values rows write for data states, as declared (Language reference › State data):
/// `Downloading(received: 0)`, `-(received: added(received, bytes))`, `Playing(url: url) &
/// Muted`, `- Downloading(received: 0)` in an initial row. Each value is resolved where it
/// is written: a label to the type of what it names in the row, a computing action's call to
/// a use whose result is the type of the value it gives. Whether a state may be given values,
/// and whether every value of an entered state is given, are checked once the targets and
/// the flattened rows are known (`Analysis.checkStateData`).
extension Declarations {
    /// The values a row writes for its next state (or, after `-`, rewrites) and its fork targets.
    mutating func writtenValues(
        of row: RowSyntax, events: [NameSyntax], owner: StateID, headers: Headers, log: inout DiagnosticLog
    ) -> [WrittenValues] {
        var targets: [(target: NameSyntax?, values: [StateValueSyntax]?)] = [(row.nextState, row.nextStateValues)]
        for (index, target) in row.forkTargets.enumerated() {
            targets.append((target, row.forkTargetValues.indices.contains(index) ? row.forkTargetValues[index] : nil))
        }
        return targets.compactMap { target, values in
            guard let values else { return nil }
            let scope = Scope(events: events, owner: owner)
            return WrittenValues(
                target: target,
                values: values.compactMap {
                    value(of: $0, for: target, in: scope, initialRowOf: nil, headers: headers, log: &log)
                },
                location: values.first?.label.location ?? row.nextStateLocation,
                text: StateValueSyntax.text(of: values))
        }
    }

    /// The values an initial row writes for its target: literals and computing actions of
    /// literals, resolved here; its labels name values of the row that enters the superstate,
    /// which `Analysis.checkStateData` resolves for each such row.
    mutating func initialValues(of row: RowSyntax, owner: StateID, headers: Headers, log: inout DiagnosticLog)
        -> WrittenValues?
    {
        guard let values = row.nextStateValues else { return nil }
        return WrittenValues(
            target: row.nextState,
            values: values.compactMap {
                value(of: $0, for: row.nextState, in: nil, initialRowOf: owner, headers: headers, log: &log)
            },
            location: values.first?.label.location ?? row.nextStateLocation,
            text: StateValueSyntax.text(of: values))
    }

    /// Where a value's labels are resolved: the row's events, then the state that takes it.
    struct Scope {
        var events: [NameSyntax]
        var owner: StateID
    }

    /// One written value, in a row's `scope` or in the initial row of `owner`; nil when it
    /// had an error (reported).
    private mutating func value(
        of syntax: StateValueSyntax, for target: NameSyntax?, in scope: Scope?, initialRowOf owner: StateID?,
        headers: Headers, log: inout DiagnosticLog
    ) -> WrittenValue? {
        let wanted = wantedType(of: syntax.label, for: target, in: scope, headers: headers)
        switch syntax.value {
        case .argument(.literal(let literal, let location)):
            return WrittenValue(
                label: syntax.label, source: .argument(.literal(literal)), type: nil, literal: literal,
                location: location)
        case .argument(.label(let label)):
            guard let scope else {
                // An initial row's label: resolved against each row that enters it.
                return WrittenValue(
                    label: syntax.label, source: .argument(.label(label.text)), type: nil, location: label.location)
            }
            guard let type = labelType(label, events: scope.events, owner: scope.owner, headers: headers, log: &log)
            else { return nil }
            return WrittenValue(
                label: syntax.label, source: .argument(.label(label.text)), type: type, location: label.location)
        case .call(let call):
            guard !call.isRaise else {
                log.error(
                    .stateData,
                    "'^\(call.name)' raises an event, which gives no value; a value is a label, a literal or a computing action's call",
                    at: call.location)
                return nil
            }
            if let scope {
                guard
                    let arguments = resolve(
                        call.arguments ?? [], events: scope.events, owner: scope.owner, headers: headers, log: &log)
                else { return nil }
                recordUse(
                    CallUse(
                        name: call.name, isCondition: false, arguments: arguments, result: wanted, isComputing: true))
            } else if let owner {
                recordInitialRowUse(
                    call.name, arguments: call.arguments ?? [], result: wanted, isComputing: true, owner: owner,
                    log: &log)
            }
            return WrittenValue(
                label: syntax.label,
                source: .computed(
                    ActionCall(actions.index(of: call.name), arguments: (call.arguments ?? []).map(\.argument))),
                type: wanted, location: call.name.location, computing: call.name)
        }
    }

    /// The type of the value `label` of the state a row names, as its `State:` header
    /// declares it; after `-`, of the states that take the row; nil when unknown.
    private func wantedType(of label: NameSyntax, for target: NameSyntax?, in scope: Scope?, headers: Headers)
        -> String?
    {
        if let target { return headers.stateDeclaration(target.text)?.parameter(label.text)?.type }
        guard let scope, case .value(let type) = scopes.lookup(label.text, inRowsOf: states[scope.owner].name.text)
        else { return nil }
        return type
    }
}

/// The values a row writes for one state it names, as declared.
struct WrittenValues {
    /// The state named, nil for `-` (the state that takes the row).
    var target: NameSyntax?
    var values: [WrittenValue]
    /// Where the first value's label is.
    var location: SourceLocation
    /// `(received: 0)`, as written.
    var text: String
}

/// `received: 0`, `url: url`, `received: added(received, bytes)`, resolved where written.
struct WrittenValue {
    var label: NameSyntax
    var source: StateValue.Source
    /// The type of what a label names in the row, or of the value a computing action gives;
    /// nil for a literal, and for a label of an initial row (resolved per entering row).
    var type: String?
    var literal: Literal? = nil
    /// Where the value is written.
    var location: SourceLocation
    /// A computing action's name as written.
    var computing: NameSyntax? = nil

    var model: StateValue { StateValue(label: label.text, source: source) }

    /// The label or literal as written (a computing action's call is not shown).
    var sourceText: String {
        if case .argument(let argument) = source { argument.text } else { computing?.text ?? "" }
    }
}

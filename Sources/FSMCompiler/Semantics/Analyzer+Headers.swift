extension Analyzer {
    /// Header names are case-insensitive; each may appear once, `Predicate` once per type.
    mutating func checkHeaders(_ syntax: StateMachineSyntax) {
        var firstByName: [String: HeaderSyntax] = [:]
        for header in syntax.headers {
            let key = header.name.text.lowercased()
            guard ["fsm", "initial", "actions", "entryexit", "predicate"].contains(key) else {
                error(.unknownHeader,
                      "unknown header '\(header.name)'; expected FSM, Initial, Actions, EntryExit or Predicate",
                      at: header.name.location)
                continue
            }
            if key == "predicate" {
                declarePredicateType(header)
                continue
            }
            if let first = firstByName[key] {
                error(.duplicateHeader, "header '\(header.name)' is given twice", at: header.name.location,
                      notes: [.init("first given here", at: first.name.location)])
                continue
            }
            firstByName[key] = header
            if let cases = header.cases, let first = cases.first {
                error(.invalidHeader, "header '\(header.name)' takes one name, not '= \(first) …'",
                      at: first.location)
            }
            switch key {
            case "fsm": self.header.fsmName = header.value
            case "initial": self.header.initialState = header.value
            case "actions": self.header.actionsName = header.value
            default: checkEntryExitHeader(header)
            }
        }
        for (key, example) in [("fsm", "FSM: Turnstile"), ("initial", "Initial: Locked")] where firstByName[key] == nil {
            error(.missingHeader, "missing header '\(example.split(separator: ":")[0])'; add one such as '\(example)'",
                  at: syntax.bodyLocation)
        }
    }

    private mutating func checkEntryExitHeader(_ header: HeaderSyntax) {
        switch header.value.text.lowercased() {
        case "always": self.header.entryExit = .always
        case "onchange": self.header.entryExit = .onChange
        default:
            error(.invalidHeader, "EntryExit must be 'always' or 'onChange', found '\(header.value)'; leave it out for UML behaviour",
                  at: header.value.location)
        }
    }

    /// `Predicate: Type = a | b`: a new type with distinct cases.
    private mutating func declarePredicateType(_ header: HeaderSyntax) {
        guard let cases = header.cases else {
            error(.invalidHeader,
                  "predicate type '\(header.value)' needs its cases, as in 'Predicate: \(header.value) = a | b'",
                  at: header.value.location)
            return
        }
        if let first = predicateIndex[header.value.text] {
            error(.duplicateHeader, "predicate type '\(header.value)' is declared twice",
                  at: header.value.location,
                  notes: [.init("first declared here", at: predicateTypes[first].name.location)])
            return
        }
        var distinct: [NameSyntax] = []
        for name in cases {
            if let first = distinct.first(where: { $0.text == name.text }) {
                error(.repeatedPredicateCase, "case '\(name)' is repeated in predicate type '\(header.value)'",
                      at: name.location, notes: [.init("first given here", at: first.location)])
            } else {
                distinct.append(name)
            }
        }
        predicateIndex[header.value.text] = predicateTypes.count
        predicateTypes.append(PredicateTypeRecord(name: header.value, cases: distinct))
    }
}

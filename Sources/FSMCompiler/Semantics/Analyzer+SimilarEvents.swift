extension Analysis {
    /// Warns about an event whose name is a near miss of another event's: a row with
    /// `Resme` beside rows with `Resume` creates the event `Resme`, which the user would
    /// otherwise learn of only from Swift. Of the two, the one fewer rows use is taken for
    /// the misspelling (on a tie, the one written later); an event declared with `Event:`
    /// is meant, never a misspelling.
    func checkSimilarEventNames(log: inout DiagnosticLog) {
        let names = declarations.events.names
        var uses = IDArray<EventID, Int>(repeating: 0, count: names.count)
        for row in rows { uses[row.eventIndex] += 1 }
        let declared = Set(headers.eventDeclarations.map(\.name.text))
        let candidates = names.indices.filter { event in
            declarations.timers[event] == nil && names[event].text != "always"
        }
        let partners = Self.nearMisses(among: candidates.map { (event: $0, name: names[$0].text) })
        // An event only raised (`^Svaed`) is an `undefinedEvent` error, which suggests the name.
        for event in candidates where !declared.contains(names[event].text) && uses[event] > 0 {
            let likely = partners[event, default: []].filter { other in
                uses[other] > uses[event] || (uses[other] == uses[event] && other < event)
            }
            guard let intended = likely.max(by: { uses[$0] < uses[$1] }) else { continue }
            log.warning(
                .similarEventName,
                "event '\(names[event])' looks like a misspelling of event '\(names[intended])', which \(Self.count(uses[intended], "row")); did you mean '\(names[intended])'?",
                at: names[event].location,
                notes: [.init("'\(names[intended])' is first used here", at: names[intended].location)])
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun) uses" : "\(number) \(noun)s use"
    }

    /// For each event, the events whose names look like a slip of the keyboard for it, or
    /// it for them: one letter left out or added, or two neighbouring letters swapped,
    /// ignoring case, never for a name of three letters or fewer. Only letters count: `E99`
    /// and `E199`, `Step1` and `Step2` are names a machine means, and so are `Coin` and
    /// `Join` (a letter replaced) and `Item` and `Items` (a plural). Found by looking up
    /// each name's variants, not by comparing every pair, so that machines with many
    /// thousands of events stay fast.
    static func nearMisses(among events: [(event: EventID, name: String)]) -> [EventID: [EventID]] {
        var byName: [[UInt8]: [EventID]] = [:]
        for (event, name) in events { byName[Array(name.lowercased().utf8), default: []].append(event) }
        var partners: [EventID: [EventID]] = [:]
        func pair(_ event: EventID, with variant: [UInt8], shorterLength: Int) {
            guard shorterLength > 3, let others = byName[variant] else { return }
            for other in others where other != event {
                partners[event, default: []].append(other)
                partners[other, default: []].append(event)
            }
        }
        let isLetter = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        for (event, name) in events {
            let lowered = Array(name.lowercased().utf8)
            // Swapped neighbours: each pair found from both names, so only from the one
            // whose swapped text sorts after it.
            for index in lowered.indices.dropLast()
            where lowered[index] != lowered[index + 1] && isLetter(lowered[index]) && isLetter(lowered[index + 1]) {
                var swapped = lowered
                swapped.swapAt(index, index + 1)
                if swapped.lexicographicallyPrecedes(lowered) {
                    pair(event, with: swapped, shorterLength: lowered.count)
                }
            }
            // A letter left out: this name is the longer one. Of a doubled letter, the first
            // only (leaving out either gives one text). A plural (`Item`, `Items`) is a name
            // meant: a last `s` left out does not count.
            for index in lowered.indices
            where isLetter(lowered[index]) && (index == 0 || lowered[index - 1] != lowered[index])
                && !(index == lowered.count - 1 && lowered[index] == UInt8(ascii: "s"))
            {
                var shorter = lowered
                shorter.remove(at: index)
                pair(event, with: shorter, shorterLength: shorter.count)
            }
        }
        return partners
    }
}

/// `; did you mean 'X'?` hints for names that are not defined.
enum Suggestions {
    /// `; did you mean 'X'?` for the closest candidate, or nothing when none is close.
    static func suggestion(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate `name` is most likely a misspelling of, if any is close enough.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        // Short names are only ever misspelt in case: 'B' is no typo for 'A'.
        let limit = name.count <= 3 ? 0 : name.count <= 6 ? 1 : 2
        let length = name.utf8.count
        // Names are ASCII, so a candidate whose length differs by more than the limit is
        // too far: skipping it first keeps thousands of errors against thousands of states fast.
        for candidate in candidates where candidate != name && abs(candidate.utf8.count - length) <= limit {
            let distance =
                candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased(), limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}

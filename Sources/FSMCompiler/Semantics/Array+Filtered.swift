extension Array {
    /// `filter`, into an array made once with room for every element. `filter` grows its
    /// result as it goes, a few allocations for a dozen elements: `Statechart.move` filters
    /// lists of states for every step `fsmc verify` and `fsmc paths` try, and that growth
    /// took about a tenth of their time.
    func filtered(_ isIncluded: (Element) throws -> Bool) rethrows -> [Element] {
        var kept: [Element] = []
        kept.reserveCapacity(count)
        for element in self where try isIncluded(element) { kept.append(element) }
        return kept
    }
}

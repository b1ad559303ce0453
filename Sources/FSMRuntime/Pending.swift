/// Elements waiting their turn, oldest first: appended at the end, taken from a moving
/// front, the storage emptied (keeping its capacity) once all were taken, so that a queue
/// that fills and drains allocates only when it first grows.
@usableFromInline
struct Pending<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var front = 0

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// The oldest element not yet taken, or nil when none is left.
    @inlinable
    mutating func next() -> Element? {
        guard front < elements.count else {
            if front > 0 { empty() }
            return nil
        }
        defer { front += 1 }
        return elements[front]
    }

    /// Empties the storage, keeping its capacity, once every element was taken. Not inlined:
    /// it runs once per filling, and inlined it would make `next()` too large to inline.
    @inlinable @inline(never)
    mutating func empty() {
        elements.removeAll(keepingCapacity: true)
        front = 0
    }
}

/// A small, fast generator whose sequence depends only on its seed (not on the standard
/// library's algorithms), so that a seed printed by a failing run reproduces it anywhere.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `percent` in 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    public mutating func element<T>(of array: [T]) -> T { array[below(array.count)] }

    /// `count` distinct elements of `array`, in the array's order.
    public mutating func sample<T>(_ count: Int, of array: [T]) -> [T] {
        var indices = Array(array.indices)
        var chosen: [Int] = []
        for _ in 0..<min(count, array.count) { chosen.append(indices.remove(at: below(indices.count))) }
        return chosen.sorted().map { array[$0] }
    }

    /// The seed of the `index`th item of a run with seed `seed`.
    public static func derive(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
        return mixer.next()
    }
}

extension SplitMix64 {
    /// `count` bytes of the sequence, eight per number.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let words = (0..<(count + 7) / 8).map { _ in next() }
        return words.withUnsafeBytes { Array($0.prefix(count)) }
    }
}

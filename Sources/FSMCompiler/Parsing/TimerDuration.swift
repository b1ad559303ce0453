/// How long an `after(…)` row waits (Language reference › Timers): a whole number of
/// milliseconds, seconds, minutes or hours, written without a blank: `500ms`, `30s`,
/// `2min`, `1h`.
///
/// Two durations are one when they last equally long (`30s` and `30000ms`); the text
/// as written is what `fsmc format` keeps and reports print.
public struct TimerDuration: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, CaseIterable, Sendable {
        case ms, s, min, h

        public var milliseconds: Int64 {
            switch self {
            case .ms: 1
            case .s: 1_000
            case .min: 60_000
            case .h: 3_600_000
            }
        }
    }

    /// The number as written.
    public var value: Int64
    public var unit: Unit
    /// The duration as written, `30s`.
    public var text: String

    /// How long it lasts: what makes two durations the same.
    public var milliseconds: Int64 { value * unit.milliseconds }

    public var description: String { text }

    /// The longest duration accepted: 100 days, far beyond any timeout, and well inside
    /// what Swift's `Duration` and every clock hold.
    package static let maximumMilliseconds: Int64 = 100 * 24 * 3_600_000

    /// The duration `text` writes, or why it is not one.
    package static func parse(_ text: String) -> Result<TimerDuration, DurationError> {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unitText = String(text.dropFirst(digits.count))
        guard !digits.isEmpty else {
            return .failure(
                DurationError(
                    "'\(text)' is not a duration; write a whole number and a unit, as in '30s', '500ms', '2min' or '1h'"
                ))
        }
        guard let unit = Unit(rawValue: unitText) else {
            let units = DiagnosticText.list(Unit.allCases.map { "'\($0.rawValue)'" })
            if unitText.isEmpty {
                return .failure(DurationError("the duration '\(text)' needs a unit: \(units), as in '\(text)s'"))
            }
            return .failure(DurationError("'\(unitText)' is not a unit of time; the units are \(units)"))
        }
        guard let value = Int64(digits), value.multipliedReportingOverflow(by: unit.milliseconds).overflow == false,
            value * unit.milliseconds <= maximumMilliseconds
        else {
            return .failure(
                DurationError("the duration '\(text)' is too long; the longest accepted is 100 days ('2400h')"))
        }
        guard value > 0 else {
            return .failure(DurationError("the duration '\(text)' is zero; a timer waits at least '1ms'"))
        }
        return .success(TimerDuration(value: value, unit: unit, text: text))
    }
}

/// Why a duration was refused, as a sentence for a diagnostic.
package struct DurationError: Error, Hashable, Sendable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}

extension TimerDuration {
    /// The event name of an `after` row: `after(30s)`.
    package static func eventName(_ durationText: String) -> String {
        "after(" + durationText + ")"
    }

    /// The duration of an event name written `after(30s)`, nil for any other name.
    package static func ofEventName(_ name: String) -> TimerDuration? {
        guard name.hasPrefix("after("), name.hasSuffix(")") else { return nil }
        return try? parse(String(name.dropFirst(6).dropLast())).get()
    }
}

/// Something the compiler must tell the user, anchored to a place in the source.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    /// A second location that explains the first, such as "first defined here".
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation

        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    public var id: DiagnosticID
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]
    /// The change that certainly fixes it, when there is one (see `FixIt`).
    public var fixIt: FixIt?

    public init(
        _ id: DiagnosticID, _ severity: Severity, _ message: String,
        at location: SourceLocation, notes: [Note] = [], fixIt: FixIt? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.fixIt = fixIt
    }

    /// The notes as printed: the diagnostic's own, then its fix-it's at its location.
    public var printedNotes: [Note] {
        notes + (fixIt.map { [Note("fix-it: \($0.message); 'fsmc check --fix' applies it", at: location)] } ?? [])
    }

    /// `file:line:col: severity: message [id]`, then one line per note.
    public var description: String {
        let noteLines = printedNotes.map { "\($0.location): note: \($0.message)" }
        return (["\(location): \(severity.rawValue): \(message) [\(id.rawValue)]"] + noteLines)
            .joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics in the order compilers print them: by location, then as reported.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}

/// The access level of the generated declarations (`--access`, `"access"` in
/// fsmc-config.json): `public`, `package`, or nothing for internal.
public enum SwiftAccess: String, Hashable, Sendable, CaseIterable {
    case `public`, `package`, `internal`
}

/// The name of the Swift file generated from a `.sm` file, unique in its target: Swift
/// needs every file name in a module to be unique, and two `.sm` files may share a name
/// in different folders.
///
/// The path's components inside the target, the last without `.sm`, are joined with `_`
/// (`Machines/Turnstile.sm` → `Machines_Turnstile.swift`). Within a component `-` is
/// written `--` and `_` is written `-_`, so that every `_` left is a folder boundary and
/// no two paths share a name (`A/B/c.sm` → `A_B_c.swift`, `A/B_c.sm` → `A_B-_c.swift`).
/// `fsmc compile --source-root` names its outputs so, and the build plugin declares them
/// so: Plugins/FSMCPlugin/OutputName.swift is a symbolic link to this file, since a plugin
/// can import no module of its package. It uses nothing but the standard library, so that
/// a test can compile it on its own.
enum OutputName {
    /// `Turnstile.swift` for `["Turnstile.sm"]`, `Machines_Turnstile.swift` for `["Machines", "Turnstile.sm"]`.
    static func forSource(atComponents components: [String]) -> String {
        var parts = components
        if let last = parts.last, last.hasSuffix(".sm") { parts[parts.count - 1] = String(last.dropLast(".sm".count)) }
        return parts.map(escaped).joined(separator: "_") + ".swift"
    }

    /// The components of `path` below `root` (both split into path components), or nil
    /// when the path is not below it: what names an output under `--source-root`.
    static func components(of path: [String], below root: [String]) -> [String]? {
        guard path.count > root.count, Array(path.prefix(root.count)) == root else { return nil }
        return Array(path.dropFirst(root.count))
    }

    /// The leading components that all of `paths` share, such as the folder that holds a
    /// target's `.sm` files in an Xcode project.
    static func commonPrefix(of paths: [[String]]) -> [String] {
        guard var common = paths.first else { return [] }
        for path in paths.dropFirst() {
            common = Array(zip(common, path).prefix { $0 == $1 }.map(\.0))
        }
        return common
    }

    private static func escaped(_ component: String) -> String {
        var result = ""
        for character in component {
            switch character {
            case "-": result += "--"
            case "_": result += "-_"
            default: result.append(character)
            }
        }
        return result
    }
}

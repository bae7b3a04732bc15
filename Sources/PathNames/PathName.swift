/// How a file path splits into its folder and its last name, the same way in every layer.
///
/// Slashes are the only separators, several in a row count as one, and trailing ones are ignored,
/// as POSIX `dirname` and `basename` read a path. No file system is consulted.
public enum PathName {
    /// The folder that holds `path`'s last component: `"/"` for a name at the root, and `"."`
    /// for a bare name or an empty path.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "." }
        let folder = trimmed[..<slash].reversed().drop { $0 == "/" }.reversed()
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path`: `"/"` for the root, and `""` for an empty path.
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` without the slashes that end it, keeping a lone `"/"`.
    private static func withoutTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed
    }
}

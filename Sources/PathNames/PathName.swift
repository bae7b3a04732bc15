/// How a file path splits into its folder and its last name, the same way in every layer.
///
/// Slashes are the only separators, several in a row count as one, and trailing ones are ignored,
/// as POSIX `dirname` and `basename` read a path. No file system is consulted.
///
/// The path is read as UTF-8 bytes, as the system reads it: a slash is the byte 0x2F, never part
/// of another character's encoding. (Reading it by `Character` instantiated generic collection
/// types at run time: 1.4 M instructions, a sixth of a CLI run answered from the cache.)
public enum PathName {
    /// The folder that holds `path`'s last component: `"/"` for a name at the root, and `"."`
    /// for a bare name or an empty path.
    public static func folder(of path: String) -> String {
        let bytes = Array(path.utf8)
        let end = endWithoutTrailingSlashes(bytes)
        guard var slash = lastSlash(in: bytes, before: end) else { return end == 1 && bytes[0] == slashByte ? "/" : "." }
        // The slashes before the last component go with it.
        while slash > 0, bytes[slash - 1] == slashByte { slash -= 1 }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The last component of `path`: `"/"` for the root, and `""` for an empty path.
    public static func lastComponent(of path: String) -> String {
        let bytes = Array(path.utf8)
        let end = endWithoutTrailingSlashes(bytes)
        guard let slash = lastSlash(in: bytes, before: end) else { return String(decoding: bytes[..<end], as: UTF8.self) }
        return end == 1 ? "/" : String(decoding: bytes[(slash + 1)..<end], as: UTF8.self)
    }

    private static let slashByte = UInt8(ascii: "/")

    /// Where `bytes` end without the slashes that end them, keeping a lone `"/"`.
    private static func endWithoutTrailingSlashes(_ bytes: [UInt8]) -> Int {
        var end = bytes.count
        while end > 1, bytes[end - 1] == slashByte { end -= 1 }
        return end
    }

    /// The index of the last slash before `end`.
    private static func lastSlash(in bytes: [UInt8], before end: Int) -> Int? {
        var index = end - 1
        while index >= 0 {
            if bytes[index] == slashByte { return index }
            index -= 1
        }
        return nil
    }
}

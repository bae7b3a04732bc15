import PathNames
import Glibc

extension FileIO {
    /// `path` with its folder's symbolic links resolved (`realpath` of the folder) and its last
    /// component as it is: the path to give an opener that refuses a link anywhere on the way
    /// (SQLite's `SQLITE_OPEN_NOFOLLOW`), so that it refuses a link at the file only.
    ///
    /// A home reached through a link (`/home` → `/var/home`), an `XDG_CACHE_HOME` or `~/.cache`
    /// that is a link to another disk, are followed, as git and the `sqlite3` shell follow them;
    /// a link at the file itself stays a link, never followed. The folder must exist.
    /// - Throws: The failed `realpath` (a missing folder, a loop of links, no permission).
    package static func withRealFolder(_ path: String) throws(Failure) -> String {
        let folder = PathName.folder(of: path)
        guard let resolved = realpath(folder, nil) else { throw Failure("resolve the folder") }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return (real == "/" ? "" : real) + "/" + PathName.lastComponent(of: path)
    }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system probes for the file keychain's tests: modes, inodes, owners and folder listings.
enum CredentialStoreContractFiles {
    /// The permission bits of the file or folder at `url` (symlinks not followed).
    static func mode(of url: URL) throws -> mode_t {
        try status(of: url).st_mode & 0o7777
    }

    /// The inode number of the file at `url`.
    static func inode(of url: URL) throws -> UInt64 {
        UInt64(try status(of: url).st_ino)
    }

    /// The names in the folder, sorted.
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false)).sorted()
    }

    /// Writes `data` to `url` and sets its mode exactly (the umask cannot interfere).
    static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws {
        try data.write(to: url)
        try setMode(mode, of: url)
    }

    /// Sets the mode of `url` exactly.
    static func setMode(_ mode: mode_t, of url: URL) throws {
        guard chmod(url.path(percentEncoded: false), mode) == 0 else { throw POSIXProbeError(call: "chmod", code: errno) }
    }

    /// Makes `uid` the owner of `url` (needs root).
    static func setOwner(_ uid: uid_t, of url: URL) throws {
        guard chown(url.path(percentEncoded: false), uid, gid_t.max) == 0 else { throw POSIXProbeError(call: "chown", code: errno) }
    }

    /// Whether the tests run as root (which reads files whatever their mode).
    static var runningAsRoot: Bool { geteuid() == 0 }

    private static func status(of url: URL) throws -> stat {
        var info = stat()
        guard lstat(url.path(percentEncoded: false), &info) == 0 else { throw POSIXProbeError(call: "lstat", code: errno) }
        return info
    }

    /// A failed probe.
    struct POSIXProbeError: Error {
        let call: String
        let code: Int32
    }
}

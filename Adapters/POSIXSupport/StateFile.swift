#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A small state file kept beside the cache (for example an endpoint's schema), read and
/// written with the cache file's safety: a bounded read of a regular file that never follows a
/// symlink nor blocks on a FIFO, and an atomic, flushed replacement in a 0700 folder.
public enum StateFile {
    /// Why a state file could not be read or written; one plain sentence.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The path holds something that is not a usable file (a symlink, FIFO, folder, or a
        /// file over the limit): it is replaced on the next write, never followed.
        public let isDamage: Bool
        public let description: String
    }

    /// The file's bytes, or `nil` when there is none.
    public static func read(_ url: URL, limit: Int) throws(Failure) -> [UInt8]? {
        do {
            return try FileIO.read(url.path, limit: limit)
        } catch {
            throw Failure(isDamage: error.isDamage, description: "\(url.path): \(error.description)")
        }
    }

    /// Replaces the file with `bytes` atomically, creating its folder (0700) when needed.
    public static func write(_ bytes: [UInt8], to url: URL) throws(Failure) {
        do {
            try FileIO.createFolder(url.deletingLastPathComponent().path)
            try FileIO.writeAtomically(bytes, to: url.path)
        } catch {
            throw Failure(isDamage: false, description: "\(url.path): \(error.description)")
        }
    }
}

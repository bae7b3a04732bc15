import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The test process's open descriptors, from `/proc/self`, each told apart from a file opened
/// later under the same number (by a test running meanwhile) by what it refers to, and its
/// sockets told apart by kind, from `/proc/net`.
public enum OpenDescriptors {
    /// What `descriptor` refers to (`socket:[inode]`, `anon_inode:[eventpoll]`, a path), with,
    /// for an epoll set, the inodes of the files it watches (every epoll set has the same
    /// inode); `nil` when the descriptor is not open.
    public static func identity(of descriptor: Int32) -> String? {
        guard let target = target(of: descriptor) else { return nil }
        guard target.contains("eventpoll") else { return target }
        let info = contents(of: "/proc/self/fdinfo/\(descriptor)")
        let watched = info.split(separator: "\n").filter { $0.hasPrefix("tfd:") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("ino:") }
        }
        return target + " " + watched.sorted().joined(separator: ",")
    }

    /// Every open descriptor, as its number and what it refers to: a descriptor closed and
    /// another opened under its number shows as a new entry.
    public static var all: Set<String> {
        let numbers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(numbers.compactMap { number in Int32(number).flatMap(target(of:)).map { "\(number) \($0)" } })
    }

    /// The numbers of the open descriptors.
    public static func listed() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// The socket's inode in an entry of ``all`` (`7 socket:[1234]` → `1234`); `nil` for a file
    /// that is no socket.
    public static func socketInode(in entry: String) -> String? {
        guard let open = entry.range(of: "socket:["), let close = entry[open.upperBound...].firstIndex(of: "]") else { return nil }
        return String(entry[open.upperBound..<close])
    }

    /// The inodes of the TCP sockets (IPv4 and IPv6) whose remote port is `port`: the client
    /// ends of connections to a server listening there.
    public static func tcpSocketInodes(toPort port: Int) -> Set<String> {
        var inodes = Set<String>()
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            for fields in rows(of: table) where fields.count > 9 {
                let remote = fields[2].split(separator: ":")
                if remote.count == 2, Int(remote[1], radix: 16) == port { inodes.insert(String(fields[9])) }
            }
        }
        return inodes
    }

    /// The inodes of the Unix-domain sockets (a socket pair is two).
    public static var unixSocketInodes: Set<String> {
        Set(rows(of: "/proc/net/unix").filter { $0.count > 6 }.map { String($0[6]) })
    }

    private static func target(of descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }

    /// The rows of a `/proc/net` table after its header, split at spaces.
    private static func rows(of table: String) -> [[Substring]] {
        contents(of: table).split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
    }

    /// A file of `/proc` read to its end ("" when it cannot be opened): its size says 0, so
    /// it is read until `read(2)` returns nothing rather than for that size.
    static func contents(of path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

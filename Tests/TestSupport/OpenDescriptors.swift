import Foundation

/// The test process's open descriptors, from `/proc/self`, each told apart from a file opened
/// later under the same number (by a test running meanwhile) by what it refers to.
public enum OpenDescriptors {
    /// What `descriptor` refers to (`socket:[inode]`, `anon_inode:[eventpoll]`, a path), with,
    /// for an epoll set, the inodes of the files it watches (every epoll set has the same
    /// inode); `nil` when the descriptor is not open.
    public static func identity(of descriptor: Int32) -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)") else { return nil }
        guard target.contains("eventpoll") else { return target }
        let info = (try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8)) ?? ""
        let watched = info.split(separator: "\n").filter { $0.hasPrefix("tfd:") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("ino:") }
        }
        return target + " " + watched.sorted().joined(separator: ",")
    }

    /// Every open descriptor, as its number and identity: a descriptor closed and another
    /// opened under its number shows as a new entry.
    public static var all: Set<String> {
        let numbers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(numbers.compactMap { number in Int32(number).flatMap { identity(of: $0) }.map { "\(number) \($0)" } })
    }
}

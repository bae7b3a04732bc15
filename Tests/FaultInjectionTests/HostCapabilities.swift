import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What this machine lets the fault tests do, asked before a test runs, so that a test that
/// cannot run here is reported as skipped by the test runner (`.enabled(…)`), never passed.
enum HostCapabilities {
    /// Whether a socket can listen on ::1 (containers often have no IPv6 loopback).
    static let hasIPv6Loopback: Bool = {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }()

    /// Whether the client's state folder can be made read-only for it: by mode 0500 when not
    /// root; as root (which ignores modes) only by a read-only bind mount in a mount namespace
    /// of its own, which containers often forbid. Asked once.
    static func canMakeFoldersReadOnly() async -> Bool {
        await readOnlyBindMount.value
    }

    private static let readOnlyBindMount = Task<Bool, Never> {
        guard geteuid() == 0 else { return true }
        guard let folder = try? TemporaryDirectory(prefix: "read-only-probe") else { return false }
        defer { folder.remove() }
        return await succeedsInMountNamespace(#"mount --bind -o ro "$0" "$0""#, folder.url.path)
    }

    /// Whether `script` (run by `/bin/sh -c` with `argument` as `$0`) exits 0 in a mount
    /// namespace of its own; `false` without root or without unshare(1).
    static func succeedsInMountNamespace(_ script: String, _ argument: String) async -> Bool {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = try? await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "/bin/sh", "-c", script, argument],
            environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], deadline: 10
        )
        return probe?.status == 0
    }
}

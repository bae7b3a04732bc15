import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built client with one of the system's libraries hidden: `/dev/null` is mounted over
/// the library's file in a mount namespace of the client's own, so `dlopen` fails there and
/// nowhere else. Needs root, unshare(1) and a mount namespace: a test that hides a library is
/// enabled by ``canHide(_:)``.
enum HiddenLibrary {
    /// Whether `soname` can be hidden here: root, unshare(1), the library loadable, and a bind
    /// mount allowed in a mount namespace of the client's own.
    static func canHide(_ soname: String) async -> Bool {
        guard getuid() == 0, let library = path(of: soname) else { return false }
        return await HostCapabilities.succeedsInMountNamespace(#"mount --bind /dev/null "$0""#, library)
    }

    /// The file this process loaded for `soname` (loading it if needed), from /proc/self/maps.
    static func path(of soname: String) -> String? {
        _ = dlopen(soname, RTLD_NOW | RTLD_LOCAL)
        // Read, not sized: /proc files report a size of 0.
        let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        let files: [String] = maps.split(separator: "\n").compactMap { line in line.split(separator: " ").last.map(String.init) }
        let exact = "/" + soname
        let versioned = "/" + soname + "."
        return files.first { file in file.hasSuffix(exact) || file.contains(versioned) }
    }

    /// Runs the client with `arguments` while `soname` is hidden; throws when it cannot be
    /// hidden here (a test asks ``canHide(_:)`` first).
    static func run(hiding soname: String, _ arguments: [String], home: TemporaryDirectory) async throws -> ProcessResult {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), let library = path(of: soname) else {
            throw CannotHide(soname: soname, reason: "it needs root, unshare(1) and a loadable library")
        }
        let script = #"mount --bind /dev/null "$1" || exit 99; shift; exec "$@""#
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-m", "/bin/sh", "-c", script, "sh", library, BuiltProducts.client.path] + arguments,
            environment: ClientEnvironment.make(home: home)
        )
        if result.status == 99 || result.stderr.contains("unshare:") {
            throw CannotHide(soname: soname, reason: "no mount namespace: \(result.stderr.prefix(200))")
        }
        return result
    }

    /// The library could not be hidden (a test enabled by ``canHide(_:)`` should never see this).
    struct CannotHide: Error, CustomStringConvertible {
        let soname: String
        let reason: String
        var description: String { "\(soname) could not be hidden: \(reason)" }
    }
}

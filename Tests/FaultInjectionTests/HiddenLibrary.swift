import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built client with one of the system's libraries hidden: `/dev/null` is mounted over
/// the library's file in a mount namespace of the client's own, so `dlopen` fails there and
/// nowhere else. Needs root and unshare(1); `nil` (with the reason printed) where that is not
/// possible, so the test can skip.
enum HiddenLibrary {
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

    /// Runs the client with `arguments` while `soname` is hidden; `nil` when it cannot be hidden here.
    static func run(hiding soname: String, _ arguments: [String], home: TemporaryDirectory) async throws -> ProcessResult? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), let library = path(of: soname) else {
            print("skipped: hiding \(soname) needs root, unshare(1) and a loadable \(soname)")
            return nil
        }
        let script = #"mount --bind /dev/null "$1" || exit 99; shift; exec "$@""#
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-m", "/bin/sh", "-c", script, "sh", library, BuiltProducts.client.path] + arguments,
            environment: ClientEnvironment.make(home: home)
        )
        if result.status == 99 || result.stderr.contains("unshare:") {
            print("skipped: no mount namespace here (\(result.stderr.prefix(200)))")
            return nil
        }
        return result
    }
}

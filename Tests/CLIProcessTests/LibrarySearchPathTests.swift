import Foundation
import Testing
import TestSupport

/// No library is loaded from the folder the binary sits in. SwiftPM links executables with the
/// run path `$ORIGIN` unless it is built with `--disable-local-rpath`. With that run path, a
/// `libsqlite3.so.0` (or `libssl.so.3`, or `libc.so.6`) put beside a copy of the binary in a
/// shared folder such as `/tmp` is loaded in place of the system's, and its code runs as the user.
///
/// Scripts/test builds with `--disable-local-rpath`, as the README's release build does, and sets
/// `ROCKET_RESERVER_NO_LOCAL_RPATH=1`, which enables this suite. A plain `swift test` keeps
/// SwiftPM's run path and skips it.
@Suite(
    "Library search path", .timeLimit(.minutes(5)),
    .enabled(if: ProcessInfo.processInfo.environment["ROCKET_RESERVER_NO_LOCAL_RPATH"] == "1")
)
struct LibrarySearchPathTests {
    /// A shared library whose constructor writes `marker` when it is loaded.
    static func plantedLibrary(writing marker: URL, at library: URL, in folder: TemporaryDirectory) async throws {
        let source = folder.url.appendingPathComponent("planted.c")
        let code = """
            #include <fcntl.h>
            #include <unistd.h>
            __attribute__((constructor)) static void planted(void) {
                int fd = open("\(marker.path)", O_WRONLY | O_CREAT | O_TRUNC, 0600);
                if (fd >= 0) { write(fd, "loaded\\n", 7); close(fd); }
            }
            """
        try code.write(to: source, atomically: true, encoding: .utf8)
        let compiler = try #require(Self.clang, "no clang beside swiftc on PATH to build the planted library")
        let built = try await ProcessRunner.run(
            compiler, ["-shared", "-fPIC", "-o", library.path, source.path],
            environment: ProcessInfo.processInfo.environment, deadline: 60
        )
        try #require(built.status == 0, "clang failed: \(built.stderr)")
    }

    /// The toolchain's clang: the one beside `swiftc` on `PATH`.
    static var clang: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc").resolvingSymlinksInPath()
            let clang = swiftc.deletingLastPathComponent().appendingPathComponent("clang")
            if FileManager.default.isExecutableFile(atPath: swiftc.path), FileManager.default.isExecutableFile(atPath: clang.path) {
                return clang
            }
        }
        return nil
    }

    @Test func aLibraryBesideTheBinaryIsNotLoaded() async throws {
        let folder = try TemporaryDirectory(prefix: "planted")
        defer { folder.remove() }
        let binary = folder.url.appendingPathComponent("rocket-reserver")
        try FileManager.default.copyItem(at: BuiltProducts.client, to: binary)
        let marker = folder.url.appendingPathComponent("marker")
        try await Self.plantedLibrary(writing: marker, at: folder.url.appendingPathComponent("libsqlite3.so.0"), in: folder)

        // A page of launches: the answer is written to the cache, which loads libsqlite3.
        let server = try FaultServer(.json(
            #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"c1","hasMore":false,"launches":[{"__typename":"Launch","id":"1","site":"Site 1","mission":{"__typename":"Mission","name":"Mission 1","missionPatch":null}}]}}}"#
        ))
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "planted-home")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            binary, ["launches"], environment: ClientEnvironment.make(home: home, endpoint: server.endpoint), deadline: 30
        )
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the libsqlite3.so.0 beside the binary was loaded")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "the system's libsqlite3 was not the one used: \(result.stderr)")
        #expect(result.stdout.contains("Mission 1"))
    }

    @Test func theReadmeBuildsWithoutTheLocalRunPath() throws {
        let readme = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let builds = readme.split(separator: "\n").filter { $0.hasPrefix("swift build -c release") }
        #expect(!builds.isEmpty, "the README no longer shows its release build")
        for line in builds {
            #expect(line.contains("--disable-local-rpath"), "the README's build keeps $ORIGIN: \(line)")
        }
    }
}

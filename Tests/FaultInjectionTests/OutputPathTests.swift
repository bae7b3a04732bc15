import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `schema --output PATH` by what is at PATH: a regular file is replaced atomically and keeps
/// its mode, a hard-linked one is rewritten in place, a symlink is followed, a FIFO, a device
/// and `/dev/stdout` are written as streams; a folder, a socket, a block device, a dangling
/// symlink and a missing or read-only folder are refused with 74 and a sentence. Nothing at
/// PATH is ever replaced by another kind of file, and no temporary file is left behind.
@Suite("schema --output by what is at the path", .timeLimit(.minutes(5)))
struct OutputPathTests {
    /// A session whose server answers every request with the reference schema's introspection
    /// (or one with a `padding`-byte description, for output larger than a pipe holds).
    final class Fixture {
        let session: FaultSession
        /// An empty folder for the test's paths.
        let folder: TemporaryDirectory
        /// What `schema` prints on standard output.
        let expected: String

        init(padding: Int = 0, launchDescription: String? = nil) async throws {
            session = try await FaultSession(prepared: false)
            let url = BuiltProducts.packageRoot.appendingPathComponent("Tests/RocketReserverAPITests/Fixtures/SchemaIntrospection.json")
            // The fixture is the answer to an introspection without the `__typename`s the client asks for.
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var typed = Self.addingTypeNames(answer, as: nil)
            if let text = launchDescription ?? (padding > 0 ? String(repeating: "x", count: padding) : nil), var data = typed["data"] as? [String: Any], var schema = data["__schema"] as? [String: Any],
               var types = schema["types"] as? [[String: Any]], let launch = types.firstIndex(where: { $0["name"] as? String == "Launch" }) {
                types[launch]["description"] = text
                schema["types"] = types
                data["__schema"] = schema
                typed["data"] = data
            }
            let body = try JSONSerialization.data(withJSONObject: typed)
            session.server.behaviour = .respond(status: 200, body: body)
            let printed = try await session.run(["schema"])
            try #require(printed.status == 0, "schema to stdout exited \(printed.status): \(printed.stderr)")
            expected = printed.stdout
            try #require(expected.count > padding)
            session.server.clearRequests()
            // Made last: a failure above leaves no folder behind (deinit does not run for a half-made object).
            folder = try TemporaryDirectory(prefix: "output")
        }

        deinit { folder.remove() }

        /// The introspection types of the objects under each key.
        static let typeNames = [
            "__schema": "__Schema", "queryType": "__Type", "mutationType": "__Type", "subscriptionType": "__Type", "types": "__Type",
            "type": "__Type", "ofType": "__Type", "interfaces": "__Type", "possibleTypes": "__Type", "fields": "__Field",
            "args": "__InputValue", "inputFields": "__InputValue", "enumValues": "__EnumValue", "directives": "__Directive",
        ]

        static func addingTypeNames(_ object: [String: Any], as typeName: String?) -> [String: Any] {
            var result = object
            if let typeName, result["__typename"] == nil { result["__typename"] = typeName }
            for (key, value) in object {
                if let child = value as? [String: Any] {
                    result[key] = addingTypeNames(child, as: typeNames[key])
                } else if let children = value as? [[String: Any]] {
                    result[key] = children.map { addingTypeNames($0, as: typeNames[key]) }
                }
            }
            return result
        }

        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

        func schema(to path: String) async throws -> ProcessResult {
            try await session.run(["schema", "--output", path])
        }

        /// Runs `script` in `sh` with `$1` the fixture's folder and `"$@"` after a `shift` the client and its arguments.
        func shell(_ script: String, _ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", script, "sh", folder.url.path, BuiltProducts.client.path, "--endpoint", session.endpoint] + arguments,
                environment: ClientEnvironment.make(home: session.home), deadline: 30
            )
        }

        /// Runs `script` as ``shell(_:_:)`` does, with `/dev` a private copy when running as root:
        /// a client that replaced `/dev/null` or `/dev/stdout` would break every process on the
        /// machine. `nil` (nothing to test) when root cannot make a private mount namespace here.
        func shellWithPrivateDevices(_ script: String) async throws -> ProcessResult? {
            guard geteuid() == 0 else { return try await shell(script, []) }
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return nil }
            let devices = """
            mount -t tmpfs -o mode=755 tmpfs /dev && mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/full c 1 7 \\
              && mknod -m 666 /dev/zero c 1 5 && mknod -m 666 /dev/urandom c 1 9 && ln -s /proc/self/fd /dev/fd \\
              && ln -s /proc/self/fd/0 /dev/stdin && ln -s /proc/self/fd/1 /dev/stdout && ln -s /proc/self/fd/2 /dev/stderr || exit 125

            """
            let result = try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "/bin/sh", "-c", devices + script, "sh", folder.url.path, BuiltProducts.client.path, "--endpoint", session.endpoint],
                environment: ClientEnvironment.make(home: session.home, extra: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]), deadline: 30
            )
            guard result.status != 125 else {
                print("no private /dev here (\(result.stderr)): nothing to test")
                return nil
            }
            return result
        }

        /// The names in the fixture's folder: a temporary file left behind shows here.
        func names() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
        }

        func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    }

    static func info(_ path: String, following: Bool = false) -> stat? {
        var result = stat()
        return (following ? stat(path, &result) : lstat(path, &result)) == 0 ? result : nil
    }

    /// A path refused before the schema is fetched: nothing was asked of the server.
    static func expectRefusedUpFront(_ result: ProcessResult, _ words: String, _ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation) {
        expectRefusal(result, words, sourceLocation: sourceLocation)
        #expect(fixture.session.server.requestCount == 0, "the schema was fetched for nothing", sourceLocation: sourceLocation)
    }

    static func expectRefusal(_ result: ProcessResult, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 74, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        FaultExpectations.expectPlainMessage(result.stderr, sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    @Test(arguments: [0o600, 0o640, 0o604, 0o755] as [mode_t])
    func aRegularFileIsReplacedAtomicallyAndKeepsItsMode(_ mode: mode_t) async throws {
        let fixture = try await Fixture()
        let path = fixture.path("saved.graphqls")
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode) == 0)
        let before = try #require(Self.info(path))

        let result = try await fixture.schema(to: path)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(fixture.text(path) == fixture.expected)
        let after = try #require(Self.info(path))
        #expect(after.st_mode & S_IFMT == S_IFREG)
        #expect(after.st_mode & 0o7777 == mode, "mode \(String(after.st_mode & 0o7777, radix: 8)), was \(String(mode, radix: 8))")
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        #expect(after.st_ino != before.st_ino, "not replaced by a new file (a reader could have seen a mix)")
        #expect(fixture.names() == ["saved.graphqls"])
    }

    /// Root replacing another user's file gives the new one that user and group back.
    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func anotherUsersFileKeepsItsOwnerAndGroup() async throws {
        let fixture = try await Fixture()
        let path = fixture.path("theirs.graphqls")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chown(path, 65534, 65534) == 0 && chmod(path, 0o664) == 0)
        let result = try await fixture.schema(to: path)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(fixture.text(path) == fixture.expected)
        let after = try #require(Self.info(path))
        #expect(after.st_uid == 65534 && after.st_gid == 65534 && after.st_mode & 0o7777 == 0o664)
    }

    @Test func aNewFileGetsTheUsualModeAndNothingElseIsLeft() async throws {
        let fixture = try await Fixture()
        let path = fixture.path("new.graphqls")
        let mask = umask(0o022)
        umask(mask)
        let result = try await fixture.schema(to: path)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(fixture.text(path) == fixture.expected)
        #expect(Self.info(path).map { $0.st_mode & 0o7777 } == 0o666 & ~mask)
        #expect(fixture.names() == ["new.graphqls"])
    }

    @Test func aHardLinkedFileIsRewrittenInPlaceSoEveryNameSharesIt() async throws {
        let fixture = try await Fixture()
        let path = fixture.path("saved.graphqls")
        let other = fixture.path("other-name.graphqls")
        try Data(String(repeating: "old contents that are longer than nothing\n", count: 5000).utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o640) == 0)
        #expect(link(path, other) == 0)
        let before = try #require(Self.info(path))

        let result = try await fixture.schema(to: path)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(fixture.text(path) == fixture.expected, "the old, longer contents were not cut")
        #expect(fixture.text(other) == fixture.expected)
        let after = try #require(Self.info(path))
        #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(fixture.names() == ["other-name.graphqls", "saved.graphqls"])
    }

    @Test func aSymlinkToAFileIsFollowedAndKept() async throws {
        let fixture = try await Fixture()
        let target = fixture.path("target.graphqls")
        let link = fixture.path("link.graphqls")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o600) == 0)
        #expect(symlink("target.graphqls", link) == 0)

        let result = try await fixture.schema(to: link)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(Self.info(link).map { $0.st_mode & S_IFMT } == S_IFLNK, "the symlink was replaced")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.graphqls")
        #expect(fixture.text(target) == fixture.expected)
        #expect(Self.info(target).map { $0.st_mode & 0o7777 } == 0o600)
        #expect(fixture.names() == ["link.graphqls", "target.graphqls"])
    }

    @Test func aDanglingSymlinkIsRefusedAndNothingIsCreatedThroughIt() async throws {
        let fixture = try await Fixture()
        let outside = try TemporaryDirectory(prefix: "outside")
        defer { outside.remove() }
        let target = outside.url.appendingPathComponent("created-through-the-link").path
        let link = fixture.path("link.graphqls")
        #expect(symlink(target, link) == 0)

        let result = try await fixture.schema(to: link)
        Self.expectRefusedUpFront(result, "symbolic link", fixture)
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(Self.info(link).map { $0.st_mode & S_IFMT } == S_IFLNK)
        #expect(fixture.names() == ["link.graphqls"])
    }

    @Test func aFIFOIsWrittenAsAStreamToItsReader() async throws {
        let fixture = try await Fixture()
        let fifo = fixture.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader copies the FIFO to a file; the shell waits for both.
        let script = #"dir=$1; shift; cat "$dir/pipe" > "$dir/read" & "$@" schema --output "$dir/pipe"; status=$?; wait; exit $status"#
        let result = try await fixture.shell(script, [])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(fixture.text(fixture.path("read")) == fixture.expected)
        #expect(Self.info(fifo).map { $0.st_mode & S_IFMT } == S_IFIFO, "the FIFO was replaced")
        #expect(fixture.names() == ["pipe", "read"])
    }

    @Test func aFIFOWhoseReaderLeavesIs74() async throws {
        let fixture = try await Fixture(padding: 1 << 20)  // far more than a pipe holds
        let fifo = fixture.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = #"dir=$1; shift; head -c 1 "$dir/pipe" > /dev/null & "$@" schema --output "$dir/pipe"; status=$?; wait; exit $status"#
        let result = try await fixture.shell(script, [])
        Self.expectRefusal(result, "reader went away")
        #expect(Self.info(fifo).map { $0.st_mode & S_IFMT } == S_IFIFO)
        #expect(fixture.names() == ["pipe"])
    }

    /// The device paths are tried in a private `/dev` when running as root (see ``Fixture/shellWithPrivateDevices(_:)``);
    /// each script notes in the folder whether the path is still what it was.
    @Test func devStdoutIsStandardOutputEvenWhenItIsAFileOpenForAppending() async throws {
        let fixture = try await Fixture()
        let stillALink = #"[ -L /dev/stdout ] && touch "$dir/kept""#
        let printed = try #require(try await fixture.shellWithPrivateDevices(#"dir=$1; shift; "$@" schema --output /dev/stdout; s=$?; "# + stillALink + "; exit $s"))
        #expect(printed.status == 0, "exit \(printed.status): \(printed.stderr)")
        #expect(printed.stdout == fixture.expected)
        #expect(fixture.names() == ["kept"], "/dev/stdout is no longer a symlink")
        // Replacing the file standard output goes to would lose the first line.
        let script = #"dir=$1; shift; echo first > "$dir/log"; "$@" schema --output /dev/stdout >> "$dir/log""#
        let appended = try #require(try await fixture.shellWithPrivateDevices(script))
        #expect(appended.status == 0, "exit \(appended.status): \(appended.stderr)")
        #expect(fixture.text(fixture.path("log")) == "first\n" + fixture.expected)
        let descriptor = try #require(try await fixture.shellWithPrivateDevices(#"dir=$1; shift; "$@" schema --output /dev/fd/3 3> "$dir/three""#))
        #expect(descriptor.status == 0, "exit \(descriptor.status): \(descriptor.stderr)")
        #expect(fixture.text(fixture.path("three")) == fixture.expected)
        #expect(fixture.names() == ["kept", "log", "three"])
    }

    /// `/dev/fd/N` is a descriptor the command was started with; its own (the signal pipe, sockets) are never written to.
    @Test func aDescriptorTheCommandWasNotGivenIsRefused() async throws {
        let fixture = try await Fixture()
        for descriptor in 3...9 {
            let script = #"shift; exec "$@" 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-"#
            let result = try await fixture.shell(script, ["schema", "--output", "/dev/fd/\(descriptor)"])
            Self.expectRefusal(result, String(cString: strerror(EBADF)))
        }
        #expect(fixture.names().isEmpty)
    }

    @Test func devNullTakesTheOutputAndStaysADevice() async throws {
        let fixture = try await Fixture()
        let script = #"dir=$1; shift; "$@" schema --output /dev/null; s=$?; [ -c /dev/null ] && touch "$dir/kept"; exit $s"#
        let result = try #require(try await fixture.shellWithPrivateDevices(script))
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(fixture.names() == ["kept"], "/dev/null is no longer a device")
    }

    @Test func aFullDeviceIs74AndStaysADevice() async throws {
        let fixture = try await Fixture()
        let script = #"dir=$1; shift; "$@" schema --output /dev/full; s=$?; [ -c /dev/full ] && touch "$dir/kept"; exit $s"#
        let result = try #require(try await fixture.shellWithPrivateDevices(script))
        Self.expectRefusal(result, String(cString: strerror(ENOSPC)))
        #expect(fixture.names() == ["kept"], "/dev/full is no longer a device")
        let standard = try #require(try await fixture.shellWithPrivateDevices(#"shift; "$@" schema --output /dev/stdout > /dev/full"#))
        #expect(standard.status == 74, "exit \(standard.status): \(standard.stderr)")
    }

    @Test func aFolderIsRefused() async throws {
        let fixture = try await Fixture()
        let folder = fixture.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        Self.expectRefusedUpFront(try await fixture.schema(to: folder), "it is a folder", fixture)
        Self.expectRefusedUpFront(try await fixture.schema(to: folder + "/"), "it is a folder", fixture)
        #expect(Self.info(folder).map { $0.st_mode & S_IFMT } == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(fixture.names() == ["folder"])
    }

    @Test func aSocketIsRefused() async throws {
        let fixture = try await Fixture()
        let path = fixture.path("socket")
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        #expect(listen(descriptor, 1) == 0)

        Self.expectRefusedUpFront(try await fixture.schema(to: path), "it is a socket", fixture)
        #expect(Self.info(path).map { $0.st_mode & S_IFMT } == S_IFSOCK)
        #expect(fixture.names() == ["socket"])
    }

    /// A block device with no driver behind it (device 0:0), so that nothing could ever be written to it.
    @Test(.enabled(if: geteuid() == 0, "only root can make a device node"))
    func aBlockDeviceIsRefused() async throws {
        let fixture = try await Fixture()
        let path = fixture.path("block")
        try #require(mknod(path, S_IFBLK | 0o600, 0) == 0, "mknod: \(String(cString: strerror(errno)))")
        Self.expectRefusedUpFront(try await fixture.schema(to: path), "block device", fixture)
        #expect(Self.info(path).map { $0.st_mode & S_IFMT } == S_IFBLK)
        #expect(fixture.names() == ["block"])
    }

    @Test func aMissingFolderIsReportedAndNothingIsCreated() async throws {
        let fixture = try await Fixture()
        let result = try await fixture.schema(to: fixture.path("no/such/folder/x.graphqls"))
        Self.expectRefusedUpFront(result, String(cString: strerror(ENOENT)), fixture)
        let underAFile = try await fixture.schema(to: "/dev/null/x.graphqls")
        Self.expectRefusedUpFront(underAFile, String(cString: strerror(ENOTDIR)), fixture)
        #expect(fixture.names().isEmpty)
    }

    /// A file that cannot grow (`ulimit -f`, SIGXFSZ ignored): the old file stays whole, hard-linked or not.
    @Test(arguments: [false, true])
    func aWriteThatFailsLeavesTheOldFileAndNoTemporaryFile(_ hardLinked: Bool) async throws {
        let fixture = try await Fixture()
        let path = fixture.path("saved.graphqls")
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        if hardLinked { #expect(link(path, fixture.path("other")) == 0) }
        let script = #"shift; trap '' XFSZ; ulimit -f 1; exec "$@" schema --output "$OUTPUT""#
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", fixture.folder.url.path, BuiltProducts.client.path, "--endpoint", fixture.session.endpoint],
            environment: ClientEnvironment.make(home: fixture.session.home, extra: ["OUTPUT": path]), deadline: 30
        )
        Self.expectRefusal(result, String(cString: strerror(EFBIG)))
        #expect(fixture.text(path) == "old contents")
        #expect(fixture.names() == (hardLinked ? ["other", "saved.graphqls"] : ["saved.graphqls"]))
    }

    // Skipped as root where mount namespaces or read-only bind mounts are forbidden (root ignores modes).
    /// A read-only folder (a read-only bind mount when root, which ignores modes; else mode 0500):
    /// neither a new file nor a replacement can be made there, and the old file stays.
    @Test(.enabled("needs a read-only folder: as root, a read-only bind mount in a mount namespace") { await HostCapabilities.canMakeFoldersReadOnly() })
    func aReadOnlyFolderIsReportedAndLeftAlone() async throws {
        let fixture = try await Fixture()
        let existing = fixture.path("saved.graphqls")
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: existing))
        let folder = fixture.folder.url.path
        let run: ([String]) async throws -> ProcessResult?
        if geteuid() == 0 {
            let script = #"mount --bind -o ro "$0" "$0" && exec "$@""#
            let probe = try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "/bin/sh", "-c", script, folder, "true"],
                environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], deadline: 10
            )
            try #require(probe.status == 0, "no read-only bind mount here: \(probe.stderr)")
            run = { arguments in
                try await ProcessRunner.run(
                    URL(fileURLWithPath: "/usr/bin/unshare"),
                    ["-m", "/bin/sh", "-c", script, folder, BuiltProducts.client.path, "--endpoint", fixture.session.endpoint] + arguments,
                    environment: ClientEnvironment.make(home: fixture.session.home, extra: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]), deadline: 30
                )
            }
        } else {
            chmod(folder, 0o500)
            run = { arguments in try await fixture.session.run(arguments) }
        }
        defer { chmod(folder, 0o700) }
        let created = try #require(try await run(["schema", "--output", fixture.path("new.graphqls")]))
        Self.expectRefusal(created, "could not be written")
        let replaced = try #require(try await run(["schema", "--output", existing]))
        Self.expectRefusal(replaced, "could not be written")
        #expect(fixture.text(existing) == "old contents")
        #expect(fixture.names() == ["saved.graphqls"])
    }
}

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The state folders reached through symbolic links (issue 34): a home at `/var/home` behind
/// `/home`, a `~/.cache` moved to another disk. The cache and the login work through them as
/// git and the `sqlite3` shell do, while a link at the database or beside it is still never
/// followed; and an odd file at any member of the database's set is moved aside with the rest,
/// so the next command works.
@Suite(.timeLimit(.minutes(3)))
struct CachePathLinkTests {
    /// Where the link sits on the way to the state.
    enum Placement: String, CaseIterable, Sendable {
        case home = "HOME"
        case xdgCacheHome = "XDG_CACHE_HOME"
        case dotCache = "~/.cache"
        case cacheFolder = "the cache folder"
        case rocketReserverHome = "ROCKET_RESERVER_HOME"
        case xdgConfigHome = "XDG_CONFIG_HOME"
        case credentialsFolder = "the credentials folder"
    }

    /// A home and a server, with one symbolic link on the way to the state.
    struct Fixture {
        let root: TemporaryDirectory
        let server: FaultServer
        let environment: [String: String]
        /// Where the cache folder really is (the link resolved).
        let realCache: String
        /// Where the credentials folder really is.
        let realCredentials: String

        init(_ placement: Placement) throws {
            root = try TemporaryDirectory(prefix: "linked-state")
            server = try FaultServer(FaultServerTutorial.behaviour(token: "link-token-\(UUID().uuidString)"))
            let top = root.url.path
            let files = FileManager.default
            var environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1", "ROCKET_RESERVER_ENDPOINT": server.endpoint]
            var realCache = top + "/home/.cache/rocket-reserver"
            var realCredentials = top + "/home/.config/rocket-reserver"
            try files.createDirectory(atPath: top + "/home", withIntermediateDirectories: true)
            environment["HOME"] = top + "/home"
            switch placement {
            case .home:
                // Fedora Silverblue: /home -> /var/home.
                environment["HOME"] = top + "/linked-home"
                try #require(symlink(top + "/home", top + "/linked-home") == 0)
            case .xdgCacheHome:
                try files.createDirectory(atPath: top + "/other-disk/cache", withIntermediateDirectories: true)
                try #require(symlink(top + "/other-disk/cache", top + "/linked-cache") == 0)
                environment["XDG_CACHE_HOME"] = top + "/linked-cache"
                realCache = top + "/other-disk/cache/rocket-reserver"
            case .dotCache:
                try files.createDirectory(atPath: top + "/other-disk/cache", withIntermediateDirectories: true)
                try #require(symlink(top + "/other-disk/cache", top + "/home/.cache") == 0)
                realCache = top + "/other-disk/cache/rocket-reserver"
            case .cacheFolder:
                try files.createDirectory(atPath: top + "/other-disk/rr", withIntermediateDirectories: true)
                try files.createDirectory(atPath: top + "/home/.cache", withIntermediateDirectories: true)
                // A relative link, as `ln -s ../other-disk/rr` makes.
                try #require(symlink("../../other-disk/rr", top + "/home/.cache/rocket-reserver") == 0)
                realCache = top + "/other-disk/rr"
            case .rocketReserverHome:
                try files.createDirectory(atPath: top + "/other-disk/state", withIntermediateDirectories: true)
                try #require(symlink(top + "/other-disk/state", top + "/linked-state") == 0)
                environment["ROCKET_RESERVER_HOME"] = top + "/linked-state"
                realCache = top + "/other-disk/state/cache"
                realCredentials = top + "/other-disk/state/credentials"
            case .xdgConfigHome:
                try files.createDirectory(atPath: top + "/other-disk/config", withIntermediateDirectories: true)
                try #require(symlink(top + "/other-disk/config", top + "/linked-config") == 0)
                environment["XDG_CONFIG_HOME"] = top + "/linked-config"
                realCredentials = top + "/other-disk/config/rocket-reserver"
            case .credentialsFolder:
                try files.createDirectory(atPath: top + "/other-disk/login", withIntermediateDirectories: true)
                try files.createDirectory(atPath: top + "/home/.config", withIntermediateDirectories: true)
                try #require(symlink(top + "/other-disk/login", top + "/home/.config/rocket-reserver") == 0)
                realCredentials = top + "/other-disk/login"
            }
            self.environment = environment
            self.realCache = realCache
            self.realCredentials = realCredentials
        }

        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.run(BuiltProducts.client, arguments, environment: environment, deadline: 30)
        }

        /// The regular files directly in `folder`, by name.
        func files(in folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                var info = stat()
                return lstat(folder + "/" + $0, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            }.sorted()
        }

        func tearDown() {
            server.stop()
            root.remove()
        }
    }

    @Test(arguments: [Placement.home, .xdgCacheHome, .dotCache, .cacheFolder, .rocketReserverHome])
    func aCacheReachedThroughALinkAnswersOffline(_ placement: Placement) async throws {
        let fixture = try Fixture(placement)
        defer { fixture.tearDown() }
        let online = try await fixture.run(["details", "1", "--json"])
        #expect(online.status == 0, "exit \(online.status): \(online.stderr)")
        #expect(online.stderr.isEmpty, "stderr: \(online.stderr)")
        let requests = fixture.server.requestCount

        let offline = try await fixture.run(["--offline", "details", "1", "--json"])
        #expect(offline.status == 0, "exit \(offline.status): \(offline.stderr)")
        #expect(offline.stderr.isEmpty, "stderr: \(offline.stderr)")
        #expect(offline.stdout == online.stdout)
        #expect(fixture.server.requestCount == requests, "the offline command connected")
        let cached = fixture.files(in: fixture.realCache)
        #expect(cached.contains { $0.hasSuffix(".sqlite") }, "no database in the real cache folder: \(cached)")
        #expect(!cached.contains { $0.hasSuffix(".damaged") }, "\(cached)")
    }

    @Test(arguments: [Placement.home, .xdgConfigHome, .credentialsFolder, .rocketReserverHome])
    func aLoginReachedThroughALinkIsKept(_ placement: Placement) async throws {
        let fixture = try Fixture(placement)
        defer { fixture.tearDown() }
        let login = try await fixture.run(["login", "me@example.com"])
        #expect(login.status == 0, "exit \(login.status): \(login.stderr)")
        let whoami = try await fixture.run(["whoami"])
        #expect(whoami.status == 0, "exit \(whoami.status): \(whoami.stderr)")
        #expect(whoami.stdout.contains("me@example.com"))
        #expect(fixture.files(in: fixture.realCredentials).contains { $0.hasPrefix("credential-") }, "no credential in the real folder")
        let logout = try await fixture.run(["logout"])
        #expect(logout.status == 0, "exit \(logout.status): \(logout.stderr)")
        #expect(!fixture.files(in: fixture.realCredentials).contains { $0.hasPrefix("credential-") }, "the credential stayed")
    }

    /// Something other than a regular file at one member of the database's set, the others
    /// (the write-ahead log and its index, which outlive every command) left as they were.
    struct Oddity: Sendable, CustomTestStringConvertible {
        var member: String
        var kind: String
        var testDescription: String { "\(kind) at \(member.isEmpty ? "the database" : member)" }
    }

    static let oddities = [
        Oddity(member: "", kind: "FIFO"),
        Oddity(member: "", kind: "folder"),
        Oddity(member: "", kind: "symlink"),
        Oddity(member: "-wal", kind: "FIFO"),
        Oddity(member: "-shm", kind: "folder"),
        Oddity(member: "-wal", kind: "symlink"),
        Oddity(member: "-shm", kind: "symlink"),
    ]

    @Test(arguments: oddities)
    func anOddMemberOfTheDatabaseIsMovedAsideWithTheRestAndTheNextCommandWorks(_ oddity: Oddity) async throws {
        let session = try await FaultSession()
        let database = try #require(session.cacheFiles(session.home.snapshot()).keys.first { $0.hasSuffix(".sqlite") })
        let path = session.home.url.path + database
        // The snapshot above read the database and folded its log away: one more command leaves
        // the log and its index beside it, as every command does.
        let warm = try await session.run(["details", "2", "--json"], deadline: 20)
        #expect(warm.status == 0, "exit \(warm.status): \(warm.stderr)")
        session.server.clearRequests()
        var info = stat()
        #expect(lstat(path + "-wal", &info) == 0 && lstat(path + "-shm", &info) == 0, "the log and its index outlive the command")
        let outside = try TemporaryDirectory(prefix: "outside")
        defer { outside.remove() }
        let target = outside.url.appendingPathComponent("never-written").path
        let odd = path + oddity.member
        try FileManager.default.removeItem(atPath: odd)
        switch oddity.kind {
        case "FIFO": try #require(mkfifo(odd, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: false)
        default: try #require(symlink(target, odd) == 0)
        }

        let first = try await session.run(["details", FaultSession.cachedLaunch, "--json"], deadline: 20)
        #expect(first.status == 0, "exit \(first.status): \(first.stderr)")
        let lines = first.stderr.split(separator: "\n")
        #expect(lines.count == 1 && first.stderr.contains("Moved the damaged GraphQL cache"), "stderr: \(first.stderr)")
        #expect(oddity.member.isEmpty || first.stderr.contains("its \(oddity.member) file"), "stderr: \(first.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target), "a file was made through the link")

        // The next command works from the rebuilt cache, without a word.
        let offline = try await session.run(["--offline", "details", FaultSession.cachedLaunch, "--json"], deadline: 20)
        #expect(offline.status == 0, "exit \(offline.status): \(offline.stderr)")
        #expect(offline.stderr.isEmpty, "stderr: \(offline.stderr)")
        #expect(offline.stdout == first.stdout)
        for suffix in ["", "-wal", "-shm", "-journal"] where lstat(path + suffix, &info) == 0 {
            #expect(info.st_mode & S_IFMT == S_IFREG, "\(database + suffix) is still not a regular file")
        }
    }
}

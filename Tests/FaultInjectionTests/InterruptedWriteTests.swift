import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Writes cut short by a signal leave no secret behind: SIGINT, SIGTERM and SIGHUP remove the
/// process's own temporary files; whatever SIGKILL leaves is swept at the next run, except a
/// live writer's file; and after `logout` no file holds the token.
@Suite("Interrupted writes", .timeLimit(.minutes(5)))
struct InterruptedWriteTests {
    /// A leftover temporary file of a dead process, holding `content`.
    static func plant(_ name: String, pid: Int32 = 999_999_999, in folder: URL, content: String) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(".\(name).\(pid).0123456789abcdef.tmp")
        try Data(content.utf8).write(to: url)
        return url
    }

    @Test func staleTemporaryFilesAreRemovedAtTheNextRunButALiveWritersAreKept() async throws {
        let session = try await FaultSession()
        let credentials = session.home.url.appendingPathComponent("credentials")
        let cache = session.home.url.appendingPathComponent("cache")
        let credentialName = try #require(session.credentialFiles(session.home.snapshot()).keys.first?.split(separator: "/").last)
        let dead = try Self.plant(String(credentialName), in: credentials, content: session.token)
        let oldFormat = credentials.appendingPathComponent(".\(credentialName).\(UUID().uuidString).tmp")
        try Data(session.token.utf8).write(to: oldFormat)
        let deadCache = try Self.plant("cache-0000000000000000-0000000000000000.rrcache", in: cache, content: "me@example.com")
        // A symlink under a temporary name is junk: removed, its target left alone.
        let outside = try TemporaryDirectory(prefix: "outside")
        defer { outside.remove() }
        let target = outside.url.appendingPathComponent("target")
        try Data("keep".utf8).write(to: target)
        let link = credentials.appendingPathComponent(".\(credentialName).999999998.fedcba9876543210.tmp")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        // A live writer: this test process, holding the file's lock as a writer does.
        let live = try Self.plant(String(credentialName), pid: getpid(), in: credentials, content: session.token)
        let descriptor = open(live.path, O_RDONLY)
        #expect(flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }

        let result = try await session.run(["launches"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
        for url in [dead, oldFormat, deadCache, link] {
            #expect(!FileManager.default.fileExists(atPath: url.path), "\(url.lastPathComponent) was left")
        }
        #expect(FileManager.default.fileExists(atPath: live.path), "a live writer's file was removed")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aTerminationSignalRemovesTheProcesssOwnTemporaryFiles(_ signalNumber: Int32) async throws {
        let session = try await FaultSession()
        session.server.behaviour = .neverAnswer
        let process = ChildProcess()
        process.executableURL = BuiltProducts.client
        process.arguments = ["--endpoint", session.server.endpoint, "--timeout", "60", "details", "1", "--force-reload"]
        process.environment = ClientEnvironment.make(home: session.home)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = try await ProcessExit(starting: process)
        defer { if process.isRunning { process.signal(SIGKILL) } }
        #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")

        // What the process would be writing when the signal comes: a temporary file of its own.
        let cacheName = try #require(session.cacheFiles(session.home.snapshot()).keys.first?.split(separator: "/").last)
        let own = try Self.plant(String(cacheName), pid: process.processIdentifier,
                                 in: session.home.url.appendingPathComponent("cache"), content: "me@example.com")
        let signalled = ContinuousClock.now
        process.signal(signalNumber)
        let elapsed = await exit.wait() - signalled

        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber,
                "ended with \(process.terminationReason) \(process.terminationStatus)")
        #expect(!FileManager.default.fileExists(atPath: own.path), "its temporary file was left")
    }

    /// Many `login`s against the reference server, each killed at a random point, then one
    /// normal run: no temporary file is left and only the credential holds the token; after
    /// `logout`, no file does.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProducts.server.path), "needs the reference server"),
        arguments: [["login"], ["details", "--force-reload"]]
    )
    func aKillStormLeavesNoSecretBehind(_ command: [String]) async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "storm")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint)
        if command != ["login"] {  // the cache storm runs logged in, so cache files hold the user's data
            #expect(try await ProcessRunner.run(BuiltProducts.client, ["login", "storm@example.com"], environment: environment).status == 0)
        }
        let runs = command == ["login"] ? 200 : 100
        var leftOver: Set<String> = []
        for run in 0..<runs {
            let process = ChildProcess()
            process.executableURL = BuiltProducts.client
            process.arguments = command == ["login"] ? ["login", "storm\(run % 3)@example.com"] : ["details", String(run % 20 + 1), "--force-reload"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let exit = try await ProcessExit(starting: process)
            // A random point in the run to kill it at (a delay, not a synchronisation).
            try await Task.sleep(for: .microseconds(Int.random(in: 0...60_000)))
            process.signal(run.isMultiple(of: 2) ? SIGKILL : SIGTERM)
            await exit.wait()
            leftOver.formUnion(Self.temporaryFiles(in: home))
        }
        let final = try await ProcessRunner.run(BuiltProducts.client, command == ["login"] ? ["login", "storm@example.com"] : ["details", "1"],
                                          environment: environment)
        #expect(final.status == 0, "exit \(final.status): \(final.stderr)")
        let left = Self.temporaryFiles(in: home)
        let credential = try #require(home.snapshot().first { $0.key.hasPrefix("/credentials/credential-") })
        let stored = try #require(try JSONSerialization.jsonObject(with: credential.value) as? [String: Any])
        let token = try #require(stored["token"] as? String)
        let holders = home.snapshot().filter { $0.key != credential.key && $0.value.range(of: Data(token.utf8)) != nil }
        print("kill storm \(command.joined(separator: " ")): \(runs) runs, \(leftOver.count) temporary files left by killed runs, \(left.count) after the next run")
        #expect(left.isEmpty, "left: \(left)")
        #expect(holders.isEmpty, "the token is in \(holders.keys.sorted())")

        let logout = try await ProcessRunner.run(BuiltProducts.client, ["logout"], environment: environment)
        #expect(logout.status == 0, "exit \(logout.status): \(logout.stderr)")
        #expect(home.snapshot().filter { $0.value.range(of: Data(token.utf8)) != nil }.isEmpty)
        #expect(!home.snapshot().contains { $0.value.range(of: Data("storm".utf8)) != nil }, "a file still holds the email")
    }

    static func temporaryFiles(in home: TemporaryDirectory) -> [String] {
        (FileManager.default.enumerator(atPath: home.url.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".tmp") }
    }
}

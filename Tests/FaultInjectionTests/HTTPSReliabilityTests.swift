import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// What https keeps from the http path: mutations once, queries retried, Ctrl-C prompt.
@Suite("HTTPS reliability")
struct HTTPSReliabilityTests {
    @Test func aMutationIsSentExactlyOnce() async throws {
        let session = try await FaultSession(https: true)
        session.server.behaviour = .closeWithoutAnswer
        let before = session.home.snapshot()
        let result = try await session.run(["book", "1"])
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before, allowing: [.cacheMayChange])
        #expect(session.bookingRequests.count == 1, "the mutation was sent \(session.bookingRequests.count) times")
    }

    @Test func aQueryIsRetriedAfterTransientFailures() async throws {
        let session = try await FaultSession(https: true)
        session.server.enqueue(.empty(status: 503), .empty(status: 503))
        let result = try await session.run(HTTPSFaultTests.query + ["--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(session.server.requestCount == 3)
    }

    @Test func ctrlCEndsAnHTTPSRequestPromptly() async throws {
        let session = try await FaultSession(https: true)
        session.server.behaviour = .neverAnswer
        let before = session.home.snapshot()
        let (process, elapsed) = try await session.interrupt(HTTPSFaultTests.query)
        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end after Ctrl-C")
        #expect(process.terminationStatus == 130 || process.terminationReason == .uncaughtSignal)
        #expect(session.home.snapshot() == before)
    }

    @Test func waitingForASilentServerUsesNoCPU() async throws {
        let session = try await FaultSession(https: true)
        session.server.behaviour = .neverAnswer
        let process = Process()
        process.executableURL = BuiltProducts.client
        process.arguments = ["--endpoint", session.endpoint, "--cacert", TLSFixture.caFile, "--timeout", "30"] + HTTPSFaultTests.query
        process.environment = ClientEnvironment.make(home: session.home)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        _ = try await ProcessExit(starting: process)
        defer { if process.isRunning { process.terminate() } }
        #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")
        let before = try Self.cpuTicks(of: process.processIdentifier)
        // A measurement window, not a synchronisation: how much CPU one second of waiting costs.
        try await Task.sleep(for: .seconds(1))
        let after = try Self.cpuTicks(of: process.processIdentifier)
        // A spinning wait would use most of the second (about 100 ticks).
        #expect(after - before < 20, "the client used \(after - before) ticks of CPU in one second of waiting")
    }

    /// utime + stime of a running process, in clock ticks, from /proc.
    static func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which ends at the last ')'); utime and stime are 14th and 15th.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }
}

/// Without `libssl.so.3`, https fails with a sentence naming the library (http never needs it).
@Suite("HTTPS without OpenSSL")
struct MissingOpenSSLTests {
    @Test func httpsSaysTheTLSLibraryCouldNotBeLoaded() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        // The front has loaded libssl.so.3 into this process: hide that file from the client
        // by mounting /dev/null over it in a mount namespace of the client's own.
        // Read, not sized: /proc files report a size of 0.
        let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              let library = maps.split(separator: "\n").compactMap({ $0.split(separator: " ").last }).first(where: { $0.hasSuffix("/libssl.so.3") })
        else {
            print("skipped: hiding libssl.so.3 needs root, unshare(1) and a loaded libssl.so.3")
            return
        }
        let script = #"mount --bind /dev/null "$1" || exit 99; exec "$2" --endpoint "$3" "$4" details 1 --force-reload"#
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-m", "/bin/sh", "-c", script, "sh", String(library), BuiltProducts.client.path, session.endpoint, "--cacert=\(TLSFixture.caFile)"],
            environment: ClientEnvironment.make(home: session.home)
        )
        if result.status == 99 || result.stderr.contains("unshare:") {
            print("skipped: no mount namespace here (\(result.stderr.prefix(200)))")
            return
        }
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("the TLS library libssl.so.3 could not be loaded"), "stderr: \(result.stderr)")
        #expect(session.front?.handshakes == 0)
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// What https keeps from the http path: mutations once, queries retried, Ctrl-C prompt.
@Suite("HTTPS reliability", .timeLimit(.minutes(5)))
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
        let process = ChildProcess()
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
@Suite("HTTPS without OpenSSL", .timeLimit(.minutes(5)))
struct MissingOpenSSLTests {
    // Skipped without root, unshare(1) or a mount namespace: the library cannot be hidden then.
    @Test(.enabled("needs root, unshare(1) and a mount namespace to hide libssl.so.3") { await HiddenLibrary.canHide("libssl.so.3") })
    func httpsSaysTheTLSLibraryCouldNotBeLoaded() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        // The front has loaded libssl.so.3 into this process; the client's namespace hides it.
        let result = try await HiddenLibrary.run(
            hiding: "libssl.so.3", ["--endpoint", session.endpoint, "--cacert=\(TLSFixture.caFile)", "details", "1", "--force-reload"], home: session.home
        )
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("the TLS library libssl.so.3 could not be loaded"), "stderr: \(result.stderr)")
        #expect(session.front?.handshakes == 0)
    }
}

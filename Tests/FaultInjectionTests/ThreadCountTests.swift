import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A command runs on the main thread: while its request is in flight the process has three
/// threads (the main one, the request's and the signal thread), not a concurrency pool and
/// Dispatch's timer threads besides.
@Suite("Thread count", .timeLimit(.minutes(5)))
struct ThreadCountTests {
    @Test(arguments: [false, true])
    func aRequestInFlightUsesThreeThreads(overTLS: Bool) async throws {
        let session = try await FaultSession(https: overTLS)
        session.server.behaviour = .neverAnswer
        let trust = overTLS ? ["--cacert", TLSFixture.caFile] : []
        let (process, exit) = try await session.launch(
            ["--endpoint", session.endpoint] + trust + ["--timeout", "60", "details", "1", "--force-reload"]
        )
        defer { if process.isRunning { process.terminate() } }

        #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task")
        #expect(threads.count == 3, "\(threads.count) threads")
        process.signal(SIGTERM)
        await exit.wait()
    }
}

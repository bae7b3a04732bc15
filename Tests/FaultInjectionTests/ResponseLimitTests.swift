import Foundation
import Testing
import TestSupport

/// Answers larger than the body limit (64 MiB, or `ROCKET_RESERVER_MAX_RESPONSE_BYTES`) are
/// refused while they arrive, whatever their framing: exit 76 with a sentence that gives the
/// limit, memory bounded, state untouched.
@Suite("Response size limit", .timeLimit(.minutes(5)))
struct ResponseLimitTests {
    static let framings: [EndlessFraming] = [.untilClose, .chunked, .contentLength(10_000_000_000)]

    @Test(arguments: framings)
    func anEndlessBodyStopsAtTheConfiguredLimit(_ framing: EndlessFraming) async throws {
        let session = try await FaultSession()
        session.server.behaviour = .endless(framing)
        let before = session.home.snapshot()
        let result = try await session.run(QueryFaultTests.query, environment: ["ROCKET_RESERVER_MAX_RESPONSE_BYTES": "1048576"])
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect(result.stderr.contains("larger than the limit of 1 MiB"), "\(result.stderr)")
    }

    @Test func theDefaultLimitIs64MiBAndMemoryStaysBounded() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .endless(.untilClose)
        let before = session.home.snapshot()
        let result = try await session.run(QueryFaultTests.query, deadline: 60, samplesPeakMemory: true)
        let elapsed = result.duration  // the child's own time, not the wait for a slot
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect(result.stderr.contains("larger than the limit of 64 MiB"), "\(result.stderr)")
        // A safety bound, not a benchmark: unbounded reading grew to gigabytes. This child alone.
        let peak = try #require(result.peakResidentKiB, "the client's memory was not followed")
        #expect(peak < 1_000_000, "the client peaked at \(peak) KiB")
        print("endless body, default limit: refused after \(elapsed); the client peaked at \(peak) KiB")
    }

    @Test func aHugeContentLengthIsRefusedBeforeTheBody() async throws {
        let session = try await FaultSession()
        // The head promises 10 GB, and the server then sends nothing: only the head can be judged.
        session.server.behaviour = .raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n".utf8))
        let result = try await session.run(QueryFaultTests.query)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("larger than the limit of 64 MiB"))
    }

    @Test func theLimitCanBeRaised() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .hugeBody(megabytes: 2)
        let lowered = try await session.run(QueryFaultTests.query, environment: ["ROCKET_RESERVER_MAX_RESPONSE_BYTES": "1000000"])
        #expect(lowered.status == 76)
        let raised = try await session.run(QueryFaultTests.query, environment: ["ROCKET_RESERVER_MAX_RESPONSE_BYTES": "3000000"])
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    @Test(arguments: ["0", "-1", "abc", "1e6", " 100", "99999999999999999999", "2000000000000"])
    func anInvalidLimitIsAUsageError(_ value: String) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        let result = try await session.run(QueryFaultTests.query, environment: ["ROCKET_RESERVER_MAX_RESPONSE_BYTES": value])
        #expect(result.status == 64, "\(value): \(result.stderr)")
        #expect(result.stderr.contains("ROCKET_RESERVER_MAX_RESPONSE_BYTES must be"))
        #expect(session.server.requestCount == 0)
        #expect(session.home.snapshot() == before)
    }
}

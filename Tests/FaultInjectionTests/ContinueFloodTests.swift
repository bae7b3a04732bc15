import Foundation
import Testing
import TestSupport

/// Interim (1xx) answers before the real one: skipped while they stay under the head limit
/// (64 KiB in all), an answer not understood (76) past it, never misread however the reader's
/// buffer was compacted in between.
@Suite("1xx floods", .timeLimit(.minutes(5)))
struct ContinueFloodTests {
    static let missionName = "Survived the flood"

    static func answer(interimBytes: Int, head: String = "HTTP/1.1 100 Continue\r\n\r\n") -> Data {
        let body = #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"X","mission":{"__typename":"Mission","name":"\#(missionName)","missionPatch":null},"#
            + #""rocket":{"__typename":"Rocket","id":"r","name":"R","type":"T"},"isBooked":false}}}"#
        let interim = String(repeating: head, count: max(0, interimBytes / head.utf8.count))
        return Data((interim + "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
    }

    @Test(arguments: [false, true], [1 << 20, (1 << 20) + 100, 3 << 20])
    func aFloodPastTheLimitIs76(https: Bool, bytes: Int) async throws {
        let session = try await FaultSession(https: https)
        session.server.behaviour = .raw(Self.answer(interimBytes: bytes))
        let before = session.home.snapshot()
        let result = try await session.run(QueryFaultTests.query)
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect(result.stderr.contains("interim (1xx) answers"), "stderr: \(result.stderr)")
    }

    /// Under the limit, of every interim status and size, the answer after them is the one shown.
    @Test(arguments: [false, true], [
        "HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 102 Processing\r\n\r\n", "HTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload\r\n\r\n",
        "HTTP/1.1 199 Whatever\r\nX-Pad: " + String(repeating: "p", count: 20_000) + "\r\n\r\n", "HTTP/1.0 100 Continue\n\n",
    ])
    func interimAnswersUnderTheLimitAreSkipped(https: Bool, head: String) async throws {
        let session = try await FaultSession(https: https)
        session.server.behaviour = .raw(Self.answer(interimBytes: 60_000, head: head))
        let result = try await session.run(QueryFaultTests.query + ["--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains(Self.missionName), "stdout: \(result.stdout.prefix(300))")
    }
}

import Foundation
import HTTPSeam
@testable import SocketTransport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The deadline of a blocking call's waits.
struct BlockingCallTests {
    /// Readiness of `ends[0]` seen by a wait whose deadline is `deadline`, with a byte already
    /// written to the other end when `written`.
    private func wait(written: Bool, until deadline: ContinuousClock.Instant) async throws -> Int16 {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        if written {
            var byte: UInt8 = 1
            #expect(send(ends[1], &byte, 1, 0) == 1)
        }
        let reader = ends[0]
        let response = try await BlockingCall.run { call in
            let events = try call.wait(for: reader, events: Int16(POLLIN), until: deadline)
            return HTTPResponse(statusCode: Int(events), body: Data())
        }
        return Int16(response.statusCode)
    }

    /// A thread that gets to run only after the deadline still takes an answer that is there.
    @Test func anAnswerThatArrivedInTimeIsReadAfterTheDeadline() async throws {
        let events = try await wait(written: true, until: .now - .seconds(1))
        #expect(events & Int16(POLLIN) != 0)
    }

    @Test func nothingThereAfterTheDeadlineIsATimeout() async {
        let error = await #expect(throws: HTTPTransportError.self) {
            _ = try await wait(written: false, until: .now - .seconds(1))
        }
        #expect(error?.kind == .timedOut)
    }
}

import Foundation
import Testing
import TestSupport

/// Queries retry transient failures a bounded number of times; other failures and mutations
/// are not retried.
@Suite("Retries", .timeLimit(.minutes(5)))
struct RetryTests {
    @Test func aQueryOutlastsTwo503s() async throws {
        let session = try await FaultSession(prepared: false)
        session.server.enqueue(.empty(status: 503), .empty(status: 503))
        let result = try await session.run(["details", "7", "--json"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["id"] as? String == "7")
        #expect(session.server.requestCount == 3)
    }

    @Test func aQueryOutlastsAResetAndAClose() async throws {
        let session = try await FaultSession(prepared: false)
        session.server.enqueue(.resetMidBody, .closeWithoutAnswer)
        let result = try await session.run(["details", "7", "--json"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(session.server.requestCount == 3)
    }

    @Test func aQueryGivesUpAfterABoundedNumberOf503s() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .empty(status: 503)
        let before = session.home.snapshot()
        let result = try await session.run(["details", FaultSession.cachedLaunch, "--force-reload"])
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect((2...4).contains(session.server.requestCount), "\(session.server.requestCount) requests")
    }

    @Test func aQueryGivesUpAfterABoundedNumberOfResets() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .resetMidBody
        let before = session.home.snapshot()
        let result = try await session.run(["details", FaultSession.cachedLaunch, "--force-reload"])
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect((2...4).contains(session.server.requestCount), "\(session.server.requestCount) requests")
    }

    @Test(arguments: [500, 401])
    func aQueryIsNotRetriedAfterAPermanentFailure(_ status: Int) async throws {
        let session = try await FaultSession(prepared: false)
        session.server.behaviour = .html(status: status)
        let result = try await session.run(["details", "7"])
        #expect(result.status != 0)
        #expect(session.server.requestCount == 1, "\(session.server.requestCount) requests after HTTP \(status)")
    }

    @Test func aQueryIsNotRetriedAfterAGraphQLError() async throws {
        let session = try await FaultSession(prepared: false)
        session.server.behaviour = .json(#"{"data":null,"errors":[{"message":"no"}]}"#)
        let result = try await session.run(["details", "7"])
        #expect(result.status == 1)
        #expect(session.server.requestCount == 1)
    }

    @Test func aBookingIsNotRetriedAfterA503ThatWouldHavePassed() async throws {
        let session = try await FaultSession()
        let first = FirstTime()
        session.server.behaviour = .decide { request in
            request.graphQLQuery.contains("bookTrips") && first.claim() ? .empty(status: 503) : FaultServerTutorial.behaviour(token: "unused")
        }
        let result = try await session.run(["book", FaultSession.cachedLaunch])
        #expect(result.status == 76, "exit \(result.status): \(result.stderr)")
        #expect(session.bookingRequests.count == 1)
    }

    @Test func aLoginIsNotRetried() async throws {
        let session = try await FaultSession(prepared: false)
        session.server.behaviour = .resetMidBody
        let result = try await session.run(["login", "me@example.com"])
        #expect(result.status == 69, "exit \(result.status): \(result.stderr)")
        #expect(session.server.requestCount == 1)
        #expect(session.home.snapshot().isEmpty)
    }
}

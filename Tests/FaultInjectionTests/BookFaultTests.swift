import Foundation
import Testing
import TestSupport

/// `book 1` (a mutation, logged in) against each server fault: the right exit status, the
/// mutation sent exactly once whatever happens, and the stored login left alone (the cache
/// may lose the touched entry only when the booking's outcome is unknown).
@Suite("Booking faults", .timeLimit(.minutes(5)))
struct BookFaultTests {
    static let book = ["book", FaultSession.cachedLaunch]

    /// A fault the server plays while booking.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var behaviour: FaultServerBehaviour
        var statuses: Set<Int32>
        var allowing: Set<FaultExpectations.Allowance>
        var testDescription: String { name }
    }

    static let unknownOutcomes: [Fault] = [
        Fault(name: "HTTP 503 empty", behaviour: .empty(status: 503), statuses: [76], allowing: [.cacheMayChange]),
        Fault(name: "HTTP 502 with HTML", behaviour: .html(status: 502), statuses: [76], allowing: [.cacheMayChange]),
        Fault(name: "reset mid-body", behaviour: .resetMidBody, statuses: [69], allowing: [.cacheMayChange]),
        Fault(name: "closed without answer", behaviour: .closeWithoutAnswer, statuses: [69], allowing: [.cacheMayChange]),
        Fault(name: "not JSON", behaviour: .respond(status: 200, body: Data("<html>".utf8)), statuses: [76], allowing: [.cacheMayChange]),
    ]

    @Test(arguments: unknownOutcomes)
    func mutationIsSentOnceWhenItsOutcomeIsUnknown(_ fault: Fault) async throws {
        let session = try await FaultSession()
        session.server.behaviour = .decide { request in
            request.graphQLQuery.contains("bookTrips") ? fault.behaviour : FaultServerTutorial.behaviour(token: "unused")
        }
        let before = session.home.snapshot()
        let result = try await session.run(Self.book)
        FaultExpectations.expectCleanFailure(result, status: fault.statuses, session: session, before: before, allowing: fault.allowing)
        #expect(session.bookingRequests.count == 1, "bookTrips was sent \(session.bookingRequests.count) times")
    }

    @Test func mutationIsSentOnceWhenTheServerNeverAnswers() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .neverAnswer
        let before = session.home.snapshot()
        let result = try await session.run(Self.book + ["--timeout", "1"])
        let elapsed = result.duration  // the child's own time, not the wait for a slot
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before, allowing: [.cacheMayChange])
        #expect(elapsed < .seconds(15), "a 1-second timeout took \(elapsed)")
        #expect(session.bookingRequests.count == 1, "bookTrips was sent \(session.bookingRequests.count) times")
    }

    static let rejections: [Fault] = [
        Fault(name: "HTTP 401", behaviour: .json(#"{"errors":[{"message":"not authenticated"}]}"#, status: 401), statuses: [77], allowing: [.tokenMayBeForgotten]),
        Fault(name: "HTTP 403", behaviour: .empty(status: 403), statuses: [77], allowing: [.tokenMayBeForgotten]),
        Fault(
            name: "the tutorial's null-user error",
            behaviour: .json(#"{"data":null,"errors":[{"message":"Cannot read properties of null (reading 'id')","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
            statuses: [77], allowing: [.tokenMayBeForgotten]
        ),
    ]

    @Test(arguments: rejections)
    func rejectedTokenAsksToLogInAgain(_ fault: Fault) async throws {
        let session = try await FaultSession()
        session.server.behaviour = fault.behaviour
        let before = session.home.snapshot()
        let result = try await session.run(Self.book)
        FaultExpectations.expectCleanFailure(result, status: fault.statuses, session: session, before: before, allowing: fault.allowing)
        #expect(result.stderr.lowercased().contains("log in again"), "stderr: \(result.stderr)")
        #expect(session.bookingRequests.count == 1)
    }

    @Test func refusedBookingExits1() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .json(#"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":false,"message":"the launch is sold out","launches":[]}}}"#)
        let before = session.home.snapshot()
        let result = try await session.run(Self.book)
        // `success: false` is a result (`{"success":false,…}` with --json), so it may be printed on stdout.
        #expect(result.status == 1, "exit \(result.status): \(result.stderr)")
        #expect((result.stdout + result.stderr).contains("the launch is sold out"), "stdout: \(result.stdout) stderr: \(result.stderr)")
        FaultExpectations.expectNoToken(result, session: session)
        FaultExpectations.expectState(of: session, before: before)
        #expect(session.bookingRequests.count == 1)
    }

    @Test func graphQLErrorOnBookingExits1() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .json(#"{"data":null,"errors":[{"message":"booking service down"}]}"#)
        let before = session.home.snapshot()
        let result = try await session.run(Self.book)
        FaultExpectations.expectCleanFailure(result, status: [1], session: session, before: before)
        #expect(session.bookingRequests.count == 1)
    }

    @Test func bookingWithAServerThatStoppedIsUnreachable() async throws {
        let session = try await FaultSession()
        session.server.stop()
        let before = session.home.snapshot()
        let result = try await session.run(Self.book)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
    }
}

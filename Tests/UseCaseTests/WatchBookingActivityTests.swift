import Domain
import InMemoryAdapters
import Ports
import Testing
import UseCases

@Suite("WatchBookingActivity", .timeLimit(.minutes(1)))
struct WatchBookingActivityTests {
    @Test func everyonesBookingsAndCancellationsArriveInOrderWithoutALogin() async throws {
        let fixture = try Fixture()
        let updates = fixture.watchBookingActivity().makeAsyncIterator()
        await fixture.activity.subscribers.wait(until: 1)
        let token = AuthToken("token-for-someone@example.com")
        _ = try await fixture.server.book(LaunchID(trusted: "3"), token: token)
        _ = try await fixture.server.cancel(LaunchID(trusted: "3"), token: token)
        _ = try await fixture.server.cancel(LaunchID(trusted: "3"), token: token)  // not booked: nothing happens
        _ = try await fixture.server.book(LaunchID(trusted: "4"), token: token)
        #expect(try await updates.next() == .value(.booked(count: 1)))
        #expect(try await updates.next() == .value(.cancelled(count: 1)))
        #expect(try await updates.next() == .value(.booked(count: 1)))
    }

    @Test func connectionNewsPassesThrough() async throws {
        let fixture = try Fixture()
        let updates = fixture.watchBookingActivity().makeAsyncIterator()
        await fixture.activity.subscribers.wait(until: 1)
        let lost = ServiceError(.unreachable, operation: "TripsBooked", detail: "The connection was lost.")
        fixture.activity.publish(.interrupted(lost))
        fixture.activity.publish(.resumed)
        #expect(try await updates.next() == .interrupted(lost))
        #expect(try await updates.next() == .resumed)
    }

    @Test func aFeedThatCannotConnectThrows() async throws {
        let fixture = try Fixture()
        let refusal = ServiceError(.timedOut, operation: "TripsBooked", detail: "No answer in time.")
        fixture.activity.refuseConnections(with: refusal)
        await #expect(throws: refusal) {
            for try await _ in fixture.watchBookingActivity() {}
        }
    }

    @Test func leavingTheLoopDisconnects() async throws {
        let fixture = try Fixture()
        let consumer = Task {
            for try await update in fixture.watchBookingActivity() where update == .resumed {
                return true
            }
            return false
        }
        #expect(await fixture.activity.subscribers.wait(until: 1))
        fixture.activity.publish(.resumed)
        #expect(try await consumer.value, "the loop ended without the update")
        // A subscription that outlives the loop fails here at the suite's time limit.
        #expect(await fixture.activity.subscribers.wait(until: 0), "the feed is still subscribed after the loop was left")
    }
}

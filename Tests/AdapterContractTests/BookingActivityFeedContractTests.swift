import Domain
import Ports
import Testing

/// The behaviour every ``BookingActivityFeed`` adapter must share.
@Suite("BookingActivityFeed contract", .timeLimit(.minutes(1)))
struct BookingActivityFeedContractTests {
    @Test("Activity after connecting arrives in order", arguments: BookingActivityFeedContractSubject.all)
    func activityArrivesInOrder(_ subject: BookingActivityFeedContractSubject) async throws {
        let setup = try await subject.make()
        let updates = setup.feed.bookingActivity().makeAsyncIterator()
        #expect(await setup.connected(1))
        try await setup.book(LaunchID(trusted: "2"))
        try await setup.cancel(LaunchID(trusted: "2"))
        try await setup.book(LaunchID(trusted: "3"))
        #expect(try await updates.next() == .value(.booked(count: 1)))
        #expect(try await updates.next() == .value(.cancelled(count: 1)))
        #expect(try await updates.next() == .value(.booked(count: 1)))
    }

    @Test("Activity before connecting is not replayed", arguments: BookingActivityFeedContractSubject.all)
    func nothingIsReplayed(_ subject: BookingActivityFeedContractSubject) async throws {
        let setup = try await subject.make()
        try await setup.book(LaunchID(trusted: "1"))
        let updates = setup.feed.bookingActivity().makeAsyncIterator()
        #expect(await setup.connected(1))
        try await setup.cancel(LaunchID(trusted: "1"))
        #expect(try await updates.next() == .value(.cancelled(count: 1)))
    }

    @Test("Every running iteration gets every event", arguments: BookingActivityFeedContractSubject.all)
    func everyIterationGetsEverything(_ subject: BookingActivityFeedContractSubject) async throws {
        let setup = try await subject.make()
        let first = setup.feed.bookingActivity().makeAsyncIterator()
        let second = setup.feed.bookingActivity().makeAsyncIterator()
        #expect(await setup.connected(2))
        try await setup.book(LaunchID(trusted: "4"))
        #expect(try await first.next() == .value(.booked(count: 1)))
        #expect(try await second.next() == .value(.booked(count: 1)))
    }

    @Test("Leaving the loop disconnects", arguments: BookingActivityFeedContractSubject.all)
    func leavingDisconnects(_ subject: BookingActivityFeedContractSubject) async throws {
        let setup = try await subject.make()
        // Book once the loop below is connected, from another task.
        // A child task, so that cancelling the test (its time limit) cancels its wait too.
        async let booking: Bool = {
            guard await setup.connected(1) else { return false }
            try await setup.book(LaunchID(trusted: "5"))
            return true
        }()
        var seen: LiveUpdate<BookingActivity>?
        for try await update in setup.feed.bookingActivity() where update == .value(.booked(count: 1)) {
            seen = update
            break
        }
        #expect(try await booking, "the iteration never connected")
        #expect(seen == .value(.booked(count: 1)))
        // Waits until the iteration left is disconnected: a feed that stays connected fails
        // here at the suite's time limit (the wait then returns false).
        #expect(await setup.connected(0), "the iteration left is still connected")
    }

    @Test("Cancelling the consumer disconnects", arguments: BookingActivityFeedContractSubject.all)
    func cancellingDisconnects(_ subject: BookingActivityFeedContractSubject) async throws {
        let setup = try await subject.make()
        let feed = setup.feed
        let consumer = Task {
            for try await _ in feed.bookingActivity() {}
        }
        #expect(await setup.connected(1))
        consumer.cancel()
        _ = await consumer.result
        #expect(await setup.connected(0), "the cancelled consumer is still connected")
    }

    @Test("A feed that cannot connect throws a ServiceError", arguments: BookingActivityFeedContractSubject.all)
    func cannotConnect(_ subject: BookingActivityFeedContractSubject) async throws {
        let setup = try await subject.make()
        await setup.refuse(ServiceError(.unreachable, operation: "TripsBooked", detail: "Connection refused."))
        await #expect(throws: ServiceError.self) {
            for try await _ in setup.feed.bookingActivity() {}
        }
        #expect(await setup.connected(0))
    }
}

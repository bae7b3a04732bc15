import Domain
import InMemoryAdapters
import Ports
import Testing
import UseCases

@Suite("WatchMyTrips", .timeLimit(.minutes(1)))
struct WatchMyTripsTests {
    static let me = "me@example.com"
    static let myToken = AuthToken("token-for-me@example.com")
    static let othersToken = AuthToken("token-for-other@example.com")

    @Test func refusesWithoutALoginAndSendsNothing() async throws {
        let fixture = try Fixture()
        await #expect(throws: UseCaseError.notLoggedIn) {
            for try await _ in fixture.watchMyTrips() {}
        }
        #expect(await fixture.requests.isEmpty)
        #expect(fixture.activity.subscribers.value == 0)
    }

    @Test func theServersListingComesFirstThenEachChange() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        _ = try await fixture.server.book(LaunchID(trusted: "3"), token: Self.myToken)
        let listings = fixture.watchMyTrips().makeAsyncIterator()
        #expect(try await listings.next()?.trips.map(\.launch.id.rawValue) == ["3"])
        await fixture.activity.subscribers.wait(until: 1)

        // Booked from another device: the activity event makes it fetch again.
        _ = try await fixture.server.book(LaunchID(trusted: "5"), token: Self.myToken)
        #expect(try await listings.next()?.trips.map(\.launch.id.rawValue) == ["3", "5"])

        // Someone else's booking changes nothing of mine: no listing for it. The next one is
        // my cancellation's.
        _ = try await fixture.server.book(LaunchID(trusted: "7"), token: Self.othersToken)
        _ = try await fixture.server.cancel(LaunchID(trusted: "3"), token: Self.myToken)
        #expect(try await listings.next()?.trips.map(\.launch.id.rawValue) == ["5"])
        #expect(await fixture.requests.filter { $0 == "MyTrips" }.count == 4)
    }

    @Test func aWriteToTheCacheIsSeenWithoutAnEvent() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        let watch = WatchMyTrips(trips: fixture.gateway, watcher: fixture.gateway, activity: nil, credentials: fixture.credentials)
        let listings = watch().makeAsyncIterator()
        #expect(try await listings.next()?.trips.isEmpty == true)
        await fixture.gateway.liveWatchers.wait(until: 1)
        // Another screen of the same app fetches after booking: its write reaches the watch.
        _ = try await fixture.server.book(LaunchID(trusted: "9"), token: Self.myToken)
        _ = try await fixture.myTrips()
        #expect(try await listings.next()?.trips.map(\.launch.id.rawValue) == ["9"])
    }

    @Test func aReconnectionFetchesAgainAndAnInterruptionDoesNot() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        let feed = InMemoryBookingActivityFeed()  // the server does not publish on this one
        let watch = WatchMyTrips(trips: fixture.gateway, watcher: fixture.gateway, activity: feed, credentials: fixture.credentials)
        let listings = watch().makeAsyncIterator()
        #expect(try await listings.next()?.trips.isEmpty == true)
        await feed.subscribers.wait(until: 1)
        // A booking whose event was lost in the gap.
        _ = try await fixture.server.book(LaunchID(trusted: "4"), token: Self.myToken)
        feed.publish(.interrupted(ServiceError(.unreachable, operation: "TripsBooked", detail: "The connection was lost.")))
        feed.publish(.resumed)
        #expect(try await listings.next()?.trips.map(\.launch.id.rawValue) == ["4"])
        // One fetch at the start, one after the reconnection, none after the interruption.
        #expect(await fixture.requests.filter { $0 == "MyTrips" }.count == 2)
    }

    @Test func aLoginTheServerNoLongerAcceptsEndsTheWatch() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        let listings = fixture.watchMyTrips().makeAsyncIterator()
        _ = try await listings.next()
        await fixture.activity.subscribers.wait(until: 1)
        await fixture.server.revoke(Self.myToken)
        _ = try await fixture.server.book(LaunchID(trusted: "2"), token: Self.othersToken)
        await #expect(throws: UseCaseError.sessionExpired) { try await listings.next() }
        #expect(try await fixture.credentials.credential() == nil)
        await fixture.activity.subscribers.wait(until: 0)
        await fixture.gateway.liveWatchers.wait(until: 0)
    }

    @Test func aFeedThatCannotConnectEndsTheWatchAfterTheFirstListing() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        let refusal = ServiceError(.unreachable, operation: "TripsBooked", detail: "Connection refused.")
        fixture.activity.refuseConnections(with: refusal)
        let listings = fixture.watchMyTrips().makeAsyncIterator()
        #expect(try await listings.next() != nil)
        await #expect(throws: refusal) { try await listings.next() }
        await fixture.gateway.liveWatchers.wait(until: 0)
    }

    @Test func leavingTheLoopFreesTheWatchAndTheFeed() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        var listings = 0
        for try await _ in fixture.watchMyTrips() {
            listings += 1
            #expect(await fixture.activity.subscribers.wait(until: 1))
            #expect(await fixture.gateway.liveWatchers.wait(until: 1))
            break
        }
        #expect(listings == 1)
        // Nothing to cancel by hand: both are gone once the loop is left (or these fail at the
        // suite's time limit).
        #expect(await fixture.activity.subscribers.wait(until: 0), "the feed is still subscribed")
        #expect(await fixture.gateway.liveWatchers.wait(until: 0), "the cache watch is still alive")
    }

    @Test func cancellingTheConsumerFreesTheWatchAndTheFeed() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        let watch = fixture.watchMyTrips()
        let consumer = Task {
            for try await _ in watch {}
        }
        #expect(await fixture.activity.subscribers.wait(until: 1))
        #expect(await fixture.gateway.liveWatchers.wait(until: 1))
        consumer.cancel()
        _ = await consumer.result
        #expect(await fixture.activity.subscribers.wait(until: 0), "the feed is still subscribed")
        #expect(await fixture.gateway.liveWatchers.wait(until: 0), "the cache watch is still alive")
    }

    @Test func manyWatchesComeAndGoWithoutLeaking() async throws {
        let fixture = try Fixture(loggedInAs: Self.me)
        var listed = 0
        for _ in 0..<50 {
            let listings = fixture.watchMyTrips().makeAsyncIterator()
            if try await listings.next() != nil { listed += 1 }
        }
        #expect(listed == 50)
        #expect(await fixture.activity.subscribers.wait(until: 0), "a dropped watch's feed is still subscribed")
        #expect(await fixture.gateway.liveWatchers.wait(until: 0), "a dropped watch is still alive")
    }
}

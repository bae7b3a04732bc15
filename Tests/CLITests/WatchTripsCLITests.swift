import Domain
import Foundation
import InMemoryAdapters
import Ports
@testable import CLIArguments
@testable import CLIFailures
@testable import RocketReserverCLI
import Testing

/// `rocket-reserver trips --watch`: the list, then again whenever it changes, until cancelled.
@Suite("trips --watch", .timeLimit(.minutes(1)))
struct WatchTripsCLITests {
    static let me = "me@example.com"
    static let myToken = AuthToken("token-for-me@example.com")

    @Test func theListThenEachChangeUntilCancelledWithZero() async throws {
        let harness = try CLIHarness(loggedInAs: Self.me)
        let feed = try await watchThroughABooking(of: "3", harness)
        await feed.subscribers.wait(until: 0)
        await harness.gateway.liveWatchers.wait(until: 0)
        let listings = harness.presenter.presentations.compactMap { presentation -> [String]? in
            guard case .user(let user) = presentation else { return nil }
            return user.trips.map(\.launch.id.rawValue)
        }
        #expect(listings == [[], ["3"]])
        // Piped: appended, nothing to redraw.
        #expect(harness.stdout.text.isEmpty)
    }

    @Test func onATerminalEachListIsRedrawnInPlace() async throws {
        let harness = try CLIHarness(loggedInAs: Self.me, terminal: (true, 80))
        try await watchThroughABooking(of: "4", harness)
        #expect(harness.stdout.text == RocketReserverCLI.redrawPrefix + RocketReserverCLI.redrawPrefix)
    }

    @Test func notLoggedInExits77AndSendsNothing() async throws {
        let harness = try CLIHarness()
        #expect(await harness.run("trips", "--watch") == .notPermitted)
        #expect(await harness.requests.isEmpty)
        #expect(harness.activity?.subscribers.value == 0)
    }

    @Test func offlineIsRefused() async throws {
        let harness = try CLIHarness(loggedInAs: Self.me)
        #expect(await harness.run("trips", "--watch", "--offline") == .usage)
        #expect(harness.builtConfigurations.isEmpty)
    }

    @Test func aBuildThatCannotWatchSaysSo() async throws {
        let harness = try CLIHarness(loggedInAs: Self.me, liveUpdates: false)
        #expect(await harness.run("trips", "--watch") == .unavailable)
        #expect(harness.stderr.text == "rocket-reserver: \(LiveUpdatesUnavailable.tripWatcher.message)\n")
        #expect(await harness.requests.isEmpty)
    }

    @Test func aSessionTheServerNoLongerAcceptsExits77() async throws {
        let harness = try CLIHarness(loggedInAs: Self.me)
        let feed = try #require(harness.activity)
        let command = Task { await harness.run("trips", "--watch") }
        await harness.presenter.wait(untilShown: 1)
        await feed.subscribers.wait(until: 1)
        await harness.server.revoke(Self.myToken)
        feed.publish(.resumed)
        #expect(await command.value == .notPermitted)
        #expect(try await harness.credentials.credential() == nil)
    }

    @Test func plainTripsIsUnchanged() throws {
        #expect(try CommandLineParser().parse(["trips"]).command == .trips)
        #expect(try CommandLineParser().parse(["trips", "--watch"]).command == .watchTrips)
    }

    /// Runs `trips --watch` until it has shown the list, then (once it has subscribed) books
    /// `launch` from elsewhere, whose event makes it show the list again; then cancels it and
    /// expects 0. Returns the activity feed it subscribed to.
    @discardableResult
    private func watchThroughABooking(of launch: String, _ harness: CLIHarness) async throws -> InMemoryBookingActivityFeed {
        let feed = try #require(harness.activity)
        let command = Task { await harness.run("trips", "--watch") }
        await harness.presenter.wait(untilShown: 1)
        await feed.subscribers.wait(until: 1)
        _ = try await harness.server.book(LaunchID(trusted: launch), token: Self.myToken)
        await harness.presenter.wait(untilShown: 2)
        command.cancel()
        #expect(await command.value == .success)
        return feed
    }
}

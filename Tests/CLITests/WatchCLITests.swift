import Domain
import Foundation
import InMemoryAdapters
import Ports
@testable import CLIArguments
@testable import CLIConfiguration
@testable import CLIFailures
@testable import RocketReserverCLI
import Presentation
import Synchronization
import Testing

/// `rocket-reserver watch`: each booking activity event a line, until the command is cancelled
/// (what Ctrl-C and SIGTERM do) or nobody reads its output.
@Suite("watch", .timeLimit(.minutes(1)))
struct WatchCLITests {
    /// Runs `watch` with `arguments` until `body` is done with it, then cancels it as a signal would.
    private static func watching(
        _ harness: CLIHarness,
        _ arguments: [String] = ["watch"],
        _ body: (InMemoryBookingActivityFeed) async throws -> Void
    ) async throws -> ExitCode {
        let feed = try #require(harness.activity)
        let command = Task { await harness.run(arguments) }
        await feed.subscribers.wait(until: 1)
        try await body(feed)
        command.cancel()
        let status = await command.value
        await feed.subscribers.wait(until: 0)
        return status
    }

    @Test func eachEventIsASentenceAndCancellingEndsWithZero() async throws {
        let harness = try CLIHarness()
        let status = try await Self.watching(harness) { feed in
            feed.publish(.value(.booked(count: 2)))
            feed.publish(.value(.booked(count: 1)))
            feed.publish(.value(.cancelled(count: 1)))
            await harness.stdout.wait { $0.hasSuffix("cancelled.\n") }
        }
        #expect(status == .success)
        #expect(harness.stdout.text == "2 trips were booked.\nA trip was booked.\nA trip was cancelled.\n")
        #expect(harness.stderr.text.isEmpty)
    }

    @Test func bookingsThroughTheServerAreShownWhoeverMakesThem() async throws {
        let harness = try CLIHarness()
        let status = try await Self.watching(harness) { _ in
            _ = try await harness.server.book(LaunchID(trusted: "3"), token: AuthToken("token-for-someone@example.com"))
            _ = try await harness.server.cancel(LaunchID(trusted: "3"), token: AuthToken("token-for-someone@example.com"))
            await harness.stdout.wait { $0.hasSuffix("cancelled.\n") }
        }
        #expect(status == .success)
        #expect(harness.stdout.text == "A trip was booked.\nA trip was cancelled.\n")
    }

    @Test func jsonIsOneObjectALineAsItArrives() async throws {
        let harness = try CLIHarness()
        let status = try await Self.watching(harness, ["--json", "watch"]) { feed in
            feed.publish(.value(.booked(count: 2)))
            // Written as it arrives: the first line is out before the next event exists.
            await harness.stdout.wait { $0 == "{\"tripsBooked\":2}\n" }
            feed.publish(.value(.cancelled(count: 1)))
            feed.publish(.value(.booked(count: 0)))
            await harness.stdout.wait { $0.hasSuffix(":0}\n") }
        }
        #expect(status == .success)
        let lines = harness.stdout.text.split(separator: "\n")
        #expect(lines == [#"{"tripsBooked":2}"#, #"{"tripsBooked":-1}"#, #"{"tripsBooked":0}"#])
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int]
            #expect(object?.keys.sorted() == ["tripsBooked"])
        }
    }

    @Test func aLostConnectionIsNotedOnStandardErrorAndWatchingGoesOn() async throws {
        let harness = try CLIHarness()
        let status = try await Self.watching(harness) { feed in
            feed.publish(.interrupted(ServiceError(.unreachable, operation: "TripsBooked", detail: "The connection was reset.\u{1B}[2J")))
            feed.publish(.resumed)
            feed.publish(.value(.booked(count: 3)))
            await harness.stdout.wait { $0 == "3 trips were booked.\n" }
        }
        #expect(status == .success)
        #expect(harness.stderr.text == """
            rocket-reserver: The live connection was lost (The connection was reset.\u{FFFD}[2J); reconnecting.
            rocket-reserver: Reconnected; bookings made while the connection was down were missed.

            """)
    }

    @Test func aReaderThatGoesAwayEndsTheWatch() async throws {
        let harness = try CLIHarness()
        let feed = try #require(harness.activity)
        harness.stdout.close(afterWrites: 1)
        let command = Task { await harness.run("watch") }
        await feed.subscribers.wait(until: 1)
        feed.publish(.value(.booked(count: 1)))
        feed.publish(.value(.booked(count: 2)))
        // It ends by itself, without a signal, and disconnects.
        #expect(await command.value == .success)
        await feed.subscribers.wait(until: 0)
        #expect(harness.stdout.text == "A trip was booked.\n")
        #expect(harness.stderr.text.isEmpty)
    }

    @Test func offlineIsRefusedBeforeAnythingIsBuilt() async throws {
        let harness = try CLIHarness()
        #expect(await harness.run("watch", "--offline") == .usage)
        #expect(harness.builtConfigurations.isEmpty)
        #expect(harness.stderr.text.contains("The watch command needs the server, so it cannot run with --offline"))
        #expect(harness.activity?.subscribers.value == 0)
    }

    @Test func argumentsAreRefused() async throws {
        let harness = try CLIHarness()
        #expect(await harness.run("watch", "3") == .usage)
        #expect(await harness.run("watch", "--all") == .usage)
        #expect(harness.builtConfigurations.isEmpty)
    }

    @Test func aFeedThatCannotConnectExits69() async throws {
        let harness = try CLIHarness()
        harness.activity?.refuseConnections(with: ServiceError(.unreachable, operation: "TripsBooked", detail: "Connection refused."))
        #expect(await harness.run("watch") == .unavailable)
        #expect(harness.stderr.text.hasPrefix("rocket-reserver: Could not reach the server at"))
        #expect(harness.stdout.text.isEmpty)
    }

    @Test func aTimeoutExits69() async throws {
        let harness = try CLIHarness()
        harness.activity?.refuseConnections(with: ServiceError(.timedOut, operation: "TripsBooked", detail: "No answer."))
        #expect(await harness.run("watch", "--timeout", "2") == .unavailable)
        #expect(harness.stderr.text.contains("did not answer in time"))
    }

    @Test func aBuildWithoutLiveUpdatesSaysSo() async throws {
        let harness = try CLIHarness(liveUpdates: false)
        #expect(await harness.run("watch") == .unavailable)
        #expect(harness.stderr.text == "rocket-reserver: \(LiveUpdatesUnavailable.bookingActivity.message)\n")
    }

    @Test func watchRunsUntilStoppedNotShielded() async throws {
        final class RecordingShield: InterruptionShield {
            let calls = Mutex<[String]>([])
            func finishing<T: Sendable>(_ body: () async throws -> T) async throws -> T {
                calls.withLock { $0.append("finishing") }
                return try await body()
            }
            func stoppingOnSignal<T: Sendable>(_ body: () async throws -> T) async throws -> T {
                calls.withLock { $0.append("stopping") }
                return try await body()
            }
        }
        let feed = InMemoryBookingActivityFeed()
        feed.refuseConnections(with: ServiceError(.unreachable, operation: "TripsBooked", detail: "Refused."))
        let shield = RecordingShield()
        let gateway = InMemoryGateway(server: InMemoryTutorialServer(launches: []), credentials: InMemoryCredentialStore())
        let environment = CLIEnvironment(
            variables: [:], standardOutput: TextBuffer(), standardError: TextBuffer(), outputIsTerminal: false,
            homeDirectory: "/home/tester", interruptionShield: shield,
            makeServices: { _ in
                Services(
                    launches: gateway, bookings: gateway, trips: gateway, authenticator: gateway, credentials: InMemoryCredentialStore(),
                    userData: gateway, presenter: RecordingPresenter(), cacheInspector: gateway, documentRunner: InMemoryDocumentRunner(),
                    bookingActivity: feed
                )
            }
        )
        #expect(await RocketReserverCLI(environment: environment).run(["watch"]) == .unavailable)
        #expect(shield.calls.withLock { $0 } == ["stopping"])
    }

    @Test(arguments: [(BookingActivity.booked(count: 1), "A trip was booked."), (.booked(count: 2), "2 trips were booked."),
                      (.booked(count: 0), "0 trips were booked."), (.cancelled(count: 1), "A trip was cancelled."),
                      (.cancelled(count: 4), "4 trips were cancelled.")])
    func sentences(_ activity: BookingActivity, _ line: String) {
        #expect(BookingActivityLine.text(activity) == line)
        #expect(BookingActivityLine.json(activity) == #"{"tripsBooked":\#(activity.tripsBooked)}"#)
    }
}

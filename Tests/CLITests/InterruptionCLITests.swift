import Domain
import Foundation
import InMemoryAdapters
import Ports
@testable import CLIConfiguration
@testable import CLIFailures
@testable import RocketReserverCLI
import Synchronization
import Testing
import UseCases

/// Commands that change state run inside the environment's ``InterruptionShield``; an
/// interrupted change with an unknown outcome says so, a plain interruption says nothing.
@Suite(.timeLimit(.minutes(5)))
struct InterruptionCLITests {
    /// A shield that counts the changes it saw.
    private final class CountingShield: InterruptionShield {
        let count = Mutex(0)
        func finishing<T: Sendable>(_ body: () async throws -> T) async throws -> T {
            count.withLock { $0 += 1 }
            return try await body()
        }
    }

    @Test(arguments: [
        (["login", "me@example.com"], 1), (["logout"], 1), (["book", "3"], 1), (["cancel", "3"], 1),
        (["details", "3"], 0), (["launches"], 0), (["trips"], 0), (["whoami"], 0),
    ])
    func changesRunShielded(_ arguments: [String], _ expected: Int) async throws {
        let server = InMemoryTutorialServer(launches: SampleLaunches.make(count: 5))
        let credentials = InMemoryCredentialStore(credential: Credential(email: try EmailAddress("me@example.com"), token: AuthToken("token-for-me@example.com")))
        let gateway = InMemoryGateway(server: server, credentials: credentials)
        let shield = CountingShield()
        let environment = CLIEnvironment(
            variables: [:], standardOutput: TextBuffer(), standardError: TextBuffer(), outputIsTerminal: false,
            homeDirectory: "/home/tester", interruptionShield: shield,
            makeServices: { _ in
                Services(
                    launches: gateway, bookings: gateway, trips: gateway, authenticator: gateway, credentials: credentials,
                    userData: gateway, presenter: RecordingPresenter(), cacheInspector: gateway, documentRunner: InMemoryDocumentRunner()
                )
            }
        )
        _ = await RocketReserverCLI(environment: environment).run(arguments)
        #expect(shield.count.withLock { $0 } == expected, "\(arguments)")
    }

    @Test func anUnknownOutcomeIsSaidWithTheLaunchAndHowToCheck() {
        let booking = Failure(UseCaseError.interruptedWithOutcomeUnknown(.booking, LaunchID(trusted: "5")), endpoint: "http://x")
        #expect(booking.code == .interrupted)
        #expect(booking.message == "Interrupted before the server answered, so launch 5 may or may not be booked now. Run `rocket-reserver details 5 --force-reload` to check.")
        let cancelling = Failure(UseCaseError.interruptedWithOutcomeUnknown(.cancellation, LaunchID(trusted: "110")), endpoint: "http://x")
        #expect(cancelling.message == "Interrupted before the server answered, so your trip on launch 110 may or may not be cancelled now. Run `rocket-reserver details 110 --force-reload` to check.")
    }

    @Test func aPlainInterruptionSaysNothing() {
        for error: any Error in [CancellationError(), ServiceError(.cancelled, operation: "LaunchDetails", detail: "The request was cancelled.")] {
            let failure = Failure(error, endpoint: "http://x")
            #expect(failure.code == .interrupted)
            #expect(failure.message.isEmpty, "\(error)")
        }
    }
}

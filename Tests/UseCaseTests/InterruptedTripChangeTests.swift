import Domain
import InMemoryAdapters
import Ports
import Testing
import UseCases

/// A booking or cancellation interrupted after it may have reached the server ends with an
/// error that names the change and the launch; any other failure passes through unchanged.
@Suite(.timeLimit(.minutes(5)))
struct InterruptedTripChangeTests {
    /// A booking service that fails every change with `error`.
    private struct FailingTrips: TripBookingService {
        let error: ServiceError
        func bookTrip(_ id: LaunchID) async throws -> TripUpdate { throw error }
        func cancelTrip(_ id: LaunchID) async throws -> TripUpdate { throw error }
    }

    private func credentials() throws -> InMemoryCredentialStore {
        InMemoryCredentialStore(credential: Credential(email: try EmailAddress("me@example.com"), token: AuthToken("t")))
    }

    @Test func anInterruptionWithAnUnknownOutcomeNamesTheChangeAndTheLaunch() async throws {
        let trips = FailingTrips(error: ServiceError(.cancelled, operation: "BookTrip", detail: "cancelled", outcomeIsUnknown: true))
        let credentials = try credentials()
        await #expect(throws: UseCaseError.interruptedWithOutcomeUnknown(.booking, LaunchID(trusted: "5"))) {
            try await BookTrip(trips: trips, credentials: credentials)(id: "5")
        }
        await #expect(throws: UseCaseError.interruptedWithOutcomeUnknown(.cancellation, LaunchID(trusted: "5"))) {
            try await CancelTrip(trips: trips, credentials: credentials)(id: "5")
        }
    }

    @Test(arguments: [
        ServiceError(.cancelled, operation: "BookTrip", detail: "cancelled"),
        ServiceError(.unreachable, operation: "BookTrip", detail: "refused"),
    ])
    func failuresWithAKnownOutcomePassThrough(_ error: ServiceError) async throws {
        let trips = FailingTrips(error: error)
        let credentials = try credentials()
        await #expect(throws: error) { try await BookTrip(trips: trips, credentials: credentials)(id: "5") }
    }

    @Test(arguments: [
        ServiceError(.timedOut, operation: "BookTrip", detail: "late", outcomeIsUnknown: true),
        ServiceError(.unreachable, operation: "BookTrip", detail: "closed", outcomeIsUnknown: true),
        ServiceError(.unreadableResponse, operation: "BookTrip", detail: "not JSON", outcomeIsUnknown: true),
    ])
    func otherFailuresWithAnUnknownOutcomeSaySo(_ error: ServiceError) async throws {
        let trips = FailingTrips(error: error)
        let credentials = try credentials()
        await #expect(throws: UseCaseError.outcomeUnknown(.booking, LaunchID(trusted: "5"), cause: error)) {
            try await BookTrip(trips: trips, credentials: credentials)(id: "5")
        }
        await #expect(throws: UseCaseError.outcomeUnknown(.cancellation, LaunchID(trusted: "5"), cause: error)) {
            try await CancelTrip(trips: trips, credentials: credentials)(id: "5")
        }
    }
}

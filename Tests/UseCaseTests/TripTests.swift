import Domain
import Ports
import Testing
import UseCases

@Suite("BookTrip, CancelTrip and MyTrips", .timeLimit(.minutes(5)))
struct TripTests {
    @Test func bookingRequiresALoginAndSendsNothingOtherwise() async throws {
        let fixture = try Fixture()
        await #expect(throws: UseCaseError.notLoggedIn) { try await fixture.bookTrip(id: "3") }
        await #expect(throws: UseCaseError.notLoggedIn) { try await fixture.cancelTrip(id: "3") }
        await #expect(throws: UseCaseError.notLoggedIn) { try await fixture.myTrips() }
        #expect(await fixture.requests.isEmpty)
    }

    @Test func anUnreadableCredentialFailsBeforeAnyRequest() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        await fixture.credentials.simulateUnreadable()
        await #expect(throws: CredentialStoreError.self) { try await fixture.bookTrip(id: "3") }
        #expect(await fixture.requests.isEmpty)
    }

    @Test func aTokenTheServerNoLongerRecognisesEndsTheSession() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        try await fixture.credentials.save(Credential(email: try EmailAddress("me@example.com"), token: AuthToken("stale")))
        await #expect(throws: UseCaseError.sessionExpired) { try await fixture.myTrips() }
        #expect(try await fixture.credentials.credential() == nil)
        #expect(await fixture.requests == ["MyTrips"])
    }

    @Test func cachedDetailsAreRightAfterBookAndCancelWithoutARequest() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        #expect(try await fixture.loadDetails(id: "3").isBooked == false)

        let booked = try await fixture.bookTrip(id: "3")
        #expect(booked.success)
        #expect(booked.message == "trips booked successfully")
        #expect(booked.launch?.isBooked == true)
        #expect(try await fixture.loadDetails(id: "3").isBooked == true)

        let cancelled = try await fixture.cancelTrip(id: "3")
        #expect(cancelled.success)
        #expect(try await fixture.loadDetails(id: "3").isBooked == false)

        #expect(await fixture.requests == ["LaunchDetails", "BookTrip", "CancelTrip"])
        #expect(try await fixture.loadDetails(id: "3", forceReload: true).isBooked == false)
    }

    @Test func anUnsuccessfulCancelIsReportedNotThrown() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        let update = try await fixture.cancelTrip(id: "3")
        #expect(!update.success)
        #expect(update.message == "failed to cancel trip")
    }

    @Test func aRejectedTokenIsForgotten() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        await fixture.server.revoke(AuthToken("token-for-me@example.com"))
        await #expect(throws: ServiceError.self) { try await fixture.bookTrip(id: "3") }
        #expect(try await fixture.credentials.credential() == nil)
    }

    @Test func aFailedRequestKeepsTheToken() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        await fixture.server.failNextRequest(with: ServiceError(.unreachable, operation: "BookTrip", detail: "down"))
        await #expect(throws: ServiceError(.unreachable, operation: "BookTrip", detail: "down")) {
            try await fixture.bookTrip(id: "3")
        }
        #expect(try await fixture.credentials.credential() != nil)
    }

    @Test func bookedStateIsPartitionedPerUser() async throws {
        let fixture = try Fixture(loggedInAs: "alice@example.com")
        _ = try await fixture.loadDetails(id: "3")
        _ = try await fixture.bookTrip(id: "3")
        #expect(try await fixture.loadDetails(id: "3").isBooked == true)

        _ = try await fixture.login(email: "bob@example.com")
        #expect(try await fixture.loadDetails(id: "3").isBooked == false)
        _ = try await fixture.logout()
        #expect(try await fixture.loadDetails(id: "3").isBooked == false)
    }

    @Test func myTripsListsBookedLaunches() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        _ = try await fixture.bookTrip(id: "3")
        _ = try await fixture.bookTrip(id: "5")
        let user = try await fixture.myTrips()
        #expect(user.email.rawValue == "me@example.com")
        #expect(user.trips.map(\.id.rawValue) == ["3", "5"])
    }
}

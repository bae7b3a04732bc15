import Domain
import Ports
import Testing

/// What every ``TripBookingService`` adapter answers alike: a test written against the
/// in-memory adapter holds against the GraphQL gateway (over the reference server).
@Suite("TripBookingService contract", .timeLimit(.minutes(2)))
struct TripBookingContractTests {
    @Test("A booking answers the launch, booked", arguments: TripBookingContractSubject.all)
    func bookingAnswersTheLaunch(_ subject: TripBookingContractSubject) async throws {
        let setup = try await subject.make()
        defer { setup.stop() }
        try await setup.logIn("contract@example.com")
        let update = try await setup.booking.bookTrip(TripBookingContractSubject.knownLaunch)
        #expect(update.success)
        #expect(update.launchID == TripBookingContractSubject.knownLaunch)
        #expect(update.launch?.id == TripBookingContractSubject.knownLaunch)
        #expect(update.launch?.isBooked == true)
        #expect(update.launch?.launch.mission?.name?.isEmpty == false)
    }

    @Test("A cancellation answers the launch, not booked", arguments: TripBookingContractSubject.all)
    func cancellingAnswersTheLaunch(_ subject: TripBookingContractSubject) async throws {
        let setup = try await subject.make()
        defer { setup.stop() }
        try await setup.logIn("contract@example.com")
        _ = try await setup.booking.bookTrip(TripBookingContractSubject.knownLaunch)
        let update = try await setup.booking.cancelTrip(TripBookingContractSubject.knownLaunch)
        #expect(update.success)
        #expect(update.launch?.id == TripBookingContractSubject.knownLaunch)
        #expect(update.launch?.isBooked == false)
    }

    @Test("Cancelling a trip that is not booked fails, without a launch", arguments: TripBookingContractSubject.all)
    func cancellingWhatIsNotBookedFails(_ subject: TripBookingContractSubject) async throws {
        let setup = try await subject.make()
        defer { setup.stop() }
        try await setup.logIn("contract@example.com")
        let update = try await setup.booking.cancelTrip(TripBookingContractSubject.knownLaunch)
        #expect(!update.success)
        #expect(update.launch == nil)
        #expect(update.message?.isEmpty == false)
    }

    @Test("Booking an unknown launch fails, without a launch", arguments: TripBookingContractSubject.all)
    func bookingAnUnknownLaunchFails(_ subject: TripBookingContractSubject) async throws {
        let setup = try await subject.make()
        defer { setup.stop() }
        try await setup.logIn("contract@example.com")
        let update = try await setup.booking.bookTrip(TripBookingContractSubject.unknownLaunch)
        #expect(!update.success)
        #expect(update.launch == nil)
    }

    @Test("Without a login, booking is unauthenticated", arguments: TripBookingContractSubject.all)
    func bookingWithoutALoginIsUnauthenticated(_ subject: TripBookingContractSubject) async throws {
        let setup = try await subject.make()
        defer { setup.stop() }
        let error = await #expect(throws: ServiceError.self) {
            _ = try await setup.booking.bookTrip(TripBookingContractSubject.knownLaunch)
        }
        #expect(error?.kind == .unauthenticated)
        #expect(error?.operation == "BookTrip")
    }
}

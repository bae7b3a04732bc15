import Domain
import UseCases

/// The tutorial's flow through the use cases: list launches, log in, book the first one, show
/// the trips. Throws when a step does not give what the flow expects.
struct TripPlan {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    let services: PlannerServices
    let email: String

    func run(print say: (String) -> Void) async throws {
        let page = try await ListLaunches(launches: services.launches)(pageSize: 3)
        guard let first = page.launches.first else { throw Mismatch(description: "the first page has no launches") }
        say("launches: " + page.launches.map { "\($0.id) \($0.mission?.name ?? "?")" }.joined(separator: ", "))

        let signedIn = try await Login(authenticator: services.authenticator, credentials: services.credentials)(email: email)
        say("logged in as \(signedIn)")

        let update = try await BookTrip(trips: services.bookings, credentials: services.credentials)(id: first.id.rawValue)
        guard update.success else { throw Mismatch(description: "booking \(first.id) failed: \(update.message ?? "no message")") }
        say("booked \(first.id)")

        let user = try await MyTrips(trips: services.trips, credentials: services.credentials)()
        guard user.trips.contains(where: { $0.id == first.id }) else {
            throw Mismatch(description: "trips of \(user.email) lack \(first.id)")
        }
        say("trips of \(user.email): " + user.trips.map(\.id.rawValue).joined(separator: ", "))
    }
}

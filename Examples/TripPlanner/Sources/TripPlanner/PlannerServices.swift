import Domain
import Foundation
import Ports

/// The ports the planner needs, whichever adapters fill them.
struct PlannerServices: Sendable {
    let launches: any LaunchRepository
    let bookings: any TripBookingService
    let trips: any TripRepository
    let authenticator: any Authenticator
    let credentials: any CredentialStore
    /// The server's endpoint, when the services talk to one.
    var endpoint: URL? = nil
}

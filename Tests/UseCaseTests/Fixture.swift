import UseCases
import Domain
import InMemoryAdapters
import Ports

/// Use cases wired to in-memory adapters, with handles to inspect what happened.
struct Fixture {
    let server: InMemoryTutorialServer
    let credentials: InMemoryCredentialStore
    let gateway: InMemoryGateway
    /// The server's live booking activity (bookings and cancellations are published on it).
    let activity = InMemoryBookingActivityFeed()

    init(launchCount: Int = 30, loggedInAs email: String? = nil, refusing refused: Set<String> = []) throws {
        server = InMemoryTutorialServer(
            launches: SampleLaunches.make(count: launchCount),
            refusing: Set(try refused.map { try EmailAddress($0) }),
            activity: activity
        )
        let credential = try email.map { Credential(email: try EmailAddress($0), token: AuthToken("token-for-\($0)")) }
        credentials = InMemoryCredentialStore(credential: credential)
        gateway = InMemoryGateway(server: server, credentials: credentials)
    }

    var login: Login { Login(authenticator: gateway, credentials: credentials, userData: gateway) }
    var logout: Logout { Logout(credentials: credentials, userData: gateway) }
    var listLaunches: ListLaunches { ListLaunches(launches: gateway) }
    var loadDetails: LoadLaunchDetails { LoadLaunchDetails(launches: gateway) }
    var bookTrip: BookTrip { BookTrip(trips: gateway, credentials: credentials) }
    var cancelTrip: CancelTrip { CancelTrip(trips: gateway, credentials: credentials) }
    var myTrips: MyTrips { MyTrips(trips: gateway, credentials: credentials) }
    var watchMyTrips: WatchMyTrips { WatchMyTrips(trips: gateway, watcher: gateway, activity: activity, credentials: credentials) }
    var watchBookingActivity: WatchBookingActivity { WatchBookingActivity(feed: activity) }

    /// The operations the server has answered so far.
    var requests: [String] { get async { await server.requests } }
}


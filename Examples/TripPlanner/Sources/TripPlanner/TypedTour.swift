import Domain
import Foundation
import GraphQLClient
import GraphQLSubscriptions
import JSONFileCredentialStore
import NormalizedCache
import PlannerAPI
import RocketReserverAPI
import SocketTransport

/// Docs/Library.md's five parts, as a user of the products writes them: the client with a
/// persistent cache and a token, a typed query, a typed watch, a subscription that waits until
/// it is live, then logging in and booking while the watch follows. Throws when a step does not
/// give what the guide says it gives.
struct TypedTour {
    let endpoint: URL
    /// Where the cache and the credential file live.
    let folder: URL
    let email: String

    func run(print say: (String) -> Void) async throws {
        // 1. The client: a SQLite cache, and one token source for HTTP and subscriptions.
        let store = JSONFileCredentialStore(directory: folder.appending(path: "keychain"), endpoint: endpoint.absoluteString)
        let token = TokenSource { try await store.credential()?.token.rawValue }
        let cache = NormalizedCache(persistence: .sqlite(at: folder.appending(path: "cache.sqlite")))
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint, session: SocketHTTPSession(), cache: cache, authorization: AuthorizationInterceptor(token)
        ))
        let subscriptions = GraphQLSubscriptionClient(endpoint: endpoint, session: WebSocketClient(), credentials: SubscriptionCredentials(token))

        // 2. A typed query.
        let list = try await client.run(LaunchListQuery(pageSize: 5))
        guard let launch = list.data.launches.launches.compactMap({ $0 }).last else { throw TripPlan.Mismatch(description: "no launches") }
        say("typed query: \(list.data.launches.launches.count) launches, watching \(launch.id) \(launch.mission?.name ?? "?")")

        // 3. A typed watch: fetched now (nothing is cached yet), then followed in the cache.
        var details = client.watch(LaunchDetailsQuery(launchId: launch.id)).makeAsyncIterator()
        guard let before = try await details.next()?.data.launch else { throw TripPlan.Mismatch(description: "no details for \(launch.id)") }
        say("watch: \(before.id) booked: \(before.isBooked)")

        // 4. A subscription, live before anything is booked: its first element says so.
        var bookings = subscriptions.subscribe(TripsBookedSubscription()).makeAsyncIterator()
        guard case .started? = try await bookings.next() else { throw TripPlan.Mismatch(description: "the subscription did not start") }
        say("subscription: live")

        // 5. Log in, book: the watch follows the mutation's answer, the subscription sees it.
        let login = try await client.run(LoginMutation(email: email), cachePolicy: .noCache)
        guard let issued = login.data.login?.token else { throw TripPlan.Mismatch(description: "login refused") }
        try await store.save(Credential(email: try EmailAddress(email), token: AuthToken(issued)))
        _ = try await client.run(BookTripMutation(id: launch.id))
        guard let after = try await details.next()?.data.launch, after.isBooked else {
            throw TripPlan.Mismatch(description: "the watch did not follow the booking of \(launch.id)")
        }
        say("watch: \(after.id) booked: \(after.isBooked)")
        guard case .data(let event)? = try await bookings.next() else { throw TripPlan.Mismatch(description: "no booking event") }
        say("subscription: tripsBooked \(event.tripsBooked ?? 0)")

        // The planner's own generated operation (PlannerAPI/TotalTrips.graphql).
        let total = try await client.run(TotalTripsQuery(), cachePolicy: .networkOnly)
        say("own operation: totalTripsBooked \(total.data.totalTripsBooked ?? 0)")
    }
}

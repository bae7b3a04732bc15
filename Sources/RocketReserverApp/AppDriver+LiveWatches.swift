import AppScreens
import Domain
import Ports
import Presentation
import UseCases

/// The account and the server's live feed: the watches that follow the user's trips and the
/// server's booking activity, started again after a login.
extension AppDriver {
    /// After a login: the services are built again (the cache is the user's now), the watches
    /// start over on them, and the screens hear who is logged in.
    func signedIn(as email: EmailAddress) async {
        if let fresh = try? await rebuild() { services = fresh }
        // The launch on screen is read and watched again in the user's cache (booked or not is theirs).
        if case .details(let id) = state.screen { perform(.showDetails(id)) }
        feed.yield(.signedIn(email))
        feed.yield(.loginFinished(email))
        startLiveWatches(signedIn: true)
    }

    /// Follows the user's trips in the cache (fetched once from the server, then again after each
    /// booking anywhere) and the server's booking activity (the banner, and online/offline).
    func startLiveWatches(signedIn: Bool) {
        for task in liveWatches { task.cancel() }
        liveWatches = []
        let services = services
        let feed = self.feed
        if signedIn, let watcher = services.tripWatcher {
            liveWatches.append(Task {
                do {
                    for try await user in watcher.watchCurrentUser() { feed.yield(.userChanged(user)) }
                } catch {}
            })
            liveWatches.append(Task { await self.refreshTrips() })
        }
        if activityWatch == nil, services.bookingActivity != nil {
            activityWatch = Task { await self.followBookingActivity() }
        }
    }

    /// The server's booking activity, for as long as the app runs: each event is a banner and
    /// a refresh of the trips; a gap is "offline" until the feed is back. A feed that ends (it
    /// could not connect, or the server ended it: a server shutting down may refuse the
    /// upgrade before its port closes) is started again after a pause that doubles up to 30 s,
    /// so the app comes back online by itself.
    func followBookingActivity() async {
        var pause = Duration.seconds(1)
        while !Task.isCancelled, let activity = services.bookingActivity {
            do {
                for try await update in WatchBookingActivity(feed: activity)() {
                    switch update {
                    case .value(let event):
                        pause = .seconds(1)
                        feed.yield(.connectivity(online: true, asOf: .now))
                        feed.yield(.banner(BookingActivityLine.text(event)))
                        await refreshTrips()
                    case .interrupted: feed.yield(.connectivity(online: false, asOf: .now))
                    case .resumed:
                        pause = .seconds(1)
                        feed.yield(.connectivity(online: true, asOf: .now))
                        await refreshTrips()
                    }
                }
            } catch {
                if Self.isUnreachable(error) { feed.yield(.connectivity(online: false, asOf: .now)) }
            }
            // A backoff between attempts, not a wait for an event: the next attempt may succeed.
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(30))
        }
    }

    /// Asks the server for the user's trips, so the cache (and its watchers) hold them; a failure
    /// leaves what the cache holds.
    func refreshTrips() async {
        let services = services
        guard (try? await services.credentials.credential()) != nil else { return }
        if let user = try? await services.trips.currentUser(freshness: .fromServer) {
            feed.yield(.userChanged(user))
        }
    }
}

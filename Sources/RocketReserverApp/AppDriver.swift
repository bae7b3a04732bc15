import AppScreens
import CLIArguments
import CLIConfiguration
import CLIFailures
import Domain
import Ports
import Presentation
import TerminalModel
import UseCases

/// Runs the app's screens: feeds ``AppReducer`` the terminal's keys and the use cases' results,
/// carries out its effects with the same use cases the commands run, and draws each new state.
///
/// One actor owns the state, so events apply one at a time in the order they arrive; the work
/// an effect starts (a request, a watch) runs in a task of its own and comes back as an event.
package actor AppDriver {
    private var services: Services
    private let terminal: any FullScreenTerminal
    private nonisolated let endpoint: String
    private let renderer: AppRenderer
    private let rebuild: @Sendable () async throws -> Services
    private var state: AppState
    private let events: AsyncStream<AppEvent>
    private let feed: AsyncStream<AppEvent>.Continuation
    /// The details screen's watch, replaced when another launch is shown.
    private var detailsWatch: Task<Void, Never>?
    /// The watches that follow the account (restarted after a login).
    private var liveWatches: [Task<Void, Never>] = []
    /// The server's booking activity (the banner): started once and kept across a login, so an
    /// event right after it (the booking the login sheet was opened for) is not lost while a new
    /// subscription would start.
    private var activityWatch: Task<Void, Never>?
    /// Requests in flight (cancelled when the app ends).
    private var work: [Int: Task<Void, Never>] = [:]
    private var nextWork = 0
    private var quitting = false

    package init(
        services: Services, terminal: any FullScreenTerminal, endpoint: String, host: String, colors: Bool,
        rebuild: @escaping @Sendable () async throws -> Services
    ) {
        self.services = services
        self.terminal = terminal
        self.endpoint = endpoint
        self.renderer = AppRenderer(colors: colors)
        self.rebuild = rebuild
        self.state = AppState(host: host, user: nil, size: terminal.size())
        (events, feed) = AsyncStream.makeStream(of: AppEvent.self)
    }

    /// Takes the terminal over, runs until the user quits or the task is cancelled (a signal),
    /// and gives the terminal back on every way out.
    package func run() async throws -> ExitCode {
        let keys = try terminal.start()
        defer {
            terminal.stop()
            for task in work.values { task.cancel() }
            for task in liveWatches { task.cancel() }
            activityWatch?.cancel()
            detailsWatch?.cancel()
        }
        let feed = self.feed
        // The input ending (end of file, the terminal hung up) ends the app too.
        let forward = Task {
            for await event in keys { feed.yield(.terminal(event)) }
            feed.finish()
        }
        defer { forward.cancel() }
        // The first frame is drawn once the cache has given what it holds: one frame, with the
        // user and the cached pages, and no empty list drawn before it.
        let user = try? await services.credentials.credential()?.email
        apply(.signedIn(user), draw: false)
        let restored = await Self.cachedPages(services.launches)
        if !restored.isEmpty { apply(.launchesReplaced(restored), draw: false) }
        apply(.started)
        startLiveWatches(signedIn: user != nil)
        for await event in events {
            apply(event)
            if quitting || Task.isCancelled { break }
        }
        return .success
    }

    /// The pages of the list the cache holds, from the first, without a request.
    static func cachedPages(_ launches: any LaunchRepository) async -> [LaunchPage] {
        var pages: [LaunchPage] = []
        var cursor: String?
        while pages.count < ListLaunches.defaultMaximumPages, !Task.isCancelled {
            guard let request = try? LaunchPageRequest(pageSize: nil, after: cursor),
                let page = try? await launches.launchPage(request, freshness: .cachedOnly)
            else { break }
            pages.append(page)
            guard page.hasMore, page.cursor != cursor else { break }
            cursor = page.cursor
        }
        return pages
    }

    // MARK: Events and effects

    private func apply(_ event: AppEvent, draw: Bool = true) {
        let effects = AppReducer.reduce(&state, event)
        if draw { terminal.draw(renderer.frame(for: state)) }
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: AppEffect) {
        let services = services
        switch effect {
        case .quit:
            quitting = true
            feed.finish()
        case .loadPage(let after):
            start { feed in
                let asked = ContinuousClock.now
                do {
                    let answer = try await ListLaunches(launches: services.launches).page(after: after, freshness: .fromServerElseCached)
                    feed.yield(.connectivity(online: answer.source == .asAsked, asOf: asked))
                    feed.yield(.pageLoaded(answer.value, after: after))
                } catch {
                    feed.yield(.pageFailed(after: after, message: self.sentence(for: error, command: .launches(pageSize: nil, after: after, all: false))))
                    if Self.isUnreachable(error) { feed.yield(.connectivity(online: false, asOf: asked)) }
                }
            }
        case .showDetails(let id):
            detailsWatch?.cancel()
            let feed = self.feed
            detailsWatch = Task {
                let load = LoadLaunchDetails(launches: services.launches)
                let asked = ContinuousClock.now
                do {
                    let answer = try await load(id: id.rawValue, freshness: .fromServerElseCached)
                    feed.yield(.detailsChanged(id, answer.value))
                    if answer.source == .cacheWhileUnreachable { feed.yield(.connectivity(online: false, asOf: asked)) }
                } catch {
                    if case UseCaseError.launchNotFound = error {
                        feed.yield(.detailsChanged(id, nil))
                    } else {
                        feed.yield(.detailsFailed(id, message: self.sentence(for: error, command: .details(launchID: id.rawValue, forceReload: false))))
                    }
                }
                guard let watcher = services.launchWatcher else { return }
                do {
                    for try await details in watcher.watchLaunchDetails(id: id) {
                        if let details { feed.yield(.detailsChanged(id, details)) }
                    }
                } catch {}
            }
        case .closeDetails:
            detailsWatch?.cancel()
            detailsWatch = nil
        case .reloadDetails(let id):
            start { feed in
                let asked = ContinuousClock.now
                do {
                    let details = try await LoadLaunchDetails(launches: services.launches)(id: id.rawValue, forceReload: true)
                    feed.yield(.connectivity(online: true, asOf: asked))
                    feed.yield(.detailsChanged(id, details))
                } catch {
                    if case UseCaseError.launchNotFound = error {
                        feed.yield(.detailsChanged(id, nil))
                        return
                    }
                    feed.yield(.detailsFailed(id, message: self.sentence(for: error, command: .details(launchID: id.rawValue, forceReload: true))))
                    if Self.isUnreachable(error) { feed.yield(.connectivity(online: false, asOf: asked)) }
                }
            }
        case .book(let id), .cancel(let id):
            let booking = effect == .book(id)
            start { feed in
                do {
                    let update = booking
                        ? try await BookTrip(trips: services.bookings, credentials: services.credentials)(id: id.rawValue)
                        : try await CancelTrip(trips: services.bookings, credentials: services.credentials)(id: id.rawValue)
                    if update.success {
                        // The outcome on screen even without a cache watch: the answer's launch, or the cache's.
                        if let launch = update.launch {
                            feed.yield(.detailsChanged(id, launch))
                        } else if let cached = try? await LoadLaunchDetails(launches: services.launches)(id: id.rawValue) {
                            feed.yield(.detailsChanged(id, cached))
                        }
                        feed.yield(.bookingFinished(id, message: update.message.map { DisplayText.sanitized($0, limit: 200) }))
                    } else {
                        feed.yield(.bookingFailed(id, message: DisplayText.sanitized(update.message ?? "The server did not do it.", limit: 200)))
                    }
                    await self.refreshTrips()
                } catch {
                    let command: Command = booking ? .book(launchID: id.rawValue) : .cancel(launchID: id.rawValue)
                    feed.yield(.bookingFailed(id, message: self.sentence(for: error, command: command)))
                }
            }
        case .logIn(let email):
            start { feed in
                do {
                    let login = Login(authenticator: services.authenticator, credentials: services.credentials, userData: services.userData)
                    let outcome = try await login.logIn(email: email)
                    await self.signedIn(as: outcome.email)
                } catch {
                    feed.yield(.loginFailed(message: self.sentence(for: error, command: .login(email: email))))
                }
            }
        case .expireBanner(let id, let after):
            start { feed in
                try? await Task.sleep(for: after)
                feed.yield(.bannerExpired(id: id))
            }
        }
    }

    /// Runs `body` in a task of its own, remembered until it ends, with the event feed.
    private func start(_ body: @escaping @Sendable (AsyncStream<AppEvent>.Continuation) async -> Void) {
        nextWork += 1
        let id = nextWork
        let feed = self.feed
        work[id] = Task {
            await body(feed)
            self.finished(id)
        }
    }

    private func finished(_ id: Int) {
        work[id] = nil
    }

    // MARK: The account and the server's live feed

    /// After a login: the services are built again (the cache is the user's now), the watches
    /// start over on them, and the screens hear who is logged in.
    private func signedIn(as email: EmailAddress) async {
        if let fresh = try? await rebuild() { services = fresh }
        // The launch on screen is read and watched again in the user's cache (booked or not is theirs).
        if case .details(let id) = state.screen { perform(.showDetails(id)) }
        feed.yield(.signedIn(email))
        feed.yield(.loginFinished(email))
        startLiveWatches(signedIn: true)
    }

    /// Follows the user's trips in the cache (fetched once from the server, then again after each
    /// booking anywhere) and the server's booking activity (the banner, and online/offline).
    private func startLiveWatches(signedIn: Bool) {
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
    private func followBookingActivity() async {
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
    private func refreshTrips() async {
        let services = services
        guard (try? await services.credentials.credential()) != nil else { return }
        if let user = try? await services.trips.currentUser(freshness: .fromServer) {
            feed.yield(.userChanged(user))
        }
    }

    // MARK: Wording

    /// The sentence the command would print for `error`.
    private nonisolated func sentence(for error: any Error, command: Command) -> String {
        DisplayText.sanitized(Failure(error, endpoint: endpoint, command: command).message, limit: 300)
    }

    private static func isUnreachable(_ error: any Error) -> Bool {
        guard let error = error as? ServiceError else { return false }
        return error.kind == .unreachable || error.kind == .timedOut
    }
}

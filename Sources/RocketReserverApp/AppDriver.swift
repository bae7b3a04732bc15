import AppScreens
import CLIArguments
import CLIConfiguration
import Domain
import Ports
import Presentation
import UseCases

/// Runs the app's screens: feeds ``AppReducer`` the terminal's keys and the use cases' results,
/// carries out its effects with the same use cases the commands run, and draws each new state.
///
/// One actor owns the state, so events apply one at a time in the order they arrive; the work
/// an effect starts (a request, a watch) runs in a task of its own and comes back as an event.
package actor AppDriver {
    var services: Services
    let terminal: any FullScreenTerminal
    nonisolated let endpoint: String
    let renderer: AppRenderer
    let rebuild: @Sendable () async throws -> Services
    var state: AppState
    let events: AsyncStream<AppEvent>
    let feed: AsyncStream<AppEvent>.Continuation
    /// The details screen's watch, replaced when another launch is shown.
    var detailsWatch: Task<Void, Never>?
    /// The watches that follow the account (restarted after a login).
    var liveWatches: [Task<Void, Never>] = []
    /// The server's booking activity (the banner): started once and kept across a login, so an
    /// event right after it (the booking the login sheet was opened for) is not lost while a new
    /// subscription would start.
    var activityWatch: Task<Void, Never>?
    /// Requests in flight (cancelled when the app ends).
    var work: [Int: Task<Void, Never>] = [:]
    var nextWork = 0
    var quitting = false

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

    // MARK: Events (their effects: AppDriver+Effects.swift)

    /// Applies `event` to the state, draws the new state (unless `draw` is false) and performs its effects.
    func apply(_ event: AppEvent, draw: Bool = true) {
        let effects = AppReducer.reduce(&state, event)
        if draw { terminal.draw(renderer.frame(for: state)) }
        for effect in effects { perform(effect) }
    }

    /// Runs `body` in a task of its own, remembered until it ends, with the event feed.
    func start(_ body: @escaping @Sendable (AsyncStream<AppEvent>.Continuation) async -> Void) {
        nextWork += 1
        let id = nextWork
        let feed = self.feed
        work[id] = Task {
            await body(feed)
            self.finished(id)
        }
    }

    /// Forgets the work `id`, which has ended.
    func finished(_ id: Int) {
        work[id] = nil
    }
}

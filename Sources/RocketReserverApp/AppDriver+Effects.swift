import AppScreens
import CLIArguments
import Domain
import Presentation
import UseCases

/// The reducer's effects, carried out with the same use cases the commands run.
extension AppDriver {
    /// Carries out one effect of the reducer: a request, a watch or a timer runs in a task of its
    /// own and comes back as events; `quit` ends the event loop.
    func perform(_ effect: AppEffect) {
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

}

import Domain
import Ports
import Testing

/// The behaviour every ``TripWatcher`` adapter must share.
@Suite("TripWatcher contract", .timeLimit(.minutes(1)))
struct TripWatcherContractTests {
    @Test("Nothing cached yields nil now, then the user once fetched", arguments: TripWatcherContractSubject.all)
    func nothingCachedThenFetched(_ subject: TripWatcherContractSubject) async throws {
        let setup = try await subject.make()
        let users = setup.watcher.watchCurrentUser().makeAsyncIterator()
        #expect(try await users.next() == .some(nil))
        try await setup.fetchUser()
        let user = try await users.next()
        #expect(user??.email.rawValue == "watcher@example.com")
        #expect(user??.trips.isEmpty == true)
    }

    @Test("What is cached is yielded at once", arguments: TripWatcherContractSubject.all)
    func cachedNow(_ subject: TripWatcherContractSubject) async throws {
        let setup = try await subject.make()
        try await setup.bookOnServer(LaunchID(trusted: "2"))
        try await setup.fetchUser()
        let users = setup.watcher.watchCurrentUser().makeAsyncIterator()
        #expect(try await users.next()??.trips.map(\.launch.id.rawValue) == ["2"])
    }

    @Test("A write that changes nothing the answer read yields nothing", arguments: TripWatcherContractSubject.all)
    func unrelatedWritesYieldNothing(_ subject: TripWatcherContractSubject) async throws {
        let setup = try await subject.make()
        try await setup.fetchUser()
        let users = setup.watcher.watchCurrentUser().makeAsyncIterator()
        #expect(try await users.next()??.trips.isEmpty == true)
        // A launch fetched, and the same user fetched again unchanged: nothing to yield.
        try await setup.fetchLaunch(LaunchID(trusted: "3"))
        try await setup.fetchUser()
        // The next yield is the change that follows them.
        try await setup.bookOnServer(LaunchID(trusted: "3"))
        try await setup.fetchUser()
        #expect(try await users.next()??.trips.map(\.launch.id.rawValue) == ["3"])
    }

    @Test("Two watches each see the change", arguments: TripWatcherContractSubject.all)
    func twoWatches(_ subject: TripWatcherContractSubject) async throws {
        let setup = try await subject.make()
        let first = setup.watcher.watchCurrentUser().makeAsyncIterator()
        let second = setup.watcher.watchCurrentUser().makeAsyncIterator()
        _ = try await first.next()
        _ = try await second.next()
        try await setup.bookOnServer(LaunchID(trusted: "5"))
        try await setup.fetchUser()
        #expect(try await first.next()??.trips.map(\.launch.id.rawValue) == ["5"])
        #expect(try await second.next()??.trips.map(\.launch.id.rawValue) == ["5"])
    }

    @Test("Stopping iteration removes the watch", arguments: TripWatcherContractSubject.all)
    func stoppingRemovesTheWatch(_ subject: TripWatcherContractSubject) async throws {
        let setup = try await subject.make()
        var yielded = 0
        for try await _ in setup.watcher.watchCurrentUser() {
            yielded += 1
            #expect(await setup.watches(1))
            break
        }
        #expect(yielded == 1)
        // A watch that outlives its iteration fails here at the suite's time limit.
        #expect(await setup.watches(0), "the watch outlived the loop that left it")
        let watcher = setup.watcher
        let consumer = Task {
            for try await _ in watcher.watchCurrentUser() {}
        }
        #expect(await setup.watches(1))
        consumer.cancel()
        _ = await consumer.result
        #expect(await setup.watches(0), "the watch outlived its cancelled consumer")
    }
}

import Domain
import InMemoryAdapters
import Ports

/// The in-memory gateway's per-user cache of launch details, filled through the gateway.
struct InMemoryCachedUserDataWorld: CachedUserDataWorld {
    let credentials = InMemoryCredentialStore()
    let gateway: InMemoryGateway

    init() {
        gateway = InMemoryGateway(server: InMemoryTutorialServer(launches: SampleLaunches.make(count: 3)), credentials: credentials)
    }

    func fill(_ user: EmailAddress?) async throws {
        try await acting(as: user) {
            _ = try await gateway.launchDetails(id: LaunchID("1"), freshness: .fromServer)
        }
    }

    func records(of user: EmailAddress?) async throws -> Int {
        try await acting(as: user) {
            await gateway.cachedDetails(id: try LaunchID("1")) == nil ? 0 : 1
        }
    }

    func inspector(current: EmailAddress?) async throws -> any CacheInspector {
        try await logIn(current)
        return gateway
    }

    func userData() async throws -> any UserDataCache {
        gateway
    }

    /// Runs `body` with `user` logged in, then restores the login there was.
    private func acting<T>(as user: EmailAddress?, _ body: () async throws -> T) async throws -> T {
        let previous = try await credentials.credential()
        try await logIn(user)
        let result = try await body()
        if let previous { try await credentials.save(previous) } else { try await credentials.removeCredential() }
        return result
    }

    private func logIn(_ user: EmailAddress?) async throws {
        if let user {
            try await credentials.save(Credential(email: user, token: AuthToken("token-for-\(user.rawValue)")))
        } else {
            try await credentials.removeCredential()
        }
    }
}

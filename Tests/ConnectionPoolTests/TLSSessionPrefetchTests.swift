import Foundation
import Transport
@testable import SocketTransport
import Testing
import TestSupport

/// A kept session decoded ahead of its connection (``TLSSessionStore/prefetchSession(for:)``) is
/// offered as the file's would be: resumed for its origin under the same trust, never under
/// other trust settings, and forgotten with the file.
@Suite("TLS sessions prefetched at start-up", .timeLimit(.minutes(5)))
struct TLSSessionPrefetchTests {
    typealias Setup = TLSSessionStoreTests.Setup

    /// A store over the setup's folder, with the front's session prefetched for `host`.
    private func prefetched(_ setup: Setup, host: String = "127.0.0.1") throws -> TLSSessionStore {
        let store = TLSSessionStore(folder: setup.folder.url.path)
        store.prefetchSession(for: try #require(URL(string: "https://\(host):\(setup.front.port)/graphql")))
        return store
    }

    private func process(_ store: TLSSessionStore, caFile: String = TLSFixture.caFile) -> SocketHTTPSession {
        SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: caFile), sessions: store)
    }

    @Test func aPrefetchedSessionIsResumed() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let store = try prefetched(setup)
        #expect(store.prefetched.withLock { $0.count } == 1)
        #expect(try await setup.run(process(store)) == 1)
        // Offered once: the connection took it.
        #expect(store.prefetched.withLock { $0.isEmpty })
    }

    @Test func nothingIsPrefetchedForAnotherHostOrWithoutAFile() async throws {
        let setup = try Setup()
        #expect(try prefetched(setup).prefetched.withLock { $0.isEmpty })
        #expect(try await setup.run(setup.process()) == 0)
        #expect(try prefetched(setup, host: "localhost").prefetched.withLock { $0.isEmpty })
    }

    @Test func aPrefetchedSessionIsNotOfferedUnderOtherTrustSettings() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let other = setup.folder.url.appendingPathComponent("other-trust.pem")
        let combined = try Data(contentsOf: URL(fileURLWithPath: TLSFixture.caFile))
            + Data(contentsOf: TLSFixture.folder.appendingPathComponent("other-ca.pem"))
        try combined.write(to: other)
        #expect(try await setup.run(process(try prefetched(setup), caFile: other.path)) == 0)
    }

    @Test func forgettingTheFileForgetsThePrefetchedSession() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let store = try prefetched(setup)
        #expect(store.removeSession(for: try #require(URL(string: "https://127.0.0.1:\(setup.front.port)/graphql"))).isEmpty)
        #expect(store.prefetched.withLock { $0.isEmpty })
        #expect(try await setup.run(process(store)) == 0)
    }
}

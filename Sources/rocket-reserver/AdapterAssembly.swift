#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CLIArguments
import CLIConfiguration
import ProcessLifecycle
import CacheFolder
import Domain
import JSONFileCredentialStore
import GraphQLClient
import GraphQLClientDocumentRunner
import GraphQLGateway
import GraphQLSubscriptions
import SubscriptionCache
import Transport
import NormalizedCache
import Ports
import Presentation
import RocketReserverCLI
import SingleThreadRuntime
import SocketTransport
import TerminalPresenters

/// Builds the real adapters for one run: the file keychain for the endpoint, a GraphQL client
/// whose normalized cache is persisted per endpoint and per user, the gateway, and a presenter.
struct AdapterAssembly {
    let configuration: Configuration
    let output: any TextOutput
    let warnings: any TextOutput
    /// Standard error for hints about the results, silent once the results could not be written.
    let notes: any TextOutput
    /// The progress line on standard error, when it is a terminal.
    var progress: ProgressLine? = nil
    /// The executor the command runs on: the cache runs there too, and timeouts use its clock.
    let executor: CurrentThreadExecutor

    func services() async -> Services {
        // The TLS sessions kept for the next process, forgotten with the user's data.
        let sessions = Self.sessionStore(for: configuration)
        let session = Self.session(for: configuration, sessions: sessions)
        let endpoint = configuration.endpoint.absoluteString
        let folders = [configuration.credentialsDirectory, configuration.cacheDirectory]
        TerminationSignals.watch(folders)
        // Leftovers of writes that were killed in an earlier run (they may hold the token).
        for folder in folders { StaleTemporaryFiles.sweep(folder) }
        let keychain = JSONFileCredentialStore(directory: configuration.credentialsDirectory, endpoint: endpoint)
        let sendsCredentials = configuration.sendsCredentials

        // The cache partition is the logged-in user's (anonymous when nobody is, when the stored
        // login is unreadable, or when credentials may not travel to this endpoint).
        let user = sendsCredentials ? (try? await keychain.credential())?.email : nil
        let warnings = WarningsOnce(output: self.warnings)
        let cacheFile = CacheFileLocation.url(in: configuration.cacheDirectory, endpoint: endpoint, user: user)
        let cache = NormalizedCache(
            persistence: CacheFileLocation.persistence(of: cacheFile, maximumBytes: configuration.cacheMaximumBytes, onWarning: { warnings.warn($0) }),
            configuration: CacheConfiguration(maxAge: configuration.maxAge),
            executor: executor
        )

        let authorization = sendsCredentials
            ? AuthorizationInterceptor(scheme: .init(configuration.authorizationScheme)) {
                // An unreadable login sends no token; commands that need one report it themselves.
                (try? await keychain.credential())?.token.rawValue
            }
            : nil
        // The same token, scheme and credentials decision for the subscription's `connection_init`
        // (made above for the endpoint, its proxy and ROCKET_RESERVER_ALLOW_INSECURE_HTTP).
        let subscriptionCredentials = sendsCredentials
            ? SubscriptionCredentials(scheme: .init(configuration.authorizationScheme), allowsPlainTextToAnyHost: true) {
                (try? await keychain.credential())?.token.rawValue
            }
            : nil
        let ages = CacheAgeRecorder()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: configuration.endpoint,
            session: session,
            timeout: .milliseconds(Int((configuration.timeout * 1_000).rounded())),
            clock: executor.clock,
            cache: cache,
            authorization: authorization,
            retry: RetryInterceptor(sleep: { [clock = executor.clock] in try await clock.sleep(for: $0) }),
            additional: [ages],  // outermost: it sees every answer, cached ones included
            persistedQueries: Self.persistedQueryMode(configuration.persistedQueries),
            usesGET: configuration.usesGET
        ))
        let gateway = GraphQLGateway(client: client, cache: cache)
        // One subscription client (one shared socket) for `watch` and `query`'s subscriptions.
        let subscriptions = Self.subscriptions(for: configuration, credentials: subscriptionCredentials, cache: cache)
        let presenter: any ResultPresenter =
            switch configuration.outputFormat {
            case .json: JSONPresenter(output: output, progress: progress)
            case .text:
                HumanPresenter(
                    output: output,
                    colorEnabled: configuration.color,
                    nextPageCommand: RocketReserverCLI.nextPageCommand,
                    width: configuration.terminalWidth,
                    hints: configuration.outputIsTerminal ? nil : notes,
                    progress: progress
                )
            }
        var services = Services(
            launches: gateway.launches,
            bookings: gateway.booking,
            trips: gateway.trips,
            authenticator: gateway.authenticator,
            credentials: keychain,
            userData: CompanionForgettingUserData(
                CacheFolderUserData(
                    cacheDirectory: configuration.cacheDirectory,
                    credentialsDirectory: configuration.credentialsDirectory,
                    endpoint: endpoint
                ),
                forgetting: { [sessions, url = configuration.endpoint] in sessions.removeSession(for: url) }
            ),
            presenter: presenter,
            cacheInspector: CompanionForgettingInspector(
                CacheFolderInspector(current: cache, at: cacheFile),
                forgettingCurrent: { [sessions, url = configuration.endpoint] in sessions.removeSession(for: url) },
                every: { [sessions] in sessions.removeAll() }
            ),
            documentRunner: EndpointDocumentRunner(
                client: client, subscriptions: subscriptions,
                schemaFile: CacheFileLocation.schemaURL(in: configuration.cacheDirectory, endpoint: endpoint),
                onWarning: { warnings.warn($0) }
            ),
            bookingActivity: GraphQLBookingActivityFeed(client: subscriptions),
            tripWatcher: GraphQLTripWatcher(cache: cache),
            launchWatcher: GraphQLLaunchWatcher(cache: cache)
        )
        services.cachedAnswerAge = {
            ages.oldestCachedAt.map { .milliseconds(max(0, Int64((Date().timeIntervalSince($0) * 1_000).rounded(.down)))) }
        }
        return services
    }

    /// The client's persisted query mode for the command line's setting.
    static func persistedQueryMode(_ setting: PersistedQueries) -> PersistedQueryMode {
        switch setting {
        case .off: .off
        case .auto: .automatic
        case .only: .only
        }
    }

    /// The transport for both schemes: the in-process socket client, with TLS from the system's
    /// OpenSSL 3 loaded only when an https request is made, the extra CAs of `--cacert`, the
    /// proxy the configuration chose for the endpoint from curl's variables (the same route the
    /// credentials decision judged, so no second `no_proxy` reading), and the answer-size limits.
    /// No child process, no libcurl. TLS sessions are kept in the cache folder for the next
    /// process (``sessionStore(for:)``).
    static func session(for configuration: Configuration, sessions: TLSSessionStore) -> SocketHTTPSession {
        SocketHTTPSession(
            tls: TLSConfiguration(additionalTrustedCertificates: configuration.caCertificatesFile),
            proxies: ProxyConfiguration(httpsProxy: configuration.proxy, httpProxy: configuration.proxy),
            limits: HTTPResponseLimits(maximumBodyBytes: configuration.maximumResponseBytes),
            sessions: sessions
        )
    }

    /// Where https sessions are kept between processes: one 0600 file per origin in the cache
    /// folder, dropped on logout and `cache clear` (nothing is read or written until https is used).
    static func sessionStore(for configuration: Configuration) -> TLSSessionStore {
        // `path(percentEncoded:)` without the folder's trailing slash: the `path` getter builds a
        // set of bytes on its first use in a process (0.27 M instructions), which every command paid here.
        var folder = configuration.cacheDirectory.path(percentEncoded: false)
        while folder.utf8.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return TLSSessionStore(folder: folder)
    }

    /// The subscription client: the endpoint as `ws://`/`wss://` over the in-process WebSocket
    /// client, with the same extra CAs and proxy as HTTP, connecting within `--timeout`. Events
    /// holding objects are written to `cache` first (``SubscriptionCacheSink``), and the
    /// subprotocol the server acknowledged is kept there for the next process. Up to
    /// ``eventBufferLimit`` events wait for a slow reader of standard output before the oldest
    /// are dropped.
    static func subscriptions(for configuration: Configuration, credentials: SubscriptionCredentials?, cache: NormalizedCache) -> any GraphQLSubscriptionTransport {
        GraphQLSubscriptionClient(
            endpoint: configuration.endpoint,
            session: WebSocketClient(
                tls: TLSConfiguration(additionalTrustedCertificates: configuration.caCertificatesFile),
                proxies: ProxyConfiguration(httpsProxy: configuration.proxy, httpProxy: configuration.proxy)
            ),
            credentials: credentials,
            handshakeTimeout: .milliseconds(Int((configuration.timeout * 1_000).rounded())),
            bufferLimit: eventBufferLimit,
            eventSink: SubscriptionCacheSink.writing(to: cache),
            memory: .kept(in: cache, for: configuration.endpoint)
        )
    }

    /// Events a subscription keeps for a slow consumer: 0.4 s of a 10,000 events/s flood, so a
    /// process descheduled on a busy machine loses none (Docs/Performance.md); a few hundred KiB.
    static let eventBufferLimit = 4_096
}

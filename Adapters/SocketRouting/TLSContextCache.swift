import SocketTLS
import Synchronization

/// Makes a session's ``TLSContext`` once, on its first https request, and keeps it.
package final class TLSContextCache: Sendable {
    private let configuration: TLSConfiguration
    private let context = Mutex<TLSContext?>(nil)

    package init(_ configuration: TLSConfiguration) {
        self.configuration = configuration
    }

    package func get() throws -> TLSContext {
        try context.withLock { cached in
            if let cached { return cached }
            let made = try TLSContext.make(configuration)
            cached = made
            return made
        }
    }
}

extension TLSContext {
    /// A new context set up from `configuration` (see ``make(trusting:library:)``).
    package static func make(_ configuration: TLSConfiguration) throws -> TLSContext {
        try make(trusting: configuration.additionalTrustedCertificates)
    }
}

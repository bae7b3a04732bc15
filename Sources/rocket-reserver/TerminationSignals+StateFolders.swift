#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CacheFolder
import ProcessLifecycle

extension TerminationSignals {
    /// Sets the state folders whose temporary files of this process a signal removes
    /// (``StaleTemporaryFiles``); each call replaces the last.
    static func watch(_ urls: [URL]) {
        sweepsOnExit { owner in
            for url in urls { StaleTemporaryFiles.sweep(url, owner: owner) }
        }
    }
}

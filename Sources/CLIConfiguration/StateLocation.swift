#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CLIArguments
import CommandLineKit

/// Where the credential and the cache live, from the environment.
///
/// `ROCKET_RESERVER_HOME` holds both when set; otherwise the credential goes under
/// `$XDG_CONFIG_HOME/rocket-reserver` (default `~/.config/rocket-reserver`) and the cache
/// under `$XDG_CACHE_HOME/rocket-reserver` (default `~/.cache/rocket-reserver`). A relative
/// `ROCKET_RESERVER_HOME` is refused; relative `XDG_*` values are ignored, as the XDG Base
/// Directory specification says, and so is a relative `HOME`.
struct StateLocation: Equatable {
    var credentialsDirectory: URL
    var cacheDirectory: URL

    /// - Throws: ``UsageError`` when `ROCKET_RESERVER_HOME` is set to a relative path, which
    ///   would put the state wherever the command happens to run.
    init(environment: [String: String], homeDirectory: @autoclosure () -> String) throws(UsageError) {
        if let value = environment["ROCKET_RESERVER_HOME"], !value.isEmpty, !value.hasPrefix("/") {
            throw UsageError("ROCKET_RESERVER_HOME must be an absolute path (starting with /), not \"\(EchoedText.quoted(value))\".")
        }
        if let home = Self.absolutePath(environment["ROCKET_RESERVER_HOME"]) {
            let root = URL(fileURLWithPath: home, isDirectory: true)
            credentialsDirectory = root.appendingPathComponent("credentials", isDirectory: true)
            cacheDirectory = root.appendingPathComponent("cache", isDirectory: true)
            return
        }
        let userHome = URL(fileURLWithPath: environment["HOME"].flatMap { Self.absolutePath($0) } ?? homeDirectory(), isDirectory: true)
        let config = Self.absolutePath(environment["XDG_CONFIG_HOME"]).map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? userHome.appendingPathComponent(".config", isDirectory: true)
        let cache = Self.absolutePath(environment["XDG_CACHE_HOME"]).map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? userHome.appendingPathComponent(".cache", isDirectory: true)
        credentialsDirectory = config.appendingPathComponent(CommandCatalog.toolName, isDirectory: true)
        cacheDirectory = cache.appendingPathComponent(CommandCatalog.toolName, isDirectory: true)
    }

    /// The value when it is an absolute path (the XDG rule: relative values are ignored).
    private static func absolutePath(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }
}

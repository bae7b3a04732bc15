#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CLIArguments
import CommandLineFiles
import CommandLineKit

/// Resolves a ``Configuration`` from the global options and the environment, option first.
package struct ConfigurationResolver {
    let environment: CLIEnvironment

    package init(environment: CLIEnvironment) {
        self.environment = environment
    }

    package func resolve(_ options: GlobalOptions) throws(UsageError) -> Configuration {
        let variables = environment.variables
        let endpointText = options.endpoint ?? nonEmpty(variables["ROCKET_RESERVER_ENDPOINT"]) ?? Configuration.defaultEndpoint
        let endpoint = try EndpointPolicy.endpoint(from: endpointText)

        var timeout = Configuration.defaultTimeout
        if let seconds = options.timeout {
            timeout = seconds
        } else if let text = nonEmpty(variables["ROCKET_RESERVER_TIMEOUT"]) {
            timeout = try NumberSetting.seconds(text, from: "ROCKET_RESERVER_TIMEOUT", atMost: Configuration.maximumTimeout)
        }

        let schemeText = nonEmpty(variables["ROCKET_RESERVER_AUTH_SCHEME"])?.lowercased() ?? "raw"
        guard let scheme = Configuration.AuthorizationScheme(rawValue: schemeText) else {
            throw UsageError("ROCKET_RESERVER_AUTH_SCHEME must be \"raw\" or \"bearer\".")
        }

        let caFile = options.caCertificates ?? nonEmpty(variables["ROCKET_RESERVER_CACERT"])
        if let caFile { try Self.checkCAFile(caFile, from: options.caCertificates == nil ? "ROCKET_RESERVER_CACERT" : CommandOptions.caCertificates.name) }
        if endpoint.scheme?.lowercased() == "https", let bundle = nonEmpty(variables["SSL_CERT_FILE"]) {
            try Self.checkCAFile(bundle, from: "SSL_CERT_FILE", missingIsFine: true)
        }
        let proxy = try ProxySettings.proxy(for: endpoint, environment: variables)

        var maximumResponseBytes = Configuration.defaultMaximumResponseBytes
        if let text = nonEmpty(variables["ROCKET_RESERVER_MAX_RESPONSE_BYTES"]) {
            maximumResponseBytes = try NumberSetting.whole(
                text, from: "ROCKET_RESERVER_MAX_RESPONSE_BYTES", in: 1...Configuration.maximumResponseBytesLimit, unit: "bytes"
            )
        }

        var offline = options.offline
        switch nonEmpty(variables["ROCKET_RESERVER_OFFLINE"]) {
        case nil, "0": break
        case "1": offline = true
        default: throw UsageError("ROCKET_RESERVER_OFFLINE must be 1 (answer from the cache only) or 0.")
        }

        var maxAge = options.maxAge
        if maxAge == nil, let text = nonEmpty(variables["ROCKET_RESERVER_MAX_AGE"]) {
            maxAge = try Configuration.maxAgeSeconds(text, from: "ROCKET_RESERVER_MAX_AGE")
        }
        var cacheMaximumBytes = Configuration.defaultCacheMaximumBytes
        if let text = nonEmpty(variables["ROCKET_RESERVER_CACHE_MAX_BYTES"]) {
            cacheMaximumBytes = try NumberSetting.whole(
                text, from: "ROCKET_RESERVER_CACHE_MAX_BYTES", in: 65_536...Configuration.maximumResponseBytesLimit, unit: "bytes"
            )
        }

        var persistedQueries = options.persistedQueries ?? .off
        if options.persistedQueries == nil, let text = nonEmpty(variables["ROCKET_RESERVER_PERSISTED_QUERIES"]) {
            persistedQueries = try PersistedQueries.parse(text, from: "ROCKET_RESERVER_PERSISTED_QUERIES")
        }
        var usesGET = options.get
        switch nonEmpty(variables["ROCKET_RESERVER_GET"]) {
        case nil, "0": break
        case "1": usesGET = true
        default: throw UsageError("ROCKET_RESERVER_GET must be 1 (queries as HTTP GET) or 0.")
        }

        let state = try StateLocation(environment: variables, homeDirectory: environment.homeDirectory)
        return Configuration(
            endpoint: endpoint,
            timeout: timeout,
            json: options.json,
            color: environment.outputIsTerminal && nonEmpty(variables["NO_COLOR"]) == nil,
            outputIsTerminal: environment.outputIsTerminal,
            terminalWidth: terminalWidth(),
            sendsCredentials: EndpointPolicy.allowsCredentials(to: endpoint, through: proxy, environment: variables),
            authorizationScheme: scheme,
            credentialsDirectory: state.credentialsDirectory,
            cacheDirectory: state.cacheDirectory,
            caCertificatesFile: caFile,
            proxy: proxy,
            maximumResponseBytes: maximumResponseBytes,
            offline: offline,
            maxAge: maxAge.map { .seconds($0) },
            cacheMaximumBytes: cacheMaximumBytes,
            persistedQueries: persistedQueries,
            usesGET: usesGET
        )
    }

    /// Refuses a CA file that is missing (unless `missingIsFine`), unreadable, not a regular
    /// file (a FIFO would hang OpenSSL) or too large, before anything is sent.
    private static func checkCAFile(_ path: String, from source: String, missingIsFine: Bool = false) throws(UsageError) {
        if let problem = CAFileCheck.problem(with: path, missingIsFine: missingIsFine) {
            throw UsageError("The CA file \"\(EchoedText.quoted(path))\" given with \(source) \(problem).")
        }
    }

    /// `COLUMNS` when it is a positive number, else the terminal's size; `nil` when standard
    /// output is not a terminal (piped output is never cut) or no width is known.
    private func terminalWidth() -> Int? {
        guard environment.outputIsTerminal else { return nil }
        // The shell's variable, not this program's: a value that is not a positive decimal
        // number is ignored, as other programs do, rather than refused.
        if let text = nonEmpty(environment.variables["COLUMNS"]), let columns = DecimalNumber.wholeNumber(text), columns > 0 {
            return columns
        }
        return environment.terminalWidth.flatMap { $0 > 0 ? $0 : nil }
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}

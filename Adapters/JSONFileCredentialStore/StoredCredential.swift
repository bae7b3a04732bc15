import Domain
import JSON

/// The JSON shape of a credential file: `{"version":1,"endpoint":…,"email":…,"token":…}`.
struct StoredCredential: Equatable, Sendable {
    /// The only format version this adapter reads and writes.
    static let currentVersion = 1

    var version: Int
    var endpoint: String
    var email: String
    var token: String

    init(_ credential: Credential, endpoint: String) {
        self.version = Self.currentVersion
        self.endpoint = endpoint
        self.email = credential.email.rawValue
        self.token = credential.token.rawValue
    }

    /// The record as the file holds it (written with sorted keys).
    var json: JSONValue {
        ["version": .int(version), "endpoint": .string(endpoint), "email": .string(email), "token": .string(token)]
    }

    /// Reads the record from a parsed file: an object with these four members (others are
    /// ignored), the version a whole number and the rest strings.
    /// - Throws: ``Invalid/notARecord`` for any other shape.
    init(json: JSONValue) throws(Invalid) {
        guard let version = json["version"]?.intValue, let endpoint = json["endpoint"]?.stringValue,
            let email = json["email"]?.stringValue, let token = json["token"]?.stringValue
        else { throw .notARecord }
        self.version = version
        self.endpoint = endpoint
        self.email = email
        self.token = token
    }

    /// Why a decoded file cannot become a credential; the details never quote the token.
    enum Invalid: Error, Equatable {
        case notARecord
        case unsupportedVersion(Int)
        case invalidEmail
        case invalidToken
    }

    /// The domain credential this record holds.
    func credential() throws(Invalid) -> Credential {
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        guard let email = try? EmailAddress(email) else { throw .invalidEmail }
        // The token goes into an HTTP header: refuse empty ones and any control character.
        guard !token.isEmpty, !token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidToken }
        return Credential(email: email, token: AuthToken(token))
    }
}

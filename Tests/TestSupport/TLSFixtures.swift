import Foundation

/// The committed test certificates in `Tests/Fixtures/TLS` (made by its `make-certificates.sh`).
public enum TLSFixture: String, Sendable, CaseIterable {
    /// Signed by the test CA for 127.0.0.1, ::1 and localhost, valid until 2124.
    case server
    /// Signed by the test CA for the right names, expired in 2000.
    case expired
    /// Signed by the test CA for `wrong-host.invalid` only.
    case wrongHost = "wrong-host"
    /// Its own issuer.
    case selfSigned = "self-signed"
    /// Signed by a CA nobody trusts.
    case unknownCA = "unknown-ca"

    /// The fixtures folder.
    public static let folder = BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/TLS")
    /// The test CA's certificate (PEM), for `--cacert` or `SSL_CERT_FILE`.
    public static let caFile = folder.appendingPathComponent("ca.pem").path

    public var certificateFile: String { Self.folder.appendingPathComponent("\(rawValue).pem").path }
    public var keyFile: String { Self.folder.appendingPathComponent("\(rawValue).key").path }
}

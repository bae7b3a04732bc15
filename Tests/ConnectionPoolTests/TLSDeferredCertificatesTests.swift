import Foundation
@testable import SocketTransport
@testable import SocketTLS
import Testing
import TestSupport

/// The extra CAs are decoded only when a full handshake verifies a chain; a file the cheap
/// check cannot vouch for is loaded (or refused) at once, as before.
@Suite("Deferred extra CAs", .timeLimit(.minutes(2)))
struct TLSDeferredCertificatesTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theTestCAIsDeferredAndStillVerifiesAFullHandshake() async throws {
        let context = try TLSContext.make(TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        #expect(context.deferredCertificates != nil)
        let server = try KeepAliveServer { _ in .answer(headers: ["Connection: close"]) }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        let session = SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        #expect(try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https")).statusCode == 200)
    }

    @Test func theCheckAcceptsCertificateBlocksAmongOtherText() throws {
        let ca = try String(contentsOfFile: TLSFixture.caFile, encoding: .utf8)
        #expect(TLSDeferredCertificates.looksLikeCertificates(Self.bytes(ca)))
        #expect(TLSDeferredCertificates.looksLikeCertificates(Self.bytes("# a bundle\n" + ca + "-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n" + ca)))
    }

    @Test(arguments: [
        "hello", "", "-----BEGIN CERTIFICATE-----\nMIIB!!notbase64\n-----END CERTIFICATE-----\n",
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", "-----BEGIN CERTIFICATE-----\nMIIB\n",
    ])
    func theCheckRefusesWhatItCannotVouchFor(_ text: String) {
        #expect(!TLSDeferredCertificates.looksLikeCertificates(Self.bytes(text)))
    }
}

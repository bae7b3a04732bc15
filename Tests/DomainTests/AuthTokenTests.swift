import Domain
import Testing

@Suite("AuthToken", .timeLimit(.minutes(5)))
struct AuthTokenTests {
    @Test func neverDescribesItsValue() throws {
        let secret = "c2VjcmV0QGV4YW1wbGUuY29t"
        let credential = Credential(email: try EmailAddress("me@example.com"), token: AuthToken(secret))
        #expect(!"\(credential.token)".contains(secret))
        #expect(!String(reflecting: credential.token).contains(secret))
        #expect(!"\(credential)".contains(secret))
        #expect("\(credential)".contains("me@example.com"))
    }
}

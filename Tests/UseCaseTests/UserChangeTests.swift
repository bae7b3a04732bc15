import Domain
import Ports
import Testing
import UseCases

/// No user's cached data outlives their login, and logging out removes what it can even when
/// part of it fails.
@Suite("User change", .timeLimit(.minutes(5)))
struct UserChangeTests {
    /// Cached user data whose removal always fails.
    struct FailingUserData: UserDataCache {
        func removeAll() async throws(UserDataCacheError) { throw UserDataCacheError("the cache file x could not be removed (read-only)") }
    }

    @Test func loggingInAsAnotherUserForgetsTheFirstUsersCacheAndSaysWhom() async throws {
        let fixture = try Fixture(loggedInAs: "a@example.com")
        _ = try await fixture.loadDetails(id: "3")
        let outcome = try await fixture.login.logIn(email: "b@example.com")
        #expect(outcome.email.rawValue == "b@example.com" && outcome.replaced?.rawValue == "a@example.com")
        try await fixture.credentials.save(Credential(email: try EmailAddress("a@example.com"), token: AuthToken("token-for-a@example.com")))
        #expect(await fixture.gateway.cachedDetails(id: try LaunchID("3")) == nil)
    }

    @Test func loggingInAgainAsTheSameUserKeepsTheirCache() async throws {
        let fixture = try Fixture(loggedInAs: "a@example.com")
        _ = try await fixture.loadDetails(id: "3")
        let outcome = try await fixture.login.logIn(email: "a@example.com")
        #expect(outcome.replaced == nil)
        #expect(await fixture.gateway.cachedDetails(id: try LaunchID("3")) != nil)
    }

    @Test func aMalformedTokenKeepsThePreviousLogin() async throws {
        for token in ["", "a b", "new\nline", String(repeating: "x", count: AuthToken.maximumLength + 1)] {
            #expect(!AuthToken(token).isWellFormed, "\(token.prefix(10))")
        }
        #expect(AuthToken(String(repeating: "~", count: AuthToken.maximumLength)).isWellFormed)
    }

    @Test func aFailedCacheRemovalStillRemovesTheCredentialAndIsReported() async throws {
        let fixture = try Fixture(loggedInAs: "a@example.com")
        await #expect(throws: UseCaseError.self) {
            try await Logout(credentials: fixture.credentials, userData: FailingUserData())()
        }
        #expect(try await fixture.credentials.credential() == nil)
    }
}

import Domain
import Ports
import Testing
import UseCases

@Suite("Login and Logout", .timeLimit(.minutes(5)))
struct LoginTests {
    @Test func storesTheTokenForTheAddress() async throws {
        let fixture = try Fixture()
        let email = try await fixture.login(email: "me@example.com")
        #expect(email.rawValue == "me@example.com")
        let stored = try await fixture.credentials.credential()
        #expect(stored?.email == email)
        #expect(stored?.token == AuthToken("token-for-me@example.com"))
    }

    @Test func rejectsAMalformedAddressBeforeAnyRequest() async throws {
        let fixture = try Fixture()
        await #expect(throws: DomainError.invalidEmail(reason: .notAnAddress)) {
            try await fixture.login(email: "not-an-email")
        }
        #expect(await fixture.requests.isEmpty)
        #expect(try await fixture.credentials.credential() == nil)
    }

    @Test func aRefusedLoginStoresNothing() async throws {
        let fixture = try Fixture(refusing: ["banned@example.com"])
        await #expect(throws: UseCaseError.loginRefused(try EmailAddress("banned@example.com"))) {
            try await fixture.login(email: "banned@example.com")
        }
        #expect(await fixture.requests == ["Login"])
        #expect(try await fixture.credentials.credential() == nil)
    }

    @Test func logoutForgetsTheTokenAndTheUsersCache() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        _ = try await fixture.loadDetails(id: "3")
        let id = try LaunchID("3")
        #expect(await fixture.gateway.cachedDetails(id: id) != nil)

        let email = try await fixture.logout()

        #expect(email?.rawValue == "me@example.com")
        #expect(try await fixture.credentials.credential() == nil)
        // Logged in again as the same user: nothing cached survived the logout.
        try await fixture.credentials.save(Credential(email: try EmailAddress("me@example.com"), token: AuthToken("token-for-me@example.com")))
        #expect(await fixture.gateway.cachedDetails(id: id) == nil)
    }

    @Test func logoutWhenNobodyIsLoggedInSaysSo() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.logout() == nil)
    }

    @Test func logoutRemovesAnUnreadableCredential() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        await fixture.credentials.simulateUnreadable()
        #expect(try await fixture.logout() == nil)
        #expect(try await fixture.credentials.credential() == nil)
    }
}

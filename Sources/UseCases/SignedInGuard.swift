import Domain
import Ports

/// Runs work that needs a logged-in user: refuses before any request when nobody is logged in,
/// and forgets a token the server no longer accepts.
struct SignedInGuard: Sendable {
    let credentials: any CredentialStore

    func run<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        guard try await credentials.credential() != nil else { throw UseCaseError.notLoggedIn }
        do {
            return try await work()
        } catch let error as ServiceError where error.kind == .unauthenticated {
            throw await forgetLogin(after: error)
        } catch UseCaseError.sessionExpired {
            throw await forgetLogin(after: UseCaseError.sessionExpired)
        }
    }

    /// The session is over; keeping the token would only fail again.
    private func forgetLogin(after error: any Error) async -> any Error {
        try? await credentials.removeCredential()
        return error
    }
}

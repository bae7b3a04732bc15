import GraphQLClientFixtures
import Transport

extension ClientFixtures {
    /// The transport failure `session` reports for `request`; `nil` when it answers.
    static func transportFailure(_ session: any HTTPSession, _ request: HTTPRequest) async -> HTTPTransportError.Kind? {
        do {
            _ = try await session.send(request)
            return nil
        } catch let error as HTTPTransportError {
            return error.kind
        } catch {
            return .other(code: 0)
        }
    }
}

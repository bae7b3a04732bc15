import GraphQLClient
import CLIArguments

extension AuthorizationInterceptor.Scheme {
    /// The interceptor's scheme for the configured one, case by case.
    init(_ scheme: Configuration.AuthorizationScheme) {
        switch scheme {
        case .raw: self = .raw
        case .bearer: self = .bearer
        }
    }
}

import Foundation

/// The tutorial's credential: the token is the base64 of the user's email.
enum AuthToken {
    /// The token for an email.
    static func token(forEmail email: String) -> String {
        Data(email.utf8).base64EncodedString()
    }

    /// The email carried by an `Authorization` header value, or `nil` for a missing or garbage value.
    ///
    /// Accepts the raw token (as the tutorial app sends it) and `Bearer <token>`.
    static func email(fromAuthorizationHeader header: String?) -> String? {
        guard var value = header?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.count > 7, value.prefix(7).lowercased() == "bearer " {
            value = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        }
        guard let data = Data(base64Encoded: value), let email = String(data: data, encoding: .utf8),
            EmailAddress.isValid(email)
        else {
            return nil
        }
        return email
    }
}

import Domain

/// The login sheet: the email field, the request's progress and the refusal's sentence.
public struct LoginSheet: Equatable, Sendable {
    /// The email as typed so far.
    public internal(set) var field = LoginField()
    /// Why the last attempt was refused, in the driver's words.
    public internal(set) var error: String?
    /// Whether a login request is running; a second Enter waits for it.
    public internal(set) var isSubmitting = false
    /// The launch to book once logged in: the `b` that opened the sheet.
    public let bookingAfterLogin: LaunchID?

    public init(bookingAfterLogin: LaunchID? = nil) {
        self.bookingAfterLogin = bookingAfterLogin
    }
}

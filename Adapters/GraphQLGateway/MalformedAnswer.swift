/// An answer that decoded into the generated model but cannot be a domain value: an empty ID,
/// a launch other than the one asked for, a user without a valid email address.
struct MalformedAnswer: Error, Sendable {
    /// What the answer has, as in "The server's answer has <what>."
    let what: String
}

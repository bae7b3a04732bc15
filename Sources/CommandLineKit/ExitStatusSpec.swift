/// One exit status and what it means, as the help and the man page list it.
public struct ExitStatusSpec: Sendable, Equatable {
    public var status: Int32
    /// A phrase, lower case and without a full stop.
    public var meaning: String

    public init(status: Int32, meaning: String) {
        self.status = status
        self.meaning = meaning
    }
}

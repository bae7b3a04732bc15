/// One element of a live feed: a value, or news about the connection that carries them.
///
/// A feed that loses its connection says so (``interrupted(_:)``), reconnects by itself and
/// says when it is back (``resumed``): values published in between are lost, so a consumer
/// that keeps a picture of the server's state must fetch it again after ``resumed``.
public enum LiveUpdate<Value: Sendable>: Sendable {
    /// A value the server published.
    case value(Value)
    /// The connection was lost; the feed is reconnecting (with backoff). The error says why.
    case interrupted(ServiceError)
    /// The connection is back and the feed subscribed again; values since ``interrupted(_:)``
    /// were lost.
    case resumed
}

extension LiveUpdate: Equatable where Value: Equatable {}

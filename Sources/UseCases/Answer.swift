/// Where an answer came from, as far as the user needs to know.
public enum AnswerSource: Sendable, Hashable {
    /// From where the freshness asked for allowed: the server, or the cache when allowed.
    case asAsked
    /// From the cache, because the server could not be reached or did not answer in time.
    case cacheWhileUnreachable
}

/// A use case's answer, and whether it had to come from the cache because the server could
/// not be reached (so the user can be told).
public struct Answer<Value: Sendable>: Sendable {
    public typealias Source = AnswerSource

    public var value: Value
    public var source: AnswerSource

    public init(_ value: Value, source: AnswerSource = .asAsked) {
        self.value = value
        self.source = source
    }
}

extension Answer: Equatable where Value: Equatable {}

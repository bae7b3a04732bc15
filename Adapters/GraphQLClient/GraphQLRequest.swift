import JSON

/// Checks the `data` of an answer; throws when the caller could not use it.
public typealias GraphQLDataValidator = @Sendable ([String: JSONValue]) throws -> Void

/// One execution of an operation as it travels down the interceptor chain.
///
/// Interceptors may change it before passing it on (for example add a header).
/// Its description never shows header values, which may hold a credential.
public struct GraphQLRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public var operation: GraphQLOperation
    /// The operation's variables; a variable left out is sent as absent (the server's default applies).
    public var variables: [String: JSONValue]
    public var cachePolicy: CachePolicy
    /// Extra HTTP headers to send.
    public var headers: [String: String]
    /// Checks an answer's `data` beyond its shape (for example that it decodes into the
    /// caller's types); a throw rejects the answer before anything reaches the cache, and makes
    /// a cached answer a miss. The error thrown passes through the client unchanged.
    public var validate: GraphQLDataValidator?
    /// How the request goes on the wire (document or persisted query hash, `GET` allowed).
    public var transmission = GraphQLTransmission()
    /// Where the parts of an incremental delivery (`@defer`) go as they arrive; `nil` when
    /// only the whole answer is wanted.
    public var incrementalParts: GraphQLPartSink?

    public init(
        operation: GraphQLOperation,
        variables: [String: JSONValue] = [:],
        cachePolicy: CachePolicy = .cacheFirst,
        headers: [String: String] = [:],
        validate: GraphQLDataValidator? = nil
    ) {
        self.operation = operation
        self.variables = variables
        self.cachePolicy = cachePolicy
        self.headers = headers
        self.validate = validate
    }

    public var description: String {
        "GraphQLRequest(\(operation.kind.rawValue) \(operation.name), \(cachePolicy), headers: \(headers.keys.sorted()))"
    }

    public var debugDescription: String { description }
}

/// `@defer` on the fragment a field was selected in: the server may send the field later, in
/// a subsequent part of an incremental delivery (`multipart/mixed`), rather than in the first.
///
/// A deferred field is sent inside `... @defer(label: …) { … }`, grouped with the other fields
/// of its deferral; an answer may lack it until its part arrives (``ResponseShape`` and the
/// cache's reads allow that), and the model's member for it is optional.
public struct GraphQLDeferral: Sendable, Hashable {
    /// The `label:` argument, which names the fragment in the parts the server sends.
    public let label: String?
    /// The `if:` argument: `.variable(name)` or `.literal(.bool(…))`; `nil` when not given (deferred).
    public let condition: GraphQLInputValue?

    public init(label: String? = nil, if condition: GraphQLInputValue? = nil) {
        self.label = label
        self.condition = condition
    }
}

import GraphQL

/// `extensions.persistedQuery` of a request: `{"version": 1, "sha256Hash": "<hex>"}`.
struct PersistedQueryExtension: Sendable, Equatable {
    /// The hash, lower case.
    var sha256Hash: String

    /// The extension in `extensions` (an object or absent), or `nil` when there is none.
    /// A wrong shape or a version other than 1 is a 400, as Apollo Server answers it.
    static func read(_ extensions: Map?) throws(RequestFailure) -> PersistedQueryExtension? {
        let members: [String: Map]
        switch extensions {
        case nil, .null?, .undefined?: return nil
        case .dictionary(let dictionary)?: members = Dictionary(uniqueKeysWithValues: dictionary.map { ($0.key, $0.value) })
        default: throw .badRequest("`extensions` must be a JSON object.")
        }
        guard let persisted = members["persistedQuery"], persisted != .null else { return nil }
        guard case .dictionary(let fields) = persisted else { throw .badRequest("`extensions.persistedQuery` must be an object.") }
        guard case .number(let version)? = fields["version"], version.intValue == 1 else {
            throw .badRequest("Unsupported persisted query version")
        }
        guard case .string(let hash)? = fields["sha256Hash"], !hash.isEmpty else {
            throw .badRequest("`extensions.persistedQuery.sha256Hash` must be a string.")
        }
        return PersistedQueryExtension(sha256Hash: hash.lowercased())
    }
}

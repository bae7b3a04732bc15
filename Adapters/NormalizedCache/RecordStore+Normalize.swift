import GraphQLClient
import JSON

extension RecordStore {
    /// Merges the records of an answer (``AnswerNormalizer``): all of them, or none when one
    /// of its objects claims an identity its path and the schema do not give it.
    mutating func write(
        _ data: [String: JSONValue], for operation: GraphQLOperation, variables: [String: JSONValue]
    ) throws(CacheIdentityError) {
        let records = try AnswerNormalizer.records(data, for: operation, variables: variables)
        for (key, record) in records { merge(record, into: key) }
    }
}

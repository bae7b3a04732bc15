import GraphQL
import Synchronization

/// Parsed and validated documents by query text, so repeated operations skip parsing and
/// validation. Bounded: when full, it starts over.
final class DocumentCache: Sendable {
    private let documents = Mutex<[String: Document]>([:])
    private let capacity: Int

    /// Creates a cache holding at most `capacity` documents.
    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The cached document for a query text.
    func document(for query: String) -> Document? {
        documents.withLock { $0[query] }
    }

    /// Stores a valid document.
    func store(_ document: Document, for query: String) {
        documents.withLock { documents in
            if documents.count >= capacity {
                documents.removeAll(keepingCapacity: true)
            }
            documents[query] = document
        }
    }
}

import Foundation

/// The command line every contender takes.
public struct ComparisonOptions: Sendable {
    /// The reference server's GraphQL endpoint.
    public var endpoint: URL?
    /// Queries in flight at once in each batch.
    public var queries = 1_000
    /// Timed batches after the warm-up.
    public var batches = 3
    /// `client`: through `GraphQLClient`'s standard chain (parsed, normalized into an in-memory
    /// cache); `session`: bare POSTs through the transport, each answer parsed to check its id.
    public var mode = "client"
    /// Print the LaunchDetails document and exit (compare.py checks it against the root's).
    public var printDocument = false

    public static let usage = """
        usage: CONTENDER --endpoint URL [--queries 1000] [--batches 3] [--mode client|session]
               CONTENDER --print-document
        Prints one JSON line: the wall and CPU seconds of each batch, failures, the peak thread
        count (sampled from /proc/self/task) and the peak RSS (VmHWM).
        """

    /// The options in `arguments`, or `nil` when they are not understood.
    public static func parse(_ arguments: [String]) -> ComparisonOptions? {
        var options = ComparisonOptions()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--endpoint": guard let value = iterator.next(), let url = URL(string: value) else { return nil }; options.endpoint = url
            case "--queries": guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else { return nil }; options.queries = value
            case "--batches": guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else { return nil }; options.batches = value
            case "--mode": guard let value = iterator.next(), ["client", "session"].contains(value) else { return nil }; options.mode = value
            case "--print-document": options.printDocument = true
            default: return nil
            }
        }
        return options.printDocument || options.endpoint != nil ? options : nil
    }
}

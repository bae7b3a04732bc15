/// What was sent on one connection to learn that the server has a subscription, and who waits
/// for each answer.
///
/// A server reads a connection's messages in order, so its answer to a message sent after a
/// subscription says it has read the subscription: in graphql-transport-ws a `ping` (its
/// `pong`s answer pings in order, so the n-th pong answers the n-th ping, keep-alive pings
/// included), in graphql-ws (which has no ping) a `query { __typename }` sent as an operation of
/// its own (its `data`, `error` or `complete`).
struct SubscriptionLiveProbes {
    private var pingsSent = 0
    private var pongsReceived = 0
    /// Subscriptions waiting for the pong of ping number `ping`.
    private var awaitingPong: [(ping: Int, id: String)] = []
    /// Subscriptions waiting for the answer to the probe operation with that id (graphql-ws).
    private var awaitingAnswer: [String: String] = [:]

    /// The operation a graphql-ws probe sends.
    static let probeDocument = "query LiveProbe { __typename }"

    /// Notes a ping sent; returns its number on this connection.
    mutating func pingSent() -> Int {
        pingsSent += 1
        return pingsSent
    }

    /// Notes that subscription `id` waits for the pong of the ping just sent as ``pingSent()`` numbered it.
    mutating func awaitPong(of ping: Int, for id: String) {
        awaitingPong.append((ping, id))
    }

    /// Notes a pong; returns the subscriptions whose ping it answers (or an earlier pong did).
    mutating func pongReceived() -> [String] {
        pongsReceived += 1
        let answered = awaitingPong.filter { $0.ping <= pongsReceived }.map(\.id)
        awaitingPong.removeAll { $0.ping <= pongsReceived }
        return answered
    }

    /// The id of the probe operation sent for subscription `id`, now awaited.
    mutating func probeID(for id: String) -> String {
        let probe = "live-" + id
        awaitingAnswer[probe] = id
        return probe
    }

    /// Whether `id` is a probe operation's id still awaited.
    func isProbe(_ id: String) -> Bool {
        awaitingAnswer[id] != nil
    }

    /// Notes an answer to probe `id`; returns the subscription it was sent for.
    mutating func answered(_ id: String) -> [String] {
        awaitingAnswer.removeValue(forKey: id).map { [$0] } ?? []
    }
}

import Transport

/// The shared connection's life: connect, send every subscription, read; after a drop report
/// the gap, back off and reconnect; after a final failure end every stream.
extension GraphQLSubscriptionClient {
    /// Keeps the shared connection up while subscriptions exist: connect, acknowledge, send
    /// every subscription, read; after a transient failure report the gap, back off, reconnect.
    func run(generation: Int) async {
        var attempt = 0
        var connectedBefore = false
        var interrupted = false
        var connectedAt: ContinuousClock.Instant?
        while self.generation == generation, !subscribers.isEmpty, !Task.isCancelled {
            var failure: SubscriptionConnectionFailure
            var whileConnecting = true
            do {
                let opened = try await connect()
                whileConnecting = false
                guard self.generation == generation, !subscribers.isEmpty, !Task.isCancelled else {
                    await opened.socket.close(code: .normalClosure, reason: "")
                    return
                }
                channel = opened
                started = []
                probes = SubscriptionLiveProbes()
                connectedAt = reconnection.now()
                connectedBefore = true
                if interrupted {
                    interrupted = false
                    for subscriber in subscribers.values { subscriber.continuation.yield(.resumed) }
                }
                for (id, subscriber) in subscribers.sorted(by: { $0.key < $1.key }) { await start(id, subscriber, on: opened) }
                let keepAlive = Task { await self.keepAlive(opened) }
                defer { keepAlive.cancel() }
                try await read(opened)
                // The server closed normally while subscriptions were alive: as good as a drop.
                failure = SubscriptionConnectionFailure(.webSocket(.connectionLost))
            } catch {
                if let channel { await channel.socket.close(code: Self.closeCode(for: error), reason: "") }
                guard let caught = SubscriptionConnectionFailure(error) else { return }
                failure = caught
            }
            guard self.generation == generation else { return }
            channel = nil
            started = []
            if subscribers.isEmpty || Task.isCancelled { return }
            // Only a connection that stayed up a while makes the backoff start again: a server
            // that acknowledges and drops at once is not reconnected in a tight loop.
            if let since = connectedAt {
                if reconnection.now() - since >= reconnection.stableConnection { attempt = 0 }
                connectedAt = nil
            }
            // Once a connection was acknowledged, failing to connect again is always retried;
            // an open connection's failure only when it is a drop (not a hostile message).
            let retried = whileConnecting ? Self.isRetried(failure.kind) : failure.kind.isTransient
            guard connectedBefore, retried else {
                finishAll(throwing: failure)
                connection = nil
                self.generation += 1
                return
            }
            if !interrupted {
                interrupted = true
                for subscriber in subscribers.values {
                    subscriber.continuation.yield(.interrupted(failure.error(for: subscriber.operation.name)))
                }
            }
            do {
                try await reconnection.sleep(reconnection.delay(forAttempt: attempt))
            } catch {
                return
            }
            attempt += 1
        }
    }

    /// Ends every stream with `failure`, each naming its own operation.
    private func finishAll(throwing failure: SubscriptionConnectionFailure) {
        let ending = subscribers
        subscribers = [:]
        for subscriber in ending.values {
            let error = failure.error(for: subscriber.operation.name)
            subscriber.live.settle(.failure(error))
            subscriber.continuation.finish(throwing: error)
        }
    }

    /// Whether the connection is reopened after `failure` once a connection was acknowledged:
    /// always, but for a refused login and an endpoint that can never work.
    static func isRetried(_ failure: GraphQLSubscriptionError.Kind) -> Bool {
        switch failure {
        case .connectionRefused, .invalidEndpoint: false
        default: true
        }
    }
}

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A loopback HTTP/1.1 server on one thread (`poll` over every connection) that holds every
/// request until ``answerAll()``, so a test can look at a client with many exchanges in flight
/// without the server's own threads in the count.
final class HoldingServer: Sendable {
    struct StartFailure: Error {}

    private struct State {
        var requests = 0
        var accepted = 0
        var answering = false
        var stopped = false
        var arrivalWaiter: CheckedContinuation<Bool, Never>?
    }

    let port: Int
    let expected: Int
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())

    /// Listens on a free loopback port; ``allArrived()`` returns once `expected` requests are held.
    init(expecting expected: Int) throws {
        let listening = try LoopbackSocket.listen(backlog: 512)
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0 else {
            close(listening.descriptor)
            throw StartFailure()
        }
        listener = listening.descriptor
        wakeRead = ends[0]
        wakeWrite = ends[1]
        port = Int(listening.port)
        self.expected = expected
        Thread { [self] in serve() }.start()
    }

    /// Connections accepted so far.
    var accepted: Int { state.withLock { $0.accepted } }

    /// Whether all expected requests arrived within 30 s.
    func allArrived() async -> Bool {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.requests >= expected { return true }
                state.arrivalWaiter = continuation
                return false
            }
            if done { continuation.resume(returning: true) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30) { [self] in
                state.withLock { state in
                    defer { state.arrivalWaiter = nil }
                    return state.arrivalWaiter
                }?.resume(returning: false)
            }
        }
    }

    /// Answers every held request, and every later one at once.
    func answerAll() {
        state.withLock { $0.answering = true }
        wake()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = send(wakeWrite, &byte, 1, Int32(MSG_NOSIGNAL))
    }

    private func serve() {
        var connections: [Int32: [UInt8]] = [:]
        var held: [Int32] = []
        defer {
            for connection in connections.keys { close(connection) }
            close(listener)
            close(wakeRead)
            close(wakeWrite)
        }
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            descriptors += connections.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), 1_000) >= 0 || errno == EINTR else { return }
            let (answering, stopped) = state.withLock { ($0.answering, $0.stopped) }
            if stopped { return }
            if descriptors[1].revents != 0 { _ = recv(wakeRead, &scratch, scratch.count, 0) }
            if descriptors[0].revents != 0 {
                let connection = accept(listener, nil, nil)
                if connection >= 0 {
                    connections[connection] = []
                    state.withLock { $0.accepted += 1 }
                }
            }
            for descriptor in descriptors.dropFirst(2) where descriptor.revents != 0 {
                let count = recv(descriptor.fd, &scratch, scratch.count, 0)
                guard count > 0 else {
                    close(descriptor.fd)
                    connections[descriptor.fd] = nil
                    held.removeAll { $0 == descriptor.fd }
                    continue
                }
                connections[descriptor.fd, default: []] += scratch[0..<count]
                while let buffered = connections[descriptor.fd], let length = RequestFraming.length(of: buffered) {
                    connections[descriptor.fd] = Array(buffered.dropFirst(length))
                    held.append(descriptor.fd)
                    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                        state.requests += 1
                        guard state.requests >= expected else { return nil }
                        defer { state.arrivalWaiter = nil }
                        return state.arrivalWaiter
                    }
                    waiter?.resume(returning: true)
                }
            }
            if answering {
                let body = #"{"data":{"a":1}}"#
                let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
                for connection in held { _ = send(connection, answer, answer.count, Int32(MSG_NOSIGNAL)) }
                held = []
            }
        }
    }
}

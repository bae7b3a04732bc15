import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A keep-alive HTTP/1.1 server on 127.0.0.1 (a port the system picks) for the pool's tests:
/// it counts the connections it accepts and closes, reads requests one after another on each
/// connection, and answers each as the test's script says.
final class KeepAliveServer: @unchecked Sendable {
    /// One request as received.
    struct Request: Sendable {
        /// Which accepted connection carried it, from 1.
        let connection: Int
        /// Its place on that connection, from 1.
        let index: Int
        let text: String
        var isMutation: Bool { text.contains("mutation") }
    }

    /// How the server answers one request.
    indirect enum Reply: Sendable {
        /// 200 with `Content-Length`, extra header lines, and the connection kept open.
        case answer(headers: [String] = [], body: String = #"{"data":{}}"#)
        /// The answer, then the server closes the connection (without saying so in a header).
        case answerThenClose(headers: [String] = [])
        /// Closes the connection without answering.
        case closeWithoutAnswer
        /// Waits until `gate` opens, then replies.
        case held(Gate, Reply)
    }

    /// Holds replies until the test opens it; opens by itself after 30 s so nothing hangs.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        fileprivate func wait() {
            let limit = Date(timeIntervalSinceNow: 30)
            condition.lock()
            while !isOpen, condition.wait(until: limit) {}
            condition.unlock()
        }
    }

    /// What the server has seen so far.
    struct Record: Sendable {
        var accepted = 0
        var requests: [Request] = []
        /// Connections the server closed.
        var closedByServer = 0
        /// Connections the client closed (the server read their end).
        var closedByClient = 0
        /// Requests received and not answered yet, and the most there were at once.
        var inFlight = 0
        var peakInFlight = 0
    }

    let port: Int
    private let listener: Int32
    private let script: @Sendable (Request) -> Reply
    private let condition = NSCondition()
    private var record = Record()
    private var open: Set<Int32> = []
    private var waiters: [UUID: (predicate: @Sendable (Record) -> Bool, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var stopped = false

    init(_ script: @escaping @Sendable (Request) -> Reply) throws {
        let listening = try LoopbackSocket.listen(backlog: 128)
        listener = listening.descriptor
        port = Int(listening.port)
        self.script = script
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    var snapshot: Record { locked { record } }

    /// Whether `predicate` holds of the record within 60 s; holds no thread while it waits.
    /// The bound only ends a failing test: on a saturated machine 20 s was once too short.
    func wait(until predicate: @escaping @Sendable (Record) -> Bool) async -> Bool {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let holds = locked { () -> Bool in
                if predicate(record) { return true }
                waiters[id] = (predicate, continuation)
                return false
            }
            if holds { return continuation.resume(returning: true) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) { [self] in
                locked { waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
            }
        }
    }

    /// Stops accepting and closes every connection.
    func stop() {
        let connections = locked { () -> Set<Int32> in
            guard !stopped else { return [] }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            return open
        }
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let number = change { record -> Int in
                record.accepted += 1
                return record.accepted
            }
            let admitted = locked { () -> Bool in
                if stopped { return false }
                open.insert(connection)
                return true
            }
            guard admitted else { close(connection); return }
            Thread { [self] in serve(connection, number: number) }.start()
        }
    }

    private func serve(_ connection: Int32, number: Int) {
        var buffer: [UInt8] = []
        var index = 0
        var closedBy: WritableKeyPath<Record, Int> = \.closedByServer
        defer {
            locked { _ = open.remove(connection) }
            close(connection)
            change { $0[keyPath: closedBy] += 1 }
        }
        while true {
            guard let text = readRequest(connection, buffer: &buffer) else {
                closedBy = \.closedByClient
                return
            }
            index += 1
            let request = Request(connection: number, index: index, text: text)
            change { record in
                record.requests.append(request)
                record.inFlight += 1
                record.peakInFlight = max(record.peakInFlight, record.inFlight)
            }
            defer { change { $0.inFlight -= 1 } }
            var reply = script(request)
            while case .held(let gate, let next) = reply {
                gate.wait()
                reply = next
            }
            switch reply {
            case .answer(let headers, let body):
                guard send(connection, headers: headers, body: body) else { return }
            case .answerThenClose(let headers):
                _ = send(connection, headers: headers, body: #"{"data":{}}"#)
                return
            case .closeWithoutAnswer, .held:
                return
            }
        }
    }

    private func send(_ connection: Int32, headers: [String], body: String) -> Bool {
        let head = (["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(body.utf8.count)"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array((head + body).utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// The next request's head and `Content-Length` body, or `nil` once the client closed.
    private func readRequest(_ connection: Int32, buffer: inout [UInt8]) -> String? {
        var scratch = [UInt8](repeating: 0, count: 16_384)
        while true {
            if let total = RequestFraming.length(of: buffer) {
                let text = String(decoding: buffer[..<total], as: UTF8.self)
                buffer.removeFirst(total)
                return text
            }
            let count = scratch.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += scratch[0..<count]
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    /// Changes the record and resumes the waiters whose predicate now holds.
    @discardableResult
    private func change<T>(_ body: (inout Record) -> T) -> T {
        let (result, due) = locked { () -> (T, [CheckedContinuation<Bool, Never>]) in
            let result = body(&record)
            let due = waiters.filter { $0.value.predicate(record) }
            for id in due.keys { waiters[id] = nil }
            return (result, due.values.map(\.continuation))
        }
        for waiter in due { waiter.resume(returning: true) }
        return result
    }
}

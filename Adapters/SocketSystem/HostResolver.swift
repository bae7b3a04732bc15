import Transport
import SingleThreadRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One address `getaddrinfo(3)` gave for a host, copied out of its list.
package struct ResolvedAddress: Sendable {
    package let family: Int32
    package let type: Int32
    package let `protocol`: Int32
    /// The `sockaddr` bytes.
    package let address: [UInt8]
}

/// Resolves host names for ``SocketConnection`` without holding the task's thread.
///
/// An IP address is parsed where the task runs (no lookup, no thread). A name may wait for a
/// DNS server, and `getaddrinfo` cannot be interrupted, so it runs on a thread of its own that
/// ends with the lookup; the task resumes with `CancellationError` at once when cancelled (as
/// Ctrl-C always did), and the thread's late answer is dropped.
package enum HostResolver {
    /// The addresses of `host` (a name, or an IP address without brackets) for TCP to `port`;
    /// ``HTTPTransportError/Kind/hostUnreachable`` when there are none.
    package static func resolve(_ host: String, port: Int) async throws -> [ResolvedAddress] {
        if HostAddress.isIPLiteral(host) { return try lookUp(host, port: port, numeric: true).get() }
        let answer = Answer()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard answer.wait(with: continuation) else { return }
                let started = DetachedThread.start { answer.give(Result { try lookUp(host, port: port, numeric: false).get() }) }
                if !started { answer.give(.failure(HTTPTransportError(.system(errno: EAGAIN)))) }
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// Where the lookup's answer (or the cancellation, whichever comes first) goes, once.
    private final class Answer: Sendable {
        private enum Phase {
            case arriving
            case waiting(CheckedContinuation<[ResolvedAddress], any Error>)
            case done
        }
        private let phase = Mutex(Phase.arriving)

        /// Keeps `continuation`; `false` (and resumed) when the task was cancelled first.
        func wait(with continuation: CheckedContinuation<[ResolvedAddress], any Error>) -> Bool {
            let cancelled = phase.withLock { phase in
                guard case .arriving = phase else { return true }
                phase = .waiting(continuation)
                return false
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
            return !cancelled
        }

        func give(_ result: Result<[ResolvedAddress], any Error>) {
            let continuation = phase.withLock { phase -> CheckedContinuation<[ResolvedAddress], any Error>? in
                defer { phase = .done }
                if case .waiting(let continuation) = phase { return continuation }
                return nil
            }
            continuation?.resume(with: result)
        }
    }

    private static func lookUp(_ host: String, port: Int, numeric: Bool) -> Result<[ResolvedAddress], HTTPTransportError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (numeric ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(HTTPTransportError(status == EAI_SYSTEM ? .system(errno: errno) : .hostUnreachable))
        }
        defer { freeaddrinfo(first) }
        var addresses: [ResolvedAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            guard let socketAddress = address.pointee.ai_addr else { continue }
            let bytes = UnsafeRawBufferPointer(start: socketAddress, count: Int(address.pointee.ai_addrlen))
            addresses.append(ResolvedAddress(
                family: address.pointee.ai_family, type: address.pointee.ai_socktype,
                protocol: address.pointee.ai_protocol, address: Array(bytes)
            ))
        }
        return addresses.isEmpty ? .failure(HTTPTransportError(.hostUnreachable)) : .success(addresses)
    }
}

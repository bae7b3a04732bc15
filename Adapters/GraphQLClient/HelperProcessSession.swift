import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends each request through a short-lived helper executable (the git-remote-https design).
///
/// The helper (`rocket-reserver-https`, which uses `URLSession`) reads one ``HelperFrame``
/// request on stdin and writes one answer on stdout, so the process that uses this session
/// never loads FoundationNetworking, libcurl or OpenSSL. Credentials travel only through the
/// frame, never in argv or the environment. A timeout or a cancelled task kills the helper.
public struct HelperProcessSession: HTTPSession {
    /// The helper executable's path.
    public let executable: String
    /// How large an answer may be; the helper's frame is refused once it outgrows the body limit.
    public let limits: HTTPResponseLimits

    public init(executable: String, limits: HTTPResponseLimits = HTTPResponseLimits()) {
        self.executable = executable
        self.limits = limits
    }

    /// The session for the helper named `name` in the folder of the running executable.
    public static func besideCurrentExecutable(
        named name: String = "rocket-reserver-https",
        limits: HTTPResponseLimits = HTTPResponseLimits()
    ) -> HelperProcessSession {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let current = length > 0
            ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first ?? name
        let folder = current.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return HelperProcessSession(executable: folder.isEmpty ? name : folder + "/" + name, limits: limits)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let frame = HelperFrame.encode(request)
        let executable = self.executable
        let limits = self.limits
        // The frame around the body: the head's limit plus the fields' lengths.
        let maximumFrame = limits.maximumBodyBytes + limits.maximumHeadBytes + 4_096
        // A little longer than the request's own timeout, so the helper's answer wins a tie.
        let deadline = ContinuousClock.now + request.timeout + .milliseconds(500)
        return try await BlockingCall.run { call in
            let (child, descriptor) = try Self.spawn(executable)
            let connection = SocketConnection(descriptor: descriptor, call: call, deadline: deadline)
            var finished = false
            defer {
                if !finished { kill(child, SIGKILL) }
                connection.close()
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0, errno == EINTR {}
            }
            do {
                try connection.send(frame)
            } catch let error as HTTPTransportError where error.kind == .connectionLost {
                // The helper exited before reading everything; its answer (if any) says why.
            }
            shutdown(descriptor, Int32(SHUT_WR))
            var answer = Data()
            var scratch = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = try scratch.withUnsafeMutableBytes { try connection.receive(into: $0) }
                if count == 0 { break }
                guard answer.count + count <= maximumFrame else {
                    throw HTTPTransportError(.responseTooLarge(limit: limits.maximumBodyBytes))
                }
                answer.append(contentsOf: scratch[0..<count])
            }
            finished = true
            guard let result = try? HelperFrame.decodeResponse(answer) else { throw HTTPTransportError(.connectionLost) }
            return try result.get()
        }
    }

    /// Starts the helper with one end of a socket pair as its stdin and stdout (stderr goes to
    /// /dev/null); returns its process id and the other end, non-blocking.
    private static func spawn(_ executable: String) throws -> (pid_t, Int32) {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &pair) == 0 else { throw HTTPTransportError(.other(code: -Int(errno))) }
        defer { close(pair[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, arguments, environ)
        guard status == 0 else {
            close(pair[0])
            throw HTTPTransportError(.other(code: -Int(status)))
        }
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        return (child, pair[0])
    }
}

import Foundation
import POSIXSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one retrying system-call helper: what it repeats, what it waits for, what it gives up on.
@Suite(.timeLimit(.minutes(5)))
struct SystemCallTests {
    @Test func anInterruptedCallIsMadeAgain() {
        var calls = 0
        let result = SystemCall.repeating { () -> Int in
            calls += 1
            guard calls == 3 else { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func aCallThatWouldBlockWaitsAsTheCallerSaysThenIsMadeAgain() {
        var calls = 0
        var waits = 0
        let result = SystemCall.repeating(whenWouldBlock: { waits += 1 }) { () -> Int in
            calls += 1
            guard calls == 2 else { errno = EAGAIN; return -1 }
            return 1
        }
        #expect(result == 1)
        #expect(waits == 1)
    }

    @Test func otherFailuresAndWouldBlockWithoutAWaitAreReturnedWithTheirErrno() {
        #expect(SystemCall.repeating { () -> Int in errno = EAGAIN; return -1 } == -1)
        #expect(errno == EAGAIN)
        var waits = 0
        #expect(SystemCall.repeating(whenWouldBlock: { waits += 1 }) { () -> Int in errno = EIO; return -1 } == -1)
        #expect(errno == EIO)
        #expect(waits == 0)
    }

    @Test func aWholeWriteToAFullNonBlockingPipeWaitsUntilItDrains() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        // More than a pipe holds (64 KiB on Linux), so the writer meets EAGAIN and must wait.
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let readEnd = ends[0]
        let reader = Thread {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            ReadBack.shared.set(received)
        }
        reader.start()
        var waits = 0
        let failure = bytes.withUnsafeBytes { buffer in
            SystemCall.writeAll(buffer, whenWouldBlock: { () throws(Never) in
                waits += 1
                var request = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            }) { write(ends[1], $0, $1) }
        }
        close(ends[1])
        #expect(failure == nil)
        #expect(waits > 0)
        #expect(ReadBack.shared.wait() == bytes)
    }

    @Test func aBoundedReadTakesTheWholeFileUpToTheLimitAndRefusesMore() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "system-call-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 7, count: 1_000).write(to: url)
        func read(limit: Int, sizeHint: Int) throws(SystemCall.ReadFailure) -> [UInt8] {
            let descriptor = open(url.path, O_RDONLY)
            defer { close(descriptor) }
            return try SystemCall.readToEnd(descriptor, limit: limit, sizeHint: sizeHint)
        }
        #expect(try read(limit: 1_000, sizeHint: 1_000).count == 1_000)
        // A file that grew after fstat: the buffer grows too.
        #expect(try read(limit: 4_096, sizeHint: 10).count == 1_000)
        #expect(throws: SystemCall.ReadFailure.tooLarge) { try read(limit: 999, sizeHint: 10) }
        #expect(throws: SystemCall.ReadFailure.failed(EBADF)) { try SystemCall.readToEnd(-1, limit: 10) }
    }
}

/// What the reader thread received, handed to the test once the pipe closed.
private final class ReadBack: @unchecked Sendable {
    static let shared = ReadBack()
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    func set(_ received: [UInt8]) {
        bytes = received
        done.signal()
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}

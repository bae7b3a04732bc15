#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalPresenters
import Testing

/// Writing to a file descriptor: everything arrives, and a closed reader is not fatal.
@Suite("FileDescriptorOutput", .timeLimit(.minutes(5)))
struct FileDescriptorOutputTests {
    @Test("Text arrives as UTF-8, unbuffered")
    func writesUTF8() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = FileDescriptorOutput(descriptor: ends[1])
        output.write("héllo 🚀\n")
        output.write("second\n")
        close(ends[1])

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            try #require(count >= 0)
            if count == 0 { break }
            received += buffer[0..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == "héllo 🚀\nsecond\n")
    }

    @Test("Writing after the reader has gone (EPIPE) returns quietly instead of killing the process")
    func brokenPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let output = FileDescriptorOutput(descriptor: ends[1])
        output.write("nobody reads this\n")
        output.write("nor this\n")
        // Reaching this line is the test: SIGPIPE would have ended the process.
        #expect(output.descriptor == ends[1])
    }

    @Test("A reader gone (EPIPE) closes the output, without counting as a failure")
    func brokenPipeCloses() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[1]) }
        let output = FileDescriptorOutput(descriptor: ends[1])
        output.write("read\n")
        #expect(!output.isClosed)
        close(ends[0])
        output.write("nobody reads this\n")
        #expect(output.isClosed)
        #expect(output.failure == nil)
    }

    @Test("A full device (ENOSPC) closes the output and is the failure")
    func fullDeviceCloses() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0, "no /dev/full here")
        defer { close(descriptor) }
        let output = FileDescriptorOutput(descriptor: descriptor)
        #expect(!output.isClosed)
        output.write("lost\n")
        #expect(output.isClosed)
        #expect(output.failure == ENOSPC)
    }

    @Test("Standard output and error write to descriptors 1 and 2")
    func standardStreams() {
        // Writing nothing keeps the test log clean while exercising both initialisers.
        StandardOutput().write("")
        StandardError().write("")
        #expect(FileDescriptorOutput(descriptor: STDOUT_FILENO).descriptor == 1)
    }
}

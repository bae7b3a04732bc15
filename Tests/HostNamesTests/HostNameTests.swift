import HostNames
import Testing

/// Which hosts count as this machine: the rule credentials follow over plain http and ws.
@Suite(.timeLimit(.minutes(5))) struct HostNameTests {
    @Test(arguments: ["localhost", "LOCALHOST", "127.0.0.1", "127.255.0.9", "::1", "[::1]", "0:0:0:0:0:0:0:1", "[0:0:0:0:0:0:0:1]"])
    func namesThisMachine(_ host: String) {
        #expect(HostName.isLoopback(host))
    }

    @Test(arguments: [
        "", "127.0.0.1.invalid", "localhost.invalid", "1127.0.0.1", "127.0.0.1.1", "127.0.0", "127.0.0.256", "127..0.1",
        "::1::", "[::1", "::ffff:127.0.0.1", "rocket-reserver.invalid",
    ])
    func namesAnotherHost(_ host: String) {
        #expect(!HostName.isLoopback(host))
    }

    @Test(arguments: ["invalid", "INVALID", "proxy.invalid", "a.b.Invalid", "rocket-reserver.invalid."])
    func namesUnderInvalidNeverResolve(_ host: String) {
        #expect(HostName.isInvalid(host))
    }

    @Test(arguments: ["", "invalid.example", "notinvalid", "example.invalidx", "127.0.0.1", "invalid.."])
    func otherNamesMayResolve(_ host: String) {
        #expect(!HostName.isInvalid(host))
    }

    @Test func bracketsTrailingDotsAndAddressesAreReadOneWay() {
        #expect(HostName.unbracketed("[::1]") == "::1")
        #expect(HostName.unbracketed("[::1") == "[::1")
        #expect(HostName.withoutTrailingDot("example.com.") == "example.com")
        #expect(HostName.withoutTrailingDot(".") == ".")
        #expect(HostName.address("127.0.0.1") == [127, 0, 0, 1])
        #expect(HostName.address("::1") == [UInt8](repeating: 0, count: 15) + [1])
        #expect(HostName.address("[::1]") == nil, "brackets are taken off first")
        #expect(HostName.address("127.1") == nil)
    }
}

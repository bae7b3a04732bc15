#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Transport

/// `HTTPTransportError.systemErrorText`: the system's words for an errno.
@Suite(.timeLimit(.minutes(5))) struct TransportSystemErrorTextTests {
    @Test func aKnownErrnoReadsAsTheSystemsWordsInLowerCase() {
        #expect(HTTPTransportError.systemErrorText(ECONNRESET) == "connection reset by peer")
        #expect(HTTPTransportError.systemErrorText(ECONNREFUSED) == "connection refused")
    }

    @Test func anErrnoTheSystemDoesNotKnowReadsAsItsNumber() {
        #expect(HTTPTransportError.systemErrorText(99_999) == "error 99999")
    }

}

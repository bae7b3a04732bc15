import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port with nothing listening on it: bound by the kernel's choice and kept bound,
/// never listening, for the rest of the run.
///
/// A connection to it is refused. Keeping the socket (one descriptor per call) reserves the
/// port: a port released at once could be handed to a server another test starts meanwhile
/// (tests run in parallel), and the "closed" port would answer.
public enum ClosedLoopbackPort {
    public static func make() -> UInt16? {
        (try? LoopbackSocket.bound())?.port
    }
}

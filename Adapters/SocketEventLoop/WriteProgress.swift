/// How far a write that does not wait got (`sendAvailable(_:)` of a socket or TLS stream).
package enum WriteProgress: Equatable {
    /// This many bytes went; with TLS always all of them.
    case wrote(Int)
    /// Nothing went: the socket must become writable first.
    case needsWritable
    /// Nothing went: TLS must read from the socket first.
    case needsReadable
}

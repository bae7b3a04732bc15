/// A fixed block of memory a task reads a socket into, allocated once per reader: a pointer
/// into a Swift array cannot be held across an `await`, this one can.
///
/// Used by one task at a time (the reader's).
final class ReceiveBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    init(capacity: Int) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, capacity), alignment: 1)
    }

    deinit { bytes.deallocate() }

    /// The first `count` bytes, as a buffer to copy from.
    func prefix(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[0..<count])
    }
}

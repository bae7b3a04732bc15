/// A fixed block of memory a task reads a socket into, allocated once per reader: a pointer
/// into a Swift array cannot be held across an `await`, this one can.
///
/// Used by one task at a time (the reader's).
package final class ReceiveBuffer: @unchecked Sendable {
    package let bytes: UnsafeMutableRawBufferPointer

    package init(capacity: Int) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, capacity), alignment: 1)
    }

    deinit { bytes.deallocate() }

    /// The first `count` bytes, as a buffer to copy from.
    package func prefix(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[0..<count])
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One whole WebSocket message (RFC 6455 §5.6): fragments already joined, text already checked
/// to be UTF-8.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message (opcode 1).
    case text(String)
    /// A binary message (opcode 2).
    case binary(Data)
}

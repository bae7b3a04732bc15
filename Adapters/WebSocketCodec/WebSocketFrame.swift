#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One WebSocket frame (RFC 6455 §5.2): what the parser hands on, and what the client writes.
package struct WebSocketFrame {
    /// The frame types RFC 6455 defines; any other opcode is a protocol error.
    package enum Opcode: UInt8 {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10

        /// Close, ping and pong: at most 125 bytes, never fragmented.
        package var isControl: Bool { rawValue & 0x8 != 0 }
    }

    package var fin: Bool
    package var opcode: Opcode
    /// The payload, unmasked.
    package var payload: [UInt8]

    /// The frame as a client sends it: masked with a fresh random key (§5.3).
    package static func encode(_ opcode: Opcode, payload: some Collection<UInt8>, fin: Bool = true) -> Data {
        var generator = SystemRandomNumberGenerator()
        return encode(opcode, payload: payload, fin: fin, mask: generator.next())
    }

    /// The frame masked with `mask` (its four bytes, most significant first).
    package static func encode(_ opcode: Opcode, payload: some Collection<UInt8>, fin: Bool, mask: UInt32) -> Data {
        let count = payload.count
        var header: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        switch count {
        case 0...125: header.append(0x80 | UInt8(count))
        case 126...0xFFFF: header += [0x80 | 126, UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)]
        default:
            header.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        let key = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: mask >> UInt32($0)) }
        header += key
        var frame = Data(capacity: header.count + count)
        frame.append(contentsOf: header)
        frame.append(contentsOf: payload)
        frame.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
            let body = UnsafeMutableRawBufferPointer(rebasing: raw[header.count...])
            // Eight bytes at a time: the key repeated twice, in memory order.
            var wide: UInt64 = 0
            withUnsafeMutableBytes(of: &wide) { for index in 0..<8 { $0[index] = key[index & 3] } }
            var index = 0
            while index + 8 <= body.count {
                let word = body.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ wide
                body.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < body.count {
                body[index] ^= key[index & 3]
                index += 1
            }
        }
        return frame
    }

    /// A close frame's payload: the code, then the reason cut to fit 125 bytes on a character boundary.
    package static func closePayload(code: UInt16, reason: String) -> [UInt8] {
        var reasonBytes = Array(reason.utf8.prefix(123))
        while !WebSocketUTF8Validator.isValid(reasonBytes) { reasonBytes.removeLast() }
        return [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes
    }
}

/// Where a whole HTTP/1.1 request ends in the bytes a test server has read: the framing the
/// pool's test servers share.
enum RequestFraming {
    /// The length of the first whole request in `bytes` (head and `Content-Length` body), if it is all there.
    static func length(of bytes: [UInt8]) -> Int? {
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 })
        else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let total = end + 4 + length
        return bytes.count >= total ? total : nil
    }
}

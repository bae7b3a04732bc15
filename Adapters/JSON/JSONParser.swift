#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses JSON text straight from UTF-8 bytes into ``JSONValue`` (RFC 8259, strict).
///
/// Never traps on any input: malformed text, invalid UTF-8 or nesting deeper than
/// ``maximumDepth`` throws ``JSONParseError``. Unpaired `\u` surrogates become U+FFFD.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses one JSON value that must fill `data` (surrounding whitespace allowed).
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in
                try parse(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
            }
        }
        return try result.get()
    }

    /// Parses one JSON value that must fill `bytes` (surrounding whitespace allowed).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes)
        return try scanner.parseDocument()
    }
}

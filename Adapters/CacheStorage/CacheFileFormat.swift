#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CacheRecords
import POSIXSupport

/// The compact binary format of a cache file.
///
/// ```
/// file    = magic "RRGQLC\u{1}\n"  record*  checksum
/// record  = string(key)  u32le(length)  body        ; bodies can be copied without decoding
/// body    = varint(count)  (string(field) value)*
/// value   = tag byte + payload: 0 null, 1 false, 2 true, 3 int (zigzag varint), 4 double (8 bytes),
///           5 string, 6 reference (string), 7 list (count, value*), 8 JSON array (count, value*),
///           9 JSON object (count, (string value)*)
/// string  = varint(byte count)  UTF-8
/// checksum = FNV-1a 64 of everything before it, little-endian
/// ```
public enum CacheFileFormat {
    /// Why bytes are not a cache file.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        case empty
        case notACacheFile
        case truncatedOrCorrupt

        public var description: String {
            switch self {
            case .empty: "it is empty"
            case .notACacheFile: "it is not a cache file of this version"
            case .truncatedOrCorrupt: "it is truncated or corrupt"
            }
        }
    }

    static let magic: [UInt8] = Array("RRGQLC\u{1}\n".utf8)

    /// Decodes every record of a file (a fuzzing entry point: never traps on any input).
    ///
    /// - Parameter verifyingChecksum: Pass `false` to let a fuzzer reach the record decoder
    ///   with bytes whose checksum it could not have fixed up.
    public static func decode(_ data: Data, verifyingChecksum: Bool = true) throws(DecodingError) -> [String: CacheRecord] {
        let slots = try index([UInt8](data), verifyingChecksum: verifyingChecksum)
        var records: [String: CacheRecord] = [:]
        for (key, bytes) in slots {
            do {
                records[key] = try RecordCodec.decodeRecord(bytes)
            } catch {
                throw .truncatedOrCorrupt
            }
        }
        return records
    }

    /// Encodes records into a complete file.
    public static func encode(_ records: [String: CacheRecord]) -> Data {
        var writer = FileWriter()
        for (key, record) in records { writer.append(key: key, record: record) }
        return Data(writer.finish())
    }

    /// Splits a file into its records' keys and still-encoded bodies, after checking the checksum.
    static func index(_ file: [UInt8], verifyingChecksum: Bool = true) throws(DecodingError) -> [String: ArraySlice<UInt8>] {
        guard !file.isEmpty else { throw .empty }
        guard file.count >= magic.count + 8, file.starts(with: magic) else { throw .notACacheFile }
        let bodyEnd = file.count - 8
        let result = file.withUnsafeBufferPointer { buffer in
            Result { () throws(ByteReader.Malformed) -> [String: ArraySlice<UInt8>] in
                var trailer = ByteReader(buffer, from: bodyEnd)
                let stored = try trailer.uint64()
                if verifyingChecksum, stored != checksum(UnsafeBufferPointer(rebasing: buffer[..<bodyEnd])) {
                    throw ByteReader.Malformed()
                }
                var reader = ByteReader(buffer, from: magic.count, to: bodyEnd)
                var records: [String: ArraySlice<UInt8>] = [:]
                while !reader.isAtEnd {
                    let key = try reader.string()
                    records[key] = file[try reader.lengthPrefixedRange()]
                }
                return records
            }
        }
        guard case .success(let records) = result else { throw .truncatedOrCorrupt }
        return records
    }

    /// FNV-1a, 64 bits.
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        FNV1a.hash(bytes)
    }
}

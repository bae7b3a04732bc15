// libFuzzer target: bytes the cache reads back from storage it does not control. Built by
// Scripts/fuzz into .build-fuzz/bin/cache-file-fuzzer.
//
// - The old `.rrcache` file imported on upgrade (`CacheDatabaseFiles.importLegacyFile`):
//   `CacheFileFormat.index`, checksum verified as the import does it, then bypassed
//   (`verifyingChecksum: false`) so mutated bytes reach the record bodies.
// - Record bodies as the SQLite backend stores them (a damaged page, a bad disk or another
//   writer can leave anything there): `RecordCodec.decode`, `EncodedRecordReader`, and reads of
//   the tutorial's queries through a `RecordStore` over a snapshot whose records are those bytes,
//   kept encoded (as the SQLite backend hands them out) and decoded (as the in-memory one does).
//   Each body of a file is such a record; input that is not a file is one body, which the
//   snapshot returns for every key (so every reference resolves).
// - A booking's changes merged over stored records by a backend's save.
//
// Properties checked for every input:
//  - decode(verifyingChecksum: false) succeeds exactly when index succeeds and every body decodes;
//  - a body RecordCodec decodes is indexed by EncodedRecordReader, which gives each field the
//    decoded value (when no field key repeats) and nothing for a field the record lacks;
//  - decoded records survive RecordCodec encode → decode (and the old file format's too);
//  - reads of bodies kept encoded equal reads of the same records decoded: over the input's own
//    bodies when no key repeats, and over the decoded records' re-encoded bodies always;
//  - merging a booking's changes (set `isBooked`, remove `site`, remove another record) over the
//    records leaves the changed record as set, the removed one gone, the others as they were,
//    and the result survives RecordCodec encode → decode.
//
// With CACHE_FUZZER_WRITE_SEEDS=<folder> in the environment the binary instead writes seeds into
// <folder> through the library's own write path (see CacheSeeds) and exits.
import Foundation
import GraphQLClient
import JSON
@testable import CacheRecords
@testable import CacheStorage
@testable import NormalizedCache
import Synchronization

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["CACHE_FUZZER_WRITE_SEEDS"], !folder.isEmpty {
        exit(CacheSeeds.write(to: URL(fileURLWithPath: folder)) ? 0 : 1)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let file = [UInt8](UnsafeBufferPointer(start: start, count: count))
    // The import exactly as CacheDatabaseFiles does it: checksum verified.
    _ = try? CacheFileFormat.index(file)
    guard let slots = try? CacheFileFormat.index(file, verifyingChecksum: false) else {
        fuzzRequire((try? CacheFileFormat.decode(Data(file), verifyingChecksum: false)) == nil, "decode accepted what index refused")
        // Not a file: the bytes as one record body, stored under every key.
        let record = checkBody(file[...])
        var decoded: (records: [String: CacheRecord], fallback: CacheRecord?)?
        if let record, !hasRepeatedKeys(file[...], record) { decoded = ([:], record) }
        checkReads([:], fallback: file[...], decoded: decoded, ids: ["25"])
        if let record { checkRoundTrip([CacheKeys.queryRoot: record, "Launch:25": record], ids: ["25"]) }
        return 0
    }
    let decoded = try? CacheFileFormat.decode(Data(file), verifyingChecksum: false)
    var records: [String: CacheRecord] = [:]
    var repeatedKeys = false
    for (key, body) in slots {
        guard let record = checkBody(body) else { continue }
        records[key] = record
        repeatedKeys = repeatedKeys || hasRepeatedKeys(body, record)
    }
    fuzzRequire((decoded != nil) == (records.count == slots.count), "decode and RecordCodec.decode disagree")

    let launchKeys = slots.keys.filter { $0.hasPrefix("Launch:") }.sorted()
    let ids = Array(launchKeys.prefix(4).map { String($0.dropFirst("Launch:".count)) }) + ["25"]
    // The bodies kept encoded, as the SQLite backend hands them out (undecodable ones included).
    checkReads(slots, fallback: nil, decoded: decoded != nil && !repeatedKeys ? (records, nil) : nil, ids: ids)
    if let decoded {
        fuzzRequire(sameRecords(decoded, records), "decode and RecordCodec.decode give different records")
        checkRoundTrip(decoded, ids: ids)
    }
    checkMerge(records, target: launchKeys.first ?? "Launch:25")
    return 0
}

/// Checks one record body as the SQLite backend stores it; returns its record when it decodes.
private func checkBody(_ body: ArraySlice<UInt8>) -> CacheRecord? {
    let record = RecordCodec.decode(body)
    let repeated = record.map { hasRepeatedKeys(body, $0) } ?? false
    body.withUnsafeBufferPointer { buffer in
        let reader = EncodedRecordReader(buffer)
        _ = reader?.value("isBooked")
        guard let record else { return }
        guard let reader else { fatalError("fuzz property violated: EncodedRecordReader refuses a body RecordCodec decodes") }
        let absent = "\u{0}absent"
        if record[absent] == nil { fuzzRequire(reader.value(absent) == nil, "EncodedRecordReader found a field the record lacks") }
        // With a repeated key the two readers keep different copies (see Docs/Fuzzing.md).
        guard !repeated else { return }
        for (key, value) in record {
            fuzzRequire(reader.value(key).map { sameCacheValue($0, value) } == true, "EncodedRecordReader reads field \(key) differently")
        }
    }
    return record
}

/// Whether the body lists more fields than its record has: a field key repeats.
private func hasRepeatedKeys(_ body: ArraySlice<UInt8>, _ record: CacheRecord) -> Bool {
    body.withUnsafeBufferPointer { buffer in
        var reader = ByteReader(buffer)
        return (try? reader.count()) != record.count
    }
}

/// Reads every operation from `bodies` kept encoded, each with a store of its own (as each cache
/// operation has); with `decoded` (the same records, decoded), every read must agree.
private func checkReads(
    _ bodies: [String: ArraySlice<UInt8>], fallback: ArraySlice<UInt8>?,
    decoded: (records: [String: CacheRecord], fallback: CacheRecord?)?, ids: [String]
) {
    for id in ids {
        for (operation, variables) in FuzzOperations.all(launchID: id) {
            var fromBytes = encodedStore(bodies, fallback: fallback)
            let a = readAnswer(&fromBytes, operation, variables)
            guard let decoded else { continue }
            var fromRecords = decodedStore(decoded.records, fallback: decoded.fallback)
            let b = readAnswer(&fromRecords, operation, variables)
            fuzzRequire(sameAnswer(a, b), "\(operation.name)(\(id)): encoded and decoded records answer differently")
        }
    }
    var store = encodedStore(bodies, fallback: fallback)
    for key in bodies.keys.sorted().prefix(8) { _ = store.record(key) }
}

/// Decoded records must survive encoding (as the SQLite backend stores them, and in the old
/// file format), and reading them encoded or decoded must agree.
private func checkRoundTrip(_ records: [String: CacheRecord], ids: [String]) {
    var bodies: [String: ArraySlice<UInt8>] = [:]
    for (key, record) in records {
        let body = RecordCodec.encode(record)[...]
        guard let again = RecordCodec.decode(body) else { fatalError("fuzz property violated: an encoded record does not decode") }
        fuzzRequire(sameRecord(record, again), "record \(key) changed through RecordCodec encode → decode")
        bodies[key] = body
    }
    guard let file = try? CacheFileFormat.decode(CacheFileFormat.encode(records)) else {
        fatalError("fuzz property violated: records written in the old file format do not load")
    }
    fuzzRequire(sameRecords(records, file), "records changed through the old file format")
    checkReads(bodies, fallback: nil, decoded: (records, nil), ids: ids)
}

/// A booking's cache changes (`isBooked` set, `site` removed, another record removed) saved by
/// the in-memory backend over the records, in the updates `NormalizedCache.setField`,
/// `removeField` and `removeRecord` make.
private func checkMerge(_ stored: [String: CacheRecord], target: String) {
    let backend = InMemoryCacheBackend(maximumBytes: nil)
    backend.save(
        stored.map { RecordUpdate(key: $0.key, change: RecordChange(setting: $0.value.keys), local: $0.value) },
        receivedAt: 1, countsMutation: false, unlessMutatedSince: nil
    )
    let removed = stored.keys.filter { $0 != target }.min()
    var removal = RecordChange()
    removal.didRemove("site")
    var updates = [
        RecordUpdate(key: target, change: RecordChange(setting: ["isBooked"]), local: ["isBooked": .scalar(true)]),
        RecordUpdate(key: target, change: removal, local: nil),
    ]
    if let removed { updates.append(RecordUpdate(key: removed, change: RecordChange(dropsStoredRecord: true), local: nil)) }
    backend.save(updates, receivedAt: nil, countsMutation: false, unlessMutatedSince: nil)

    let merged = backend.allRecords()
    var expected = stored.filter { !$0.value.isEmpty }
    expected[removed ?? ""] = nil
    var booked = expected[target] ?? [:]
    booked["isBooked"] = .scalar(true)
    booked["site"] = nil
    expected[target] = booked
    fuzzRequire(sameRecords(merged, expected), "the booking's changes were not merged as made: \(merged.keys.sorted()) vs \(expected.keys.sorted())")
    for (key, record) in merged {
        fuzzRequire(RecordCodec.decode(RecordCodec.encode(record)[...]).map { sameRecord($0, record) } == true, "merged record \(key) does not survive encoding")
    }
}

/// Seeds written through the library's own write path: answers and changes written by a
/// `NormalizedCache` on an SQLite persistence, whose stored record bodies are then saved each
/// alone (`<name>-<n>.record`, what the backend reads back) and together in an old cache file
/// (`<name>.rrcache`, what the upgrade imports).
enum CacheSeeds {
    /// Writes the seeds; `false` (after saying why) when one could not be written.
    static func write(to folder: URL) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        let result = Mutex(true)
        Task {
            let written = await writeSeeds(to: folder)
            result.withLock { $0 = written }
            finished.signal()
        }
        finished.wait()
        return result.withLock { $0 }
    }

    private static func writeSeeds(to folder: URL) async -> Bool {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = true
        written = await seed(folder, "tutorial") { cache in
            for (id, booked) in [("25", false), ("42", true)] {
                try await cache.write(details(id: id, isBooked: booked), for: FuzzOperations.launchDetails, variables: ["launchId": .string(id)])
            }
            try await cache.write(launchList(), for: FuzzOperations.launchList, variables: ["pageSize": 20])
            try await cache.write(
                ["me": ["__typename": "User", "id": "1", "email": "fuzz@example.com", "trips": [details(id: "42", isBooked: true)["launch"] ?? nil]]],
                for: FuzzOperations.myTrips, variables: [:]
            )
        } && written
        written = await seed(folder, "one-launch") { cache in
            try await cache.write(details(id: "7", isBooked: false), for: FuzzOperations.launchDetails, variables: ["launchId": "7"])
        } && written
        written = await seed(folder, "booked-after-mutation") { cache in
            try await cache.write(details(id: "3", isBooked: false), for: FuzzOperations.launchDetails, variables: ["launchId": "3"])
            try await cache.write(
                ["bookTrips": ["__typename": "TripUpdateResponse", "success": true, "message": "trips booked successfully",
                               "launches": [details(id: "3", isBooked: true)["launch"] ?? nil]]],
                for: FuzzOperations.bookTrip, variables: ["id": "3"]
            )
            await cache.removeField("site", of: "Launch:3")
        } && written
        // Every value tag: references and lists from an answer, every kind of scalar set directly.
        written = await seed(folder, "every-tag") { cache in
            try await cache.write(launchList(), for: FuzzOperations.launchList, variables: ["pageSize": 20])
            let values: [String: JSONValue] = [
                "null": .null, "false": false, "true": true, "int": -1234567, "double": 2.5, "string": "é\u{0}\"",
                "array": [1, "a", [true]], "object": ["k": ["n": 1.5]],
            ]
            for (field, value) in values { await cache.setField(field, of: "Launch:108", to: value) }
        } && written
        return written
    }

    private static func seed(_ folder: URL, _ name: String, _ fill: (NormalizedCache) async throws -> Void) async -> Bool {
        let database = folder.appendingPathComponent("\(name).sqlite").path
        let cache = NormalizedCache(persistence: .sqlite(at: URL(fileURLWithPath: database), maximumBytes: nil, onWarning: { print("seed \(name): \($0)") }))
        do {
            try await fill(cache)
            var bodies: [(key: String, body: [UInt8])] = []
            try CacheDatabase(path: database).forEachRecord { bodies.append(($0, $1)) }
            guard !bodies.isEmpty else { throw CacheSeedError(message: "nothing was stored") }
            var file = FileWriter()
            for (index, record) in bodies.sorted(by: { $0.key < $1.key }).enumerated() {
                file.append(key: record.key, encodedBody: record.body[...])
                try Data(record.body).write(to: folder.appendingPathComponent("\(name)-\(index).record"))
            }
            try Data(file.finish()).write(to: folder.appendingPathComponent("\(name).rrcache"))
            try? await cache.removeAll()
            return true
        } catch {
            print("Could not write the seed \(name): \(error)")
            return false
        }
    }

    private static func details(id: String, isBooked: Bool) -> [String: JSONValue] {
        ["launch": [
            "__typename": "Launch", "id": .string(id), "site": "CCAFS SLC 40",
            "mission": ["__typename": "Mission", "name": .string("Starlink-\(id)"), "missionPatch": .string("https://images.rocketreserver.invalid/\(id).png")],
            "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"],
            "isBooked": .bool(isBooked),
        ]]
    }

    private static func launchList() -> [String: JSONValue] {
        let launches: [JSONValue] = (108...110).map { id in
            ["__typename": "Launch", "id": .string(String(id)), "site": "KSC LC 39A",
             "mission": ["__typename": "Mission", "name": .string("Mission \(id)"), "missionPatch": nil]]
        }
        return ["launches": ["__typename": "LaunchConnection", "cursor": "1583556631", "hasMore": true, "launches": .array(launches)]]
    }
}

/// Why a seed could not be written.
struct CacheSeedError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

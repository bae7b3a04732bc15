// libFuzzer target: bytes → cache file records (CacheFileFormat), then what a process does with
// a loaded cache file: read the tutorial's queries from records kept encoded (EncodedRecordReader)
// and from decoded records (RecordDecoder), and merge a booking's changes over the file
// (FileCacheBackend.merge). Built by Scripts/fuzz into .build-fuzz/bin/cache-file-fuzzer.
//
// The checksum is bypassed (`verifyingChecksum: false`) so mutated bytes reach the record
// decoder; the checked path runs too. Properties checked for every input:
//  - decode(verifyingChecksum: false) succeeds exactly when index succeeds and every body decodes;
//  - decoded records survive encode → decode unchanged, and reads from their re-encoded file
//    (records kept encoded) equal reads from the decoded records;
//  - merging a booking's changes over the file yields a file with a valid checksum, the
//    untouched records' bytes copied unchanged, the changed record as set, the removed one gone.
//
// With CACHE_FUZZER_WRITE_SEEDS=<folder> in the environment the binary instead writes seed
// cache files into <folder> through the library's own write path and exits.
import Foundation

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["CACHE_FUZZER_WRITE_SEEDS"], !folder.isEmpty {
        CacheSeeds.write(to: URL(fileURLWithPath: folder))
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let file = [UInt8](UnsafeBufferPointer(start: start, count: count))
    // The loader exactly as FileCacheBackend uses it: checksum verified.
    _ = try? CacheFileFormat.index(file)
    guard let slots = try? CacheFileFormat.index(file, verifyingChecksum: false) else {
        fuzzRequire((try? CacheFileFormat.decode(Data(file), verifyingChecksum: false)) == nil, "decode accepted what index refused")
        return 0
    }
    let decoded = try? CacheFileFormat.decode(Data(file), verifyingChecksum: false)
    let allBodiesDecode = slots.values.allSatisfy { (try? CacheFileFormat.decodeRecord($0)) != nil }
    fuzzRequire((decoded != nil) == allBodiesDecode, "decode and decodeRecord disagree")

    let launchKeys = slots.keys.filter { $0.hasPrefix("Launch:") }.sorted()
    let ids = Array(launchKeys.prefix(4).map { String($0.dropFirst("Launch:".count)) }) + ["25"]

    // Reads as a fresh process does them: records kept encoded, each decoded lazily.
    var encoded = encodedStore(slots)
    for id in ids {
        for (operation, variables) in FuzzOperations.all(launchID: id) {
            _ = encoded.read(operation, variables: variables)
        }
    }
    for key in slots.keys.sorted().prefix(8) { _ = encoded.record(key) }

    if let decoded { checkRoundTrip(decoded, ids: ids) }
    checkMerge(slots, target: launchKeys.first ?? "Launch:25", storedRecordsDecode: allBodiesDecode)
    return 0
}

/// Decoded records must survive encoding, and reading them encoded or decoded must agree.
private func checkRoundTrip(_ records: [String: CacheRecord], ids: [String]) {
    let file = [UInt8](CacheFileFormat.encode(records))
    guard let reencoded = try? CacheFileFormat.index(file),
          let again = try? CacheFileFormat.decode(Data(file))
    else { fatalError("fuzz property violated: re-encoded records do not load") }
    fuzzRequire(sameRecords(records, again), "records changed through encode → decode")
    var fromBytes = encodedStore(reencoded)
    var fromRecords = decodedStore(records)
    for id in ids {
        for (operation, variables) in FuzzOperations.all(launchID: id) {
            let a = fromBytes.read(operation, variables: variables)
            let b = fromRecords.read(operation, variables: variables)
            fuzzRequire(sameAnswer(a, b), "\(operation.name)(\(id)): encoded and decoded records answer differently")
        }
    }
}

/// A booking's cache changes (`isBooked` set, a field and a record removed) merged over the file.
///
/// The removed record's absence is only checked when every stored record decodes: the merge
/// keeps an undecodable stored body it was asked to remove (it cannot tell it from "unchanged"),
/// which only a file written with a valid checksum around a corrupt body could show.
private func checkMerge(_ stored: [String: ArraySlice<UInt8>], target: String, storedRecordsDecode: Bool) {
    let removed = stored.keys.filter { $0 != target }.min()
    var store = encodedStore(stored)
    store.merge(["isBooked": .scalar(true)], into: target)
    store.removeField("site", of: target)
    if let removed { store.removeRecord(removed) }
    let updates = store.takeUpdates()
    guard let merged = FileCacheBackend.merge(updates, over: stored) else { return }
    let slots: [String: ArraySlice<UInt8>]
    do {
        slots = try CacheFileFormat.index(merged)
    } catch {
        fatalError("fuzz property violated: a merged cache file does not load: \(error)")
    }
    var expectedKeys = Set(stored.keys)
    expectedKeys.insert(target)
    if let removed, storedRecordsDecode || slots[removed] == nil { expectedKeys.remove(removed) }
    fuzzRequire(Set(slots.keys) == expectedKeys, "the merged file holds keys \(slots.keys.sorted()), expected \(expectedKeys.sorted())")
    for (key, body) in stored where key != target && key != removed {
        fuzzRequire(slots[key].map(Array.init) == Array(body), "the untouched record \(key) changed in the merge")
    }
    guard let body = slots[target], let record = try? CacheFileFormat.decodeRecord(body) else {
        fatalError("fuzz property violated: the booked record \(target) does not decode after the merge")
    }
    fuzzRequire(record["isBooked"] == .scalar(true), "isBooked was not written")
    fuzzRequire(record["site"] == nil, "the removed field is still there")
}

/// Seed cache files written through the library's own write path (RecordStore → FileCacheBackend).
enum CacheSeeds {
    static func write(to folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        seed(folder, "tutorial.rrcache") { store in
            for (id, booked) in [("25", false), ("42", true)] {
                try? store.write(details(id: id, isBooked: booked), for: FuzzOperations.launchDetails, variables: ["launchId": .string(id)])
            }
            try? store.write(launchList(), for: FuzzOperations.launchList, variables: ["pageSize": 20])
            try? store.write(
                ["me": ["__typename": "User", "id": "1", "email": "fuzz@example.com", "trips": [details(id: "42", isBooked: true)["launch"]!]]],
                for: FuzzOperations.myTrips, variables: [:]
            )
        }
        seed(folder, "one-launch.rrcache") { store in
            try? store.write(details(id: "7", isBooked: false), for: FuzzOperations.launchDetails, variables: ["launchId": "7"])
        }
        seed(folder, "booked-after-mutation.rrcache") { store in
            try? store.write(details(id: "3", isBooked: false), for: FuzzOperations.launchDetails, variables: ["launchId": "3"])
            try? store.write(
                ["bookTrips": ["__typename": "TripUpdateResponse", "success": true, "message": "trips booked successfully",
                               "launches": [details(id: "3", isBooked: true)["launch"] ?? nil]]],
                for: FuzzOperations.bookTrip, variables: ["id": "3"]
            )
            store.removeField("site", of: "Launch:3")
        }
        seed(folder, "every-tag.rrcache") { store in
            store.merge([
                "null": .scalar(.null), "false": .scalar(false), "true": .scalar(true),
                "int": .scalar(-1234567), "double": .scalar(2.5), "string": .scalar("é\u{0}\""),
                "reference": .reference("Launch:1"),
                "list": .list([.reference("Launch:1"), .list([.scalar(1)]), .scalar(.null)]),
                "array": .scalar([1, "a", [true]]), "object": .scalar(["k": ["n": 1.5]]),
            ], into: "Launch:1")
        }
    }

    private static func seed(_ folder: URL, _ name: String, _ fill: (inout RecordStore) -> Void) {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        var store = RecordStore()
        fill(&store)
        FileCacheBackend(url: url, onWarning: { print("seed \(name): \($0)") }).save(store.takeUpdates(), lockHeld: false, countsMutation: false, unlessMutatedSince: nil)
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

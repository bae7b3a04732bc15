// libFuzzer target: bytes → GraphQL response (GraphQLResponseDecoder, JSONParser), then what
// the client does with a successful answer: normalize it into cache records, read it back, and
// persist it in the cache file format. Built by Scripts/fuzz into .build-fuzz/bin/response-decoder-fuzzer.
//
// Besides "never traps", it checks properties that must hold for every input:
//  - the two parser entry points (Data, UnsafeBufferPointer) agree;
//  - JSONWriter's output parses back to the same value (non-finite doubles written as null);
//  - a successful GraphQLResponseDecoder.decode agrees with JSONParser + decode(JSONValue);
//  - an answer read from the cache in memory equals the answer read from the cache file the
//    store's changes were saved as (records kept encoded, as a fresh process loads them).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let data = Data(buffer: bytes)
    checkJSON(data, bytes)
    guard let body = try? GraphQLResponseDecoder.decode(data) else { return 0 }
    for error in body.errors { _ = (error.description, error.path, error.code) }
    guard let answer = body.data else { return 0 }
    checkCache(answer)
    return 0
}

private func checkJSON(_ data: Data, _ bytes: UnsafeBufferPointer<UInt8>) {
    let viaData = Result { () throws(JSONParseError) in try JSONParser.parse(data) }
    let viaBuffer = Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
    switch (viaData, viaBuffer) {
    case (.success(let value), .success(let other)):
        fuzzRequire(sameJSON(value, other), "the Data and buffer parsers disagree")
        let text = JSONWriter.data(value)
        let again: JSONValue
        do {
            again = try JSONParser.parse(text)
        } catch {
            fatalError("fuzz property violated: JSONWriter wrote unparseable JSON (\(error)): \(String(decoding: text, as: UTF8.self))")
        }
        fuzzRequire(sameJSON(again, writable(value)), "the JSON round trip changed the value")
        let shaped = Result { () throws(GraphQLResponseDecoder.Failure) in try GraphQLResponseDecoder.decode(value) }
        let decoded = Result { () throws(GraphQLResponseDecoder.Failure) in try GraphQLResponseDecoder.decode(data) }
        fuzzRequire(shaped == decoded, "decode(Data) and decode(JSONValue) disagree")
    case (.failure(let error), .failure(let other)):
        fuzzRequire(error == other, "the Data and buffer parsers fail differently")
        fuzzRequire(error.offset >= 0 && error.offset <= data.count, "error offset \(error.offset) outside the input")
    default:
        fatalError("fuzz property violated: only one of the Data and buffer parsers accepted the input")
    }
}

private func checkCache(_ answer: [String: JSONValue]) {
    let launchID: String = switch answer["launch"]?["id"] {
    case .string(let id)?: id
    case .int(let id)?: String(id)
    default: "25"
    }
    for typed in FuzzOperations.typed(launchID: launchID) {
        let (operation, variables) = (typed.operation, typed.variables)
        // The generated model decodes any answer without trapping.
        _ = typed.decodeAlike(answer, answer)
        var store = RecordStore()
        // An answer whose objects claim identities that are not theirs is refused whole.
        do {
            try store.write(answer, for: operation, variables: variables)
        } catch {
            fuzzRequire(store.takeUpdates().isEmpty, "a refused answer changed the store")
            continue
        }
        let fromMemory = store.read(operation, variables: variables)
        let updates = store.takeUpdates()
        guard let file = FileCacheBackend.merge(updates, over: [:]) else {
            // Only empty records (an answer without the operation's fields) are not stored.
            fuzzRequire(updates.allSatisfy { $0.local?.isEmpty ?? true }, "records changed but nothing was written")
            continue
        }
        let slots: [String: ArraySlice<UInt8>]
        do {
            slots = try CacheFileFormat.index(file)
        } catch {
            fatalError("fuzz property violated: a written cache file does not index: \(error)")
        }
        let records: [String: CacheRecord]
        do {
            records = try CacheFileFormat.decode(Data(file))
        } catch {
            fatalError("fuzz property violated: a written cache file does not decode: \(error)")
        }
        var written: [String: CacheRecord] = [:]
        for update in updates where update.local?.isEmpty == false { written[update.key] = update.local }
        fuzzRequire(sameRecords(records, written), "the cache file does not hold the records written")
        var reloaded = encodedStore(slots)
        let fromFile = reloaded.read(operation, variables: variables)
        fuzzRequire(sameAnswer(fromMemory, fromFile), "\(operation.name): the cache file answers differently from memory")
        if let fromMemory, let fromFile {
            fuzzRequire(typed.decodeAlike(fromMemory, fromFile), "\(operation.name): the typed models read back from memory and file differ")
        }
    }
}

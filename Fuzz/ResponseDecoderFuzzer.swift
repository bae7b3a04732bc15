// libFuzzer target: bytes → GraphQL response (GraphQLResponseDecoder, JSONParser), then what
// the cache does with a successful answer: normalize it into records (AnswerNormalizer), save
// them (the in-memory backend, records kept decoded), store them as the SQLite backend does
// (each record encoded with RecordCodec) and read the query back (RecordStore) from both.
// Built by Scripts/fuzz into .build-fuzz/bin/response-decoder-fuzzer.
//
// Besides "never traps", it checks properties that must hold for every input:
//  - the two parser entry points (Data, UnsafeBufferPointer) agree;
//  - JSONWriter's output parses back to the same value (non-finite doubles written as null);
//  - a successful GraphQLResponseDecoder.decode agrees with JSONParser + decode(JSONValue);
//  - the backend holds exactly the answer's non-empty records, and each survives RecordCodec
//    encode → decode;
//  - the query read back from the decoded records equals the read from their encoded bodies,
//    and, when the answer has every selected field, equals the answer's selected fields;
//  - the generated models decoded from the two reads are equal.
import Foundation
import GraphQLClient
import JSON
@testable import CacheRecords
@testable import CacheStorage
@testable import NormalizedCache

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
        // An answer whose objects claim identities that are not theirs is refused whole.
        guard let records = try? AnswerNormalizer.records(answer, for: operation, variables: variables) else { continue }
        // Saved as NormalizedCache.write saves an answer.
        let backend = InMemoryCacheBackend(maximumBytes: nil)
        backend.save(
            records.map { RecordUpdate(key: $0.key, change: RecordChange(setting: $0.value.keys), local: $0.value) },
            receivedAt: 1, countsMutation: false, unlessMutatedSince: nil
        )
        let stored = backend.allRecords()
        // Only empty records (an object without any of its selected fields) are not stored.
        fuzzRequire(sameRecords(stored, records.filter { !$0.value.isEmpty }), "\(operation.name): the backend does not hold the records written")
        let fromMemory = backend.read { snapshot in
            var store = RecordStore(snapshot: snapshot)
            return readAnswer(&store, operation, variables)
        }
        // The same records as the SQLite backend stores them: each body encoded.
        var bodies: [String: ArraySlice<UInt8>] = [:]
        for (key, record) in stored {
            let body = RecordCodec.encode(record)[...]
            guard let again = RecordCodec.decode(body) else {
                fatalError("fuzz property violated: \(operation.name): the encoded record \(key) does not decode")
            }
            fuzzRequire(sameRecord(record, again), "\(operation.name): record \(key) changed through RecordCodec encode → decode")
            bodies[key] = body
        }
        var reloaded = encodedStore(bodies)
        let fromBytes = readAnswer(&reloaded, operation, variables)
        fuzzRequire(sameAnswer(fromMemory, fromBytes), "\(operation.name): the encoded records answer differently from the decoded ones")
        if operation.kind == .query, let expected = selectedFields(answer, operation.selections, variables), !expected.isEmpty {
            fuzzRequire(sameAnswer(fromMemory, expected), "\(operation.name): the cache does not read back the answer it was given")
        }
        if let fromMemory, let fromBytes {
            fuzzRequire(typed.decodeAlike(fromMemory, fromBytes), "\(operation.name): the typed models read back from decoded and encoded records differ")
        }
    }
}

/// The answer's fields that the selection asks for (with the variables' conditions), as a
/// complete cache read gives them back; `nil` when the answer lacks one of them.
private func selectedFields(_ object: [String: JSONValue], _ selections: [GraphQLField], _ variables: [String: JSONValue]) -> [String: JSONValue]? {
    var result: [String: JSONValue] = [:]
    for field in selections where field.isSelected(variables: variables) {
        guard let value = object[field.responseKey], let selected = selectedValue(value, field, variables) else { return nil }
        result[field.responseKey] = selected
    }
    return result
}

private func selectedValue(_ value: JSONValue, _ field: GraphQLField, _ variables: [String: JSONValue]) -> JSONValue? {
    guard !field.selections.isEmpty else { return value }
    switch value {
    case .object(let object):
        return selectedFields(object, field.selections, variables).map(JSONValue.object)
    case .array(let elements):
        var array: [JSONValue] = []
        for element in elements {
            guard let selected = selectedValue(element, field, variables) else { return nil }
            array.append(selected)
        }
        return .array(array)
    default:
        return value
    }
}

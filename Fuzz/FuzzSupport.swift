// Shared by both fuzz targets. Scripts/fuzz builds the client's libraries as the package's own
// modules (with -enable-testing) and compiles each target with this file into a module of its
// own, so the harnesses reach the cache's internal entry points through `@testable import`
// without any production code changing.
//
// Not part of the Swift package: nothing in Package.swift refers to this folder.
import GraphQLClient
import GraphQLOperationSupport
import JSON
@testable import CacheRecords
@testable import CacheStorage
@testable import NormalizedCache
import RocketReserverAPI

/// The tutorial's operations: the generated ones (the RocketReserverAPI module Scripts/fuzz
/// builds from the package's .graphql files), never a copy.
enum FuzzOperations {
    static let launchDetails = LaunchDetailsQuery.operation
    static let launchList = LaunchListQuery.operation
    static let myTrips = MyTripsQuery.operation
    static let bookTrip = BookTripMutation.operation

    /// Every operation with the variables to use for it, the launch id taken from `id` when there is one.
    static func all(launchID id: String) -> [(GraphQLOperation, [String: JSONValue])] {
        typed(launchID: id).map { ($0.operation, $0.variables) }
    }

    /// The same operations with their generated models.
    static func typed(launchID id: String) -> [FuzzOperation] {
        [
            FuzzOperation(LaunchDetailsQuery(launchId: id)),
            FuzzOperation(LaunchListQuery(pageSize: 20)),
            FuzzOperation(MyTripsQuery()),
            FuzzOperation(BookTripMutation(id: id)),
            FuzzOperation(CancelTripMutation(launchId: id)),
        ]
    }
}

/// A generated operation as the fuzzers use it: its client operation, variables and model.
struct FuzzOperation {
    let operation: GraphQLOperation
    let variables: [String: JSONValue]
    /// Whether two `data` objects decode into the generated model alike: both fail, or both
    /// give equal models. Decoding must never trap, whatever the data.
    let decodeAlike: ([String: JSONValue], [String: JSONValue]) -> Bool

    init<Operation: GeneratedOperation>(_ value: Operation) {
        operation = Operation.operation
        variables = value.variables.jsonValues
        decodeAlike = { a, b in
            switch (try? Operation.decode(data: a), try? Operation.decode(data: b)) {
            case (nil, nil): true
            case (let x?, let y?): x == y
            default: false
            }
        }
    }
}

/// Stops the run with a message libFuzzer reports as a crash, keeping the input.
func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz property violated: \(message())") }
}

/// Equality of JSON values where doubles compare by bit pattern (so NaN equals itself,
/// which `JSONValue`'s own `==` does not do).
func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.int(let x), .int(let y)): return x == y
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
    case (.object(let x), .object(let y)): return sameObject(x, y)
    default: return false
    }
}

func sameObject(_ x: [String: JSONValue], _ y: [String: JSONValue]) -> Bool {
    guard x.count == y.count else { return false }
    for (key, value) in x {
        guard let other = y[key], sameJSON(value, other) else { return false }
    }
    return true
}

func sameCacheValue(_ a: CacheValue, _ b: CacheValue) -> Bool {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): return sameJSON(x, y)
    case (.reference(let x), .reference(let y)): return x == y
    case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameCacheValue($0, $1) }
    default: return false
    }
}

func sameRecords(_ x: [String: CacheRecord], _ y: [String: CacheRecord]) -> Bool {
    guard x.count == y.count else { return false }
    for (key, record) in x {
        guard let other = y[key], sameRecord(record, other) else { return false }
    }
    return true
}

func sameRecord(_ x: CacheRecord, _ y: CacheRecord) -> Bool {
    guard x.count == y.count else { return false }
    for (field, value) in x {
        guard let other = y[field], sameCacheValue(value, other) else { return false }
    }
    return true
}

func sameAnswer(_ a: [String: JSONValue]?, _ b: [String: JSONValue]?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return sameObject(x, y)
    default: return false
    }
}

/// What `JSONWriter` makes of a value: non-finite doubles become `null`, as JSON cannot hold them.
func writable(_ value: JSONValue) -> JSONValue {
    switch value {
    case .double(let number) where !number.isFinite: return .null
    case .array(let elements): return .array(elements.map(writable))
    case .object(let members): return .object(members.mapValues(writable))
    default: return value
    }
}

/// A read snapshot over fixed records, as a backend hands them to a `RecordStore`: `fallback`
/// (when given) answers every key not in `slots`, so any reference resolves.
struct FuzzSnapshot: StoredRecords {
    var slots: [String: RecordStore.Slot]
    var fallback: RecordStore.Slot?

    func record(_ key: String) -> StoredRecord? {
        (slots[key] ?? fallback).map { StoredRecord(slot: $0, receivedAt: 0) }
    }
}

/// A store over record bodies kept encoded, as the SQLite backend hands them out.
func encodedStore(_ bodies: [String: ArraySlice<UInt8>], fallback: ArraySlice<UInt8>? = nil) -> RecordStore {
    RecordStore(snapshot: FuzzSnapshot(slots: bodies.mapValues { .encoded($0) }, fallback: fallback.map { .encoded($0) }))
}

/// A store over decoded records, as the in-memory backend hands them out.
func decodedStore(_ records: [String: CacheRecord], fallback: CacheRecord? = nil) -> RecordStore {
    RecordStore(snapshot: FuzzSnapshot(slots: records.mapValues { .decoded($0) }, fallback: fallback.map { .decoded($0) }))
}

/// A query read from the store with no age limit (`nil` for a mutation or a miss).
func readAnswer(_ store: inout RecordStore, _ operation: GraphQLOperation, _ variables: [String: JSONValue]) -> [String: JSONValue]? {
    store.read(operation, variables: variables, oldestAllowed: nil)
}

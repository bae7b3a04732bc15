// Shared by both fuzz targets. Each target is compiled into the `GraphQLClient` module
// together with the library's sources (see Scripts/fuzz), so the harnesses can reach the
// library's internal entry points without any production code changing.
//
// Not part of the Swift package: nothing in Package.swift refers to this folder.

/// The tutorial's operations: the generated ones (RocketReserverAPI), compiled into this module
/// by Scripts/fuzz, never a copy.
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
        guard let other = y[key], other.count == record.count else { return false }
        for (field, value) in record {
            guard let otherValue = other[field], sameCacheValue(value, otherValue) else { return false }
        }
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

/// A store loaded from file bytes the way `FileCacheBackend.load()` does: records kept encoded.
func encodedStore(_ slots: [String: ArraySlice<UInt8>]) -> RecordStore {
    var store = RecordStore()
    store.slots = slots.mapValues { .encoded($0) }
    return store
}

/// A store whose records are already decoded.
func decodedStore(_ records: [String: CacheRecord]) -> RecordStore {
    var store = RecordStore()
    store.slots = records.mapValues { .decoded($0) }
    return store
}

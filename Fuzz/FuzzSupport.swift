// Shared by both fuzz targets. Each target is compiled into the `GraphQLClient` module
// together with the library's sources (see Scripts/fuzz), so the harnesses can reach the
// library's internal entry points without any production code changing.
//
// Not part of the Swift package: nothing in Package.swift refers to this folder.

/// The tutorial's query shapes, as the gateway declares them (GraphQLClient cannot import the gateway).
enum FuzzOperations {
    static let launchDetails = GraphQLOperation(
        .query,
        name: "LaunchDetails",
        variables: ["launchId": "ID!"],
        selections: [
            GraphQLField("launch", arguments: ["id": .variable("launchId")], [
                "id", "site",
                mission(patchSize: "LARGE"),
                GraphQLField("rocket", ["id", "name", "type"]),
                "isBooked",
            ]),
        ]
    )

    static let launchList = GraphQLOperation(
        .query,
        name: "LaunchList",
        variables: ["pageSize": "Int", "cursor": "String"],
        selections: [
            GraphQLField("launches", arguments: ["pageSize": .variable("pageSize"), "after": .variable("cursor")], [
                "cursor", "hasMore",
                GraphQLField("launches", ["id", "site", mission(patchSize: "SMALL")]),
            ]),
        ]
    )

    static let myTrips = GraphQLOperation(
        .query,
        name: "MyTrips",
        selections: [GraphQLField("me", ["email", GraphQLField("trips", ["id", "site", mission(patchSize: "SMALL")])])]
    )

    static let bookTrip = GraphQLOperation(
        .mutation,
        name: "BookTrip",
        variables: ["id": "ID!"],
        selections: [
            GraphQLField("bookTrips", arguments: ["launchIds": .list([.variable("id")])], [
                "success", "message", GraphQLField("launches", ["id", "isBooked"]),
            ]),
        ]
    )

    private static func mission(patchSize: String) -> GraphQLField {
        GraphQLField("mission", ["name", GraphQLField("missionPatch", arguments: ["size": .enumValue(patchSize)])])
    }

    /// Every operation with the variables to use for it, the launch id taken from `id` when there is one.
    static func all(launchID id: String) -> [(GraphQLOperation, [String: JSONValue])] {
        [
            (launchDetails, ["launchId": .string(id)]),
            (launchList, ["pageSize": 20]),
            (myTrips, [:]),
            (bookTrip, ["id": .string(id)]),
        ]
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

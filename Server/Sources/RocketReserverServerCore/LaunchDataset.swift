import Foundation

/// The launch data file: a JSON object `{"launches": [Launch]}`.
public struct LaunchDataset: Codable, Sendable {
    /// All launches, in file order.
    public var launches: [Launch]

    /// Creates a dataset from launches.
    public init(launches: [Launch]) {
        self.launches = launches
    }

    /// Decodes and checks a dataset from JSON bytes.
    ///
    /// - Throws: `ServerSetupError.invalidDataset` when the JSON does not have the expected
    ///   shape, is empty, repeats an id or has a date that is not ISO-8601.
    public static func decode(_ data: Data, origin: String) throws -> LaunchDataset {
        let dataset: LaunchDataset
        do {
            dataset = try JSONDecoder().decode(LaunchDataset.self, from: data)
        } catch {
            throw ServerSetupError.invalidDataset(origin: origin, reason: "\(error)")
        }
        try dataset.check(origin: origin)
        return dataset
    }

    /// Loads a dataset from a file.
    public static func load(contentsOf url: URL) throws -> LaunchDataset {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServerSetupError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        return try decode(data, origin: url.path)
    }

    /// The dataset shipped with the server (`Resources/launches.json`).
    public static func bundled() throws -> LaunchDataset {
        try decode(BundledResource.data(named: "launches", extension: "json"), origin: "bundled launches.json")
    }

    private func check(origin: String) throws {
        guard !launches.isEmpty else {
            throw ServerSetupError.invalidDataset(origin: origin, reason: "it holds no launches")
        }
        var seen = Set<String>()
        for launch in launches {
            guard seen.insert(launch.id).inserted else {
                throw ServerSetupError.invalidDataset(origin: origin, reason: "launch id \(launch.id) appears twice")
            }
            guard LaunchDate.parse(launch.date) != nil else {
                throw ServerSetupError.invalidDataset(
                    origin: origin,
                    reason: "launch \(launch.id) has date \"\(launch.date)\", which is not ISO-8601"
                )
            }
        }
    }
}

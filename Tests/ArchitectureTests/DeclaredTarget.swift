import Foundation

/// One target of the manifest: its name, folder and declared dependencies (targets and plugins).
struct DeclaredTarget: Equatable {
    let name: String
    let type: String
    let folder: String
    let dependencies: [String]
    /// The dependencies it links (targets and products): ``dependencies`` without the plugins,
    /// which run at build time.
    let linked: [String]

    /// The targets of a `dump-package` JSON document.
    static func all(in json: Data) throws -> [DeclaredTarget] {
        guard let package = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let targets = package["targets"] as? [[String: Any]]
        else { throw SwiftToolchain.Failure(description: "dump-package printed no targets") }
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String else { return nil }
            let defaultFolder = (type == "test" ? "Tests/" : "Sources/") + name
            let linked = (target["dependencies"] as? [[String: Any]] ?? []).compactMap(Self.referencedName)
            let plugins = (target["pluginUsages"] as? [[String: Any]] ?? []).compactMap(Self.referencedName)
            return DeclaredTarget(
                name: name, type: type, folder: target["path"] as? String ?? defaultFolder, dependencies: linked + plugins, linked: linked
            )
        }
    }

    /// `{"byName": ["Domain", null]}`, `{"target": [...]}`, `{"product": [...]}`, `{"plugin": [...]}` → the name.
    private static func referencedName(_ reference: [String: Any]) -> String? {
        reference.values.lazy.compactMap { ($0 as? [Any])?.first as? String }.first
    }
}

import Foundation

/// One product of the manifest: its name, kind (`library`, `executable`, `plugin`) and targets.
struct DeclaredProduct: Equatable {
    let name: String
    let kind: String
    let targets: [String]

    /// The products of a `dump-package` JSON document.
    static func all(in json: Data) throws -> [DeclaredProduct] {
        guard let package = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let products = package["products"] as? [[String: Any]]
        else { throw SwiftToolchain.Failure(description: "dump-package printed no products") }
        return products.compactMap { product in
            guard let name = product["name"] as? String else { return nil }
            // `{"library": ["automatic"]}`, `{"executable": null}`, `{"plugin": null}`.
            let kind = (product["type"] as? [String: Any])?.keys.first ?? "unknown"
            return DeclaredProduct(name: name, kind: kind, targets: product["targets"] as? [String] ?? [])
        }
    }
}

import Foundation

/// Access to files shipped in the package's resource bundle.
enum BundledResource {
    /// Returns the bytes of a bundled resource.
    static func data(named name: String, extension ext: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext) else {
            throw ServerSetupError.missingResource(name: "\(name).\(ext)")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ServerSetupError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Returns the text of a bundled UTF-8 resource.
    static func text(named name: String, extension ext: String) throws -> String {
        let bytes = try data(named: name, extension: ext)
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw ServerSetupError.missingResource(name: "\(name).\(ext) (not UTF-8)")
        }
        return text
    }
}

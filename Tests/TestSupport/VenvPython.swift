import Foundation

/// Finds the Python that a third-party peer needs: the one an environment variable names
/// (Scripts/test sets it; empty means unavailable), else the venv Scripts/test makes
/// (`Benchmarks/.venv`) when every package the peer imports is installed there.
public enum VenvPython {
    /// The Python `variable` names, else the venv's when each of `packages` (import names, such
    /// as `websockets`) is installed in it; `nil` otherwise.
    public static func find(variable: String, packages: [String], venv folder: String = "Benchmarks/.venv") -> String? {
        if let set = ProcessInfo.processInfo.environment[variable] { return set.isEmpty ? nil : set }
        let venv = BuiltProducts.packageRoot.appendingPathComponent(folder)
        let lib = venv.appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        let installed = versions.contains { version in
            packages.allSatisfy { FileManager.default.fileExists(atPath: lib.path + "/\(version)/site-packages/\($0)/__init__.py") }
        }
        return installed ? venv.appendingPathComponent("bin/python").path : nil
    }
}

import Foundation

/// Finds the executables the process-level tests drive.
public enum BuiltProducts {
    /// The package's root folder (two levels above this file's folder).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `rocket-reserver` binary: `$ROCKET_RESERVER_BIN`, else beside the running test bundle.
    public static var client: URL {
        if let path = ProcessInfo.processInfo.environment["ROCKET_RESERVER_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return productsFolder.appendingPathComponent("rocket-reserver")
    }

    /// The build's products folder (what `swift build --show-bin-path` prints): the folder of
    /// the running test bundle, which holds the executables and the `Modules` folder.
    public static var productsFolder: URL {
        #if os(Linux)
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        #endif
        var folder = testBinary.deletingLastPathComponent()
        // On Linux the test bundle is a file in the products folder; elsewhere it may be a bundle.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder.deleteLastPathComponent()
        }
        return folder
    }

    /// The reference server: `$ROCKET_RESERVER_SERVER_BIN`, else the server package's release build.
    public static var server: URL {
        if let path = ProcessInfo.processInfo.environment["ROCKET_RESERVER_SERVER_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.appendingPathComponent("Server/.build/release/rocket-reserver-server")
    }
}

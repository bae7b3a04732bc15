import Foundation
import TestSupport

/// Runs the `swift` found on `PATH`, the toolchain that builds the package.
enum SwiftToolchain {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The first executable `swift` in the folders of `PATH`.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "no executable `swift` on PATH")
    }

    /// This package's manifest as `swift package dump-package` prints it (JSON), asked once
    /// per test run however many tests read it.
    static func dumpPackage() async throws -> Data {
        try await manifest.value
    }

    private static let manifest = Task { try await runDumpPackage(at: BuiltProducts.packageRoot) }

    /// Runs `swift package dump-package` in a scratch folder of its own inside `.build`, which
    /// keeps it off the lock `swift test` holds on `.build` itself, and, being the same folder
    /// every run, leaves nothing behind in the system's temporary folder (SwiftPM names its lock
    /// file there after the scratch path).
    private static func runDumpPackage(at root: URL) async throws -> Data {
        let scratch = root.appendingPathComponent(".build/architecture-tests-scratch")
        let result = try await ProcessRunner.run(
            try executable(),
            ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
            environment: ProcessInfo.processInfo.environment,
            deadline: 300
        )
        guard result.status == 0 else {
            throw Failure(description: "swift package dump-package exited with \(result.status): \(result.stderr)")
        }
        return Data(result.stdout.utf8)
    }
}

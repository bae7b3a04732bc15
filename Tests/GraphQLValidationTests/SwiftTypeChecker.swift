import Foundation
import TestSupport

/// Type-checks Swift files with the toolchain's `swiftc -typecheck` against the package's
/// built `GraphQLOperationSupport`, `GraphQLClient` and `JSON` modules, the way a target that
/// uses the code-generation plugin compiles its generated files.
struct SwiftTypeChecker {
    /// Why the check could not run at all (no `swiftc`, no built modules).
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// One `file:line:column: error|warning: message` line of the compiler's output.
    struct Diagnostic: Sendable, CustomStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let severity: String
        let message: String
        var description: String { "\(URL(fileURLWithPath: file).lastPathComponent):\(line):\(column): \(severity): \(message)" }
    }

    /// What one run of the compiler gave.
    struct Outcome: Sendable {
        let status: Int32
        let diagnostics: [Diagnostic]
        /// Everything the compiler printed, for a failure that names no file.
        let output: String
    }

    /// The modules the generated code imports; each must be in the products' `Modules` folder.
    static let importedModules = ["GraphQLOperationSupport", "GraphQLClient", "JSON"]

    let swiftc: URL
    let modules: URL
    let moduleCache: URL

    /// The `swiftc` on `PATH` (the toolchain that builds the package) and the build's modules
    /// beside the running test bundle; a clear error when either is missing.
    init() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
        guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Unavailable(description: "No executable `swiftc` on PATH (\(path)); the generated code cannot be type-checked.")
        }
        let products = BuiltProducts.productsFolder
        let modules = products.appendingPathComponent("Modules")
        for module in Self.importedModules where !FileManager.default.fileExists(atPath: modules.appendingPathComponent("\(module).swiftmodule").path) {
            throw Unavailable(
                description: "The built module \(module) is not in \(modules.path); build the package first (`swift build --build-tests`)."
            )
        }
        self.swiftc = swiftc
        self.modules = modules
        // The build's own module cache: the system modules (Glibc, Foundation) are already there.
        moduleCache = products.appendingPathComponent("ModuleCache")
    }

    /// Runs `swiftc -typecheck` over `files` as one module, in Swift 6 mode as the package builds.
    func typecheck(_ files: [URL], moduleName: String) async throws -> Outcome {
        let arguments = [
            "-typecheck", "-swift-version", "6", "-module-name", moduleName, "-parse-as-library",
            "-I", modules.path, "-module-cache-path", moduleCache.path, "-diagnostic-style", "llvm", "-j", "1",
        ] + files.map(\.path)
        let result = try await ProcessRunner.run(swiftc, arguments, environment: ProcessInfo.processInfo.environment, deadline: 900)
        let output = result.stderr + result.stdout
        return Outcome(status: result.status, diagnostics: Self.diagnostics(in: output), output: output)
    }

    /// The `path:line:column: error|warning: message` lines of the compiler's output.
    static func diagnostics(in output: String) -> [Diagnostic] {
        output.split(separator: "\n").compactMap { line in
            for severity in ["error", "warning"] {
                guard let marker = line.range(of: ": \(severity): ") else { continue }
                let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                guard place.count >= 3, let row = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { continue }
                let file = place.dropLast(2).joined(separator: ":")
                return Diagnostic(file: file, line: row, column: column, severity: severity, message: String(line[marker.upperBound...]))
            }
            return nil
        }
    }
}

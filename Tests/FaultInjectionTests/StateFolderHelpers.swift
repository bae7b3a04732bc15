import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ways to run the client for the local-state tests: through a shell (for redirections and
/// limits) and with its state folder read-only.
extension FaultSession {
    /// Runs `/bin/sh -c script` where `"$@"` is the client with `--endpoint` and `arguments`.
    func shell(_ script: String, _ arguments: [String], extra: [String: String] = [:]) async throws -> ProcessResult {
        try await ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", script, "sh", BuiltProducts.client.path, "--endpoint", server.endpoint] + arguments,
            environment: ClientEnvironment.make(home: home, extra: extra),
            deadline: 30
        )
    }

    /// Runs the client with the whole home read-only: a read-only bind mount in a private mount
    /// namespace when running as root (root ignores file modes), else mode 0500 folders.
    /// `nil` when neither is possible here.
    func runReadOnly(_ arguments: [String]) async throws -> ProcessResult? {
        let folders = ["", "/credentials", "/cache"].map { home.url.path + $0 }
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return nil }
            let script = #"mount --bind -o ro "$0" "$0" && exec "$@""#
            // Containers often forbid mount namespaces or mounts: then there is nothing to test.
            let probe = try await ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "/bin/sh", "-c", script, home.url.path, "true"],
                                              environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], deadline: 10)
            guard probe.status == 0 else { return nil }
            return try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "/bin/sh", "-c", script, home.url.path, BuiltProducts.client.path, "--endpoint", server.endpoint] + arguments,
                environment: ClientEnvironment.make(home: home, extra: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]), deadline: 30
            )
        }
        for folder in folders { chmod(folder, 0o500) }
        defer { for folder in folders { chmod(folder, 0o700) } }
        return try await run(arguments)
    }

    /// Every path below the home (any kind of file), relative to it.
    func allPaths() -> [String] {
        let root = home.url.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { ($0 as? String).map { "/" + $0 } }.sorted()
    }

    /// The temporary files anywhere below the home.
    func temporaryFiles() -> [String] {
        allPaths().filter { $0.hasSuffix(".tmp") }
    }

    /// The files, other than the credential, that hold `secret`.
    func filesHolding(_ secret: String) -> [String] {
        home.snapshot().filter { path, bytes in
            !path.hasPrefix("/credentials/credential-") && bytes.range(of: Data(secret.utf8)) != nil
        }.keys.sorted()
    }
}

import Foundation
import Testing
import TestSupport

/// The reference server and a client home pointed at it: the set-up of the process tests that
/// run the client against the server (`watch`, `trips --watch`, `query` with a subscription).
struct ReferenceServerClient {
    let server: ReferenceServer
    let home: TemporaryDirectory
    let environment: [String: String]

    /// Starts the reference server (with `serverArguments`) and makes a home named after `prefix`.
    init(prefix: String, serverArguments: [String] = []) async throws {
        server = try await ReferenceServer(arguments: serverArguments)
        do {
            home = try TemporaryDirectory(prefix: prefix)
        } catch {
            server.stop()
            throw error
        }
        environment = ClientEnvironment.make(home: home, endpoint: server.endpoint)
    }

    /// Stops the server and removes the home.
    func stop() {
        server.stop()
        home.remove()
    }

    /// Runs the client to its end with `arguments`.
    func run(_ arguments: String...) async throws -> ProcessResult {
        try await run(arguments)
    }

    /// Runs the client to its end with `arguments`.
    func run(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(BuiltProducts.client, arguments, environment: environment, deadline: 60)
    }

    /// Starts the client with `arguments`, its output read as it comes.
    func start(_ arguments: String...) async throws -> RunningClient {
        try await RunningClient(arguments, environment: environment)
    }

    /// Books launch after launch until `running` prints a new line (nothing says when it has
    /// subscribed), expecting each booking to succeed and each new line to be `{"tripsBooked":1}`;
    /// returns the launch whose booking showed, or `nil` (recorded as an issue) when none did.
    @discardableResult
    func bookUntilPrinted(_ running: RunningClient, launches: ClosedRange<Int>) async throws -> Int? {
        let before = await running.stdout.text(timeout: 0) { _ in true }
        for launch in launches {
            let result = try await run("book", String(launch))
            #expect(result.status == 0, "book \(launch): \(result.stderr)")
            let text = await running.stdout.text(timeout: 3) { $0.count > before.count && $0.hasSuffix("\n") }
            if text.count > before.count {
                #expect(text.dropFirst(before.count).split(separator: "\n").allSatisfy { $0 == "{\"tripsBooked\":1}" }, "\(text)")
                return launch
            }
        }
        let errors = await running.stderr.text(timeout: 0) { _ in true }
        Issue.record("no event reached the client; stderr: \(errors)")
        return nil
    }
}

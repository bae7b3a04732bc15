import Foundation
import ProcessLifecycle
import Testing

/// The process environment read straight from `environ`, and the home folder from the password
/// database.
@Suite("Process environment", .timeLimit(.minutes(1)))
struct ProcessEnvironmentTests {
    @Test func theVariablesAreTheOnesFoundationReads() {
        let variables = ProcessEnvironment.current()
        #expect(!variables.isEmpty)
        #expect(variables == ProcessInfo.processInfo.environment)
    }

    @Test func theHomeFolderFromThePasswordDatabaseIsAnAbsolutePath() {
        let home = ProcessEnvironment.homeFromPasswordDatabase()
        #expect(home.hasPrefix("/"))
    }
}

@testable import CLIArguments
import Testing

@Suite("CommandLineParser", .timeLimit(.minutes(5)))
struct CommandLineParserTests {
    private let parser = CommandLineParser()

    @Test func globalOptionsMayStandBeforeOrAfterTheCommand() throws {
        let before = try parser.parse(["--json", "--endpoint", "http://127.0.0.1:1/graphql", "details", "25"])
        let after = try parser.parse(["details", "25", "--json", "--endpoint=http://127.0.0.1:1/graphql"])
        #expect(before == after)
        #expect(before.command == .details(launchID: "25", forceReload: false))
        #expect(before.options == GlobalOptions(endpoint: "http://127.0.0.1:1/graphql", json: true))
    }

    @Test func parsesEveryCommand() throws {
        #expect(try parser.parse(["login", "me@example.com"]).command == .login(email: "me@example.com"))
        #expect(try parser.parse(["logout"]).command == .logout)
        #expect(try parser.parse(["launches"]).command == .launches(pageSize: nil, after: nil, all: false))
        #expect(try parser.parse(["launches", "--page-size", "5", "--after=abc", "--all"]).command
            == .launches(pageSize: 5, after: "abc", all: true))
        #expect(try parser.parse(["details", "--force-reload", "7"]).command == .details(launchID: "7", forceReload: true))
        #expect(try parser.parse(["book", "7"]).command == .book(launchID: "7"))
        #expect(try parser.parse(["cancel", "7"]).command == .cancel(launchID: "7"))
        #expect(try parser.parse(["trips", "--timeout", "2.5"]) == Invocation(command: .trips, options: GlobalOptions(timeout: 2.5)))
    }

    @Test func cacertIsAGlobalOptionWithAValue() throws {
        let separate = try parser.parse(["--cacert", "/tmp/ca.pem", "trips"])
        let inline = try parser.parse(["trips", "--cacert=/tmp/ca.pem"])
        #expect(separate == inline)
        #expect(separate.options == GlobalOptions(caCertificates: "/tmp/ca.pem"))
        #expect(throws: UsageError.self) { try parser.parse(["trips", "--cacert"]) }
    }

    @Test func helpAndVersion() throws {
        #expect(try parser.parse(["--help"]).command == .help(nil))
        #expect(try parser.parse(["-h"]).command == .help(nil))
        #expect(try parser.parse(["book", "--help"]).command == .help(.book))
        #expect(try parser.parse(["help", "details"]).command == .help(.details))
        #expect(try parser.parse(["--version"]).command == .version)
    }

    @Test(arguments: [
        ["fly"],
        ["--frobnicate", "launches"],
        ["launches", "--force-reload"],
        ["details"],
        ["details", "1", "2"],
        ["logout", "now"],
        ["launches", "--page-size", "many"],
        ["launches", "--page-size"],
        ["--endpoint"],
        ["--timeout", "0", "trips"],
        ["--timeout", "soon", "trips"],
        ["--timeout", "nan", "trips"],
        ["--json=yes", "trips"],
        ["login", String(repeating: "a", count: 100_000)],
    ])
    func rejectsMalformedCommandLines(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try parser.parse(arguments) }
    }

    @Test func messagesNeverEchoControlCharactersOrHugeText() {
        do {
            _ = try parser.parse(["fly\u{1B}[31m" + String(repeating: "x", count: 500)])
            Issue.record("expected a usage error")
        } catch {
            #expect(!error.message.contains("\u{1B}"))
            #expect(error.message.count < 100)
        }
    }
}

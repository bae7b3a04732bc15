import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `launches --all` against a server whose cursor changes on every page and which always has
/// more: the walk stops at the page bound (1,000, or `--max-pages N`) with exit 76, and Ctrl-C
/// ends it at once.
@Suite("Paging bound", .timeLimit(.minutes(5)))
struct PagingBoundTests {
    /// Every page has one launch, a new cursor (the previous one plus one) and `hasMore: true`.
    static let endlessPages = FaultServerBehaviour.decide { request in
        let previous = (request.graphQLVariables["cursor"] as? String).flatMap { Int($0) } ?? 0
        let id = previous + 1
        return .json(#"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"\#(id)","hasMore":true,"launches":["#
            + #"{"__typename":"Launch","id":"\#(id)","site":"S","mission":{"__typename":"Mission","name":"M","missionPatch":null}}]}}}"#)
    }

    @Test(arguments: [1, 5, 37])
    func maxPagesBoundsTheWalk(_ pages: Int) async throws {
        let session = try await FaultSession()
        session.server.behaviour = Self.endlessPages
        let result = try await session.run(["launches", "--all", "--max-pages", String(pages)])
        #expect(result.status == 76, "\(result.stderr)")
        // Rows are printed as their pages arrive: the pages before the bound are there, whole.
        #expect(result.stdout.split(separator: "\n").count == pages + 1, "\(result.stdout)")
        FaultExpectations.expectPlainMessage(result.stderr)
        #expect(result.stderr.contains("after \(pages) page"), "\(result.stderr)")
        #expect(result.stderr.contains("--max-pages"))
        #expect(session.server.requestCount == pages)
    }

    /// Also: `--timeout` bounds each page's request, not the walk (1,000 pages take far longer
    /// than three seconds here, and the walk still reaches its bound instead of timing out; a
    /// tighter limit would let one page delayed by a loaded machine fail the test).
    @Test func theDefaultBoundIsAThousandPages() async throws {
        let session = try await FaultSession()
        session.server.behaviour = Self.endlessPages
        let result = try await session.run(["launches", "--all", "--json", "--timeout", "3"], deadline: 120)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("after 1000 pages"), "\(result.stderr)")
        #expect(session.server.requestCount == 1_000)
    }

    @Test(arguments: ["0", "-3", "x", "1.5", "1000001", ""])
    func aBadMaxPagesIsAUsageError(_ value: String) async throws {
        let session = try await FaultSession()
        let result = try await session.run(["launches", "--all", "--max-pages", value])
        #expect(result.status == 64, "\(value): \(result.stderr)")
        #expect(session.server.requestCount == 0)
    }

    @Test func maxPagesWithoutAllIsAUsageError() async throws {
        let session = try await FaultSession()
        let result = try await session.run(["launches", "--max-pages", "3"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(session.server.requestCount == 0)
    }

    @Test func ctrlCEndsAFastWalkAtOnce() async throws {
        let session = try await FaultSession()
        session.server.behaviour = Self.endlessPages
        let (process, exit) = try await session.launch(["--endpoint", session.server.endpoint, "launches", "--all", "--max-pages", "1000000"])
        defer { if process.isRunning { process.terminate() } }

        #expect(await session.server.waitForRequests(20, timeout: 30), "the walk never got going")
        let interrupted = ContinuousClock.now
        process.signal(SIGINT)
        let ended = await exit.wait()
        let elapsed = ended - interrupted
        let pagesAtExit = session.server.requestCount
        // Ignored, Ctrl-C would leave the walk fetching up to a million pages.
        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end after Ctrl-C")
        let endedBySIGINT = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        #expect(endedBySIGINT || process.terminationStatus == 130)
        #expect(session.server.requestCount == pagesAtExit, "pages were still fetched after the process ended")
    }
}

// compare-async-http-client: the client comparison over AsyncHTTPClient's shared client (its
// defaults: NIO's singleton event loops, one a core, eight HTTP/1.1 connections per host).
// See Docs/Performance.md.
import AsyncHTTPClient
import ComparisonHarness
import Foundation

exit(await ComparisonRun.main(contender: "AsyncHTTPClient") { AsyncHTTPClientSession(client: HTTPClient.shared) })

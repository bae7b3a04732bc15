// compare-socket-session: the client comparison over this project's SocketHTTPSession (defaults:
// eight kept-alive connections per origin). See ComparisonRun and Docs/Performance.md.
import ComparisonHarness
import Foundation
import SocketTransport

exit(await ComparisonRun.main(contender: "SocketHTTPSession") { SocketHTTPSession() })

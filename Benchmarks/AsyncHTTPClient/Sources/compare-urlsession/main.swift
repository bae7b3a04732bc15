// compare-urlsession: the client comparison over URLSession (FoundationNetworking, libcurl on
// Linux), through GraphQLURLSession's conformance to the seam. Eight connections per host, as
// the other contenders have. See Docs/Performance.md.
import ComparisonHarness
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLURLSession

exit(await ComparisonRun.main(contender: "URLSession") {
    let configuration = URLSessionConfiguration.default
    configuration.httpMaximumConnectionsPerHost = 8
    return URLSession(configuration: configuration)
})

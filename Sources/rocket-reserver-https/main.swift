// The HTTPS helper of `rocket-reserver`: reads one framed request (URL, method, headers with
// any credential, body, timeout) from stdin, performs it with URLSession, writes the framed
// answer or transport failure to stdout and exits. Nothing secret is ever taken from argv or
// printed elsewhere; see HelperProcessSession in GraphQLClient.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLClient
import GraphQLURLSession

let input = FileHandle.standardInput.readDataToEndOfFile()
guard let request = try? HelperFrame.decodeRequest(input) else {
    exit(2)
}
let result: Result<HTTPResponse, HTTPTransportError>
do {
    let session = URLSession(configuration: .ephemeral)
    result = .success(try await session.send(request))
} catch let error as HTTPTransportError {
    result = .failure(error)
} catch {
    result = .failure(HTTPTransportError(.other(code: -1)))
}
FileHandle.standardOutput.write(HelperFrame.encode(result))
exit(0)

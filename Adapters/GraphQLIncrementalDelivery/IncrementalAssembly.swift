#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import GraphQLDocuments
import JSON
import Synchronization
import Transport

/// One answer of ``IncrementalFetchInterceptor`` as its pieces arrive: a `multipart/mixed`
/// body split into parts, merged, checked and handed on; any other body kept whole.
///
/// Pieces arrive one after another (the transport awaits each hand-over), so the lock only
/// guards the state between them; nothing is awaited while it is held.
final class IncrementalAssembly: Sendable {
    private struct State {
        var head: HTTPResponse?
        var reader: MultipartMixedReader?
        var buffered = Data()
        var response: IncrementalResponse?
    }

    private let request: GraphQLRequest
    private let state = Mutex(State())

    init(request: GraphQLRequest) {
        self.request = request
    }

    /// Takes the next piece, handing on the parts it completed.
    func take(_ piece: HTTPStreamPiece) async throws {
        switch piece {
        case .head(let head):
            state.withLock { state in
                state.head = head
                let contentType = head.headers.first { $0.key.lowercased() == "content-type" }?.value
                if (200..<300).contains(head.statusCode), let contentType { state.reader = MultipartMixedReader(contentType: contentType) }
            }
        case .body(let bytes):
            let payloads = try state.withLock { state throws -> [Data] in
                guard var reader = state.reader else {
                    state.buffered.append(bytes)
                    return []
                }
                defer { state.reader = reader }
                do throws(MultipartMixedReader.Failure) { return try reader.feed(bytes) } catch { throw failure(error) }
            }
            for payload in payloads { try await deliver(payload) }
        }
    }

    /// The whole answer once the body ended: the merged payload as one JSON answer, or the
    /// body as it came when it was not `multipart/mixed`.
    func finish() throws -> HTTPResponse {
        try state.withLock { state in
            guard let head = state.head else { throw HTTPTransportError(.connectionLost) }
            guard let reader = state.reader else { return HTTPResponse(statusCode: head.statusCode, headers: head.headers, body: state.buffered) }
            do throws(MultipartMixedReader.Failure) { try reader.finish() } catch { throw failure(error) }
            guard let response = state.response else { throw shapeError("the multipart answer held no part") }
            var body: [String: JSONValue] = ["data": response.data.map(JSONValue.object) ?? .null]
            if !response.errors.isEmpty { body["errors"] = .array(response.errors.map(Self.json)) }
            return HTTPResponse(statusCode: head.statusCode, headers: ["Content-Type": "application/json"], body: JSONWriter.data(.object(body)))
        }
    }

    /// Merges one part's payload and hands the answer so far on.
    private func deliver(_ payload: Data) async throws {
        let json: JSONValue
        do { json = try JSONParser.parse(payload) } catch { throw shapeError("a part of the multipart answer is not JSON") }
        // An empty object is a heartbeat.
        if case .object(let members) = json, members.isEmpty { return }
        let part = try state.withLock { state throws -> GraphQLIncrementalPart in
            do throws(IncrementalResponse.Failure) {
                guard var response = state.response else {
                    let initial = try IncrementalResponse(initial: json)
                    state.response = initial
                    return GraphQLIncrementalPart(data: initial.data, errors: initial.errors, hasNext: initial.hasNext)
                }
                let before = response.errors.count
                let delivered = try response.apply(json)
                state.response = response
                return GraphQLIncrementalPart(
                    data: response.data, errors: Array(response.errors.dropFirst(before)),
                    deliveries: delivered.map { GraphQLIncrementalPart.Delivery(path: $0.path, label: $0.label) }, hasNext: response.hasNext
                )
            } catch {
                throw shapeError(Self.reason(error))
            }
        }
        if let data = part.data {
            if let problem = ResponseShape.problem(in: data, selections: request.operation.selections, variables: request.variables) {
                throw shapeError(problem)
            }
            try request.validate?(data)
        }
        try await request.incrementalParts?(part)
    }

    private func failure(_ error: MultipartMixedReader.Failure) -> any Error {
        switch error {
        case .truncated: HTTPTransportError(.connectionLost)
        case .partTooLarge(let limit): HTTPTransportError(.responseTooLarge(limit: limit))
        }
    }

    private func shapeError(_ reason: String) -> GraphQLClientError {
        GraphQLClientError(operationName: request.operation.name, kind: .unexpectedShape(reason))
    }

    private static func reason(_ error: IncrementalResponse.Failure) -> String {
        switch error {
        case .unexpectedShape(let reason): reason
        }
    }

    /// An error as the answer's `errors` holds it.
    private static func json(_ error: GraphQLError) -> JSONValue {
        var object: [String: JSONValue] = ["message": .string(error.message)]
        if !error.path.isEmpty { object["path"] = .array(error.path.map(JSONValue.string)) }
        if let code = error.code { object["extensions"] = ["code": .string(code)] }
        return .object(object)
    }
}

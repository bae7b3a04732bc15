import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Routes `/graphql` to a `GraphQLService` over Hummingbird.
enum HTTPRouter {
    /// The largest request body accepted (1 MiB); larger bodies get 413.
    static let maximumBodySize = 1 << 20

    /// A router serving `GET`/`POST` (and answering 405 to other methods) on `/graphql`.
    static func make(service: GraphQLService) -> Router<BasicRequestContext> {
        let router = Router()
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] {
            router.on("graphql", method: method) { request, _ in
                try await respond(to: request, service: service)
            }
        }
        return router
    }

    private static func respond(to request: Request, service: GraphQLService) async throws -> Response {
        var body: Data?
        if request.method == .post {
            let buffer = try await request.body.collect(upTo: maximumBodySize)
            body = Data(buffer.readableBytesView)
        }
        let answer = await service.handle(
            GraphQLHTTPRequest(
                method: request.method.rawValue,
                query: request.uri.query,
                body: body,
                authorization: request.headers[.authorization],
                accept: request.headers[values: .accept].isEmpty ? nil : request.headers[values: .accept].joined(separator: ", "),
                contentType: request.headers[.contentType]
            )
        )
        var headers: HTTPFields = [.contentType: answer.mediaType.contentType]
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) {
                headers[field] = value
            }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }
}

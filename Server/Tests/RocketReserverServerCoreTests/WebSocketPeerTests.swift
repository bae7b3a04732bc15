import Foundation
import RocketReserverServerCore
import Testing

/// The WebSocket endpoint over real sockets, driven by third-party Python clients: gql's
/// websockets transport (both subprotocols, as an app would use them) and the `websockets`
/// library for the handshake and the close codes. `Scripts/test` installs both into
/// `Benchmarks/.venv` (`pip install 'gql[aiohttp,websockets]'`); without them these tests are
/// skipped with that note.
@Suite("WebSocket peers", .timeLimit(.minutes(2)))
struct WebSocketPeerTests {
    static let python: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let fromGQL = ProcessInfo.processInfo.environment["ROCKET_RESERVER_GQL_CLI"].flatMap { $0.isEmpty ? nil : $0 }
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        let bin = fromGQL ?? root.appendingPathComponent("Benchmarks/.venv/bin")
        let python = bin.appendingPathComponent("python").path
        let lib = bin.deletingLastPathComponent().appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        let hasPeers = versions.contains { version in
            ["websockets", "gql"].allSatisfy {
                FileManager.default.fileExists(atPath: lib.appendingPathComponent("\(version)/site-packages/\($0)/__init__.py").path)
            }
        }
        return hasPeers && FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }()

    static let note = "Python gql and websockets are not installed: Scripts/test installs them into Benchmarks/.venv with pip (python3 -m venv; pip install 'gql[aiohttp,websockets]')"

    /// gql subscribes, prints `count` results as JSON lines, and exits.
    static let gqlSubscriber = """
        import asyncio, json, sys
        from gql import Client, gql
        from gql.transport.websockets import WebsocketsTransport
        url, subprotocol, token, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
        async def main():
            transport = WebsocketsTransport(url=url, subprotocols=[subprotocol], init_payload={"authorization": token})
            async with Client(transport=transport) as session:
                seen = 0
                async for result in session.subscribe(gql("subscription TripsBooked { tripsBooked }")):
                    print(json.dumps(result), flush=True)
                    seen += 1
                    if seen == count:
                        break
            print(json.dumps({"subprotocol": transport.subprotocol}), flush=True)
        asyncio.run(main())
        """

    /// Raw handshakes and violations with the `websockets` library; prints one JSON object.
    static let rawProbe = """
        import json, sys
        from websockets.sync.client import connect
        from websockets.exceptions import ConnectionClosed
        url = sys.argv[1]
        out = {}
        def closed_code(ws, send):
            try:
                for message in send:
                    ws.send(message)
                while True:
                    ws.recv(timeout=10)
            except ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
        with connect(url, subprotocols=["chat"]) as ws:
            out["unknownSubprotocol"] = [ws.subprotocol, closed_code(ws, [])]
        with connect(url, subprotocols=["graphql-transport-ws", "graphql-ws"]) as ws:
            out["bothOffered"] = ws.subprotocol
            out["badJSON"] = closed_code(ws, ["{not json"])
        with connect(url, subprotocols=["graphql-ws", "graphql-transport-ws"]) as ws:
            out["legacyFirst"] = ws.subprotocol
            ws.send(json.dumps({"type": "connection_init", "payload": {}}))
            out["legacyHandshake"] = [json.loads(ws.recv(timeout=10))["type"], json.loads(ws.recv(timeout=10))["type"]]
            out["legacyOversized"] = closed_code(ws, ["x" * (70 * 1024)])
        with connect(url, subprotocols=["graphql-transport-ws"]) as ws:
            out["beforeAck"] = closed_code(ws, [json.dumps({"id": "1", "type": "subscribe", "payload": {"query": "subscription { tripsBooked }"}})])
        try:
            with connect(url.replace("/graphql", "/other"), subprotocols=["graphql-ws"]) as ws:
                out["otherPath"] = "upgraded"
        except Exception as error:
            out["otherPath"] = getattr(getattr(error, "response", None), "status_code", repr(error))
        print(json.dumps(out), flush=True)
        """

    @Test(.enabled(if: python != nil, Comment(rawValue: note)), arguments: WebSocketSubprotocol.allCases)
    func gqlSubscribesAndReceivesTheHostedServersValues(_ subprotocol: WebSocketSubprotocol) async throws {
        let python = try #require(Self.python)
        let server = try await RocketReserverServer.start(ServerConfiguration(port: 0))
        let hub = server.service.data.tripsBooked
        let token = try await Self.login(server, "gql-\(subprotocol.rawValue)@example.com")
        let wsURL = server.urlString.replacingOccurrences(of: "http://", with: "ws://")
        let subscriber = Task {
            try await ThirdPartyClientTests.run(python, ["-c", Self.gqlSubscriber, wsURL, subprotocol.rawValue, token, "2"], input: "")
        }
        await hub.waitForSubscribers(1)
        _ = try await Self.post(server, #"mutation { bookTrips(launchIds: ["1", "2"]) { success } }"#, token: token)
        _ = try await Self.post(server, #"mutation { cancelTrip(launchId: "2") { success } }"#, token: token)
        let result = try await subscriber.value
        #expect(result.status == 0, "python exited \(result.status): \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [#"{"tripsBooked": 2}"#, #"{"tripsBooked": -1}"#, #"{"subprotocol": "\#(subprotocol.rawValue)"}"#], "stderr: \(result.stderr)")
        // The client has gone: its subscription is freed.
        await hub.waitForSubscribers(0)
        try await server.stop()
    }

    @Test(.enabled(if: python != nil, Comment(rawValue: note)))
    func handshakesAndCloseCodesOverRealSockets() async throws {
        let python = try #require(Self.python)
        let server = try await RocketReserverServer.start(ServerConfiguration(port: 0))
        let wsURL = server.urlString.replacingOccurrences(of: "http://", with: "ws://")
        let result = try await ThirdPartyClientTests.run(python, ["-c", Self.rawProbe, wsURL], input: "")
        #expect(result.status == 0, "python exited \(result.status): \(result.stderr)")
        let probe = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((probe?["unknownSubprotocol"] as? [Any])?.last as? Int == 4406)
        #expect((probe?["unknownSubprotocol"] as? [Any])?.first is NSNull)
        #expect(probe?["bothOffered"] as? String == "graphql-transport-ws")
        #expect(probe?["badJSON"] as? Int == 4400)
        #expect(probe?["legacyFirst"] as? String == "graphql-ws")
        #expect(probe?["legacyHandshake"] as? [String] == ["connection_ack", "ka"])
        #expect(probe?["legacyOversized"] as? Int == 1009)
        #expect(probe?["beforeAck"] as? Int == 4401)
        // Another path is never upgraded: the handshake is refused with a client error.
        #expect((400..<500).contains(probe?["otherPath"] as? Int ?? 0), "otherPath: \(String(describing: probe?["otherPath"]))")
        await server.service.data.tripsBooked.waitForSubscribers(0)
        try await server.stop()
    }

    private static func login(_ server: RocketReserverServer, _ email: String) async throws -> String {
        let answer = try await post(server, #"mutation { login(email: "\#(email)") { token } }"#, token: nil)
        return try #require(JSONPath.string(answer, "data", "login", "token"))
    }

    private static func post(_ server: RocketReserverServer, _ query: String, token: String?) async throws -> Any? {
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        let response = await server.service.handle(GraphQLHTTPRequest(method: "POST", body: body, authorization: token))
        return response.json
    }
}

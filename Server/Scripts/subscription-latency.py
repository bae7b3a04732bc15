#!/usr/bin/env python3
"""Measures the reference server's tripsBooked subscription on loopback (numbers only).

Usage: subscription-latency.py URL [--subprotocol graphql-transport-ws|graphql-ws] [--count N] [--flood N]

One subscriber (the `websockets` library) and one HTTP/1.1 keep-alive client on 127.0.0.1:
- latency: N bookTrips mutations one after another; for each, the time from sending the
  mutation to receiving its `next`/`data` event, and from the mutation's answer to the event
  (negative when the event arrives first: the server publishes before it answers);
- flood: N mutations from 4 connections at once, then the events counted (none may be lost
  below the server's 1,024-event subscriber buffer, since the subscriber reads as they come).
Needs `pip install websockets`. Loopback only; bounded in count and time.
"""
import argparse, base64, http.client, json, statistics, threading, time, urllib.parse
from websockets.sync.client import connect


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--subprotocol", default="graphql-transport-ws")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--flood", type=int, default=2000)
    args = parser.parse_args()
    http_url = urllib.parse.urlparse(args.url)
    assert http_url.hostname in ("127.0.0.1", "::1", "localhost"), "loopback only"
    token = base64.b64encode(b"bench@example.com").decode()
    mutation = json.dumps({"query": 'mutation { bookTrips(launchIds: ["1"]) { success } }'})

    def post(connection):
        connection.request("POST", http_url.path, mutation, {"Content-Type": "application/json", "Authorization": token})
        response = connection.getresponse()
        response.read()
        return time.perf_counter()

    legacy = args.subprotocol == "graphql-ws"
    with connect(args.url.replace("http://", "ws://"), subprotocols=[args.subprotocol], max_size=2**20) as ws:
        ws.send(json.dumps({"type": "connection_init", "payload": {"authorization": token}}))
        assert json.loads(ws.recv(timeout=10))["type"] == "connection_ack"
        ws.send(json.dumps({"id": "1", "type": "start" if legacy else "subscribe", "payload": {"query": "subscription { tripsBooked }"}}))
        # A query's answer after the subscription proves it is registered.
        ws.send(json.dumps({"id": "q", "type": "start" if legacy else "subscribe", "payload": {"query": "{ totalTripsBooked }"}}))

        def next_event():
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message.get("id") == "1" and message["type"] in ("next", "data"):
                    return time.perf_counter()

        while json.loads(ws.recv(timeout=10)).get("type") != "complete":
            pass
        connection = http.client.HTTPConnection(http_url.hostname, http_url.port, timeout=30)
        from_send, from_answer = [], []
        for _ in range(args.count):
            sent = time.perf_counter()
            answered = post(connection)
            received = next_event()
            from_send.append((received - sent) * 1000)
            from_answer.append((received - answered) * 1000)
        print(f"{args.subprotocol}: {args.count} mutations, mutation sent -> event received: "
              f"p50 {statistics.median(from_send):.2f} ms, p99 {percentile(from_send, 0.99):.2f} ms")
        print(f"{args.subprotocol}: mutation answered -> event received: "
              f"p50 {statistics.median(from_answer):.2f} ms, p99 {percentile(from_answer, 0.99):.2f} ms")

        received = 0
        def flood(count):
            client = http.client.HTTPConnection(http_url.hostname, http_url.port, timeout=30)
            for _ in range(count):
                post(client)
        started = time.perf_counter()
        threads = [threading.Thread(target=flood, args=(args.flood // 4,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        expected = (args.flood // 4) * 4
        while received < expected:
            next_event()
            received += 1
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        print(f"{args.subprotocol}: flood of {expected} mutations from 4 connections: {received} events received "
              f"in {elapsed:.2f} s ({expected / elapsed:.0f} mutations and events a second)")


if __name__ == "__main__":
    main()

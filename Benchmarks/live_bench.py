"""Live data benchmarks (Docs/Performance.md, "Subscriptions (issue 19)"); numbers only, never asserted.

1. Latency: the reference server and `rocket-reserver watch --json` on loopback; for each of
   MUTATIONS bookings and cancellations sent over a keep-alive HTTP connection, the time from the
   mutation's answer (and from sending it) to the `watch` process printing the event, read from
   its standard output as it arrives.
2. Throughput: a flooding peer (Benchmarks/subscription_flood_peer.py, Python websockets) sends
   RATE events a second for SECONDS seconds to `rocket-reserver query FILE` with a subscription;
   every printed line is counted and checked in order (none lost), and the client's resident
   memory is sampled every half second.

    python3 Benchmarks/live_bench.py --client BIN --server BIN --python VENV_PYTHON
                                     [--mutations 200] [--rate 10000] [--seconds 10] [--markdown]
"""
import argparse
import base64
import http.client
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class LineReader:
    """Reads a pipe on a thread of its own; each line with the time it was read."""

    def __init__(self, pipe):
        self.lines = queue.Queue()
        self.count = 0
        thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        thread.start()

    def _read(self, pipe):
        pending = b""
        fd = pipe.fileno()
        while True:
            chunk = os.read(fd, 65536)
            now = time.perf_counter()
            if not chunk:
                self.lines.put((now, None))
                return
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for line in complete:
                self.count += 1
                self.lines.put((now, line))


def start_server(server):
    process = subprocess.Popen([server, "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = process.stdout.readline().decode().strip()
    if not line.startswith("listening on "):
        raise SystemExit(f"live_bench: the reference server did not start ({line!r})")
    return process, line[len("listening on "):]


def client_environment(home, endpoint):
    return {"PATH": "/usr/bin:/bin", "HOME": home, "ROCKET_RESERVER_HOME": home, "ROCKET_RESERVER_ENDPOINT": endpoint, "NO_COLOR": "1"}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def latency(client, server, mutations):
    server_process, endpoint = start_server(server)
    home = tempfile.mkdtemp(prefix="rocket-reserver-live-")
    watch = subprocess.Popen([client, "watch", "--json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=client_environment(home, endpoint))
    reader = LineReader(watch.stdout)
    host_port = endpoint.split("//", 1)[1].split("/", 1)[0]
    connection = http.client.HTTPConnection(host_port)
    token = base64.b64encode(b"live-bench@example.com").decode()

    def mutate(document):
        body = json.dumps({"query": document})
        sent = time.perf_counter()
        connection.request("POST", "/graphql", body=body, headers={"Content-Type": "application/json", "Authorization": token})
        answer = connection.getresponse().read()
        answered = time.perf_counter()
        if b'"success":true' not in answer:
            raise SystemExit(f"live_bench: the mutation failed: {answer[:200]!r}")
        return sent, answered

    book = 'mutation { bookTrips(launchIds: ["1"]) { success } }'
    cancel = 'mutation { cancelTrip(launchId: "1") { success } }'
    try:
        # Nothing says when `watch` has subscribed: book and cancel until an event prints.
        subscribed = False
        for attempt in range(60):
            mutate(book if attempt % 2 == 0 else cancel)
            try:
                reader.lines.get(timeout=1)
                subscribed = True
                break
            except queue.Empty:
                pass
        if not subscribed:
            raise SystemExit("live_bench: no event reached watch")
        booked = attempt % 2 == 0
        time.sleep(0.5)
        while not reader.lines.empty():
            reader.lines.get()
        from_answer, from_send, early, missing = [], [], 0, 0
        for _ in range(mutations):
            sent, answered = mutate(cancel if booked else book)
            booked = not booked
            try:
                printed, line = reader.lines.get(timeout=5)
            except queue.Empty:
                missing += 1
                continue
            if line is None:
                raise SystemExit("live_bench: watch ended")
            if printed < answered:
                early += 1
            from_answer.append(max(0.0, printed - answered) * 1000)
            from_send.append((printed - sent) * 1000)
    finally:
        watch.terminate()
        watch.wait()
        server_process.terminate()
        server_process.wait()
        subprocess.run(["rm", "-rf", home])
    return {
        "mutations": mutations, "missing": missing, "printedBeforeAnswer": early,
        "answerToPrinted": {"p50": percentile(from_answer, 0.5), "p99": percentile(from_answer, 0.99), "max": max(from_answer)},
        "sendToPrinted": {"p50": percentile(from_send, 0.5), "p99": percentile(from_send, 0.99), "max": max(from_send)},
    }


def resident_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_seconds(pid):
    """User plus system CPU time the process has used so far."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def throughput(client, python, rate, seconds):
    peer = subprocess.Popen(
        [python, os.path.join(ROOT, "Benchmarks/subscription_flood_peer.py"), "--rate", str(rate), "--seconds", str(seconds)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    line = peer.stdout.readline().decode().strip()
    if not line.startswith("listening on "):
        raise SystemExit(f"live_bench: the flood peer did not start ({line!r})")
    endpoint = line[len("listening on "):]
    home = tempfile.mkdtemp(prefix="rocket-reserver-flood-")
    schema = os.path.join(home, "schema.graphqls")
    document = os.path.join(home, "flood.graphql")
    with open(schema, "w") as file:
        file.write("type Query { hello: String }\ntype Subscription { tripsBooked: Int }\n")
    with open(document, "w") as file:
        file.write("subscription Flood { tripsBooked }\n")
    client_process = subprocess.Popen(
        [client, "query", document, "--schema", schema], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=client_environment(home, endpoint)
    )
    # Counted and checked in bulk on a thread of its own, so the reader is never what falls behind.
    counts = {"received": 0, "outOfOrder": 0, "first": None, "last": None}

    def count():
        expected, pending, fd = 1, b"", client_process.stdout.fileno()
        prefix = b'{"tripsBooked":'
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return
            now = time.perf_counter()
            if counts["first"] is None:
                counts["first"] = now
            counts["last"] = now
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                value = int(line[len(prefix):-1]) if line.startswith(prefix) else -1
                if value != expected:
                    counts["outOfOrder"] += 1
                expected = value + 1
            counts["received"] += len(lines)

    reader = threading.Thread(target=count, daemon=True)
    reader.start()
    samples = []
    cpu = None
    try:
        while client_process.poll() is None:
            if counts["first"] is not None:
                samples.append((time.perf_counter() - counts["first"], resident_kib(client_process.pid)))
                cpu = cpu_seconds(client_process.pid) or cpu
            time.sleep(0.25)
        status = client_process.wait()
        reader.join(10)
        errors = client_process.stderr.read().decode()
    finally:
        if client_process.poll() is None:
            client_process.terminate()
        peer.stdin.close()
        peer.wait()
        subprocess.run(["rm", "-rf", home])
    peer_note = next((line for line in peer.stderr.read().decode().splitlines() if line.startswith("sent ")), "the peer did not finish")
    received = counts["received"]
    samples = [(at, kib) for at, kib in samples if kib]
    elapsed = (counts["last"] - counts["first"]) if counts["first"] is not None else 0

    def at(seconds):
        later = [kib for when, kib in samples if when >= seconds]
        return later[0] if later else None

    return {
        "rate": rate, "seconds": seconds, "sent": int(rate * seconds), "peer": peer_note, "received": received,
        "lost": int(rate * seconds) - received, "outOfOrder": counts["outOfOrder"], "status": status, "stderr": errors.strip()[:300],
        "elapsed": elapsed, "receivedPerSecond": received / elapsed if elapsed else 0, "cpuSeconds": cpu,
        "rssKiB": {"first": samples[0][1] if samples else None, "at1s": at(1), "atHalf": at(seconds / 2), "last": samples[-1][1] if samples else None,
                   "max": max(kib for _, kib in samples) if samples else None},
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--python", required=True, help="a Python with websockets, for the flooding peer")
    parser.add_argument("--mutations", type=int, default=200)
    parser.add_argument("--rate", type=int, default=10000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--only", choices=["latency", "throughput"])
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--json-out")
    options = parser.parse_args()
    results = {}
    if options.only in (None, "latency"):
        results["latency"] = latency(options.client, options.server, options.mutations)
    if options.only in (None, "throughput"):
        results["throughput"] = throughput(options.client, options.python, options.rate, options.seconds)
    if options.json_out:
        with open(options.json_out, "w") as file:
            json.dump(results, file, indent=2)
    if "latency" in results:
        result = results["latency"]
        print(f"\nSubscriptions: mutation answered → event printed by `watch --json` ({result['mutations']} mutations, loopback)")
        print("| Measured | p50 ms | p99 ms | max ms |" if options.markdown else f"{'measured':34} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        if options.markdown:
            print("|---|---:|---:|---:|")
        for label, key in (("answer → printed", "answerToPrinted"), ("sent → printed", "sendToPrinted")):
            row = result[key]
            if options.markdown:
                print(f"| {label} | {row['p50']:.2f} | {row['p99']:.2f} | {row['max']:.2f} |")
            else:
                print(f"{label:34} {row['p50']:8.2f} {row['p99']:8.2f} {row['max']:8.2f}")
        print(f"events printed before the answer arrived: {result['printedBeforeAnswer']} (counted as 0 ms); missing: {result['missing']}")
    if "throughput" in results:
        result = results["throughput"]
        rss = result["rssKiB"]
        print(f"\nSubscriptions: {result['rate']:,} events/s for {result['seconds']:g} s into `query FILE` (graphql-transport-ws, loopback)")
        print(f"sent {result['sent']:,} ({result['peer']}); received {result['received']:,}; lost {result['lost']:,}; out of order {result['outOfOrder']}; "
              f"exit {result['status']}")
        print(f"received over {result['elapsed']:.2f} s = {result['receivedPerSecond']:,.0f} events/s; "
              f"client RSS at the first event {rss['first']} KiB, after 1 s {rss['at1s']} KiB, halfway {rss['atHalf']} KiB, "
              f"at the end {rss['last']} KiB, max {rss['max']} KiB")
        if result["cpuSeconds"] is not None and result["received"]:
            print(f"client CPU (user + system) {result['cpuSeconds']:.2f} s = {result['cpuSeconds'] / result['received'] * 1e6:.1f} µs an event")
        if result["stderr"]:
            print(f"client's standard error: {result['stderr']}")


if __name__ == "__main__":
    main()

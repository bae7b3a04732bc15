"""Wire protocol benchmarks of issue 30 (Docs/Performance.md, "@defer and persisted queries");
numbers only, never asserted.

defer: `rocket-reserver query FILE --json --incremental` against the Strawberry @defer peer
   (Tests/GraphQLIncrementalDeliveryTests/Peers/strawberry_defer_peer.py, Strawberry on
   graphql-core 3.3) whose deferred field resolves after DELAY ms; each run's standard output is
   read as it arrives, and the time from starting the process to its first line (the first part)
   and to its last line (the whole answer) is taken. The same query without @defer is run
   interleaved for comparison (one line: first part = whole). Every run asks the server
   (--force-reload) and validates against a schema file saved once (--schema: no introspection).
apq: bytes the client sends for one `details 25 --force-reload` against the reference server,
   counted by a loopback relay between them: the full document (--persisted-queries off), the
   first APQ run (hash, PersistedQueryNotFound, then hash + document), a later APQ run (hash
   only), and a later one with --get.

    python3 Benchmarks/protocol_bench.py --client BIN [--defer-python VENV_PYTHON] [--server BIN]
                                         [--runs 15] [--delay 200] [--only defer apq] [--markdown]
"""
import argparse
import os
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER = os.path.join(ROOT, "Tests/GraphQLIncrementalDeliveryTests/Peers/strawberry_defer_peer.py")
DEFERRED = 'query Deferred($delay: Int) { launch(id: "25", delayMs: $delay) { id site ... @defer { rocket { id name } } } }'
WHOLE = 'query Whole($delay: Int) { launch(id: "25", delayMs: $delay) { id site rocket { id name } } }'


def env_for(endpoint, home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROCKET_RESERVER_")}
    env.update({"ROCKET_RESERVER_ENDPOINT": endpoint, "ROCKET_RESERVER_HOME": home, "NO_COLOR": "1"})
    return env


def start(argv, prefix):
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = process.stdout.readline().decode().strip()
    if not line.startswith("listening on "):
        process.kill()
        raise SystemExit(f"protocol_bench: {prefix} did not start ({line!r})")
    return process, line[len("listening on "):]


def timed_lines(argv, env):
    """Runs argv; the milliseconds from its start to each line of its standard output, and its status."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    times, pending = [], b""
    fd = process.stdout.fileno()
    while True:
        chunk = os.read(fd, 65536)
        now = time.perf_counter()
        if not chunk:
            break
        pending += chunk
        times.extend((now - started) * 1000 for _ in range(pending.count(b"\n")))
        pending = pending.rsplit(b"\n", 1)[-1]
    errors = process.stderr.read().decode("utf-8", "replace").strip()
    status = process.wait()
    if status != 0 or not times:
        raise SystemExit(f"protocol_bench: {' '.join(argv[1:3])} failed with {status}: {errors.splitlines()[:1]}")
    return times


def defer_section(args, workdir):
    peer, endpoint = start([args.defer_python, "-W", "ignore", PEER], "the Strawberry @defer peer")
    try:
        env = env_for(endpoint, os.path.join(workdir, "defer-home"))
        schema = os.path.join(workdir, "defer.graphqls")
        subprocess.run([args.client, "schema", "--output", schema], env=env, check=True, stdout=subprocess.DEVNULL)
        files = {}
        for name, text in (("deferred", DEFERRED), ("whole", WHOLE)):
            files[name] = os.path.join(workdir, f"{name}.graphql")
            with open(files[name], "w") as handle:
                handle.write(text)
        samples = {"deferred": ([], []), "whole": ([], [])}
        for index in range(args.runs + 2):
            for name, path in files.items():
                argv = [args.client, "query", path, "--json", "--incremental", "--force-reload", "--schema", schema, "--var", f"delay={args.delay}"]
                times = timed_lines(argv, env)
                if name == "deferred" and len(times) != 2:
                    raise SystemExit(f"protocol_bench: the deferred query printed {len(times)} lines, not 2")
                if index >= 2:  # two warm-up rounds
                    samples[name][0].append(times[0])
                    samples[name][1].append(times[-1])
    finally:
        peer.stdin.close()
        peer.wait(timeout=15)
    rows = [
        ("with @defer (2 parts)", statistics.median(samples["deferred"][0]), statistics.median(samples["deferred"][1])),
        ("without @defer (1 answer)", statistics.median(samples["whole"][0]), statistics.median(samples["whole"][1])),
    ]
    title = f"@defer: time to the first part and to the whole answer (rocket resolves after {args.delay} ms; medians of {args.runs}, from the process's start)"
    render(title, ["query", "first part", "whole answer"], [(r[0], f"{r[1]:.1f} ms", f"{r[2]:.1f} ms") for r in rows], args.markdown)


class CountingRelay:
    """A loopback TCP relay to `upstream` that counts the bytes clients send through it."""

    def __init__(self, upstream):
        self.upstream = upstream
        self.sent = 0
        self.lock = threading.Lock()
        self.pumps = []
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            client, _ = self.listener.accept()
            server = socket.create_connection(self.upstream)
            for source, target, counted in ((client, server, True), (server, client, False)):
                pump = threading.Thread(target=self._pump, args=(source, target, counted), daemon=True)
                with self.lock:
                    self.pumps.append(pump)
                pump.start()

    def _pump(self, source, target, counted):
        while True:
            data = source.recv(65536)
            if not data:
                break
            if counted:
                with self.lock:
                    self.sent += len(data)
            target.sendall(data)
        try:
            target.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def take(self):
        """The bytes sent since the last call, once every connection so far has ended."""
        with self.lock:
            pumps, self.pumps = self.pumps, []
        for pump in pumps:
            pump.join(timeout=30)
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


def apq_section(args, workdir):
    server, endpoint = start([args.server, "--host", "127.0.0.1", "--port", "0", "--state", os.path.join(workdir, "state.json")], "the reference server")
    try:
        host, port = endpoint.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)
        relay = CountingRelay((host, int(port)))
        env = env_for(f"http://127.0.0.1:{relay.port}/graphql", os.path.join(workdir, "apq-home"))
        details = [args.client, "details", "25", "--force-reload", "--json"]
        rows = []
        for label, extra in (
            ("full document (--persisted-queries off)", ["--persisted-queries", "off"]),
            ("APQ, first run (hash, not found, hash + document)", ["--persisted-queries", "auto"]),
            ("APQ, later runs (hash only)", ["--persisted-queries", "auto"]),
            ("APQ with --get, later runs (hash in the URL)", ["--persisted-queries", "auto", "--get"]),
        ):
            repeats = 1 if "first" in label else args.runs
            counts = []
            for _ in range(repeats):
                subprocess.run(details + extra, env=env, check=True, stdout=subprocess.DEVNULL)
                counts.append(relay.take())
            rows.append((label, statistics.median(counts)))
    finally:
        server.terminate()
        server.wait(timeout=15)
    full = rows[0][1]
    table = [(label, f"{count:.0f} B", f"{count / full:.2f}×") for label, count in rows]
    render("Bytes sent per `details 25 --force-reload` (request line, headers and body; through a counting loopback relay)",
           ["request", "bytes sent", "against the full document"], table, args.markdown)


def render(title, header, rows, markdown):
    if markdown:
        print(f"#### {title}\n")
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" for _ in header) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        print(title)
        widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            print("  " + "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)))
    print(f"(load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--client", required=True)
    parser.add_argument("--defer-python", help="a Python with strawberry-graphql, uvicorn and graphql-core 3.3 (Benchmarks/.venv-defer)")
    parser.add_argument("--server", help="the reference server, for apq")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--delay", type=int, default=200, help="milliseconds before the deferred field resolves")
    parser.add_argument("--only", nargs="*", choices=["defer", "apq"], default=["defer", "apq"])
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    print(f"(load average at the start {' '.join(f'{x:.2f}' for x in os.getloadavg())})\n")
    workdir = tempfile.mkdtemp(prefix="rocket-reserver-protocol-bench.")
    try:
        if "defer" in args.only:
            if args.defer_python:
                defer_section(args, workdir)
            else:
                print("defer: skipped (no --defer-python with Strawberry on graphql-core 3.3)\n")
        if "apq" in args.only:
            if args.server:
                apq_section(args, workdir)
            else:
                print("apq: skipped (no --server)\n")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()

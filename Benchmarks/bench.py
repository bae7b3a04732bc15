#!/usr/bin/env python3
"""External-process benchmarks of the rocket-reserver CLI against curl and gql-cli.

Starts the reference server (release build) on a free loopback port with a temporary --state,
sets up a private client home, logs in, warms what needs warming, then for every benchmark runs
the contenders interleaved (A, B, A, B, ...) so that drift on a shared machine hits them alike.
Wall time is time.perf_counter_ns() around each child process; peak memory is ru_maxrss from
os.wait4 (KiB on Linux; for a shell driver it is the largest of the shell and its children).

Numbers are printed, never asserted. Standard library only; builds nothing (Scripts/bench does).

    bench.py --client [NAME=]BIN [--client ...] --server BIN [--bench BIN] [--gql-cli BIN] [--runs 30] [--markdown]
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import marshal
import os
import platform
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCH_ID = "25"
EMAIL = "bench@example.com"

# The documents exactly as the client renders them (checked against `rocket-reserver-bench
# --print-documents` when --bench is given).
DOCUMENTS = {
    "LaunchDetails": "query LaunchDetails($launchId: ID!) { launch(id: $launchId) { __typename id site mission "
    "{ __typename name missionPatch(size: LARGE) } rocket { __typename id name type } isBooked } }",
    "LaunchList": "query LaunchList($pageSize: Int, $cursor: String) { launches(pageSize: $pageSize, after: $cursor) "
    "{ __typename cursor hasMore launches { __typename id site mission { __typename name missionPatch(size: SMALL) } } } }",
}


class Failure(Exception):
    pass


# ----------------------------------------------------------------------------- measuring


# The launcher: a minimal Python (-S -E; only built-in modules) that spawns each measured run and
# reports its wall time and ru_maxrss. ru_maxrss of a process is the largest RSS over its life,
# and on Linux exec() records the high-water mark of the memory it replaces: spawned straight
# from this (larger) script, every program would report at least this script's RSS (~20 MiB
# once urllib and json are loaded). Spawned from the launcher, a program's figure is exact
# whenever it exceeds the launcher's own (reported as the resolution, ~8 MiB).
LAUNCHER = r"""
import os, time, marshal
def read_exactly(n):
    data = b""
    while len(data) < n:
        chunk = os.read(0, n - len(data))
        if not chunk:
            return None
        data += chunk
    return data
def reply(value):
    blob = marshal.dumps(value)
    os.write(1, len(blob).to_bytes(4, "little") + blob)
def high_water_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0
reply(high_water_kib())
while True:
    header = read_exactly(4)
    if header is None:
        break
    argv, env, stdin_path, stderr_path = marshal.loads(read_exactly(int.from_bytes(header, "little")))
    fds = [os.open(stdin_path, os.O_RDONLY), os.open(os.devnull, os.O_WRONLY),
           os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    actions = [(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(fds)]
    start = time.perf_counter_ns()
    try:
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    except OSError as error:
        os.write(fds[2], ("cannot run " + argv[0] + ": " + str(error) + "\n").encode())
        for fd in fds:
            os.close(fd)
        reply((127, 0, 0, high_water_kib(), 0))
        continue
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter_ns() - start
    for fd in fds:
        os.close(fd)
    cpu = int((usage.ru_utime + usage.ru_stime) * 1e9)
    reply((os.waitstatus_to_exitcode(status), elapsed, usage.ru_maxrss, high_water_kib(), cpu))
"""


class Launcher:
    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-S", "-E", "-c", LAUNCHER],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={})
        self.high_water_kib = self._receive()

    def _receive(self):
        header = self.process.stdout.read(4)
        if len(header) != 4:
            raise Failure("the launcher stopped")
        return marshal.loads(self.process.stdout.read(int.from_bytes(header, "little")))

    def run(self, argv, env, stdin_path, stderr_path):
        """Returns (exit status, wall ns, max RSS KiB, CPU ns) of one run."""
        blob = marshal.dumps((list(argv), dict(env), stdin_path or os.devnull, stderr_path))
        self.process.stdin.write(len(blob).to_bytes(4, "little") + blob)
        self.process.stdin.flush()
        status, elapsed, maxrss, high_water, cpu = self._receive()
        self.high_water_kib = max(self.high_water_kib, high_water)
        return status, elapsed, maxrss, cpu

    def close(self):
        self.process.stdin.close()
        self.process.wait()


SPAWNER = None  # the Launcher, set in main()


class Contender:
    """One program under test: its argv, environment, optional stdin file, and its samples."""

    def __init__(self, name, argv, env, stdin_path=None):
        self.name = name
        self.argv = argv
        self.env = env
        self.stdin_path = stdin_path
        self.wall_ms = []
        self.rss_kib = []
        self.cpu_ms = []
        self.failures = 0
        self.first_error = None

    def run_once(self, workdir, record=True):
        """Runs the program once; returns its exit status. Output goes to /dev/null, stderr to a file."""
        err_path = os.path.join(workdir, "stderr.txt")
        status, elapsed, maxrss, cpu = SPAWNER.run(self.argv, self.env, self.stdin_path, err_path)
        if status != 0:
            self.failures += 1
            if self.first_error is None:
                with open(err_path, "rb") as err:
                    text = err.read().decode("utf-8", "replace").strip().splitlines()
                self.first_error = f"exit {status}: {text[0][:200] if text else '(no message)'}"
        elif record:
            self.wall_ms.append(elapsed / 1e6)
            self.rss_kib.append(maxrss)
            self.cpu_ms.append(cpu / 1e6)
        return status

    def median_ms(self):
        return statistics.median(self.wall_ms) if self.wall_ms else float("nan")

    def median_cpu_ms(self):
        return statistics.median(self.cpu_ms) if self.cpu_ms else float("nan")

    def p90_ms(self):
        return percentile(self.wall_ms, 90)

    def median_rss_mib(self):
        return statistics.median(self.rss_kib) / 1024 if self.rss_kib else float("nan")

    def max_rss_mib(self):
        return max(self.rss_kib) / 1024 if self.rss_kib else float("nan")


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * p // 100)))  # nearest rank, rounded up
    return ordered[int(rank) - 1]


def interleave(contenders, runs, workdir, warmups=2):
    """Runs each contender `warmups` times unrecorded, then A, B, C, A, B, C, ... `runs` times."""
    for _ in range(warmups):
        for contender in contenders:
            contender.run_once(workdir, record=False)
    for contender in contenders:
        contender.failures, contender.first_error = 0, None
    for _ in range(runs):
        for contender in contenders:
            contender.run_once(workdir)


# ----------------------------------------------------------------------------- set-up


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    uname = os.uname()
    return {
        "nproc": usable,
        "cpu": model,
        "kernel": f"{uname.sysname} {uname.release} {uname.machine}",
        "python": platform.python_version(),
        "loadavg_start": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def start_server(server, workdir):
    state = os.path.join(workdir, "server-state.json")
    log = open(os.path.join(workdir, "server.log"), "wb")
    process = subprocess.Popen(
        [server, "--host", "127.0.0.1", "--port", "0", "--state", state],
        stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    line = b""
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or process.poll() is not None:
            stop_server(process)
            raise Failure("the reference server did not start (see its log)")
        ready, _, _ = select.select([process.stdout], [], [], remaining)
        if ready:
            chunk = os.read(process.stdout.fileno(), 1)
            if not chunk:
                stop_server(process)
                raise Failure("the reference server closed its output before listening")
            line += chunk
    text = line.decode().strip()
    if not text.startswith("listening on "):
        stop_server(process)
        raise Failure(f"unexpected first line from the server: {text!r}")
    return process, text[len("listening on "):]


def settle_page_cache(binaries):
    """Evicts each client binary from the page cache (fsync, then POSIX_FADV_DONTNEED).

    A binary just written by the linker or `cp` sits in the page cache in large folios, and the
    kernel maps a whole folio on a page fault: the same build then shows ~1.3 MiB more peak RSS
    (and fewer page faults, so less CPU) than after its pages were dropped and read back by
    readahead, as they are for a binary installed earlier. Evicting every build first puts them
    all in that second state; the warm-up runs read them back.
    """
    evicted = []
    for binary in binaries:
        try:
            fd = os.open(binary, os.O_RDONLY)
            try:
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                evicted.append(os.path.basename(binary))
            finally:
                os.close(fd)
        except (OSError, AttributeError):
            pass
    return f"evicted from the page cache before the runs ({len(evicted)} of {len(binaries)})"


def stop_server(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def graphql(endpoint, body, token=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = token
    request = urllib.request.Request(endpoint, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def client_env(endpoint, home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROCKET_RESERVER_")}
    env.update({"ROCKET_RESERVER_ENDPOINT": endpoint, "ROCKET_RESERVER_HOME": home, "NO_COLOR": "1"})
    return env


def run_checked(argv, env, what):
    result = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise Failure(f"{what} failed with exit {result.returncode}: {message[0] if message else ''}")
    return result.stdout.decode("utf-8", "replace")


# ----------------------------------------------------------------------------- reporting


def fmt_ms(value):
    return "-" if value != value else (f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms")


def fmt_mib(value):
    return "-" if value != value else f"{value:.1f} MiB"


def render(title, header, rows, notes, markdown):
    out = []
    if markdown:
        out.append(f"#### {title}\n")
        out.append("| " + " | ".join(header) + " |")
        out.append("|" + "|".join("---" for _ in header) + "|")
        out.extend("| " + " | ".join(row) + " |" for row in rows)
        if notes:
            out.append("")
            out.extend(f"- {note}" for note in notes)
    else:
        widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
        line = lambda row: "  ".join(str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i]) for i, c in enumerate(row))
        out.append(f"== {title}")
        out.append(line(header))
        out.extend(line(row) for row in rows)
        out.extend(f"  * {note}" for note in notes)
    out.append("")
    return "\n".join(out)


def verdict(ok):
    return "met" if ok else "MISSED"


# ----------------------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--client", required=True, action="append", metavar="[NAME=]BIN",
                        help="a release rocket-reserver binary; repeat to compare builds side by side")
    parser.add_argument("--server", required=True, help="the release rocket-reserver-server binary")
    parser.add_argument("--bench", help="rocket-reserver-bench, to check the query texts against the client's")
    parser.add_argument("--gql-cli", help="gql-cli from the private venv (its column is skipped without it)")
    parser.add_argument("--gql-note", default="", help="why gql-cli is missing, printed when it is")
    parser.add_argument("--curl", default=shutil.which("curl"), help="curl (default: from PATH)")
    parser.add_argument("--runs", type=int, default=30, help="repetitions per contender (default 30)")
    parser.add_argument("--rss-runs", type=int, help="repetitions of the per-command memory walk (default: runs/3, at least 5)")
    parser.add_argument("--only", nargs="*", choices=["cached", "reload", "launches", "commands", "https", "pages", "floor", "walk", "breakdown"],
                        help="run only these")
    parser.add_argument("--floor", help="rocket-reserver-cache-floor (static build), for the cache hit's floor (skipped without it)")
    parser.add_argument("--tls-front", help="rocket-reserver-tls-front, for the https benchmark (skipped without it)")
    parser.add_argument("--cacert", default=os.path.join(HERE, "..", "Tests", "Fixtures", "TLS", "ca.pem"),
                        help="the test CA that signed the front's certificate")
    parser.add_argument("--markdown", action="store_true", help="emit Markdown tables (for Docs/Performance.md)")
    parser.add_argument("--json-out", help="also write every sample to this JSON file")
    parser.add_argument("--keep-page-cache", action="store_true",
                        help="do not evict the client binaries from the page cache first (see settle_page_cache)")
    args = parser.parse_args()
    only = set(args.only or ["cached", "reload", "launches", "commands", "https", "pages", "floor", "walk", "breakdown"])
    rss_runs = args.rss_runs or max(5, args.runs // 3)
    if not args.curl:
        print("note: curl is not installed; the curl columns are skipped", file=sys.stderr)

    documents = dict(DOCUMENTS)
    if args.bench:
        rendered = json.loads(run_checked([args.bench, "--print-documents"], os.environ.copy(), "rocket-reserver-bench --print-documents"))
        if rendered != documents:
            print("note: the client renders different query texts than bench.py's copy; using the client's", file=sys.stderr)
            documents = rendered

    info = machine()
    global SPAWNER
    SPAWNER = Launcher()
    workdir = tempfile.mkdtemp(prefix="rocket-reserver-bench.")
    server = None
    output = []
    samples = {}
    try:
        server, endpoint = start_server(args.server, workdir)
        home = os.path.join(workdir, "home")
        env = client_env(endpoint, home)
        clients = []
        for index, spec in enumerate(args.client):
            name, _, binary = spec.partition("=") if "=" in spec else (f"build {index + 1}", "", spec)
            clients.append((name, binary))
        client = clients[0][1]
        if not args.keep_page_cache:
            info["page_cache"] = settle_page_cache([binary for _, binary in clients])

        # Log in (the CLI stores its token) and fetch the same user's token for curl and gql-cli.
        run_checked([client, "login", EMAIL], env, "rocket-reserver login")
        answer = graphql(endpoint, {"operationName": "Login", "query": "mutation Login($email: String!) { login(email: $email) { token } }",
                                    "variables": {"email": EMAIL}})
        token = answer["data"]["login"]["token"]
        header_file = os.path.join(workdir, "auth-header")
        with os.fdopen(os.open(header_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(f"Authorization: {token}\n")
        details_body = os.path.join(workdir, "details.json")
        with open(details_body, "w") as f:
            json.dump({"operationName": "LaunchDetails", "query": documents["LaunchDetails"], "variables": {"launchId": LAUNCH_ID}}, f)
        details_query = os.path.join(workdir, "details.graphql")
        with open(details_query, "w") as f:
            f.write(documents["LaunchDetails"] + "\n")
        list_query = os.path.join(workdir, "list.graphql")
        with open(list_query, "w") as f:
            f.write(documents["LaunchList"])

        curl_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workdir}
        curl_details = None
        if args.curl:
            curl_details = [args.curl, "-sS", "--fail", "-X", "POST", "-H", "Content-Type: application/json",
                            "-H", "Accept: application/json", "-H", f"@{header_file}", "--data-binary", f"@{details_body}", endpoint]
        gql_cmd = None
        if args.gql_cli:
            # gql-cli takes headers only as arguments; the token is a throwaway test user's on a temporary server.
            gql_cmd = [args.gql_cli, endpoint, "--transport", "aiohttp", "-o", "LaunchDetails",
                       "-V", f'launchId:"{LAUNCH_ID}"', "-H", f"Authorization:{token}"]
        gql_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workdir}

        header = ["contender", "median wall", "p90 wall", "median max RSS", "ratio to curl", "target", ""]

        # Sanity: every contender answers LaunchDetails for the same launch.
        if curl_details:
            body = subprocess.run(curl_details, env=curl_env, stdout=subprocess.PIPE, check=True).stdout
            assert json.loads(body)["data"]["launch"]["id"] == LAUNCH_ID, "curl got no launch"

        def run_benchmark(key, title, client_args, target_text, target_ratio, extra=(), warm=None, note_lines=()):
            """Interleaves every build of the client with curl (and `extra` contenders)."""
            if warm:
                for _, binary in clients:
                    run_checked([binary] + warm, env, "warming")
            ours = [Contender(f"rocket-reserver {' '.join(client_args)} [{name}]", [binary] + client_args, env) for name, binary in clients]
            base = extra[0] if extra else None
            others = list(extra)
            interleave(ours + others, args.runs, workdir)
            rows, notes = [], list(note_lines)
            for x in ours:
                ratio = x.median_ms() / base.median_ms() if base else float("nan")
                rows.append([x.name, fmt_ms(x.median_ms()), fmt_ms(x.p90_ms()), fmt_mib(x.median_rss_mib()), f"{ratio:.2f}×",
                             target_text, verdict(ratio <= target_ratio) if target_ratio else ""])
            for x in others:
                ratio = x.median_ms() / base.median_ms() if base else float("nan")
                rows.append([x.name, fmt_ms(x.median_ms()), fmt_ms(x.p90_ms()), fmt_mib(x.median_rss_mib()), f"{ratio:.2f}×", "", ""])
            notes += old_build_notes(ours, clients, key == "reload")
            notes += failure_notes(ours + others)
            output.append(render(f"{title} ({args.runs} runs each, interleaved)", header, rows, notes, args.markdown))
            samples[key] = dump(ours + others)
            return ours, others

        # 1. details from the cache vs a curl POST.
        if "cached" in only:
            extra = [Contender("curl POST LaunchDetails", curl_details, curl_env)] if curl_details else []
            run_benchmark("cached", f"1. details {LAUNCH_ID} from the cache vs curl", ["details", LAUNCH_ID],
                          "≤ 0.60× curl (static)", 0.6, extra, warm=["details", LAUNCH_ID, "--force-reload"])

        # 13. The cache hit against the least work that can answer it (the floor program).
        if "floor" in only:
            if not args.floor:
                output.append("13. cache hit vs its floor: skipped (needs --floor)\n")
            else:
                output.append(floor_benchmark(args, clients, env, home, workdir, samples))

        # 2. details --force-reload vs curl vs gql-cli.
        if "reload" in only:
            extra = [Contender("curl POST LaunchDetails", curl_details, curl_env)] if curl_details else []
            notes = []
            gql = None
            if gql_cmd:
                gql = Contender("gql-cli (gql[aiohttp]) LaunchDetails", gql_cmd, gql_env, stdin_path=details_query)
                if gql.run_once(workdir, record=False) != 0:
                    notes.append(f"gql-cli column skipped: it failed ({gql.first_error})")
                    gql = None
                else:
                    extra.append(gql)
            else:
                notes.append(f"gql-cli column skipped: {args.gql_note or 'gql-cli is not available'}")
            ours, _ = run_benchmark("reload", f"2. details {LAUNCH_ID} --force-reload vs curl vs gql-cli",
                                    ["details", LAUNCH_ID, "--force-reload"], "≤ 0.85× curl", 0.85, extra, note_lines=notes)
            if gql and gql.wall_ms:
                for x in ours:
                    speedup = gql.median_ms() / x.median_ms()
                    output[-1] = output[-1].rstrip("\n") + ("\n- " if args.markdown else "\n  * ") + (
                        f"gql-cli ÷ {x.name}: {speedup:.1f}× (target ≥ 10×: {verdict(speedup >= 10)})") + "\n"

        # 3. launches --all vs the same pages with curl.
        if "launches" in only:
            extra, notes = [], []
            if args.curl:
                driver = [os.path.join(HERE, "curl-pages.sh"), args.curl, endpoint, header_file, list_query]
                check = subprocess.run(driver, env=dict(curl_env, COUNT_PAGES="1"), stdout=subprocess.PIPE, check=True)
                notes.append(f"the curl driver (bash, curl once a page) followed the cursor through {check.stdout.decode().strip()} pages")
                extra.append(Contender("bash driver: curl × pages", driver, curl_env))
            run_benchmark("launches", "3. launches --all vs curl following the cursor", ["launches", "--all"],
                          "(none given)", None, extra, note_lines=notes)

        # 7. https: details --force-reload (and from the cache) through a loopback TLS front, vs curl --cacert.
        if "https" in only:
            if not (args.tls_front and args.curl):
                output.append("7. https: skipped (needs --tls-front and curl)\n")
            else:
                output.append(https_benchmark(args, clients, endpoint, header_file, details_body, curl_env, home, workdir, samples))

        # 9. launches --all over https, 100 pages, vs a Python http.client keep-alive loop over TLS.
        if "pages" in only:
            if not args.tls_front:
                output.append("9. https pages: skipped (needs --tls-front)\n")
            else:
                output.append(https_pages_benchmark(args, clients, workdir, samples))

        # 14. launches --all --page-size 5 over https (the reference server's 22 pages) vs a Python
        # keep-alive loop timed inside its process.
        if "walk" in only:
            if not args.tls_front:
                output.append("14. https walk: skipped (needs --tls-front)\n")
            else:
                output.append(https_walk_benchmark(args, clients, endpoint, workdir, samples))

        # 15. Where the milliseconds of an https request go: perf stat, strace -c, a strace timeline.
        if "breakdown" in only:
            if not args.tls_front:
                output.append("15. breakdown: skipped (needs --tls-front)\n")
            else:
                output.append(breakdown(args, clients, endpoint, workdir))

        # 6. Peak memory (and wall time) of every command, walking the tutorial's flow.
        if "commands" in only:
            book_id = "107"
            steps = [
                ("logout", ["logout"]),
                ("login", ["login", EMAIL]),
                ("launches", ["launches"]),
                ("details --force-reload", ["details", book_id, "--force-reload"]),
                ("details (cached)", ["details", book_id]),
                ("book", ["book", book_id]),
                ("cancel", ["cancel", book_id]),
                ("trips", ["trips"]),
            ]
            walks = {name: [Contender(step, [binary] + argv, env) for step, argv in steps] for name, binary in clients}
            for _ in range(rss_runs + 1):
                for name, _ in clients:
                    for x in walks[name]:
                        x.run_once(workdir)
            rows, notes = [], []
            for name, _ in clients:
                worst = 0.0
                for x in walks[name]:
                    x.wall_ms, x.rss_kib = x.wall_ms[1:], x.rss_kib[1:]  # drop the first (warm-up) walk
                    worst = max(worst, x.max_rss_mib())
                    rows.append([f"{x.name} [{name}]", fmt_ms(x.median_ms()), fmt_ms(x.p90_ms()), fmt_mib(x.median_rss_mib()),
                                 fmt_mib(x.max_rss_mib()), "≤ 25 MiB", verdict(x.max_rss_mib() <= 25)])
                notes.append(f"[{name}] largest max RSS of any command: {worst:.1f} MiB")
                notes += failure_notes(walks[name])
            output.append(render(f"6. Peak memory of each CLI command ({rss_runs} walks: logout, login, launches, details ×2, book, cancel, trips)",
                                 ["command", "median wall", "p90 wall", "median max RSS", "max max RSS", "target", ""], rows, notes, args.markdown))
            samples["commands"] = {name: dump(walks[name]) for name, _ in clients}
    finally:
        if server is not None:
            stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)
        SPAWNER.close()

    info["loadavg_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    heading = (f"Machine: {info['nproc']} CPUs ({info['cpu']}), {info['kernel']}; load average {info['loadavg_start']} "
               f"at start, {info['loadavg_end']} at end. Wall: median and p90 of the runs. RSS: ru_maxrss of the process, "
               f"spawned from a launcher of {SPAWNER.high_water_kib / 1024:.1f} MiB (smaller values cannot be resolved). "
               f"Client binaries: {info.get('page_cache', 'left in the page cache as they were (--keep-page-cache)')}.")
    print(heading + "\n")
    print("\n".join(output))
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump({"machine": info, "runs": args.runs, "samples": samples}, f, indent=1)


def https_benchmark(args, clients, endpoint, header_file, details_body, curl_env, home, workdir, samples):
    """Section 7: the CLI against curl over TLS to the same loopback front, with CPU, RSS, ldd and strace."""
    with tls_front(args, endpoint) as (_, https):
        cacert = os.path.abspath(args.cacert)
        env = client_env(https, home)
        trust = ["--cacert", cacert]
        for _, binary in clients:
            run_checked([binary] + trust + ["login", EMAIL], env, "rocket-reserver login over https")
            run_checked([binary] + trust + ["details", LAUNCH_ID, "--force-reload"], env, "warming over https")
        curl = Contender("curl --cacert POST LaunchDetails", [args.curl, "-sS", "--fail", "--cacert", cacert, "-X", "POST",
                         "-H", "Content-Type: application/json", "-H", "Accept: application/json", "-H", f"@{header_file}",
                         "--data-binary", f"@{details_body}", https], curl_env)
        reload = [Contender(f"rocket-reserver details {LAUNCH_ID} --force-reload [{name}]",
                            [binary] + trust + ["details", LAUNCH_ID, "--force-reload"], env) for name, binary in clients]
        # The same command in a home whose session file's place holds a folder: nothing is ever
        # offered or kept there, so every run is a full handshake (what every run was before).
        full_home = os.path.join(workdir, "https-full-handshake")
        full_env = client_env(https, full_home)
        name, binary = clients[-1]
        run_checked([binary] + trust + ["login", EMAIL], full_env, "rocket-reserver login over https (full handshakes)")
        run_checked([binary] + trust + ["details", LAUNCH_ID, "--force-reload"], full_env, "warming over https (full handshakes)")
        for kept in glob.glob(os.path.join(full_home, "cache", "tls-session-*")):
            os.remove(kept)
            os.mkdir(kept)
        reload.append(Contender(f"rocket-reserver details {LAUNCH_ID} --force-reload, full handshake (no kept session) [{name}]",
                                [binary] + trust + ["details", LAUNCH_ID, "--force-reload"], full_env))
        cached = [Contender(f"rocket-reserver details {LAUNCH_ID} (cache hit) [{name}]",
                            [binary] + trust + ["details", LAUNCH_ID], env) for name, binary in clients]
        interleave(reload + cached + [curl], args.runs, workdir)
        header = ["contender", "median wall", "median CPU", "max RSS", "wall ÷ curl", "CPU ÷ curl", "targets", ""]
        rows, notes = [], []
        for x in reload + cached + [curl]:
            wall, cpu = x.median_ms() / curl.median_ms(), x.median_cpu_ms() / curl.median_cpu_ms()
            if x in reload and "full handshake" in x.name:
                target, ok = "", None
            elif x in reload:
                target, ok = "wall ≤ 0.8× (resumed session)", wall <= 0.8
            elif x in cached:
                target, ok = "wall ≤ 0.6×", wall <= 0.6
            else:
                target, ok = "", None
            rows.append([x.name, fmt_ms(x.median_ms()), fmt_ms(x.median_cpu_ms()), fmt_mib(x.max_rss_mib()),
                         f"{wall:.2f}×", f"{cpu:.2f}×", target, "" if ok is None else verdict(ok)])
        for name, binary in clients:
            libraries = subprocess.run(["ldd", binary], stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode()
            linked = [lib for lib in ("libcurl", "libssl", "libcrypto") if lib in libraries]
            notes.append(f"[{name}] ldd: {'links ' + ', '.join(linked) if linked else 'no libcurl, no libssl, no libcrypto'} (OpenSSL is dlopen'd for https only)")
            notes.append(f"[{name}] child processes started by one https request: {count_children([binary] + trust + ['details', LAUNCH_ID, '--force-reload'], env, workdir)}")
        notes.append("both contenders reach the reference server through the same TLS front (rocket-reserver-tls-front, TLS 1.3, test CA)")
        notes.append("every measured run of the CLI is a later process on a warm home: it resumes the TLS session the warm-up kept; curl does a full handshake each time")
        notes += old_build_notes(reload, clients, True)
        notes += failure_notes(reload + cached + [curl])
        samples["https"] = dump(reload + cached + [curl])
        return render(f"7. https: details {LAUNCH_ID} against a loopback TLS front vs curl --cacert ({args.runs} runs each, interleaved)",
                      header, rows, notes, args.markdown)


PAGES, PAGE_SIZE = 100, 5


def https_pages_benchmark(args, clients, workdir, samples):
    """Section 9: `launches --all` over https, 100 pages through a loopback TLS front, against a
    Python http.client loop over one keep-alive TLS connection that follows the same cursors
    (Benchmarks/cursor_walk.py), with the connections (TLS handshakes) the front saw for one run."""
    import cache_scale  # the dataset generator (it imports this module too)

    folder = os.path.join(workdir, "pages")
    os.makedirs(folder)
    data = os.path.join(folder, "launches.json")
    cache_scale.make_dataset(data, PAGES * PAGE_SIZE)
    server, endpoint = cache_scale.start_server(args.server, folder, data)
    try:
        with tls_front(args, endpoint) as (front, https):
            cacert = os.path.abspath(args.cacert)

            def handshakes():
                front.stdin.write(b"handshakes\n")
                front.stdin.flush()
                answer = front.stdout.readline().decode().split()
                return int(answer[1]) if len(answer) == 2 else -1

            walk = [sys.executable, "-E", "-s", os.path.join(HERE, "cursor_walk.py"), https, str(PAGE_SIZE), cacert]
            python = Contender("python http.client keep-alive loop over TLS", walk, {})
            ours = []
            for name, binary in clients:
                env = client_env(https, os.path.join(folder, f"home-{name}"))
                argv = [binary, "--cacert", cacert, "launches", "--all", "--page-size", str(PAGE_SIZE), "--max-pages", "1000", "--json"]
                run_checked(argv, env, f"warming launches --all over https [{name}]")
                ours.append(Contender(f"rocket-reserver launches --all [{name}]", argv, env))
            # One counted run of each: the pages it fetched and the handshakes (= connections) the front saw.
            counts = []
            pages = subprocess.run(walk, stdout=subprocess.PIPE, check=True).stdout.decode().strip()
            handshakes()
            for x in ours + [python]:
                handshakes()
                x.run_once(workdir, record=False)
                counts.append(f"{x.name}: {handshakes()}")
            interleave(ours + [python], args.runs, workdir)
            header = ["contender", "median wall", "p90 wall", "median CPU", "max RSS", "wall ÷ python loop", "CPU ÷ python loop", "target", ""]
            rows = []
            for x in ours + [python]:
                ratio = x.median_ms() / python.median_ms()
                target, ok = ("wall ≤ 1.0×", ratio <= 1.0) if x in ours else ("", None)
                rows.append([x.name, fmt_ms(x.median_ms()), fmt_ms(x.p90_ms()), fmt_ms(x.median_cpu_ms()), fmt_mib(x.max_rss_mib()),
                             f"{ratio:.2f}×", f"{x.median_cpu_ms() / python.median_cpu_ms():.2f}×", target, "" if ok is None else verdict(ok)])
            notes = [f"{pages} pages of {PAGE_SIZE} launches ({PAGES * PAGE_SIZE} launches on the server), each page after the last one's answer",
                     "TLS handshakes the front completed during one run (each is one connection to the server): " + "; ".join(counts)]
            notes += old_build_notes(ours, clients, False)
            notes += failure_notes(ours + [python])
            samples["pages"] = dump(ours + [python])
            return render(f"9. launches --all over https ({PAGES} pages, loopback TLS front) vs a Python keep-alive loop ({args.runs} runs each, interleaved)",
                          header, rows, notes, args.markdown)
    finally:
        stop_server(server)


def cache_database(home):
    """The cache database the CLI's home holds (the most recently changed one)."""
    files = glob.glob(os.path.join(home, "cache", "cache-*.sqlite"))
    if not files:
        raise Failure(f"no cache database in {home}")
    return max(files, key=os.path.getmtime)


def launch_keys(database):
    """The records `details LAUNCH_ID` reads: the query root, the launch, its mission and its rocket."""
    import sqlite3
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as connection:
        keys = [row[0] for row in connection.execute("SELECT key FROM records")]
        body = connection.execute("SELECT body FROM records WHERE key = ?", (f"Launch:{LAUNCH_ID}",)).fetchone()
    if body is None:
        raise Failure(f"Launch:{LAUNCH_ID} is not in the cache")
    wanted = ["QUERY_ROOT", f"Launch:{LAUNCH_ID}"]
    wanted += [k for k in keys if k.startswith(f"Launch:{LAUNCH_ID}.")]
    wanted += [k for k in keys if k.startswith("Rocket:") and k.encode() in body[0]]
    return [k for k in wanted if k in keys]


def floor_benchmark(args, clients, env, home, workdir, samples):
    """Section 13: `details LAUNCH_ID` from the cache against rocket-reserver-cache-floor reading the
    same records from the same database (both static builds when run by Scripts/bench)."""
    for _, binary in clients:
        run_checked([binary, "details", LAUNCH_ID, "--force-reload"], env, "warming the cache")
    database = cache_database(home)
    keys = launch_keys(database)
    floor = Contender(f"floor: dlopen libsqlite3, read {len(keys)} records, print", [args.floor, database] + keys, {})
    if floor.run_once(workdir, record=False) != 0:
        return f"13. cache hit vs its floor: skipped (the floor program failed: {floor.first_error})\n"
    ours = [Contender(f"rocket-reserver details {LAUNCH_ID} (cache hit) [{name}]", [binary, "details", LAUNCH_ID], env) for name, binary in clients]
    interleave(ours + [floor], args.runs, workdir)
    header = ["contender", "median wall", "p90 wall", "median CPU", "max RSS", "wall ÷ floor", "CPU ÷ floor", "target", ""]
    rows = []
    for x in ours + [floor]:
        ratio = x.median_ms() / floor.median_ms()
        target, ok = ("wall ≤ 1.3×", ratio <= 1.3) if x in ours else ("", None)
        rows.append([x.name, fmt_ms(x.median_ms()), fmt_ms(x.p90_ms()), fmt_ms(x.median_cpu_ms()), fmt_mib(x.max_rss_mib()),
                     f"{ratio:.2f}×", f"{x.median_cpu_ms() / floor.median_cpu_ms():.2f}×", target, "" if ok is None else verdict(ok)])
    notes = [f"the floor reads {', '.join(keys)} from the same database (SQLITE_OPEN_READONLY, one prepared statement) and writes them to stdout"]
    notes += failure_notes(ours + [floor])
    samples["floor"] = dump(ours + [floor])
    return render(f"13. details {LAUNCH_ID} from the cache vs its floor ({args.runs} runs each, interleaved)", header, rows, notes, args.markdown)


def https_walk_benchmark(args, clients, endpoint, workdir, samples):
    """Section 14: `launches --all --page-size 5` over https against the reference server's own
    launches (22 pages) vs cursor_walk.py, whose time is taken inside its process (no interpreter
    start): the CLI's whole process against the loop alone."""
    with tls_front(args, endpoint) as (_, https):
        cacert = os.path.abspath(args.cacert)
        walk = [sys.executable, "-E", "-s", os.path.join(HERE, "cursor_walk.py"), https, "5", cacert, "--time"]
        pages = subprocess.run(walk, stdout=subprocess.PIPE, check=True).stdout.decode().split()[0]
        ours = []
        for name, binary in clients:
            env = client_env(https, os.path.join(workdir, f"walk-home-{name}"))
            argv = [binary, "--cacert", cacert, "launches", "--all", "--page-size", "5", "--json"]
            run_checked(argv, env, f"warming launches --all over https [{name}]")
            ours.append(Contender(f"rocket-reserver launches --all --page-size 5 [{name}]", argv, env))
        inside = []
        for _ in range(2):
            for x in ours:
                x.run_once(workdir, record=False)
            subprocess.run(walk, stdout=subprocess.PIPE, check=True)
        for _ in range(args.runs):
            for x in ours:
                x.run_once(workdir)
            inside.append(float(subprocess.run(walk, stdout=subprocess.PIPE, check=True).stdout.decode().split()[1]))
        python = statistics.median(inside)
        header = ["contender", "median wall", "p90 wall", "median CPU", "max RSS", "wall ÷ python loop", "target", ""]
        rows = []
        for x in ours:
            ratio = x.median_ms() / python
            rows.append([x.name, fmt_ms(x.median_ms()), fmt_ms(x.p90_ms()), fmt_ms(x.median_cpu_ms()), fmt_mib(x.max_rss_mib()),
                         f"{ratio:.2f}×", "wall ≤ 1.0×", verdict(ratio <= 1.0)])
        rows.append(["python http.client keep-alive loop over TLS, timed inside its process", fmt_ms(python), fmt_ms(percentile(inside, 90)),
                     "", "", "1.00×", "", ""])
        notes = [f"{pages} pages of 5 launches (the reference server's own launches); the CLI is timed as a whole process on a warm home "
                 "(a later process: it resumes the kept TLS session), the Python loop from before its SSL context to its connection's close"]
        notes += failure_notes(ours)
        samples["walk"] = dict(dump(ours), python_inside_ms=inside)
        return render(f"14. launches --all --page-size 5 over https vs a Python keep-alive loop timed in-process ({args.runs} runs each, interleaved)",
                      header, rows, notes, args.markdown)


def breakdown(args, clients, endpoint, workdir):
    """Section 15: where the milliseconds of `details --force-reload` go, over https (a later
    process: resumed) and over http, from perf stat and strace; each tool is skipped with a note when missing."""
    lines = []
    name, binary = clients[-1]
    with tls_front(args, endpoint) as (_, https):
        cacert = os.path.abspath(args.cacert)
        home = os.path.join(workdir, "breakdown-home")
        cases = [("https, resumed", [binary, "--cacert", cacert, "details", LAUNCH_ID, "--force-reload"], client_env(https, home)),
                 ("http", [binary, "details", LAUNCH_ID, "--force-reload"], client_env(endpoint, home + "-http")),
                 ("http, cache hit", [binary, "details", LAUNCH_ID], client_env(endpoint, home + "-http"))]
        for _, argv, env in cases:
            run_checked(argv, env, "warming the breakdown")
        perf = shutil.which("perf")
        strace = shutil.which("strace")
        for label, argv, env in cases:
            if perf:
                result = subprocess.run([perf, "stat", "-r", "20", "-x", ",", "-e", "task-clock,page-faults,context-switches,instructions:u,instructions:k"] + argv,
                                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                values = {}
                for line in result.stderr.decode().splitlines():
                    fields = line.split(",")
                    if len(fields) > 2 and fields[2]:
                        values[fields[2]] = fields[0]
                summary = ", ".join(f"{key} {value}" for key, value in values.items())
                lines.append(f"[{name}] {label}: perf stat (20 runs, mean): {summary or result.stderr.decode().strip()[:200]}")
            if strace:
                trace = os.path.join(workdir, "strace-c.txt")
                subprocess.run([strace, "-f", "-c", "-o", trace] + argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                with open(trace) as f:
                    table = [x for x in f.read().splitlines() if x.strip() and not x.startswith("-")]
                # Rows: % time, seconds, usecs/call, calls, [errors,] syscall; sorted by time.
                total = next((x for x in table if x.rstrip().endswith("total")), "").split()
                rows = [x.split() for x in table[1:] if not x.rstrip().endswith("total") and len(x.split()) >= 5]
                top = [f"{row[-1]} ×{row[3]} ({float(row[1]) * 1000:.2f} ms)" for row in rows[:5]]
                lines.append(f"[{name}] {label}: strace -c: {total[3] if len(total) > 3 else '?'} system calls "
                             f"({float(total[1]) * 1000 if len(total) > 1 else float('nan'):.2f} ms in the kernel as strace counts it); most time in: {', '.join(top)}")
                lines.append(f"[{name}] {label}: timeline (strace -ttt, inflated by tracing): {timeline(strace, argv, env, workdir)}")
    if not perf:
        lines.append("perf is not installed: the perf stat lines are skipped (apt-get install linux-perf)")
    if not strace:
        lines.append("strace is not installed: the strace lines are skipped (apt-get install strace)")
    body = ("\n".join(f"- {x}" for x in lines) if args.markdown else "\n".join(f"  * {x}" for x in lines))
    return f"15. Where the milliseconds go: details {LAUNCH_ID} --force-reload [{name}]\n" + body + "\n"


def timeline(strace, argv, env, workdir):
    """Milestones of one run from strace's timestamps, in ms from execve: libraries opened, the
    database and credential read, the connection, the first and last bytes, the exit."""
    trace = os.path.join(workdir, "strace-t.txt")
    subprocess.run([strace, "-f", "-ttt", "-qq", "-o", trace, "-e", "trace=execve,openat,connect,sendto,write,recvfrom,read,exit_group"] + argv,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(trace) as f:
        events = []
        for line in f:
            parts = line.split(None, 2)
            if len(parts) == 3:
                try:
                    events.append((float(parts[1]), parts[2]))
                except ValueError:
                    pass
    if not events:
        return "no events"
    start = events[0][0]
    marks, seen = [], set()

    def mark(label, at):
        if label not in seen:
            seen.add(label)
            marks.append(f"{label} {1000 * (at - start):.1f}")

    socket_fd = None
    for at, text in events:
        if "libsqlite3" in text and "openat" in text:
            mark("libsqlite3", at)
        elif "libssl.so" in text and "openat" in text:
            mark("libssl", at)
        elif ".sqlite" in text and "openat" in text:
            mark("cache opened", at)
        elif "credentials" in text and "openat" in text:
            mark("login read", at)
        elif text.startswith("connect("):
            mark("connect", at)
            socket_fd = text[len("connect("):].split(",")[0]
        elif socket_fd and (text.startswith(f"write({socket_fd},") or text.startswith(f"sendto({socket_fd},")):
            mark("first byte sent", at)
        elif text.startswith("exit_group"):
            mark("exit", at)
    return "; ".join(marks) + " ms"


@contextlib.contextmanager
def tls_front(args, endpoint):
    """The loopback TLS front (rocket-reserver-tls-front) before the server at `endpoint`, for
    sections 7 and 9: yields the running front and its https endpoint, and ends it on the way out."""
    backend_port = endpoint.rsplit(":", 1)[1].split("/")[0]
    front = subprocess.Popen([args.tls_front, "--backend-port", backend_port], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        line = front.stdout.readline().decode().strip()
        if not line.startswith("listening on "):
            raise Failure(f"the TLS front did not start: {line!r}")
        yield front, line[len("listening on "):]
    finally:
        front.stdin.close()
        front.wait(timeout=15)


def old_build_notes(ours, clients, with_target):
    """Each build's median ÷ the build named `old` (a saved build of an earlier commit, --client old=BIN)."""
    names = [name for name, _ in clients]
    if "old" not in names or len(ours) != len(names):
        return []
    base = ours[names.index("old")]
    notes = []
    for name, x in zip(names, ours):
        if name == "old":
            continue
        ratio = x.median_ms() / base.median_ms()
        target = f" (target ≤ 1.05×: {verdict(ratio <= 1.05)})" if with_target else ""
        notes.append(f"[{name}] ÷ [old]: {ratio:.2f}× wall, {x.median_cpu_ms() / base.median_cpu_ms():.2f}× CPU{target}")
    return notes


def count_children(argv, env, workdir):
    """Processes (not threads) the command creates, counted with strace; 'unknown' without strace."""
    strace = shutil.which("strace")
    if not strace:
        return "unknown (strace is not installed)"
    trace = os.path.join(workdir, "strace.txt")
    subprocess.run([strace, "-f", "-qq", "-o", trace, "-e", "trace=execve,fork,vfork,clone,clone3"] + argv, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(trace) as f:
        lines = f.read().splitlines()
    spawned = [x for x in lines if ("clone" in x and "CLONE_THREAD" not in x and "resumed" not in x) or "fork(" in x]
    execs = [x for x in lines if "execve(" in x]
    return str(len(spawned) + max(0, len(execs) - 1))


def failure_notes(contenders):
    return [f"{x.name}: {x.failures} failed runs (first: {x.first_error})" for x in contenders if x.failures]


def dump(contenders):
    return {x.name: {"wall_ms": x.wall_ms, "cpu_ms": x.cpu_ms, "rss_kib": x.rss_kib, "failures": x.failures} for x in contenders}


if __name__ == "__main__":
    try:
        main()
    except Failure as error:
        print(f"bench.py: {error}", file=sys.stderr)
        sys.exit(1)

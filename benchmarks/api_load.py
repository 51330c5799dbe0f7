"""What a command costs under load, against the floor of a small authenticated read.

    python benchmarks/api_load.py [--matches 16] [--clients 8] [--workers 2] [--hands 20]
                                  [--floor-seconds 15] [--port 0] [--database-url postgres://…]
                                  [--database-name NAME] [--seed 1] [--json]

Starts ``make serve``'s server (gunicorn managing ``--workers`` uvicorn workers on
``config.asgi``) on a PostgreSQL database it creates and drops itself, with production's
settings plus a count of each request's queries (``benchmarks/api_load_settings.py``).
Then, in one run:

1. the floor: ``--clients`` clients send ``GET /api/v1/tokens`` (authenticated: the token's
   query, then the page's count and rows) back to back for ``--floor-seconds``;
2. the play workload: ``--matches`` matches of four HTTP players each, driven by the same
   number of clients. A client takes a match no other client holds, reads the view of a
   seat to act (``GET …/view``), passes or plays a random legal card with ``If-Match``
   (``POST …/pass`` or ``…/play``) and hands the match back, until each match has played
   ``--hands`` hands (their target score, the largest allowed, is out of reach in
   so few hands);
3. the floor again, to see how much the machine drifted;
4. ``manage.py verify_match`` over every match: each log replays to its snapshot.

It prints requests per second, p50, p99 and mean server CPU (``Cpu-Us``) per request
kind, the queries each kind ran (server-side counts), errors by status, the workload's
requests per second over the floor's, the CPU each phase cost per request in the server's
processes (all their threads: the event loop's too, which ``Cpu-Us`` does not see), the
database's backends and the client (read off Linux's ``/proc``), and the view's latency at
hand 1 and at hand ``--hands``. The clients are one
asyncio process on the same machine as the server, so their CPU counts against it too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, free ports, managed processes)

API = "/api/v1"
# Each answer's query count: benchmarks/api_load_settings.py (not imported here: it is the
# server's settings module) sets it.
QUERY_COUNT_HEADER = "Query-Count"
CPU_HEADER = "Cpu-Us"  # the request's server CPU time, microseconds


@dataclass
class Sample:
    kind: str
    status: int
    seconds: float
    queries: int | None
    cpu_us: int | None = None
    hand: int | None = None  # the view's hand number (views only)


@dataclass
class Recorder:
    samples: list[Sample] = field(default_factory=list)

    async def request(self, http: httpx.AsyncClient, kind: str, method: str, url: str,
                      token: str, **kwargs: Any) -> tuple[httpx.Response, Sample]:
        headers = {"Authorization": f"Bearer {token}", **kwargs.pop("headers", {})}
        started = time.perf_counter()
        response = await http.request(method, url, headers=headers, **kwargs)
        elapsed = time.perf_counter() - started
        count, cpu = response.headers.get(QUERY_COUNT_HEADER), response.headers.get(CPU_HEADER)
        sample = Sample(kind, response.status_code, elapsed, int(count) if count is not None else None,
                        int(cpu) if cpu is not None else None)
        self.samples.append(sample)
        return response, sample


@dataclass
class Table:
    """One match and its four players' tokens, by seat label; the version and seats to act
    as the last answer gave them."""

    id: str
    tokens: dict[str, str]
    version: int
    to_act: list[str]
    hand: int = 1


async def register(http: httpx.AsyncClient) -> str:
    response = await http.post(f"{API}/players", json={"username": f"load-{secrets.token_hex(6)}"})
    response.raise_for_status()
    return str(response.json()["token"])


async def set_up(http: httpx.AsyncClient, matches: int) -> list[Table]:
    """``matches`` matches, each of four new players: one creates it, three join."""
    tables = []
    for _ in range(matches):
        tokens = await asyncio.gather(*[register(http) for _ in range(4)])
        created = await http.post(
            f"{API}/matches", headers={"Authorization": f"Bearer {tokens[0]}"},
            json={"seats": [{"kind": "player"}] + [{"kind": "open"}] * 3,
                  "rules": {"target_score": 500}})
        created.raise_for_status()
        match_id = created.json()["id"]
        for token in tokens[1:]:  # one at a time: the seats go north, east, south, west
            joined = await http.post(f"{API}/matches/{match_id}/join", json={},
                                     headers={"Authorization": f"Bearer {token}"})
            joined.raise_for_status()
        view = await http.get(f"{API}/matches/{match_id}/view",
                              headers={"Authorization": f"Bearer {tokens[0]}"})
        view.raise_for_status()
        body = view.json()
        tables.append(Table(match_id, dict(zip(["north", "east", "south", "west"], tokens, strict=True)),
                            body["version"], body["to_act"]))
    return tables


async def floor(http: httpx.AsyncClient, tokens: list[str], clients: int, seconds: float,
                recorder: Recorder) -> float:
    """``clients`` clients reading ``GET /tokens`` for ``seconds``; returns the wall time."""
    deadline = time.perf_counter() + seconds

    async def client(token: str) -> None:
        while time.perf_counter() < deadline:
            await recorder.request(http, "floor", "GET", f"{API}/tokens", token)

    started = time.perf_counter()
    await asyncio.gather(*[client(tokens[i % len(tokens)]) for i in range(clients)])
    return time.perf_counter() - started


async def move(http: httpx.AsyncClient, table: Table, rng: random.Random,
               recorder: Recorder) -> None:
    """One seat to act reads its view and passes or plays; ``table`` takes the answer's
    version and seats to act."""
    seat = table.to_act[0]
    token = table.tokens[seat]
    view, sample = await recorder.request(http, "view", "GET", f"{API}/matches/{table.id}/view",
                                          token)
    view.raise_for_status()
    body = view.json()
    sample.hand = body["hand_number"]
    if_match = {"If-Match": f'"{body["version"]}"'}
    if body["status"] == "passing":
        cards = rng.sample(body["hand"], body["rules"]["pass_count"])
        answer, _ = await recorder.request(http, "pass", "POST", f"{API}/matches/{table.id}/pass",
                                        token, json={"cards": cards}, headers=if_match)
    else:
        card = rng.choice(body["legal_cards"])
        answer, _ = await recorder.request(http, "play", "POST", f"{API}/matches/{table.id}/play",
                                        token, json={"card": card}, headers=if_match)
    if answer.is_success:
        result = answer.json()
        table.version, table.to_act = result["version"], result["view"]["to_act"]
        table.hand = result["view"]["hand_number"]
    else:  # counted among the errors; read the table afresh and go on
        table.version, table.to_act = body["version"], body["to_act"]


async def workload(http: httpx.AsyncClient, tables: list[Table], clients: int, hands: int,
                   seed: int, recorder: Recorder) -> float:
    """``clients`` clients moving the tables until each has played ``hands`` hands; returns
    the wall time. A table is in one client's hands at a time (a queue), so no two moves
    race and every refusal is a real error."""
    queue: asyncio.Queue[Table] = asyncio.Queue()
    for table in tables:
        queue.put_nowait(table)
    remaining = len(tables)
    rng = random.Random(seed)

    async def client() -> None:
        nonlocal remaining
        while remaining:
            try:
                table = await asyncio.wait_for(queue.get(), timeout=0.5)
            except TimeoutError:
                continue
            await move(http, table, rng, recorder)
            if table.hand > hands or not table.to_act:
                remaining -= 1
            else:
                queue.put_nowait(table)

    started = time.perf_counter()
    await asyncio.gather(*[client() for _ in range(clients)])
    return time.perf_counter() - started


@dataclass
class Processes:
    """Where a phase's CPU goes (Linux ``/proc``): the server's processes (gunicorn's
    workers under ``server_pid``), the database's (PostgreSQL backends of ``database``) and
    this client's own."""

    server_pid: int
    database: str

    def cpu(self) -> dict[str, float]:
        """Cumulative CPU seconds by process id, with the group each belongs to."""
        tick = os.sysconf("SC_CLK_TCK")
        found: dict[str, float] = {"client": sum(os.times()[:2])}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if int(stat[1]) == self.server_pid:
                group = "server"
            elif command.startswith("postgres: ") and f" {self.database} " in command:
                group = "database"
            else:
                continue
            found[f"{group}:{entry.name}"] = (int(stat[11]) + int(stat[12])) / tick
        return found

    def spent(self, start: dict[str, float], end: dict[str, float], requests: int) -> dict[str, float]:
        """Milliseconds of CPU per request between ``start`` and ``end``, by group."""
        spent: Counter[str] = Counter()
        for key, seconds in end.items():
            spent[key.split(":")[0]] += seconds - start.get(key, 0.0)
        return {group: round(1000 * spent[group] / requests, 2)
                for group in ("server", "database", "client")}


def _ms(values: list[float], quantile: float) -> float:
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(quantile * len(ordered)))], 1)


def summary(samples: list[Sample], kinds: list[str], wall: float) -> dict[str, Any]:
    """Requests per second over ``wall`` and, per kind, p50/p99 (ms), the server's mean CPU
    time (ms) and queries."""
    chosen = [sample for sample in samples if sample.kind in kinds]
    by_kind: dict[str, Any] = {}
    for kind in kinds:
        of_kind = [sample for sample in chosen if sample.kind == kind]
        if not of_kind:
            continue
        queries = Counter(sample.queries for sample in of_kind)
        cpu = [sample.cpu_us for sample in of_kind if sample.cpu_us is not None]
        by_kind[kind] = {
            "requests": len(of_kind),
            "p50_ms": _ms([sample.seconds for sample in of_kind], 0.50),
            "p99_ms": _ms([sample.seconds for sample in of_kind], 0.99),
            "cpu_ms": round(statistics.mean(cpu) / 1000, 2) if cpu else None,
            "queries": {str(count): n for count, n in sorted(queries.items(), key=str)},
        }
    return {"requests": len(chosen), "seconds": round(wall, 1),
            "requests_per_s": round(len(chosen) / wall, 1), "kinds": by_kind,
            "errors": dict(Counter(str(s.status) for s in chosen if not 200 <= s.status < 300))}


def view_by_hand(samples: list[Sample], hands: list[int]) -> dict[str, float]:
    """p50 latency (ms) of the views read during each of ``hands``."""
    found = {}
    for hand in hands:
        seconds = [s.seconds for s in samples if s.kind == "view" and s.hand == hand]
        if seconds:
            found[f"view_p50_ms_hand_{hand}"] = round(1000 * statistics.median(seconds), 2)
    return found


def serve(env: dict[str, str], workers: int, port: int, log: Path) -> tuple[stack.ManagedProcess, str]:
    """``make serve``'s command line (gunicorn.conf.py)."""
    port = port or stack.free_port()
    web = stack.ManagedProcess("gunicorn", [
        str(stack.BIN / "gunicorn"), "config.asgi", "-c", "gunicorn.conf.py",
        "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
        "--log-level", "warning"], env, log).start()
    base_url = f"http://127.0.0.1:{port}"
    stack.wait_until(lambda: httpx.get(f"{base_url}/healthz", timeout=2).status_code == 200,
                     timeout=60, what="the server's /healthz", process=web)
    return web, base_url


async def measure(base_url: str, args: argparse.Namespace,
                  processes: Processes) -> tuple[dict[str, Any], list[str]]:
    limits = httpx.Limits(max_connections=args.clients + 8, max_keepalive_connections=args.clients + 8,
                          keepalive_expiry=1.0)  # below the server's keep-alive (gunicorn.conf.py)
    async with httpx.AsyncClient(base_url=base_url, timeout=httpx.Timeout(60), limits=limits) as http:
        tables = await set_up(http, args.matches)
        tokens = [token for table in tables for token in table.tokens.values()]
        before, during, after = Recorder(), Recorder(), Recorder()
        marks = [processes.cpu()]
        floor_before = await floor(http, tokens, args.clients, args.floor_seconds, before)
        marks.append(processes.cpu())
        played = await workload(http, tables, args.clients, args.hands, args.seed, during)
        marks.append(processes.cpu())
        floor_after = await floor(http, tokens, args.clients, args.floor_seconds, after)
        marks.append(processes.cpu())
    floors = [summary(before.samples, ["floor"], floor_before),
              summary(after.samples, ["floor"], floor_after)]
    floor_rps = statistics.mean(f["requests_per_s"] for f in floors)
    load = summary(during.samples, ["view", "pass", "play"], played)
    for part, recorder, start, end in [(floors[0], before, 0, 1), (load, during, 1, 2),
                                       (floors[1], after, 2, 3)]:
        part["cpu_ms_per_request"] = processes.spent(marks[start], marks[end],
                                                     len(recorder.samples))
    return {
        "matches": args.matches, "clients": args.clients, "workers": args.workers,
        "hands": args.hands,
        "floor_before": floors[0], "floor_after": floors[1],
        "workload": load,
        "ratio_to_floor": round(load["requests_per_s"] / floor_rps, 2),
        **view_by_hand(during.samples, [1, args.hands]),
    }, [table.id for table in tables]


def verify(env: dict[str, str], match_ids: list[str]) -> str:
    """``manage.py verify_match`` over ``match_ids``: how many replay to their snapshots."""
    done = stack.run_manage(["verify_match", *match_ids], env, timeout=600)
    ok = sum(1 for line in done.stdout.splitlines() if line.split(": ", 1)[-1].startswith("ok"))
    return f"{ok}/{len(match_ids)}"


def report(figures: dict[str, Any]) -> None:
    print(f"{figures['matches']} matches x {figures['hands']} hands, {figures['clients']} clients, "
          f"{figures['workers']} web workers")
    rows = [("floor (before)", figures["floor_before"]), ("floor (after)", figures["floor_after"]),
            ("play workload", figures["workload"])]
    print(f"{'':16} {'requests/s':>10} {'requests':>9}  errors")
    for name, part in rows:
        print(f"{name:16} {part['requests_per_s']:>10} {part['requests']:>9}  {part['errors'] or '-'}")
    print(f"ratio workload / floor: {figures['ratio_to_floor']}")
    print(f"{'CPU ms per request':19} {'server':>7} {'database':>9} {'client':>7}")
    for name, part in rows:
        cpu = part["cpu_ms_per_request"]
        print(f"{name:19} {cpu['server']:>7} {cpu['database']:>9} {cpu['client']:>7}")
    print(f"{'kind':8} {'requests':>9} {'p50 ms':>7} {'p99 ms':>7} {'cpu ms':>7}  queries (count: requests)")
    for name, part in [("floor", figures["floor_before"]["kinds"]["floor"]),
                       *figures["workload"]["kinds"].items()]:
        print(f"{name:8} {part['requests']:>9} {part['p50_ms']:>7} {part['p99_ms']:>7} "
              f"{part['cpu_ms']:>7}  {part['queries']}")
    views = {key: value for key, value in figures.items() if key.startswith("view_p50")}
    print("view p50 by hand (ms): " + ", ".join(f"{k.rsplit('_', 1)[1]}: {v}" for k, v in views.items()))
    print(f"verify_match: {figures['verified']} replay to their snapshots")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=16)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2, help="uvicorn workers (make serve's "
                        "default with PostgreSQL)")
    parser.add_argument("--hands", type=int, default=20, help="hands each match plays")
    parser.add_argument("--floor-seconds", type=float, default=15)
    parser.add_argument("--port", type=int, default=0, help="the server's (0: a free one)")
    parser.add_argument("--database-url", default=stack.DEFAULT_DATABASE_URL,
                        help="the PostgreSQL server to create the database on")
    parser.add_argument("--database-name", default=f"hearts_bench_api_load_{os.getpid()}")
    parser.add_argument("--seed", type=int, default=1, help="the random legal moves' seed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()

    database_url = stack.create_database(args.database_url, args.database_name)
    log = Path(f"/tmp/{args.database_name}.log")
    try:
        env = {**stack.service_env(database_url), "REDIS_URL": "",
               "DJANGO_SETTINGS_MODULE": "benchmarks.api_load_settings",
               "THROTTLE_ANON": "1000000/min", "THROTTLE_USER": "1000000/min"}
        stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
        web, base_url = serve(env, args.workers, args.port, log)
        try:
            processes = Processes(web.popen.pid, args.database_name)
            figures, match_ids = asyncio.run(measure(base_url, args, processes))
        finally:
            web.stop()
        figures["verified"] = verify(env, match_ids)
        report(figures)
        if args.json:
            print(json.dumps(figures), flush=True)
    finally:
        stack.drop_database(args.database_url, args.database_name)


if __name__ == "__main__":
    main()

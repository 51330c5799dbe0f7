"""How many waiting clients one web process holds, what each costs, and how fast a commit reaches them.

    python benchmarks/live.py [--clients 100 1000] [--mode stream|poll] [--notifier redis|postgresql]
                              [--sample 200] [--database-url postgres://…] [--redis-url redis://…]

Starts ``make serve``'s server (gunicorn, one uvicorn worker, ``config.asgi``) on a
PostgreSQL database of its own, creates one match per client (its creator north, three
open seats) and opens N clients at once, each waiting on its own match: the SSE stream
(``--mode stream``) or long polls of ``GET /events?wait=30`` (``--mode poll``). With
all N held, it measures the worker's resident memory against the same worker before
they connected, then lets a second player join ``--sample`` of the matches, one by one,
and times each ``seat_taken`` from the event's own time (written in the command's
transaction) to its arrival at that match's waiting client: commit, notification,
the waiting request's read and the network, together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import secrets
import signal
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, free ports, the server's command line)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def connections(port: int) -> int:
    """Established TCP connections to the server's ``port`` (IPv4 loopback): each client
    the server holds is one."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for row in rows
               if (fields := row.split())[3] == "01" and int(fields[1].split(":")[1], 16) == port)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


async def settled(pid: int, busy_below: float = 0.05, every: float = 0.5) -> None:
    """Until process ``pid`` uses less than ``busy_below`` of a core over ``every`` seconds:
    it has taken in every request sent and is waiting."""
    while True:
        before = cpu_seconds(pid)
        await asyncio.sleep(every)
        if cpu_seconds(pid) - before < busy_below * every:
            return


def worker_pid(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


class Waiter:
    """One client waiting on one match; ``arrived`` maps each seq it received to when."""

    def __init__(self, http: httpx.AsyncClient, match_id: str, token: str, version: int) -> None:
        self.http, self.match_id, self.version = http, match_id, version
        self.headers = {"Authorization": f"Bearer {token}"}
        self.ready = asyncio.Event()
        self.arrived: dict[int, tuple[float, str]] = {}  # seq -> (arrival epoch, event "at")
        self.errors: list[str] = []

    async def stream(self) -> None:
        url = f"/api/v1/matches/{self.match_id}/stream"
        headers = {**self.headers, "Accept": "text/event-stream"}
        async with self.http.stream("GET", url, headers=headers) as response:
            if response.status_code != 200:
                self.errors.append(f"stream {response.status_code}")
                self.ready.set()
                return
            message: dict[str, str] = {}
            async for line in response.aiter_lines():
                if line and not line.startswith(":"):
                    name, _, value = line.partition(": ")
                    message[name] = value
                elif not line and message:
                    if message["event"] == "view":
                        self.ready.set()
                    else:
                        data = json.loads(message["data"])
                        self.arrived[data["seq"]] = (time.time(), data["at"])
                    message = {}

    async def poll(self) -> None:
        url = f"/api/v1/matches/{self.match_id}/events"
        after = self.version
        while True:
            self.ready.set()  # sent; measure() then waits until the server holds its connection
            response = await self.http.get(url, headers=self.headers,
                                           params={"after": after, "wait": 30})
            if response.status_code != 200:
                self.errors.append(f"poll {response.status_code}")
                return
            now = time.time()
            for event in response.json()["events"]:
                self.arrived[event["seq"]] = (now, event["at"])
                after = event["seq"]


async def register(http: httpx.AsyncClient, prefix: str) -> str:
    response = await http.post("/api/v1/players", json={"username": f"{prefix}-{secrets.token_hex(5)}"})
    response.raise_for_status()
    return str(response.json()["token"])


async def measure(base_url: str, master: int, clients: int, mode: str, sample: int) -> dict[str, Any]:
    port = int(base_url.rsplit(":", 1)[1])
    # Idle connections are dropped after 1 s, before the server's 2 s keep-alive closes them
    # (a POST sent on a connection the server is closing fails, and is not retried).
    limits = httpx.Limits(max_connections=clients + 50, max_keepalive_connections=clients + 50,
                          keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=base_url, timeout=httpx.Timeout(60), limits=limits) as http:
        creator, joiner = await register(http, "creator"), await register(http, "joiner")
        auth = {"Authorization": f"Bearer {creator}"}
        seats = [{"kind": "player"}] + [{"kind": "open"}] * 3
        matches = []
        for start in range(0, clients, 50):  # creating 1,000 matches: 50 requests at a time
            created = await asyncio.gather(*[
                http.post("/api/v1/matches", json={"seats": seats}, headers=auth)
                for _ in range(start, min(start + 50, clients))])
            for response in created:
                response.raise_for_status()
                matches.append(response.json())
        await asyncio.sleep(3)  # the creating connections close (keep-alive) before the baseline
        worker = worker_pid(master)
        idle_rss, idle_threads = rss_kib(worker), threads(worker)

        waiters = [Waiter(http, m["id"], creator, m["version"]) for m in matches]
        opened = time.monotonic()
        tasks = [asyncio.ensure_future(w.stream() if mode == "stream" else w.poll()) for w in waiters]
        await asyncio.wait_for(asyncio.gather(*[w.ready.wait() for w in waiters]), timeout=300)
        # Held means connected and taken in: the server authenticates each request and reads
        # its match once before it waits (about 100 a second on this machine).
        while connections(port) < clients and time.monotonic() - opened < 120:
            await asyncio.sleep(0.1)
        if mode == "poll":  # a stream is ready at its first message; a poll sends none
            await settled(worker)
        all_held = time.monotonic() - opened
        await asyncio.sleep(2)
        waiting = sum(1 for task in tasks if not task.done())
        held_rss, held_threads, held = rss_kib(worker), threads(worker), connections(port)

        delays = []
        joins = {"Authorization": f"Bearer {joiner}"}
        for waiter in waiters[:sample]:
            response = await http.post(f"/api/v1/matches/{waiter.match_id}/join", json={}, headers=joins)
            response.raise_for_status()
            seq = waiter.version + 1
            deadline = time.monotonic() + 10
            while seq not in waiter.arrived and time.monotonic() < deadline:
                await asyncio.sleep(0.001)
            if seq in waiter.arrived:
                arrival, at = waiter.arrived[seq]
                delays.append(arrival - datetime.fromisoformat(at).timestamp())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    errors = [e for w in waiters for e in w.errors]
    delays.sort()
    return {
        "clients": clients, "mode": mode, "clients_waiting": waiting,
        "held": held,  # connections the server holds open
        "errors": len(errors),
        "seconds_to_hold_all": round(all_held, 1),
        "worker_rss_mib_idle": round(idle_rss / 1024, 1),
        "worker_rss_mib_held": round(held_rss / 1024, 1),
        "kib_per_waiting_client": round((held_rss - idle_rss) / clients, 1),
        "worker_threads_idle": idle_threads, "worker_threads_held": held_threads,
        "delivered": f"{len(delays)}/{min(sample, clients)}",
        "delay_ms_p50": round(1000 * statistics.median(delays), 1) if delays else None,
        "delay_ms_p99": round(1000 * delays[min(len(delays) - 1, int(0.99 * len(delays)))], 1)
        if delays else None,
    }


def serve(env: dict[str, str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = stack.free_port()
    server = subprocess.Popen(
        [str(stack.BIN / "gunicorn"), "config.asgi", "-c", "gunicorn.conf.py",
         "--bind", f"127.0.0.1:{port}", "--workers", "1", "--backlog", "4096",
         "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True)
    base_url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{base_url}/healthz", timeout=2).status_code == 200:
                return server, base_url
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"server not healthy; see {log}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--mode", choices=["stream", "poll"], default="stream")
    parser.add_argument("--notifier", choices=["redis", "postgresql"], default="redis")
    parser.add_argument("--sample", type=int, default=200, help="joins timed per run")
    parser.add_argument("--database-url", default=stack.DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server inherits it too

    name = f"hearts_bench_live_{os.getpid()}"
    database_url = stack.create_database(args.database_url, name)
    log = Path(f"/tmp/{name}.log")
    try:
        env = {**stack.service_env(database_url), "LIVE_NOTIFIER": args.notifier,
               "REDIS_URL": args.redis_url if args.notifier == "redis" else "",
               "THROTTLE_ANON": "1000000/min", "THROTTLE_USER": "1000000/min",
               # One player creates every match, and its token holds every client.
               "RATE_MATCH_CREATIONS": "1000000/min",
               **{f"QUOTA_{quota}": str(max(args.clients)) for quota in (
                   "UNFINISHED_MATCHES", "OPEN_MATCHES", "WAITING_REQUESTS_PER_TOKEN",
                   "WAITING_REQUESTS_PER_USER")}}
        stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
        for clients in args.clients:
            server, base_url = serve(env, log)
            try:
                figures = asyncio.run(measure(base_url, server.pid, clients, args.mode, args.sample))
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
            print(json.dumps({"notifier": args.notifier, **figures}), flush=True)
    finally:
        stack.drop_database(args.database_url, name)


if __name__ == "__main__":
    main()

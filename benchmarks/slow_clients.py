"""How long a normal request waits while slow clients hold connections open.

    python benchmarks/slow_clients.py [--connections 0 8 200] [--kinds silent slowloris]
                                      [--hold 12] [--server-args "--keep-alive 5" ...]
                                      [--database-url postgres://…]

Starts ``make serve``'s server (gunicorn with uvicorn workers, ``config/gunicorn.conf.py``,
two processes) on a PostgreSQL database of its own, then for each kind and count opens
that many slow connections to it: ``silent`` ones connect and send nothing, ``slowloris``
ones send a request line and then one more header line every 2 s, never ending the
headers, and ``idle`` ones send one whole request, read its answer and then stay silent on
the kept-alive connection. While they are held (``--hold`` seconds) a probe sends a normal request on a
fresh connection every second, alternating ``GET /healthz`` and an authenticated
``GET /api/v1/tokens``, and times it from connect to the end of the answer. Printed per
server setting (``--server-args``: gunicorn options added to ``make serve``'s, the
default being ``make serve`` as it is; ``--server-nofile``: its open-file limit): the
probes' median and worst time, any that failed, and how many of the slow connections the
server closed by itself while held.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, free ports, the server's command line)

SLOWLORIS_EVERY = 2.0  # seconds between a slowloris connection's header lines
PROBE_EVERY = 1.0
PROBE_TIMEOUT = 30.0


@dataclass
class Figures:
    """One scenario's probe times (seconds) by request, failures, and server-closed counts."""

    times: dict[str, list[float]] = field(default_factory=lambda: {"healthz": [], "auth": []})
    failures: list[str] = field(default_factory=list)
    closed_by_server: int = 0


async def hold(host: str, port: int, kind: str, until: float, figures: Figures) -> None:
    """One slow connection until ``until`` (loop time); counts it if the server closes it."""
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError as error:
        figures.failures.append(f"slow connect: {error!r}")
        return
    loop = asyncio.get_running_loop()
    try:
        if kind == "slowloris":
            writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n".encode())
        elif kind == "idle":  # one whole request and its answer, then silence on a kept-alive connection
            writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            length = next(int(line.split(b":")[1]) for line in head.lower().split(b"\r\n")
                          if line.startswith(b"content-length:"))
            await reader.readexactly(length)
    except (OSError, asyncio.IncompleteReadError) as error:
        figures.failures.append(f"{kind} connection: {error!r}")
        writer.close()
        return
    eof = asyncio.ensure_future(reader.read())  # b"" or an answer (400, 408): closed by the server
    try:
        line = 0
        while loop.time() < until and not eof.done():
            await asyncio.wait([eof], timeout=min(SLOWLORIS_EVERY, until - loop.time()))
            if kind == "slowloris" and not eof.done():
                line += 1
                writer.write(f"X-Slow-{line}: {line}\r\n".encode())
        if eof.done():
            figures.closed_by_server += 1
    except OSError:
        figures.closed_by_server += 1
    finally:
        eof.cancel()
        writer.close()


async def probe(host: str, port: int, path: str, headers: str) -> tuple[float, str]:
    """Seconds from connect to the end of the answer, and its status line."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{headers}Connection: close\r\n\r\n".encode())
        answer = await reader.read()  # to EOF: Connection: close
    finally:
        writer.close()
    return time.perf_counter() - started, answer.split(b"\r\n", 1)[0].decode(errors="replace")


async def scenario(host: str, port: int, token: str, kind: str, count: int, seconds: float) -> Figures:
    figures = Figures()
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    holders = [asyncio.ensure_future(hold(host, port, kind, until, figures)) for _ in range(count)]
    await asyncio.sleep(0.5)  # the slow connections connect first
    requests = {"healthz": ("/healthz", ""), "auth": ("/api/v1/tokens", f"Authorization: Bearer {token}\r\n")}
    turn = 0
    while loop.time() < until - PROBE_EVERY:
        name = ("healthz", "auth")[turn % 2]
        turn += 1
        path, headers = requests[name]
        try:
            took, status = await asyncio.wait_for(probe(host, port, path, headers), PROBE_TIMEOUT)
        except (OSError, TimeoutError) as error:
            figures.failures.append(f"{name}: {error!r}")
        else:
            figures.times[name].append(took)
            if " 200 " not in status + " ":
                figures.failures.append(f"{name}: {status}")
        await asyncio.sleep(PROBE_EVERY)
    await asyncio.gather(*holders)
    return figures


def milliseconds(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{1000 * statistics.median(values):.0f} / {1000 * max(values):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--connections", type=int, nargs="+", default=[0, 8, 200])
    parser.add_argument("--kinds", nargs="+", choices=["silent", "slowloris", "idle"],
                        default=["silent", "slowloris", "idle"])
    parser.add_argument("--hold", type=float, default=12.0, help="seconds each scenario holds them")
    parser.add_argument("--server-args", action="append", default=None,
                        help="gunicorn options added to make serve's (repeat to compare settings)")
    parser.add_argument("--server-nofile", type=int, default=None,
                        help="the server's open-file limit (ulimit -n); default: this shell's hard limit")
    parser.add_argument("--database-url", default=stack.DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]

    name = f"hearts_slow_clients_{os.getpid()}"
    database_url = stack.create_database(args.database_url, name)
    log_dir = Path(tempfile.mkdtemp(prefix="slow-clients-"))
    env = {**stack.service_env(database_url), "THROTTLE_USER": "1000000/min", "THROTTLE_ANON": "1000000/min"}
    print("| server setting | slow connections | probes: /healthz p50 / max (ms) | "
          "authenticated GET p50 / max (ms) | failed probes | closed by the server |")
    print("|---|---|---|---|---|---|")
    try:
        stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
        for number, setting in enumerate(args.server_args or [""]):
            # The server inherits the limit it starts with; the clients here need the hard one.
            resource.setrlimit(resource.RLIMIT_NOFILE, (args.server_nofile or hard, hard))
            try:
                server, base_url = stack.start_gunicorn(env, log_dir, extra=shlex.split(setting))
            finally:
                resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            try:
                token = httpx.post(f"{base_url}/api/v1/players", timeout=30,
                                   json={"username": f"slow{os.getpid()}_{number}"}).json()["token"]
                host, port = "127.0.0.1", int(base_url.rsplit(":", 1)[1])
                for kind in args.kinds:
                    for count in args.connections:
                        if count == 0 and kind != args.kinds[0]:
                            continue  # no slow connection is the same scenario for every kind
                        figures = asyncio.run(scenario(host, port, token, kind, count, args.hold))
                        label = f"{count} {kind}" if count else "none"
                        print(f"| {setting or 'make serve'} | {label} | "
                              f"{milliseconds(figures.times['healthz'])} | "
                              f"{milliseconds(figures.times['auth'])} | {len(figures.failures)} | "
                              f"{figures.closed_by_server}/{count} |", flush=True)
                        for failure in figures.failures[:3]:
                            print(f"  failed: {failure}", file=sys.stderr)
            finally:
                server.stop()
    finally:
        stack.drop_database(args.database_url, name)


if __name__ == "__main__":
    main()

"""How long a player waits for the bots' replies while bot-only matches keep the worker busy.

    python benchmarks/fairness.py [--bot-matches 6] [--think-ms 1000] [--plays 10]
                                  [--root DIR] [--database-url postgres://…] [--broker-url redis://…]

Starts gunicorn (one uvicorn worker) and one Celery worker with 2 processes, as ``make
serve`` and ``make worker`` do (no beat), on a PostgreSQL database of its own, from the
code in ``--root`` (default: this checkout; give an older checkout to compare, it is run
with this venv). It creates ``--bot-matches`` matches of four expert bots thinking
``--think-ms`` and no delay, then one match of a player (north, over HTTP) and three easy
bots, and plays ``--plays`` of north's cards. For each, it prints the wait from north's
play to the first bot's card after it (both times the events' own, written in their
transactions), and the player's match's events per minute.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, free ports, ready checks)
from tests.e2e.helpers import ApiClient, choose_move, submit  # noqa: E402

EXPERTS = [{"kind": "bot", "level": "expert"}] * 4
PLAYER = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3


def _start(name: str, argv: list[str], root: Path, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:
        return subprocess.Popen(argv, cwd=root, env={**env, "PYTHONPATH": str(root)}, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def _waits(client: ApiClient, match_id: str, plays: int) -> tuple[list[float], float]:
    """Play ``plays`` of north's cards; the seconds from each to the next bot card, and the
    match's events per minute over the whole run."""
    waits: list[float] = []
    started, first_version = time.monotonic(), None
    version = 0
    while len(waits) < plays:
        view = client.ok("GET", f"/matches/{match_id}/view")
        first_version = first_version if first_version is not None else view["version"]
        if view["status"] == "finished":
            break
        if not view["is_your_turn"]:
            client.ok("GET", f"/matches/{match_id}/events",
                      params={"after": view["version"], "limit": 1, "wait": 30})
            continue
        move = choose_move(view)
        response = submit(client, match_id, move)
        assert response.status_code == 200, response.text
        version = response.json()["version"]
        if move[0] != "play":
            continue
        played_at = None
        while True:
            page = client.ok("GET", f"/matches/{match_id}/events",
                             params={"after": version - 1, "limit": 100, "wait": 30})
            events = page["events"]
            mine = next((e for e in events if e["seq"] == version), None)
            played_at = played_at or (mine and datetime.fromisoformat(mine["at"]))
            reply = next((e for e in events if e["type"] == "card_played" and e["seq"] > version), None)
            if reply is not None:
                assert played_at is not None
                waits.append((datetime.fromisoformat(reply["at"]) - played_at).total_seconds())
                break
            version = max(version, events[-1]["seq"]) if events else version
    final = client.ok("GET", f"/matches/{match_id}/view")["version"]
    minutes = (time.monotonic() - started) / 60
    return waits, (final - (first_version or 0)) / minutes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot-matches", type=int, default=6)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--plays", type=int, default=10)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--database-url", default=stack.postgres_server_url())
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/7")
    args = parser.parse_args()
    root = args.root.resolve()
    name = f"hearts_fairness_{os.getpid()}"
    database_url = stack.create_database(args.database_url, name)
    env = stack.service_env(database_url, args.broker_url)
    processes: list[subprocess.Popen[bytes]] = []
    logs = Path(tempfile.mkdtemp(prefix="fairness-"))
    try:
        subprocess.run([str(stack.BIN / "python"), "manage.py", "migrate", "-v", "0"], cwd=root,
                       env={**env, "PYTHONPATH": str(root)}, check=True)
        stack.purge_broker(args.broker_url)
        port = stack.free_port()
        processes.append(_start("web", [str(stack.BIN / "gunicorn"), "config.asgi", "--worker-class",
                                        "uvicorn_worker.UvicornWorker", "--bind", f"127.0.0.1:{port}",
                                        "--workers", "1", "--no-control-socket"],
                                root, env, logs / "web.log"))
        processes.append(_start("worker", [str(stack.BIN / "celery"), "-A", "config", "worker",
                                           "--concurrency", "2", "-l", "WARNING"],
                                root, env, logs / "worker.log"))
        base_url = f"http://127.0.0.1:{port}"
        stack.wait_until(lambda: httpx.get(f"{base_url}/healthz", timeout=5).status_code == 200,
                         timeout=60, what="the server")
        time.sleep(5)  # the worker's start-up
        client = ApiClient.register(base_url, "fair")
        for _ in range(args.bot_matches):
            client.create_match(EXPERTS, bots={"think_ms": args.think_ms, "delay_ms": 0})
        time.sleep(3)  # the bot-only matches are under way
        match = client.create_match(PLAYER, {"pass_rotation": ["hold"]})
        waits, per_minute = _waits(client, match["id"], args.plays)
        print(f"code: {root} ({args.bot_matches} bot-only matches of experts at think_ms "
              f"{args.think_ms}, a worker of 2 processes)")
        print("waits for a bot's reply (s): " + ", ".join(f"{w:.2f}" for w in waits))
        print(f"median {statistics.median(waits):.2f} s, max {max(waits):.2f} s, "
              f"mean {statistics.fmean(waits):.2f} s; the player's match: {per_minute:.0f} events a minute")
    finally:
        for process in reversed(processes):
            try:
                os.killpg(process.pid, 15)
                process.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(process.pid, 9)
        stack.purge_broker(args.broker_url)
        stack.drop_database(args.database_url, name)


if __name__ == "__main__":
    main()

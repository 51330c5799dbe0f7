"""How soon after a player's turn deadline the stand-in moves.

    python benchmarks/turn_timeouts.py [--matches 1 20] [--timeout 5]
                                       [--database-url postgres://…] [--broker-url redis://…]

Starts the production set-up (gunicorn with uvicorn workers, a Celery worker, no beat: so
every stand-in move comes from the ticket its commit sent, due at the deadline, none from
beat's tick) on a PostgreSQL database of its own. For each count, it creates that many matches
at once, each with a silent player north, three easy bots and ``turn_timeout_s``, reads
each view's ``turn_deadline``, and when the stand-ins have passed for north, prints the
delay from each deadline to the stand-in's ``cards_passed`` (the event's own time,
written in its transaction).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, free ports, the processes)

SEATS = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3


def stand_in_delay(base_url: str, token: str, timeout_s: int) -> float:
    """Create one match, wait for north's stand-in pass; seconds from deadline to it."""
    http = httpx.Client(base_url=f"{base_url}/api/v1", timeout=60,
                        headers={"Authorization": f"Bearer {token}"})
    summary = http.post("/matches", json={"seats": SEATS, "rules": {"pass_rotation": ["left"]},
                                          "turn_timeout_s": timeout_s}).json()
    deadline = datetime.fromisoformat(http.get(f"/matches/{summary['id']}/view").json()["turn_deadline"])
    after = summary["version"]
    for _ in range(10):
        body = http.get(f"/matches/{summary['id']}/events", params={"after": after, "wait": 10}).json()
        for event in body["events"]:
            if event["type"] == "cards_passed" and event["seat"] == "north":
                assert event["auto"] is True
                return (datetime.fromisoformat(event["at"]) - deadline).total_seconds()
        after = body["version"]
    raise RuntimeError(f"no stand-in pass in match {summary['id']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[1, 20])
    parser.add_argument("--timeout", type=int, default=5, help="turn_timeout_s (5..86400)")
    parser.add_argument("--database-url", default=stack.DEFAULT_DATABASE_URL)
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/7")
    args = parser.parse_args()

    name = f"hearts_bench_timeouts_{os.getpid()}"
    database_url = stack.create_database(args.database_url, name)
    log_dir = Path(tempfile.mkdtemp(prefix=name))
    env = {**stack.service_env(database_url, args.broker_url),
           "THROTTLE_ANON": "1000000/min", "THROTTLE_USER": "1000000/min"}
    try:
        stack.manage_ok(["migrate", "--noinput", "-v", "0"], env)
        stack.purge_broker(args.broker_url)
        server, base_url = stack.start_gunicorn(env, log_dir)
        worker = stack.start_celery_worker(env, log_dir, args.broker_url)
        try:
            for count in args.matches:
                tokens = [httpx.post(f"{base_url}/api/v1/players",
                                     json={"username": f"silent{count}_{i}_{time.time_ns()}"}
                                     ).json()["token"] for i in range(count)]
                with ThreadPoolExecutor(count) as pool:
                    delays = sorted(pool.map(lambda t: stand_in_delay(base_url, t, args.timeout),
                                             tokens))
                print(json.dumps({
                    "matches": count, "turn_timeout_s": args.timeout,
                    "delay_ms_p50": round(1000 * statistics.median(delays)),
                    "delay_ms_max": round(1000 * delays[-1]),
                    "delay_ms_min": round(1000 * delays[0])}), flush=True)
        finally:
            worker.stop()
            server.stop()
    finally:
        stack.drop_database(args.database_url, name)


if __name__ == "__main__":
    main()

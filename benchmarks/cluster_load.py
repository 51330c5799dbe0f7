"""What spreading the web tier over hosts costs and gives, on the cluster of
tests/e2e/cluster.py (network namespaces on this machine; needs root), with two processes
on each web host.

    sudo .venv/bin/python benchmarks/cluster_load.py [--matches 16] [--clients 8] [--hands 4]
                                                     [--commands 60] [--json]

1. The play workload of benchmarks/api_load.py (``--matches`` matches of four HTTP players,
   ``--clients`` clients, ``--hands`` hands each): straight to one web host, then through
   HAProxy balancing over one, two and three web hosts. Requests per second, and p50/p99
   of a view, a pass and a play.
2. Delivery: two players of one match send ``--commands`` commands through web host 2
   while two followers stream the match, one from web host 2 and one from web host 1; for
   each command, the milliseconds from sending it to each follower's receiving its first
   event (Redis pub/sub carries it between the hosts).
3. Failover: clients play and follow three matches through HAProxy, every connection
   opened on web host 1; once play is under way HAProxy balances over all three again and
   web host 1 is killed at once; the seconds until each follower's next event (a command cut
   off there runs again once its ``Idempotency-Key`` has been in flight 5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from api_load import Recorder, set_up, summary, workload  # noqa: E402

from tests.e2e import cluster  # noqa: E402
from tests.e2e.helpers import ApiClient, choose_move, submit  # noqa: E402

# Generous rates: the load, not the throttles, is measured (every request comes from
# HAProxy's one address).
RATES = {"THROTTLE_ANON": "1000000/min", "THROTTLE_USER": "1000000/min",
         "RATE_MATCH_CREATIONS": "1000000/min", "LOG_LEVEL": "ERROR"}


async def _load(base_url: str, args: argparse.Namespace) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=args.clients + 8, keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=base_url, timeout=httpx.Timeout(60), limits=limits) as http:
        tables = await set_up(http, args.matches)
        recorder = Recorder()
        wall = await workload(http, tables, args.clients, args.hands, args.seed, recorder)
    found = summary(recorder.samples, ["view", "pass", "play"], wall)
    return {"requests_per_s": found["requests_per_s"], "errors": found["errors"],
            **{f"{kind}_p50_p99_ms": [found["kinds"][kind]["p50_ms"], found["kinds"][kind]["p99_ms"]]
               for kind in ("view", "pass", "play")}}


def load(made: cluster.Cluster, args: argparse.Namespace) -> dict[str, Any]:
    rows = {"web1 direct": asyncio.run(_load(made.web_urls["web1"], args))}
    for count in (1, 2, 3):
        made.balance_over(count)
        rows[f"HAProxy over {count}"] = asyncio.run(_load(made.base_url, args))
    return rows


def delivery(made: cluster.Cluster, args: argparse.Namespace) -> dict[str, Any]:
    made.balance_over(3)
    via = made.web_urls["web2"]
    north, east = (ApiClient.register(via, "delivery") for _ in range(2))
    match_id = north.create_match([{"kind": "player"}, {"kind": "open"}, {"kind": "bot", "level": "easy"},
                                   {"kind": "bot", "level": "easy"}], {"max_hands": 20})["id"]
    east.ok("POST", f"/matches/{match_id}/join", json={})
    followers = {name: cluster.Follower(made.web_urls[name], north.token or "", match_id)
                 for name in ("web2", "web1")}
    for follower in followers.values():  # until the process ends: the match goes on
        threading.Thread(target=follower.run, daemon=True).start()
    time.sleep(1)
    sent: list[tuple[float, int]] = []  # (when sent, the command's first event's seq)
    finished = False
    while len(sent) < args.commands and not finished:
        for player in (north, east):
            view = player.view(match_id).json()
            finished = view["status"] == "finished"
            if view["is_your_turn"] and not finished:
                started = time.monotonic()
                answer = submit(player, match_id, choose_move(view))
                if answer.status_code == 200:
                    sent.append((started, answer.json()["events"][0]["seq"]))
        time.sleep(0.005)
    time.sleep(1)
    found = {}
    for name, follower in followers.items():
        arrived = dict(zip(follower.seqs, follower.arrived, strict=True))
        delays = sorted(1000 * (arrived[seq] - at) for at, seq in sent if seq in arrived)
        found[f"follower on {name}"] = {
            "commands": len(delays), "p50_ms": round(statistics.median(delays), 1),
            "p99_ms": round(delays[min(len(delays) - 1, int(0.99 * len(delays)))], 1)}
    return found


def failover(made: cluster.Cluster) -> list[float]:
    made.balance_over(1)  # every connection to web1, then back over three as it dies
    tables = [cluster.table(made.base_url) for _ in range(3)]
    resumed: list[float] = []

    def kill_web1(followers: list[cluster.Follower]) -> None:
        resumed.extend(cluster.kill_under_way(made, "web1", followers))

    cluster.play_tables(made, tables, itertools.repeat(made.base_url), kill_web1)
    made.start_web("web1")
    return sorted(round(seconds, 3) for seconds in resumed)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=16)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--commands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reason = cluster.unavailable()
    if reason:
        raise SystemExit(f"cannot start the cluster: {reason}")
    with tempfile.TemporaryDirectory() as logs, cluster.cluster(Path(logs), web_workers=2, **RATES) as made:
        result = {"load": load(made, args), "delivery": delivery(made, args),
                  "failover_s": failover(made)}
    if args.json:
        print(json.dumps(result))
        return
    print("| path | req/s | view p50 / p99 ms | pass p50 / p99 ms | play p50 / p99 ms | errors |")
    print("|---|---|---|---|---|---|")
    for path, row in result["load"].items():
        print(f"| {path} | {row['requests_per_s']} | " + " | ".join(
            "{} / {}".format(*row[f"{kind}_p50_p99_ms"]) for kind in ("view", "pass", "play"))
            + f" | {row['errors'] or 'none'} |")
    for name, row in result["delivery"].items():
        print(f"delivery, {name}: p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms "
              f"({row['commands']} commands sent through web2)")
    print(f"failover: each follower's next event after web1 died: {result['failover_s']} s")


if __name__ == "__main__":
    main()

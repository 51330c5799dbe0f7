"""How long an analysis waits after the worker weighing its hand is killed.

    python benchmarks/analysis_recovery.py [--work 12000000] [--kill-after 12] [--root DIR]
                                           [--database-url postgres://…] [--broker-url redis://…]

Starts gunicorn, a Celery worker of 2 processes and beat on a PostgreSQL database of its
own, from the code in ``--root`` (default: this checkout; give an older checkout to
compare, it runs with this venv), with ``ANALYSIS_WORK`` set to ``--work`` units a
decision so that a hand is weighed for some seconds. A player finishes a lesson's match
and asks for its analysis; ``--kill-after`` seconds after the hand is claimed, the worker
and its processes are killed (SIGKILL) and a new worker started. Prints the seconds from
the kill to the analysis ``done``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, processes, ready checks)
from tests.e2e.helpers import ApiClient  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=int, default=12_000_000)
    parser.add_argument("--kill-after", type=float, default=12.0)
    stack.add_deployment_arguments(parser)
    args = parser.parse_args()
    root = args.root.resolve()
    name = f"hearts_recovery_{os.getpid()}"
    with stack.scratch_deployment(args.database_url, args.broker_url, root, name,
                                  ANALYSIS_WORK=str(args.work)) as (env, log_dir, processes):
        worker = stack.start_celery_worker(env, log_dir, args.broker_url, cwd=root)
        processes.append(worker)
        web, base_url = stack.start_gunicorn(env, log_dir, cwd=root)
        processes.append(web)
        processes.append(stack.start_celery_beat(env, log_dir, cwd=root))
        player = ApiClient.register(base_url, "analysed")
        match_id = player.ok("POST", "/lessons/queen-of-spades/attempts", 201)["id"]
        player.ok("POST", f"/matches/{match_id}/play", json={"card": "2S"})
        player.ok("POST", f"/matches/{match_id}/analysis", 202)

        def status() -> str:
            return str(player.ok("GET", f"/matches/{match_id}/analysis")["status"])

        stack.wait_until(lambda: status() == "running", timeout=60, what="the hand claimed",
                         interval=0.1)
        time.sleep(args.kill_after)
        if status() != "running":
            sys.exit(f"the hand was weighed within {args.kill_after} s: give more --work")
        os.killpg(worker.popen.pid, signal.SIGKILL)  # type: ignore[union-attr]
        killed = time.monotonic()
        again = log_dir / "again"  # the killed worker's log kept
        again.mkdir()
        processes.append(stack.start_celery_worker(env, again, args.broker_url, cwd=root))
        stack.wait_until(lambda: status() == "done", timeout=600, what="the analysis done",
                         interval=0.5)
        print(f"code: {root}; {args.work:,} units a decision, the worker killed "
              f"{args.kill_after} s after the claim")
        print(f"the analysis was done {time.monotonic() - killed:.1f} s after the kill")


if __name__ == "__main__":
    main()

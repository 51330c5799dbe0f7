"""A noisy neighbour against a victim on a deployment of its own: the victim's bot replies
and views alone, then while one player tries to take more than every quota allows.

    python benchmarks/noisy_neighbour.py [--plays 40] [--root DIR]
                                         [--database-url postgres://…] [--broker-url redis://…]

Starts gunicorn (2 uvicorn workers, ``make serve``'s settings) and a Celery worker of 2
processes on a PostgreSQL database of its own, from the code in ``--root`` (default: this
checkout; give an older checkout to compare, it runs with this venv). The victim plays
``--plays`` cards against three easy bots alone, then as many while the abuser
(``tests/e2e/noisy.py``) runs; prints the victim's bot reply and view p50/p99 of each
phase and the abuser's refusals by quota.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import stack  # noqa: E402  (databases, free ports, ready checks)
from tests.e2e.helpers import ApiClient  # noqa: E402
from tests.e2e.noisy import EASY, HOLD, Abuser, victim_plays  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=40)
    stack.add_deployment_arguments(parser)
    args = parser.parse_args()
    root = args.root.resolve()
    name = f"hearts_noisy_{os.getpid()}"
    with stack.scratch_deployment(args.database_url, args.broker_url, root, name) as (
            env, log_dir, processes):
        processes.append(stack.start_celery_worker(env, log_dir, args.broker_url, cwd=root))
        web, base_url = stack.start_gunicorn(env, log_dir, cwd=root)
        processes.append(web)
        time.sleep(3)  # the worker's processes measure their pace
        victim = ApiClient.register(base_url, "victim")
        match_id = victim.create_match(EASY, HOLD)["id"]
        victim_plays(victim, match_id, 8)  # warming the stack up
        alone = victim_plays(victim, match_id, args.plays)
        abuser = Abuser(base_url)
        abuser.start()
        try:
            time.sleep(2)
            loaded = victim_plays(victim, match_id, args.plays)
        finally:
            abuser.stop()
        print(f"code: {root}; the victim: {args.plays} plays against three easy bots a phase")
        print(f"alone:           {alone.line()}")
        print(f"with the abuser: {loaded.line()}")
        print("the abuser's refusals: " + ", ".join(
            f"{quota} {count}" for quota, count in sorted(abuser.refused.items())))
        print("the abuser's accepted requests: " + ", ".join(
            f"{what} {count}" for what, count in sorted(abuser.accepted.items())))


if __name__ == "__main__":
    main()

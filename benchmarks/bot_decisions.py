"""A bot decision's CPU by level, and so the decisions one worker core makes a second
(docs/scale-out.md): four bots of the level play whole hands (``bots.arena.play_table``,
the expert at its default budget); a forced play (one legal card) is not counted, as the
worker makes it without asking the strategy.

    .venv/bin/python benchmarks/bot_decisions.py [--hands 20] [--expert-hands 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.arena import play_table, set_pace  # noqa: E402
from bots.strategies import DEFAULT_BUDGET_MS, LEVELS, SEARCHING_LEVELS  # noqa: E402
from games.engine import PassDirection  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--expert-hands", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    set_pace(None, searching=True)
    print("| level | decisions | CPU ms median / p99 / mean | decisions a second per core |")
    print("|---|---|---|---|")
    for level in LEVELS:
        hands = args.expert_hands if level in SEARCHING_LEVELS else args.hands
        cpu: list[float] = []
        for hand in range(hands):
            table = play_table(args.seed + hand, PassDirection.LEFT, [level] * 4, DEFAULT_BUDGET_MS)
            cpu += [ms for seat in table.decision_cpu_ms for ms in seat]
        cpu.sort()
        mean = statistics.mean(cpu)
        print(f"| {level} | {len(cpu)} | {statistics.median(cpu):.3f} / "
              f"{cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))]:.3f} / {mean:.3f} | {1000 / mean:,.0f} |")


if __name__ == "__main__":
    main()

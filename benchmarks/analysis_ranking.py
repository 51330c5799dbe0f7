"""Whether the analysis ranks the bot levels it knows, and what it and a hint cost.

    python benchmarks/analysis_ranking.py [--deals 100] [--field hard] [--work 50000]
                                          [--hint-ms 200]

Each deal is played once per level with that level in one seat (the deal's index mod 4) and
``--field`` in the other three, on the pure engine; the analysis (``bots.analysis``, at
``--work`` units a decision) weighs that seat's decisions. Prints each level's mean loss per
decision and blunders per hand, each step's difference with its 95% interval (paired by
deal), and the CPU time of analysing one hand. Then the CPU time of a hint of ``--hint-ms``
at this process's measured pace (as a web process weighs one), over the decisions of the
first 20 deals' expert seats.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.analysis import analyse, choices  # noqa: E402
from bots.appraisal import appraise  # noqa: E402
from bots.arena import play_table  # noqa: E402
from bots.strategies.effort import PACE, reference_work  # noqa: E402
from bots.strategies.expert import calibrate  # noqa: E402
from games.bot_levels import BOT_LEVELS  # noqa: E402
from games.duplicate import deal_of, mean_ci95  # noqa: E402
from games.engine import Seat  # noqa: E402


def one_deal(task: tuple[int, str, str, int]) -> tuple[float, int, int, float]:
    """``(total loss, decisions, blunders, analysis CPU seconds)`` of ``level``'s seat in deal
    ``index`` (seed 1) against ``field``."""
    index, level, field, work = task
    seat = Seat(index % 4)
    levels = [field] * 4
    levels[seat] = level
    table = play_table(*deal_of(1, index), levels, 200, work=reference_work(200))
    start = time.process_time()
    decisions = [analyse(view, played, seed=str(index), work=work)
                 for view, played in choices(table.events, seat)]
    spent = time.process_time() - start
    return (sum(d.loss for d in decisions), len(decisions),
            sum(d.blunder for d in decisions), spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--field", default="hard", choices=BOT_LEVELS)
    parser.add_argument("--work", type=int, default=reference_work(200))
    parser.add_argument("--hint-ms", type=float, default=200)
    args = parser.parse_args()
    tasks = [(index, level, args.field, args.work)
             for level in BOT_LEVELS for index in range(args.deals)]
    with multiprocessing.get_context("fork").Pool(os.cpu_count()) as pool:
        results = pool.map(one_deal, tasks, chunksize=1)
    by_level = {level: results[i * args.deals:(i + 1) * args.deals]
                for i, level in enumerate(BOT_LEVELS)}
    print(f"{args.deals} deals against {args.field}, {args.work} work units a decision")
    print(f"{'level':8} {'loss/decision':>14} {'blunders/hand':>14} {'decisions':>10}")
    per_deal = {}
    for level, rows in by_level.items():
        decisions = sum(row[1] for row in rows)
        per_deal[level] = [row[0] / max(row[1], 1) for row in rows]
        print(f"{level:8} {sum(row[0] for row in rows) / decisions:14.3f} "
              f"{statistics.fmean(row[2] for row in rows):14.2f} {decisions:10d}")
    for weaker, stronger in zip(BOT_LEVELS, BOT_LEVELS[1:], strict=False):
        gaps = [a - b for a, b in zip(per_deal[weaker], per_deal[stronger], strict=True)]
        mean, low, high = mean_ci95(gaps)
        print(f"{weaker} - {stronger}: {mean:+.3f} points a decision (95%: {low:+.3f} .. {high:+.3f})")
    cpu = [row[3] for rows in by_level.values() for row in rows]
    print(f"analysis CPU per hand: median {statistics.median(cpu) * 1e3:.0f} ms, "
          f"slowest {max(cpu) * 1e3:.0f} ms")
    hints = hint_cpu_ms(args.hint_ms)
    print(f"hint CPU at {args.hint_ms} ms ({len(hints)} decisions): median "
          f"{statistics.median(hints):.0f} ms, 99th percentile "
          f"{statistics.quantiles(hints, n=100)[98]:.0f} ms, slowest {max(hints):.0f} ms")


def hint_cpu_ms(budget_ms: float) -> list[float]:
    """The CPU milliseconds of a hint at each decision of 20 deals' expert seats, the pace
    calibrated first and updated by each hint, as ``bots.review`` does."""
    calibrate()
    spent = []
    for index in range(20):
        seat = Seat(index % 4)
        table = play_table(*deal_of(1, index), ["expert"] * 4, 200, work=reference_work(200))
        for view, _ in choices(table.events, seat):
            start = time.thread_time()
            appraisal = appraise(view, random.Random(index), PACE.work_for(budget_ms))
            cpu_ms = (time.thread_time() - start) * 1e3
            PACE.observe(appraisal.work, cpu_ms)
            spent.append(cpu_ms)
    return spent


if __name__ == "__main__":
    main()
